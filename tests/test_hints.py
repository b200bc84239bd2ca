"""Hints' numbers: compared on common worlds, carried on from one step of a turn to the
next, with an uncertainty that includes the evaluation's own error."""

from __future__ import annotations

import pytest

from orbis_tui.analysis import hints
from orbis_tui.analysis.paired import EVALUATION_ERROR
from orbis_tui.bots.medium import MediumBot
from orbis_tui.bots.victory import WIN_VALUE
from orbis_tui.engine import TakeTile
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "HINT_ITERATIONS", 60)


@pytest.mark.parametrize("seed", [3, 5, 9])
def test_the_next_steps_hint_agrees_with_the_first_within_both_uncertainties(seed: int) -> None:
    match = Match.start(setup_for_game(["Ada", "Bo"], seed, 0))
    bots = [MediumBot(seed * 10 + seat) for seat in range(2)]
    while True:  # the first turn whose hinted answer leaves a decision of the same turn
        state = match.state.copy()
        first = hints.best_options(state)
        chosen = first[0]
        after = state.copy()
        for action in chosen.actions:
            after.apply(action)
        if after.current == state.current and after.turn == state.turn:
            break
        while match.state.turn == state.turn:
            match.play(bots[match.state.current].choose(match.state))
    following = hints.best_options(after)
    best_next = following[0]
    assert abs(best_next.margin - chosen.margin) <= chosen.stderr + best_next.stderr


def test_the_uncertainty_shown_covers_the_evaluation_not_only_the_sampling() -> None:
    state = Match.start(setup_for_game(["Ada", "Bo"], 4, 0)).state
    for option in hints.best_options(state):
        assert option.stderr >= EVALUATION_ERROR


def test_a_hint_ranks_its_options_by_the_victory_and_the_margin_on_the_same_worlds() -> None:
    state = Match.start(setup_for_game(["Ada", "Bo"], 6, 0)).state
    options = hints.best_options(state)
    values = [o.margin + WIN_VALUE * o.win for o in options]
    assert values == pytest.approx(sorted(values, reverse=True))
    assert all(0.0 <= o.win <= 1.0 for o in options)
    assert all(isinstance(o.actions[-1], TakeTile) or o.actions for o in options)


def test_options_whose_futures_end_alike_on_every_world_say_which_they_match() -> None:
    """On this deal's first turn, two gods and a tile end exactly alike in every world
    the hint plays (the same position reached in another order, two rounds on): the
    second and the third say they match the first, so the player is not left to
    wonder why three options carry the same figures."""
    state = Match.start(setup_for_game(["Ada", "Bo"], 3, 0)).state
    options = hints.best_options(state)
    assert [o.same_as for o in options] == [0, 1, 1]
    assert len({(o.margin, o.win) for o in options}) == 1


def test_options_that_differ_somewhere_match_none() -> None:
    state = Match.start(setup_for_game(["Ada", "Bo"], 6, 0)).state
    options = hints.best_options(state)
    assert len({(o.margin, o.win) for o in options}) == len(options) == 3
    assert [o.same_as for o in options] == [0, 0, 0]


def test_a_match_is_the_first_better_option_whose_every_world_ended_alike() -> None:
    from orbis_tui.analysis.paired import Futures

    def futures(*values: float, wins: float = 0.5) -> Futures:
        return Futures((), values, False, margins=values, wins=(wins,) * len(values))

    first, second = futures(1.0, 2.0), futures(1.0, 2.0)
    assert hints._same_as([first, second], futures(1.0, 2.0)) == 1
    assert hints._same_as([futures(2.0, 1.0), second], futures(1.0, 2.0)) == 2  # same mean
    assert hints._same_as([first], futures(1.0, 2.0, wins=0.4)) == 0
    assert hints._same_as([], futures(1.0, 2.0)) == 0
