"""The coach without the app: what it advises and why an option is not available, in
the walkthrough's texts."""

from __future__ import annotations

import pytest

from learn_driver import advance_to, follow_one, fresh
from orbis_tui.engine import (
    DecisionKind,
    Exchange,
    GodId,
    Place,
    TakeGod,
    TakeTile,
    parse_action,
)
from orbis_tui.learn import (
    Advised,
    Coach,
    load_script,
)


@pytest.fixture(scope="module")
def script():
    return load_script()


# ------------------------------------------------------------------ the coach
def test_the_coach_uses_the_walkthroughs_texts(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "row-one")
    coach = Coach(script)
    refused = walkthrough.play("place 1,3").reason
    assert coach.explain(walkthrough.state, parse_action("place 1,3")) == refused
    advice = coach.advise(walkthrough.state)
    assert advice.kind is DecisionKind.PLACE
    assert advice.phase == script.phase_text(DecisionKind.PLACE) == walkthrough.phase()
    spots = {(o.action.row, o.action.col): o for o in advice.options if isinstance(o.action, Place)}
    assert spots[(1, 1)].available and spots[(1, -1)].available
    assert not spots[(2, 0)].available
    assert spots[(2, 0)].reason is not None
    assert spots[(2, 0)].reason.rule == "R-PLACE-2"
    assert spots[(2, 0)].reason.rule_text == script.rule_text("R-PLACE-2")


def rule_of(option: Advised) -> str:
    """The rule an unavailable option breaks."""
    assert option.reason is not None, option
    return option.reason.rule


def test_the_coach_explains_a_colour_mismatch(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "forest-place")
    advice = Coach(script).advise(walkthrough.state)
    reasons = {rule_of(o) for o in advice.unavailable if isinstance(o.action, Place)}
    assert "R-PLACE-3" in reasons


def test_the_coach_explains_exchanges_and_gods(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "temple-take")
    advice = Coach(script).advise(walkthrough.state)
    exchanges = [o for o in advice.options if isinstance(o.action, Exchange)]
    assert len(exchanges) == 5
    short = [o for o in exchanges if not o.available]
    assert short and all(rule_of(o) == "R-TURN-2" for o in short)
    gods = {o.action.god: o for o in advice.options if isinstance(o.action, TakeGod)}
    assert GodId.DEATH not in gods  # Mira has him: the table no longer shows him
    assert gods[GodId.OCEANS].available and gods[GodId.OCEANS].label == (
        "take the God of the Oceans"
    )


def test_the_coach_dims_every_god_once_one_is_taken(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "opponent-god")
    state = walkthrough.state.copy()
    state.current = script.opponent  # Mira, who has her god, on her turn
    advice = Coach(script).advise(state)
    gods = [o for o in advice.options if isinstance(o.action, TakeGod)]
    assert gods and all(rule_of(o) == "R-TURN-1" for o in gods)


def test_the_coach_shows_only_spots_that_could_be_filled(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "forest-place")
    advice = Coach(script).advise(walkthrough.state)
    spots = [(o.action.row, o.action.col) for o in advice.options if isinstance(o.action, Place)]
    assert (2, -3) not in spots  # its left support would be a sixth bottom tile
    assert (2, -2) in spots


def test_the_coach_warns_about_a_tile_that_cannot_be_paid(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "wild-take")
    advice = Coach(script).advise(walkthrough.state)
    scorched = next(o for o in advice.options if o.action == TakeTile(5))
    assert scorched.available and scorched.note
    assert "exchange" in scorched.note


def test_the_coach_explains_an_unaffordable_payment(script):
    walkthrough = fresh(script)
    advance_to(walkthrough, "wild-pay")
    advice = Coach(script).advise(walkthrough.state)
    pay, wild = advice.options[0], advice.options[1]
    assert pay.reason is not None
    assert pay.reason.rule == "R-TAKE-3" and wild.available


def test_the_coach_labels_every_option_in_words(script):
    walkthrough = fresh(script)
    coach = Coach(script)
    while not walkthrough.finished:
        if not walkthrough.state.is_over:
            for option in coach.advise(walkthrough.state).options:
                assert option.label and "{" not in option.label
        follow_one(walkthrough)
