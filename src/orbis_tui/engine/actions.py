"""The actions a player can take. Each one answers exactly one pending decision.

Actions are small immutable values: the app, the walkthrough, the computer players
and the game records all build the same objects and hand them to
:meth:`orbis_tui.engine.state.GameState.apply`. Their text form lives in
:mod:`orbis_tui.engine.notation`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .colors import Color, Count
from .tiles import GodId


@dataclass(frozen=True, slots=True)
class TakeTile:
    """Take the region tile in market cell 0-8 (row by row, top left first)."""

    cell: int


@dataclass(frozen=True, slots=True)
class TakeGod:
    god: GodId


@dataclass(frozen=True, slots=True)
class Exchange:
    """Return 3 worshipers of ``give`` to gain 1 of ``get`` (R-TURN-2)."""

    give: Color
    get: Color


@dataclass(frozen=True, slots=True)
class Pay:
    """Pay the tile's cost; ``any_colors`` says which worshipers pay the "any" symbols."""

    any_colors: Count


@dataclass(frozen=True, slots=True)
class GoWild:
    """Do not pay: the taken tile becomes a wilderness (R-TAKE-3)."""


@dataclass(frozen=True, slots=True)
class Place:
    """Put the taken tile at (row, col); ``wild`` flips it to a wilderness first."""

    row: int
    col: int
    wild: bool = False


@dataclass(frozen=True, slots=True)
class ChooseGain:
    """The color of a gained "any color" worshiper."""

    color: Color


@dataclass(frozen=True, slots=True)
class ReturnWorshipers:
    """Return these worshipers to the aether (village, God of Death)."""

    colors: Count


@dataclass(frozen=True, slots=True)
class Erupt:
    """Remove worshipers from the market: one (cell, colors) pair per cell used."""

    removals: tuple[tuple[int, Count], ...]


@dataclass(frozen=True, slots=True)
class Decline:
    """Refuse a village, volcano or God of Death: the tile or god is cancelled."""


@dataclass(frozen=True, slots=True)
class ChooseWorshipers:
    """The five worshipers the Goddess of Love gives."""

    colors: Count


@dataclass(frozen=True, slots=True)
class Discard:
    """Return these worshipers to get down to the realm limit (R-TURN-3)."""

    colors: Count


Action = (
    TakeTile
    | TakeGod
    | Exchange
    | Pay
    | GoWild
    | Place
    | ChooseGain
    | ReturnWorshipers
    | Erupt
    | Decline
    | ChooseWorshipers
    | Discard
)
