"""The plain-text seat: Orbis played line by line, for screen readers and Braille
displays (``orbis play --plain``). No cursor movement, no escape sequences: it prints
what happened and the decision sheet (:mod:`orbis_tui.tui.core.sheet`), and reads answers
line by line, so that a script can play it too. Textual is never loaded."""

from __future__ import annotations

from .game import run_plain
from .seat import PlainSeat

__all__ = ["PlainSeat", "run_plain"]
