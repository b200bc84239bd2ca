"""Beside the market: the gods still available, temple tokens, tiles left per level."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import GameState, God, GodId
from ...i18n import gettext as _
from ...words import name_of
from .. import palette, texts
from ..core.describe import GOD_KEYS, god_short_name


@dataclass(frozen=True)
class SupplyShown:
    gods: tuple[God, ...]
    temple_tokens: tuple[int, ...]
    piles: tuple[int, ...]
    selected: GodId | None = None
    can_take: bool = True


class SupplyBar(Widget):
    DEFAULT_CSS = """
    SupplyBar { height: 2; width: 1fr; }
    """

    class GodClicked(Message):
        def __init__(self, god: GodId) -> None:
            super().__init__()
            self.god = god

    view: reactive[SupplyShown | None] = reactive(None, layout=False, init=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._god_spans: list[tuple[int, int, int, GodId]] = []  # (line, start, end, god)

    def show(
        self,
        state: GameState,
        selected: GodId | None,
        can_take: bool,
        piles: tuple[int, ...] | None = None,
    ) -> None:
        """``piles``: the tiles left per level, when not ``state``'s (a turn waiting for
        confirmation has drawn its refill, which the table shows only once confirmed)."""
        self.view = SupplyShown(
            tuple(state.catalog.god_by_id[g] for g in state.gods_available),
            tuple(sorted(state.deal.temple_tokens, reverse=True)),
            state.pile_sizes() if piles is None else piles,
            selected,
            can_take,
        )

    def watch_view(self) -> None:
        lines = len(self._lines(self.size.width or 42)) if self.view else 2
        if self.styles.height is None or self.styles.height.value != lines:
            self.styles.height = lines
        self.refresh()

    def on_resize(self) -> None:
        self.watch_view()

    def render(self) -> Text:
        if self.view is None:
            return Text()
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        for i, line in enumerate(self._lines(self.size.width)):
            if i:
                out.append("\n")
            out.append_text(line)
        return out

    def _lines(self, width: int) -> list[Text]:
        """The gods (on one line, or two when their names need it), then the rest."""
        view = self.view
        assert view is not None
        lines: list[Text] = []
        spans: list[tuple[int, int, int, GodId]] = []
        if not view.gods:
            lines.append(Text(_(texts.SUPPLY_NO_GODS), style=palette.DIM))
        else:
            for variant in ("long", "short"):
                rows = self._god_rows(variant, width)
                if len(rows) == 1 or variant == "short":
                    break
            for number, (line, row_spans) in enumerate(rows):
                lines.append(line)
                spans.extend((number, start, end, god) for start, end, god in row_spans)
        self._god_spans = spans
        rest = Text(no_wrap=True, overflow="ellipsis")
        rest.append(_(texts.SUPPLY_TEMPLES) + " ", style=palette.BOLD)
        tokens = "·".join(str(t) for t in view.temple_tokens)
        rest.append(f" {tokens} ", style=palette.TEMPLE)
        rest.append("   " + _(texts.SUPPLY_PILES) + " ", style=palette.BOLD)
        for level, count in enumerate(view.piles, start=1):
            rest.append(
                _(texts.SUPPLY_PILE).format(stars=palette.STARS[level], count=count) + " ",
                style=None if count else palette.DIM,
            )
        lines.append(rest)
        return lines

    def _god_rows(
        self, variant: str, width: int
    ) -> list[tuple[Text, list[tuple[int, int, GodId]]]]:
        """The god chips laid out in rows of ``width``: (line, [(start, end, god)])."""
        view = self.view
        assert view is not None
        rows: list[tuple[Text, list[tuple[int, int, GodId]]]] = []
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(_(texts.SUPPLY_GODS) + " ", style=palette.BOLD)
        spans: list[tuple[int, int, GodId]] = []
        for god in view.gods:
            name = name_of(god) if variant == "long" else god_short_name(god)
            label = f" {name} {god.cp} "
            selected = god.id == view.selected
            style = palette.GOD_SELECTED if selected else palette.GOD
            size = len(GOD_KEYS[god.id]) + len(label) + 1
            if spans and line.cell_len + size > width:
                rows.append((line, spans))
                line, spans = Text(no_wrap=True, overflow="ellipsis"), []
                line.append(" " * len(_(texts.SUPPLY_GODS) + " "))
            start = line.cell_len
            line.append(GOD_KEYS[god.id], style=style if selected else palette.KEY)
            chip = Text(label, style=style)
            if not view.can_take:
                chip.stylize(palette.DIM)
            line.append_text(chip)
            spans.append((start, line.cell_len, god.id))
            line.append(" ")
        rows.append((line, spans))
        return rows

    def on_click(self, event: events.Click) -> None:
        for line, start, end, god in self._god_spans:
            if event.y == line and start <= event.x < end:
                event.stop()
                self.post_message(self.GodClicked(god))
                return
