"""Computer-only games: for checking the engine, measuring it, and balance studies."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from .bots import LEVELS, RandomBot, make_bot
from .engine import Action, Catalog, GameState, PlayerScore, final_scores, new_game, problems
from .tiles import load_catalog

Chooser = Callable[[GameState], Action]
Job = TypeVar("Job")
Done = TypeVar("Done")


SEAT_LEVELS = ("random", *LEVELS)


class InvariantBroken(AssertionError):
    pass


def parse_seats(text: str, players: int) -> list[str]:
    """``"easy,medium"`` style seat levels: one per seat, or one level for every seat."""
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"{len(levels)} seat levels given for {players} players")
    for level in levels:
        if level not in SEAT_LEVELS:
            raise ValueError(f"unknown level {level!r} (one of {', '.join(SEAT_LEVELS)})")
    return levels


def level_choosers(
    levels: Sequence[str],
    seed: int,
    time_budget: float | None = None,
    iterations: int | None = None,
) -> list[Chooser]:
    """One computer opponent per seat, seeded from the game's seed like the default."""
    return [
        make_bot(level, seed * 10 + seat, time_budget=time_budget, iterations=iterations).choose
        for seat, level in enumerate(levels)
    ]


@dataclass
class GameResult:
    seed: int
    scores: list[PlayerScore]
    decisions: int
    state: GameState = field(repr=False)  # the finished game

    @property
    def winners(self) -> list[str]:
        return [s.name for s in self.scores if s.won]

    def line(self) -> str:
        totals = " ".join(f"{s.name}:{s.total}" for s in self.scores)
        return (
            f"seed={self.seed} players={len(self.scores)} scores={totals} "
            f"winner={'+'.join(self.winners)} decisions={self.decisions}"
        )

    def as_json(self) -> str:
        return json.dumps(
            {
                "seed": self.seed,
                "players": len(self.scores),
                "scores": {s.name: s.total for s in self.scores},
                "winners": self.winners,
                "decisions": self.decisions,
            }
        )


def play_game(
    players: int,
    seed: int,
    choosers: list[Chooser] | None = None,
    check: bool = True,
    catalog: Catalog | None = None,
) -> GameResult:
    """Play one game from ``seed``; with ``check``, verify every invariant after each action.

    ``catalog`` plays another tile set than the shipped one.
    """
    names = [f"P{i + 1}" for i in range(players)]
    state = new_game(catalog or load_catalog(), names, seed=seed, first_player=0)
    if choosers is None:
        choosers = [RandomBot(seed * 10 + i).choose for i in range(players)]
    decisions = 0
    while not state.is_over:
        state.apply(choosers[state.current](state))
        decisions += 1
        if check:
            found = problems(state)
            if found:
                raise InvariantBroken(f"seed {seed}, decision {decisions}: {found}")
    return GameResult(seed, final_scores(state), decisions, state)


def play_games(
    players: int,
    games: int,
    seed: int,
    check: bool = True,
    levels: list[str] | None = None,
    time_budget: float | None = None,
    iterations: int | None = None,
) -> Iterator[GameResult]:
    """Seeded games; ``levels`` names each seat's opponent level (default: random)."""
    for index in range(games):
        choosers = None
        if levels is not None:
            choosers = level_choosers(levels, seed + index, time_budget, iterations)
        yield play_game(players, seed + index, choosers=choosers, check=check)


def run_jobs(
    worker: Callable[[Job], Done], work: Iterable[Job], jobs: int = 1, chunksize: int = 1
) -> Iterator[Done]:
    """``worker`` on every job: in order on this core when ``jobs`` is 1, else in a pool of
    ``jobs`` forked processes, as the jobs finish (``worker`` must be a module function)."""
    if jobs <= 1:
        for job in work:
            yield worker(job)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(worker, work, chunksize=chunksize)


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
