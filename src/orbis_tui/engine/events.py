"""What happened: the engine reports every step of an action as typed events.

:meth:`~orbis_tui.engine.state.GameState.apply` returns them in order. Each kind is a
small frozen value, so a reader (the app's log, the hand-over summary, the review)
writes a ``match`` over them. Every event names the seat it concerns in ``player``.
Worshiper counts are :data:`~orbis_tui.engine.colors.Count` tuples; tiles are named
by id (look them up in the state's catalog).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .colors import Color, Count
from .tiles import GodId


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every event: the seat it concerns."""

    player: int


@dataclass(frozen=True, slots=True)
class TookTile(Event):
    """R-TAKE-1..2 begin: the player took the tile in market ``cell`` (0-8)."""

    tile: str
    cell: int


@dataclass(frozen=True, slots=True)
class Generated(Event):
    """R-TAKE-1: one worshiper of ``color`` went onto each of ``cells``."""

    color: Color
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Collected(Event):
    """R-TAKE-2: the worshipers lying on the taken tile went to the realm."""

    worshipers: Count


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """R-TAKE-3: the cost was paid with these worshipers (nothing for a free tile)."""

    worshipers: Count


@dataclass(frozen=True, slots=True)
class WentWild(Event):
    """R-TAKE-3: the tile was left unpaid and becomes a wilderness."""


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """R-TAKE-4: the tile went into the pyramid at (row, col), as a wilderness or not."""

    tile: str
    row: int
    col: int
    wild: bool


@dataclass(frozen=True, slots=True)
class ReductionTaken(Event):
    """R-EFF-FARM: the reduction token of ``color`` (``already`` held: it adds nothing)."""

    color: Color
    already: bool = False


@dataclass(frozen=True, slots=True)
class Gained(Event):
    """R-EFF-GAIN: ``count`` worshipers of ``color`` came from the aether."""

    color: Color
    count: int


@dataclass(frozen=True, slots=True)
class Cancelled(Event):
    """R-EFF-*: the tile's effect failed and it scores nothing (``reason`` is a code of
    :data:`~orbis_tui.engine.messages.CANCELLED`, ``details`` its numbers)."""

    tile: str
    reason: str
    details: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)


@dataclass(frozen=True, slots=True)
class Validated(Event):
    """The effect of ``tile`` succeeded (village paid, volcano erupted, irrigation fed)."""

    tile: str


@dataclass(frozen=True, slots=True)
class Returned(Event):
    """R-EFF-VILLAGE / God of Death: these worshipers went back to the aether."""

    worshipers: Count


@dataclass(frozen=True, slots=True)
class Erupted(Event):
    """R-EFF-VOLCANO: worshipers removed from the market, per (cell, count)."""

    removals: tuple[tuple[int, Count], ...]


@dataclass(frozen=True, slots=True)
class TookGod(Event):
    """R-TURN-1: the player took ``god``."""

    god: GodId


@dataclass(frozen=True, slots=True)
class GodCancelled(Event):
    """The God of Death was not paid (``need`` and ``have`` when the realm was short)."""

    god: GodId
    need: int = 0
    have: int = 0


@dataclass(frozen=True, slots=True)
class GainedMany(Event):
    """The Goddess of Love's worshipers came from the aether."""

    worshipers: Count


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """R-TURN-3: worshipers returned to get down to the realm limit."""

    worshipers: Count


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """R-TURN-2: three worshipers of ``give`` became one of ``get``."""

    give: Color
    get: Color


@dataclass(frozen=True, slots=True)
class Refilled(Event):
    """R-TAKE-7: market ``cell`` was refilled with ``tile`` from a pile."""

    cell: int
    tile: str


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The turn of ``player`` is over (everything after it happens in a new turn)."""


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """The turn of ``player`` begins."""


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The last turn is over; ``player`` is the seat that played it."""


__all__ = [
    "Cancelled",
    "Collected",
    "Discarded",
    "Erupted",
    "Event",
    "Exchanged",
    "Gained",
    "GainedMany",
    "GameOver",
    "Generated",
    "GodCancelled",
    "Paid",
    "Placed",
    "ReductionTaken",
    "Refilled",
    "Returned",
    "TookGod",
    "TookTile",
    "TurnEnded",
    "TurnStarted",
    "Validated",
    "WentWild",
]
