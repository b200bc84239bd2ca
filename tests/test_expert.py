"""The expert level's search and the analysis API built on it: legal, reproducible play,
the search (not a rule) choosing among gods and tiles, and estimates the hint and review
features can rely on. Small, seeded searches only: strength is measured by commands."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import pairwise

import pytest

from builders import R, W, fill_pyramid, make_game, plain, set_realm, tile
from orbis_tui.analysis import analyse
from orbis_tui.bots import ExpertBot, MediumBot
from orbis_tui.bots.fair import decision_rng
from orbis_tui.bots.heuristics import Context, seat_value, temple_tokens
from orbis_tui.bots.ismcts import (
    Candidate,
    SearchResult,
    SearchSettings,
    TurnSearch,
    turn_candidates,
    ucb_pick,
)
from orbis_tui.bots.planner import Planner
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import (
    DecisionKind,
    Exchange,
    GameState,
    GodId,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    problems,
)
from orbis_tui.tiles import new_game


def small_expert(seed: int) -> ExpertBot:
    return ExpertBot(seed, iterations=10, root_width=4, width=2, tree_turns=2, rollout_turns=1)


def play(bots: list, seed: int) -> tuple[GameState, list]:
    state = new_game([f"P{i}" for i in range(len(bots))], seed=seed, first_player=0)
    log = []
    while not state.is_over:
        action = bots[state.current].choose(state)
        assert state.why_not(action) is None, action
        state.apply(action)
        log.append(action)
        assert not problems(state)
    return state, log


def midgame(seed: int = 3, turns: int = 8) -> GameState:
    state = new_game(["A", "B"], seed=seed, first_player=0)
    bots = [MediumBot(seed), MediumBot(seed + 1)]
    while state.turn < turns or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


# ---------------------------------------------------------------------- the bot
@pytest.mark.slow  # two whole games of the expert
def test_expert_plays_a_legal_game_and_repeats_it_with_the_same_seed() -> None:
    first = play([small_expert(1), MediumBot(2)], seed=5)
    again = play([small_expert(1), MediumBot(2)], seed=5)
    assert first[0].is_over
    assert first[1] == again[1]


def test_over_the_last_four_turns_the_two_player_expert_weighs_every_plan() -> None:
    """Four turns before the end the search's root holds every plan the greedy planner
    makes (each tile and god, finished greedily), not only its best five: there its
    ranking, made for a game going on, misses moves the final score prefers."""
    for turns, every in ((8, False), (25, False), (26, True), (29, True)):
        state = midgame(seed=3, turns=turns)
        assert state.total_turns - state.turn == 30 - turns
        bot = ExpertBot(1, iterations=40)
        bot.choose(state)
        assert bot.last is not None
        plans = QuickPlanner().turn_plans(state)
        assert len(plans) > 5
        assert (len(bot.last.candidates) == len(plans)) is every, (turns, len(plans))


@pytest.mark.slow  # a whole game of the expert
def test_expert_plays_in_a_three_player_game() -> None:
    state, _ = play([MediumBot(1), small_expert(2), MediumBot(3)], seed=8)
    assert state.is_over


def test_expert_reports_its_search() -> None:
    bot = ExpertBot(0, iterations=12, rollout_turns=1)
    state = midgame()
    action = bot.choose(state)
    assert bot.last is not None
    assert bot.last.iterations == 12
    assert sum(c.visits for c in bot.last.candidates) == 12
    assert bot.last.best().actions[0] == action


def test_every_god_is_a_root_candidate_whatever_the_greedy_ranking() -> None:
    """God timing is the search's to decide: the gods stay candidates even when the
    greedy planner ranks them below the kept tiles."""
    state = new_game(["A", "B"], seed=2, first_player=0)
    firsts = [plan[0] for plan in turn_candidates(state, Planner(), 1)]
    gods = [a for a in state.decision_actions() if isinstance(a, TakeGod)]
    assert len(gods) == 3
    assert all(god in firsts for god in gods)
    assert len(firsts) in (3, 4)  # the best plan, and the gods not already it


def test_expert_takes_death_when_its_worshipers_are_worth_nothing_more() -> None:
    """On the last turn with a god still to take, six spare worshipers buy 3 CP."""
    state = make_game(gods=[GodId.DEATH, GodId.APPRENTICE, GodId.LOVE])
    fill_pyramid(state, 0, {}, plain("FILL", W))
    state.players[0].turns = 14
    set_realm(state, 0, "RRBBOOGW")
    # The made-up table has no turns after this one worth playing: judge it as it ends.
    bot = ExpertBot(0, iterations=12, tree_turns=0, rollout_turns=0, own_turn=False)
    assert bot.choose(state) == TakeGod(GodId.DEATH)
    state.apply(TakeGod(GodId.DEATH))
    action = bot.choose(state)
    assert isinstance(action, ReturnWorshipers | Exchange)


def test_ucb_tries_each_open_move_first_and_widens_with_visits() -> None:
    assert ucb_pick([3, 0, 1], [3.0, 0.0, 5.0], 1.0) == 1
    assert ucb_pick([5, 5], [50.0, 0.0], 0.1) == 0
    # with widening, a node visited 3 times still offers only its favourite
    assert ucb_pick([3, 0, 0], [0.0, 0.0, 0.0], 1.0, widen=0.5) == 0
    assert ucb_pick([4, 0, 0], [0.0, 0.0, 0.0], 1.0, widen=0.5) == 1


def test_near_the_end_the_leaf_plays_on_to_the_final_score() -> None:
    """With ``finish`` turns or fewer left, every iteration plays the game to its end
    (the leaf is the final score, not the evaluation's guess); earlier it does not."""
    late = midgame(turns=26)  # 4 of the 30 turns of a two-player game remain
    assert late.total_turns - late.turn == 4
    candidates = [plan.actions for plan in QuickPlanner().turn_plans(late)[:2]]

    def rolled(state: GameState, finish: int) -> int:
        settings = SearchSettings(iterations=6, tree_turns=0, rollout_turns=0, finish=finish)
        search = TurnSearch(state, candidates, random.Random(2), settings)
        return search.run().rollout_turns

    assert rolled(late, finish=4) == 6 * 3  # after the root turn, the other three
    assert rolled(late, finish=0) == 0
    early = midgame(turns=20)
    candidates = [plan.actions for plan in QuickPlanner().turn_plans(early)[:2]]
    assert rolled(early, finish=4) == 0
    assert ExpertBot(0, iterations=10).settings.finish == 4


def test_with_own_turn_the_leaf_lies_past_the_searchers_next_turn() -> None:
    """``own_turn`` plays greedy turns on until the searching seat has played its next
    turn: with four players three turns after a new node, not one; with two players the
    one-turn leaf reaches it already, so nothing changes there."""

    def search(state: GameState, own_turn: bool) -> TurnSearch:
        candidates = [plan.actions for plan in QuickPlanner().turn_plans(state)[:2]]
        settings = SearchSettings(iterations=6, own_turn=own_turn)
        return TurnSearch(state, candidates, random.Random(2), settings, QuickPlanner())

    four = new_game(["A", "B", "C", "D"], seed=4, first_player=0)
    assert search(four, own_turn=False).run().rollout_turns == 6
    # two candidates, three iterations each: the first leaf three turns after the new
    # node (the other two opponents, then the searcher), the next two a turn deeper in
    # the tree and so one turn fewer
    assert search(four, own_turn=True).run().rollout_turns == 2 * (3 + 2 + 2)
    two = midgame(turns=8)
    plain_run, own_run = search(two, own_turn=False).run(), search(two, own_turn=True).run()
    assert own_run.rollout_turns == plain_run.rollout_turns
    assert [c.total for c in own_run.candidates] == [c.total for c in plain_run.candidates]


def test_search_settings_need_a_budget() -> None:
    with pytest.raises(ValueError, match="iteration count or a time budget"):
        SearchSettings()
    with pytest.raises(ValueError, match="at least one iteration"):
        SearchSettings(iterations=0)


# ---------------------------------------------------------------------- analysis
def test_analysis_judges_every_option_of_a_turn_reproducibly() -> None:
    state = midgame()
    before = state.signature()
    result = analyse(state, iterations=30, seed=4)
    assert state.signature() == before  # the state is not changed
    firsts = {option.actions[0] for option in result.options}
    assert firsts == set(state.decision_actions())
    assert result.iterations == 30 == sum(o.visits for o in result.options)
    # best first, then as the race left them: an option played longer comes earlier
    # (those still in the race may differ by the one visit of an unfinished round)
    visits = [o.visits for o in result.options]
    assert all(later <= earlier + 1 for earlier, later in pairwise(visits))
    assert visits[0] >= max(visits) - 1
    assert all(o.visits >= 1 for o in result.options)
    assert all(o.stderr >= 0 for o in result.options if o.visits >= 2)
    again = analyse(state, iterations=30, seed=4)
    assert again.options == result.options
    assert result.seat == state.current and result.kind is DecisionKind.TURN


def cells(candidates: list[Candidate]) -> list[int]:
    """The market cells the candidates take, in their order."""
    return [a.cell for c in candidates for a in c.actions if isinstance(a, TakeTile)]


def test_options_dropped_early_never_rank_above_those_the_race_kept() -> None:
    """A hint showed three options the search had dropped after three worlds: their
    means, of three lucky worlds, beat the final means of the two it kept playing on a
    thousand. Every option saw those first worlds alike, so the race's order is the
    comparison that holds: kept ones first, then each cut's, the latest cut first."""

    def candidate(cell: int, visits: int, mean: float, cut: int = 0) -> Candidate:
        return Candidate((TakeTile(cell),), visits, mean * visits, cut=cut)

    result = SearchResult(
        0,
        [
            candidate(0, 3, 5.0, cut=3),  # lucky on the first worlds, dropped at the first cut
            candidate(1, 500, -0.5),
            candidate(2, 6, 2.0, cut=6),
            candidate(3, 500, -1.0),
            candidate(4, 3, 1.0, cut=3),
        ],
        alive=[1, 3],
    )
    assert cells(result.ranked()) == [1, 3, 2, 0, 4]
    assert result.ranked()[0] is result.best()
    # with the greedy favourite kept unless beaten by a CP, the choice still comes first
    kept = replace(
        result,
        prior=1.0,
        alive=[0, 2],
        candidates=[candidate(0, 500, -0.5), candidate(1, 3, 9.0, cut=3), candidate(3, 500, 0.2)],
    )
    assert cells(kept.ranked()) == [0, 3, 1]
    # without halving (UCB at the root) the most visited is the choice, the rest by mean
    plain_ucb = SearchResult(
        0, [candidate(0, 10, 1.0), candidate(1, 20, 2.0), candidate(2, 30, 1.0)]
    )
    assert cells(plain_ucb.ranked()) == [2, 1, 0]


def test_an_analysis_puts_the_searchs_choice_first() -> None:
    # at this size the highest mean of all is an option the halving dropped: listed by
    # their means alone, the options would start with it
    state = midgame()
    result = analyse(state, iterations=120, seed=4)
    rng = decision_rng(4, state)
    world = state.resample_hidden(rng)
    search = TurnSearch(
        world, turn_candidates(world, QuickPlanner(), None), rng, SearchSettings(iterations=120)
    )
    searched = search.run()
    chosen = searched.best()
    assert max(c.mean for c in searched.candidates) > chosen.mean  # the case described
    assert result.best.actions + result.best.rest == chosen.actions


def test_an_analysis_per_option_gives_every_option_its_iterations_on_the_same_worlds() -> None:
    """A review's search (``per_option``) compares its options on the same worlds: none
    is cut short by the halving, whose dropped options keep the means of fewer worlds."""
    state = midgame()
    result = analyse(state, per_option=4, seed=2)
    assert len(result.options) > 4  # enough options for the halving to cut some
    assert [o.visits for o in result.options] == [4] * len(result.options)
    values = [o.value for o in result.options]
    assert values == sorted(values, reverse=True)  # so the means rank them


def test_analysis_of_a_sub_decision_and_of_a_move_the_player_made() -> None:
    rich = tile("HI", R, cost="RR", cp=6, level=3)
    state = make_game({4: rich}, gods=[GodId.APPRENTICE, GodId.LOVE, GodId.IDLENESS])
    set_realm(state, 0, "RRB")
    state.apply(TakeTile(4))
    assert state.kind is DecisionKind.PAY
    result = analyse(state, per_option=4, seed=1, include=[state.decision_actions()[-1]])
    answers = {type(option.answer).__name__ for option in result.options}
    assert answers == {"Pay", "GoWild"}
    assert result.best.answer.__class__.__name__ == "Pay"  # six CP beat a wilderness
    assert result.iterations == 4 * len(result.options)
    played = result.estimate_for(state.decision_actions()[-1])
    assert played is not None and played.answer == state.decision_actions()[-1]


def test_analysis_reports_progress_and_can_be_stopped() -> None:
    state = midgame()
    seen: list[float] = []
    analyse(state, iterations=32, progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 1.0
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return True

    result = analyse(state, time_budget=60.0, cancel=stop)
    assert calls >= 1
    assert result.iterations == len(result.options)  # one look at each option, then stop
    assert all(not math.isnan(o.margin) for o in result.options)


def test_analysis_is_for_the_seat_to_move() -> None:
    state = midgame()
    with pytest.raises(ValueError, match="is not to move"):
        analyse(state, seat=1 - state.current, iterations=4)


class UncachedQuickPlanner(QuickPlanner):
    """The expert's planner with every table fact counted afresh at each evaluation."""

    def margin(self, state: GameState, seat: int) -> float:
        if not self._frozen:
            return Planner.margin(self, state, seat)
        ctx = Context(state)
        tokens = temple_tokens(state, ctx)
        return seat_value(state, seat, ctx, tokens, self.weights) - self._best_other


@pytest.mark.parametrize("players", [2, 4])
def test_the_quick_planners_savings_never_change_a_plan(players: int) -> None:
    """Counting the other seats' facts once a turn and the color wishes once per market
    is only a saving: every plan and its value are those of the uncached planner."""
    state = new_game([f"P{i}" for i in range(players)], seed=60 + players, first_player=0)
    bots = [MediumBot(seat) for seat in range(players)]
    quick, reference = QuickPlanner(), UncachedQuickPlanner()
    compared = 0
    while not state.is_over:
        if state.kind is DecisionKind.TURN and state.turn % 3 == 0:
            got = quick.turn_plans(state)
            want = reference.turn_plans(state)
            assert [p.actions for p in got] == [p.actions for p in want]
            assert [p.value for p in got] == pytest.approx([p.value for p in want])
            compared += 1
        state.apply(bots[state.current].choose(state))
    assert compared >= 8


@pytest.mark.parametrize("players", [2, 3])
def test_a_quick_planner_that_has_seen_other_worlds_plans_exactly_as_a_fresh_one(
    players: int,
) -> None:
    """What a planner keeps across turns and worlds (color wishes, pyramid facts) is
    only a saving: after many worlds of the same positions, every plan and its value
    are exactly those of a planner that has seen nothing."""
    state = new_game([f"P{i}" for i in range(players)], seed=70 + players, first_player=0)
    bots = [MediumBot(seat) for seat in range(players)]
    warm = QuickPlanner()
    compared = 0
    while not state.is_over:
        if state.kind is DecisionKind.TURN and state.turn % 4 == 0:
            for world in (state.resample_hidden(random.Random(k)) for k in range(3)):
                got = warm.turn_plans(world)
                want = QuickPlanner().turn_plans(world)
                assert [(p.actions, p.value) for p in got] == [(p.actions, p.value) for p in want]
                compared += 1
        state.apply(bots[state.current].choose(state))
    assert compared >= 20


def test_without_the_chance_of_winning_only_a_finished_game_counts_its_victory() -> None:
    """``victory_chance=False``: a leaf before the end is valued by its margin alone, a
    finished game by its margin and its victory, exactly as with the chance."""

    def totals(state: GameState, settings: SearchSettings) -> list[float]:
        candidates = [plan.actions for plan in QuickPlanner().turn_plans(state)[:2]]
        search = TurnSearch(state, candidates, random.Random(2), settings)
        return [c.total for c in search.run().candidates]

    chance, margin = SearchSettings(iterations=6), SearchSettings(iterations=6, victory=False)
    end_only = SearchSettings(iterations=6, victory_chance=False)
    early = midgame(turns=8)
    assert totals(early, end_only) == totals(early, margin) != totals(early, chance)
    late = midgame(turns=26)  # with finish=4, every leaf plays on to the final score
    late_settings = [replace(s, finish=4) for s in (chance, margin, end_only)]
    assert totals(late, late_settings[2]) == totals(late, late_settings[0])
    assert totals(late, late_settings[2]) != totals(late, late_settings[1])
