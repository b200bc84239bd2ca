"""Where a review's CPU goes: its turn jobs run one after another in this process,
under cProfile.

    .venv/bin/python benchmarks/profile_review.py [--players 2] [--seed 0]
        [--level medium] [--turns N] [--part K/N] [--top 25] [--top-decisions 12]
        [--no-profile] [--worlds-file worlds.json]

Plays the game ``bench_review.py`` reviews (the same players and seed), then judges
its turns as a worker process does (``_judge_turn`` on each turn job), the first
``--turns`` of them when given (``--part K/N``: every N-th of those from the K-th, to
run N such processes at once). Prints the CPU seconds of each of the slowest jobs
(the game's turn, its decisions), the verdicts, the share of the three parts of a
judgement (the search that ranks the options, the futures on the first worlds, the
fresh worlds that confirm a mistake) and cProfile's ``--top`` functions by their own
time. cProfile's clock is the wall's, which the machine's other work stretches, and
it slows everything about twofold: compare shares of the profile, not seconds (the
jobs' own CPU seconds are measured apart), and say how busy the machine was.

Then the costliest decisions, each with its CPU seconds, its verdict, the worlds its
move played and the search's best were played on (the first worlds, then the fresh
worlds that confirm a mistake) and the seconds those fresh worlds took;
``--top-decisions`` sets how many. ``--worlds-file`` writes every decision's paired
differences, world by world, and each option's final margin and victory share there,
for ``benchmarks/replay_worlds.py``. With ``--no-profile``
the jobs run without cProfile (their CPU seconds are then those of a review: about half
of them under cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from bench_review import played_record  # beside this script

from orbis_tui.analysis import review
from orbis_tui.analysis.paired import Futures
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
    parser.add_argument(
        "--part",
        default="1/1",
        help="K/N: judge only every N-th turn job from the K-th (runs on N processors at once)",
    )
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--top-decisions", type=int, default=12)
    parser.add_argument("--no-profile", action="store_true", help="measure without cProfile")
    parser.add_argument(
        "--worlds-file", type=Path, help="write each decision's worlds here (JSON) for replay"
    )
    args = parser.parse_args()
    worlds = _count_worlds()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    record = played_record(args.players, args.seed, args.level)
    judged = [d for d in _decisions(record) if d.judged]
    budget = Budget(per_option=REVIEW_PER_OPTION)
    jobs = [_TurnJob(tuple((d, False) for d in turn), budget, 0, "en") for turn in _by_turn(judged)]
    jobs = jobs[: args.turns]
    part, parts = (int(n) for n in args.part.split("/"))
    if not 1 <= part <= parts:
        parser.error(f"--part {args.part}: K/N with 1 <= K <= N is needed")
    jobs = jobs[part - 1 :: parts]
    profile = cProfile.Profile()
    timings: list[tuple[float, int, int]] = []
    verdicts: Counter[str] = Counter()
    for job in jobs:
        start = time.process_time()
        if not args.no_profile:
            profile.enable()
        judgements = _judge_turn(job)
        if not args.no_profile:
            profile.disable()
        turn = job.decisions[0][0].state.turn + 1
        timings.append((time.process_time() - start, turn, len(job.decisions)))
        verdicts.update(move.verdict for move, _ in judgements)
    total = sum(seconds for seconds, _, _ in timings)
    print(
        f"{len(jobs)} turn jobs, {sum(n for _, _, n in timings)} decisions, {total:.1f} s of "
        f"CPU{'' if args.no_profile else ' under cProfile'}; verdicts {dict(verdicts)}"
    )
    print("slowest jobs (CPU s, turn, decisions):")
    for seconds, turn, count in sorted(timings, reverse=True)[:8]:
        print(f"  {seconds:6.1f} s  turn {turn:3}  {count} decisions")
    _print_decisions(worlds, args.top_decisions)
    if args.worlds_file is not None:
        args.worlds_file.write_text(json.dumps([asdict(note) for note in worlds]))
        print(f"each decision's worlds written to {args.worlds_file}")
    if args.no_profile:
        print(f"load average after: {os.getloadavg()[0]:.2f}")
        return
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


@dataclass
class _Worlds:
    """What one decision cost: its CPU seconds, the worlds of its futures, its verdict."""

    index: int
    turn: int
    kind: str
    seconds: float = 0.0
    first: int = 0  # worlds the move played and the best were played on first
    fresh: int = 0  # fresh worlds that confirmed (or not) a mistake
    first_seconds: float = 0.0
    fresh_seconds: float = 0.0
    # best minus played, world by world (what benchmarks/replay_worlds.py replays)
    first_differences: list[float] = field(default_factory=list)
    fresh_differences: list[float] = field(default_factory=list)
    # each world's final margin and victory share of the reviewing seat, for the move
    # played and the search's best (to value the futures again: replay_worlds --sigma)
    first_played: dict[str, list[float]] = field(default_factory=dict)
    first_best: dict[str, list[float]] = field(default_factory=dict)
    fresh_played: dict[str, list[float]] = field(default_factory=dict)
    fresh_best: dict[str, list[float]] = field(default_factory=dict)
    turns_after: int = 0  # turns of the game still to play after the decision's turn
    total_turns: int = 0
    verdict: str = ""
    loss: float = 0.0
    stderr: float = 0.0


def _count_worlds() -> list[_Worlds]:
    """Wrap the review's judgement (in this process) to note each decision's worlds."""
    noted: list[_Worlds] = []
    judge, compare, confirmed = review._judge, review._compare, review._confirmed

    def counting_judge(decision, *args, **kwargs):  # type: ignore[no-untyped-def]
        state = decision.state
        noted.append(_Worlds(decision.index, state.turn + 1, state.kind.value))
        noted[-1].turns_after = state.total_turns - state.turn - 1
        noted[-1].total_turns = state.total_turns
        start = time.process_time()
        move, searched = judge(decision, *args, **kwargs)
        note = noted[-1]
        note.seconds = time.process_time() - start
        note.verdict, note.loss, note.stderr = move.verdict, move.loss, move.stderr
        return move, searched

    def counting_compare(*args, **kwargs) -> tuple[Futures, Futures]:  # type: ignore[no-untyped-def]
        start = time.process_time()
        mine, theirs = compare(*args, **kwargs)
        noted[-1].first = len(mine.values)
        noted[-1].first_seconds = time.process_time() - start
        noted[-1].first_differences = _differences(mine, theirs)
        noted[-1].first_played, noted[-1].first_best = _outcomes(mine), _outcomes(theirs)
        return mine, theirs

    def counting_confirmed(*args, **kwargs) -> tuple[Futures, Futures]:  # type: ignore[no-untyped-def]
        start = time.process_time()
        mine, theirs = confirmed(*args, **kwargs)
        noted[-1].fresh = len(mine.values)
        noted[-1].fresh_seconds = time.process_time() - start
        noted[-1].fresh_differences = _differences(mine, theirs)
        noted[-1].fresh_played, noted[-1].fresh_best = _outcomes(mine), _outcomes(theirs)
        return mine, theirs

    review._judge = counting_judge  # type: ignore[assignment]
    review._compare = counting_compare  # type: ignore[assignment]
    review._confirmed = counting_confirmed  # type: ignore[assignment]
    return noted


def _differences(mine: Futures, theirs: Futures) -> list[float]:
    return [best - played for best, played in zip(theirs.values, mine.values, strict=True)]


def _outcomes(futures: Futures) -> dict[str, list[float]]:
    """Each world's margin and victory (its share at the end, a chance before)."""
    return {"margins": list(futures.margins), "wins": list(futures.wins)}


def _print_decisions(noted: list[_Worlds], top: int) -> None:
    total = sum(n.seconds for n in noted)
    fresh = sum(n.fresh_seconds for n in noted)
    confirmed = [n for n in noted if n.fresh]
    print(
        f"{len(noted)} decisions, {total:.1f} s of CPU; {len(confirmed)} played again on fresh "
        f"worlds, which took {fresh:.1f} s ({fresh / max(total, 1e-9):.0%})"
    )
    print("costliest decisions (CPU s, action, turn, kind, verdict, loss, worlds: first + fresh):")
    for n in sorted(noted, key=lambda n: -n.seconds)[:top]:
        print(
            f"  {n.seconds:6.1f} s  #{n.index:<3} turn {n.turn:2} {n.kind:8} {n.verdict:8} "
            f"{n.loss:5.2f} ± {n.stderr:4.2f} CP  {n.first:3} + {n.fresh:3} worlds "
            f"(fresh: {n.fresh_seconds:.1f} s)"
        )


if __name__ == "__main__":
    main()
