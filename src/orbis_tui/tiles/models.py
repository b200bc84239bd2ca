"""The shape of the tile and god data files (TOML), checked by pydantic.

Pydantic checks the *shape* of every entry (types, known colors, effect fields).
The published facts about the whole tile set (counts per level and set, and so on)
are checked by :mod:`orbis_tui.tiles.check`, which reports every violation at once.
Most callers want :func:`orbis_tui.tiles.load_catalog`, which turns these
files into engine values and keeps pydantic out of a start that can do without it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from ..engine import Catalog, Color, Count, Effect, EffectKind, God, GodId, Tile, TileSet
from ..files import DATA_FILE_LIMIT, read_bytes
from ..printable import printable
from .errors import DataFileError
from .ranges import (
    MAX_COST,
    MAX_EFFECT_COUNT,
    MAX_GOD_CP,
    MAX_MYSTIC,
    MAX_NAME,
    MAX_SUMMARY,
    MAX_TILE_CP,
    control_character,
)

ColorName = Literal["red", "blue", "orange", "green", "white"]


def _plain_text(value: str | None) -> str | None:
    """Refuse control and formatting characters: the text is shown on a terminal."""
    found = None if value is None else control_character(value)
    if found is not None:
        at, char = found
        raise ValueError(
            f"control character U+{ord(char):04X} at position {at}; "
            "names and texts must be plain text"
        )
    return value


class _Strict(BaseModel):
    # strict: a number is a number, not "1" nor true, as in records
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, strict=True)


class CostModel(_Strict):
    red: int = Field(0, ge=0, le=MAX_COST)
    blue: int = Field(0, ge=0, le=MAX_COST)
    orange: int = Field(0, ge=0, le=MAX_COST)
    green: int = Field(0, ge=0, le=MAX_COST)
    white: int = Field(0, ge=0, le=MAX_COST)
    any: int = Field(0, ge=0, le=MAX_COST)

    def colored(self) -> Count:
        return (self.red, self.blue, self.orange, self.green, self.white)


class NoEffect(_Strict):
    kind: Literal["none"]


class GainEffect(_Strict):
    kind: Literal["gain"]
    color: ColorName | Literal["any"]
    count: int = Field(ge=1, le=2)

    @model_validator(mode="after")
    def _any_gives_one(self) -> GainEffect:
        if self.color == "any" and self.count != 1:
            raise ValueError("a gain of any color gives exactly 1 worshiper (R-EFF-GAIN)")
        return self


class StoneEffect(_Strict):
    kind: Literal["stone"]


class FarmEffect(_Strict):
    kind: Literal["farm"]
    color: ColorName


class VillageEffect(_Strict):
    kind: Literal["village"]
    count: int = Field(ge=1, le=MAX_EFFECT_COUNT)


class ForestEffect(_Strict):
    kind: Literal["forest"]
    colors: list[ColorName] = Field(min_length=1, max_length=5)
    count: int = Field(ge=1, le=6)


class VolcanoEffect(_Strict):
    kind: Literal["volcano"]
    remove: CostModel

    @field_validator("remove")
    @classmethod
    def _colored_only(cls, remove: CostModel) -> CostModel:
        if remove.any:
            raise ValueError("a volcano removes worshipers of named colors, not 'any'")
        if not sum(remove.colored()):
            raise ValueError("a volcano must remove at least one worshiper")
        return remove


class IrrigationEffect(_Strict):
    kind: Literal["irrigation"]
    color: ColorName


class TempleEffect(_Strict):
    kind: Literal["temple"]


EffectModel = Annotated[
    NoEffect
    | GainEffect
    | StoneEffect
    | FarmEffect
    | VillageEffect
    | ForestEffect
    | VolcanoEffect
    | IrrigationEffect
    | TempleEffect,
    Field(discriminator="kind"),
]


class TileModel(_Strict):
    id: str = Field(pattern=r"^L[123]-[RBOGW]-\d{2}$")
    level: int = Field(ge=1, le=3)
    set: Literal["base", "white-star", "purple-star"]
    color: ColorName
    cost: CostModel = CostModel()
    cp: int = Field(0, ge=0, le=MAX_TILE_CP)
    effect: EffectModel = NoEffect(kind="none")
    mystic: int | None = Field(None, ge=1, le=MAX_MYSTIC)
    name: str | None = Field(None, min_length=1, max_length=MAX_NAME)

    _name_is_text = field_validator("name")(_plain_text)

    def to_tile(self) -> Tile:
        return Tile(
            id=self.id,
            level=self.level,
            color=Color.from_name(self.color),
            tile_set=TileSet(self.set),
            cost=self.cost.colored(),
            cost_any=self.cost.any,
            cp=self.cp,
            effect=_effect(self.effect),
            mystic=self.mystic,
            source_name=self.name or self.id,
        )


def _effect(model: EffectModel) -> Effect:
    kind = EffectKind(model.kind)
    match model:
        case GainEffect(color=color, count=count):
            return Effect(kind, None if color == "any" else Color.from_name(color), count)
        case FarmEffect(color=color) | IrrigationEffect(color=color):
            return Effect(kind, Color.from_name(color))
        case VillageEffect(count=count):
            return Effect(kind, count=count)
        case ForestEffect(colors=colors, count=count):
            ordered = tuple(sorted({Color.from_name(c) for c in colors}))
            return Effect(kind, colors=ordered, count=count)
        case VolcanoEffect(remove=remove):
            return Effect(kind, remove=remove.colored())
        case _:
            return Effect(kind)


class TileFile(_Strict):
    tiles: list[TileModel]


class GodModel(_Strict):
    id: GodId = Field(strict=False)  # TOML gives the id as text, the enum's value
    name: str = Field(min_length=1, max_length=MAX_NAME)
    cp: int = Field(ge=0, le=MAX_GOD_CP)
    summary: str = Field("", max_length=MAX_SUMMARY)

    _texts_are_text = field_validator("name", "summary")(_plain_text)

    def to_god(self) -> God:
        return God(self.id, self.name, self.cp, self.summary)


class GodFile(_Strict):
    gods: list[GodModel]

    @field_validator("gods")
    @classmethod
    def _each_god_once(cls, gods: list[GodModel]) -> list[GodModel]:
        ids = [g.id for g in gods]
        missing = [g.value for g in GodId if g not in ids]
        doubled = sorted({g.value for g in ids if ids.count(g) > 1})
        if missing or doubled:
            raise ValueError(f"every god exactly once: missing {missing}, repeated {doubled}")
        return gods


_File = TypeVar("_File", TileFile, GodFile)


def _read_toml(path: Path | str, content: bytes | None = None) -> dict[str, Any]:
    """The TOML table in ``path`` (or in ``content``, the bytes already read from it)."""
    try:
        if content is None:
            content = read_bytes(path, DATA_FILE_LIMIT)
        return tomllib.loads(content.decode("utf-8"))
    except FileNotFoundError:
        raise DataFileError(path, ["file not found"]) from None
    except OSError as exc:
        raise DataFileError(path, [f"cannot read: {exc.strerror or exc}"]) from None
    except UnicodeDecodeError:
        raise DataFileError(path, ["not a UTF-8 text file"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(path, [f"not valid TOML: {exc}"]) from None
    except RecursionError:
        raise DataFileError(path, ["not usable TOML: nested too deeply"]) from None


def _problems(error: ValidationError, entries: list[Any] | None, key: str) -> list[str]:
    """Name every pydantic complaint by tile/god id where there is one."""
    problems = []
    for item in error.errors():
        loc = list(item["loc"])
        where = ".".join(str(p) for p in loc)
        if entries is not None and len(loc) >= 2 and loc[0] == key and isinstance(loc[1], int):
            entry = entries[loc[1]] if loc[1] < len(entries) else {}
            ident = entry.get("id", f"entry {loc[1] + 1}") if isinstance(entry, dict) else ""
            ident = printable(ident)
            field = ".".join(str(p) for p in loc[2:]) or "(entry)"
            where = f"{ident} {field}"
        problems.append(f"{where}: {item['msg']}")
    return problems


def load_tile_file(path: Path | str, content: bytes | None = None) -> TileFile:
    raw = _read_toml(path, content)
    return _validated(TileFile, raw, path, "tiles")


def check_tile_entries(entries: list[Any], where: str) -> TileFile:
    """Tile entries from elsewhere than a file (a record embeds them); ``where`` names them.

    Unlike a data file, whose repeated ids ``orbis check-data`` reports with the other
    published facts, entries from elsewhere are refused if an id is used twice.
    """
    tiles = _validated(TileFile, {"tiles": entries}, where, "tiles")
    positions: dict[str, list[int]] = {}
    for index, tile in enumerate(tiles.tiles, start=1):
        positions.setdefault(tile.id, []).append(index)
    doubled = [
        f"{tile_id} id: [T-ID] used by entries {', '.join(map(str, at))}; ids must be unique"
        for tile_id, at in positions.items()
        if len(at) > 1
    ]
    if doubled:
        raise DataFileError(where, doubled)
    return tiles


def _validated(model: type[_File], raw: Any, path: Path | str, key: str) -> _File:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        entries = raw.get(key) if isinstance(raw, dict) else None
        raise DataFileError(path, _problems(exc, entries, key)) from None
    except RecursionError:
        raise DataFileError(path, ["nested too deeply"]) from None


def load_god_file(path: Path | str, content: bytes | None = None) -> GodFile:
    raw = _read_toml(path, content)
    return _validated(GodFile, raw, path, "gods")


def build_catalog(tiles: TileFile, gods: GodFile) -> Catalog:
    return Catalog(
        tiles=tuple(t.to_tile() for t in tiles.tiles),
        gods=tuple(g.to_god() for g in gods.gods),
    )
