"""Does the difference two rounds ahead say anything about the difference at the end?

    .venv/bin/python benchmarks/futures_horizon.py [--players 2] [--seed 0]
        [--level medium] [--worlds 100] [--every 3]

Plays the game ``bench_review.py`` reviews (the same players and seed), and at every
``--every``-th decision with a choice asks the review's search for its best option.
Where that is not the move played, both are played on the same ``--worlds`` worlds, once
for two rounds of greedy turns (the hint's horizon, valued by the evaluation) and once
to the end of the game (the review's futures), and it prints, per decision, the paired
difference (best minus played) of each with its spread per world, the spread of their
difference world by world, their correlation, and what the short futures cost against
the long ones (CPU).

Why ask: a review's loss is a mean of paired differences at the end of the game, some
15 CP apart from one world to the next, which is why a 2-CP mistake needs some 300
worlds. If the difference at the horizon, much cheaper to play, moved with the one at
the end world by world, it could serve as a control variate (many cheap worlds for
its mean, a few long ones for what the end adds); it does only as far as this
correlation goes.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_review import played_record  # beside this script

from orbis_tui.analysis.paired import play_futures, turn_worlds
from orbis_tui.analysis.review import Budget, _decisions, _played_estimate
from orbis_tui.analysis.search import REVIEW_PER_OPTION
from orbis_tui.bots.rollout import QuickPlanner


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", default="medium", help="who plays the game")
    parser.add_argument("--worlds", type=int, default=100)
    parser.add_argument("--every", type=int, default=3, help="look at every N-th decision")
    args = parser.parse_args()
    record = played_record(args.players, args.seed, args.level)
    budget = Budget(per_option=REVIEW_PER_OPTION)
    planner = QuickPlanner()
    judged = [d for d in _decisions(record) if d.judged][:: args.every]
    correlations = []
    for decision in judged:
        state = decision.state
        analysis = budget.analyse(state, 0, decision.answer[0])
        played, _ = _played_estimate(analysis, decision, budget, 0)
        best = analysis.best
        if played.actions == best.actions:
            continue
        worlds = turn_worlds(state, args.seed + 12345, args.worlds)
        started = time.process_time()
        end = [
            play_futures(state, option.actions, worlds, planner, rounds=None)
            for option in (played, best)
        ]
        long_cpu = time.process_time() - started
        started = time.process_time()
        short = [
            play_futures(state, option.actions, worlds, planner, rounds=2)
            for option in (played, best)
        ]
        short_cpu = time.process_time() - started
        at_end = [b - p for b, p in zip(end[1].values, end[0].values, strict=True)]
        ahead = [b - p for b, p in zip(short[1].values, short[0].values, strict=True)]
        rest = [e - a for e, a in zip(at_end, ahead, strict=True)]
        both_vary = statistics.pstdev(ahead) > 0 and statistics.pstdev(at_end) > 0
        correlation = statistics.correlation(at_end, ahead) if both_vary else float("nan")
        if both_vary and not short[0].exact:  # the short futures stopped before the end
            correlations.append(correlation)
        print(
            f"action {decision.index:3} turn {state.turn + 1:2} {state.kind.value:6} "
            f"end {statistics.mean(at_end):+6.2f} (spread {statistics.pstdev(at_end):5.2f}) "
            f"two rounds {statistics.mean(ahead):+6.2f} ({statistics.pstdev(ahead):5.2f}) "
            f"what the end adds: spread {statistics.pstdev(rest):5.2f}; "
            f"correlation {correlation:+.2f}; CPU short/long {short_cpu / long_cpu:.2f}",
            flush=True,
        )
    if correlations:
        print(
            f"{len(correlations)} decisions whose short futures stop before the end: correlation "
            f"median {statistics.median(correlations):+.2f}, from {min(correlations):+.2f} "
            f"to {max(correlations):+.2f}"
        )


if __name__ == "__main__":
    main()
