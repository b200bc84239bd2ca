"""Where a review's CPU goes: its turn jobs run one after another in this process,
under cProfile.

    .venv/bin/python benchmarks/profile_review.py [--players 2] [--seed 0]
        [--level medium] [--turns N] [--top 25]

Plays the game ``bench_review.py`` reviews (the same players and seed), then judges
its turns as a worker process does (``_judge_turn`` on each turn job), the first
``--turns`` of them when given. Prints the CPU seconds of each of the slowest jobs
(the game's turn, its decisions), the verdicts, the share of the three parts of a
judgement (the search that ranks the options, the futures on the first worlds, the
fresh worlds that confirm a mistake) and cProfile's ``--top`` functions by their own
time. cProfile's clock is the wall's, which the machine's other work stretches, and
it slows everything about twofold: compare shares of the profile, not seconds (the
jobs' own CPU seconds are measured apart), and say how busy the machine was.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time
from collections import Counter
from pathlib import Path

from bench_review import played_record  # beside this script

from orbis_tui.analysis.review import Budget, _by_turn, _decisions, _judge_turn, _TurnJob
from orbis_tui.analysis.search import REVIEW_PER_OPTION

# The parts of a judgement, by the function that does each (file name, function).
PARTS = {
    "search (ranks the options)": ("search.py", "analyse"),
    "futures on the first worlds": ("review.py", "_compare"),
    "fresh worlds confirming a mistake": ("review.py", "_confirmed"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="medium", help="who plays the game reviewed")
    parser.add_argument("--turns", type=int, default=None, help="judge only the first N turns")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    record = played_record(args.players, args.seed, args.level)
    judged = [d for d in _decisions(record) if d.judged]
    budget = Budget(per_option=REVIEW_PER_OPTION)
    jobs = [_TurnJob(tuple((d, False) for d in turn), budget, 0, "en") for turn in _by_turn(judged)]
    jobs = jobs[: args.turns]
    profile = cProfile.Profile()
    timings: list[tuple[float, int, int]] = []
    verdicts: Counter[str] = Counter()
    for job in jobs:
        start = time.process_time()
        profile.enable()
        judgements = _judge_turn(job)
        profile.disable()
        turn = job.decisions[0][0].state.turn + 1
        timings.append((time.process_time() - start, turn, len(job.decisions)))
        verdicts.update(move.verdict for move, _ in judgements)
    total = sum(seconds for seconds, _, _ in timings)
    print(
        f"{len(jobs)} turn jobs, {sum(n for _, _, n in timings)} decisions, {total:.1f} s of "
        f"CPU under cProfile; verdicts {dict(verdicts)}"
    )
    print("slowest jobs (CPU s, turn, decisions):")
    for seconds, turn, count in sorted(timings, reverse=True)[:8]:
        print(f"  {seconds:6.1f} s  turn {turn:3}  {count} decisions")
    stats = pstats.Stats(profile)
    cumulative = {
        (Path(file).name, name): values[3]
        for (file, _, name), values in stats.stats.items()  # type: ignore[attr-defined]
    }
    profiled = stats.total_tt  # type: ignore[attr-defined]
    for part, key in PARTS.items():
        seconds = cumulative.get(key, 0.0)
        print(f"{part}: {seconds / max(profiled, 1e-9):.0%} of the profile's time")
    stats.sort_stats("tottime").print_stats(args.top)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
