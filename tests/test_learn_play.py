"""The walkthrough (``orbis learn``) played without the app: the whole guided game
replayed, how the runner treats wrong moves, and stepping back."""

from __future__ import annotations

import pytest

from learn_driver import advance_to, finish, fresh
from orbis_tui.engine import (
    Color,
    DecisionKind,
    Exchange,
    GodId,
    TakeGod,
    TakeTile,
    final_scores,
)
from orbis_tui.learn import (
    Outcome,
    Walkthrough,
    load_script,
)


@pytest.fixture(scope="module")
def script():
    return load_script()


# ------------------------------------------------------------------ the whole game
def test_the_whole_walkthrough_completes_by_its_expected_moves(script):
    walkthrough = fresh(script)
    moves = finish(walkthrough)
    state = walkthrough.state
    assert walkthrough.finished and state.is_over
    assert moves >= 40
    scores = final_scores(state)
    learner = scores[script.learner]
    assert learner.won and learner.total > scores[script.opponent].total
    # the lessons left their mark: a validated forest and irrigation, a temple token
    counts = learner.counts
    assert counts["forest"] == 1 and counts["irrigation"] == 1 and counts["village"] == 2
    assert learner.temple_token == 7


def test_the_opponent_follows_its_script_on_the_planned_path(script, monkeypatch):
    def no_fallback(self, state):
        raise AssertionError("the scripted opponent fell back")

    monkeypatch.setattr(Walkthrough, "_fallback", no_fallback)
    walkthrough = fresh(script)
    finish(walkthrough)
    opponent_turns = script.model.scenario.opponent
    played = [a for a in walkthrough.match.actions]
    for turn in opponent_turns:
        for text in turn.split(";"):
            assert text.strip() in played


def test_a_different_free_choice_still_reaches_the_end(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "free-turn")
    # take something else than the suggested tile, then whatever is legal
    suggested = walkthrough.suggestion()
    other = next(
        a
        for a in walkthrough.state.decision_actions()
        if isinstance(a, TakeTile) and a != suggested
    )
    assert walkthrough.play(other).outcome is Outcome.PROGRESS
    while walkthrough.step is not None and walkthrough.step.id == "free-turn":
        assert walkthrough.play(walkthrough.state.decision_actions()[0]).accepted
    finish(walkthrough)
    assert walkthrough.state.is_over


def test_the_god_step_accepts_either_god(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "god")
    assert walkthrough.play(TakeGod(GodId.LOVE)).outcome is Outcome.PROGRESS
    assert walkthrough.state.kind is DecisionKind.LOVE
    assert walkthrough.step is not None
    while walkthrough.step.id == "god":
        assert walkthrough.play(walkthrough.state.decision_actions()[0]).accepted
    finish(walkthrough)
    assert walkthrough.state.players[script.learner].god is GodId.LOVE


# ------------------------------------------------------------------ wrong moves
def test_an_illegal_move_is_refused_with_its_rule_and_nothing_changes(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "row-one")
    before = walkthrough.state.signature()
    actions = list(walkthrough.match.actions)
    feedback = walkthrough.play("place 1,3")
    assert feedback.outcome is Outcome.ILLEGAL
    assert feedback.reason is not None and feedback.reason.rule == "R-PLACE-1"
    assert feedback.reason.rule_text == script.rule_text("R-PLACE-1")
    assert "end" in feedback.message and "column" not in feedback.message
    assert walkthrough.state.signature() == before
    assert walkthrough.match.actions == actions
    assert walkthrough.step is not None
    assert walkthrough.step.id == "row-one"


@pytest.mark.parametrize(
    ("step_id", "move", "rule"),
    [
        ("first-place", "place 2,0", "R-PLACE-2"),
        ("row-two", "place 2,1", "R-PLACE-2"),
        ("exchange", "exchange B>O", "R-TURN-2"),
        ("exchange", "pay", "R-TAKE-3"),
        ("wild-place", "place 1,-1", "R-TAKE-3"),
        ("limit", "discard WW", "R-TURN-3"),
        ("temple-take", "god death", "R-SETUP-2"),
        ("irrigation-place", "place 3,-1", "R-PLACE-2"),
        ("village-return", "return B", "R-EFF-VILLAGE"),
    ],
)
def test_wrong_moves_are_explained_by_their_rule(script, step_id, move, rule):
    walkthrough = fresh(script)
    advance_to(walkthrough, step_id)
    before = walkthrough.state.signature()
    feedback = walkthrough.play(move)
    assert feedback.outcome is Outcome.ILLEGAL, feedback
    assert feedback.reason is not None
    assert feedback.reason.rule == rule
    assert feedback.reason.rule_text
    assert walkthrough.state.signature() == before
    assert walkthrough.step is not None
    assert walkthrough.step.id == step_id


