"""One player's part of the game state (:class:`PlayerState`) and the region tile being
taken this turn (:class:`Take`)."""

from __future__ import annotations

from .colors import NUM_COLORS, Count
from .kinds import value
from .pyramid import ROW_SIZES, TOP_ROW, Position, Pyramid
from .tiles import GodId, Tile

# What PlayerState.open_spots remembers: the pyramid (the dict) and its size when they
# were found, the row-1 ends and the spots above.
_Spots = tuple[Pyramid, int, tuple[Position, ...], tuple[Position, ...]]


class PlayerState:
    """One player's universe (pyramid), realm, reduction tokens and god."""

    __slots__ = (
        "_spots",
        "god",
        "god_cancelled",
        "name",
        "pyramid",
        "realm",
        "reductions",
        "turns",
    )

    def __init__(self, name: str | None = None) -> None:
        if name is None:  # a blank for copy() to fill in (see GameState.__init__)
            return
        self.name = name
        self.realm: list[int] = [0] * NUM_COLORS
        self.pyramid: Pyramid = {}
        self.reductions: list[bool] = [False] * NUM_COLORS
        self.god: GodId | None = None
        self.god_cancelled = False
        self.turns = 0
        self._spots: _Spots | None = None

    def copy(self) -> PlayerState:
        other = PlayerState()
        other.name = self.name
        other.realm = self.realm[:]
        other.pyramid = self.pyramid.copy()
        other.reductions = self.reductions[:]
        other.god = self.god
        other.god_cancelled = self.god_cancelled
        other.turns = self.turns
        known = self._spots
        if known is not None and known[0] is self.pyramid and known[1] == len(self.pyramid):
            other._spots = (other.pyramid, known[1], known[2], known[3])
        else:
            other._spots = None
        return other

    def open_spots(self) -> tuple[tuple[Position, ...], tuple[Position, ...]]:
        """The empty spots a tile may take now, as :func:`.pyramid.wild_spots` lists them:
        the row-1 ends (R-PLACE-1), then the supported spots above (R-PLACE-2) in order.

        Remembered with the pyramid they were found in (this very dict at this size, so
        that a pyramid changed or replaced from outside is looked at afresh; a copy starts
        with its original's) and carried past a placement by :meth:`placed`: a search lists
        the spots of the same pyramid on many copies, and a game after every placement.
        """
        pyr = self.pyramid
        known = self._spots
        if known is not None and known[0] is pyr and known[1] == len(pyr):
            return known[2], known[3]
        cols: list[int] = []
        above: list[Position] = []
        for r, c in pyr:
            if r == 1:
                cols.append(c)
            if r < TOP_ROW and (r, c + 1) in pyr and (r + 1, c) not in pyr:
                above.append((r + 1, c))
        ends: tuple[Position, ...]
        if not cols:
            ends = ((1, 0),)
        elif len(cols) >= ROW_SIZES[1]:
            ends = ()
        else:
            ends = ((1, min(cols) - 1), (1, max(cols) + 1))
        above.sort()
        self._spots = (pyr, len(pyr), ends, tuple(above))
        return ends, self._spots[3]

    def placed(self, pos: Position) -> None:
        """Carry the remembered :meth:`open_spots` past a tile just put at ``pos``: the
        spot is taken, a row-1 end moves out (or row 1 is full), and the spots that the
        tile completes the support of open above it."""
        pyr = self.pyramid
        known = self._spots
        if known is None or known[0] is not pyr or known[1] != len(pyr) - 1:
            return  # not remembered: open_spots looks at the pyramid when asked
        ends, above = known[2], known[3]
        r, c = pos
        if r == 1 and pos in ends:
            if len(ends) == 1:  # the first tile
                ends = ((1, c - 1), (1, c + 1))
            else:
                low, high = ends[0][1], ends[1][1]
                if c == low:
                    low -= 1
                else:
                    high += 1
                ends = () if high - low - 1 >= ROW_SIZES[1] else ((1, low), (1, high))
        elif r > 1 and pos in above:
            taken = above.index(pos)
            above = above[:taken] + above[taken + 1 :]
        else:  # not a spot (played unchecked): looked at afresh when asked
            self._spots = None
            return
        if r < TOP_ROW:
            opened = []
            if (r, c - 1) in pyr:  # (r + 1, c - 1) now rests on two tiles
                opened.append((r + 1, c - 1))
            if (r, c + 1) in pyr:  # and (r + 1, c)
                opened.append((r + 1, c))
            if opened:
                above = tuple(sorted((*above, *opened)))
        self._spots = (pyr, len(pyr), ends, above)

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
