"""``orbis check-data``: check a tile file and a god file against the published facts.

The loader (:mod:`orbis_tui.tiles.catalog`) already refuses entries of the wrong
shape (unknown color, unknown field, bad id pattern...). This module checks what only
the whole set shows: the counts per level and per set, which color may carry which
effect, the level-1 restrictions, mystic values, farms, level-3 villages, costs and CP
rising with level, and the CP of each god. Every violation is reported, not only the
first, each naming the file, the tile (or god), the field and the broken constraint.

Exit status of :func:`run_check_data`: 0 all good, 1 violations, 2 a file could not be
used at all (missing, not TOML, or an entry of the wrong shape).

All texts shown to the user live in :data:`~.check_texts.CONSTRAINTS` and
:data:`~.check_texts.TEXTS` (:mod:`.check_texts`), so they can be translated in one
place; the published facts are in :mod:`.facts`, the summary printed before the
violations in :mod:`.summary`.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ..engine import Color
from ..i18n import gettext, ngettext
from ..printable import printable_lines
from .catalog import default_gods_path, default_tiles_path
from .check_texts import CONSTRAINTS, text
from .errors import DataFileError
from .facts import (
    ABILITY_COLOR,
    GOD_CP,
    LEVEL_1_EFFECTS,
    LEVEL_3_VILLAGE,
    LEVEL_SIZES,
    LEVELS,
    SET_SIZES,
    SETS,
    TOTAL_TILES,
    cost_size,
)
from .models import GodFile, TileFile, TileModel, load_god_file, load_tile_file
from .summary import summarize_gods, summarize_tiles

# --------------------------------------------------------------------------------------
# Violations
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken constraint: where (file, tile or god id, field) and which one."""

    file: str
    item: str | None  # tile or god id; None for a fact about the whole set
    field: str
    key: str  # a key of CONSTRAINTS
    message: str

    @property
    def rule(self) -> str:
        return CONSTRAINTS[self.key].rule

    def __str__(self) -> str:
        item = self.item if self.item is not None else text("whole-set")
        return f"{self.file}: {item} {self.field}: [{self.rule}] {self.message}"


def _violation(file: str, item: str | None, field: str, key: str, **values: object) -> Violation:
    return Violation(file, item, field, key, gettext(CONSTRAINTS[key].text).format(**values))


def check_tiles(tiles: Sequence[TileModel], file: str) -> list[Violation]:
    """Every published fact about the region tiles that ``tiles`` breaks."""
    found = [*_check_counts(tiles, file), *_check_unique_ids(tiles, file)]
    mystic_seen: dict[int, str] = {}
    farm_seen: dict[str, str] = {}
    for tile in tiles:
        add_tile = _tile_reporter(found, file, tile.id)
        _check_id_and_effect(tile, add_tile)
        _check_mystic(tile, mystic_seen, add_tile)
        _check_farm_and_village(tile, farm_seen, add_tile)
    # T-RISE: mean and highest cost and CP strictly rise from one level to the next.
    found.extend(_check_rising(tiles, file, cost_size, "cost", "cost-mean", "cost-max"))
    found.extend(_check_rising(tiles, file, lambda t: t.cp, "cp", "cp-mean", "cp-max"))
    return found


def _check_counts(tiles: Sequence[TileModel], file: str) -> list[Violation]:
    """R-COMP-1 / R-COMP-2: how many tiles in all, per level, per set and level."""
    found: list[Violation] = []
    add = found.append
    if len(tiles) != TOTAL_TILES:
        add(_violation(file, None, "(count)", "total", found=len(tiles), expected=TOTAL_TILES))
    per_level = Counter(t.level for t in tiles)
    for level in LEVELS:
        if per_level[level] != LEVEL_SIZES[level]:
            add(
                _violation(
                    file,
                    None,
                    "level",
                    "level-count",
                    level=level,
                    found=per_level[level],
                    expected=LEVEL_SIZES[level],
                )
            )
    per_set: Counter[tuple[str, int]] = Counter((t.set, t.level) for t in tiles)
    for tile_set in SETS:
        for level in LEVELS:
            expected = SET_SIZES[tile_set][level]
            if per_set[tile_set, level] != expected:
                add(
                    _violation(
                        file,
                        None,
                        "set",
                        "set-count",
                        set=tile_set,
                        level=level,
                        found=per_set[tile_set, level],
                        expected=expected,
                    )
                )
    return found


def _check_unique_ids(tiles: Sequence[TileModel], file: str) -> list[Violation]:
    """T-ID: each id used by one entry only."""
    positions: dict[str, list[int]] = {}
    for index, tile in enumerate(tiles, start=1):
        positions.setdefault(tile.id, []).append(index)
    return [
        _violation(
            file,
            tile_id,
            "id",
            "id-unique",
            id=tile_id,
            found=len(where),
            entries=", ".join(str(i) for i in where),
        )
        for tile_id, where in positions.items()
        if len(where) > 1
    ]


def _check_id_and_effect(tile: TileModel, add_tile: Callable[..., None]) -> None:
    """T-ID: the id's level and color are the tile's; an ability's color, the effects
    a level-1 tile may have."""
    id_level = int(tile.id[1])
    id_color = Color.from_letter(tile.id[3]).label
    if id_level != tile.level:
        add_tile("level", "id-level", expected=id_level, found=tile.level)
    if id_color != tile.color:
        add_tile("color", "id-color", expected=id_color, found=tile.color)
    kind = tile.effect.kind
    owner = ABILITY_COLOR.get(kind)
    if owner is not None and tile.color != owner:
        add_tile("effect.kind", f"{kind}-color", found=tile.color)
    if tile.level == 1 and kind not in LEVEL_1_EFFECTS:
        add_tile("effect.kind", "level-1-effect", found=kind)


