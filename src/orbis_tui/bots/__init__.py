"""Computer players. Each one chooses among the engine's legal actions only.

Use :func:`make_bot` to get an opponent of a level in :data:`LEVELS`::

    bot = make_bot("medium", seed=7)
    state.apply(bot.choose(state))

A bot answers every decision of its own turns (the tile or god, the payment, the spot,
the effect's choices, the discard) through the same actions a human's keys produce.
"""

from __future__ import annotations

from typing import Protocol

from ..engine import Action, GameState
from .easy import EasyBot
from .hard import DEFAULT_TIME_BUDGET, HardBot
from .medium import MediumBot
from .random_bot import RandomBot

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


class Bot(Protocol):
    name: str

    def choose(self, state: GameState) -> Action:
        """A legal action for the decision pending in ``state`` (the bot's own)."""
        ...


def make_bot(
    level: str,
    seed: int = 0,
    *,
    time_budget: float | None = None,
    iterations: int | None = None,
) -> Bot:
    """A computer opponent of ``level`` ("easy", "medium" or "hard"; also "random").

    ``time_budget`` (seconds per turn) and ``iterations`` (search rounds per turn) only
    concern "hard": with ``iterations`` the bot is deterministic for a given seed; with
    neither it thinks for :data:`~orbis_tui.bots.hard.DEFAULT_TIME_BUDGET` seconds.
    """
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        return HardBot(seed, time_budget=time_budget, iterations=iterations)
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown level {level!r} (one of {', '.join(LEVELS)}, or random)")


__all__ = [
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "make_bot",
]
