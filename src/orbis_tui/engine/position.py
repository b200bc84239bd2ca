"""Building a game state from a described position, checked against the rules.

Tests, scenarios and lessons start from a position in the middle of a game. A
:class:`PositionSpec` says what lies on the table at the start of a turn;
:func:`build_position` checks that a game played by the rules can reach it and returns
the state, or raises :class:`~orbis_tui.engine.errors.PositionError` citing the rule the
position breaks. :func:`position_of` reads a state back into a spec.

A position has no history: the built state cannot undo past its start, and its
``deal`` holds the position's own market, piles and gods rather than the first deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import cast

from . import pyramid as geometry
from .colors import NUM_COLORS, ZERO, Color, Count, parse_letters
from .errors import PositionError
from .pyramid import PlacedTile, Position, Pyramid
from .rules import REALM_LIMIT, DecisionKind
from .setup import (
    MARKET_SIZE,
    REGION_TILES_PER_PLAYER,
    ROUNDS,
    Deal,
    PlayerCountSetup,
    check_gods,
    check_tile,
    checked_setup,
)
from .state import GameState
from .tiles import Catalog, EffectKind, GodId, Tile

# The effects that can fail during play and leave their tile cancelled (section 6).
_CANCELLABLE = frozenset({EffectKind.VILLAGE, EffectKind.VOLCANO, EffectKind.IRRIGATION})


@dataclass(frozen=True, slots=True)
class Spot:
    """A tile in a pyramid: its id, whether it lies as a wilderness, whether its effect
    was cancelled."""

    tile: str
    wild: bool = False
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One player's side of the table.

    ``pyramid`` maps spots ``(row, col)`` to tile ids or :class:`Spot` values; ``realm``
    is a count or color letters (``"RRB"``); ``reductions`` are the reduction tokens
    held, as colors or letters, ``None`` for exactly those the player's farms gave.
    The fields are stored normalised: the pyramid as sorted ``(spot, Spot)`` pairs, the
    realm as a count, the tokens as a sorted tuple of colors.
    """

    name: str
    pyramid: Mapping[Position, str | Spot] | tuple[tuple[Position, Spot], ...] = ()
    realm: Count | str = ZERO
    god: GodId | None = None
    god_cancelled: bool = False
    reductions: Iterable[Color] | str | None = None

    @property
    def spots(self) -> tuple[tuple[Position, Spot], ...]:
        """The pyramid as stored: sorted ``(spot, Spot)`` pairs."""
        return cast("tuple[tuple[Position, Spot], ...]", self.pyramid)

    @property
    def realm_count(self) -> Count:
        """The realm as stored: a count."""
        return cast("Count", self.realm)

    @property
    def tokens(self) -> tuple[Color, ...] | None:
        """The reduction tokens as stored: colors, or None for those the farms give."""
        return cast("tuple[Color, ...] | None", self.reductions)

    def __post_init__(self) -> None:
        pairs = self.pyramid.items() if isinstance(self.pyramid, Mapping) else self.pyramid
        spots = tuple(
            sorted(
                (
                    ((pos[0], pos[1]), spot if isinstance(spot, Spot) else Spot(spot))
                    for pos, spot in pairs
                ),
                key=lambda pair: pair[0],
            )
        )
        for (pos, _), (following, _) in pairwise(spots):
            if pos == following:
                raise PositionError("R-PLACE-2", "spot_twice", where=_where(self.name, pos))
        object.__setattr__(self, "pyramid", spots)
        object.__setattr__(self, "realm", _count(self.realm, f"{self.name}'s realm"))
        if self.reductions is not None:
            held = self.reductions
            where = f"{self.name}'s reduction tokens"
            colors = _count(held, where) if isinstance(held, str) else _colors_count(held)
            object.__setattr__(
                self, "reductions", tuple(Color(c) for c in range(NUM_COLORS) if colors[c])
            )
        if self.god is not None:
            object.__setattr__(self, "god", _god(self.god))

    @property
    def tiles(self) -> int:
        return len(self.pyramid)

    @property
    def turns(self) -> int:
        """The turns this player has played: each one added one tile or the god."""
        return len(self.pyramid) + (self.god is not None)


