"""Computer players. Each one chooses among the engine's legal actions only, from what
a player at the table can see.

Use :func:`make_bot` to get an opponent of a level in :data:`LEVELS`::

    bot = make_bot("expert", seed=bot_seed(game_seed, seat))
    state.apply(bot.choose(state))

A bot answers every decision of its own turns (the tile or god, the payment, the spot,
the effect's choices, the discard) through the same actions a human's keys produce.
The estimates of every option of a decision, for hints and reviews, are
:mod:`orbis_tui.analysis`'s.
"""

from __future__ import annotations

from ..levels import ALL_LEVELS, LEVELS
from .easy import EasyBot
from .expert import DEFAULT_EXPERT_BUDGET, ExpertBot, warm_expert_workers
from .hard import DEFAULT_TIME_BUDGET, HardBot
from .medium import MediumBot
from .random_bot import RandomBot
from .registry import (
    LEVEL_INFO,
    SEARCH_LEVELS,
    Bot,
    Level,
    bot_seed,
    make_bot,
    parse_search_sizes,
    seat_bots,
)

__all__ = [
    "ALL_LEVELS",
    "DEFAULT_EXPERT_BUDGET",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "LEVEL_INFO",
    "SEARCH_LEVELS",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "Level",
    "MediumBot",
    "RandomBot",
    "bot_seed",
    "make_bot",
    "parse_search_sizes",
    "seat_bots",
    "warm_expert_workers",
]
