"""What happened: the engine reports every step of an action as typed events.

:meth:`~orbis_tui.engine.state.GameState.apply` returns them in order. Each kind is a
small frozen value, so a reader (the app's log, the hand-over summary, the review)
writes a ``match`` over them. Every event names the seat it concerns in ``player``.
Worshiper counts are :data:`~orbis_tui.engine.colors.Count` tuples; tiles are named
by id (look them up in the state's catalog).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from .colors import Color, Count
from .kinds import equal_by_kind
from .tiles import GodId


class TookTile(NamedTuple):
    """R-TAKE-1..2 begin: the player took the tile in market ``cell`` (0-8)."""

    player: int
    tile: str
    cell: int


class Generated(NamedTuple):
    """R-TAKE-1: one worshiper of ``color`` went onto each of ``cells``."""

    player: int
    color: Color
    cells: tuple[int, ...]


class Collected(NamedTuple):
    """R-TAKE-2: the worshipers lying on the taken tile went to the realm."""

    player: int
    worshipers: Count


class Paid(NamedTuple):
    """R-TAKE-3: the cost was paid with these worshipers (nothing for a free tile)."""

    player: int
    worshipers: Count


class WentWild(NamedTuple):
    """R-TAKE-3: the tile was left unpaid and becomes a wilderness."""

    player: int


class Placed(NamedTuple):
    """R-TAKE-4: the tile went into the pyramid at (row, col), as a wilderness or not."""

    player: int
    tile: str
    row: int
    col: int
    wild: bool


class ReductionTaken(NamedTuple):
    """R-EFF-FARM: the reduction token of ``color`` (``already`` held: it adds nothing)."""

    player: int
    color: Color
    already: bool = False


class Gained(NamedTuple):
    """R-EFF-GAIN: ``count`` worshipers of ``color`` came from the aether."""

    player: int
    color: Color
    count: int  # type: ignore[assignment]  # hides tuple.count, which nobody calls here


class Cancelled(NamedTuple):
    """R-EFF-*: the tile's effect failed and it scores nothing (``reason`` is a code of
    :data:`~orbis_tui.engine.messages.CANCELLED`, ``details`` its numbers)."""

    player: int
    tile: str
    reason: str
    details: Mapping[str, Any] = MappingProxyType({})


class Validated(NamedTuple):
    """The effect of ``tile`` succeeded (village paid, volcano erupted, irrigation fed)."""

    player: int
    tile: str


class Returned(NamedTuple):
    """R-EFF-VILLAGE / God of Death: these worshipers went back to the aether."""

    player: int
    worshipers: Count


class Erupted(NamedTuple):
    """R-EFF-VOLCANO: worshipers removed from the market, per (cell, count)."""

    player: int
    removals: tuple[tuple[int, Count], ...]


class TookGod(NamedTuple):
    """R-TURN-1: the player took ``god``."""

    player: int
    god: GodId


class GodCancelled(NamedTuple):
    """The God of Death was not paid (``need`` and ``have`` when the realm was short)."""

    player: int
    god: GodId
    need: int = 0
    have: int = 0


class GainedMany(NamedTuple):
    """The Goddess of Love's worshipers came from the aether."""

    player: int
    worshipers: Count


class Discarded(NamedTuple):
    """R-TURN-3: worshipers returned to get down to the realm limit."""

    player: int
    worshipers: Count


class Exchanged(NamedTuple):
    """R-TURN-2: three worshipers of ``give`` became one of ``get``."""

    player: int
    give: Color
    get: Color


class Refilled(NamedTuple):
    """R-TAKE-7: market ``cell`` was refilled with ``tile`` from a pile."""

    player: int
    cell: int
    tile: str


class TurnEnded(NamedTuple):
    """The turn of ``player`` is over (everything after it happens in a new turn)."""

    player: int


class TurnStarted(NamedTuple):
    """The turn of ``player`` begins."""

    player: int


class GameOver(NamedTuple):
    """The last turn is over; ``player`` is the seat that played it."""

    player: int


EVENT_TYPES: tuple[type, ...] = (
    TookTile,
    Generated,
    Collected,
    Paid,
    WentWild,
    Placed,
    ReductionTaken,
    Gained,
    Cancelled,
    Validated,
    Returned,
    Erupted,
    TookGod,
    GodCancelled,
    GainedMany,
    Discarded,
    Exchanged,
    Refilled,
    TurnEnded,
    TurnStarted,
    GameOver,
)

# Events are named tuples (cheap to make: the engine makes several per action), equal
# only to events of their own kind: a ``Paid`` is never equal to a ``Returned``.
equal_by_kind(EVENT_TYPES)

Event = (
    TookTile
    | Generated
    | Collected
    | Paid
    | WentWild
    | Placed
    | ReductionTaken
    | Gained
    | Cancelled
    | Validated
    | Returned
    | Erupted
    | TookGod
    | GodCancelled
    | GainedMany
    | Discarded
    | Exchanged
    | Refilled
    | TurnEnded
    | TurnStarted
    | GameOver
)
"""Any event (every kind has ``player``, the seat it concerns)."""


__all__ = [
    "EVENT_TYPES",
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
