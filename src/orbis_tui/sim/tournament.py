"""Matches between computer opponents: win rates with confidence intervals, and time.

``orbis tournament --a hard --b medium --games 200 --seed 1`` plays 200 games. The
games come in groups that share one deal: with N players, level A plays each seat once
per deal (the other seats are level B), so no level profits from a lucky deal or from
moving first. Seat 0 always starts. Each game's bots are seeded like every other game's
(:func:`~orbis_tui.bots.bot_seed` of the deal seed and the seat), so with fixed search
sizes (or no search at all) a tournament is reproducible.

Reported: wins of A, wins of B and shared victories (R-END-5), A's win rate with a 95%
Wilson score interval, A's win share (a shared victory counts 1/k) against the fair
share 1/N, mean scores, and the seconds each level spent per turn (all the decisions of
one turn together) and per decision, mean and max.

The processors are shared, never oversubscribed: with ``--jobs N`` games at once, each
game's expert grows its trees (:mod:`orbis_tui.bots.forest`) on ``cores // N`` worker
processes (:func:`tree_workers`), so that games × workers stay within the processors
this process may run on; with fewer than two each, one tree after the other in the
game's own process.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..bots import LEVEL_INFO, Bot, bot_seed, make_bot
from ..bots.registry import SearchSizes
from ..engine import GameState, final_scores
from ..i18n import gettext as _
from ..i18n import ngettext
from ..processes import SearchWorkers, available_cores, use_search_workers
from ..tiles import new_game
from .loop import play_out
from .pool import run_jobs
from .tables import text_table

BotFactory = Callable[[int], Bot]


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(slots=True)
class GameRecord:
    """One tournament game, from level A's point of view."""

    index: int
    deal_seed: int
    a_seat: int
    outcome: str  # "a", "b" or "tie"
    a_share: float  # A's share of the victory: 1, 1/k for a k-way shared win, or 0
    a_score: int
    b_scores: list[int]
    turn_seconds: dict[str, list[float]]  # per level
    decision_seconds: dict[str, list[float]]


def game_plan(index: int, seed: int, players: int) -> tuple[int, int]:
    """(deal seed, A's seat) of game ``index``: each deal is played once per seat."""
    return seed + index // players, index % players


def play_tournament_game(
    index: int,
    seed: int,
    players: int,
    factory_a: BotFactory,
    factory_b: BotFactory,
    label_a: str,
    label_b: str,
) -> GameRecord:
    deal_seed, a_seat = game_plan(index, seed, players)
    bots: list[Bot] = [
        (factory_a if seat == a_seat else factory_b)(bot_seed(deal_seed, seat))
        for seat in range(players)
    ]
    labels = [label_a if seat == a_seat else label_b for seat in range(players)]
    state = new_game([f"P{s + 1}" for s in range(players)], seed=deal_seed, first_player=0)
    played = play_out(state, bots, labels)
    return _record(index, deal_seed, a_seat, state, played.turn_seconds, played.decision_seconds)


def _record(
    index: int,
    deal_seed: int,
    a_seat: int,
    state: GameState,
    turn_seconds: dict[str, list[float]],
    decision_seconds: dict[str, list[float]],
) -> GameRecord:
    scores = final_scores(state)
    a_won = scores[a_seat].won
    b_won = any(s.won for s in scores if s.seat != a_seat)
    outcome = "tie" if a_won and b_won else ("a" if a_won else "b")
    winners = sum(1 for s in scores if s.won)
    return GameRecord(
        index,
        deal_seed,
        a_seat,
        outcome,
        1.0 / winners if a_won else 0.0,
        scores[a_seat].total,
        [s.total for s in scores if s.seat != a_seat],
        turn_seconds,
        decision_seconds,
    )


