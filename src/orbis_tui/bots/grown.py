"""The facts of a pyramid with one more tile, found from the facts kept of the pyramid
before it: what the quick planner (:mod:`.rollout`) asks of every placement it
imagines, the same as :func:`~.heuristics.pyramid_facts`'s whole pass to the last bit
(``tests/test_pyramid_facts.py`` compares them on many pyramids)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (
    NUM_COLORS,
    STONE_CP,
    TOP_ROW,
    Color,
    EffectKind,
    PlacedTile,
    Position,
    Pyramid,
    Tile,
    forest_matching,
)
from .heuristics import PyramidFacts, Weights, _forest_chance, pyramid_facts

# Looked up once (a module global, see heuristics.py).
_FOREST, _STONE = EffectKind.FOREST, EffectKind.STONE
_TEMPLE, _WHITE = EffectKind.TEMPLE, Color.WHITE
_COUNTED = {
    EffectKind.VILLAGE: "village",
    EffectKind.VOLCANO: "volcano",
    EffectKind.IRRIGATION: "irrigation",
}


@dataclass(frozen=True, slots=True)
class RootFacts:
    """A pyramid's :func:`pyramid_facts` with what finding the facts of the same
    pyramid with one more tile needs (:func:`grown_facts`): each tile's addition to the
    points in the pyramid's order (None: it adds nothing), the points before each tile,
    and which tiles' additions depend on their neighbours (the forests that count)."""

    facts: PyramidFacts
    terms: tuple[float | None, ...]
    before: tuple[float, ...]  # the points before each tile, then after the last
    forests: tuple[tuple[int, Position, PlacedTile], ...]  # (index, spot, tile)


def root_facts(pyr: Pyramid, idle: bool, w: Weights, over: bool) -> RootFacts:
    """:func:`pyramid_facts` of ``pyr`` kept as :class:`RootFacts` (the same facts: the
    points are added up in the same order)."""
    facts = pyramid_facts(pyr, idle, w, over)
    terms: list[float | None] = []
    before = [0.0]
    forests = []
    points = 0.0
    for index, (pos, placed) in enumerate(pyr.items()):
        term = _term(pyr, pos, placed, idle, w, over)
        if term is not None:
            points += term
        terms.append(term)
        before.append(points)
        if not placed.wild and not placed.cancelled and placed.tile.effect.kind is _FOREST:
            forests.append((index, pos, placed))
    return RootFacts(facts, tuple(terms), tuple(before), tuple(forests))


def _term(
    pyr: Pyramid, pos: Position, placed: PlacedTile, idle: bool, w: Weights, over: bool
) -> float | None:
    """What a tile adds to :func:`pyramid_facts`'s points (None: nothing), as it does."""
    if placed.wild:
        return None if idle else -w.wild_penalty  # x - y is x + (-y), to the last bit
    if placed.cancelled:
        return None
    tile = placed.tile
    kind = tile.effect.kind
    if kind is _FOREST:
        return _forest_term(pyr, pos, tile, forest_matching(pyr, pos, placed), w, over)
    if kind is _STONE:
        return tile.cp + STONE_CP
    return tile.cp


def _forest_term(
    pyr: Pyramid, pos: Position, tile: Tile, matching: int, w: Weights, over: bool
) -> float | None:
    """What a forest with ``matching`` neighbours adds to the points (see _term)."""
    if over:
        return tile.cp if matching >= tile.effect.count else None
    need = tile.effect.count - matching
    return tile.cp * _forest_chance(pyr, pos, need, w.forest_chance)


def _pair_colors(pyr: Pyramid, pos: Position) -> int:
    """How many colors fit above ``pos`` and its right-hand neighbour (0 without both),
    as :func:`open_spot_colors` counts them."""
    placed = pyr.get(pos)
    right = pyr.get((pos[0], pos[1] + 1))
    if placed is None or right is None:
        return 0
    if placed.wild or right.wild:
        return NUM_COLORS
    return 1 if placed.tile.color == right.tile.color else 2


def grown_facts(root: RootFacts, pyr: Pyramid, idle: bool, w: Weights, over: bool) -> PyramidFacts:
    """:func:`pyramid_facts` of ``pyr``, the pyramid of ``root`` (its tiles in the same
    order) with one more tile, the last: only that tile and the forests, whose chance
    depends on their neighbours, are looked at; the points are added up in the same
    order from the first forest on (a test compares them with pyramid_facts on many
    pyramids)."""
    pos = next(reversed(pyr))
    placed = pyr[pos]
    r, c = pos
    base = root.facts
    counts = base.counts.copy()
    mystic = base.mystic
    # Above the new tile's row, the spot it fills is no longer open; in its row, its
    # left neighbour now has a right-hand one, and so may it.
    open_colors = base.open_colors - _pair_colors(pyr, (r - 1, c))
    if r < TOP_ROW:
        open_colors += _pair_colors(pyr, (r, c - 1)) + _pair_colors(pyr, pos)
    forest = 0
    forests = root.forests
    if forests:
        terms = root.terms
        first = forests[0][0]
        changed: dict[int, float | None] = {}
        for index, at, old in forests:
            matching = forest_matching(pyr, at, old)
            changed[index] = _forest_term(pyr, at, old.tile, matching, w, over)
            if matching >= old.tile.effect.count:
                forest += 1
        points = root.before[first]
        for index in range(first, len(terms)):
            term = changed[index] if index in changed else terms[index]
            if term is not None:
                points += term
    else:
        points = root.before[-1]
    if placed.wild:
        counts["wilderness"] += 1
        if not idle:
            points -= w.wild_penalty
    else:
        tile = placed.tile
        if tile.mystic and tile.mystic > mystic and tile.color is _WHITE:
            mystic = tile.mystic
        kind = tile.effect.kind
        if kind is _TEMPLE:
            counts["temple"] += 1
        if not placed.cancelled:
            if kind is _FOREST:
                matching = forest_matching(pyr, pos, placed)
                if matching >= tile.effect.count:
                    forest += 1
                term = _forest_term(pyr, pos, tile, matching, w, over)
                if term is not None:
                    points += term
            elif kind is _STONE:
                points += tile.cp + STONE_CP
            else:
                points += tile.cp
                if kind in _COUNTED:
                    counts[_COUNTED[kind]] += 1
    counts["forest"] = forest
    return PyramidFacts(counts, mystic, points, open_colors)
