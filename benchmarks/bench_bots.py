"""How fast the computer opponents think.

    .venv/bin/python benchmarks/bench_bots.py [--games 4] [--players 2] [--seed 0]

Plays a few games of each level against the medium level and prints, per level, the
seconds per turn (all decisions of a turn together) and per decision, mean and max;
then the raw speed of the pieces the search is made of: position evaluations, greedy
whole-turn plans and search rollouts per second.
"""

from __future__ import annotations

import argparse
import random
import time

from orbis_tui.bots import make_bot
from orbis_tui.bots.hard import HardBot
from orbis_tui.bots.heuristics import evaluate
from orbis_tui.bots.medium import Planner
from orbis_tui.engine import GameState
from orbis_tui.tiles import new_game
from orbis_tui.tournament import play_timed


def midgame(players: int, seed: int, turns: int) -> GameState:
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [make_bot("medium", seed + i) for i in range(players)]
    while state.turn < turns:
        state.apply(bots[state.current].choose(state))
    return state


def per_level(level: str, games: int, players: int, seed: int, budget: float | None) -> str:
    turn_times: list[float] = []
    decision_times: list[float] = []
    for game in range(games):
        state = new_game([f"P{i}" for i in range(players)], seed=seed + game, first_player=0)
        subject = game % players
        bots = [
            make_bot(level, seed + game, time_budget=budget)
            if seat == subject
            else make_bot("medium", seed + game + seat)
            for seat in range(players)
        ]
        labels = ["subject" if seat == subject else "other" for seat in range(players)]
        turn_seconds, decision_seconds = play_timed(state, bots, labels)
        turn_times += turn_seconds["subject"]
        decision_times += decision_seconds["subject"]
    return (
        f"{level:<7} per turn mean {sum(turn_times) / len(turn_times):.4f} s, "
        f"max {max(turn_times):.4f} s | per decision mean "
        f"{sum(decision_times) / len(decision_times):.5f} s, max {max(decision_times):.4f} s"
    )


def rates(players: int, seed: int) -> list[str]:
    state = midgame(players, seed, turns=6 * players)
    lines = []
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        evaluate(state)
        n += 1
    lines.append(f"evaluations per second:        {n / (time.perf_counter() - start):,.0f}")
    planner = Planner()
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        planner.turn_plans(state)
        n += 1
    lines.append(f"greedy whole-turn plans/s:     {n / (time.perf_counter() - start):,.1f}")
    bot = HardBot(seed, iterations=1)
    plans = planner.turn_plans(state)
    rng = random.Random(seed)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 1.0:
        bot.rollout(state.resample_hidden(rng), plans[n % len(plans)], state.current)
        n += 1
    lines.append(
        f"search rollouts per second:    {n / (time.perf_counter() - start):,.1f} "
        f"(depth {bot.depth} turns)"
    )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="hard: seconds per turn")
    args = parser.parse_args()
    print(f"{args.players} players, {args.games} games per level, each against medium")
    for level in ("easy", "medium", "hard"):
        print(per_level(level, args.games, args.players, args.seed, args.budget), flush=True)
    print(f"mid-game position, {args.players} players:")
    for line in rates(args.players, args.seed):
        print("  " + line)


if __name__ == "__main__":
    main()
