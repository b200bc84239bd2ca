"""The quick planner's pyramid facts, found in one pass (``heuristics.pyramid_facts``),
are exactly what the evaluation's own functions say of the same pyramid, to the last
bit of the points: over the pyramids of random games, with and without the God of
Idleness, during and at the end of the game, with a forest chance of its own too."""

from __future__ import annotations

import random

import pytest

from orbis_tui.bots.grown import grown_facts, root_facts
from orbis_tui.bots.heuristics import (
    DEFAULT_WEIGHTS,
    PyramidFacts,
    Weights,
    forest_chance,
    open_spot_colors,
    pyramid_facts,
    pyramid_points,
)
from orbis_tui.engine import (
    Color,
    PlacedTile,
    Pyramid,
    Tile,
    effect_counts,
    forest_matching,
    geometry,
    highest_mystic,
    new_game,
)
from orbis_tui.tiles import load_catalog


def _pyramids(players: int, seed: int) -> list[Pyramid]:
    """Every pyramid of a random game, after every placement (copies)."""
    state = new_game(load_catalog(), ["A", "B", "C", "D"][:players], seed=seed, first_player=0)
    rng = random.Random(seed)
    seen: list[Pyramid] = []
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        seen.extend(dict(p.pyramid) for p in state.players if p.pyramid)
    return seen


@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, Weights(forest_chance=0.3, wild_penalty=2)])
@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_facts_in_one_pass_are_the_functions_own(players: int, seed: int, weights: Weights) -> None:
    pyramids = _pyramids(players, seed)
    forests = 0
    for pyr in pyramids:
        forests += any(p.tile.effect.kind.value == "forest" for p in pyr.values())
        for idle in (False, True):
            for over in (False, True):
                separate = PyramidFacts(
                    effect_counts(pyr),
                    highest_mystic(pyr),
                    pyramid_points(pyr, idle, weights, over),
                    sum(open_spot_colors(pyr)),
                )
                assert pyramid_facts(pyr, idle, weights, over) == separate
    assert len(pyramids) > 150 and forests > 20  # forests (the hard part) were met


def _grown(players: int, seed: int) -> list[tuple[Pyramid, Pyramid]]:
    """Pyramids of a random game, each with every way the next tile may join it (the
    planner's placements: every legal spot, as the tile or a wilderness, and cancelled
    too): (the pyramid before, the pyramid after)."""
    state = new_game(load_catalog(), ["A", "B", "C", "D"][:players], seed=seed, first_player=0)
    rng = random.Random(seed)
    pairs: list[tuple[Pyramid, Pyramid]] = []
    while not state.is_over:
        if state.kind.value == "place":
            before = dict(state.player.pyramid)
            for action in state.decision_actions():
                child = state.copy(record=False)
                child.apply(action)
                after = dict(child.players[state.current].pyramid)
                pairs.append((before, after))
                pos = next(reversed(after))
                cancelled = dict(after)
                cancelled[pos] = PlacedTile(after[pos].tile, after[pos].wild, True)
                pairs.append((before, cancelled))
        state.apply(rng.choice(state.legal_actions()))
    return pairs


def _grown_beside_forests(seed: int) -> list[tuple[Pyramid, Pyramid]]:
    """Pyramids grown from random tiles of the catalog at random open spots (not all
    of them legal, which the facts do not ask) that hold a forest not yet validated,
    each with a tile put at every spot open in them: a wilderness, or a tile of each of
    the forest's colors, kept or cancelled."""
    catalog = load_catalog()
    forests = [t for t in catalog.tiles if t.effect.kind.value == "forest"]
    by_color: dict[Color, Tile] = {}
    for tile in catalog.tiles:
        by_color.setdefault(tile.color, tile)
    rng = random.Random(seed)
    pairs: list[tuple[Pyramid, Pyramid]] = []
    for _ in range(12):
        before: Pyramid = {}
        while len(before) < 12:
            spot = rng.choice(geometry.wild_spots(before))
            tile = rng.choice(forests) if rng.random() < 0.3 else rng.choice(catalog.tiles)
            before = {**before, spot: PlacedTile(tile, rng.random() < 0.15, rng.random() < 0.1)}
            waiting = [
                p
                for pos, p in before.items()
                if p.tile.effect.kind.value == "forest"
                and not p.wild
                and not p.cancelled
                and forest_matching(before, pos, p) < p.tile.effect.count
            ]
            if not waiting:
                continue
            colors = {c for p in waiting for c in p.tile.effect.colors}
            tiles = [by_color[c] for c in sorted(colors)] + [catalog.tiles[0]]
            for open_spot in geometry.wild_spots(before):
                for tile in tiles:
                    for wild, cancelled in ((False, False), (False, True), (True, False)):
                        after = dict(before)
                        after[open_spot] = PlacedTile(tile, wild, cancelled)
                        pairs.append((before, after))
    return pairs


@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, Weights(forest_chance=0.3, wild_penalty=2)])
@pytest.mark.parametrize("seed", [51, 52])
def test_grown_facts_beside_forests_waiting_for_neighbours(seed: int, weights: Weights) -> None:
    """A tile put beside (or anywhere near) a forest not yet validated changes its
    chance, which grown_facts finds again: still the whole pass's facts, bit for bit."""
    pairs = _grown_beside_forests(seed)
    moved = 0  # pairs in which a forest's chance changed
    q = weights.forest_chance
    for before, after in pairs:
        for idle in (False, True):
            for over in (False, True):
                root = root_facts(before, idle, weights, over)
                whole = pyramid_facts(after, idle, weights, over)
                grown = grown_facts(root, after, idle, weights, over)
                assert grown == whole
                assert grown.points.hex() == whole.points.hex()
        moved += any(
            forest_chance(before, at, placed, q) != forest_chance(after, at, placed, q)
            for _, at, placed in root.forests
        )
    assert len(pairs) > 200 and moved > 50


@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, Weights(forest_chance=0.3, wild_penalty=2)])
# Seeds whose random games hold counting forests before many placements (the forests
# are what grown_facts looks at again).
@pytest.mark.parametrize("players,seed", [(2, 24), (3, 22), (4, 28)])
def test_grown_facts_are_the_whole_pass(players: int, seed: int, weights: Weights) -> None:
    """The facts of a pyramid with one more tile, found from the facts kept of the
    pyramid before it (``root_facts``, ``grown_facts``, as the quick planner finds its
    placements'), are those of a whole pass over it, to the last bit of the points."""
    pairs = _grown(players, seed)
    forests = 0
    for before, after in pairs:
        forests += any(
            p.tile.effect.kind.value == "forest" and not p.wild and not p.cancelled
            for p in before.values()
        )
        for idle in (False, True):
            for over in (False, True):
                root = root_facts(before, idle, weights, over)
                assert root.facts == pyramid_facts(before, idle, weights, over)
                whole = pyramid_facts(after, idle, weights, over)
                grown = grown_facts(root, after, idle, weights, over)
                assert grown == whole
                assert grown.points.hex() == whole.points.hex()
    assert len(pairs) > 200 and forests > 25
