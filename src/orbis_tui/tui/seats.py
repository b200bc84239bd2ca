"""Who sits in each seat: a person at the keyboard or a computer player of some level.

The kinds are stored in the game record (``setup.seats``) so a resumed game keeps its
computer players. Computer players come from :mod:`orbis_tui.bots` when it offers
``make_bot(level, seed)`` and ``LEVELS``; without them every seat is a person.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..engine import Action, GameState

HUMAN = "human"


class Bot(Protocol):
    def choose(self, state: GameState) -> Action: ...


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str = HUMAN

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def bot_levels() -> list[str]:
    """The computer levels on offer (none when no bot factory exists)."""
    try:
        from .. import bots
    except ImportError:
        return []
    levels: Any = getattr(bots, "LEVELS", None)
    if getattr(bots, "make_bot", None) is None or not levels:
        return []
    return [str(level) for level in levels]


def make_bot(level: str, seed: int) -> Bot | None:
    try:
        from .. import bots
    except ImportError:
        return None
    factory = getattr(bots, "make_bot", None)
    if factory is None:
        return None
    return factory(level, seed)


def seats_of(names: Sequence[str], kinds: Sequence[str] | None) -> list[Seat]:
    kinds = list(kinds or [])
    return [
        Seat(name, kinds[i] if i < len(kinds) and kinds[i] else HUMAN)
        for i, name in enumerate(names)
    ]