@dataclass
class TournamentResult:
    a: str
    b: str
    players: int
    seed: int
    settings: str
    records: list[GameRecord] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.records)

    def count(self, outcome: str) -> int:
        return sum(1 for r in self.records if r.outcome == outcome)

    def win_rate(self) -> tuple[float, float, float]:
        """A's share of outright wins and its 95% Wilson interval."""
        wins = self.count("a")
        low, high = wilson_interval(wins, self.games)
        return wins / max(1, self.games), low, high

    def win_share(self) -> tuple[float, float, float]:
        """A's share of the victories (a k-way shared win counts 1/k) and a 95% interval;
        the fair share is 1/N."""
        share = sum(r.a_share for r in self.records)
        low, high = wilson_interval(share, self.games)
        return share / max(1, self.games), low, high

    def times(self, label: str, per: str = "turn") -> list[float]:
        key = "turn_seconds" if per == "turn" else "decision_seconds"
        return [t for r in self.records for t in getattr(r, key)[label]]

    def summary(self) -> dict[str, Any]:
        rate, low, high = self.win_rate()
        share, share_low, share_high = self.win_share()
        b_wins = self.count("b")
        b_low, b_high = wilson_interval(b_wins, self.games)
        out: dict[str, Any] = {
            "a": self.a,
            "b": self.b,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "settings": self.settings,
            "a_wins": self.count("a"),
            "b_wins": b_wins,
            "ties": self.count("tie"),
            "a_win_rate": rate,
            "a_win_rate_95": [low, high],
            "b_win_rate": b_wins / max(1, self.games),
            "b_win_rate_95": [b_low, b_high],
            "a_win_share": share,
            "a_win_share_95": [share_low, share_high],
            "fair_share": 1 / self.players,
            "a_mean_score": _mean([r.a_score for r in self.records]),
            "b_mean_score": _mean([s for r in self.records for s in r.b_scores]),
            "seconds": {},
        }
        for label in dict.fromkeys((self.a, self.b)):
            turns = self.times(label, "turn")
            decisions = self.times(label, "decision")
            out["seconds"][label] = {
                "per_turn_mean": _mean(turns),
                "per_turn_max": max(turns, default=0.0),
                "per_decision_mean": _mean(decisions),
                "per_decision_max": max(decisions, default=0.0),
            }
        return out

    def report(self) -> str:
        s = self.summary()
        games = self.games
        deals = math.ceil(games / self.players)
        head = ngettext(
            "tournament: {a} (A) vs {b} (B), {players} players, {games} game "
            "({deals} deal, A in every seat), seed {seed}",
            "tournament: {a} (A) vs {b} (B), {players} players, {games} games "
            "({deals} deals, A in every seat of each), seed {seed}",
            games,
        )
        rows = [
            (_("A {level} wins").format(level=self.a), "a"),
            (_("B {level} wins").format(level=self.b), "b"),
        ]
        shared = _("shared wins")
        games_word, share_word = _("games"), _("share")
        width = max(14, *(len(label) + 1 for label, _side in rows), len(shared) + 1)
        table = [["", games_word, share_word, "95% " + _("interval")]]
        for label, side in rows:
            wins, rate = s[f"{side}_wins"], s[f"{side}_win_rate"]
            low, high = s[f"{side}_win_rate_95"]
            table.append([label, str(wins), _pct(rate), f"[{_pct(low)}, {_pct(high)}]"])
        table.append([shared, str(s["ties"]), _pct(s["ties"] / max(1, games))])
        lines = [
            head.format(
                a=self.a, b=self.b, players=self.players, games=games, deals=deals, seed=self.seed
            ),
            _("settings: {settings}").format(settings=self.settings),
            "",
            *text_table(table, [-width, 7, 9]),
        ]
        if self.players > 2:
            low, high = s["a_win_share_95"]
            share = _(
                "win share of A {level} (a shared win counts 1/k): {share} "
                "[{low}, {high}], fair share {fair}"
            )
            lines.append(
                share.format(
                    level=self.a,
                    share=_pct(s["a_win_share"]),
                    low=_pct(low),
                    high=_pct(high),
                    fair=_pct(s["fair_share"]),
                )
            )
        lines.append("")
        mean = _("mean score: {a} {a_score}, {b} {b_score} (per seat)")
        lines.append(
            mean.format(
                a=self.a,
                a_score=f"{s['a_mean_score']:.1f}",
                b=self.b,
                b_score=f"{s['b_mean_score']:.1f}",
            )
        )
        lines.append(_("seconds per turn (all decisions of a turn) and per decision:"))
        timing = _(
            "turn mean {turn_mean} max {turn_max} | "
            "decision mean {decision_mean} max {decision_max}"
        )
        for label, t in s["seconds"].items():
            figures = timing.format(
                turn_mean=f"{t['per_turn_mean']:.3f}",
                turn_max=f"{t['per_turn_max']:.3f}",
                decision_mean=f"{t['per_decision_mean']:.4f}",
                decision_max=f"{t['per_decision_max']:.3f}",
            )
            lines.append(f"  {label:<8} {figures}")
        return "\n".join(lines)

    def as_json(self) -> str:
        return json.dumps(self.summary(), indent=2)


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def level_factory(
    level: str, time_budget: float | None = None, iterations: SearchSizes | None = None
) -> BotFactory:
    size = (iterations or {}).get(level)

    def factory(seed: int) -> Bot:
        return make_bot(level, seed, time_budget=time_budget, iterations=size)

    return factory


