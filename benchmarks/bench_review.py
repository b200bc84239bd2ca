"""How long ``orbis review`` takes to review whole games.

    .venv/bin/python benchmarks/bench_review.py [--games 3] [--players 2] [--seed 0]
        [--level medium] [--size N | --budget SECONDS] [--workers N]

Plays ``--games`` games between computer players of ``--level`` (medium by default:
quick to play, human-like in their slips), saves each as a record, and reviews it at
the default settings (the expert's search, ``REVIEW_PER_OPTION`` iterations per
option) unless told otherwise. Prints, per game, the decisions judged and forced, the
search iterations, the seconds of the whole review and of its slowest decision, and
the mistakes found; then the mean and the worst game. The machine's other work slows
every figure: run it on a quiet machine and say how busy it was (load average shown).
The CPU seconds are shown too (this process's and its worker processes'), which others'
work hardly changes. The review judges its turns on ``--workers`` processes (by default
as many as it uses in the app: one per processor, up to four); on a quiet machine the
seconds are about the CPU seconds divided by the workers.

With ``--kept``, each review keeps its turns judged in a folder of its own (as the app
and ``orbis review`` keep them in the data folder), and the game is then reviewed a
second time from its record, which finds every turn kept: the seconds of that second
review are printed, and it is checked to be the same review.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from orbis_tui.analysis import KeptTurns
from orbis_tui.analysis.parallel import worker_count
from orbis_tui.analysis.review import review_record
from orbis_tui.analysis.search import REVIEW_PER_OPTION
from orbis_tui.bots import bot_seed, make_bot
from orbis_tui.records import GameRecord, Match
from orbis_tui.records.model import setup_for_game


def played_record(players: int, seed: int, level: str) -> GameRecord:
    names = ["Ann", "Ben", "Cy", "Di"][:players]
    match = Match.start(setup_for_game(names, seed, 0))
    bots = [make_bot(level, bot_seed(seed, seat)) for seat in range(players)]
    while not match.state.is_over:
        match.play(bots[match.state.current].choose(match.state))
    return match.record


def cpu_seconds() -> float:
    """CPU seconds of this process and of its worker processes that have ended."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="medium", help="who plays the games reviewed")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--size", type=int, default=REVIEW_PER_OPTION)
    size.add_argument("--budget", type=float, default=None, help="seconds per decision")
    parser.add_argument("--workers", type=int, default=worker_count())
    parser.add_argument("--kept", action="store_true", help="review again from the kept turns")
    args = parser.parse_args()
    search = {"time_budget": args.budget} if args.budget is not None else {"per_option": args.size}
    print(
        f"{args.players}-player games between {args.level} players, reviewed with "
        f"{search} on {args.workers} processes; load average before: "
        f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )
    totals: list[float] = []
    cpus: list[float] = []
    for game in range(args.games):
        record = played_record(args.players, args.seed + game, args.level)
        slowest = 0.0
        last = time.perf_counter()

        def progress(share: float) -> None:
            nonlocal slowest, last
            now = time.perf_counter()
            slowest = max(slowest, now - last)
            last = now

        start = last = time.perf_counter()
        cpu = cpu_seconds()
        folder = tempfile.TemporaryDirectory()
        kept = KeptTurns(Path(folder.name)) if args.kept else None
        review = review_record(
            record, seed=args.seed, progress=progress, workers=args.workers, kept=kept, **search
        )
        seconds = time.perf_counter() - start
        cpu = cpu_seconds() - cpu
        cpus.append(cpu)
        totals.append(seconds)
        mistakes = sum(p.mistakes for p in review.players)
        print(
            f"game {game}: {len(record.actions)} actions, {len(review.moves)} decisions "
            f"judged, {len(review.forced)} forced, {review.settings['iterations']} "
            f"iterations, {seconds:.1f} s ({cpu:.1f} s of CPU; slowest decision "
            f"{slowest:.2f} s), "
            f"{mistakes} mistakes",
            flush=True,
        )
        if kept is not None:
            again, cpu = time.perf_counter(), cpu_seconds()
            second = review_record(
                record, seed=args.seed, workers=args.workers, kept=kept, **search
            )
            print(
                f"  reviewed again from its record, every turn kept: "
                f"{time.perf_counter() - again:.2f} s ({cpu_seconds() - cpu:.2f} s of CPU), "
                f"{'the same review' if second == review else 'ANOTHER REVIEW'}",
                flush=True,
            )
        folder.cleanup()
    print(
        f"review of a game: mean {sum(totals) / len(totals):.1f} s, worst {max(totals):.1f} s "
        f"(CPU: mean {sum(cpus) / len(cpus):.1f} s, worst {max(cpus):.1f} s); "
        f"load average after: {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
