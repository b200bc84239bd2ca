"""The messages of a table played apart, and a line to say one (the key /).

The lines are shown as text, never read as markup (``[bold]`` shows as typed), and the
screen checks nothing itself: what is typed goes to ``send``, which answers with what
to say to the player (a refusal, a muted seat), or None when the message went out.
A refused message stays in the line, so that nothing typed is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...i18n import gettext as _
from .. import palette, texts
from ..widgets.keybar import KeyBar
from .base import SizeNotice

SHOWN = 12  # the newest messages shown above the line


class ChatScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", texts.KEY["close"]),
    ]

    def __init__(
        self,
        lines: Callable[[], list[str]],
        send: Callable[[str], str | None],
        none: Callable[[], str] | None = None,
    ) -> None:
        """``none``: what to say when no message is shown (nothing said, by default)."""
        super().__init__(classes="dialog-screen")
        self.lines = lines
        self.send = send
        self.none = none

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog chat"):
            yield Static(Text(_(texts.CHAT_TITLE), style=palette.ACCENT), classes="title")
            yield Static(self._said(), id="chat-lines", classes="note")
            yield Input(placeholder=_(texts.CHAT_PLACEHOLDER), id="chat-input")
            yield Static("", id="chat-problem", classes="note")
            yield Static(_(texts.CHAT_HINT), classes="hint")
        yield KeyBar()
        yield SizeNotice()

    def _said(self) -> Text:
        lines = self.lines()[-SHOWN:]
        if not lines:
            said = self.none() if self.none is not None else _(texts.CHAT_NONE)
            return Text(said, style=palette.DIM)
        return Text("\n").join(Text(line) for line in lines)

    def on_mount(self) -> None:
        self.query_one("#chat-input", Input).focus()

    def heard(self) -> None:
        """New messages came: show them."""
        if self.is_mounted:
            self.query_one("#chat-lines", Static).update(self._said())

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        field = self.query_one("#chat-input", Input)
        text = message.value
        if not text.strip():
            return
        problem = self.send(text)
        self.query_one("#chat-problem", Static).update(Text(problem or ""))
        if problem is None or text.startswith("/"):
            field.value = ""
        self.heard()

    def action_close(self) -> None:
        self.dismiss(None)
