"""The expert's first and second turns of a session: their wall time with its worker
processes started ahead (as a table with an expert seat starts them as it opens) and
without (started by the first search).

    .venv/bin/python benchmarks/bench_first_turn.py [--runs 2] [--players 2]
        [--budget SECONDS] [--seed 0]

Each run is a fresh process, as a session of the app is, whose searches may use every
processor (the app's choice, ``processes.every_core``). It reaches two mid-game
positions (medium players from the deal ``seed + run``, 8 and 10 turns in), then,
cold: the expert plays the first, then the second; warm: the workers are started
ahead (:func:`orbis_tui.bots.warm_expert_workers`) and waited for (the person's turn
before the expert's, which lasts longer than their start), then the same two turns.
Printed per mode: the first and the second turn's wall time (mean and max over the
runs), the warming's own time, and the machine's load average before and after (the
figures mean little on a loaded machine: say the load with them). This module imports
nothing of the game at its top: the workers, spawned, import it as the app's do their
``orbis`` script, and no more.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time


def one_run(mode: str, players: int, budget: float, seed: int) -> dict[str, float]:
    """One session's two expert turns (``mode``: "cold" or "warm"), in seconds."""
    from orbis_tui.bots import ExpertBot, MediumBot, bot_seed, warm_expert_workers
    from orbis_tui.engine import DecisionKind, GameState
    from orbis_tui.processes import available_cores, every_core, use_search_workers
    from orbis_tui.tiles import new_game

    def midgame(turns: int) -> GameState:
        state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
        bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
        while state.turn < turns or state.kind is not DecisionKind.TURN:
            state.apply(bots[state.current].choose(state))
        return state

    positions = [midgame(8), midgame(10)]
    use_search_workers(every_core())
    times: dict[str, float] = {"cores": available_cores()}
    if mode == "warm":
        start = time.perf_counter()
        done = warm_expert_workers(["human", "expert"])
        if done is not None:
            done.wait()
        times["warming"] = time.perf_counter() - start
    for name, state in zip(("first", "second"), positions, strict=True):
        bot = ExpertBot(bot_seed(seed, state.current), time_budget=budget)
        start = time.perf_counter()
        bot.choose(state)
        times[name] = time.perf_counter() - start
    return times


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--budget", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--one", choices=["cold", "warm"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:  # a run, in a process of its own
        print(json.dumps(one_run(args.one, args.players, args.budget, args.seed)))
        return
    print(
        f"{args.players} players, {args.runs} run(s) a mode, {args.budget:g} s a turn;"
        f" load average {load()}",
        flush=True,
    )
    for mode in ("cold", "warm"):
        runs: list[dict[str, float]] = []
        for run in range(args.runs):
            command = [sys.executable, __file__, "--one", mode, "--players", str(args.players)]
            command += ["--budget", str(args.budget), "--seed", str(args.seed + run)]
            done = subprocess.run(command, capture_output=True, text=True, check=True)
            runs.append(json.loads(done.stdout.splitlines()[-1]))
        line = f"{mode}: {int(runs[0]['cores'])} processor(s)"
        for name in ("first", "second", "warming"):
            seen = [run[name] for run in runs if name in run]
            if seen:
                line += f" | {name} mean {sum(seen) / len(seen):.3f} s, max {max(seen):.3f} s"
        print(line, flush=True)
    print(f"load average after: {load()}")


if __name__ == "__main__":  # the workers are spawned: they import this file, not run it
    main()
