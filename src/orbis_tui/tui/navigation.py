"""Messages that move the app between screens.

A screen posts one of these to the app (``self.app.post_message(...)``); the app
decides which screen comes next. Screens never call into the app's own methods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from ..records import Match
    from .core.seats import Seat
    from .core.settings import Settings


class StartGame(Message):
    """Set up a new game with these seats, deal and first player."""

    def __init__(self, seats: list[Seat], seed: int, first_player: int) -> None:
        super().__init__()
        self.seats = seats
        self.seed = seed
        self.first_player = first_player


class PlayApart(Message):
    """Deal a table with these seats on a table server, each person at their own screen."""

    def __init__(self, seats: list[Seat]) -> None:
        super().__init__()
        self.seats = seats


class ResumeGame(Message):
    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match


class ShowEnd(Message):
    """The game is over: show the standings."""

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match


class NewGame(Message):
    """Back to the new-game screen."""


class OpenWalkthrough(Message):
    """Open the walkthrough where it was left."""


class SettingsChanged(Message):
    """A setting changed: apply it and keep it. ``settings`` are the ones the dialog
    changed, when they are a screen's own (the walkthrough's, which never confirms a
    turn) rather than the app's."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings
