"""A player's open spots, remembered and carried past each placement
(``PlayerState.open_spots``), are always those a fresh look at the pyramid finds
(R-PLACE-1, R-PLACE-2): through random games, undos, copies and pyramids changed from
outside."""

from __future__ import annotations

import random

import pytest

from orbis_tui.engine import GameState, PlacedTile, geometry, new_game
from orbis_tui.tiles import load_catalog


def _fresh(state: GameState) -> list[list[tuple[int, int]]]:
    return [geometry.wild_spots(p.pyramid) for p in state.players]


def _remembered(state: GameState) -> list[list[tuple[int, int]]]:
    return [list(sum(p.open_spots(), ())) for p in state.players]


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_open_spots_follow_play_undo_and_copies(players: int, seed: int) -> None:
    state = new_game(load_catalog(), ["A", "B", "C", "D"][:players], seed=seed, first_player=0)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert _remembered(state) == _fresh(state)
        copy = state.copy(record=False)
        if not copy.is_over:
            copy.apply_unchecked(rng.choice(copy.decision_actions()))
            assert _remembered(copy) == _fresh(copy)
        if rng.random() < 0.2 and state.can_undo():
            state.undo()
            assert _remembered(state) == _fresh(state)
        checked += 1
    assert checked > 100
    assert all(len(p.pyramid) == 14 for p in state.players)  # spots of full pyramids too


def test_a_pyramid_changed_from_outside_is_looked_at_afresh() -> None:
    state = new_game(load_catalog(), ["A", "B"], seed=5, first_player=0)
    player = state.players[0]
    assert sum(player.open_spots(), ()) == ((1, 0),)
    tile = state.market[0]
    assert tile is not None
    player.pyramid[(1, 0)] = PlacedTile(tile)  # a test builder's way: not a placement
    assert sum(player.open_spots(), ()) == ((1, -1), (1, 1))
    player.pyramid = {(1, 3): PlacedTile(tile), (1, 4): PlacedTile(tile)}
    assert sum(player.open_spots(), ()) == ((1, 2), (1, 5), (2, 3))
