"""Hints noted in a record: where a player asked for a hint, kept, checked and undone."""

from __future__ import annotations

import json
import random

import pytest

from orbis_tui.records import GameRecord, Match, RecordError, load_record, model
from orbis_tui.records.model import setup_for_game


def played(decisions: int, seed: int = 3) -> Match:
    match = Match.start(setup_for_game(["Ann", "Ben"], seed, 0))
    rng = random.Random(seed)
    while len(match.actions) < decisions:
        match.play(rng.choice(match.state.legal_actions()))
    return match


def with_hints(match: Match, hints: object) -> str:
    data = json.loads(match.record.to_json())
    data["hints"] = hints
    return json.dumps(data)


def test_a_hint_noted_in_a_match_is_saved_and_read_back_both_ways() -> None:
    match = played(4)
    match.note_hint()
    match.note_hint()  # the same decision once
    match.play(match.state.legal_actions()[0])
    assert match.record.hints == [4]
    text = match.record.to_json()
    assert json.loads(text)["hints"] == [4]
    assert GameRecord.from_own_json(text) == match.record
    assert model._checked_record(text, "test") == match.record
    record, _ = load_record(text)
    assert record.hints == [4]


def test_a_record_without_hints_has_none_and_writes_no_field() -> None:
    match = played(3)
    assert match.record.hints is None
    assert "hints" not in json.loads(match.record.to_json())


@pytest.mark.parametrize(
    ("hints", "message"),
    [
        ([-1], "hints[0]: -1 is not the number of an action"),
        ([7], "hints[0]: 7 is not the number of an action (0 to 6"),
        ([3, 1], "hints[1]: 1 comes after 3"),
        ([2, 2], "hints[1]: 2 comes after 2"),
        (["1"], "hints.0"),
        ([1.0], "hints.0"),
        (3, "hints"),
    ],
)
def test_hints_that_do_not_number_the_actions_are_refused(hints: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        load_record(with_hints(played(6), hints), source="game.json")
    assert message in str(caught.value)
    assert "game.json" in str(caught.value)


def test_the_pending_decision_may_hold_a_hint() -> None:
    record, _ = load_record(with_hints(played(6), [0, 6]))
    assert record.hints == [0, 6]


def test_undo_forgets_the_hints_of_the_decisions_it_takes_back() -> None:
    match = played(0)
    match.play(match.state.legal_actions()[0])  # take: the turn goes on
    match.note_hint()
    match.play(match.state.legal_actions()[0])
    assert match.record.hints == [1]
    match.undo()
    assert match.record.hints == [1]  # the decision is pending again: its hint stays
    match.undo()
    assert match.record.hints == []


def test_no_hint_is_noted_once_the_game_is_over() -> None:
    match = Match.start(setup_for_game(["Ann", "Ben"], 3, 0))
    rng = random.Random(3)
    while not match.state.is_over:
        match.play(rng.choice(match.state.legal_actions()))
    match.note_hint()
    assert match.record.hints is None
