"""Beside the market: the gods still available, temple tokens, tiles left per level."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...engine import GameState, GodId
from .. import palette, texts
from ..describe import GOD_KEYS


class SupplyBar(Widget):
    DEFAULT_CSS = """
    SupplyBar { height: 2; width: 1fr; }
    """

    class GodClicked(Message):
        def __init__(self, god: GodId) -> None:
            super().__init__()
            self.god = god

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: GameState | None = None
        self.selected: GodId | None = None
        self.can_take = True
        self._god_spans: list[tuple[int, int, int, GodId]] = []  # (line, start, end, god)
        self._key: object = None

    def show(
        self, state: GameState, selected: GodId | None, can_take: bool, version: object = None
    ) -> None:
        key = (version, selected, can_take)
        if version is not None and key == self._key and state is self.state:
            return
        self._key = key
        self.state = state
        self.selected = selected
        self.can_take = can_take
        self.refresh()

    def render(self) -> Text:
        state = self.state
        if state is None:
            return Text()
        width = self.size.width
        gods, spans = self._gods_line(state, "long")
        for variant in ("short", "tiny"):
            if gods.cell_len <= width:
                break
            gods, spans = self._gods_line(state, variant)
        self._god_spans = spans
        rest = Text(no_wrap=True, overflow="ellipsis")
        rest.append(texts.SUPPLY_TEMPLES + " ", style=palette.BOLD)
        tokens = "·".join(str(t) for t in sorted(state.deal.temple_tokens, reverse=True))
        rest.append(f" {tokens} ", style=palette.TEMPLE)
        rest.append("   " + texts.SUPPLY_PILES + " ", style=palette.BOLD)
        for level, count in enumerate(state.pile_sizes(), start=1):
            rest.append(
                texts.SUPPLY_PILE.format(stars=palette.STARS[level], count=count) + " ",
                style=None if count else palette.DIM,
            )
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        out.append_text(gods)
        out.append("\n")
        out.append_text(rest)
        return out

    def _gods_line(
        self, state: GameState, variant: str
    ) -> tuple[Text, list[tuple[int, int, int, GodId]]]:
        gods = Text(no_wrap=True, overflow="ellipsis")
        spans: list[tuple[int, int, int, GodId]] = []
        if not state.gods_available:
            gods.append(texts.SUPPLY_NO_GODS, style=palette.DIM)
            return gods, spans
        gods.append(texts.SUPPLY_GODS + " ", style=palette.BOLD)
        for god in state.gods_available:
            info = state.catalog.god_by_id[god]
            if variant == "long":
                label = f" {info.name} {info.cp} "
            elif variant == "short":
                label = f" {texts.GOD_SHORT.get(god.value, info.name)} {info.cp} "
            else:
                label = f" {info.cp} "
            selected = god == self.selected
            style = palette.GOD_SELECTED if selected else palette.GOD
            start = gods.cell_len
            gods.append(GOD_KEYS[god], style=style if selected else palette.KEY)
            chip = Text(label, style=style)
            if not self.can_take:
                chip.stylize(palette.DIM)
            gods.append_text(chip)
            spans.append((0, start, gods.cell_len, god))
            if variant == "long":
                gods.append(" ")
        return gods, spans

    def on_click(self, event: events.Click) -> None:
        for line, start, end, god in self._god_spans:
            if event.y == line and start <= event.x < end:
                event.stop()
                self.post_message(self.GodClicked(god))
                return
