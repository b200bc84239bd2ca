"""The published facts about the tile set (RULES.md sections 1 and 7, docs/tiles.md):
how many tiles of each level and set, which color each ability belongs to, the CP of
each god. :mod:`.check` holds a tile file and a god file against them; :mod:`.summary`
counts by them.
"""

from __future__ import annotations

from ..engine import Color, GodId
from .models import TileModel

LEVELS = (1, 2, 3)
SETS = ("base", "white-star", "purple-star")
COLOR_NAMES = tuple(c.label for c in Color)
TOTAL_TILES = 65
LEVEL_SIZES: dict[int, int] = {1: 20, 2: 20, 3: 25}
SET_SIZES: dict[str, dict[int, int]] = {
    "base": {1: 11, 2: 11, 3: 15},
    "white-star": {1: 5, 2: 5, 3: 4},
    "purple-star": {1: 4, 2: 4, 3: 6},
}
#: The color each color ability belongs to; gain, stone and none go on any color.
ABILITY_COLOR: dict[str, str] = {
    "farm": "orange",
    "village": "orange",
    "forest": "green",
    "volcano": "red",
    "irrigation": "blue",
    "temple": "white",
}
EFFECT_ORDER = ("none", "gain", "stone", *ABILITY_COLOR)
LEVEL_1_EFFECTS = frozenset({"none", "gain", "stone"})
LEVEL_3_VILLAGE = 3
GOD_CP: dict[GodId, int] = {
    GodId.LOVE: 1,
    GodId.APPRENTICE: 2,
    GodId.OCEANS: 3,
    GodId.IDLENESS: 1,
    GodId.FIRE: 3,
    GodId.TECHNOLOGY: 3,
    GodId.NATURE: 3,
    GodId.EQUILIBRIUM: 3,
    GodId.HARVESTS: 3,
    GodId.DEATH: 3,
}


def cost_size(tile: TileModel) -> int:
    """How many worshiper symbols the tile's cost has (colored and "any")."""
    return sum(tile.cost.colored()) + tile.cost.any


__all__ = [
    "ABILITY_COLOR",
    "COLOR_NAMES",
    "EFFECT_ORDER",
    "GOD_CP",
    "LEVELS",
    "LEVEL_1_EFFECTS",
    "LEVEL_3_VILLAGE",
    "LEVEL_SIZES",
    "SETS",
    "SET_SIZES",
    "TOTAL_TILES",
    "cost_size",
]
