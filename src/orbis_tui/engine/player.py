"""One player's part of the game state (:class:`PlayerState`) and the region tile being
taken this turn (:class:`Take`)."""

from __future__ import annotations

from .colors import NUM_COLORS, Count
from .kinds import value
from .pyramid import Position, Pyramid
from .tiles import GodId, Tile


class PlayerState:
    """One player's universe (pyramid), realm, reduction tokens and god."""

    __slots__ = ("god", "god_cancelled", "name", "pyramid", "realm", "reductions", "turns")

    def __init__(self, name: str) -> None:
        self.name = name
        self.realm: list[int] = [0] * NUM_COLORS
        self.pyramid: Pyramid = {}
        self.reductions: list[bool] = [False] * NUM_COLORS
        self.god: GodId | None = None
        self.god_cancelled = False
        self.turns = 0

    def copy(self) -> PlayerState:
        other = PlayerState.__new__(PlayerState)
        other.name = self.name
        other.realm = self.realm[:]
        other.pyramid = self.pyramid.copy()
        other.reductions = self.reductions[:]
        other.god = self.god
        other.god_cancelled = self.god_cancelled
        other.turns = self.turns
        return other

    @property
    def realm_count(self) -> Count:
        return tuple(self.realm)

    @property
    def worshipers(self) -> int:
        return sum(self.realm)

    @property
    def region_tiles(self) -> int:
        return len(self.pyramid)

    def effective_cost(self, tile: Tile) -> Count:
        """The colored part of a tile's cost after reduction tokens (R-EFF-FARM)."""
        red = self.reductions
        if True not in red:
            return tile.cost
        cost = tile.cost
        return tuple(0 if red[c] else cost[c] for c in range(NUM_COLORS))


@value  # built several times a turn: see kinds.py
class Take:
    """The region tile being taken this turn: from which market ``cell`` (0-8), whether
    it has become a wilderness, and where it was placed (``None`` until it is)."""

    cell: int
    tile: Tile
    wild: bool = False
    pos: Position | None = None
