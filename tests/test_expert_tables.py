"""The expert's settings by table size: with four players the greedy favourite stays
the move unless the search finds another plan better by a clear margin."""

from __future__ import annotations

import pytest

from orbis_tui.bots import ExpertBot, MediumBot, bot_seed
from orbis_tui.bots.expert import TABLE_SETTINGS
from orbis_tui.bots.ismcts import Candidate, SearchResult
from orbis_tui.engine import Action, DecisionKind, GameState, GoWild
from orbis_tui.tiles import new_game


def turn_start(players: int, seed: int, turn: int) -> GameState:
    """The start of turn ``turn`` of a game between medium players."""
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    while state.turn < turn or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


def candidate(actions: tuple[Action, ...], visits: int, total: float) -> Candidate:
    return Candidate(actions, visits=visits, total=total)


def test_a_prior_keeps_the_first_candidate_unless_another_beats_it_by_that_much() -> None:
    first = candidate((GoWild(),), 4, 4.0)  # mean 1.0
    better = candidate((), 4, 7.0)  # mean 1.75
    result = SearchResult(0, [first, better], alive=[0, 1])
    assert result.best() is better
    result.prior = 1.0
    assert result.best() is first
    result.prior = 0.5
    assert result.best() is better
    result.prior = 1.0
    result.alive = [1]  # the first was cut: the prior has nothing to keep
    assert result.best() is better


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_prior_is_the_expert_default_with_four_players_only(players: int) -> None:
    state = turn_start(players, seed=6, turn=2 * players)
    bot = ExpertBot(3, iterations=6)
    bot.choose(state)
    assert bot.last is not None
    assert bot.last.prior == TABLE_SETTINGS.get(players, {}).get("prior", 0.0)
    assert bot.last.prior == (1.0 if players == 4 else 0.0)
    mine = ExpertBot(3, iterations=6, prior=0.0)  # a caller's setting wins
    mine.choose(state)
    assert mine.last is not None and mine.last.prior == 0.0


def test_with_four_players_the_expert_keeps_the_favourite_a_close_rival_would_replace() -> None:
    state = turn_start(4, seed=6, turn=4)
    keeps = ExpertBot(3, iterations=12)
    free = ExpertBot(3, iterations=12, prior=0.0)
    move, other = keeps.choose(state), free.choose(state)
    assert keeps.last is not None and free.last is not None
    # the same search: the prior changes only the choice at its end
    assert [(c.visits, c.total) for c in keeps.last.candidates] == [
        (c.visits, c.total) for c in free.last.candidates
    ]
    first = keeps.last.candidates[0]
    rival = free.last.best()
    assert move == first.actions[0]
    assert other == rival.actions[0] != move
    assert first.mean < rival.mean < first.mean + 1.0


def test_in_the_middle_of_a_turn_there_is_no_favourite_to_keep() -> None:
    state = turn_start(4, seed=6, turn=4)
    medium = MediumBot(1)
    searched = 0
    while state.turn < 12:
        if state.kind is not DecisionKind.TURN:
            expert = ExpertBot(3, iterations=6)
            expert.choose(state)
            if expert.last is not None:  # more than one sensible answer: a search ran
                assert expert.last.prior == 0.0
                searched += 1
        state.apply(medium.choose(state))
    assert searched


@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_a_finished_games_victory_counts(players: int) -> None:
    """At every table size the expert values a leaf before the end by its margin
    (measured stronger with two and three players than with the chance of winning
    read from it); a caller's choice wins."""
    assert ExpertBot(3, iterations=6).table_settings(players).victory_chance is False
    mine = ExpertBot(3, iterations=6, victory_chance=True)
    assert mine.table_settings(players).victory_chance is True
