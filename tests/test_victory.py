"""Playing to win (R-END-5): hints, the review and the searches value the victory first,
the tie-break included, and the CP margin second."""

from __future__ import annotations

import math

import pytest

from builders import R, Seat, W, plain, position, rows
from builders import tile as tile_of
from orbis_tui.analysis import hints
from orbis_tui.analysis.review import MISTAKE, Budget, _Decision, _judge
from orbis_tui.analysis.search import analyse
from orbis_tui.bots import make_bot
from orbis_tui.bots.victory import WIN_VALUE, spread, utilities, win_chance, win_shares
from orbis_tui.engine import GameState, GodId, GoWild, TakeTile, final_scores


def last_turn(rich: int, poor: int, held: str = "RRBB", players: int = 2) -> GameState:
    """The last turn of a two-player game tied on CP (2 each): Ann holds the Apprentice
    Goddess (2 CP) and plain tiles worth nothing, and keeps ``held`` worshipers; Ben (to
    move, the last seat) the Goddess of Love (1 CP) and one tile worth 1 CP among plain
    ones. With three players Cy moves last, as Ben does with two, and Ben holds the
    Goddess of Idleness (1 CP), a 1-CP tile and a single worshiper.
    Cell 4 holds a red tile with ``rich`` worshipers on it, cell 0 one with ``poor``;
    the other cells hold white tiles that only a wilderness spot (-1 CP) takes."""
    market = {4: plain("Rich", R), 0: plain("Poor", R)}
    mover = {**rows(13), (1, 0): plain("One", R, 1)}
    seats = [Seat(rows(14), realm=held, god=GodId.APPRENTICE)]
    if players == 3:
        seats.append(Seat({**rows(14), (1, 0): plain("Two", R, 1)}, "R", GodId.IDLENESS))
    seats.append(Seat(mover, god=GodId.LOVE))
    return position(
        market,
        players=players,
        seats=seats,
        cells={4: "R" * rich, 0: "R" * poor},
        gods=[GodId.OCEANS],
        filler_color=W,
    )


def outcome(state: GameState, cell: int) -> tuple[bool, int]:
    """Whether the mover wins by taking ``cell`` and finishing the turn greedily."""
    from orbis_tui.bots.rollout import QuickPlanner

    after = state.copy()
    seat = after.current
    after.apply(TakeTile(cell))
    for action in QuickPlanner().complete(after, seat)[0]:
        after.apply(action)
    assert after.is_over
    score = final_scores(after)[seat]
    return score.won, score.worshipers


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "HINT_ITERATIONS", 60)


def test_the_position_is_tied_on_cp_and_only_the_worshipers_left_decide() -> None:
    state = last_turn(6, 2)
    assert state.current == 1 and state.turn == state.total_turns - 1
    assert outcome(state, 4) == (True, 6)  # R-END-5: 6 worshipers against Ann's 4
    assert outcome(state, 0) == (False, 2)


@pytest.mark.parametrize(("rich", "poor", "players"), [(6, 2, 2), (5, 1, 2), (9, 3, 2), (6, 2, 3)])
def test_the_top_hint_wins_on_the_tie_break_and_says_its_chance(
    rich: int, poor: int, players: int
) -> None:
    state = last_turn(rich, poor, players=players)
    assert outcome(state, 4) == (True, rich) and outcome(state, 0) == (False, poor)
    options = hints.best_options(state)
    top = options[0]
    assert top.actions[0] == TakeTile(4)
    assert top.win == 1.0
    assert abs(top.margin) < 0.5  # tied on CP: the margin alone cannot tell
    others = [o for o in options[1:] if o.actions[0] != TakeTile(4)]
    assert others and all(o.win == 0.0 for o in others)


def test_the_search_ranks_the_winning_take_first_with_its_chance_of_winning() -> None:
    state = last_turn(6, 2)
    result = analyse(state, per_option=4, include=[TakeTile(0)])
    assert result.best.actions[0] == TakeTile(4)
    assert result.best.win == 1.0
    taken_first = result.estimate_for(TakeTile(0))
    assert taken_first is not None
    assert taken_first.win == 0.0


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_search_levels_take_the_win_on_the_tie_break(level: str) -> None:
    state = last_turn(6, 2)
    assert make_bot(level, seed=1, iterations=4).choose(state) == TakeTile(4)


@pytest.mark.parametrize("players", [2, 3])
def test_the_review_calls_a_lost_tie_break_a_mistake_and_says_why(players: int) -> None:
    state = last_turn(6, 2, players=players)
    options = len(state.decision_actions())
    decision = _Decision(0, 0, state, (TakeTile(0),), (), options)
    move, _ = _judge(decision, Budget(per_option=4), 0, False, {})
    assert move.verdict == MISTAKE
    assert move.best[0] == "take 5"  # cell 4, written from 1
    assert move.played_win == 0.0 and move.best_win == 1.0
    assert move.loss >= WIN_VALUE - 0.5
    assert "100%" in move.reason and "0%" in move.reason
    assert "worshipers left" in move.reason


