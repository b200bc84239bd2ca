"""The catalog of region tiles and gods a game uses, loaded from the data files.

The files are checked by the pydantic models of :mod:`.models`. Importing
pydantic and building those models costs more than the rest of the app's start, so a
checked catalog can be kept in a cache directory (see :func:`use_cache`) as plain
JSON, under a key made of the SHA-256 of the files' bytes. A later start with the
same files reads it back without pydantic; any change to a file changes the key, and
a cache entry that cannot be read, whatever is wrong with it, only means checking the
data files again: it is ignored and written anew. An entry is also held against the
files it claims to come from (read as plain TOML, which is quick): one that disagrees
with them (a tile missing, a god's CP changed), however sound its own checksum, is
never used, so that it can neither change a score nor make a sound save look broken.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from contextlib import suppress
from dataclasses import fields
from pathlib import Path
from typing import Any

from ..engine import Catalog, Color, Effect, EffectKind, God, GodId, Tile, TileSet
from ..files import DATA_FILE_LIMIT, SMALL_FILE_LIMIT, clean_temporaries, read_bytes, write_atomic
from .cache_dir import cache_dir, use_cache
from .ranges import (
    MAX_COST,
    MAX_EFFECT_COUNT,
    MAX_GOD_CP,
    MAX_MYSTIC,
    MAX_NAME,
    MAX_SUMMARY,
    MAX_TILE_CP,
    TILE_ID,
    control_character,
)

__all__ = ["data_dir", "default_gods_path", "default_tiles_path", "load_catalog", "use_cache"]

# Part of every cache key. Raise it when the way a tile is built from its data file
# entry changes, so that entries written by an older version are no longer used.
CACHE_FORMAT = 1


def data_dir() -> Path:
    """The shipped data folder: inside the installed package, or the source tree's."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "data"
    if packaged.is_dir():
        return packaged
    return package.parents[1] / "data"


def default_tiles_path() -> Path:
    return data_dir() / "tiles.toml"


def default_gods_path() -> Path:
    return data_dir() / "gods.toml"


_default: Catalog | None = None


def load_catalog(
    tiles_path: Path | str | None = None, gods_path: Path | str | None = None
) -> Catalog:
    """Load a catalog; with no paths, the shipped one (kept for the whole process).

    Raises :class:`DataFileError` naming the file and every problem in it.
    """
    global _default
    shipped = tiles_path is None and gods_path is None
    if shipped and _default is not None:
        return _default
    catalog = _load(
        Path(tiles_path or default_tiles_path()), Path(gods_path or default_gods_path())
    )
    if shipped:
        _default = catalog
    return catalog


def _load(tiles_path: Path, gods_path: Path) -> Catalog:
    folder = cache_dir()
    if folder is None:
        return _checked(tiles_path, gods_path)
    try:
        tiles = read_bytes(tiles_path, DATA_FILE_LIMIT)
        gods = read_bytes(gods_path, DATA_FILE_LIMIT)
    except OSError:
        return _checked(tiles_path, gods_path)  # reports the unreadable file
    entry = folder / f"catalog-{_cache_key(tiles, gods)}.json"
    cached = _read_entry(entry)
    if cached is not None and _agrees(cached, tiles, gods):
        return cached
    catalog = _checked(tiles_path, gods_path, tiles, gods)  # the very bytes of the key
    _write_entry(entry, catalog)
    return catalog


def _checked(
    tiles_path: Path, gods_path: Path, tiles: bytes | None = None, gods: bytes | None = None
) -> Catalog:
    from .models import build_catalog, load_god_file, load_tile_file

    return build_catalog(load_tile_file(tiles_path, tiles), load_god_file(gods_path, gods))


