"""Computer-only games: for checking the engine, measuring it, and balance studies."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..bots import ALL_LEVELS, Bot, RandomBot, bot_seed, seat_bots
from ..bots.registry import SearchSizes
from ..engine import Catalog, GameState, PlayerScore, final_scores, new_game
from ..i18n import gettext, ngettext
from ..tiles import load_catalog
from .loop import InvariantBroken, play_out

SEAT_LEVELS = ALL_LEVELS


def parse_seats(text: str, players: int) -> list[str]:
    """``"easy,medium"`` style seat levels: one per seat, or one level for every seat."""
    levels = [part.strip().lower() for part in text.split(",") if part.strip()]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        message = ngettext(
            "{count} seat level given for {players} players",
            "{count} seat levels given for {players} players",
            len(levels),
        )
        raise ValueError(message.format(count=len(levels), players=players))
    for level in levels:
        if level not in SEAT_LEVELS:
            message = gettext("unknown level {level} (one of {levels})")
            raise ValueError(message.format(level=repr(level), levels=", ".join(SEAT_LEVELS)))
    return levels


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
    bots: Sequence[Bot] | None = None,
    check: bool = True,
    catalog: Catalog | None = None,
) -> GameResult:
    """Play one game from ``seed`` (default: random play in every seat); with ``check``,
    verify every invariant after each action. ``catalog`` plays another tile set."""
    names = [f"P{i + 1}" for i in range(players)]
    state = new_game(catalog or load_catalog(), names, seed=seed, first_player=0)
    if bots is None:
        bots = [RandomBot(bot_seed(seed, seat)) for seat in range(players)]
    try:
        played = play_out(state, bots, check=check)
    except InvariantBroken as exc:
        raise InvariantBroken(f"seed {seed}, {exc}") from None
    return GameResult(seed, final_scores(state), played.decisions, state)


def play_games(
    players: int,
    games: int,
    seed: int,
    check: bool = True,
    levels: Sequence[str] | None = None,
    time_budget: float | None = None,
    iterations: SearchSizes | None = None,
) -> Iterator[GameResult]:
    """Seeded games; ``levels`` names each seat's opponent level (default: random)."""
    for index in range(games):
        game_seed = seed + index
        bots = None
        if levels is not None:
            bots = seat_bots(
                list(levels), game_seed, time_budget=time_budget, iterations=iterations
            )
        yield play_game(players, game_seed, bots=bots, check=check)