def test_a_shared_victory_is_shared_and_the_tie_break_counts() -> None:
    assert win_shares([5.04, 5.02, 3.0]) == [1.0, 0.0, 0.0]  # tied on CP, more worshipers
    assert win_shares([5.04, 5.04, 3.0]) == [0.5, 0.5, 0.0]
    assert win_shares([2.0, 2.0, 2.0, 2.0]) == [0.25] * 4


def test_before_the_end_the_chance_of_winning_grows_with_the_margin() -> None:
    assert win_chance(0.0, 5.0) == pytest.approx(0.5)
    assert win_chance(5.0, 5.0) == pytest.approx(0.841, abs=1e-3)
    assert win_chance(-5.0, 5.0) == pytest.approx(0.159, abs=1e-3)
    early, late = last_turn(6, 2), last_turn(6, 2)
    late.turn = early.total_turns - 1
    early.turn = 0
    assert spread(early) > spread(late) > 0


def test_the_utility_is_the_margin_plus_the_victory() -> None:
    state = last_turn(6, 2)
    values = [3.0, 1.0]
    sigma = spread(state)
    expected = [
        2.0 + WIN_VALUE * win_chance(2.0, sigma),
        -2.0 + WIN_VALUE * win_chance(-2.0, sigma),
    ]
    assert utilities(state, values) == pytest.approx(expected)
    assert not math.isnan(utilities(state, values)[0])


def test_a_tie_on_cp_and_worshipers_is_a_shared_victory_in_the_hints() -> None:
    state = last_turn(6, 4)  # cell 0: 4 worshipers, as many as Ann keeps
    shared = next(o for o in hints.best_options(state) if o.actions[0] == TakeTile(0))
    assert shared.win == 0.5


def test_the_hint_box_shows_the_chance_of_winning_before_the_margin() -> None:
    from orbis_tui import i18n
    from orbis_tui.tui.screens.hint import hint_text

    option = hints.HintOption(actions=(), margin=0.02, stderr=0.0, reason="…", win=1.0)
    shown = hint_text([option]).plain
    assert "wins 100% · expected margin +0.0 CP ±\xa00.0" in shown
    i18n.set_language("de")
    try:
        assert "100\xa0%" in hint_text([option]).plain
    finally:
        i18n.set_language("en")


def test_going_wild_where_exchanges_would_pay_is_a_choice_the_review_judges() -> None:
    """R-TURN-2: with RRR a 1G tile is paid after one exchange, so going wild at the
    payment, though the only answer offered before exchanging, is a choice (and a
    mistake); with RR it is the only way."""
    from builders import G
    from orbis_tui.analysis.review import choices

    grove = tile_of("Grove", G, cost="G", cp=4)
    for realm, expected in (("RRR", 2), ("RR", 1)):
        state = position({0: grove}, seats=[Seat(rows(4), realm=realm)])
        state.apply(TakeTile(0))
        assert len(state.decision_actions()) == 1  # going wild, before any exchange
        assert choices(state) == expected
    state = position({0: grove}, seats=[Seat(rows(4), realm="RRR")])
    state.apply(TakeTile(0))
    decision = _Decision(1, 1, state, (GoWild(),), (), choices(state))
    assert decision.judged
    move, _ = _judge(decision, Budget(per_option=4), 0, False, {})
    assert move.verdict == MISTAKE and move.loss >= 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_the_victory_is_the_rules_ranking(players: int) -> None:
    """R-END-5: the searches' victory of a finished game is the engine's own ranking,
    over random games (ties on CP broken by the worshipers left, still tied shared)."""
    import random

    from orbis_tui.bots.heuristics import evaluate
    from orbis_tui.bots.leaf import shipped_leaf
    from orbis_tui.bots.victory import outcomes
    from orbis_tui.tiles import new_game

    for seed in range(12):
        state = new_game(["A", "B", "C", "D"][:players], seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.decision_actions()))
        scores = final_scores(state)
        winners = [s.won for s in scores]
        expected = [1 / sum(winners) if won else 0.0 for won in winners]
        for values in (evaluate(state), shipped_leaf().evaluate(state)):
            assert outcomes(state, values)[1] == pytest.approx(expected)


def test_the_hint_box_says_which_better_option_an_option_ends_exactly_as() -> None:
    from orbis_tui import i18n
    from orbis_tui.tui.screens.hint import hint_text

    first = hints.HintOption(actions=(), margin=-1.4, stderr=2.7, reason="A god.", win=0.44)
    second = hints.HintOption(
        actions=(), margin=-1.4, stderr=2.7, reason="Another god.", win=0.44, same_as=1
    )
    shown = hint_text([first, second]).plain.splitlines()
    tie = "   level with suggestion 1: exactly alike as far as the hint looks ahead"
    assert shown[4] == tie
    assert tie not in shown[:4]
    i18n.set_language("ru")
    try:
        shown_ru = hint_text([first, second]).plain
        assert "вровень с вариантом 1: всё одинаково, насколько видит подсказка" in shown_ru
    finally:
        i18n.set_language("en")