def _cache_key(tiles: bytes, gods: bytes) -> str:
    """A key for the files' content and for everything that decides what it becomes."""
    from .. import __version__

    digest = hashlib.sha256(f"orbis-catalog/{CACHE_FORMAT}/{__version__}".encode())
    # The engine's values (field names, color numbers) and the code that builds them
    # from the files: any change there must not read entries written before it.
    for value_type in (Tile, Effect, God):
        digest.update(",".join(f.name for f in fields(value_type)).encode())
    digest.update(",".join(f"{c.name}={c.value}" for c in Color).encode())
    here = Path(__file__)
    code = [here.with_name(name).read_bytes() for name in ("models.py", "ranges.py")]
    for content in (*code, tiles, gods):
        digest.update(len(content).to_bytes(8, "big"))
        digest.update(content)
    return digest.hexdigest()[:32]


def _agrees(catalog: Catalog, tiles: bytes, gods: bytes) -> bool:
    """Whether a cached catalog says what the data files say, tile by tile, god by god."""
    try:
        tile_entries = tomllib.loads(tiles.decode("utf-8"))["tiles"]
        god_entries = tomllib.loads(gods.decode("utf-8"))["gods"]
        return [_tile_facts(t) for t in catalog.tiles] == [
            _written_tile_facts(e) for e in tile_entries
        ] and [(g.id.value, g.source_name, g.cp) for g in catalog.gods] == [
            (e["id"], e["name"], e["cp"]) for e in god_entries
        ]
    except Exception:  # files the full check will refuse, with the reasons
        return False


_COST_KEYS = ("red", "blue", "orange", "green", "white")


def _tile_facts(tile: Tile) -> tuple[object, ...]:
    effect = tile.effect
    return (
        tile.id,
        tile.level,
        tile.color.name.lower(),
        tile.tile_set.value,
        tuple(tile.cost),
        tile.cost_any,
        tile.cp,
        tile.mystic,
        tile.source_name,
        effect.kind.value,
        effect.color,
        effect.count,
        effect.colors,
        tuple(effect.remove),
    )


def _written_tile_facts(entry: dict[str, Any]) -> tuple[object, ...]:
    """The same facts as :func:`_tile_facts`, as a data file entry writes them."""
    cost = entry.get("cost", {})
    effect = dict(entry.get("effect", {"kind": "none"}))
    kind = effect["kind"]
    built = Effect(EffectKind(kind))
    color = effect.get("color")
    removed = effect.get("remove", {})
    return (
        entry["id"],
        entry["level"],
        entry["color"],
        entry["set"],
        tuple(cost.get(name, 0) for name in _COST_KEYS),
        cost.get("any", 0),
        entry.get("cp", 0),
        entry.get("mystic"),
        entry.get("name", entry["id"]),
        kind,
        built.color if color in (None, "any") else Color[color.upper()],
        effect.get("count", built.count),
        tuple(sorted({Color[c.upper()] for c in effect.get("colors", ())})),
        tuple(removed.get(name, 0) for name in _COST_KEYS) if removed else tuple(built.remove),
    )


def _payload_digest(payload: str) -> str:
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _read_entry(entry: Path) -> Catalog | None:
    """The catalog in a cache entry; ``None`` if there is none or it is not sound."""
    try:
        stored = json.loads(read_bytes(entry, SMALL_FILE_LIMIT))
        payload = stored["catalog"]
        if _payload_digest(payload) != stored["sha256"]:
            return None
        plain = json.loads(payload)
        return Catalog(
            tiles=tuple(_tile_from_plain(t) for t in plain["tiles"]),
            gods=tuple(_god_from_plain(g) for g in plain["gods"]),
        )
    except Exception:  # whatever is wrong with an entry, the data files are checked again
        return None


def _write_entry(entry: Path, catalog: Catalog) -> None:
    payload = json.dumps(
        {
            "tiles": [_tile_to_plain(t) for t in catalog.tiles],
            "gods": [_god_to_plain(g) for g in catalog.gods],
        },
        separators=(",", ":"),
    )
    stored = json.dumps({"sha256": _payload_digest(payload), "catalog": payload})
    # A killed write can leave a temporary behind: those older than a minute go.
    clean_temporaries(entry.parent, ["catalog-*.json"], older_than=60)
    with suppress(OSError):  # a cache that cannot be written is no cache
        write_atomic(entry, stored, durable=False)
        _prune(entry)


