"""Every turn played since a player's last one (or while they were away), in full.

The hand-over curtain and the log can only show the last few of them at 80×24; this
view lists each turn whole (what was taken, what its effects did, the CP before →
after, what it made impossible) and what they did to the player, and scrolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import fill
from ...i18n import gettext as _
from .. import palette, texts, texts_screens
from ..core.history import TurnSummary
from ..widgets.keybar import KeyBar
from .base import SizeNotice


def since_text(name: str, turns: Sequence[TurnSummary], to_you: Sequence[str]) -> Text:
    """What ``turns`` did, each whole, after what they did to ``name`` (``to_you``)."""
    out = Text(end="")
    for index, line in enumerate(to_you):
        out.append(("  " if index else "") + line + "\n", style=palette.BOLD if not index else "")
    if to_you:
        out.append("\n")
    for number, summary in enumerate(turns):
        if number:
            out.append("\n")
        out.append(_(texts_screens.HISTORY_ROUND).format(round=summary.round), style=palette.DIM)
        out.append(" " + summary.headline, style=palette.BOLD)
        out.append(" · " + summary.cp_line)
        for line in summary.effects:
            out.append("\n    " + line)
        for line in summary.losses:
            out.append("\n    " + _(texts.PANEL_WARNING).format(message=line), style=palette.BAD)
    return out


class SinceScreen(ModalScreen[None]):
    """The turns since ``name``'s last one (``away``: while they were away)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,d,q", "close", texts.KEY["close"]),
        Binding("pageup,left_square_bracket,minus", "scroll(-1)", texts.KEY["scroll"], show=False),
        Binding("pagedown,right_square_bracket,plus", "scroll(1)", texts.KEY["scroll"]),
    ]

    def __init__(
        self,
        name: str,
        turns: Sequence[TurnSummary],
        to_you: Sequence[str] = (),
        *,
        away: bool = False,
        first: bool = False,
    ) -> None:
        super().__init__(classes="help-screen")
        self.player = name
        self.turns = list(turns)
        self.to_you = list(to_you)
        self.away = away
        self.first = first  # the player has not played yet: the turns so far

    def compose(self) -> ComposeResult:
        template = texts.SINCE_AWAY_TITLE if self.away else texts.SINCE_TITLE
        if self.first and not self.away:
            template = texts.SINCE_FIRST_TITLE
        title = fill(template, name=self.player, count=len(self.turns))
        yield Static(Text(title, style=palette.ACCENT), classes="help-title")
        with VerticalScroll(id="since-body"):
            yield Static(since_text(self.player, self.turns, self.to_you), id="since-text")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#since-body").focus()

    def action_scroll(self, direction: int) -> None:
        body = self.query_one("#since-body", VerticalScroll)
        body.scroll_relative(y=direction * max(1, body.size.height - 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
