"""The rating ladder: a round robin of two-player tournaments between levels, and an
Elo-style rating for each level with a 95% interval.

``orbis ladder --games 40 --seed 1`` plays every pair of levels (random, easy, medium,
hard, expert by default) ``games`` times with the tournament's deals (each deal from
both seats). The ratings are the Bradley-Terry maximum-likelihood fit of all the games
on the Elo scale (400 points: 10 to 1 odds), the first level fixed at 0. A shared
victory counts half a win for each side, and every pair gets one virtual shared
victory, so a level that wins every game still has a finite rating. The intervals come
from refitting on resampled games (a bootstrap, seeded).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ..bots.registry import SearchSizes
from ..i18n import gettext, ngettext
from .tournament import TournamentResult, describe_search, run_tournament

ELO_SCALE = 400.0
BOOTSTRAP_SAMPLES = 200


@dataclass(frozen=True, slots=True)
class PairScore:
    """The games of one pair: ``a`` scored ``points`` (a win 1, a shared win 1/2)."""

    a: str
    b: str
    games: int
    points: float


def fit_ratings(levels: Sequence[str], pairs: Sequence[PairScore]) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale, ``levels[0]`` at 0 (one virtual shared
    win per pair keeps every rating finite)."""
    index = {level: i for i, level in enumerate(levels)}
    n = len(levels)
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for pair in pairs:
        i, j = index[pair.a], index[pair.b]
        wins[i] += pair.points + 0.5
        wins[j] += pair.games - pair.points + 0.5
        games[i][j] += pair.games + 1
        games[j][i] += pair.games + 1
    strength = [1.0] * n
    for _ in range(2000):  # Hunter's minorise-maximise iteration; converges quickly
        new = []
        for i in range(n):
            denominator = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(n) if games[i][j]
            )
            new.append(wins[i] / denominator if denominator else strength[i])
        anchor = new[0]
        new = [s / anchor for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return {level: ELO_SCALE * math.log10(strength[index[level]]) for level in levels}


@dataclass
class Ladder:
    levels: list[str]
    games_per_pair: int
    seed: int
    settings: str
    tournaments: list[TournamentResult] = field(default_factory=list)

    def pair_scores(self, rng: random.Random | None = None) -> list[PairScore]:
        """Each pair's score; with ``rng``, of games drawn again with replacement."""
        scores = []
        for t in self.tournaments:
            outcomes = [r.outcome for r in t.records]
            if rng is not None:
                outcomes = [rng.choice(outcomes) for _ in outcomes]
            points = sum(1.0 if o == "a" else 0.5 if o == "tie" else 0.0 for o in outcomes)
            scores.append(PairScore(t.a, t.b, len(outcomes), points))
        return scores

    def ratings(self) -> dict[str, tuple[float, float, float]]:
        """Each level's rating and its 95% bootstrap interval."""
        best = fit_ratings(self.levels, self.pair_scores())
        rng = random.Random(self.seed)
        samples: dict[str, list[float]] = {level: [] for level in self.levels}
        for _ in range(BOOTSTRAP_SAMPLES):
            fitted = fit_ratings(self.levels, self.pair_scores(rng))
            for level, value in fitted.items():
                samples[level].append(value)
        out = {}
        for level in self.levels:
            values = sorted(samples[level])
            low = values[int(0.025 * (len(values) - 1))]
            high = values[int(0.975 * (len(values) - 1))]
            out[level] = (best[level], low, high)
        return out

    def seconds_per_turn(self, level: str) -> tuple[float, float]:
        times = [x for t in self.tournaments for x in _times(t, level)]
        return (sum(times) / len(times), max(times)) if times else (0.0, 0.0)

    def summary(self) -> dict[str, Any]:
        ratings = self.ratings()
        return {
            "levels": self.levels,
            "games_per_pair": self.games_per_pair,
            "seed": self.seed,
            "settings": self.settings,
            "ratings": {
                level: {"elo": r, "elo_95": [low, high]}
                for level, (r, low, high) in ratings.items()
            },
            "pairs": [
                {
                    "a": t.a,
                    "b": t.b,
                    "games": t.games,
                    "a_wins": t.count("a"),
                    "b_wins": t.count("b"),
                    "ties": t.count("tie"),
                }
                for t in self.tournaments
            ],
            "seconds_per_turn": {
                level: dict(zip(("mean", "max"), self.seconds_per_turn(level), strict=True))
                for level in self.levels
            },
        }

    def report(self) -> str:
        ratings = self.ratings()
        head = ngettext(
            "ladder: {levels}; 2 players, {games} game per pair "
            "(each deal from both seats), seed {seed}",
            "ladder: {levels}; 2 players, {games} games per pair "
            "(each deal from both seats), seed {seed}",
            self.games_per_pair,
        )
        level_word = gettext("level")
        lines = [
            head.format(levels=", ".join(self.levels), games=self.games_per_pair, seed=self.seed),
            gettext("settings: {settings}").format(settings=self.settings),
            "",
            f"{level_word:<8}{'Elo':>7}   " + "95% " + gettext("interval     s/turn mean    max"),
        ]
        for level in sorted(self.levels, key=lambda lv: -ratings[lv][0]):
            rating, low, high = ratings[level]
            mean, most = self.seconds_per_turn(level)
            lines.append(
                f"{level:<8}{rating:>7.0f}   [{low:>5.0f}, {high:>5.0f}]   "
                f"{mean:>10.3f} {most:>6.3f}"
            )
        lines += ["", gettext("pairs (A wins - B wins - shared):")]
        for t in self.tournaments:
            lines.append(
                f"  {t.a:<7} vs {t.b:<7} {t.count('a'):>4} - {t.count('b'):<4} - {t.count('tie')}"
            )
        return "\n".join(lines)

    def as_json(self) -> str:
        return json.dumps(self.summary(), indent=2)


def _times(t: TournamentResult, level: str) -> list[float]:
    labels = [label for label in (t.a, t.b) if label.rstrip("'") == level]
    return [x for label in labels for x in t.times(label, "turn")]


def run_ladder(
    levels: Sequence[str],
    games: int,
    seed: int,
    time_budget: float | None = None,
    iterations: SearchSizes | None = None,
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
) -> Ladder:
    """Every pair of ``levels`` (weaker first in each pair's name) plays ``games``
    two-player games; ``progress`` hears of each pair as it starts."""
    if len(levels) < 2:
        raise ValueError("a ladder needs at least two levels")
    settings = describe_search(tuple(levels), time_budget, iterations)
    ladder = Ladder(list(levels), games, seed, settings)
    for a, b in combinations(levels, 2):
        if progress is not None:
            progress(f"{a} vs {b}")
        ladder.tournaments.append(
            run_tournament(
                b,
                a,
                games,
                seed,
                players=2,
                time_budget=time_budget,
                iterations=iterations,
                jobs=jobs,
            )
        )
    return ladder
