"""Game setup per player count (RULES.md section 2) and the seeded deal."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import PositionError
from .tiles import Catalog, GodId, TileSet

MARKET_SIDE = 3  # R-SETUP-1: the market is a 3x3 grid, its cells numbered row by row
MARKET_SIZE = MARKET_SIDE * MARKET_SIDE
ROUNDS = 15
REGION_TILES_PER_PLAYER = 14


@dataclass(frozen=True, slots=True)
class PlayerCountSetup:
    tile_sets: frozenset[TileSet]
    gods_drawn: int
    temple_tokens: tuple[int, ...]


SETUPS: dict[int, PlayerCountSetup] = {
    4: PlayerCountSetup(frozenset(TileSet), 5, (11, 7, 4, 2)),
    3: PlayerCountSetup(frozenset({TileSet.BASE, TileSet.PURPLE_STAR}), 4, (9, 4, 2)),
    2: PlayerCountSetup(frozenset({TileSet.BASE}), 3, (7, 2)),
}


@dataclass(frozen=True, slots=True)
class Deal:
    """Everything chance decides before the first turn.

    ``piles`` holds the level 1, 2 and 3 piles in drawing order (first drawn first).
    """

    market: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]  # levels 1, 2, 3
    gods: tuple[GodId, ...]
    temple_tokens: tuple[int, ...]


def setup_for(players: int) -> PlayerCountSetup:
    if players not in SETUPS:
        raise ValueError(f"Orbis is played by 2, 3 or 4 players, not {players}")
    return SETUPS[players]


def checked_setup(players: int) -> PlayerCountSetup:
    """:func:`setup_for`, refusing a player count with a :class:`PositionError`."""
    if players not in SETUPS:
        raise PositionError("R-SETUP-1", "player_count", players=players)
    return SETUPS[players]


def check_deal(the_deal: Deal, catalog: Catalog, players: int) -> None:
    """Refuse a deal that the setup rules cannot produce for ``players`` players.

    Raises :class:`PositionError` citing the rule: every tile known and dealt once
    (R-COMP-1), 9 level-1 tiles in the market and each pile of its own level
    (R-SETUP-1), the gods drawn for that count (R-SETUP-2, R-TURN-1), only the tile sets
    that count uses and exactly enough tiles for every take (R-SETUP-4), and that
    count's temple tokens (R-COMP-3).
    """
    rules = checked_setup(players)
    if len(the_deal.market) != MARKET_SIZE:
        raise PositionError(
            "R-SETUP-1", "market_size", count=len(the_deal.market), need=MARKET_SIZE
        )
    places = [("the market", 1, the_deal.market)]
    places += [(f"the level {i} pile", i, pile) for i, pile in enumerate(the_deal.piles, 1)]
    seen: dict[str, str] = {}
    for where, level, ids in places:
        for tile_id in ids:
            check_tile(catalog, rules, players, tile_id, where, seen, level)
    needed = MARKET_SIZE + REGION_TILES_PER_PLAYER * players
    if len(seen) != needed:
        raise PositionError(
            "R-SETUP-4", "tile_count", count=len(seen), players=players, need=needed
        )
    check_gods(catalog, the_deal.gods, players)
    if sorted(the_deal.temple_tokens) != sorted(rules.temple_tokens):
        raise PositionError(
            "R-COMP-3",
            "temple_tokens",
            players=players,
            need=_listed(sorted(rules.temple_tokens)),
            given=_listed(sorted(the_deal.temple_tokens)),
        )


def check_tile(
    catalog: Catalog,
    rules: PlayerCountSetup,
    players: int,
    tile_id: str,
    where: str,
    seen: dict[str, str],
    level: int | None = None,
) -> None:
    """One tile of a deal or a position: known (R-COMP-1), of a set in play for this
    player count (R-SETUP-4), not already in ``seen`` (which maps ids to places), and
    of ``level`` when one is asked for (a pile's, or the first market's: R-SETUP-1)."""
    tile = catalog.tile_by_id.get(tile_id)
    if tile is None:
        raise PositionError("R-COMP-1", "unknown_tile", where=where, tile=tile_id)
    if tile_id in seen:
        raise PositionError(
            "R-COMP-1", "tile_twice", where=where, tile=tile_id, first=seen[tile_id]
        )
    if tile.tile_set not in rules.tile_sets:
        raise PositionError(
            "R-SETUP-4",
            "tile_set",
            where=where,
            tile=tile_id,
            tile_set=tile.tile_set.value,
            players=players,
        )
    if level is not None and tile.level != level:
        raise PositionError("R-SETUP-1", "tile_level", where=where, tile=tile_id, level=tile.level)
    seen[tile_id] = where


def check_gods(catalog: Catalog, gods: Iterable[GodId], players: int) -> None:
    """The gods in play: known, each once, one per player and the number drawn for this
    player count (R-COMP-3, R-SETUP-2, R-TURN-1)."""
    rules = checked_setup(players)
    listed = list(gods)
    for god in listed:
        if god not in catalog.god_by_id:
            raise PositionError("R-COMP-3", "unknown_god", god=getattr(god, "value", god))
    for god in listed:
        if listed.count(god) > 1:
            raise PositionError("R-SETUP-2", "gods_twice", god=god.value)
    if len(listed) < players:
        raise PositionError("R-TURN-1", "too_few_gods", count=len(listed), players=players)
    if len(listed) != rules.gods_drawn:
        raise PositionError(
            "R-SETUP-2", "gods_drawn", players=players, need=rules.gods_drawn, count=len(listed)
        )


def _listed(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def deal(catalog: Catalog, players: int, seed: int) -> Deal:
    """R-SETUP-1, R-SETUP-2: shuffle each level apart, lay out 9 level-1 tiles, draw gods.

    The same catalog, player count and seed always give the same deal.
    """
    rules = setup_for(players)
    rng = random.Random(seed)
    piles: list[list[str]] = []
    for level in (1, 2, 3):
        ids = [t.id for t in catalog.tiles if t.level == level and t.tile_set in rules.tile_sets]
        ids.sort()
        rng.shuffle(ids)
        piles.append(ids)
    market = tuple(piles[0][:MARKET_SIZE])
    gods = tuple(rng.sample([g.id for g in catalog.gods], rules.gods_drawn))
    return Deal(
        market=market,
        piles=(tuple(piles[0][MARKET_SIZE:]), tuple(piles[1]), tuple(piles[2])),
        gods=gods,
        temple_tokens=rules.temple_tokens,
    )
