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
