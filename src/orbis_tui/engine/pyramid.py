"""Pyramid geometry: where a tile may go (R-PLACE-*) and which tiles touch.

A pyramid is a dict from (row, col) to :class:`PlacedTile`. Rows count from 1 at the
bottom. Row-1 columns are relative to the first tile placed (R-PLACE-1 ruling), so
they may be negative; a tile at (r, c) with r > 1 rests on (r-1, c) and (r-1, c+1).
"""

from __future__ import annotations

from .kinds import value
from .tiles import Tile

ROW_SIZES = {1: 5, 2: 4, 3: 3, 4: 2}
TOP_ROW = 4

Position = tuple[int, int]


@value  # built for every placement a search imagines: see kinds.py
class PlacedTile:
    tile: Tile
    wild: bool = False
    cancelled: bool = False

    def has_color(self, color: int) -> bool:
        """A wilderness counts as every color (R-PLACE-3)."""
        return self.wild or self.tile.color == color


Pyramid = dict[Position, PlacedTile]


def row_one_spots(pyramid: Pyramid) -> list[Position]:
    cols = [c for (r, c) in pyramid if r == 1]
    if not cols:
        return [(1, 0)]
    if len(cols) >= ROW_SIZES[1]:
        return []
    return [(1, min(cols) - 1), (1, max(cols) + 1)]


def supported_spots(pyramid: Pyramid) -> list[Position]:
    """Empty spots above row 1 that rest on two tiles (R-PLACE-2)."""
    spots = [
        (r + 1, c)
        for r, c in pyramid
        if r < TOP_ROW and (r, c + 1) in pyramid and (r + 1, c) not in pyramid
    ]
    spots.sort()
    return spots


def color_fits(pyramid: Pyramid, pos: Position, color: int) -> bool:
    """R-PLACE-3: one of the two supporting tiles shares the color (or is wild)."""
    r, c = pos
    if r == 1:
        return True
    return pyramid[(r - 1, c)].has_color(color) or pyramid[(r - 1, c + 1)].has_color(color)


def wild_spots(pyramid: Pyramid) -> list[Position]:
    """Every spot a wilderness may take: any color fits anywhere supported."""
    return row_one_spots(pyramid) + supported_spots(pyramid)


def colored_spots(pyramid: Pyramid, color: int) -> list[Position]:
    spots = row_one_spots(pyramid)
    for pos in supported_spots(pyramid):
        if color_fits(pyramid, pos, color):
            spots.append(pos)
    return spots


def beneath(pos: Position) -> tuple[Position, Position]:
    r, c = pos
    return (r - 1, c), (r - 1, c + 1)


def neighbor_positions(pos: Position) -> tuple[Position, ...]:
    """R-PLACE-6: the up to six tiles sharing a hex edge."""
    r, c = pos
    return ((r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c))


def neighbors(pyramid: Pyramid, pos: Position) -> list[PlacedTile]:
    return [pyramid[p] for p in neighbor_positions(pos) if p in pyramid]


def could_hold(pyramid: Pyramid, pos: Position) -> bool:
    """Whether an empty spot may still hold a tile in the finished pyramid.

    Row 1 ends up :data:`ROW_SIZES` [1] columns wide around the tiles already there, and
    a spot at (r, c) rests on the row-1 columns c to c + r - 1.
    """
    return _could_hold(pyramid, pos, _row_one_span(pyramid))


def open_neighbors(pyramid: Pyramid, pos: Position) -> int:
    """How many spots next to ``pos`` (:func:`neighbor_positions`) :func:`could_hold`
    a tile (row 1 looked at once for all six: the computer players ask it often)."""
    span = _row_one_span(pyramid)
    return sum(1 for n in neighbor_positions(pos) if _could_hold(pyramid, n, span))


def _row_one_span(pyramid: Pyramid) -> tuple[int, int]:
    """The lowest and highest row-1 columns (the first tile opens column 0)."""
    cols = [col for (row, col) in pyramid if row == 1] or [0]
    return min(cols), max(cols)


def _could_hold(pyramid: Pyramid, pos: Position, span: tuple[int, int]) -> bool:
    r, c = pos
    if r < 1 or r > TOP_ROW or pos in pyramid:
        return False
    low, high = span
    width = ROW_SIZES[1]
    return high - width + 1 <= c and c + r - 1 <= low + width - 1


def is_valid(pyramid: Pyramid) -> list[str]:
    """Problems with a finished or partial pyramid; empty when it obeys R-PLACE-1..3."""
    problems = []
    row_one = sorted(c for (r, c) in pyramid if r == 1)
    if row_one and row_one != list(range(row_one[0], row_one[0] + len(row_one))):
        problems.append(f"R-PLACE-1: row 1 has a gap: {row_one}")
    for r, size in ROW_SIZES.items():
        count = sum(1 for (row, _) in pyramid if row == r)
        if count > size:
            problems.append(f"row {r} holds {count} tiles, more than {size}")
    for (r, c), placed in pyramid.items():
        if r < 1 or r > TOP_ROW:
            problems.append(f"tile at row {r}")
            continue
        if r == 1:
            continue
        below = beneath((r, c))
        if not all(p in pyramid for p in below):
            problems.append(f"R-PLACE-2: ({r},{c}) lacks support")
        elif not placed.wild and not color_fits(pyramid, (r, c), placed.tile.color):
            problems.append(f"R-PLACE-3: ({r},{c}) shares no color with its support")
    return problems


def display_offset(pyramid: Pyramid) -> int:
    """Subtract this from a column to get 0-based columns for drawing."""
    cols = [c for (r, c) in pyramid if r == 1]
    return min(cols) if cols else 0
