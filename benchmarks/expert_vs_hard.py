"""The expert against hard at fixed search sizes, timed in CPU seconds.

    .venv/bin/python benchmarks/expert_vs_hard.py --players 3 --seed 7101 --games 60
        [--start 0] [--expert 87] [--hard 3] [--set '{"learned_leaf": true}']

Plays the games ``start`` to ``start + games - 1`` of
``orbis tournament --a expert --b hard --players P --seed S --iterations hard=H,expert=E``
(the same deals, seats and bot seeds: each deal is played once with the expert in every
seat), one game at a time, and after each game prints the expert's share of the victories
so far (a shared win counts 1/k) with its 95% interval, its mean final margin (its CP minus
the best other seat's) and the CPU seconds each level spent per turn. CPU time, not wall
clock, so that equal time holds on a machine shared with other work. ``--set`` passes
search settings to the expert (for instance the learned leaf), to measure a variant.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

from orbis_tui.bots import Bot, ExpertBot, HardBot
from orbis_tui.engine import Action, GameState
from orbis_tui.sim.tournament import play_tournament_game, wilson_interval


class CpuTimed:
    """A bot that adds the CPU seconds its choices take to ``spent``."""

    def __init__(self, bot: Bot, spent: list[float]) -> None:
        self.bot = bot
        self.name = bot.name
        self.spent = spent

    def choose(self, state: GameState) -> Action:
        start = time.process_time()
        action = self.bot.choose(state)
        self.spent[0] += time.process_time() - start
        return action


def timed(make: Callable[[int], Bot], spent: list[float]) -> Callable[[int], Bot]:
    return lambda seed: CpuTimed(make(seed), spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--expert", type=int, default=93, help="expert iterations per turn")
    parser.add_argument("--hard", type=int, default=3, help="hard search rounds per turn")
    parser.add_argument("--set", default="{}", help="expert search settings, as JSON")
    args = parser.parse_args()
    settings = json.loads(args.set)
    expert_cpu, hard_cpu = [0.0], [0.0]
    expert = timed(lambda seed: ExpertBot(seed, iterations=args.expert, **settings), expert_cpu)
    hard = timed(lambda seed: HardBot(seed, iterations=args.hard), hard_cpu)
    share = 0.0
    margins: list[int] = []
    turns = {"expert": 0, "hard": 0}
    for index in range(args.start, args.start + args.games):
        game = play_tournament_game(index, args.seed, args.players, expert, hard, "expert", "hard")
        share += game.a_share
        margins.append(game.a_score - max(game.b_scores))
        for label in turns:
            turns[label] += len(game.turn_seconds[label])
        n = len(margins)
        low, high = wilson_interval(share, n)
        print(
            f"game {index} (expert in seat {game.a_seat}): share {game.a_share:.2f}, "
            f"margin {margins[-1]:+d} | {n} games: share {share:g}/{n} = {share / n:.1%} "
            f"[{low:.1%}, {high:.1%}], mean margin {sum(margins) / n:+.2f} | CPU s per turn "
            f"expert {expert_cpu[0] / turns['expert']:.3f}, hard {hard_cpu[0] / turns['hard']:.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
