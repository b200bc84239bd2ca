"""The expert's trees on 1 and on 2 worker processes: per-turn wall and CPU time, and
the iterations reached, at the default budget.

    .venv/bin/python benchmarks/bench_trees.py [--players 2] [--positions 4]
        [--budget SECONDS] [--workers 1,2] [--trees K] [--seed 0]

For each worker count the expert (its trees as the level sets them) searches the same
mid-game positions (reached by medium players from deals ``seed``, ``seed + 1``, ...)
with its time budget. One worker is the search in this process, tree after tree in
turn; two or more are kept worker processes, started (and timed) before the first
position. Printed per worker count: the wall time of a turn (mean and max), its CPU
time (this process plus the workers'), the iterations of all trees together, and the
machine's load average before and after (the figures mean little on a loaded machine:
say the load with them). ``--trees`` grows K trees instead of the level's number.
"""

from __future__ import annotations

import argparse
import os
import time

from orbis_tui.bots import DEFAULT_EXPERT_BUDGET, ExpertBot, MediumBot, bot_seed
from orbis_tui.bots.expert import TABLE_SETTINGS
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.processes import SearchWorkers, kept_pool, use_search_workers
from orbis_tui.tiles import new_game


def midgame(players: int, seed: int, turns: int) -> GameState:
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    while state.turn < turns or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def measure(
    workers: int, positions: list[GameState], budget: float, seed: int, trees: int | None
) -> str:
    use_search_workers(None if workers <= 1 else SearchWorkers(workers, workers))
    started = ""
    if workers > 1:
        start = time.perf_counter()
        kept_pool(workers).run(abs, list(range(workers)))  # each worker up and answering
        started = f", workers started in {time.perf_counter() - start:.2f} s"
    walls: list[float] = []
    cpus: list[float] = []
    iterations: list[int] = []
    grown = 0
    for number, state in enumerate(positions):
        asked = {} if trees is None else {"trees": trees}
        bot = ExpertBot(bot_seed(seed + number, state.current), time_budget=budget, **asked)
        wall, cpu = time.perf_counter(), time.process_time()
        bot.choose(state)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        result = bot.last
        assert result is not None
        if workers > 1:  # the workers' processor time, as they measured it
            cpu += result.extras.get("cpu_seconds", 0.0)
        walls.append(wall)
        cpus.append(cpu)
        iterations.append(result.iterations)
        level = TABLE_SETTINGS.get(state.num_players, {}).get("trees", bot.settings.trees)
        grown = trees if trees is not None else int(level)
    return (
        f"{workers} worker(s), {grown} trees: per turn wall mean {sum(walls) / len(walls):.3f} s,"
        f" max {max(walls):.3f} s | CPU mean {sum(cpus) / len(cpus):.3f} s"
        f" | iterations mean {sum(iterations) / len(iterations):.0f},"
        f" min {min(iterations)}, max {max(iterations)}{started}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--budget", type=float, default=DEFAULT_EXPERT_BUDGET)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--trees", type=int, default=None, help="trees (default: the level's)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    positions = [midgame(args.players, args.seed + n, 8) for n in range(args.positions)]
    print(
        f"{args.players} players, {args.positions} mid-game positions, {args.budget:g} s a turn,"
        f" {os.cpu_count()} processors; load average {load()}"
    )
    for workers in (int(w) for w in args.workers.split(",")):
        print(measure(workers, positions, args.budget, args.seed, args.trees), flush=True)
    print(f"load average after: {load()}")


if __name__ == "__main__":  # the workers are spawned: they import this file, not run it
    main()
