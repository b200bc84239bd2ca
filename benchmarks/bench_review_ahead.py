"""How soon a game's review is ready after its last move, when its turns were judged
while it was played (the app's setting "Prepare the review").

    .venv/bin/python benchmarks/bench_review_ahead.py [--players 2] [--seed 0]
        [--level medium] [--behind 2]

Plays the game of ``bench_review.py`` (the same seed, players and level), and judges
its turns as the app would while it is played, on one worker process, except the last
``--behind`` turns: those a player's last moves leave to the review when the worker
is that far behind (at a person's pace it is not behind at all; with the computer
players moving quickly, a turn or two). Prints the worker's CPU seconds (what the game
must last for the worker to keep up, on one spare processor), then the seconds of
waiting and of CPU of the review the end screen opens, with the turns judged ahead
taken as they are, beside the review judged from nothing's figures from
``bench_review.py``. Run it on a quiet machine and say how busy it was.
"""

from __future__ import annotations

import argparse
import os
import time

from bench_review import cpu_seconds, played_record

from orbis_tui.analysis.ahead import JudgedAhead, turn_jobs
from orbis_tui.analysis.review import review_record
from orbis_tui.records import GameRecord, replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="medium", help="who plays the game")
    parser.add_argument("--behind", type=int, default=2, help="last turns left to the review")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    record = played_record(args.players, args.seed, args.level)
    turns = sorted({job.decisions[0][0].state.turn for _, job in turn_jobs(record)})
    first_left = turns[-args.behind] if args.behind else None
    cut = len(record.actions)
    if first_left is not None:  # the game as it stood when those turns began
        cut = next(
            n for n in range(len(record.actions) + 1) if replay(record, upto=n).turn >= first_left
        )
    played = GameRecord(setup=record.setup, actions=record.actions[:cut], hints=record.hints)
    ahead = JudgedAhead(quiet=False)
    start, cpu = time.perf_counter(), cpu_seconds()
    ahead.game_moved(played, replay(played))
    ahead.wait()
    ahead.close()
    print(
        f"judged ahead: {len(ahead.known())} of {len(turns)} turns, "
        f"{time.perf_counter() - start:.1f} s, {cpu_seconds() - cpu:.1f} s of CPU on one worker"
    )
    start, cpu = time.perf_counter(), cpu_seconds()
    review = review_record(record, known=ahead.known())
    mistakes = sum(1 for move in review.moves if move.mistake)
    print(
        f"the review after the last move: {time.perf_counter() - start:.1f} s of waiting, "
        f"{cpu_seconds() - cpu:.1f} s of CPU, {len(review.moves)} decisions, {mistakes} mistakes"
    )


if __name__ == "__main__":
    main()
