"""The 3×3 market drawn as a board: one framed cell per region tile."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ...engine import MARKET_SIDE, MARKET_SIZE, Color, Count, GameState, Tile
from ...i18n import gettext as _
from ...words import name_of
from .. import chips, palette, texts
from ..core.describe import effect_long, effect_short, short_name
from .canvas import Canvas, CanvasWidget

_H = "─"
_V = "│"
_JOINS = {
    (0, 0): "┌",
    (0, 1): "┬",
    (0, 2): "┐",
    (1, 0): "├",
    (1, 1): "┼",
    (1, 2): "┤",
    (2, 0): "└",
    (2, 1): "┴",
    (2, 2): "┘",
}

# The grid's lines across (and down): one more than its cells.
_LINES = MARKET_SIDE + 1


def _join(row: int, col: int) -> str:
    return _JOINS[
        (
            0 if row == 0 else 2 if row == MARKET_SIDE else 1,
            0 if col == 0 else 2 if col == MARKET_SIDE else 1,
        )
    ]


def _fit(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    return text[: max(0, width - 1)] + "…"


@dataclass(frozen=True)
class MarketView:
    """Everything the market shows, as plain values (equal views draw the same)."""

    tiles: tuple[Tile | None, ...]
    worshipers: tuple[Count, ...]
    cursor: int | None = None
    blocked: bool = False  # the market cannot be taken from (a god must be taken)
    removals: tuple[tuple[int, Count], ...] = ()  # a volcano's choice
    generated: tuple[int, ...] = ()  # cells taking the cursor's tile puts a worshiper on
    warned: tuple[int, ...] = ()  # cells whose take the engine warns about
    hidden: tuple[int, ...] = ()  # cells refilled by a turn not yet confirmed


class MarketBoard(CanvasWidget):
    """Renders the market; a click on a cell posts :class:`MarketBoard.CellClicked`."""

    DEFAULT_CSS = """
    MarketBoard { height: 13; width: 1fr; }
    """

    view: reactive[MarketView | None] = reactive(None, layout=False, init=False)

    class CellClicked(Message):
        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._geometry = (0, 0, 13, 3)

    def show(
        self,
        state: GameState,
        cursor: int | None,
        blocked: bool = False,
        removals: dict[int, Count] | None = None,
        generated: tuple[int, ...] = (),
        warned: tuple[int, ...] = (),
        hidden: tuple[int, ...] = (),
    ) -> None:
        self.view = MarketView(
            tuple(state.market),
            tuple(state.market_worshipers),
            cursor,
            blocked,
            tuple(sorted((removals or {}).items())),
            generated,
            warned,
            hidden,
        )

    def watch_view(self) -> None:
        self.redraw()

    # ------------------------------------------------------------ drawing
    def _layout(self) -> tuple[int, int, int, int]:
        width, height = self.size
        cw = max(6, (width - _LINES) // MARKET_SIDE)
        ch = max(1, min(5, (height - _LINES) // MARKET_SIDE))
        bw = MARKET_SIDE * cw + _LINES
        ox = max(0, (width - bw) // 2)
        return ox, 0, cw, ch

    def draw(self, canvas: Canvas) -> None:
        width, height = canvas.width, canvas.height
        view = self.view
        if view is None or width < 4 or height < 4:
            return
        ox, oy, cw, ch = self._layout()
        self._geometry = (ox, oy, cw, ch)
        self._draw_grid(canvas, ox, oy, cw, ch)
        generated: dict[int, Color] = {}
        if view.cursor is not None and not view.blocked:
            tile = view.tiles[view.cursor]
            if tile is not None:
                generated = dict.fromkeys(view.generated, tile.color)
        removals = dict(view.removals)
        for cell in range(MARKET_SIZE):
            row, col = divmod(cell, MARKET_SIDE)
            x = ox + 1 + col * (cw + 1)
            y = oy + 1 + row * (ch + 1)
            hidden = cell in view.hidden
            lines = self._cell_lines(
                None if hidden else view.tiles[cell],
                view.worshipers[cell],
                cw,
                ch,
                generated.get(cell),
                removals.get(cell),
            )
            for i, line in enumerate(lines[:ch]):
                canvas.put(x, y + i, line, width=cw)
            canvas.put(x, y - 1, Text(str(cell + 1), style=palette.BOLD))
            if cell in view.warned:
                canvas.put(x + cw - 1, y - 1, Text("!", style=palette.BAD))
            if view.blocked:
                canvas.restyle(x, y, cw, ch, palette.DIM)
        if view.cursor is not None:
            row, col = divmod(view.cursor, MARKET_SIDE)
            x = ox + col * (cw + 1)
            y = oy + row * (ch + 1)
            accent = palette.CURSOR_BORDER
            canvas.restyle(x, y, cw + 2, 1, accent)
            canvas.restyle(x, y + ch + 1, cw + 2, 1, accent)
            canvas.restyle(x, y, 1, ch + 2, accent)
            canvas.restyle(x + cw + 1, y, 1, ch + 2, accent)
            canvas.put(x + 1, y, Text(f"▶{view.cursor + 1}◀", style=palette.SPOT_CURSOR))
            if view.cursor in view.warned:
                canvas.put(x + cw, y, Text("!", style=palette.BAD))

    @staticmethod
    def _draw_grid(canvas: Canvas, ox: int, oy: int, cw: int, ch: int) -> None:
        border = Style(dim=True)
        for r in range(_LINES):
            y = oy + r * (ch + 1)
            canvas.put(ox, y, _H * (MARKET_SIDE * cw + _LINES), border)
            for c in range(_LINES):
                canvas.put(ox + c * (cw + 1), y, _join(r, c), border)
        for r in range(MARKET_SIDE):
            for i in range(ch):
                y = oy + 1 + r * (ch + 1) + i
                for c in range(_LINES):
                    canvas.put(ox + c * (cw + 1), y, _V, border)

    @staticmethod
    def _cell_lines(
        tile: Tile | None,
        worshipers: Count,
        cw: int,
        ch: int,
        generated: Color | None,
        removed: Count | None,
    ) -> list[Text]:
        if tile is None:
            return [Text(f" {_(texts.TAKEN_CELL)}", style=palette.DIM)]
        roomy = cw >= 16 and ch >= 4
        color = tile.color
        stars = palette.STARS[tile.level]
        cp = _(texts.CP).format(cp=tile.cp) if tile.cp else ""
        head = f" {chips.letter(color)} {stars}"
        room = max(0, cw - len(cp) - 1)
        banner = Text(head[:room].ljust(room) + cp + " ", style=chips.TILE[color])
        banner.stylize(chips.CHIP[color], 0, 2)
        # in words when they fit (a large cell), else as the market's short form: each a
        # whole translated text, never cut at its words (cut only where even it won't fit)
        effect_text = effect_long(tile.effect) if roomy else ""
        if not effect_text or len(effect_text) > cw - 1:
            effect_text = effect_short(tile.effect)
        effect = Text(" " + _fit(effect_text, cw - 1))
        cost = Text(" ")
        cost.append_text(chips.cost_chips(tile.cost, tile.cost_any, _(texts.FREE)))

        def lying(compact: bool, total: bool = False, lying_there: bool = True) -> Text:
            """The worshipers on the tile, with what the choice in progress adds or takes
            (``total``: their number alone, ``5●``, for a crowded cell; without
            ``lying_there``, only what the choice changes)."""
            out = Text()
            number: int = sum(worshipers)
            if not lying_there:
                pass
            elif total and number > 0:
                out.append(f"{number}●")
            else:
                out.append_text(chips.count_chips(worshipers, compact=compact, empty=""))
            if generated is not None:
                out.append_text(Text(f"+1{chips.letter(generated)}", style=palette.ACCENT))
            if removed is not None and any(removed):
                out.append(
                    "−"
                    + "".join(f"{n}{chips.letter(Color(c))}" for c, n in enumerate(removed) if n),
                    style=palette.BAD,
                )
            return out

        # The cost always shows (a cell without it reads as free): the worshipers give way,
        # written shorter, then as their number, then cut.
        on_it = lying(compact=not roomy)
        if cost.cell_len + on_it.cell_len + 1 > cw:
            on_it = lying(compact=True)
        if cost.cell_len + on_it.cell_len + 1 > cw:
            on_it = lying(compact=True, total=True)
        if cost.cell_len + on_it.cell_len + 1 > cw and (generated is not None or removed):
            on_it = lying(compact=True, lying_there=False)  # what changes now matters more
        if cost.cell_len + on_it.cell_len + 1 > cw:
            on_it.truncate(max(0, cw - cost.cell_len - 1), overflow="ellipsis")
        if ch >= 4:
            worship = Text(" ● ", style=palette.DIM)
            worship.append_text(on_it)
            if ch >= 5:
                name = Text(" " + short_name(name_of(tile), cw - 1), style=palette.BOLD)
                return [banner, name, effect, cost, worship]
            return [banner, effect, cost, worship]
        # Compact: cost on the left of the last line, worshipers on its right.
        last = cost
        pad = cw - last.cell_len - on_it.cell_len - 1
        if on_it.cell_len:
            last.append(" " * max(1, pad))
            last.append_text(on_it)
        if ch == 3:
            return [banner, effect, last]
        if ch == 2:
            return [banner, last]
        return [banner]

    # ------------------------------------------------------------ mouse
    def cell_at(self, x: int, y: int) -> int | None:
        ox, oy, cw, ch = self._geometry
        if x <= ox or y <= oy:
            return None
        col, rx = divmod(x - ox - 1, cw + 1)
        row, ry = divmod(y - oy - 1, ch + 1)
        if col >= MARKET_SIDE or row >= MARKET_SIDE or rx >= cw or ry >= ch:
            return None
        return row * MARKET_SIDE + col

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x, event.y)
        if cell is not None:
            event.stop()
            self.post_message(self.CellClicked(cell))
