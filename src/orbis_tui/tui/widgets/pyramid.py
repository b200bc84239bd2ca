"""A player's pyramid drawn as rows of hex-like tiles, bottom row first.

Row 1 may grow to the left or to the right, so the drawing is laid out from the
leftmost column in use (tiles and legal spots alike) and centred in the widget.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ...engine import Color, PlacedTile, Position, Pyramid
from ...i18n import gettext as _
from ...words import name_of
from .. import chips, palette, texts
from ..core.describe import effect_label, short_name
from .canvas import Canvas, CanvasWidget

ROWS = 4


# The widest hex: its name and effect are whole at that width, but for the longest.
WIDEST = 16


def tile_size(width: int, height: int, slots: int = 6) -> tuple[int, int]:
    """(tile width, tile height): tall hexes (three lines: the name too) when ``slots``
    of them 10 wide fit and the rows are tall enough, short ones (two lines) otherwise;
    either as wide as the room allows (an even width, so that a row's hexes sit on the
    middle of the two below), up to :data:`WIDEST`."""
    wide = min(WIDEST, width // max(5, slots) // 2 * 2)
    if wide >= 10 and height >= 12:
        return wide, 3
    return max(6, wide), 2


@dataclass(frozen=True)
class PyramidShown:
    """Everything a pyramid drawing shows, as plain values."""

    tiles: tuple[tuple[Position, PlacedTile], ...]
    spots: tuple[Position, ...] = ()
    cursor: Position | None = None
    blocked: tuple[Position, ...] = ()  # open to a wilderness, refused to the tile
    ghost: tuple[Color, bool] | None = None  # the tile being placed: color, wild
    warned: tuple[Position, ...] = ()  # legal, but the engine warns about them
    wild_points: int = -1  # what a wilderness scores its owner (R-END-2)


def _wild_word(width: int) -> str:
    """What a wilderness is called in ``width`` cells: its word, else its short one."""
    word = _(texts.WILD_NAME)
    return word if len(word) <= width else _(texts.WILD_TINY)


class PyramidView(CanvasWidget):
    DEFAULT_CSS = """
    PyramidView { height: 8; width: 1fr; }
    """

    class SpotClicked(Message):
        def __init__(self, row: int, col: int) -> None:
            super().__init__()
            self.row = row
            self.col = col

    view: reactive[PyramidShown | None] = reactive(None, layout=False, init=False)

    def __init__(
        self,
        *,
        id: str | None = None,
        classes: str | None = None,
        fixed_size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.fixed_size = fixed_size
        self._boxes: list[tuple[int, int, int, int, Position]] = []

    def show(
        self,
        pyramid: Pyramid,
        spots: Iterable[Position] = (),
        cursor: Position | None = None,
        blocked: Iterable[Position] = (),
        ghost: tuple[Color, bool] | None = None,
        warned: Iterable[Position] = (),
        wild_points: int = -1,
    ) -> None:
        self.view = PyramidShown(
            tuple(sorted(pyramid.items())),
            tuple(spots),
            cursor,
            tuple(blocked),
            ghost,
            tuple(warned),
            wild_points,
        )

    def watch_view(self) -> None:
        self.redraw()

    # What the drawing reads (nothing when no view was given yet).
    @property
    def pyramid(self) -> Pyramid:
        return dict(self.view.tiles) if self.view else {}

    @property
    def spots(self) -> list[Position]:
        return list(self.view.spots) if self.view else []

    @property
    def cursor(self) -> Position | None:
        return self.view.cursor if self.view else None

    @property
    def blocked(self) -> list[Position]:
        return list(self.view.blocked) if self.view else []

    @property
    def ghost(self) -> tuple[Color, bool] | None:
        return self.view.ghost if self.view else None

    def draw(self, canvas: Canvas) -> None:
        width, height = canvas.width, canvas.height
        positions = list(self.pyramid) + self.spots + self.blocked
        if not positions:
            canvas.put(1, max(0, height - 1), Text(_(texts.PYRAMID_EMPTY), style=palette.DIM))
            return
        row_one = [c for r, c in positions if r == 1]
        base = min(row_one) if row_one else 0
        slots = (max(row_one) - base + 1) if row_one else 5
        tw, th = self.fixed_size or tile_size(width, height, slots)
        xs = [(c - base) * tw + (r - 1) * tw // 2 for r, c in positions]
        span = max(xs) + tw
        ox = max(0, (width - span) // 2)
        # The first row at the bottom: a drawing too short for all four loses the top.
        oy = height - ROWS * th
        boxes: list[tuple[int, int, int, int, Position]] = []

        def place(pos: Position) -> tuple[int, int]:
            r, c = pos
            return ox + (c - base) * tw + (r - 1) * tw // 2, oy + (ROWS - r) * th

        for pos, placed in self.pyramid.items():
            x, y = place(pos)
            self._draw_tile(canvas, x, y, tw, th, placed)
        for pos in self.blocked:
            x, y = place(pos)
            self._draw_outline(canvas, x, y, tw, th, palette.BLOCKED, "×")
        for pos in self.spots:
            x, y = place(pos)
            boxes.append((x, y, tw, th, pos))
            warned = self.view is not None and pos in self.view.warned
            if pos == self.cursor:
                self._draw_cursor(canvas, x, y, tw, th)
                if warned:
                    canvas.put(x + tw - 2, y, Text("!", style=palette.BAD))
            elif warned:
                self._draw_outline(canvas, x, y, tw, th, palette.BAD, "!")
            else:
                self._draw_outline(canvas, x, y, tw, th, palette.SPOT, "·")
        self._boxes = boxes

    @staticmethod
    def _edges(th: int) -> list[tuple[str, str]]:
        if th == 2:
            return [("╱", "╲"), ("╲", "╱")]
        return [("╱", "╲"), ("│", "│"), ("╲", "╱")]

    def _draw_tile(
        self, canvas: Canvas, x: int, y: int, tw: int, th: int, placed: PlacedTile
    ) -> None:
        inner = tw - 2
        tile = placed.tile
        edge_style = Style(dim=True)
        if placed.wild:
            body = palette.WILD
            points = self.view.wild_points if self.view else -1
            if th == 2:
                lines = [_wild_word(inner), f"{points:>3}"]
            else:
                lines = [
                    f"{palette.WILD_LETTER} {_wild_word(inner - 2)}",
                    _(texts.CP_LONG).format(cp=points),
                    "",
                ]
        else:
            body = palette.CANCELLED if placed.cancelled else chips.TILE[tile.color]
            letter = chips.letter(tile.color)
            mark = _(texts.CANCELLED_TINY) if placed.cancelled else ""
            if th == 2 and inner < 8:
                cp = mark or (str(tile.cp) if tile.cp else "")
                lines = [f"{letter}{cp:>{inner - 1}}", effect_label(tile.effect, inner)]
            else:
                cp = mark or (_(texts.CP).format(cp=tile.cp) if tile.cp else "")
                head = f"{letter} {palette.STARS[tile.level]}"
                lines = [
                    head + cp.rjust(max(0, inner - len(head))),
                    effect_label(tile.effect, inner),
                    short_name(name_of(tile), inner),
                ]
        for i, (left, right) in enumerate(self._edges(th)):
            canvas.put(x, y + i, left, edge_style)
            text = lines[i] if i < len(lines) else ""
            canvas.put(x + 1, y + i, Text(text[:inner].ljust(inner), style=body))
            canvas.put(x + tw - 1, y + i, right, edge_style)
        if not placed.wild and not placed.cancelled:
            canvas.put(x + 1, y, Text(chips.letter(tile.color), style=chips.CHIP[tile.color]))

    def _draw_outline(
        self, canvas: Canvas, x: int, y: int, tw: int, th: int, style: Style, fill: str
    ) -> None:
        inner = tw - 2
        for i, (left, right) in enumerate(self._edges(th)):
            canvas.put(x, y + i, left, style)
            middle = fill.center(inner) if i == th // 2 - (th == 2) else " " * inner
            canvas.put(x + 1, y + i, middle, style)
            canvas.put(x + tw - 1, y + i, right, style)

    def _draw_cursor(self, canvas: Canvas, x: int, y: int, tw: int, th: int) -> None:
        inner = tw - 2
        ghost = self.ghost
        for i, (left, right) in enumerate(self._edges(th)):
            canvas.put(x, y + i, left, palette.ACCENT)
            canvas.put(x + tw - 1, y + i, right, palette.ACCENT)
            canvas.put(x + 1, y + i, " " * inner, palette.SPOT_CURSOR)
        if ghost is not None:
            color, wild = ghost
            label = palette.WILD_LETTER if wild else chips.letter(color)
            style = palette.WILD if wild else chips.CHIP[color]
            canvas.put(x + 1 + (inner - 1) // 2, y + (th - 1) // 2, Text(label, style=style))
            if th == 2:
                canvas.put(
                    x + 1,
                    y + 1,
                    Text(_(texts.SPOT_HERE).center(inner)[:inner], style=palette.SPOT_CURSOR),
                )

    def on_click(self, event: events.Click) -> None:
        for x, y, tw, th, pos in self._boxes:
            if x <= event.x < x + tw and y <= event.y < y + th:
                event.stop()
                self.post_message(self.SpotClicked(*pos))
                return