def test_a_legal_move_off_the_lesson_gets_the_steps_reason(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "row-one")
    before = walkthrough.state.signature()
    feedback = walkthrough.play("place 1,-1")
    assert feedback.outcome is Outcome.OFF_LESSON
    assert walkthrough.step is not None
    assert walkthrough.step.why is not None
    spot = script.messages.spot_fine.format(spot="at the left end of your bottom row")
    assert feedback.message == f"{spot} {walkthrough.step.why}"
    assert feedback.expected == "place the tile at the right end of your bottom row"
    assert walkthrough.state.signature() == before


def test_a_spot_off_the_lesson_is_said_for_what_it_is_before_the_lessons_reason(script):
    """R-EFF-IRRIGATION, R-PLACE-3: the spot beside the lesson's also has the wilderness
    beneath it; the refusal says that spot loses nothing and why the lesson wants the
    other, never that only the lesson's spot can water the irrigation."""
    walkthrough = fresh(script)
    advance_to(walkthrough, "irrigation-place")
    feedback = walkthrough.play("place 2,-2")
    assert feedback.outcome is Outcome.OFF_LESSON
    spot = "on row 2, on Hissing Vent and your wilderness"
    assert feedback.message.startswith(script.messages.spot_fine.format(spot=spot))
    assert "either spot above it" in feedback.message
    assert "Only the wilderness" not in feedback.message


def test_the_lessons_spot_as_a_wilderness_is_refused_with_what_it_would_lose(script):
    """R-END-2: Enter on the right spot in the wrong mode says what the wilderness loses."""
    walkthrough = fresh(script)
    advance_to(walkthrough, "irrigation-place")
    feedback = walkthrough.play("place 2,-1 wild")
    assert feedback.outcome is Outcome.OFF_LESSON
    head = script.messages.spot_loses.split("{losses}")[0]
    spot = "on row 2, on your wilderness and Lantern Hill"
    assert feedback.message.startswith(head.format(spot=spot))
    assert "-1 CP" in feedback.message


def test_an_off_lesson_move_without_a_reason_names_the_expected_move(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "village-pay")
    assert walkthrough.step is not None
    assert walkthrough.step.why is None
    feedback = walkthrough.play("wild")
    assert feedback.outcome is Outcome.OFF_LESSON
    assert feedback.message == script.messages.off_lesson.format(expected="pay the cost")


def test_reading_steps_wait_for_continue_and_move_steps_for_a_move(script):
    walkthrough = fresh(script)
    assert walkthrough.step is not None
    assert walkthrough.step.is_continue
    assert walkthrough.play("take 2").outcome is Outcome.NOT_NOW
    walkthrough.proceed()
    walkthrough.proceed()
    assert walkthrough.step.id == "first-take"
    feedback = walkthrough.proceed()
    assert feedback.outcome is Outcome.NOT_NOW
    assert "cell 2 (Lantern Hill)" in feedback.message
    assert walkthrough.step.id == "first-take"


def test_exchanges_are_free_in_a_free_step(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "free-turn")
    assert walkthrough.play("take 8").outcome is Outcome.PROGRESS
    realm = walkthrough.state.player.realm
    give = max(Color, key=lambda c: realm[c])
    assert realm[give] >= 3
    feedback = walkthrough.play(Exchange(give, Color((give + 1) % 5)))
    assert feedback.outcome is Outcome.PROGRESS
    assert walkthrough.step is not None
    assert walkthrough.step.id == "free-turn"


# ------------------------------------------------------------------ stepping back
def test_step_back_returns_to_the_start_of_the_previous_step(script):
    walkthrough = fresh(script)
    reference = fresh(script)
    advance_to(reference, "wild-pay")
    at_wild_pay = reference.state.signature()
    advance_to(walkthrough, "wild-place")
    assert walkthrough.back()
    assert walkthrough.step is not None
    assert walkthrough.step.id == "wild-pay"
    assert walkthrough.state.signature() == at_wild_pay
    # and it can go on again from there
    finish(walkthrough)
    assert walkthrough.state.is_over


def test_step_back_across_the_opponents_turn(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "refill")  # Mira has played her first turn
    assert walkthrough.state.players[script.opponent].turns == 1
    assert walkthrough.back()
    assert walkthrough.step is not None
    assert walkthrough.step.id == "first-place"
    assert walkthrough.state.players[script.opponent].turns == 0
    assert walkthrough.state.kind is DecisionKind.PLACE
    assert walkthrough.play("place 1,0").outcome is Outcome.ADVANCED
    assert walkthrough.state.players[script.opponent].turns == 1


def test_step_back_first_undoes_the_moves_made_in_the_step(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "free-turn")
    start = len(walkthrough.match.actions)
    suggested = walkthrough.suggestion()
    assert suggested is not None
    walkthrough.play(suggested)
    assert len(walkthrough.match.actions) == start + 1
    assert walkthrough.back()
    assert walkthrough.step is not None
    assert walkthrough.step.id == "free-turn"
    assert len(walkthrough.match.actions) == start


def test_step_back_all_the_way(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "collect")
    while walkthrough.back():
        pass
    assert walkthrough.index == 0
    assert walkthrough.match.actions == []
    assert not walkthrough.can_back()