@dataclass(frozen=True, slots=True)
class PositionSpec:
    """A whole table at the start of a turn (or at the end of the game).

    ``market`` holds the 9 tile ids of cells 0-8 (row by row from the top left) and
    ``market_worshipers`` the worshipers lying on them (a count or letters per cell, or
    a mapping from cell to that; cells left out hold none). ``piles`` are the tiles
    still face down in the level 1, 2 and 3 piles, in drawing order. ``gods`` are the
    gods still offered, in order. ``to_move`` is the seat whose turn starts; in a
    finished game it is the seat that played the last turn.
    """

    seats: tuple[SeatSpec, ...]
    market: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]  # levels 1, 2, 3
    gods: tuple[GodId, ...]
    market_worshipers: Mapping[int, Count | str] | tuple[Count | str, ...] = ()
    to_move: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "market", tuple(self.market))
        object.__setattr__(self, "piles", tuple(tuple(pile) for pile in self.piles))
        object.__setattr__(self, "gods", tuple(_god(g) for g in self.gods))
        given = self.market_worshipers
        cells: dict[int, Count | str] = (
            dict(given) if isinstance(given, Mapping) else dict(enumerate(given))
        )
        for cell in cells:
            if not 0 <= cell < MARKET_SIZE:
                raise PositionError("R-SETUP-1", "bad_cell", cell=cell)
        worshipers = tuple(
            _count(cells.get(cell, ZERO), f"market cell {cell + 1}") for cell in range(MARKET_SIZE)
        )
        object.__setattr__(self, "market_worshipers", worshipers)

    @property
    def worshipers(self) -> tuple[Count, ...]:
        """``market_worshipers`` as stored: a count per market cell."""
        return cast("tuple[Count, ...]", self.market_worshipers)

    @property
    def turn(self) -> int:
        """Turns played so far by everyone."""
        return sum(seat.turns for seat in self.seats)


def build_position(catalog: Catalog, spec: PositionSpec) -> GameState:
    """The state ``spec`` describes, after checking that play by the rules reaches it.

    Raises :class:`PositionError` with the rule the position breaks. The state is at the
    start of the turn of ``spec.to_move`` (or over, after the last turn), and its
    :meth:`~GameState.signature` equals that of a game that reached the same position.
    """
    players = len(spec.seats)
    rules = checked_setup(players)
    _check_tiles(catalog, rules, spec)
    for seat in spec.seats:
        _check_seat(catalog, seat)
    _check_gods(catalog, spec)
    first = _check_turns(spec)
    for seat in spec.seats:  # every turn so far ended within the limit
        if sum(seat.realm_count) > REALM_LIMIT:
            raise PositionError(
                "R-TURN-3",
                "realm_over_limit",
                name=seat.name,
                total=sum(seat.realm),
                limit=REALM_LIMIT,
            )
    done = spec.turn >= ROUNDS * players
    held = [seat.god for seat in spec.seats if seat.god is not None]
    the_deal = Deal(
        market=spec.market,
        piles=spec.piles,
        gods=(*spec.gods, *held),
        temple_tokens=rules.temple_tokens,
    )
    state = GameState(catalog, the_deal, [seat.name for seat in spec.seats], first)
    tiles = catalog.tile_by_id
    for player, seat in zip(state.players, spec.seats, strict=True):
        player.pyramid = {
            pos: PlacedTile(tiles[spot.tile], spot.wild, spot.cancelled) for pos, spot in seat.spots
        }
        player.realm = list(seat.realm_count)
        player.reductions = _farm_tokens(player.pyramid)
        player.god = seat.god
        player.god_cancelled = seat.god_cancelled
        player.turns = seat.turns
    state.market_worshipers = list(spec.worshipers)
    state.gods_available = list(spec.gods)
    state.turn = spec.turn
    state.current = spec.to_move
    state.kind = DecisionKind.OVER if done else DecisionKind.TURN
    return state


