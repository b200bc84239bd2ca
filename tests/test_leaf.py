"""The learned leaf evaluation: the parts it weighs add up to the hand evaluation, the
shipped numbers load and score every table size, and the search can use it."""

from __future__ import annotations

import json
import random

import pytest

from orbis_tui.bots import ExpertBot, MediumBot, bot_seed
from orbis_tui.bots.expert import LEARNED_LEAF_TABLES
from orbis_tui.bots.heuristics import (
    TERM_NAMES,
    Context,
    evaluate,
    seat_terms,
    seat_value,
    temple_tokens,
)
from orbis_tui.bots.ismcts import SearchSettings, TurnSearch, root_candidates
from orbis_tui.bots.leaf import LeafModel, leaf_features, position_features, shipped_leaf
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.tiles import new_game


def positions(players: int, seed: int) -> list[GameState]:
    """The start of every turn of a game between medium players, and its end."""
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    seen = []
    while not state.is_over:
        if state.kind is DecisionKind.TURN:
            seen.append(state.copy())
        state.apply(bots[state.current].choose(state))
    return [*seen, state]


@pytest.mark.parametrize("players", [2, 4])
def test_the_parts_add_up_to_the_hand_evaluation(players: int) -> None:
    for state in positions(players, seed=11):
        ctx = Context(state)
        tokens = temple_tokens(state, ctx)
        for seat in range(players):
            terms = seat_terms(state, seat, ctx, tokens)
            assert len(terms) == len(TERM_NAMES)
            assert sum(terms) == pytest.approx(seat_value(state, seat, ctx, tokens), abs=1e-9)


def test_with_the_hand_weights_the_model_is_the_hand_evaluation() -> None:
    ones = tuple([1.0] * len(TERM_NAMES) + [0.0] * len(TERM_NAMES) + [0.0, 0.0])
    model = LeafModel({3: ones})
    for state in positions(3, seed=4)[::5]:
        assert model.evaluate(state) == pytest.approx(evaluate(state), abs=1e-9)


def test_the_shipped_numbers_score_every_table_size_and_the_end_as_it_is() -> None:
    model = shipped_leaf()
    assert set(model.coefficients) == {2, 3, 4}
    for players in (2, 3, 4):
        seen = positions(players, seed=players)
        middle, end = seen[len(seen) // 2], seen[-1]
        values = model.evaluate(middle)
        assert len(values) == players
        assert values != evaluate(middle)
        assert model.evaluate(end) == evaluate(end)


def test_weights_fitted_on_other_parts_are_refused(tmp_path) -> None:
    data = shipped_leaf().as_json()
    data["terms"] = ["pyramid"]
    path = tmp_path / "leaf.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="other parts"):
        shipped_leaf(path)
    data = shipped_leaf().as_json()
    data["coefficients"] = {"2": [1.0, 2.0]}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match="2 leaf weights"):
        shipped_leaf(path)


def test_features_are_the_parts_then_the_parts_by_the_share_left() -> None:
    assert leaf_features([1.0, 2.0], 0.5) == [1.0, 2.0, 0.5, 1.0, 1.0, 0.5]
    state = positions(2, seed=1)[6]
    assert len(position_features(state)) == 2


def test_the_search_runs_with_the_learned_leaf_and_repeats_itself() -> None:
    state = positions(4, seed=2)[12]

    def search() -> list:
        rng = random.Random(5)
        planner = QuickPlanner()
        world = state.resample_hidden(rng)
        settings = SearchSettings(iterations=12, learned_leaf=True, own_turn=True)
        candidates = root_candidates(world, planner, settings.root_width)
        result = TurnSearch(world, candidates, rng, settings, planner).run()
        return [(c.visits, c.total) for c in result.candidates]

    first = search()
    assert sum(visits for visits, _ in first) == 12
    assert search() == first


def stats(bot: ExpertBot, state: GameState) -> list[tuple[int, float]]:
    bot.choose(state)
    assert bot.last is not None
    return [(c.visits, c.total) for c in bot.last.candidates]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_scores_its_leaves_with_the_learned_evaluation_at_every_table_size(
    players: int,
) -> None:
    """Held-out matches measured it at every size (docs/bots.md): with two players
    72.3% and 74.5% of 300 games against hard, against 69.8% and 71.3% by hand."""
    state = positions(players, seed=6)[3 * players]
    default = stats(ExpertBot(3, iterations=9), state)
    learned = stats(ExpertBot(3, iterations=9, learned_leaf=True), state)
    hand = stats(ExpertBot(3, iterations=9, learned_leaf=False), state)
    assert players in LEARNED_LEAF_TABLES
    assert default == learned
    assert learned != hand
