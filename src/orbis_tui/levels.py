"""The computer levels by name, weakest first, and what a person should expect of each.

The app shows these on the new-game screen and checks a saved game's seats against
them before any computer player is needed, so they live apart from the players
themselves (:mod:`orbis_tui.bots`), which take a while to load.
"""

from __future__ import annotations

from .i18n import N_

# A seat played by a person (a seat's kind is this or a level).
HUMAN = "human"

# The levels offered to players, weakest first ("random" is for testing only).
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
ALL_LEVELS: tuple[str, ...] = ("random", *LEVELS)

# Marked for the catalogs: show them through gettext.
SUMMARIES: dict[str, str] = {
    "random": N_("a random legal move (for testing)"),
    "easy": N_("a beginner: plausible but aimless moves"),
    "medium": N_("a greedy player that looks one turn ahead"),
    "hard": N_("a flat search over its best few turns"),
    "expert": N_("a tree search over turns that decides when to take its god"),
}


def weaker_level(level: str) -> str | None:
    """The level just below ``level`` (None below the weakest, or for no level): what
    plays a table's seat on whose computer player could not move."""
    if level not in ALL_LEVELS:
        return None
    place = ALL_LEVELS.index(level)
    return ALL_LEVELS[place - 1] if place > 0 else None
