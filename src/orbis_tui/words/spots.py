"""Where a spot of a pyramid is, in words a player can check against the drawing."""

from __future__ import annotations

from ..engine import PlacedTile, Position, Pyramid
from ..i18n import gettext
from . import texts
from .names import name_of


def spot_words(pyramid: Pyramid, pos: Position) -> str:
    """'row 1, left end', 'row 2, on Young Woods and a wilderness'."""
    row, col = pos
    if row == 1:
        cols = [c for (r, c) in pyramid if r == 1]
        if not cols:
            return gettext(texts.SPOT_FIRST)
        return gettext(texts.SPOT_LEFT if col < min(cols) else texts.SPOT_RIGHT)
    left, right = pyramid.get((row - 1, col)), pyramid.get((row - 1, col + 1))
    return gettext(texts.SPOT_ON).format(row=row, left=placed_name(left), right=placed_name(right))


def placed_name(placed: PlacedTile | None) -> str:
    """A placed tile's name, 'a wilderness' for a wilderness, '?' for an empty spot."""
    if placed is None:
        return "?"
    if placed.wild:
        return gettext(texts.WILD_NAME)
    return name_of(placed.tile)
