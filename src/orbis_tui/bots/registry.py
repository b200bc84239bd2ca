"""The one list of computer levels, how to build one, and how a seat's bot is seeded.

The app's new-game screen, ``--seats`` and every ``orbis`` simulation command read
:data:`LEVELS` and build bots with :func:`make_bot`; all of them seed a seat's bot with
:func:`bot_seed`, so a game dealt from the same seed with the same levels is played the
same way wherever it is played (with fixed search sizes).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from ..engine import Action, GameState
from ..i18n import N_, gettext
from ..levels import ALL_LEVELS, SUMMARIES
from ..options import MAX_ITERATIONS, check_count
from .easy import EasyBot
from .expert import DEFAULT_EXPERT_BUDGET, ExpertBot
from .hard import DEFAULT_TIME_BUDGET, HardBot
from .medium import MediumBot
from .random_bot import RandomBot


class Bot(Protocol):
    name: str

    def choose(self, state: GameState) -> Action:
        """A legal action for the decision pending in ``state`` (the bot's own)."""
        ...


@dataclass(frozen=True)
class Level:
    """One computer level: its name, what a person should expect of it, and whether it
    searches (then it takes a time budget or a fixed search size)."""

    name: str
    summary: str  # marked for the catalogs: show it through gettext
    default_budget: float | None  # seconds per turn; None: no search
    size_unit: str = ""  # what one unit of a fixed search size is
    build: Callable[..., Bot] | None = None

    @property
    def searches(self) -> bool:
        return self.default_budget is not None


_LEVELS: tuple[Level, ...] = (
    Level("random", SUMMARIES["random"], None, build=RandomBot),
    Level("easy", SUMMARIES["easy"], None, build=EasyBot),
    Level("medium", SUMMARIES["medium"], None, build=MediumBot),
    Level(
        "hard",
        SUMMARIES["hard"],
        DEFAULT_TIME_BUDGET,
        N_("search rounds"),
        HardBot,
    ),
    Level(
        "expert",
        SUMMARIES["expert"],
        DEFAULT_EXPERT_BUDGET,
        N_("iterations"),
        ExpertBot,
    ),
)

LEVEL_INFO: dict[str, Level] = {level.name: level for level in _LEVELS}
SEARCH_LEVELS: tuple[str, ...] = tuple(level.name for level in _LEVELS if level.searches)


def make_bot(
    level: str,
    seed: int = 0,
    *,
    time_budget: float | None = None,
    iterations: int | None = None,
) -> Bot:
    """A computer opponent of ``level`` (one of :data:`ALL_LEVELS`).

    ``time_budget`` (seconds per turn) and ``iterations`` (a fixed search size: rounds
    for "hard", iterations for "expert") only concern the search levels; with
    ``iterations`` the bot is deterministic for a given seed; with neither it thinks
    for its level's default time per turn.
    """
    info = LEVEL_INFO.get(level)
    if info is None or info.build is None:
        raise ValueError(f"unknown level {level!r} (one of {', '.join(ALL_LEVELS)})")
    if info.searches:
        return info.build(seed, time_budget=time_budget, iterations=iterations)
    return info.build(seed)


# A bot's seed is read as a signed 128-bit number (see ``fair.decision_rng``).
_SEED_BITS = 128


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game dealt from ``game_seed``.

    Ten times the game's seed plus the seat, as long as that fits the bot's 128 bits
    (every seed a game is dealt from does: see ``options.MAX_SEED``); a larger one (an
    old record, a caller's own number) is folded into them by a digest, so it still
    gives each seat a seed of its own instead of stopping the bot."""
    seed = game_seed * 10 + seat
    limit = 1 << (_SEED_BITS - 1)
    if -limit <= seed < limit:
        return seed
    whole = seed.to_bytes(seed.bit_length() // 8 + 1, "little", signed=True)
    digest = hashlib.blake2b(whole, digest_size=_SEED_BITS // 8 - 1).digest()
    return int.from_bytes(digest, "little")


SearchSizes = Mapping[str, int]


def seat_bots(
    levels: list[str] | tuple[str, ...],
    game_seed: int,
    *,
    time_budget: float | None = None,
    iterations: SearchSizes | None = None,
) -> list[Bot]:
    """One bot per seat for the game dealt from ``game_seed``, seeded by :func:`bot_seed`;
    ``iterations`` maps a search level to its fixed search size."""
    sizes = iterations or {}
    return [
        make_bot(
            level,
            bot_seed(game_seed, seat),
            time_budget=time_budget,
            iterations=sizes.get(level),
        )
        for seat, level in enumerate(levels)
    ]


def parse_search_sizes(text: str) -> dict[str, int]:
    """``"300"`` (every search level) or ``"hard=12,expert=300"`` as a size per level."""
    text = text.strip()
    if not text:
        raise ValueError(gettext("give a number, or LEVEL=N pairs such as hard=12,expert=300"))
    if "=" not in text:
        size = _positive(text)
        return dict.fromkeys(SEARCH_LEVELS, size)
    sizes: dict[str, int] = {}
    for part in text.split(","):
        name, sep, value = part.partition("=")
        name = name.strip().lower()
        if not sep or name not in SEARCH_LEVELS:
            message = gettext("{part}: use LEVEL=N with a search level ({levels})")
            raise ValueError(
                message.format(part=repr(part.strip()), levels=", ".join(SEARCH_LEVELS))
            )
        sizes[name] = _positive(value)
    return sizes


def _positive(text: str) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        message = gettext("{text} is not a whole number")
        raise ValueError(message.format(text=repr(text.strip()))) from None
    return check_count(value, gettext("a search size"), 1, MAX_ITERATIONS)