def position_of(state: GameState) -> PositionSpec:
    """The spec of ``state``, which must be at the start of a turn or over.

    ``build_position(state.catalog, position_of(state))`` gives a state with the same
    :meth:`~GameState.signature`.
    """
    if state.kind not in (DecisionKind.TURN, DecisionKind.OVER):
        raise ValueError(f"a position is read at the start of a turn, not at {state.kind}")
    return PositionSpec(
        seats=tuple(
            SeatSpec(
                name=p.name,
                pyramid={pos: Spot(t.tile.id, t.wild, t.cancelled) for pos, t in p.pyramid.items()},
                realm=p.realm_count,
                god=p.god,
                god_cancelled=p.god_cancelled,
                reductions=tuple(Color(c) for c in range(NUM_COLORS) if p.reductions[c]),
            )
            for p in state.players
        ),
        market=tuple(t.id for t in state.market if t is not None),
        piles=tuple(
            tuple(t.id for t in pile[pos:])
            for pile, pos in zip(state.piles, state.pile_pos, strict=True)
        ),
        gods=tuple(state.gods_available),
        market_worshipers=tuple(state.market_worshipers),
        to_move=state.current,
    )


# ---------------------------------------------------------------------- the checks


def _check_tiles(catalog: Catalog, rules: PlayerCountSetup, spec: PositionSpec) -> None:
    """Every tile known, in play for this player count and in one place (R-COMP-1,
    R-SETUP-4); a full market; piles of their own level that hold one tile for each
    take left, drawn lowest level first (R-SETUP-1, R-SETUP-4, R-TAKE-7)."""
    players = len(spec.seats)
    seen: dict[str, str] = {}
    if len(spec.market) != MARKET_SIZE:
        raise PositionError("R-SETUP-4", "market_size", count=len(spec.market), need=MARKET_SIZE)
    if len(spec.piles) != 3:
        raise PositionError("R-SETUP-1", "pile_count", count=len(spec.piles))
    out: list[Tile] = []  # the tiles that have left the piles
    for cell, tile_id in enumerate(spec.market):
        check_tile(catalog, rules, players, tile_id, f"market cell {cell + 1}", seen)
        out.append(catalog.tile_by_id[tile_id])
    for seat in spec.seats:
        for pos, spot in seat.spots:
            check_tile(catalog, rules, players, spot.tile, _where(seat.name, pos), seen)
            out.append(catalog.tile_by_id[spot.tile])
    for level, pile in enumerate(spec.piles, start=1):
        where = f"the level {level} pile"
        for tile_id in pile:
            check_tile(catalog, rules, players, tile_id, where, seen, level)
    taken = sum(seat.tiles for seat in spec.seats)
    for seat in spec.seats:
        if seat.tiles > REGION_TILES_PER_PLAYER:
            raise PositionError(
                "R-TURN-1",
                "too_many_tiles",
                name=seat.name,
                count=seat.tiles,
                limit=REGION_TILES_PER_PLAYER,
            )
    takes_left = REGION_TILES_PER_PLAYER * players - taken
    in_piles = sum(len(pile) for pile in spec.piles)
    if in_piles != takes_left:
        raise PositionError("R-SETUP-4", "piles_vs_takes", piles=in_piles, takes=takes_left)
    for tile in out:
        for lower in range(1, tile.level):
            if spec.piles[lower - 1]:
                raise PositionError(
                    "R-TAKE-7",
                    "draw_order",
                    tile=tile.id,
                    level=tile.level,
                    lower=lower,
                    left=len(spec.piles[lower - 1]),
                )


