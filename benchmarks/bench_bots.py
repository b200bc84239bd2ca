"""How fast the computer opponents and the analysis think.

    .venv/bin/python benchmarks/bench_bots.py [--games 4] [--players 2] [--seed 0]
        [--levels easy,medium,hard,expert] [--budget SECONDS] [--profile] [--review]

Plays a few games of each level against the medium level and prints, per level, the
seconds per turn (all decisions of a turn together) and per decision, mean and max;
then the raw speed of the pieces the searches are made of in a mid-game position:
position evaluations, greedy whole-turn plans, hard's rollouts and expert's iterations
per second. ``--profile`` adds where one expert search spends its time; ``--review``
times the analysis: one hint (its default budget) and the review of a whole game
(every decision of a 2-player game between medium players, at the review size).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import time

from orbis_tui.analysis.search import REVIEW_PER_OPTION, analyse
from orbis_tui.bots import HardBot, MediumBot, bot_seed, make_bot
from orbis_tui.bots.heuristics import evaluate
from orbis_tui.bots.ismcts import SearchSettings, TurnSearch, root_candidates
from orbis_tui.bots.planner import Planner
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.sim.loop import play_out
from orbis_tui.tiles import new_game


def midgame(players: int, seed: int, turns: int) -> GameState:
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    while state.turn < turns or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


def per_level(level: str, games: int, players: int, seed: int, budget: float | None) -> str:
    turn_times: list[float] = []
    decision_times: list[float] = []
    for game in range(games):
        state = new_game([f"P{i}" for i in range(players)], seed=seed + game, first_player=0)
        subject = game % players
        bots = [
            make_bot(level, bot_seed(seed + game, seat), time_budget=budget)
            if seat == subject
            else make_bot("medium", bot_seed(seed + game, seat))
            for seat in range(players)
        ]
        labels = ["subject" if seat == subject else "other" for seat in range(players)]
        played = play_out(state, bots, labels)
        turn_times += played.turn_seconds["subject"]
        decision_times += played.decision_seconds["subject"]
    return (
        f"{level:<7} per turn mean {sum(turn_times) / len(turn_times):.4f} s, "
        f"max {max(turn_times):.4f} s | per decision mean "
        f"{sum(decision_times) / len(decision_times):.5f} s, max {max(decision_times):.4f} s"
    )


def per_second(work, seconds: float = 1.0) -> float:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        work(n)
        n += 1
    return n / (time.perf_counter() - start)


def expert_search(state: GameState, seed: int, iterations: int) -> TurnSearch:
    rng = random.Random(seed)
    planner = QuickPlanner()  # the expert's own look-ahead
    world = state.resample_hidden(rng)
    settings = SearchSettings(iterations=iterations)
    candidates = root_candidates(world, planner, settings.root_width)
    return TurnSearch(world, candidates, rng, settings, planner)


def rates(players: int, seed: int) -> list[str]:
    state = midgame(players, seed, turns=6 * players)
    lines = [
        f"evaluations per second:        {per_second(lambda n: evaluate(state)):,.0f}",
    ]
    planner = Planner()
    plans_rate = per_second(lambda n: planner.turn_plans(state))
    lines.append(f"greedy whole-turn plans/s:     {plans_rate:,.1f}")
    bot = HardBot(seed, iterations=1)
    plans = planner.turn_plans(state)
    rng = random.Random(seed)
    rollout_rate = per_second(
        lambda n: bot.rollout(state.resample_hidden(rng), plans[n % len(plans)], state.current)
    )
    lines.append(f"hard rollouts per second:      {rollout_rate:,.1f} (depth {bot.depth} turns)")
    search = expert_search(state, seed, 10**9)
    start = time.perf_counter()
    cpu = time.process_time()
    result = search.run(cancel=lambda: time.perf_counter() - start > 2.0)
    cpu = time.process_time() - cpu
    lines.append(
        f"expert iterations per second:  {result.iterations / result.seconds:,.1f} "
        f"({result.iterations / cpu:,.1f} per CPU second; {len(result.candidates)} root "
        f"candidates, {result.tree_nodes} tree nodes in {result.seconds:.1f} s)"
    )
    return lines


def profile(players: int, seed: int) -> str:
    state = midgame(players, seed, turns=6 * players)
    search = expert_search(state, seed, 150)
    profiler = cProfile.Profile()
    profiler.enable()
    search.run()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(18)
    return out.getvalue()


def review(seed: int) -> list[str]:
    state = midgame(2, seed, turns=8)
    start = time.perf_counter()
    hint = analyse(state, seed=seed)
    lines = [
        f"hint (default budget): {time.perf_counter() - start:.2f} s, "
        f"{hint.iterations} iterations, {len(hint.options)} options"
    ]
    game = new_game(["A", "B"], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(2)]
    decisions = 0
    slowest = 0.0
    start = time.perf_counter()
    while not game.is_over:
        action = bots[game.current].choose(game)
        t0 = time.perf_counter()
        analyse(game, per_option=REVIEW_PER_OPTION, include=[action], seed=seed)
        slowest = max(slowest, time.perf_counter() - t0)
        game.apply(action)
        decisions += 1
    total = time.perf_counter() - start
    lines.append(
        f"review of a 2-player game: {decisions} decisions in {total:.1f} s "
        f"({REVIEW_PER_OPTION} iterations per option; slowest decision {slowest:.2f} s)"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--budget", type=float, default=None, help="search levels: s per turn")
    parser.add_argument("--profile", action="store_true", help="profile one expert search")
    parser.add_argument("--review", action="store_true", help="time a hint and a review")
    args = parser.parse_args()
    print(f"{args.players} players, {args.games} games per level, each against medium")
    for level in args.levels.split(","):
        print(per_level(level, args.games, args.players, args.seed, args.budget), flush=True)
    print(f"mid-game position, {args.players} players:")
    for line in rates(args.players, args.seed):
        print("  " + line, flush=True)
    if args.profile:
        print(profile(args.players, args.seed))
    if args.review:
        for line in review(args.seed):
            print(line, flush=True)


if __name__ == "__main__":
    main()
