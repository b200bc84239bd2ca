"""Benchmark the plain-text seat: the time from an answer to its reply.

Run with ``python benchmarks/bench_plain.py``. It opens a seeded 2-player game against
a random computer player in the plain seat (in this process, on a throwaway data
folder) and times each command a player may type (``board``, ``market``, ``pyramid``,
``realm``, ``players``, ``score``, ``history``, ``coach``, ``options``, ``help``, an
unknown entry) from the line read to the reply written, several rounds over a game in
progress. It prints each command's median and the median of all, in milliseconds
(target: at most 50 ms).

Options: ``--rounds N`` (default 5), ``--seed S``.
"""

from __future__ import annotations

import argparse
import io
import statistics
import tempfile
import time
from pathlib import Path

from orbis_tui.plain.seat import PlainSeat
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import SaveStore
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.core.session import GameSession
from orbis_tui.words.worshipers import spell_colors

COMMANDS = (
    "board",
    "market",
    "pyramid",
    "realm",
    "players",
    "score",
    "history",
    "coach",
    "options",
    "help",
    "fly away",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    spell_colors(True)
    times: dict[str, list[float]] = {c: [] for c in COMMANDS}
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        match = Match.start(setup_for_game(["Ada", "Bo"], args.seed, 0))
        session = GameSession(match, store, [Seat("Ada"), Seat("Bo", "random")])
        out = io.StringIO()
        seat = PlainSeat(session, io.StringIO(), out)
        for _round in range(args.rounds):
            seat.ui.sync(session.state, session.version)
            seat.show_sheet()
            for command in COMMANDS:
                started = time.perf_counter()
                seat.answer(command)
                times[command].append(time.perf_counter() - started)
            # play on: the first open option, then the computer's turn
            while not session.state.is_over and session.seat.human:
                sheet = seat.sheet
                assert sheet is not None
                choice = next(c for c in sheet.choices if c.legal)
                seat.answer(str(choice.number))
                seat.ui.sync(session.state, session.version)
                seat.show_sheet()
            while not session.state.is_over and not session.seat.human:
                seat.bot_move()
        store.flush()
    every = []
    for command, spent in times.items():
        ms = [t * 1000 for t in spent]
        every.extend(ms)
        print(f"{command:>10}: median {statistics.median(ms):.1f} ms")
    print(f"all commands: median {statistics.median(every):.1f} ms, max {max(every):.1f} ms")


if __name__ == "__main__":
    main()