def _check_seat(catalog: Catalog, seat: SeatSpec) -> None:
    """One pyramid against R-PLACE-1..3 and the effects that can be cancelled, and the
    reduction tokens against its farms (R-EFF-FARM)."""
    pyramid: Pyramid = {
        pos: PlacedTile(catalog.tile_by_id[spot.tile], spot.wild, spot.cancelled)
        for pos, spot in seat.spots
    }
    check_pyramid(pyramid, seat.name)
    tokens = _farm_tokens(pyramid)
    if seat.tokens is not None:
        held = [c in seat.tokens for c in range(NUM_COLORS)]
        for color in Color:
            if held[color] and not tokens[color]:
                raise PositionError(
                    "R-EFF-FARM", "token_without_farm", name=seat.name, color=color.label
                )
            if tokens[color] and not held[color]:
                farm = next(
                    t.tile.id
                    for t in pyramid.values()
                    if t.tile.effect.kind is EffectKind.FARM and t.tile.effect.color == color
                )
                raise PositionError(
                    "R-EFF-FARM",
                    "farm_without_token",
                    name=seat.name,
                    color=color.label,
                    tile=farm,
                )
    if seat.god_cancelled:
        if seat.god is None:
            raise PositionError("R-GOD-2", "god_cancelled_none", name=seat.name)
        if seat.god is not GodId.DEATH:
            raise PositionError(
                "R-GOD-2", "god_cancelled_not_death", name=seat.name, god=seat.god.value
            )


def check_pyramid(pyramid: Pyramid, name: str = "the player") -> None:
    """Refuse a pyramid that play by the rules cannot build: R-PLACE-1..3, and the
    cancelled flags (only a failed village, volcano or irrigation is cancelled, and an
    irrigation exactly when nothing of its color lies beneath it: R-EFF-IRRIGATION)."""
    if len(pyramid) > REGION_TILES_PER_PLAYER:
        raise PositionError(
            "R-TURN-1",
            "too_many_tiles",
            name=name,
            count=len(pyramid),
            limit=REGION_TILES_PER_PLAYER,
        )
    row_one = sorted(c for (r, c) in pyramid if r == 1)
    if len(row_one) > geometry.ROW_SIZES[1]:
        raise PositionError(
            "R-PLACE-1", "row1_wide", name=name, count=len(row_one), limit=geometry.ROW_SIZES[1]
        )
    if row_one and row_one != list(range(row_one[0], row_one[0] + len(row_one))):
        raise PositionError(
            "R-PLACE-1", "row1_gap", name=name, cols=", ".join(str(c) for c in row_one)
        )
    for pos in sorted(pyramid):
        placed = pyramid[pos]
        where = _where(name, pos)
        row = pos[0]
        if not 1 <= row <= geometry.TOP_ROW:
            raise PositionError("R-PLACE-2", "pyramid_row", where=where)
        if row > 1:
            below = geometry.beneath(pos)
            missing = [p for p in below if p not in pyramid]
            if missing:
                raise PositionError(
                    "R-PLACE-2",
                    "no_support",
                    where=where,
                    missing=" and ".join(f"{r},{c}" for r, c in missing),
                )
            if not placed.wild and not geometry.color_fits(pyramid, pos, placed.tile.color):
                raise PositionError(
                    "R-PLACE-3",
                    "color_mismatch",
                    where=where,
                    color=placed.tile.color.label,
                    left=pyramid[below[0]].tile.color.label,
                    right=pyramid[below[1]].tile.color.label,
                )
        _check_cancelled(pyramid, pos, placed, where)


def _check_cancelled(pyramid: Pyramid, pos: Position, placed: PlacedTile, where: str) -> None:
    effect = placed.tile.effect
    if placed.cancelled and placed.wild:
        raise PositionError("R-TAKE-5", "wild_cancelled", where=where)
    if placed.cancelled and effect.kind not in _CANCELLABLE:
        rule = "R-TAKE-5" if effect.kind is EffectKind.NONE else f"R-EFF-{effect.kind.name}"
        raise PositionError(
            rule, "not_cancellable", where=where, tile=placed.tile.id, kind=effect.kind.value
        )
    if placed.wild or effect.kind is not EffectKind.IRRIGATION:
        return
    assert effect.color is not None
    fed = pos[0] > 1 and any(pyramid[p].has_color(effect.color) for p in geometry.beneath(pos))
    if fed == placed.cancelled:
        code = "irrigation_valid" if fed else "irrigation_cancel"
        raise PositionError(
            "R-EFF-IRRIGATION", code, where=where, tile=placed.tile.id, color=effect.color.label
        )