def describe_search(
    levels: tuple[str, ...], time_budget: float | None, iterations: SearchSizes | None
) -> str:
    """How long the search levels among ``levels`` think, as the reports print it."""
    parts = []
    for level in dict.fromkeys(levels):
        info = LEVEL_INFO[level]
        if not info.searches:
            continue
        size = (iterations or {}).get(level)
        if size is not None:
            per_turn = _("{level}: {size} {unit} per turn")
            parts.append(per_turn.format(level=level, size=size, unit=_(info.size_unit)))
        else:
            budget = info.default_budget if time_budget is None else time_budget
            per_turn = _("{level}: {seconds} s per turn")
            parts.append(per_turn.format(level=level, seconds=f"{budget:g}"))
    return "; ".join(parts) if parts else _("no search levels")


def _worker(job: tuple[Any, ...]) -> GameRecord:
    index, seed, players, a, b, label_b, time_budget, iterations, trees = job
    previous = use_search_workers(trees)  # a worker process starts without the choice
    try:
        return play_tournament_game(
            index,
            seed,
            players,
            level_factory(a, time_budget, iterations),
            level_factory(b, time_budget, iterations),
            a,
            label_b,
        )
    finally:
        use_search_workers(previous)


def game_words(job: tuple[Any, ...]) -> str:
    """A game of a tournament's jobs, as a person finds it again: its number (from 1)
    and the seed of its deal."""
    index, seed, players = job[:3]
    deal_seed, _a_seat = game_plan(index, seed, players)
    return _("game {number} (deal seed {seed})").format(number=index + 1, seed=deal_seed)


def tree_workers(jobs: int) -> SearchWorkers:
    """How many worker processes each of ``jobs`` games at once may grow its trees on:
    its share of the processors (at least one: then in the game's process)."""
    share = max(1, available_cores() // max(1, jobs))
    return SearchWorkers(per_search=share, pool=share)


def run_tournament(
    a: str,
    b: str,
    games: int,
    seed: int,
    players: int = 2,
    time_budget: float | None = None,
    iterations: SearchSizes | None = None,
    jobs: int = 1,
    progress: Callable[[GameRecord], None] | None = None,
) -> TournamentResult:
    """Play ``games`` games of level ``a`` against ``b`` (their games as they finish are
    handed to ``progress``); a level against itself calls the B side ``b'``.
    ``time_budget`` is every search level's time per turn; ``iterations`` maps a search
    level to a fixed search size instead."""
    label_b = b if b != a else b + "'"
    settings = describe_search((a, b), time_budget, iterations)
    result = TournamentResult(a, label_b, players, seed, settings)
    trees = tree_workers(jobs)
    work = [(i, seed, players, a, b, label_b, time_budget, iterations, trees) for i in range(games)]
    previous = use_search_workers(trees)
    try:
        for record in run_jobs(_worker, work, jobs):
            result.records.append(record)
            if progress is not None:
                progress(record)
    finally:
        use_search_workers(previous)
    result.records.sort(key=lambda r: r.index)
    return result
