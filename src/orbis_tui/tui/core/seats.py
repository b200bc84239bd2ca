"""Who sits in each seat: a person at the keyboard or a computer player of some level.

The kinds are stored in the game record (``setup.seats``) so a resumed game keeps its
computer players. The levels on offer and the bots come from :mod:`orbis_tui.bots`
(imported when first needed, which keeps the app's start short); a seat's bot is seeded
with :func:`orbis_tui.bots.bot_seed`, like in every computer-only game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...levels import HUMAN as HUMAN  # a seat played by a person (re-exported for the app)

if TYPE_CHECKING:
    from ...bots import Bot


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN
    hints: bool = True  # may this seat's person ask for hints (off for a fair game)

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def bot_levels() -> list[str]:
    """The computer levels on offer, weakest first."""
    from ...levels import LEVELS

    return list(LEVELS)


def level_summary(level: str) -> str:
    """What a person should expect of ``level``, in the language in use."""
    from ...i18n import gettext
    from ...levels import SUMMARIES

    summary = SUMMARIES.get(level)
    return gettext(summary) if summary is not None else ""


def make_bot(level: str, game_seed: int, seat: int) -> Bot:
    """The computer player of ``level`` for ``seat`` of the game dealt from ``game_seed``."""
    from ...bots import bot_seed
    from ...bots import make_bot as build

    return build(level, bot_seed(game_seed, seat))


def seats_of(
    names: Sequence[str], kinds: Sequence[str] | None, no_hints: Sequence[int] | None = None
) -> list[Seat]:
    kinds = list(kinds or [])
    off = set(no_hints or ())
    return [
        Seat(name, kinds[i] if i < len(kinds) and kinds[i] else HUMAN, hints=i not in off)
        for i, name in enumerate(names)
    ]
