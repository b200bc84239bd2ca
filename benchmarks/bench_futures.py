"""How fast the review's greedy futures are: greedy futures per second.

    .venv/bin/python benchmarks/bench_futures.py [--players 2,3,4] [--seed 0]
        [--worlds 3] [--options 3] [--repeat 3] [--profile] [--without]

A future is what the review (and a hint) plays to judge an option: the option's turn
finished greedily, then every seat's greedy turn (``Planner.turn_plans``, the quick
planner the review uses) to the end of the game, then the final position valued
(:func:`orbis_tui.analysis.paired.play_futures` with no cache). From a mid-game
position of a game between medium players for each table size (the turn a third of the
way through the game, the start of a turn), the first ``--options`` answers are each
played on ``--worlds`` worlds; the whole set is timed ``--repeat`` times. Prints, per
table size, the CPU milliseconds per future and the futures per CPU second (the median
of the repeats, with the fastest and the slowest), and the greedy whole turns played
per CPU second. CPU time (``time.process_time``) is what it reports: others' work on a
shared machine changes it much less than the wall clock; the load average is shown.
``--profile`` adds cProfile's top functions (by their own time) of one repeat.
``--without`` does everything but play the futures: under valgrind's cachegrind (which
counts instructions, whatever the machine's load) a run with the futures minus a run
without is the futures' own work (see docs/bots.md, "Greedy futures").
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import time

from orbis_tui.analysis.paired import play_futures, turn_worlds
from orbis_tui.bots import MediumBot, bot_seed
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.tiles import new_game


def midgame(players: int, seed: int) -> GameState:
    """The start of the turn a third of the way through a game between medium players."""
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    turns = state.total_turns // 3
    while state.turn < turns or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


class _CountingPlanner(QuickPlanner):
    """The review's planner, counting the whole turns it plans."""

    def __init__(self) -> None:
        super().__init__()
        self.turns = 0

    def turn_plans(self, state: GameState):  # type: ignore[no-untyped-def]
        self.turns += 1
        return super().turn_plans(state)


def play(
    state: GameState, seed: int, worlds: int, options: int, without: bool = False
) -> tuple[int, float]:
    """The futures of the first ``options`` answers on ``worlds`` worlds: (futures, CPU
    seconds); ``without``: everything but the futures themselves. The review's own
    planner plays them (a compiled build's planner is slower in a class derived from it
    in Python)."""
    planner = QuickPlanner()
    sampled = turn_worlds(state, seed, worlds)
    answers = state.decision_actions()[:options]
    start = time.process_time()
    for action in answers:
        if not without:
            play_futures(state, [action], sampled, planner, None)
    return len(answers) * worlds, time.process_time() - start


def greedy_turns(state: GameState, seed: int, worlds: int, options: int) -> int:
    """The greedy whole turns :func:`play`'s futures plan (counted apart, untimed)."""
    planner = _CountingPlanner()
    sampled = turn_worlds(state, seed, worlds)
    for action in state.decision_actions()[:options]:
        play_futures(state, [action], sampled, planner, None)
    return planner.turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worlds", type=int, default=3)
    parser.add_argument("--options", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile one repeat")
    parser.add_argument(
        "--without", action="store_true", help="all but the futures (for instruction counts)"
    )
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for players in (int(n) for n in args.players.split(",")):
        state = midgame(players, args.seed)
        runs = [
            play(state, args.seed, args.worlds, args.options, args.without)
            for _ in range(args.repeat)
        ]
        futures = runs[0][0]
        seconds = sorted(cpu for _, cpu in runs)
        median = statistics.median(seconds)
        if args.without:
            print(f"{players} players, from turn {state.turn + 1}: no futures played")
            continue
        turns = greedy_turns(state, args.seed, args.worlds, args.options)
        print(
            f"{players} players, from turn {state.turn + 1} of {state.total_turns}: "
            f"{futures} futures ({turns} greedy turns) in {median:.2f} CPU s (median of "
            f"{len(runs)}; {seconds[0]:.2f} to {seconds[-1]:.2f})\n"
            f"  CPU per future {1000 * median / futures:.1f} ms; greedy futures per second "
            f"{futures / median:.1f}; greedy turns per second {turns / median:,.0f}",
            flush=True,
        )
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            play(state, args.seed, args.worlds, args.options)
            profile.disable()
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(25)
            print(out.getvalue())
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
