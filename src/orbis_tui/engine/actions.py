"""The actions a player can take. Each one answers exactly one pending decision.

Actions are small immutable values: the app, the walkthrough, the computer players
and the game records all build the same objects and hand them to
:meth:`orbis_tui.engine.state.GameState.apply`. Their text form lives in
:mod:`orbis_tui.engine.notation`.
"""

from __future__ import annotations

from typing import NamedTuple

from .colors import Color, Count
from .kinds import equal_by_kind
from .tiles import GodId


class TakeTile(NamedTuple):
    """Take the region tile in market cell 0-8 (row by row, top left first)."""

    cell: int


class TakeGod(NamedTuple):
    god: GodId


class Exchange(NamedTuple):
    """Return 3 worshipers of ``give`` to gain 1 of ``get`` (R-TURN-2)."""

    give: Color
    get: Color


class Pay(NamedTuple):
    """Pay the tile's cost; ``any_colors`` says which worshipers pay the "any" symbols."""

    any_colors: Count


class GoWild(NamedTuple):
    """Do not pay: the taken tile becomes a wilderness (R-TAKE-3)."""


class Place(NamedTuple):
    """Put the taken tile at (row, col); ``wild`` flips it to a wilderness first."""

    row: int
    col: int
    wild: bool = False


class ChooseGain(NamedTuple):
    """The color of a gained "any color" worshiper."""

    color: Color


class ReturnWorshipers(NamedTuple):
    """Return these worshipers to the aether (village, God of Death)."""

    colors: Count


class Erupt(NamedTuple):
    """Remove worshipers from the market: one (cell, colors) pair per cell used."""

    removals: tuple[tuple[int, Count], ...]


class Decline(NamedTuple):
    """Refuse a village, volcano or God of Death: the tile or god is cancelled."""


class ChooseWorshipers(NamedTuple):
    """The five worshipers the Goddess of Love gives."""

    colors: Count


class Discard(NamedTuple):
    """Return these worshipers to get down to the realm limit (R-TURN-3)."""

    colors: Count


ACTION_TYPES: tuple[type, ...] = (
    TakeTile,
    TakeGod,
    Exchange,
    Pay,
    GoWild,
    Place,
    ChooseGain,
    ReturnWorshipers,
    Erupt,
    Decline,
    ChooseWorshipers,
    Discard,
)

# Actions are named tuples (cheap to make and hash: searches make millions), equal only
# to actions of their own kind: ``TakeTile(0)`` is not ``ChooseGain(RED)``.
equal_by_kind(ACTION_TYPES)

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
