"""Is the review calibrated? Its claimed losses against losses measured by playouts.

    nice -n 19 .venv/bin/python benchmarks/bench_calibration.py [--games 4,3,3]
        [--iterations 200] [--playouts 100] [--biggest 2] [--random 2] [--seed 0]
        [--cache DIR]

1. **Strong-play records**: games between expert players searching ``--iterations``
   iterations a turn (deterministic), ``--games`` games with 2, 3 and 4 players. They
   are cached under ``--cache`` (default: the temporary directory's
   ``orbis-calibration``), as are their reviews, so a second run only measures.
2. **The review** of each record at the default settings (what ``orbis review`` does).
3. **Decisions**: per game, its ``--biggest`` biggest claimed losses and ``--random``
   decisions drawn at random among those where the review's best differs from the
   move played (where the two coincide the claimed loss and the real one are both 0:
   they are counted, not measured).
4. **The real loss** of each decision: the move played and the review's best, each
   finished greedily and played to the end of the game by a fixed computer level (the
   greedy planner for every seat, which is the medium level without its tie-breaking
   draws) on ``--playouts`` orders of the hidden piles drawn from what the player
   could see (worlds the review never used), the same worlds for both: the mean of the
   paired differences of the final margin.

Prints every decision measured, then the figures the review is held to, for each number
of players and in all: the mean absolute error of the claimed loss (aim ≤ 0.75 CP; the
part the playouts' own sampling explains is printed beside it), the share of flagged
mistakes whose real loss is at least 0.5 CP (aim ≥ 80%), the share of decisions called
fine whose real loss is at most 1 CP (aim ≥ 90%), how many were left unclear, how often
the review's ± (two standard errors, with the playouts' own) covers the difference
between its claim and the playouts'; and the evaluation's own error at the review's horizon
(the root mean square, over decisions, of the horizon's paired difference minus the
playouts' on the same worlds), which is what ``EVALUATION_ERROR`` in
``orbis_tui.analysis.paired`` should be.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench_review import cpu_seconds  # beside this script

from orbis_tui.analysis.paired import (
    HORIZON_ROUNDS,
    paired_difference,
    play_futures,
    standard_error,
    turn_worlds,
)
from orbis_tui.analysis.review import (
    FINE,
    MISTAKE,
    UNCLEAR,
    GameReview,
    MoveReview,
    _decisions,
    review_record,
)
from orbis_tui.bots import bot_seed, make_bot
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import parse_action
from orbis_tui.records import GameRecord, Match
from orbis_tui.records.model import load_record, setup_for_game

REAL_SEED = 1_000_003  # the measuring worlds' seed: never one the review used
NAMES = ["Ann", "Ben", "Cy", "Di"]


def strong_record(cache: Path, players: int, seed: int, iterations: int) -> GameRecord:
    path = cache / f"record-{players}p-{seed}-expert{iterations}.json"
    if path.exists():
        return load_record(path.read_text())[0]
    start = time.perf_counter()
    match = Match.start(setup_for_game(NAMES[:players], seed, 0))
    bots = [
        make_bot("expert", bot_seed(seed, seat), iterations=iterations) for seat in range(players)
    ]
    while not match.state.is_over:
        match.play(bots[match.state.current].choose(match.state))
    path.write_text(match.record.to_json())
    print(f"{path.name}: played in {time.perf_counter() - start:.0f} s", flush=True)
    return match.record


def reviewed(cache: Path, name: str, record: GameRecord) -> tuple[GameReview, str]:
    """The review of ``record`` at the default settings, from the cache when it is
    there, and how long it took (said as cached when it was made by an earlier run)."""
    path = cache / f"review-{name}.json"
    timing = cache / f"review-{name}.seconds"
    if path.exists():
        took = timing.read_text().strip() if timing.exists() else "an unknown time"
        return GameReview.from_json(path.read_text()), f"{took}, cached"
    start, cpu = time.perf_counter(), cpu_seconds()
    review = review_record(record)
    took = (
        f"{time.perf_counter() - start:.0f} s wall, {cpu_seconds() - cpu:.0f} s CPU "
        f"(load {os.getloadavg()[0]:.1f})"
    )
    path.write_text(review.to_json())
    timing.write_text(took + "\n")
    return review, took


def sampled(review: GameReview, biggest: int, drawn: int, rng: random.Random) -> list[MoveReview]:
    differing = [m for m in review.moves if m.best != m.played]
    by_loss = sorted(differing, key=lambda m: (-m.loss, m.index))
    chosen = by_loss[:biggest]
    rest = [m for m in differing if m not in chosen]
    chosen += rng.sample(rest, min(drawn, len(rest)))
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="4,3,3", help="games with 2,3,4 players")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--biggest", type=int, default=2)
    parser.add_argument("--random", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "orbis-calibration"
    )
    args = parser.parse_args()
    counts = [int(n) for n in args.games.split(",")]
    args.cache.mkdir(parents=True, exist_ok=True)
    print(
        f"records: expert at {args.iterations} iterations, games {counts} with 2/3/4 players; "
        f"real loss from {args.playouts} paired playouts to the end; cache {args.cache}; "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs",
        flush=True,
    )
    rng = random.Random(args.seed)
    rows: list[Row] = []
    same = 0
    for players, games in zip((2, 3, 4), counts, strict=False):
        for game in range(games):
            seed = args.seed + game
            name = f"{players}p-{seed}-expert{args.iterations}"
            record = strong_record(args.cache, players, seed, args.iterations)
            review, took = reviewed(args.cache, name, record)
            same += sum(1 for m in review.moves if m.best == m.played)
            print(
                f"{name}: {len(record.actions)} actions, "
                f"{len(review.moves)} decisions judged in {took}, "
                f"{sum(p.mistakes for p in review.players)} mistakes",
                flush=True,
            )
            decisions = {d.index: d for d in _decisions(record)}
            for move in sampled(review, args.biggest, args.random, rng):
                state = decisions[move.index].state
                played = [parse_action(text) for text in move.played]
                best = [parse_action(text) for text in move.best]
                worlds = turn_worlds(state, REAL_SEED + seed, args.playouts)
                planner = QuickPlanner()
                real_best = play_futures(state, best, worlds, planner, rounds=None)
                real_played = play_futures(state, played, worlds, planner, rounds=None)
                real, error = paired_difference(real_best, real_played)
                near_best = play_futures(state, best, worlds, planner, rounds=HORIZON_ROUNDS)
                near_played = play_futures(state, played, worlds, planner, rounds=HORIZON_ROUNDS)
                gaps = [
                    (nb - np) - (rb - rp)
                    for nb, np, rb, rp in zip(
                        near_best.values,
                        near_played.values,
                        real_best.values,
                        real_played.values,
                        strict=True,
                    )
                ]
                horizon = real + statistics.fmean(gaps)
                gap_error = standard_error(gaps)
                rows.append(Row(players, move, real, error, gap_error, horizon - real))
                print(
                    f"  #{move.index} seat {move.seat} {move.kind}: claimed {move.loss:.2f} "
                    f"± {move.stderr:.2f} ({move.judged_as}), real {real:.2f} ± {error:.2f}, "
                    f"horizon {horizon:.2f}",
                    flush=True,
                )
            summarise(rows, same)  # so far: a run cut short still says something
            print(flush=True)
    for players in (2, 3, 4):
        part = [r for r in rows if r.players == players]
        if part:
            print(f"--- {players} players")
            summarise(part, None)
    print("--- all")
    summarise(rows, same)


@dataclass(frozen=True)
class Row:
    """One decision measured: the review's judgement and the playouts' real loss."""

    players: int
    move: MoveReview
    real: float  # the playouts' paired difference (best minus played), not clamped
    real_error: float  # its standard error
    gap_error: float  # the sampling error of the horizon's gap
    bias: float  # the horizon's difference minus the playouts'


def summarise(rows: list[Row], same: int | None) -> None:
    if not rows:
        print("no decision measured")
        return
    # A loss is never below 0: when the review's best does worse than the move played in
    # the playouts, the real loss of the move played is 0 (the unclamped error is shown too).
    errors = [abs(r.move.loss - max(0.0, r.real)) for r in rows]
    raw = [abs(r.move.loss - r.real) for r in rows]
    # What the playouts' own sampling alone would give (E|N(0, se)| = se * sqrt(2/pi)).
    floor = statistics.fmean(r.real_error * math.sqrt(2 / math.pi) for r in rows)
    verdicts = [r.move.judged_as for r in rows]
    flagged = [r.real for r in rows if r.move.judged_as == MISTAKE]
    fine = [r.real for r in rows if r.move.judged_as == FINE]
    unclear = verdicts.count(UNCLEAR)
    confirmed = sum(1 for real in flagged if real >= 0.5)
    within = sum(1 for real in fine if real <= 1.0)
    covered = sum(
        1
        for r in rows
        if abs(r.move.loss - max(0.0, r.real)) <= 2 * math.hypot(r.move.stderr, r.real_error) + 1e-9
    )
    # The review's own error: the squared differences less the part the playouts' own
    # sampling adds (their worlds are independent of the review's).
    own = statistics.fmean(e**2 for e in errors) - statistics.fmean(r.real_error**2 for r in rows)
    sampling = statistics.fmean(r.gap_error**2 for r in rows)
    bias = statistics.fmean(r.bias**2 for r in rows)
    more = "" if same is None else f" ({same} more where the review's best is the move played)"
    print(f"decisions measured: {len(rows)}{more}")
    print(
        f"mean absolute error of the claimed loss: {statistics.fmean(errors):.2f} CP "
        f"(aim <= 0.75; the playouts' own sampling alone: {floor:.2f}; against their "
        f"difference even below 0: {statistics.fmean(raw):.2f})"
    )
    print(
        f"the review's own error (root mean square, the playouts' sampling taken out): "
        f"{math.sqrt(max(0.0, own)):.2f} CP"
    )
    print(
        f"verdicts: {len(flagged)} mistakes, {len(fine)} fine, {unclear} unclear "
        f"({len(flagged) / len(rows):.0%} flagged)"
    )
    if flagged:
        print(
            f"flagged mistakes confirmed (real loss >= 0.5 CP): {confirmed}/{len(flagged)} "
            f"= {confirmed / len(flagged):.0%} (aim >= 80%)"
        )
    if fine:
        print(
            f"decisions called fine really within 1 CP: {within}/{len(fine)} "
            f"= {within / len(fine):.0%} (aim >= 90%)"
        )
    print(
        f"claim within two combined standard errors of the playouts: {covered}/{len(rows)} "
        f"= {covered / len(rows):.0%} (about 95% if the ± is honest)"
    )
    print(
        f"evaluation error at the hints' horizon ({HORIZON_ROUNDS} rounds): "
        f"{math.sqrt(max(0.0, bias - sampling)):.2f} CP (root mean square of the horizon's "
        f"difference minus the playouts' {math.sqrt(bias):.2f}, its sampling "
        f"{math.sqrt(sampling):.2f})"
    )


if __name__ == "__main__":
    main()
