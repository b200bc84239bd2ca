"""``GameState.turn_copy``, the planner's scratch copy that shares the other seats:
played to the end of the active seat's turn it reaches the very position a full copy
reaches, and leaves the state it was made from as it was."""

from __future__ import annotations

import random

import pytest

from orbis_tui.engine import GameState, new_game
from orbis_tui.tiles import load_catalog


def _finish_turn(state: GameState, rng: random.Random) -> None:
    """Random legal answers of the active seat until its turn is over."""
    seat, turn = state.current, state.turn
    while not state.is_over and state.current == seat and state.turn == turn:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33)])
def test_turn_copy_shares_only_what_the_turn_leaves_alone(players: int, seed: int) -> None:
    state = new_game(load_catalog(), ["A", "B", "C", "D"][:players], seed=seed, first_player=0)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over:
        before = state.signature()
        scratch = state.turn_copy()
        assert scratch.signature() == before
        current = state.current
        for seat, (mine, theirs) in enumerate(zip(scratch.players, state.players, strict=True)):
            assert (mine is theirs) == (seat != current)  # only the mover is copied
        _finish_turn(scratch, random.Random(rng.random()))
        assert state.signature() == before  # the original is left as it was
        assert not scratch.can_undo()  # no undo record
        checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 40 * players


@pytest.mark.parametrize("players,seed", [(2, 41), (4, 42)])
def test_turn_copy_reaches_what_a_full_copy_reaches(players: int, seed: int) -> None:
    state = new_game(load_catalog(), ["A", "B", "C", "D"][:players], seed=seed, first_player=0)
    rng = random.Random(seed)
    while not state.is_over:
        scratch, full = state.turn_copy(), state.copy()
        pick = rng.random()
        _finish_turn(scratch, random.Random(pick))
        _finish_turn(full, random.Random(pick))
        assert scratch.signature() == full.signature()
        state.apply(rng.choice(state.legal_actions()))
