"""Help: a player's guide, the gods, a market cell explained, the keys, the colors, and a
short reference with one entry per rule id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import COLORS, God
from ...i18n import gettext as _
from ...words import name_of
from .. import chips, palette, texts, texts_help
from ..core.describe import GOD_KEYS, color_word, god_line
from .base import SizeNotice


def help_renderable(gods: Sequence[God] = ()) -> Group:
    """The player's guide first (goal, a turn, the pyramid, effects, gods, scoring, a
    market cell), then the keys, the colors, and one short reference per rule id."""
    parts: list[RenderableType] = []
    for heading, text, refs in texts_help.HELP_GUIDE:
        parts.append(Text(_(heading), style=palette.BOLD))
        body = Text(_(text))
        body.append(" (" + _(texts_help.HELP_RULE_REFS).format(rules=refs) + ")", style=palette.DIM)
        parts += [body, Text()]
    parts.append(Text(_(texts_help.HELP_CELL_TITLE), style=palette.BOLD))
    cell = Table.grid(padding=(0, 2))
    cell.add_column(no_wrap=True)
    cell.add_column(ratio=1, style=palette.DIM)
    for drawing, meaning in texts_help.HELP_CELL:
        cell.add_row(_(drawing), _(meaning))
    parts += [
        cell,
        Text(_(texts_help.HELP_CELL_CROWDED)),
        Text(_(texts_help.HELP_NOTATION)),
        Text(_(texts_help.HELP_PLAYER_MARKS)),
        Text(),
    ]
    if gods:
        parts.append(Text(_(texts_help.HELP_GODS_TITLE), style=palette.BOLD))
        table = Table.grid(padding=(0, 2))
        table.add_column(style=palette.ACCENT, no_wrap=True)
        table.add_column(ratio=1)
        for god in gods:
            points = _(texts.CP_LONG).format(cp=god.cp)
            table.add_row(f"{GOD_KEYS[god.id]} {name_of(god)} ({points})", god_line(god))
        parts += [table, Text()]
    keys = Table.grid(padding=(0, 2))
    keys.add_column(style=palette.KEY, no_wrap=True)
    keys.add_column(ratio=1)
    for key, what in texts_help.HELP_KEYS:
        keys.add_row(_(key), _(what))
    legend: list[Text] = []
    for color in COLORS:
        item = chips.chip(color, f" {chips.letter(color)} ")
        key, own = chips.KEYS[color], chips.own_key(color)  # r b o g w work in every language
        said = (
            _(texts_help.HELP_COLOR_KEY).format(color=color_word(color), key=key)
            if own is None
            else _(texts_help.HELP_COLOR_KEYS).format(color=color_word(color), own=own, key=key)
        )
        item.append(" " + said)
        legend.append(item)
    # Columns keep each color's item whole on one line: a line of text wrapped inside one.
    colors = Columns(legend, padding=(0, 3))
    rules = Table.grid(padding=(0, 2))
    rules.add_column(style=palette.DIM, no_wrap=True)
    rules.add_column(ratio=1)
    for rule_id, text in texts_help.RULES:
        rules.add_row(rule_id, _(text))
    parts += [
        Text(_(texts_help.HELP_KEYS_TITLE), style=palette.BOLD),
        keys,
        Text(),
        Text(_(texts_help.HELP_COLORS_TITLE), style=palette.BOLD),
        colors,
        Text(_(texts_help.HELP_COLORS)),
        Text(),
        Text(_(texts_help.HELP_RULES_TITLE), style=palette.BOLD),
        rules,
    ]
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", texts.KEY["close"]),
    ]

    def __init__(self, gods: Sequence[God] = ()) -> None:
        super().__init__(classes="help-screen")
        self.gods = gods

    def compose(self) -> ComposeResult:
        yield Static(
            Text(f"{_(texts_help.HELP_TITLE)} · {_(texts_help.HELP_CLOSE)}", style=palette.ACCENT),
            classes="help-title",
        )
        with VerticalScroll(id="help-body"):
            yield Static(help_renderable(self.gods))
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
