"""Undo, the history of a state, typed events and the hidden pile order."""

from __future__ import annotations

import pickle
import random

import pytest

from builders import NAMES
from orbis_tui.engine import (
    ChooseGain,
    Collected,
    Color,
    Decline,
    GameState,
    Generated,
    GoWild,
    Paid,
    Placed,
    Refilled,
    Returned,
    TakeTile,
    TookTile,
    TurnEnded,
    TurnStarted,
)
from orbis_tui.tiles import new_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_undo_takes_back_every_action_exactly(players: int) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(list(NAMES[:players]), seed=seed)
        signatures = [state.signature()]
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            state.apply(action)
            signatures.append(state.signature())
            assert state.move_stack[-1] == action
        # all the way back to the deal, one action at a time
        while state.can_undo():
            signatures.pop()
            state.undo()
            assert state.signature() == signatures[-1]
        assert len(signatures) == 1 and not state.move_stack


def test_undo_without_history_says_so_and_changes_nothing() -> None:
    state = new_game(["Ada", "Bo"], seed=1)
    before = state.signature()
    with pytest.raises(IndexError):
        state.undo()
    assert state.signature() == before


def test_a_copy_with_history_undoes_independently_of_the_original() -> None:
    rng = random.Random(4)
    state = new_game(["Ada", "Bo", "Cy"], seed=4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    original = state.signature()
    copy = state.copy(history=True)
    plain = state.copy()
    assert not plain.can_undo() and len(copy.move_stack) == 40
    for _ in range(25):
        copy.undo()
    for _ in range(25):  # play on differently from the copy's earlier position
        copy.apply(rng.choice(copy.legal_actions()))
    assert state.signature() == original
    state.undo()
    state.undo()
    assert len(state.move_stack) == 38


def test_actions_this_turn_counts_back_to_the_refill() -> None:
    state = new_game(["Ada", "Bo"], seed=2, first_player=0)
    assert state.actions_this_turn() == 0
    state.apply(TakeTile(0))
    assert state.actions_this_turn() == 1
    while state.turn == 0:
        state.apply(state.decision_actions()[0])
    assert state.actions_this_turn() == 0


def test_a_take_reports_typed_events_in_order_and_the_turn_boundary() -> None:
    state = new_game(["Ada", "Bo"], seed=2, first_player=0)
    events = state.apply(TakeTile(0))
    assert [type(e) for e in events] == [TookTile, Generated, Collected]
    assert all(e.player == 0 for e in events)
    while state.turn == 0:
        events = state.apply(state.decision_actions()[0])
    kinds = [type(e) for e in events]
    assert Placed in kinds or Refilled in kinds
    assert kinds[-2:] == [TurnEnded, TurnStarted]
    assert events[-2].player == 0 and events[-1].player == 1


def _played(seed: int, actions: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(["Ada", "Bo", "Cy", "Di"], seed=seed)
    for _ in range(actions):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _with_hidden_order_shuffled(state: GameState, rng: random.Random) -> GameState:
    """The same public position with another real order of the unseen pile tiles."""
    other = state.copy()
    piles = []
    for pile, pos in zip(state.piles, state.pile_pos, strict=True):
        rest = list(pile[pos:])
        rng.shuffle(rest)
        piles.append(pile[:pos] + tuple(rest))
    other.piles = tuple(piles)
    return other


def test_resampling_depends_only_on_what_players_see() -> None:
    state = _played(11, 120)
    other = _with_hidden_order_shuffled(state, random.Random(99))
    assert other.signature() != state.signature()
    assert other.public_signature() == state.public_signature()
    for seed in range(5):
        mine = state.resample_hidden(random.Random(seed))
        theirs = other.resample_hidden(random.Random(seed))
        assert mine.signature() == theirs.signature()
        assert mine.public_signature() == state.public_signature()
        for pile, sampled, pos in zip(state.piles, mine.piles, state.pile_pos, strict=True):
            assert sampled[:pos] == pile[:pos]  # the drawn tiles are what they were
            assert sorted(t.id for t in sampled[pos:]) == sorted(t.id for t in pile[pos:])


def test_resampling_does_reorder_the_unseen_tiles() -> None:
    state = _played(12, 20)
    orders = {
        tuple(t.id for t in state.resample_hidden(random.Random(s)).piles[2]) for s in range(5)
    }
    assert len(orders) == 5


def test_actions_and_events_are_equal_only_to_their_own_kind() -> None:
    assert TakeTile(0) != ChooseGain(Color.RED) and GoWild() != Decline()
    assert len({TakeTile(0), ChooseGain(Color.RED), GoWild(), Decline()}) == 4
    assert TakeTile(0) == TakeTile(0) and hash(TakeTile(0)) == hash(TakeTile(0))
    assert Paid(0, (1, 0, 0, 0, 0)) != Returned(0, (1, 0, 0, 0, 0))
    assert pickle.loads(pickle.dumps(Placed(1, "t", 2, 0, False))) == Placed(1, "t", 2, 0, False)


def test_consequences_with_the_same_fields_are_still_different_kinds() -> None:
    from orbis_tui.engine import OnlyAsWilderness, TokenAlreadyHeld

    tile = new_game(NAMES[:2], seed=1).market[0]
    assert tile is not None
    held, only = TokenAlreadyHeld(tile, Color.RED), OnlyAsWilderness(tile, Color.RED)
    assert held != only and len({held, only}) == 2
    assert held == TokenAlreadyHeld(tile, Color.RED)
    assert (held.rule, only.rule) == ("R-EFF-FARM", "R-TAKE-4")


def test_the_position_builder_is_loaded_when_first_asked_for() -> None:
    import subprocess
    import sys

    code = (
        "import sys, orbis_tui.engine as engine\n"
        "print('orbis_tui.engine.position' in sys.modules)\n"
        "from orbis_tui.engine import build_position\n"
        "print(build_position is engine.position.build_position)\n"
        "try:\n    engine.no_such_name\nexcept AttributeError:\n    print('refused')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "refused"]


@pytest.mark.parametrize("players", [2, 4])
def test_a_copy_without_record_plays_the_same_game_and_keeps_no_undo(players: int) -> None:
    rng = random.Random(players)
    state = new_game(list(NAMES[:players]), seed=players)
    scratch = state.copy(record=False)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        assert state.apply(action) == scratch.apply(action)
        assert scratch.signature() == state.signature()
        assert not scratch.can_undo()
        assert not scratch.copy().can_undo() and scratch.copy(record=True).move_stack == []
    assert state.can_undo()
    child = scratch.copy(record=True)
    assert child.move_stack == []
