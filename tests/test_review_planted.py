"""Planted blunders at 2, 3 and 4 players, each judged where it was made: a payable
tile left as a wilderness at the payment, a payment lost to a wilderness placement,
and a forest sealed by a placement (R-TAKE-3, R-TAKE-4, R-EFF-FOREST)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest

from orbis_tui.analysis.review import (
    MISTAKE,
    Budget,
    MoveReview,
    _decisions,
    _judge,
    choices,
)
from orbis_tui.bots import ExpertBot, bot_seed
from orbis_tui.engine import (
    DecisionKind,
    ForestSealed,
    GoWild,
    Place,
    TakeTile,
)
from orbis_tui.records import GameRecord, Match
from orbis_tui.records.model import setup_for_game
from test_review_calibration import _blunder_cell, _payments, _wild_where_it_fits

NAMES = ["Ann", "Ben", "Cy", "Di"]
PLAYERS_SIZE = 20  # the expert's iterations for the players of the planted games
FLOOR = 3  # CP of the tile thrown away


def _plant(players: int, blunder: Callable[[Match], int | None]) -> tuple[GameRecord, int]:
    """A game between expert players in which ``blunder`` plants its mistake at the
    first chance (it returns the action number of the planted answer, or None when the
    position offers none); the record stops a few actions later."""
    for seed in range(10, 40):
        match = Match.start(setup_for_game(NAMES[:players], seed, 0))
        # the chance of winning valued at every leaf and the hand leaf, as when these
        # games were chosen
        bots = [
            ExpertBot(
                bot_seed(seed, s),
                iterations=PLAYERS_SIZE,
                victory_chance=True,
                learned_leaf=players != 2,
            )
            for s in range(players)
        ]
        while not match.state.is_over:
            number = blunder(match) if match.state.turn >= players else None
            if number is None:
                match.play(bots[match.state.current].choose(match.state))
                continue
            while len(match.actions) <= number + 4 and not match.state.is_over:
                match.play(bots[match.state.current].choose(match.state))
            return match.record, number
    raise AssertionError("no game offered the blunder")


def wild_at_payment(match: Match) -> int | None:
    cell = _blunder_cell(match.state, FLOOR)
    if cell is None:
        return None
    match.play(TakeTile(cell))
    match.play(GoWild())
    return len(match.actions) - 1


def payment_lost(match: Match) -> int | None:
    cell = _blunder_cell(match.state, FLOOR)
    if cell is None:
        return None
    match.play(TakeTile(cell))
    match.play(next(o.action for o in _payments(match.state) if not o.warnings))
    match.play(_wild_where_it_fits(match.state))
    return len(match.actions) - 1


def forest_sealed(match: Match) -> int | None:
    """At a placement where one spot seals a forest of the player's worth 3 CP or more
    and another, as the tile itself, loses nothing: the sealing spot."""
    state = match.state
    if state.kind is not DecisionKind.PLACE:
        return None
    options = state.decision.legal_options
    sealing = [
        o.action
        for o in options
        if any(isinstance(w, ForestSealed) and w.cp >= FLOOR for w in o.warnings)
    ]
    safe = [
        o for o in options if not o.warnings and isinstance(o.action, Place) and not o.action.wild
    ]
    if not sealing or not safe:
        return None
    match.play(sealing[0])
    return len(match.actions) - 1


BLUNDERS: dict[str, Callable[[Match], int | None]] = {
    "wild_at_payment": wild_at_payment,
    "payment_lost": payment_lost,
    "forest_sealed": forest_sealed,
}


@cache
def judged(players: int, kind: str) -> MoveReview:
    record, number = _plant(players, BLUNDERS[kind])
    decision = {d.index: d for d in _decisions(record)}[number]
    assert decision.judged and choices(decision.state) > 1
    move, _ = _judge(decision, Budget(per_option=4), 0, False, {})
    return move


# Known gaps: (kind, players) the review does not yet find, each with why. None today:
# the forest sealed at 2 players (seed 10, turn 12, a 3-CP forest) and the wilderness
# left at a payment at 4 players (turn 21) were "unclear" while an unclear decision got
# at most 40 worlds (80 with three or four players): their real losses, about 2 CP,
# spread 12.8 and 8 CP per world, and need some 200 to 300 worlds to stand out.
KNOWN_GAPS: set[tuple[str, int]] = set()


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", list(BLUNDERS))
def test_a_planted_blunder_is_a_mistake_at_every_table_size(
    players: int, kind: str, request: pytest.FixtureRequest
) -> None:
    if (kind, players) in KNOWN_GAPS:  # strict: the day it is found, this says so
        reason = "judged unclear, not yet a mistake (see KNOWN_GAPS)"
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))
    move = judged(players, kind)
    assert move.verdict == MISTAKE, (kind, players, move)
    assert move.loss >= 1.0 and move.best != move.played
    if kind != "forest_sealed":  # the wilderness: at the payment, or placed after paying
        assert move.played[-1].endswith("wild")
        assert not move.best[-1].endswith("wild")
