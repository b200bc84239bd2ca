"""Benchmark the decision sheet: how long building it takes.

Run with ``python benchmarks/bench_sheet.py``. It plays seeded games between random
players (2 to 4 seats) and, at every decision, builds the sheet the panel and the
coach draw (``decision_sheet``) and the numbered one the plain-text seat prints
(``numbered=True``). It prints the median and 90th percentile of each, in
milliseconds (target for the panel's sheet: a median of at most 1 ms).

Options: ``--games N`` (default 6), ``--seed S``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from orbis_tui.bots import make_bot
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui.core.controller import Controller
from orbis_tui.tui.core.sheet import decision_sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plain: list[float] = []
    numbered: list[float] = []
    rng = random.Random(args.seed)
    for game in range(args.games):
        players = 2 + game % 3
        seed = rng.randrange(10**6)
        match = Match.start(setup_for_game([f"P{n}" for n in range(players)], seed, 0))
        bots = [make_bot("random", seed + n) for n in range(players)]
        version = 0
        while not match.state.is_over:
            state = match.state
            ui = Controller()
            ui.sync(state, version)
            started = time.perf_counter()
            decision_sheet(state, ui)
            plain.append(time.perf_counter() - started)
            started = time.perf_counter()
            decision_sheet(state, ui, numbered=True)
            numbered.append(time.perf_counter() - started)
            match.play(bots[state.current].choose(state.copy()))
            version += 1

    def show(name: str, times: list[float]) -> None:
        ms = sorted(t * 1000 for t in times)
        p90 = ms[int(len(ms) * 0.9)]
        print(
            f"{name}: median {statistics.median(ms):.3f} ms, p90 {p90:.3f} ms, {len(ms)} decisions"
        )

    show("sheet (panel, coach)", plain)
    show("sheet with numbered options (plain seat)", numbered)


if __name__ == "__main__":
    main()
