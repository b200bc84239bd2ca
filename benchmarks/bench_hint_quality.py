"""How good is the hint's first option? Each option played to the end of the game.

Run with ``python benchmarks/bench_hint_quality.py``. At the start of turns of seeded
2-player games between medium players, it asks for a hint as the app does (its time
budget), then plays every tile and god on offer (each turn finished greedily, as the
search's candidates are) to the end of the game on the same worlds, with medium
continuations, and prints:

- the hint's loss: the best option's mean utility minus that of the hint's first
  option on those worlds (CP; 0 when the hint picked the best), and how often it is
  under 1 CP;
- how often the best option is among the hint's three;
- the same loss for the greedy favourite (what the medium player would take), to
  read the hint's against.

The futures to the end are noisy (some 15 CP a world between two options), so the
best option of a position is itself an estimate: compare figures on the same
positions and worlds, not against 0.

Options: ``--positions N`` (default 24), ``--worlds W`` (default 40), ``--games G``
(default 3), ``--seed S``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from orbis_tui.analysis.hints import best_options
from orbis_tui.analysis.paired import Futures, play_futures, turn_worlds
from orbis_tui.bots import make_bot
from orbis_tui.bots.ismcts import turn_candidates
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import Action, DecisionKind, Exchange, GameState
from orbis_tui.tiles import new_game


def turn_starts(seed: int) -> list[GameState]:
    """The start of every turn of a game between two medium players."""
    state = new_game(["A", "B"], seed=seed, first_player=0)
    bots = [make_bot("medium", seed), make_bot("medium", seed + 1)]
    starts = []
    while not state.is_over:
        if state.kind is DecisionKind.TURN:
            starts.append(state.copy())
        state.apply(bots[state.current].choose(state.copy()))
    return starts


def first_move(actions: tuple[Action, ...] | list[Action]) -> Action:
    return next(a for a in actions if not isinstance(a, Exchange))


def judged(state: GameState, worlds: int) -> dict[Action, Futures]:
    """Every tile and god on offer, finished greedily, played to the end on the same
    worlds: by its first move (a take)."""
    planner = QuickPlanner()
    common = turn_worlds(state, 999, worlds)
    plans = turn_candidates(state.resample_hidden(random.Random(0)), planner, None)
    return {
        first_move(plan): play_futures(state, plan, common, planner, rounds=None) for plan in plans
    }


def loss(futures: dict[Action, Futures], move: Action) -> float:
    best = max(f.mean for f in futures.values())
    return best - futures[move].mean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    starts = [s for game in range(args.games) for s in turn_starts(args.seed + game)]
    positions = rng.sample(starts, min(args.positions, len(starts)))
    load = os.getloadavg()[0]
    hint_losses, greedy_losses, among, seconds = [], [], 0, []
    for number, state in enumerate(positions, start=1):
        started = time.perf_counter()
        hints = best_options(state)
        seconds.append(time.perf_counter() - started)
        futures = judged(state, args.worlds)
        best = max(futures, key=lambda move: futures[move].mean)
        picks = [first_move(h.actions) for h in hints]
        hint_losses.append(loss(futures, picks[0]))
        greedy = first_move(turn_candidates(state, QuickPlanner(), 1)[0])
        greedy_losses.append(loss(futures, greedy))
        among += best in picks
        print(
            f"position {number} (turn {state.turn + 1}): hint's loss {hint_losses[-1]:.2f} CP, "
            f"greedy's {greedy_losses[-1]:.2f}, best among the hint's three: {best in picks}",
            flush=True,
        )
    n = len(positions)
    print(
        f"{n} positions, {args.worlds} worlds each, load average {load:.2f}; "
        f"hint median {statistics.median(seconds):.2f} s"
    )
    for name, losses in (("hint's first", hint_losses), ("greedy favourite", greedy_losses)):
        print(
            f"{name}: mean loss {statistics.mean(losses):.2f} CP "
            f"(se {statistics.stdev(losses) / n**0.5:.2f}), under 1 CP in "
            f"{sum(x < 1 for x in losses)} of {n}"
        )
    print(f"the best option among the hint's three: {among} of {n}")


if __name__ == "__main__":
    main()
