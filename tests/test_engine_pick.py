"""``state.decision.pick``: how many worshipers the player picks, and from which limit.

The table's picks (the app's, the plain seat's) read only this; it is checked here
against the rules, kind by kind, and against the answers the engine finds legal.
"""

from __future__ import annotations

import random

import pytest

from builders import NAMES, at_decision, count, realm
from orbis_tui.engine import (
    DEATH_PRICE,
    LOVE_GIFT,
    Action,
    ChooseGain,
    ChooseWorshipers,
    Count,
    DecisionKind,
    Discard,
    GameState,
    Pay,
    PickSpec,
    ReturnWorshipers,
    bounded_multisets,
)
from orbis_tui.tiles import new_game

# at_decision's realm: RRRRBBGGWW (a discard's: RRRRBBGGWWWWW, after three more W).


def test_R_TAKE_3_a_payment_picks_its_any_symbols_from_what_the_colored_cost_leaves() -> None:
    decision = at_decision(DecisionKind.PAY).decision  # cost G B and two "any"
    assert decision.pick == PickSpec(2, count("RRRRBGWW"))
    assert decision.due_any == 2 and decision.any_from == count("RRRRBGWW")


def test_R_EFF_GAIN_a_gain_of_any_color_picks_one_from_the_supply() -> None:
    assert at_decision(DecisionKind.GAIN).decision.pick == PickSpec(1, None)


def test_R_GOD_2_the_goddess_of_love_gives_five_of_the_players_choice_from_the_supply() -> None:
    assert at_decision(DecisionKind.LOVE).decision.pick == PickSpec(LOVE_GIFT, None)
    assert LOVE_GIFT == 5


def test_R_EFF_VILLAGE_a_village_picks_its_returns_from_the_realm() -> None:
    state = at_decision(DecisionKind.VILLAGE)  # a village returning 3
    assert state.decision.pick == PickSpec(3, realm(state))
    assert state.decision.returns == 3 and state.decision.discard == 0


def test_R_GOD_2_the_god_of_death_picks_six_returns_from_the_realm() -> None:
    state = at_decision(DecisionKind.DEATH)
    assert state.decision.pick == PickSpec(DEATH_PRICE, realm(state))
    assert DEATH_PRICE == 6 and state.decision.returns == 6


def test_R_TURN_3_a_discard_picks_down_to_ten_from_the_realm() -> None:
    state = at_decision(DecisionKind.DISCARD)
    assert realm(state) == count("RRRRBBGGWWWWW")
    assert state.decision.pick == PickSpec(3, realm(state))
    assert state.decision.discard == 3 and state.decision.returns == 0


@pytest.mark.parametrize(
    "kind", [DecisionKind.TURN, DecisionKind.PLACE, DecisionKind.VOLCANO, DecisionKind.OVER]
)
def test_a_decision_answered_otherwise_picks_no_worshipers(kind: DecisionKind) -> None:
    decision = at_decision(kind).decision
    assert decision.pick is None
    assert (decision.due_any, decision.returns, decision.discard) == (0, 0, 0)


def _picked(action: Action) -> Count | None:
    if isinstance(action, Pay):
        return action.any_colors
    if isinstance(action, ChooseGain):
        return tuple(int(c == action.color) for c in range(5))
    if isinstance(action, ChooseWorshipers | ReturnWorshipers | Discard):
        return action.colors
    return None


def _check(state: GameState) -> bool:
    """The legal picks are exactly the multisets the spec allows; False when the
    decision picks none (or no payment is affordable)."""
    spec = state.decision.pick
    picked = {p for a in state.decision_actions() if (p := _picked(a)) is not None}
    if spec is None:
        assert not picked
        return False
    if state.kind is DecisionKind.PAY and not picked:  # the colored cost is not covered
        return False
    limit = spec.limit if spec.limit is not None else (spec.count,) * 5
    assert picked == set(bounded_multisets(limit, spec.count)), state.kind
    return True


def test_every_legal_pick_is_one_the_spec_allows_and_the_reverse() -> None:
    """Over random games and the hand-made states of each kind: the answers the engine
    finds legal pick exactly ``count`` worshipers within ``limit`` (R-TAKE-3,
    R-EFF-GAIN, R-EFF-VILLAGE, R-GOD-2, R-TURN-3)."""
    seen: set[DecisionKind] = set()
    for kind in DecisionKind:
        state = at_decision(kind)
        if _check(state):
            seen.add(kind)
    for seed in range(12):
        state = new_game(list(NAMES[: 2 + seed % 3]), seed=seed, first_player=0)
        rng = random.Random(seed)
        while not state.is_over:
            if _check(state):
                seen.add(state.kind)
            state.apply(rng.choice(state.decision_actions()))
    assert seen == {
        DecisionKind.PAY,
        DecisionKind.GAIN,
        DecisionKind.LOVE,
        DecisionKind.VILLAGE,
        DecisionKind.DEATH,
        DecisionKind.DISCARD,
    }
