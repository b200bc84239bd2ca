"""``legal_actions`` and ``why_not`` agree, and every legal action survives its notation."""

from __future__ import annotations

import random

import pytest

from builders import (
    at_decision,
    candidate_actions,
    random_game,
)
from orbis_tui.engine import (
    Color,
    DecisionKind,
    Erupt,
    GameState,
    IllegalAction,
    NotationError,
    Place,
    format_action,
    parse_action,
)
from orbis_tui.words import message_of

GAMES = [(players, seed) for seed in range(4) for players in (2, 3, 4)]


def sampled_states(players: int, seed: int, every: int = 3) -> list[GameState]:
    """Every state of one random game where something other than TURN is pending, and
    every ``every``-th of the rest (TURN states are many and alike)."""
    _, _, states = random_game(players, seed)
    return [s for i, s in enumerate(states) if s.kind is not DecisionKind.TURN or i % every == 0]


@pytest.mark.parametrize("players,seed", GAMES)
def test_why_not_is_none_exactly_for_the_legal_actions(players: int, seed: int) -> None:
    kinds = set()
    for state in sampled_states(players, seed):
        kinds.add(state.kind)
        legal = state.legal_actions()
        assert len(legal) == len(set(legal)), "an action is listed twice"
        legal_set = set(legal)
        for action in legal:
            assert state.why_not(action) is None, f"{action}: {state.why_not(action)}"
        for action in candidate_actions(state):
            reason = state.why_not(action)
            assert (reason is None) == (action in legal_set), f"{action}: {reason}"
            if reason is not None:
                assert isinstance(reason, IllegalAction)
                assert reason.rule.startswith("R-")
                assert message_of(reason)
        assert state.is_over == (legal == [])
    assert DecisionKind.OVER in kinds


@pytest.mark.parametrize("kind", list(DecisionKind))
def test_why_not_is_none_exactly_for_the_legal_actions_at_every_decision(
    kind: DecisionKind,
) -> None:
    state = at_decision(kind)
    legal_set = set(state.legal_actions())
    assert kind is DecisionKind.OVER or legal_set
    for action in candidate_actions(state):
        reason = state.why_not(action)
        assert (reason is None) == (action in legal_set), f"{action}: {reason}"
        if reason is not None:
            before = state.signature()
            with pytest.raises(IllegalAction) as caught:
                state.apply(action)
            assert caught.value.rule == reason.rule
            assert state.signature() == before
    for action in legal_set:
        assert parse_action(format_action(action)) == action


def test_an_illegal_action_changes_nothing() -> None:
    rng = random.Random(5)
    for state in sampled_states(4, 11, every=7):
        legal_set = set(state.legal_actions())
        illegal = [a for a in candidate_actions(state) if a not in legal_set]
        for action in rng.sample(illegal, min(20, len(illegal))):
            before = state.signature()
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert state.signature() == before


@pytest.mark.parametrize("players,seed", GAMES)
def test_every_legal_action_round_trips_through_notation(players: int, seed: int) -> None:
    for state in sampled_states(players, seed, every=1):
        for action in state.legal_actions():
            text = format_action(action)
            assert parse_action(text) == action, text
            assert parse_action(f"  {text.upper()}  ") == action, text


def test_notation_round_trips_the_rarer_forms() -> None:
    erupt = Erupt(((0, (1, 0, 0, 0, 0)), (8, (0, 2, 0, 1, 0))))
    assert format_action(erupt) == "erupt 1:R 9:BBG"
    for action in (erupt, Place(3, -4, True), Place(1, -1)):
        assert parse_action(format_action(action)) == action
    for bad in ("", "take 0", "take 10", "take x", "god zeus", "exchange R", "exchange X>B",
                "place 1", "place 1,a", "place 1,0 tame", "gain Q", "erupt", "erupt 1BB",
                "dance", "pay RX", "wild now", "take ５", "take ٥", "take +5",
                "place １,0", "place 1,+0"):  # fmt: skip
        with pytest.raises(NotationError):
            parse_action(bad)
    assert Color.from_letter("b") is Color.BLUE


@pytest.mark.parametrize("players,seed", GAMES[:6])
def test_apply_unchecked_plays_a_legal_action_exactly_as_apply(players: int, seed: int) -> None:
    for state in sampled_states(players, seed):
        for action in state.legal_actions():
            checked, unchecked = state.copy(history=True), state.copy(history=True)
            events = checked.apply(action)
            assert unchecked.apply_unchecked(action) == events
            assert unchecked.signature() == checked.signature()
            assert unchecked.move_stack == checked.move_stack
            unchecked.undo()
            assert unchecked.signature() == state.signature()
