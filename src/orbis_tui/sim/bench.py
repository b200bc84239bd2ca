"""``orbis bench``: the engine's speed on random 4-player games."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine import new_game
from ..tiles import load_catalog


@dataclass
class BenchFigures:
    games: int
    seconds: float
    decisions: int
    engine_seconds: float

    def report(self) -> str:
        return "\n".join(
            [
                f"random 4-player games:      {self.games}",
                f"games per second:           {self.games / self.seconds:,.1f}",
                f"ms per game:                {1000 * self.seconds / self.games:.2f}",
                f"decisions per game:         {self.decisions / self.games:.1f}",
                f"decisions per second:       {self.decisions / self.seconds:,.0f}",
                f"legal_actions+apply (mean): {1e6 * self.engine_seconds / self.decisions:.2f} us",
            ]
        )


def _random_games(games: int, seed: int, timed: bool) -> tuple[int, float]:
    """Play random 4-player games; returns (decisions, seconds inside the engine calls)."""
    decisions = 0
    engine = 0.0
    clock = time.perf_counter
    catalog = load_catalog()
    for index in range(games):
        state = new_game(catalog, ["A", "B", "C", "D"], seed=seed + index, first_player=0)
        rng = random.Random(seed + index)
        while not state.is_over:
            if timed:
                t0 = clock()
                actions = state.legal_actions()
                t1 = clock()
                action = rng.choice(actions)
                t2 = clock()
                state.apply(action)
                engine += (t1 - t0) + (clock() - t2)
            else:
                state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, engine


def bench(games: int = 500, seed: int = 0) -> BenchFigures:
    """Random 4-player games on one core: first untimed inside (games and decisions per
    second), then the same games again timing only legal_actions + apply."""
    load_catalog()  # the tile data loads outside the timing
    start = time.perf_counter()
    decisions, _ = _random_games(games, seed, timed=False)
    seconds = time.perf_counter() - start
    _, engine = _random_games(games, seed, timed=True)
    return BenchFigures(games, seconds, decisions, engine)
