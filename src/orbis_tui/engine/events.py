"""What happened: the engine reports every step of an action as typed events.

:meth:`~orbis_tui.engine.state.GameState.apply` returns them in order. Each kind is a
small frozen value, so a reader (the app's log, the hand-over summary, the review)
writes a ``match`` over them. Every event names the seat it concerns in ``player``.
An event equals only events of its own kind (a ``Paid`` is never a ``Returned``: see
:mod:`.kinds`). Worshiper counts are :data:`~orbis_tui.engine.colors.Count` tuples;
tiles are named by id (look them up in the state's catalog).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any

from .colors import Color, Count
from .kinds import value
from .tiles import GodId

_NO_DETAILS: Mapping[str, Any] = MappingProxyType({})


@value
class TookTile:
    """R-TAKE-1..2 begin: the player took the tile in market ``cell`` (0-8)."""

    player: int
    tile: str
    cell: int


@value
class Generated:
    """R-TAKE-1: one worshiper of ``color`` went onto each of ``cells``."""

    player: int
    color: Color
    cells: tuple[int, ...]


@value
class Collected:
    """R-TAKE-2: the worshipers lying on the taken tile went to the realm."""

    player: int
    worshipers: Count


@value
class Paid:
    """R-TAKE-3: the cost was paid with these worshipers (nothing for a free tile)."""

    player: int
    worshipers: Count


@value
class WentWild:
    """R-TAKE-3: the tile was left unpaid and becomes a wilderness."""

    player: int


@value
class Placed:
    """R-TAKE-4: the tile went into the pyramid at (row, col), as a wilderness or not."""

    player: int
    tile: str
    row: int
    col: int
    wild: bool


@value
class ReductionTaken:
    """R-EFF-FARM: the reduction token of ``color`` (``already`` held: it adds nothing)."""

    player: int
    color: Color
    already: bool = False


@value
class Gained:
    """R-EFF-GAIN: ``count`` worshipers of ``color`` came from the aether."""

    player: int
    color: Color
    count: int


@value
class Cancelled:
    """R-EFF-*: the tile's effect failed and it scores nothing (``reason`` is a code of
    :data:`~orbis_tui.words.messages.CANCELLED`, ``details`` its numbers)."""

    player: int
    tile: str
    reason: str
    details: Mapping[str, Any] = field(default_factory=lambda: _NO_DETAILS)


@value
class Validated:
    """The effect of ``tile`` succeeded (village paid, volcano erupted, irrigation fed)."""

    player: int
    tile: str


@value
class Returned:
    """R-EFF-VILLAGE / God of Death: these worshipers went back to the aether."""

    player: int
    worshipers: Count


@value
class Erupted:
    """R-EFF-VOLCANO: worshipers removed from the market, per (cell, count)."""

    player: int
    removals: tuple[tuple[int, Count], ...]


@value
class TookGod:
    """R-TURN-1: the player took ``god``."""

    player: int
    god: GodId


@value
class GodCancelled:
    """The God of Death was not paid (``need`` and ``have`` when the realm was short)."""

    player: int
    god: GodId
    need: int = 0
    have: int = 0


@value
class GainedMany:
    """The Goddess of Love's worshipers came from the aether."""

    player: int
    worshipers: Count


@value
class Discarded:
    """R-TURN-3: worshipers returned to get down to the realm limit."""

    player: int
    worshipers: Count


@value
class Exchanged:
    """R-TURN-2: three worshipers of ``give`` became one of ``get``."""

    player: int
    give: Color
    get: Color


@value
class Refilled:
    """R-TAKE-7: market ``cell`` was refilled with ``tile`` from a pile."""

    player: int
    cell: int
    tile: str


@value
class TurnEnded:
    """The turn of ``player`` is over (everything after it happens in a new turn)."""

    player: int


@value
class TurnStarted:
    """The turn of ``player`` begins."""

    player: int


@value
class GameOver:
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
