"""A question with a few answers, asked in a box over the screen.

The text is shown as it is (never read as markup), since it may hold names and paths
that come from files. ←/→ choose an answer, Enter gives it, Esc gives the last one
(which is always the answer that changes nothing, e.g. "stay" or "cancel"): the hint
under the answers and the key bar both name it in its own words ("Esc Stay").
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...i18n import gettext as _
from .. import palette, texts, texts_screens
from ..widgets.choice import Choice
from ..widgets.keybar import KeyBar
from .base import SizeNotice


class QuestionScreen(ModalScreen[int]):
    """Dismissed with the index of the answer chosen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", texts.KEY["cancel"]),
    ]

    def __init__(self, title: str, question: str, answers: list[str], default: int = 0) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.question = question
        self.answers = answers
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog question"):
            yield Static(Text(self.title_text, style=palette.ACCENT), classes="title")
            yield Static(Text(self.question), classes="note")
            yield Choice(self.answers, self.default, id="answer")
            hint = _(texts_screens.QUESTION_HINT).format(
                esc=texts.key_shown("esc"), answer=self.answers[-1]
            )
            yield Static(Text(hint), classes="hint")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#answer", Choice).focus()

    def on_choice_submitted(self, message: Choice.Submitted) -> None:
        message.stop()
        self.dismiss(self.query_one("#answer", Choice).value)

    def key_meaning(self, action: str) -> str | None:
        """What a key does here, for the key bar: Escape gives the last answer."""
        return self.answers[-1] if action == "cancel" else None

    def action_cancel(self) -> None:
        self.dismiss(len(self.answers) - 1)


class QuitQuestion(QuestionScreen):
    """Asks before quitting: q, the key that asked, answers the first answer (quit)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit_now", texts.KEY["quit"], show=False),
    ]

    def action_quit_now(self) -> None:
        self.dismiss(0)


class PathScreen(ModalScreen["str | None"]):
    """Asks for a file's path; dismissed with it, or ``None`` when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", texts.KEY["cancel"]),
    ]

    def __init__(self, title: str, prompt: str, default: str) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.prompt = prompt
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text, style=palette.ACCENT), classes="title")
            yield Static(Text(self.prompt), classes="note")
            yield Input(self.default, id="path")
        yield KeyBar()
        yield SizeNotice()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        value = message.value.strip()
        self.dismiss(value or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
