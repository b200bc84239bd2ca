"""The review against measurement: a planted blunder comes out as its player's biggest
mistake (2 and 3 players), and the claimed losses agree with paired playouts to the end."""

from __future__ import annotations

from functools import cache

import pytest

from orbis_tui.analysis.paired import paired_difference, play_futures, turn_worlds
from orbis_tui.analysis.review import GameReview, _decisions, review_record
from orbis_tui.bots import bot_seed
from orbis_tui.bots.expert import ExpertBot
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import (
    DecisionKind,
    EffectKind,
    GameState,
    Option,
    Pay,
    Place,
    TakeTile,
    parse_action,
    wilderness_points,
)
from orbis_tui.records import GameRecord, Match
from orbis_tui.records.model import setup_for_game

PER_OPTION = 4
# The players' search: strong play, small enough for a test. (At 40 iterations the
# expert's own worst decision of a 3-player game cost about 7 CP.)
EXPERT_SIZE = 100
# Tiles whose value is their printed CP once paid and placed: no price to return, no
# neighbours to wait for (a village's return can make a wilderness the better choice).
PLAIN = (EffectKind.NONE, EffectKind.GAIN, EffectKind.STONE, EffectKind.FARM)
NAMES = ["Ann", "Ben", "Cy"]
BLUNDER_CP = 6  # the tile wasted: its CP and the payment lost, -1 CP for the wilderness


def _blunder_cell(state: GameState, floor: int) -> int | None:
    """A market cell whose tile scores ``floor`` CP or more, can be paid now and has a
    spot of its color free: the tile to waste as a wilderness."""
    if state.kind is not DecisionKind.TURN or wilderness_points(state.player) >= 0:
        return None  # (a wilderness costs nothing with the Goddess of Idleness)
    for option in state.decision.legal_options:
        action = option.action
        if not isinstance(action, TakeTile):
            continue
        tile = state.market[action.cell]
        if tile is None or tile.cp < floor or tile.effect.kind not in PLAIN:
            continue
        if option.warnings:  # no spot, a village it cannot feed...: keep the blunder plain
            continue
        after = state.copy()
        after.apply(action)
        if after.kind is DecisionKind.PAY and any(
            isinstance(o.action, Pay) and not o.warnings for o in after.decision.legal_options
        ):
            return action.cell
    return None


@cache
def planted(players: int) -> tuple[GameRecord, int, int]:
    """A game between expert players in which, from round 2, the first seat able to
    take a payable tile of BLUNDER_CP or more with a spot of its color free takes it,
    pays it and places it as a wilderness (R-TAKE-4, R-END-2): the tile's CP and the
    payment are thrown away. The record stops a few actions later. Returns it, the
    action number of the planted wilderness and its seat."""
    for seed in range(10, 40):
        found = _planted_game(players, seed)
        if found is not None:
            return found
    raise AssertionError("no game offered the blunder")


def _planted_game(players: int, seed: int) -> tuple[GameRecord, int, int] | None:
    match = Match.start(setup_for_game(NAMES[:players], seed, 0))
    # One tree, as when these games were chosen: in them the wasted tile is worth its
    # printed CP. (With the default four trees the 2-player blunder falls in round 13 on
    # a spot where a wilderness opens other tiles above, and costs 4 CP, as measured.)
    # (and the chance of winning at every leaf and the hand leaf, as then too)
    bots = [
        ExpertBot(
            bot_seed(seed, seat),
            iterations=EXPERT_SIZE,
            trees=1,
            victory_chance=True,
            learned_leaf=players != 2,
        )
        for seat in range(players)
    ]
    while not match.state.is_over:
        state = match.state
        cell = _blunder_cell(state, BLUNDER_CP) if state.turn >= players else None
        if cell is None:
            match.play(bots[state.current].choose(state))
            continue
        seat = state.current
        match.play(TakeTile(cell))
        match.play(next(o.action for o in _payments(match.state) if not o.warnings))
        number = len(match.actions)
        match.play(_wild_where_it_fits(match.state))
        while len(match.actions) <= number + 4 and not match.state.is_over:
            match.play(bots[match.state.current].choose(match.state))
        return match.record, number, seat
    return None


def _wild_where_it_fits(state: GameState) -> Place:
    """A wilderness on a spot that would take the tile as itself, so that the two
    differ only by the flip."""
    places = [a for a in state.decision_actions() if isinstance(a, Place)]
    fits = {(a.row, a.col) for a in places if not a.wild}
    wild = [a for a in places if a.wild]
    return next((a for a in wild if (a.row, a.col) in fits), wild[0])


def _payments(state: GameState) -> list[Option]:
    return [o for o in state.decision.legal_options if isinstance(o.action, Pay)]


@cache
def reviewed(players: int) -> tuple[GameReview, int, int]:
    record, number, seat = planted(players)
    return review_record(record, seats=[seat], per_option=PER_OPTION, seed=0), number, seat


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_a_planted_wilderness_is_its_players_biggest_mistake(players: int) -> None:
    review, number, seat = reviewed(players)
    summary = review.players[0]
    assert summary.seat == seat
    biggest = summary.biggest[0]
    assert biggest.index == number, summary.biggest
    assert biggest.played[-1].endswith("wild")
    assert not biggest.best[-1].endswith("wild")
    assert biggest.loss >= BLUNDER_CP - 1
    assert "wilderness" in biggest.reason


@pytest.mark.slow  # a whole game reviewed, its losses replayed
def test_claimed_losses_agree_with_paired_playouts_to_the_end() -> None:
    record, number, _ = planted(2)
    review = reviewed(2)[0]
    decisions = {d.index: d for d in _decisions(record)}
    compared = [m for m in review.moves if m.best != m.played]
    assert any(m.index == number for m in compared)
    for move in sorted(compared, key=lambda m: -m.loss)[:3]:
        state = decisions[move.index].state
        worlds = turn_worlds(state, 99, 16)
        planner = QuickPlanner()
        best = [parse_action(t) for t in move.best]
        played = [parse_action(t) for t in move.played]
        real, error = paired_difference(
            play_futures(state, best, worlds, planner, rounds=None),
            play_futures(state, played, worlds, planner, rounds=None),
        )
        assert abs(move.loss - real) <= 2 * (move.stderr + error) + 0.5, (move, real, error)


@pytest.mark.slow  # a whole game reviewed
def test_the_lesson_of_the_game_names_what_weighed_most() -> None:
    review, number, _ = reviewed(2)
    summary = review.players[0]
    assert 1 <= len(summary.lesson) <= 4  # up to three findings, then what to do
    assert summary.lesson[-1].startswith("next time: ")  # a review of one seat says "you"
    mistakes = [m for m in review.moves if m.mistake]
    total = sum(m.loss for m in mistakes)
    planted_round = (next(m for m in mistakes if m.index == number).turn - 1) // 2 + 1
    said = next(line for line in summary.lesson if "clear mistake" in line)
    assert f"{total:.1f} CP" in said and str(planted_round) in said
    assert GameReview.from_json(review.to_json()).players[0].lesson == summary.lesson
