"""Notices that can be taken back: a toast about a choice the player has since left
(a warning about one market cell, once the cursor or the game has moved on) goes away
at once instead of staying on screen until its time is up, while every other notice
stays."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel


def show_notice(
    app: App[Any], message: str, *, severity: SeverityLevel = "information", timeout: float
) -> Notification:
    """Show ``message`` as ``app.notify`` does (plain text, no markup) and return the
    notice, for :func:`withdraw_notice`."""
    notice = Notification(message, severity=severity, timeout=timeout, markup=False)
    app.post_message(Notify(notice))
    return notice


def withdraw_notice(app: App[Any], notice: Notification) -> None:
    """Take ``notice`` off the screen now; nothing happens when it is gone already.
    Its time is also made up, so a notice not yet shown never appears."""
    notice.timeout = 0
    app._unnotify(notice)
