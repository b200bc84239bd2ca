"""Between two turns: whose turn it is now, and what happened since their last one."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.setup import ROUNDS
from .. import palette, texts
from .base import SizeNotice


class HandOverScreen(ModalScreen[None]):
    """Blocks the table until the next player says they are ready."""

    CSS_PATH = Path(__file__).with_name("dialogs.tcss")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", texts.KEY["ready"]),
        Binding("question_mark", "app.help", texts.KEY["help"]),
        Binding("q", "app.quit", texts.KEY["quit"]),
    ]

    def __init__(
        self, name: str, round_number: int, recent: list[str], resumed: bool = False
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.player_name = name
        self.round_number = round_number
        self.recent = recent
        self.resumed = resumed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handover"):
            yield Static(
                Text(texts.HANDOVER_TITLE.format(name=self.player_name), style=palette.ACCENT),
                classes="title",
            )
            yield Static(
                texts.HANDOVER_ROUND.format(round=self.round_number, rounds=ROUNDS),
                classes="subtitle",
            )
            if self.resumed:
                yield Static(texts.HANDOVER_RESUMED, classes="note")
            if self.recent:
                body = Text(
                    texts.HANDOVER_LAST.format(name=self.player_name) + "\n", style=palette.BOLD
                )
                body.append("\n".join(self.recent), style="")
                yield Static(body, classes="recent")
            yield Static(texts.HANDOVER_PASS.format(name=self.player_name), classes="note")
            yield Static(
                Text(texts.HANDOVER_READY.format(name=self.player_name), style=palette.KEY),
                classes="hint",
            )
        yield SizeNotice()

    def action_ready(self) -> None:
        self.dismiss(None)