def _prune(kept: Path, keep: int = 4) -> None:
    """Forget all but the few newest entries (other data files, older versions)."""

    def age(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    entries = sorted(kept.parent.glob("catalog-*.json"), key=age, reverse=True)
    for old in entries[keep:]:
        if old != kept:
            with suppress(OSError):
                old.unlink(missing_ok=True)


def _god_to_plain(god: God) -> dict[str, Any]:
    return {
        "id": god.id.value,
        "name": god.source_name,
        "cp": god.cp,
        "summary": god.source_summary,
    }


def _god_from_plain(plain: dict[str, Any]) -> God:
    god = God(GodId(plain["id"]), plain["name"], plain["cp"], plain["summary"])
    _expect_types(god.source_name, god.source_summary, str)
    _expect_types(god.cp, None, int)
    _expect_text(god.source_name, MAX_NAME, 1)
    _expect_text(god.source_summary, MAX_SUMMARY, 0)
    _expect_range(god.cp, 0, MAX_GOD_CP)
    return god


def _expect_range(value: object, low: int, high: int) -> None:
    """The ranges of the data files (see :mod:`.ranges`) hold for a cached value too."""
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")


def _expect_text(value: object, longest: int, shortest: int) -> None:
    if type(value) is not str or not shortest <= len(value) <= longest:
        raise ValueError(f"{value!r} is not a text of {shortest} to {longest} characters")
    if control_character(value) is not None:
        raise ValueError("a control character in a text")


def _expect_types(first: object, second: object, kind: type) -> None:
    for value in (first, second):
        if value is not None and (type(value) is not kind):
            raise TypeError(f"{value!r} is not {kind.__name__}")


def _tile_to_plain(tile: Tile) -> dict[str, Any]:
    effect = tile.effect
    return {
        "id": tile.id,
        "level": tile.level,
        "color": tile.color.value,
        "set": tile.tile_set.value,
        "cost": list(tile.cost),
        "cost_any": tile.cost_any,
        "cp": tile.cp,
        "effect": {
            "kind": effect.kind.value,
            "color": None if effect.color is None else effect.color.value,
            "count": effect.count,
            "colors": [c.value for c in effect.colors],
            "remove": list(effect.remove),
        },
        "mystic": tile.mystic,
        "name": tile.source_name,
    }


def _tile_from_plain(plain: dict[str, Any]) -> Tile:
    effect = plain["effect"]
    cost = tuple(plain["cost"])
    remove = tuple(effect["remove"])
    if len(cost) != len(Color) or len(remove) != len(Color):
        raise ValueError("a count per color is expected")
    for number in (*cost, *remove, plain["level"], plain["cost_any"], plain["cp"]):
        _expect_types(number, None, int)
    _expect_types(effect["count"], plain["mystic"], int)
    _expect_types(plain["id"], plain["name"], str)
    for count in (*cost, *remove, plain["cost_any"]):
        _expect_range(count, 0, MAX_COST)
    _expect_range(plain["level"], 1, 3)
    _expect_range(plain["cp"], 0, MAX_TILE_CP)
    _expect_range(effect["count"], 0, MAX_EFFECT_COUNT)
    if plain["mystic"] is not None:
        _expect_range(plain["mystic"], 1, MAX_MYSTIC)
    if type(plain["id"]) is not str or not TILE_ID.fullmatch(plain["id"]):
        raise ValueError(f"{plain['id']!r} is not a tile id")
    _expect_text(plain["name"], MAX_NAME, 1)
    for color in (plain["color"], effect["color"], *effect["colors"]):
        _expect_types(color, None, int)  # not true or false, which enums take for 1 and 0
    return Tile(
        id=plain["id"],
        level=plain["level"],
        color=Color(plain["color"]),
        tile_set=TileSet(plain["set"]),
        cost=cost,  # length checked above
        cost_any=plain["cost_any"],
        cp=plain["cp"],
        effect=Effect(
            kind=EffectKind(effect["kind"]),
            color=None if effect["color"] is None else Color(effect["color"]),
            count=effect["count"],
            colors=tuple(Color(c) for c in effect["colors"]),
            remove=remove,
        ),
        mystic=plain["mystic"],
        source_name=plain["name"],
    )
