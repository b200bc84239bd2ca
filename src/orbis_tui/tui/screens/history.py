"""Every turn of the game so far, grouped by player, in plain words."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import GameState
from ...i18n import gettext as _
from .. import palette, texts, texts_screens
from ..core.history import TurnSummary
from ..widgets.keybar import KeyBar
from .base import SizeNotice


def history_text(turns_by_player: list[list[TurnSummary]], state: GameState) -> Text:
    out = Text(end="")
    for seat, turns in enumerate(turns_by_player):
        if seat:
            out.append("\n\n")
        out.append(f" {state.players[seat].name} ", style=palette.GOD)
        if not turns:
            out.append("\n" + _(texts_screens.HISTORY_NONE), style=palette.DIM)
        for summary in turns:
            out.append("\n")
            out.append(
                _(texts_screens.HISTORY_ROUND).format(round=summary.round), style=palette.DIM
            )
            out.append(
                " " + _(texts_screens.HISTORY_TOOK).format(took=summary.took), style=palette.BOLD
            )
            out.append(" · " + summary.cp_line)
            for line in summary.effects:
                out.append("\n    " + line)
    return out


class HistoryScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,t,q", "close", texts.KEY["close"]),
        Binding("pageup", "scroll(-1)", texts.KEY["scroll"], show=False),
        Binding("pagedown", "scroll(1)", texts.KEY["scroll"]),
    ]

    def __init__(self, turns_by_player: list[list[TurnSummary]], state: GameState) -> None:
        super().__init__(classes="help-screen")
        self.turns_by_player = turns_by_player
        self.state = state

    def compose(self) -> ComposeResult:
        yield Static(
            Text(_(texts_screens.HISTORY_TITLE), style=palette.ACCENT), classes="help-title"
        )
        with VerticalScroll(id="history-body"):
            yield Static(history_text(self.turns_by_player, self.state))
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#history-body").focus()

    def action_scroll(self, direction: int) -> None:
        body = self.query_one("#history-body", VerticalScroll)
        body.scroll_relative(y=direction * max(1, body.size.height - 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
