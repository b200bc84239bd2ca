"""Benchmark hints and the review viewer.

Run with ``python benchmarks/bench_hint.py``. It prints:

- hint: the time from asking to the three options with their reasons, at positions
  of a seeded 2-player game between computer players (target: a median of about 1 s;
  the search and the replays stop at ``HINT_BUDGET``);
- review steps: for the review screen opened headless on that game's record, the
  time from each ←/→ and PgUp/PgDn key to the repaint that shows the new position
  (measured as ``bench_app.py`` does for the table);
- review: the time ``review_record`` takes over the whole record, at its default
  size and on its default worker processes (the review screen's analysis), and the CPU
  seconds of all its processes.

Options: ``--positions N`` hint positions (default 8), ``--seed S``, ``--json``,
``--hints-only`` (the hints alone: no review screen, no review of the record).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import time

from orbis_tui.bots import make_bot
from orbis_tui.records import GameRecord, Match
from orbis_tui.records.model import setup_for_game


def bot_game(seed: int) -> tuple[GameRecord, list[int]]:
    match = Match.start(setup_for_game(["Ada", "Bo"], seed, 0))
    bots = [make_bot("easy", seed), make_bot("medium", seed + 1)]
    while not match.state.is_over:
        match.play(bots[match.state.current].choose(match.state.copy()))
    return match.record, list(range(len(match.record.actions)))


def hint_times(record: GameRecord, positions: list[int]) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of a hint at each of ``positions``."""
    from orbis_tui.analysis.hints import best_options
    from orbis_tui.records import replay

    times = []
    cpus = []
    for position in positions:
        state = replay(record, position)
        started, cpu = time.perf_counter(), time.process_time()
        options = best_options(state)
        times.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
        assert options, "a hint with no option"
    return times, cpus


def step_times(record: GameRecord, seed: int) -> list[float]:
    """Key to the last repaint that follows it, as ``bench_app.py`` measures the table."""
    from bench_app import key_to_repaint  # beside this script

    from orbis_tui.tui.screens.review import ReviewScreen
    from orbis_tui.tui.viewer import ReviewApp

    class Timed(ReviewApp):
        painted: list[float]

        def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
            super()._display(screen, renderable)
            if renderable is not None:
                self.painted.append(time.perf_counter())

    rng = random.Random(seed)
    times: list[float] = []

    async def go() -> None:
        app = Timed(record, analyse=False)
        app.painted = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            for _ in range(150):
                key = rng.choice(["right", "right", "left", "pagedown", "pageup"])
                seconds = await key_to_repaint(app, pilot, key)
                if seconds is not None:
                    times.append(seconds)

    asyncio.run(go())
    return times


def review_seconds(record: GameRecord) -> tuple[float, float]:
    """Wall-clock and CPU seconds of the review of the whole record."""
    from bench_review import cpu_seconds  # beside this script

    from orbis_tui.analysis.review import review_record

    started, cpu = time.perf_counter(), cpu_seconds()
    review_record(record)
    return time.perf_counter() - started, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--hints-only", action="store_true", help="skip the review's figures")
    args = parser.parse_args()
    record, all_positions = bot_game(args.seed)
    rng = random.Random(args.seed)
    positions = sorted(rng.sample(all_positions, min(args.positions, len(all_positions))))
    load = os.getloadavg()[0]
    hints, hint_cpus = hint_times(record, positions)
    if args.hints_only:
        steps, review, review_cpu = [0.0], 0.0, 0.0
    else:
        steps = step_times(record, args.seed)
        review, review_cpu = review_seconds(record)
    result = {
        "actions": len(record.actions),
        "load_average": load,
        "hint_median_s": statistics.median(hints),
        "hint_max_s": max(hints),
        "hint_cpu_median_s": statistics.median(hint_cpus),
        "hint_cpu_max_s": max(hint_cpus),
        "step_median_ms": 1000 * statistics.median(steps),
        "step_max_ms": 1000 * max(steps),
        "review_s": review,
        "review_cpu_s": review_cpu,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"game: {result['actions']} actions (seed {args.seed}); load average {load:.2f}")
    print(
        f"hint: median {result['hint_median_s']:.2f} s, max {result['hint_max_s']:.2f} s "
        f"(CPU: median {result['hint_cpu_median_s']:.2f} s, max "
        f"{result['hint_cpu_max_s']:.2f} s) over {len(hints)} positions (target: a median of 1 s)"
    )
    if args.hints_only:
        return
    print(
        f"review steps (key to repaint): median {result['step_median_ms']:.1f} ms, "
        f"max {result['step_max_ms']:.1f} ms over {len(steps)} keys"
    )
    print(
        f"review of the whole record: {result['review_s']:.1f} s "
        f"({result['review_cpu_s']:.1f} s of CPU)"
    )


if __name__ == "__main__":
    main()
