"""What the table's choice starts as: the pick the engine asks for, filled by the app's
default policy (most plentiful first, or from the supply the colors the realm lacks)."""

from __future__ import annotations

import pytest

from builders import Seat, at_decision, count, position, rows
from orbis_tui.engine import DecisionKind, GodId, TakeGod
from orbis_tui.tui.core.controller import Controller

# at_decision's realm: RRRRBBGGWW (a discard's: RRRRBBGGWWWWW).
DEFAULTS = [
    # R-TAKE-3: two "any" from RRRRBGWW (cost G B paid), the most plentiful first
    (DecisionKind.PAY, 2, count("RRRRBGWW"), "RR"),
    # R-EFF-GAIN: the color the realm lacks (no O)
    (DecisionKind.GAIN, 1, None, "O"),
    # R-GOD-2, Love: five, each the color the realm then has fewest of
    (DecisionKind.LOVE, 5, None, "BOOOG"),
    # R-EFF-VILLAGE: three from the most plentiful color
    (DecisionKind.VILLAGE, 3, count("RRRRBBGGWW"), "RRR"),
    # R-GOD-2, Death: six, one at a time from the largest pile left
    (DecisionKind.DEATH, 6, count("RRRRBBGGWW"), "RRRBGW"),
    # R-TURN-3: three down to ten
    (DecisionKind.DISCARD, 3, count("RRRRBBGGWWWWW"), "RWW"),
]


@pytest.mark.parametrize(("kind", "need", "limit", "chosen"), DEFAULTS)
def test_each_pick_starts_as_the_engine_asks_with_the_default_policy(
    kind: DecisionKind, need: int, limit: tuple[int, ...] | None, chosen: str
) -> None:
    state = at_decision(kind)
    ui = Controller()
    ui.reset(state)
    assert ui.pick is not None
    assert (ui.pick.need, ui.pick.limit, ui.pick.value) == (need, limit, count(chosen))
    assert ui.picks_colors(state)  # the color keys change it
    action = ui.confirm(state)
    assert action is not None and state.why_not(action) is None  # Enter plays it


@pytest.mark.parametrize(
    "kind", [DecisionKind.TURN, DecisionKind.PLACE, DecisionKind.VOLCANO, DecisionKind.OVER]
)
def test_no_pick_where_no_worshipers_are_chosen(kind: DecisionKind) -> None:
    state = at_decision(kind)
    ui = Controller()
    ui.reset(state)
    assert ui.pick is None and not ui.picks_colors(state)


def test_R_TURN_1_the_last_turn_without_a_god_starts_on_the_first_god_offered() -> None:
    state = position(seats=[Seat(rows(14)), Seat(rows(14), god=GodId.LOVE)])
    assert state.decision.must_take_god
    ui = Controller()
    ui.reset(state)
    assert ui.god is not None and ui.god is state.gods_available[0]
    assert ui.confirm(state) == TakeGod(ui.god)
    ui.reset(at_decision(DecisionKind.TURN))  # not the last turn: the market's cursor
    assert ui.god is None