def _check_gods(catalog: Catalog, spec: PositionSpec) -> None:
    """Each god held by one player at most and not still offered (R-TURN-1); held and
    offered together, the gods drawn for this player count (R-SETUP-2)."""
    holders: dict[GodId, str] = {}
    for seat in spec.seats:
        god = seat.god
        if god is None:
            continue
        if god in holders:
            raise PositionError(
                "R-TURN-1", "god_held_twice", god=god.value, first=holders[god], second=seat.name
            )
        if god in spec.gods:
            raise PositionError("R-TURN-1", "god_held_and_open", god=god.value, name=seat.name)
        holders[god] = seat.name
    check_gods(catalog, [*spec.gods, *holders], len(spec.seats))


def _check_turns(spec: PositionSpec) -> int:
    """The turn counts (one tile or the god per turn) must follow seat order up to the
    seat to move (R-TURN-1, R-SETUP-3). Returns the seat that played first."""
    players = len(spec.seats)
    if not 0 <= spec.to_move < players:
        raise PositionError("R-SETUP-3", "bad_seat", seat=spec.to_move, last=players - 1)
    turn = spec.turn
    done = turn >= ROUNDS * players
    # In a finished game the seat "to move" played the last turn.
    first = (spec.to_move - turn + (1 if done else 0)) % players
    for seat_index, seat in enumerate(spec.seats):
        expected = sum(1 for t in range(turn) if (first + t) % players == seat_index)
        if seat.turns != expected:
            raise PositionError(
                "R-TURN-1",
                "turn_order",
                name=seat.name,
                played=seat.turns,
                tiles=seat.tiles,
                gods=int(seat.god is not None),
                to_move=spec.to_move,
                turn=turn,
                expected=expected,
            )
    return first


# ---------------------------------------------------------------------- helpers


def _farm_tokens(pyramid: Pyramid) -> list[bool]:
    """The reduction tokens the farms of a pyramid gave (a farm's effect never fails)."""
    tokens = [False] * NUM_COLORS
    for placed in pyramid.values():
        effect = placed.tile.effect
        if not placed.wild and effect.kind is EffectKind.FARM and effect.color is not None:
            tokens[effect.color] = True
    return tokens


def _where(name: str, pos: Position) -> str:
    return f"{name}'s pyramid at {pos[0]},{pos[1]}"


def _count(value: Count | str, where: str) -> Count:
    """A count of worshipers from a count or letters, refused when it cannot be one."""
    if isinstance(value, str):
        try:
            value = parse_letters(value)
        except ValueError:
            raise PositionError("R-COMP-4", "bad_letters", where=where, given=value) from None
    values = tuple(value)
    if len(values) != NUM_COLORS:
        raise PositionError("R-COMP-4", "bad_count", where=where, size=len(values))
    if min(values) < 0:
        raise PositionError(
            "R-COMP-4", "negative_worshipers", where=where, count=", ".join(map(str, values))
        )
    return values


def _colors_count(colors: Iterable[Color]) -> Count:
    held = [0] * NUM_COLORS
    for color in colors:
        held[Color(color)] = 1
    return tuple(held)


def _god(god: GodId | str) -> GodId:
    try:
        return GodId(god)
    except ValueError:
        raise PositionError("R-COMP-3", "unknown_god", god=god) from None


__all__ = ["PositionSpec", "SeatSpec", "Spot", "build_position", "check_pyramid", "position_of"]
