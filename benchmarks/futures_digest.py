"""A digest of the review's greedy futures, to show that a change to the planner, the
evaluation or the engine leaves every future the same to the last bit.

    .venv/bin/python benchmarks/futures_digest.py [--players 2,3,4] [--seeds 0,1,2]
        [--worlds 4] [--options 6]

From the turn a third of the way through a game between medium players (see
``bench_futures.py``) and from the turn two thirds of the way, for each table size and
seed, the first ``--options`` answers are each played on ``--worlds`` worlds to the end
of the game (:func:`orbis_tui.analysis.paired.play_futures`, no cache). Into one
SHA-256 go every future's values, margins, victories and final scores, and every whole
turn the planner planned on the way (each plan's actions and value, in the planner's
order) and every turn it completed (the actions and the value). Prints the digest per
table size and for all of them; run it before and after a change and compare.
"""

from __future__ import annotations

import argparse
import hashlib

from orbis_tui.analysis.paired import play_futures, turn_worlds
from orbis_tui.bots import MediumBot, bot_seed
from orbis_tui.bots.planner import TurnPlan
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import Action, DecisionKind, GameState
from orbis_tui.tiles import new_game


def position(players: int, seed: int, share: float) -> GameState:
    """The start of the turn ``share`` of the way through a game between medium players."""
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    turns = int(state.total_turns * share)
    while state.turn < turns or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


class _HashingPlanner(QuickPlanner):
    """The review's planner, feeding every plan it makes into a hash."""

    def __init__(self, digest: hashlib._Hash) -> None:
        super().__init__()
        self.digest = digest

    def turn_plans(self, state: GameState) -> list[TurnPlan]:
        plans = super().turn_plans(state)
        self.digest.update(repr([(p.actions, p.value.hex()) for p in plans]).encode())
        return plans

    def complete(self, state: GameState, me: int) -> tuple[list[Action], float]:
        outer = not self._frozen
        actions, value = super().complete(state, me)
        if outer:
            self.digest.update(repr((actions, value.hex())).encode())
        return actions, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--options", type=int, default=6)
    args = parser.parse_args()
    total = hashlib.sha256()
    for players in (int(n) for n in args.players.split(",")):
        digest = hashlib.sha256()
        futures = 0
        for seed in (int(s) for s in args.seeds.split(",")):
            for share in (1 / 3, 2 / 3):
                state = position(players, seed, share)
                planner = _HashingPlanner(digest)
                worlds = turn_worlds(state, seed, args.worlds)
                for action in state.decision_actions()[: args.options]:
                    found = play_futures(state, [action], worlds, planner, None)
                    digest.update(
                        repr(
                            (
                                found.actions,
                                [v.hex() for v in found.values],
                                [m.hex() for m in found.margins],
                                [w.hex() for w in found.wins],
                                found.finals,
                                found.exact,
                            )
                        ).encode()
                    )
                    futures += len(worlds)
        print(f"{players} players: {futures} futures, sha256 {digest.hexdigest()}", flush=True)
        total.update(digest.digest())
    print(f"all: sha256 {total.hexdigest()}")


if __name__ == "__main__":
    main()
