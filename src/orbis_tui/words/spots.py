"""Where a spot of a pyramid is, in words a player can check against the drawing."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import PlacedTile, Position, Pyramid, geometry
from ..i18n import gettext
from . import texts
from .names import name_of


@dataclass(frozen=True, slots=True)
class SpotPlace:
    """Where a spot is, as a player sees it (the notation's columns are never shown):
    ``side`` is ``"first"`` (the first tile of the bottom row), ``"left"`` or ``"right"``
    (an end of the bottom row), ``"inside"`` (between tiles of the bottom row), or
    ``"on"``: on row ``row``, on the tiles ``left`` and ``right`` beneath (None: empty)."""

    side: str
    row: int
    left: PlacedTile | None = None
    right: PlacedTile | None = None


def spot_place(pyramid: Pyramid, pos: Position) -> SpotPlace:
    """Where ``pos`` is in ``pyramid``, for any wording of it (:func:`spot_words`, the
    walkthrough's own templates)."""
    row, col = pos
    if row == 1:
        cols = [c for (r, c) in pyramid if r == 1]
        if not cols:
            return SpotPlace("first", row)
        if col < min(cols):
            return SpotPlace("left", row)
        return SpotPlace("right" if col > max(cols) else "inside", row)
    left, right = geometry.beneath(pos)
    return SpotPlace("on", row, pyramid.get(left), pyramid.get(right))


def spot_words(pyramid: Pyramid, pos: Position) -> str:
    """'row 1, left end', 'row 2, on Young Woods and a wilderness'."""
    spot = spot_place(pyramid, pos)
    if spot.side == "on":
        beneath = (placed_name(spot.left), placed_name(spot.right))
        said = gettext(texts.SPOT_ON).format(row=spot.row, left=beneath[0], right=beneath[1])
        alike = _alike(pyramid, spot.row, beneath)
        if len(alike) > 1 and pos in alike:  # two spots on wildernesses, say: which one
            number = alike.index(pos) + 1
            said += gettext(texts.SPOT_AMONG_ALIKE).format(number=number, count=len(alike))
        return said
    # An end of the bottom row; a spot between its tiles is said as its right end.
    said = {"first": texts.SPOT_FIRST, "left": texts.SPOT_LEFT}.get(spot.side, texts.SPOT_RIGHT)
    return gettext(said)


def _alike(pyramid: Pyramid, row: int, beneath: tuple[str, str]) -> list[Position]:
    """The spots of ``row`` on two tiles, from the left, whose tiles beneath are named
    ``beneath``: said alike, they are told apart by their order."""
    found = []
    for r, c in sorted(pyramid):
        if r != row - 1 or (r, c + 1) not in pyramid:
            continue
        names = (placed_name(pyramid.get((r, c))), placed_name(pyramid.get((r, c + 1))))
        if names == beneath:
            found.append((row, c))
    return found


def placed_name(placed: PlacedTile | None) -> str:
    """A placed tile's name, 'a wilderness' for a wilderness, '?' for an empty spot."""
    if placed is None:
        return "?"
    if placed.wild:
        return gettext(texts.WILD_NAME)
    return name_of(placed.tile)
