"""Region tiles and gods as the engine sees them: small immutable values.

These are built from the validated data files (see :mod:`orbis_tui.tiles`);
the hot path never touches pydantic. They hold their names as the data file spells
them, untranslated; :func:`orbis_tui.words.name_of` names them in the language in use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .colors import ZERO, Color, Count


class TileSet(StrEnum):
    """The set marker printed on a tile; it decides which player counts use it."""

    BASE = "base"
    WHITE_STAR = "white-star"
    PURPLE_STAR = "purple-star"


class EffectKind(StrEnum):
    NONE = "none"
    GAIN = "gain"
    STONE = "stone"
    FARM = "farm"
    VILLAGE = "village"
    FOREST = "forest"
    VOLCANO = "volcano"
    IRRIGATION = "irrigation"
    TEMPLE = "temple"


@dataclass(frozen=True, slots=True)
class Effect:
    """A tile's effect. Which fields matter depends on ``kind``:

    - GAIN: ``color`` (None means "any color", the player's choice) and ``count``;
    - FARM: ``color`` of the reduction token;
    - VILLAGE: ``count`` worshipers to return;
    - FOREST: ``colors`` any of which a neighbor may have, ``count`` neighbors needed;
    - VOLCANO: ``remove``, the worshipers (by color) to take off the market;
    - IRRIGATION: ``color`` needed beneath.
    """

    kind: EffectKind = EffectKind.NONE
    color: Color | None = None
    count: int = 0
    colors: tuple[Color, ...] = ()
    remove: Count = ZERO


NO_EFFECT = Effect()


@dataclass(frozen=True, slots=True)
class Tile:
    id: str
    level: int
    color: Color
    tile_set: TileSet
    cost: Count
    cost_any: int
    cp: int
    effect: Effect = NO_EFFECT
    mystic: int | None = None
    source_name: str = ""  # as the data file spells it: the message id of its translations


class GodId(StrEnum):
    LOVE = "love"
    APPRENTICE = "apprentice"
    OCEANS = "oceans"
    IDLENESS = "idleness"
    FIRE = "fire"
    TECHNOLOGY = "technology"
    NATURE = "nature"
    EQUILIBRIUM = "equilibrium"
    HARVESTS = "harvests"
    DEATH = "death"


@dataclass(frozen=True, slots=True)
class God:
    id: GodId
    source_name: str  # as the data file spells them: the message ids of their translations
    cp: int
    source_summary: str = ""


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every region tile and god a game may use, indexed by id."""

    tiles: tuple[Tile, ...]
    gods: tuple[God, ...]
    tile_by_id: dict[str, Tile] = field(init=False, repr=False, compare=False)
    god_by_id: dict[GodId, God] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile_by_id", {t.id: t for t in self.tiles})
        object.__setattr__(self, "god_by_id", {g.id: g for g in self.gods})
