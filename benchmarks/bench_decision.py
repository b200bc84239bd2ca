"""The cost of ``state.decision`` at every decision of random games: prints the median,
the 99th percentile and the worst time per decision, by decision kind too; wall-clock
time, and the process's CPU time (which others' work on the machine hardly changes).

Run: python benchmarks/bench_decision.py [GAMES]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable

from orbis_tui.tiles import new_game


def measure(
    games: int, seed: int = 0, clock: Callable[[], float] = time.perf_counter
) -> dict[str, list[float]]:
    """Seconds spent building ``state.decision`` by ``clock``, by decision kind (a fresh
    value each time: the state keeps one only until the next action)."""
    times: dict[str, list[float]] = defaultdict(list)
    for index in range(games):
        players = 2 + index % 3
        state = new_game([f"P{i}" for i in range(players)], seed=seed + index)
        rng = random.Random(seed + index)
        while not state.is_over:
            start = clock()
            decision = state.decision
            times[decision.kind.value].append(clock() - start)
            state.apply(rng.choice(state.legal_actions()))
    return times


def _line(label: str, values: list[float]) -> str:
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return (
        f"{label:<10} {len(values):>7}  median {statistics.median(values) * 1e6:7.1f} us"
        f"  p99 {p99 * 1e6:8.1f} us  max {values[-1] * 1e6:8.1f} us"
    )


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    measure(2)  # warm up: first imports and caches
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for name, clock in (("wall-clock", time.perf_counter), ("CPU", time.process_time)):
        by_kind = measure(games, clock=clock)
        every = [t for values in by_kind.values() for t in values]
        print(f"state.decision over {games} random games (2-4 players), {name} per decision:")
        print(_line("all", every))
        for kind, values in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
            print(_line(kind, values))
