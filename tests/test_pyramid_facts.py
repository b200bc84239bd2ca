"""The quick planner's pyramid facts, found in one pass (``heuristics.pyramid_facts``),
are exactly what the evaluation's own functions say of the same pyramid, to the last
bit of the points: over the pyramids of random games, with and without the God of
Idleness, during and at the end of the game, with a forest chance of its own too."""

from __future__ import annotations

import random

import pytest

from orbis_tui.bots.heuristics import (
    DEFAULT_WEIGHTS,
    PyramidFacts,
    Weights,
    open_spot_colors,
    pyramid_facts,
    pyramid_points,
)
from orbis_tui.engine import Pyramid, effect_counts, highest_mystic, new_game
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
