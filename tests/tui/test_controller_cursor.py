"""The market cursor: each player's own, and no wrapping round onto a take."""

from __future__ import annotations

import random

from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.tiles import new_game
from orbis_tui.tui.core.controller import NEUTRAL_CELL, Controller


def _next_turn(state: GameState, rng: random.Random) -> None:
    seat = state.current
    while state.current == seat or state.kind is not DecisionKind.TURN:
        state.apply(rng.choice(state.legal_actions()))


def test_each_player_finds_the_cursor_where_they_left_it() -> None:
    rng = random.Random(3)
    state = new_game(["Ada", "Bo"], seed=3)
    ui = Controller()
    ui.reset(state)
    assert state.current == 0 and ui.cursor == NEUTRAL_CELL
    ui.select_cell(2)
    _next_turn(state, rng)
    ui.reset(state)
    assert state.current == 1 and ui.cursor == NEUTRAL_CELL  # not where Ada stopped
    ui.select_cell(6)
    _next_turn(state, rng)
    ui.reset(state)
    assert state.current == 0
    assert ui.cursor == 2 or state.market[2] is None  # Ada's own (unless that cell is empty)
    _next_turn(state, rng)
    ui.reset(state)
    assert ui.cursor == 6 or state.market[6] is None  # and Bo's


def test_the_cursor_stops_at_the_market_edge() -> None:
    ui = Controller()
    for cell, direction in [(1, "up"), (7, "down"), (3, "left"), (5, "right")]:
        ui.select_cell(cell)
        assert ui.move_cursor(direction) is False
        assert ui.cursor == cell
    ui.select_cell(4)
    assert ui.move_cursor("up") is True and ui.cursor == 1
