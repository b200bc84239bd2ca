"""The actions a player can take. Each one answers exactly one pending decision.

Actions are small frozen values (:mod:`.kinds`), equal only to actions of their own kind
(``TakeTile(0)`` is not ``ChooseGain(RED)``): the app, the walkthrough, the computer
players and the game records all build the same objects and hand them to
:meth:`orbis_tui.engine.state.GameState.apply`. Their text form lives in
:mod:`orbis_tui.engine.notation`.
"""

from __future__ import annotations

from .colors import Color, Count
from .kinds import value
from .tiles import GodId


@value
class TakeTile:
    """Take the region tile in market cell 0-8 (row by row, top left first)."""

    cell: int


@value
class TakeGod:
    god: GodId


@value
class Exchange:
    """Return 3 worshipers of ``give`` to gain 1 of ``get`` (R-TURN-2)."""

    give: Color
    get: Color


@value
class Pay:
    """Pay the tile's cost; ``any_colors`` says which worshipers pay the "any" symbols."""

    any_colors: Count


@value
class GoWild:
    """Do not pay: the taken tile becomes a wilderness (R-TAKE-3)."""


@value
class Place:
    """Put the taken tile at (row, col); ``wild`` flips it to a wilderness first."""

    row: int
    col: int
    wild: bool = False


@value
class ChooseGain:
    """The color of a gained "any color" worshiper."""

    color: Color


@value
class ReturnWorshipers:
    """Return these worshipers to the aether (village, God of Death)."""

    colors: Count


@value
class Erupt:
    """Remove worshipers from the market: one (cell, colors) pair per cell used."""

    removals: tuple[tuple[int, Count], ...]


@value
class Decline:
    """Refuse a village, volcano or God of Death: the tile or god is cancelled."""


@value
class ChooseWorshipers:
    """The five worshipers the Goddess of Love gives."""

    colors: Count


@value
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
