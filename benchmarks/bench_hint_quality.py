"""How good are the hint's first option and the review's best? Each option played to the end.

Run with ``python benchmarks/bench_hint_quality.py``. At decisions of seeded 2-player
games between medium players (the start of a turn, or with ``--placements`` the
placement of a tile with three spots or more), it asks for a hint as the app does (its
time budget) and runs the review's search (``REVIEW_PER_OPTION`` iterations per
option), then plays every option of the decision (each turn finished greedily, as the
search's candidates are) to the end of the game on the same worlds, with medium
continuations, and prints, for each chooser, the loss of its choice: the best option's
mean utility minus that of the option chosen on those worlds (CP; 0 when it chose the
best), and how often it is under 1 CP. The choosers: the hint's first option, the
hint's search alone (without the futures that rank its three), the review's search,
and the greedy favourite (what the medium player would do); and how often the best
option is among the hint's three.

The futures to the end are noisy (some 15 CP a world between two options), so the
best option of a position is itself an estimate: compare figures on the same
positions and worlds, not against 0.

Options: ``--positions N`` (default 24), ``--worlds W`` (default 40), ``--games G``
(default 3), ``--seed S``, ``--placements``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from orbis_tui.analysis.hints import SEARCH_SHARE, best_options
from orbis_tui.analysis.paired import Futures, play_futures, turn_worlds
from orbis_tui.analysis.search import HINT_BUDGET, REVIEW_PER_OPTION, analyse
from orbis_tui.bots import make_bot
from orbis_tui.bots.ismcts import root_candidates
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import Action, DecisionKind, Exchange, GameState
from orbis_tui.tiles import new_game


def decisions(seed: int, placements: bool) -> list[GameState]:
    """The start of every turn of a game between two medium players, or with
    ``placements`` every placement with three spots or more."""
    state = new_game(["A", "B"], seed=seed, first_player=0)
    bots = [make_bot("medium", seed), make_bot("medium", seed + 1)]
    found = []
    while not state.is_over:
        if placements:
            if state.kind is DecisionKind.PLACE and len(state.decision_actions()) >= 3:
                found.append(state.copy())
        elif state.kind is DecisionKind.TURN:
            found.append(state.copy())
        state.apply(bots[state.current].choose(state.copy()))
    return found


def first_move(actions: tuple[Action, ...] | list[Action]) -> Action:
    return next(a for a in actions if not isinstance(a, Exchange))


def judged(state: GameState, worlds: int) -> dict[Action, Futures]:
    """Every option of the decision (every tile and god at the start of a turn),
    finished greedily, played to the end on the same worlds: by its first move."""
    planner = QuickPlanner()
    common = turn_worlds(state, 999, worlds)
    plans = root_candidates(state.resample_hidden(random.Random(0)), planner, None)
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
    parser.add_argument("--placements", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    found = [s for game in range(args.games) for s in decisions(args.seed + game, args.placements)]
    positions = rng.sample(found, min(args.positions, len(found)))
    load = os.getloadavg()[0]
    choosers = ("hint's first", "hint's search alone", "review's search", "greedy favourite")
    losses: dict[str, list[float]] = {name: [] for name in choosers}
    among, seconds = 0, []
    for number, state in enumerate(positions, start=1):
        started = time.perf_counter()
        hints = best_options(state)
        seconds.append(time.perf_counter() - started)
        futures = judged(state, args.worlds)
        best = max(futures, key=lambda move: futures[move].mean)
        picks = [first_move(h.actions) for h in hints]
        searched = analyse(state, time_budget=HINT_BUDGET * SEARCH_SHARE, top=1)
        reviewed = analyse(state, per_option=REVIEW_PER_OPTION, top=1)
        greedy = root_candidates(state, QuickPlanner(), 1)[0]
        chosen = (hints[0].actions, searched.best.actions, reviewed.best.actions, greedy)
        for name, choice in zip(choosers, chosen, strict=True):
            losses[name].append(loss(futures, first_move(choice)))
        among += best in picks
        print(
            f"position {number} (turn {state.turn + 1}): "
            + ", ".join(f"{name} {losses[name][-1]:.2f}" for name in choosers)
            + f" CP; the best among the hint's three: {best in picks}",
            flush=True,
        )
    n = len(positions)
    print(
        f"{n} positions, {args.worlds} worlds each, load average {load:.2f}; "
        f"hint median {statistics.median(seconds):.2f} s"
    )
    for name in choosers:
        print(
            f"{name}: mean loss {statistics.mean(losses[name]):.2f} CP "
            f"(se {statistics.stdev(losses[name]) / n**0.5:.2f}), under 1 CP in "
            f"{sum(x < 1 for x in losses[name])} of {n}"
        )
    print(f"the best option among the hint's three: {among} of {n}")


if __name__ == "__main__":
    main()