def _check_mystic(
    tile: TileModel, mystic_seen: dict[int, str], add_tile: Callable[..., None]
) -> None:
    """A white tile has a mystic number no other tile has; a colored tile has none."""
    if tile.color == "white":
        if tile.mystic is None:
            add_tile("mystic", "mystic-missing")
        elif tile.mystic in mystic_seen:
            add_tile("mystic", "mystic-unique", found=tile.mystic, other=mystic_seen[tile.mystic])
        else:
            mystic_seen[tile.mystic] = tile.id
    elif tile.mystic is not None:
        add_tile("mystic", "mystic-not-white", color=tile.color, found=tile.mystic)


def _check_farm_and_village(
    tile: TileModel, farm_seen: dict[str, str], add_tile: Callable[..., None]
) -> None:
    """One farm per color; a level-3 village counts the published number."""
    effect = tile.effect
    if effect.kind == "farm":
        if effect.color in farm_seen:
            add_tile(
                "effect.color", "farm-unique", found=effect.color, other=farm_seen[effect.color]
            )
        else:
            farm_seen[effect.color] = tile.id
    if effect.kind == "village" and tile.level == 3 and effect.count != LEVEL_3_VILLAGE:
        add_tile("effect.count", "village-level-3", expected=LEVEL_3_VILLAGE, found=effect.count)


def _tile_reporter(found: list[Violation], file: str, item: str) -> Callable[..., None]:
    def report(field: str, key: str, **values: object) -> None:
        found.append(_violation(file, item, field, key, **values))

    return report


def _check_rising(
    tiles: Sequence[TileModel],
    file: str,
    measure: Callable[[TileModel], int],
    field: str,
    mean_key: str,
    max_key: str,
) -> list[Violation]:
    found: list[Violation] = []
    by_level = {level: [t for t in tiles if t.level == level] for level in LEVELS}
    present = [level for level in LEVELS if by_level[level]]
    for prev, level in itertools.pairwise(present):
        low, high = by_level[prev], by_level[level]
        low_mean = statistics.fmean(measure(t) for t in low)
        high_mean = statistics.fmean(measure(t) for t in high)
        if high_mean <= low_mean:
            found.append(
                _violation(
                    file,
                    None,
                    field,
                    mean_key,
                    level=level,
                    prev=prev,
                    found=high_mean,
                    expected=low_mean,
                )
            )
        low_top = max(low, key=measure)
        high_top = max(high, key=measure)
        if measure(high_top) <= measure(low_top):
            found.append(
                _violation(
                    file,
                    low_top.id,
                    field,
                    max_key,
                    level=level,
                    prev=prev,
                    found=measure(high_top),
                    expected=measure(low_top),
                    other=low_top.id,
                )
            )
    return found


def check_gods(gods: GodFile, file: str) -> list[Violation]:
    """Gods whose CP differ from the published ones (presence is checked on loading)."""
    found: list[Violation] = []
    for god in gods.gods:
        expected = GOD_CP[god.id]
        if god.cp != expected:
            found.append(
                _violation(
                    file,
                    god.id.value,
                    "cp",
                    "god-cp",
                    name=god.name,
                    expected=expected,
                    found=god.cp,
                )
            )
    return found


def check_data(tiles: TileFile, gods: GodFile, tiles_file: str, gods_file: str) -> list[Violation]:
    """Every violation of the published facts in a loaded tile file and god file."""
    return check_tiles(tiles.tiles, tiles_file) + check_gods(gods, gods_file)


# --------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------


def run_check_data(tiles_path: Path | None, gods_path: Path | None, out: TextIO) -> int:
    """Check the two files, print the summary then every violation; return the exit status.

    ``None`` stands for the shipped file. Returns 0 when every published fact holds,
    1 when some are broken, 2 when a file cannot be used at all.
    """
    tiles_path = Path(tiles_path) if tiles_path is not None else default_tiles_path()
    gods_path = Path(gods_path) if gods_path is not None else default_gods_path()
    tiles_file, gods_file = str(tiles_path), str(gods_path)

    def say(text: object = "") -> None:
        print(printable_lines(text), file=out)  # file text never reaches the terminal raw

    errors: list[DataFileError] = []
    tiles: TileFile | None = None
    gods: GodFile | None = None
    try:
        tiles = load_tile_file(tiles_path)
    except DataFileError as exc:
        errors.append(exc)
    try:
        gods = load_god_file(gods_path)
    except DataFileError as exc:
        errors.append(exc)
    if errors or tiles is None or gods is None:
        for error in errors:
            say(text("cannot-use").format(file=error.path))
            for problem in error.problems:
                say(f"  {error.path}: {problem}")
        return 2

    say(summarize_tiles(tiles.tiles, tiles_file))
    say()
    say(summarize_gods(gods, gods_file))
    say()
    violations = check_data(tiles, gods, tiles_file, gods_file)
    if not violations:
        say(text("ok"))
        return 0
    say(text("violations-head").format(count=len(violations)))
    for violation in violations:
        say(f"  {violation}")
    failed = ngettext(
        "check-data: {count} violation", "check-data: {count} violations", len(violations)
    )
    say(failed.format(count=len(violations)))
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m orbis_tui.tiles.check [--tiles FILE] [--gods FILE]``."""
    parser = argparse.ArgumentParser(prog="orbis check-data", description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", type=Path, default=None, metavar="FILE")
    parser.add_argument("--gods", type=Path, default=None, metavar="FILE")
    args = parser.parse_args(argv)
    return run_check_data(args.tiles, args.gods, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
