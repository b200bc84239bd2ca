"""Game setup per player count (RULES.md section 2) and the seeded deal."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from .tiles import Catalog, GodId, TileSet

MARKET_SIZE = 9
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

    # Game records hold a deal; a record file with an unknown field in it is refused.
    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}

    market: tuple[str, ...]
    piles: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    gods: tuple[GodId, ...]
    temple_tokens: tuple[int, ...]


def setup_for(players: int) -> PlayerCountSetup:
    if players not in SETUPS:
        raise ValueError(f"Orbis is played by 2, 3 or 4 players, not {players}")
    return SETUPS[players]


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
