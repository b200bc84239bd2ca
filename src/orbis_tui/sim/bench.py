"""``orbis bench``: the engine's speed on random 4-player games."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..engine import new_game
from ..i18n import gettext
from ..tiles import load_catalog


@dataclass
class BenchFigures:
    games: int
    seconds: float
    decisions: int
    engine_seconds: float

    def report(self) -> str:
        rows = [
            (gettext("random 4-player games"), f"{self.games}"),
            (gettext("games per second"), f"{self.games / self.seconds:,.1f}"),
            (gettext("ms per game"), f"{1000 * self.seconds / self.games:.2f}"),
            (gettext("decisions per game"), f"{self.decisions / self.games:.1f}"),
            (gettext("decisions per second"), f"{self.decisions / self.seconds:,.0f}"),
            (
                gettext("legal_actions+apply (mean)"),
                f"{1e6 * self.engine_seconds / self.decisions:.2f} us",
            ),
        ]
        width = max(len(label) for label, _value in rows) + 2
        return "\n".join(f"{label + ':':<{width}}{value}" for label, value in rows)


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
