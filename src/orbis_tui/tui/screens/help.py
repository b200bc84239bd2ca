"""Help: the keys, how colors are shown, and a short reference with one entry per rule id."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import COLORS
from .. import palette, texts
from ..describe import color_word
from .base import SizeNotice


def help_renderable() -> Group:
    keys = Table.grid(padding=(0, 2))
    keys.add_column(style=palette.KEY, no_wrap=True)
    keys.add_column(ratio=1)
    for key, what in texts.HELP_KEYS:
        keys.add_row(key, what)
    colors = Text()
    for color in COLORS:
        colors.append_text(palette.chip(color, f" {palette.letter(color)} "))
        colors.append(f" {color_word(color)}   ")
    rules = Table.grid(padding=(0, 2))
    rules.add_column(style=palette.ACCENT, no_wrap=True)
    rules.add_column(ratio=1)
    for rule_id, text in texts.RULES:
        rules.add_row(rule_id, text)
    return Group(
        Text(texts.HELP_KEYS_TITLE, style=palette.BOLD),
        keys,
        Text(),
        Text(texts.HELP_COLORS_TITLE, style=palette.BOLD),
        colors,
        Text(texts.HELP_COLORS),
        Text(),
        Text(texts.HELP_RULES_TITLE, style=palette.BOLD),
        rules,
    )


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", texts.KEY["close"]),
    ]

    def __init__(self) -> None:
        super().__init__(classes="help-screen")

    def compose(self) -> ComposeResult:
        yield Static(
            Text(f"{texts.HELP_TITLE} · {texts.HELP_CLOSE}", style=palette.ACCENT),
            classes="help-title",
        )
        with VerticalScroll(id="help-body"):
            yield Static(help_renderable())
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
