"""``orbis check-data``: check a tile file and a god file against the published facts.

The loader (:mod:`orbis_tui.tiles.catalog`) already refuses entries of the wrong
shape (unknown color, unknown field, bad id pattern...). This module checks what only
the whole set shows: the counts per level and per set, which color may carry which
effect, the level-1 restrictions, mystic values, farms, level-3 villages, costs and CP
rising with level, and the CP of each god. Every violation is reported, not only the
first, each naming the file, the tile (or god), the field and the broken constraint.

Exit status of :func:`run_check_data`: 0 all good, 1 violations, 2 a file could not be
used at all (missing, not TOML, or an entry of the wrong shape).

All texts shown to the user live in :data:`CONSTRAINTS` and :data:`TEXTS`, so they can
be translated in one place.
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
from typing import NamedTuple, TextIO

from ..engine import Color, GodId
from ..i18n import N_, gettext, ngettext
from ..printable import printable_lines
from .catalog import default_gods_path, default_tiles_path
from .errors import DataFileError
from .models import GodFile, TileFile, TileModel, load_god_file, load_tile_file

# --------------------------------------------------------------------------------------
# Texts (translate here)
# --------------------------------------------------------------------------------------


class Constraint(NamedTuple):
    """A published fact: the rule id it comes from and its text (a format string)."""

    rule: str
    text: str


#: Every constraint the check enforces, keyed by a stable name. The rule id is from
#: RULES.md (``R-...``) where one exists, otherwise from the published facts listed in
#: docs/tiles.md (``T-...``).
CONSTRAINTS: dict[str, Constraint] = {
    "total": Constraint("R-COMP-1", N_("tiles in the set: {found}; the game has {expected}")),
    "level-count": Constraint(
        "R-COMP-1", N_("tiles of level {level}: {found}; the game has {expected}")
    ),
    "set-count": Constraint(
        "R-COMP-2",
        N_("level-{level} tiles of the {set} set: {found}; it must have {expected}"),
    ),
    "id-unique": Constraint(
        "T-ID", N_("id {id} is used by {found} entries (entries {entries}); ids must be unique")
    ),
    "id-level": Constraint(
        "T-ID", N_("the id says level {expected} but the tile is level {found}")
    ),
    "id-color": Constraint("T-ID", N_("the id says {expected} but the tile is {found}")),
    "farm-color": Constraint(
        "R-EFF-FARM", N_("a farm belongs on an orange tile, not a {found} one")
    ),
    "village-color": Constraint(
        "R-EFF-VILLAGE", N_("a village belongs on an orange tile, not a {found} one")
    ),
    "forest-color": Constraint(
        "R-EFF-FOREST", N_("a forest belongs on a green tile, not a {found} one")
    ),
    "volcano-color": Constraint(
        "R-EFF-VOLCANO", N_("a volcano belongs on a red tile, not a {found} one")
    ),
    "irrigation-color": Constraint(
        "R-EFF-IRRIGATION", N_("an irrigation belongs on a blue tile, not a {found} one")
    ),
    "temple-color": Constraint(
        "R-EFF-TEMPLE", N_("a temple belongs on a white tile, not a {found} one")
    ),
    "level-1-effect": Constraint(
        "T-LEVEL-1",
        N_(
            "a level-1 tile carries at most a gain or a sacred stone; "
            "the {found} ability starts at level 2"
        ),
    ),
    "mystic-missing": Constraint("R-COMP-1", N_("a white tile needs a mystic value")),
    "mystic-not-white": Constraint(
        "R-COMP-1", N_("only white tiles have a mystic value; this {color} tile has {found}")
    ),
    "mystic-unique": Constraint(
        "R-COMP-1", N_("mystic value {found} is already on {other}; mystic values must be unique")
    ),
    "farm-unique": Constraint(
        "R-EFF-FARM",
        N_("a second {found} farm ({other} is one): there is one reduction token per color"),
    ),
    "village-level-3": Constraint(
        "R-EFF-VILLAGE", N_("the worshipers a level-3 village asks for: {expected}, not {found}")
    ),
    "cost-mean": Constraint(
        "T-RISE",
        N_(
            "mean cost of level {level} ({found:.2f}) is not above level {prev}'s "
            "({expected:.2f}); costs rise with level"
        ),
    ),
    "cost-max": Constraint(
        "T-RISE",
        N_(
            "highest cost of level {level} ({found}) is not above level {prev}'s "
            "({expected}, on {other}); costs rise with level"
        ),
    ),
    "cp-mean": Constraint(
        "T-RISE",
        N_(
            "mean CP of level {level} ({found:.2f}) is not above level {prev}'s "
            "({expected:.2f}); CP rise with level"
        ),
    ),
    "cp-max": Constraint(
        "T-RISE",
        N_(
            "highest CP of level {level} ({found}) is not above level {prev}'s "
            "({expected}, on {other}); CP rise with level"
        ),
    ),
    "god-cp": Constraint("R-COMP-3", N_("{name} is worth {expected} CP in the game, not {found}")),
}

#: Every other text of the report (English: see :func:`_text`).
TEXTS: dict[str, str] = {
    "whole-set": N_("(whole set)"),
    "cannot-use": N_("check-data: cannot use {file}:"),
    "tiles-head": N_("Tiles: {file} ({count})"),
    "level": N_("level {level}"),
    "all": N_("all"),
    "total": N_("total"),
    "color": N_("color"),
    "effect": N_("effect"),
    "level-head": N_(
        "Level {level}: tiles {count}, cost {cost_min}-{cost_max} symbols "
        "(mean {cost_mean:.2f}), CP {cp_min}-{cp_max} (mean {cp_mean:.2f})"
    ),
    "farms": N_("Farms (reduction tokens): {farms}"),
    "mystic": N_("Mystic values: {values}"),
    "none": N_("none"),
    "base-alone": N_("Base set alone (2 players): colors {colors}; effects {effects}"),
    "base-all": N_("all present"),
    "base-missing": N_("missing {missing}"),
    "gods-head": N_("Gods: {file} ({count})"),
    "god-line": N_("  {id:<12} {name:<22} {cp} CP"),
    "violations-head": N_("Violations ({count}):"),
    "ok": N_("check-data: OK, no violations"),
    "effect-none": N_("no effect"),
    "effect-gain": N_("gain {count} {color}"),
    "effect-stone": N_("sacred stone"),
    "effect-farm": N_("farm {color}"),
    "effect-village": N_("village {count}"),
    "effect-forest": N_("forest"),
    "effect-volcano": N_("volcano"),
    "effect-irrigation": N_("irrigation"),
    "effect-temple": N_("temple"),
}


def _text(key: str) -> str:
    """One of :data:`TEXTS`, in the language in use."""
    return gettext(TEXTS[key])


# --------------------------------------------------------------------------------------
# Published facts (RULES.md sections 1 and 7, TILES.md)
# --------------------------------------------------------------------------------------

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
        item = self.item if self.item is not None else _text("whole-set")
        return f"{self.file}: {item} {self.field}: [{self.rule}] {self.message}"


def _violation(file: str, item: str | None, field: str, key: str, **values: object) -> Violation:
    return Violation(file, item, field, key, gettext(CONSTRAINTS[key].text).format(**values))


def cost_size(tile: TileModel) -> int:
    """How many worshiper symbols the tile's cost has (colored and "any")."""
    return sum(tile.cost.colored()) + tile.cost.any


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
# Summary
# --------------------------------------------------------------------------------------


def effect_label(tile: TileModel) -> str:
    """A short name for a tile's effect, e.g. "gain 2 orange" or "village 3"."""
    effect = tile.effect
    values = {name: getattr(effect, name) for name in ("color", "count") if hasattr(effect, name)}
    return _text(f"effect-{effect.kind}").format(**values)


def _effect_sort_key(tile: TileModel) -> tuple[int, int, bool, str]:
    """Effects in EFFECT_ORDER; gains by count, a named color before "any"."""
    effect = tile.effect
    count = getattr(effect, "count", 0)
    is_any = getattr(effect, "color", None) == "any"
    return (EFFECT_ORDER.index(effect.kind), count, is_any, effect_label(tile))


def _table(
    header: Sequence[str], rows: Sequence[Sequence[object]], indent: str = "  "
) -> list[str]:
    """Left-align text columns that start a row, right-align the numbers."""
    cells = [list(header)] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = []
    for row in cells:
        parts = []
        for i, cell in enumerate(row):
            numeric = i > 0 and all(r[i].isdigit() for r in cells[1:])
            parts.append(cell.rjust(widths[i]) if numeric else cell.ljust(widths[i]))
        lines.append((indent + "  ".join(parts)).rstrip())
    return lines


def summarize_tiles(tiles: Sequence[TileModel], file: str) -> str:
    """Counts per level x set x color x effect, and the cost and CP ranges per level."""
    lines = [_text("tiles-head").format(file=file, count=len(tiles))]
    by_set: Counter[tuple[int, str]] = Counter((t.level, t.set) for t in tiles)
    rows: list[list[object]] = []
    for level in LEVELS:
        counts = [by_set[level, s] for s in SETS]
        rows.append([_text("level").format(level=level), *counts, sum(counts)])
    totals = [sum(1 for t in tiles if t.set == s) for s in SETS]
    rows.append([_text("all"), *totals, len(tiles)])
    lines += _table(["", *SETS, _text("total")], rows)
    lines.append("")

    by_color: Counter[tuple[str, int]] = Counter((t.color, t.level) for t in tiles)
    rows = []
    for color in COLOR_NAMES:
        counts = [by_color[color, level] for level in LEVELS]
        rows.append([color, *counts, sum(counts)])
    lines += _table([_text("color"), *(f"L{level}" for level in LEVELS), _text("total")], rows)

    for level in LEVELS:
        group = [t for t in tiles if t.level == level]
        if not group:
            continue
        costs = [cost_size(t) for t in group]
        cps = [t.cp for t in group]
        lines.append("")
        lines.append(
            _text("level-head").format(
                level=level,
                count=len(group),
                cost_min=min(costs),
                cost_max=max(costs),
                cost_mean=statistics.fmean(costs),
                cp_min=min(cps),
                cp_max=max(cps),
                cp_mean=statistics.fmean(cps),
            )
        )
        cells: Counter[tuple[str, str, str]] = Counter(
            (t.color, effect_label(t), t.set) for t in group
        )
        order: dict[tuple[str, str], tuple[int, tuple[int, int, bool, str]]] = {}
        for t in group:
            key = (t.color, effect_label(t))
            order.setdefault(key, (COLOR_NAMES.index(t.color), _effect_sort_key(t)))
        rows = []
        for color, label in sorted(order, key=order.__getitem__):
            counts = [cells[color, label, s] for s in SETS]
            rows.append([color, label, *counts, sum(counts)])
        lines += _table([_text("color"), _text("effect"), *SETS, _text("total")], rows)

    lines.append("")
    farms = [f"{t.effect.color} {t.id}" for t in tiles if t.effect.kind == "farm"]
    lines.append(_text("farms").format(farms=", ".join(farms) or _text("none")))
    mystics = sorted((t.mystic, t.id) for t in tiles if t.mystic is not None)
    values = ", ".join(f"{m} {i}" for m, i in mystics) or _text("none")
    lines.append(_text("mystic").format(values=values))
    lines.append(_base_alone(tiles))
    return "\n".join(lines)


def _base_family(tile: TileModel) -> str:
    effect = tile.effect
    if effect.kind == "gain":
        return f"gain {effect.count}" if effect.color != "any" else "gain any"
    return effect.kind


BASE_FAMILIES = (N_("gain 1"), N_("gain 2"), N_("gain any"), N_("stone"), *ABILITY_COLOR)


def _base_alone(tiles: Sequence[TileModel]) -> str:
    """Whether a base-set-only (2-player) game still sees every color and effect."""
    base = [t for t in tiles if t.set == "base"]
    colors = [c for c in COLOR_NAMES if all(t.color != c for t in base)]
    families = {_base_family(t) for t in base}
    effects = [f for f in BASE_FAMILIES if f not in families]

    def state(missing: list[str]) -> str:
        if not missing:
            return _text("base-all")
        return _text("base-missing").format(missing=", ".join(missing))

    return _text("base-alone").format(colors=state(colors), effects=state(effects))


def summarize_gods(gods: GodFile, file: str) -> str:
    lines = [_text("gods-head").format(file=file, count=len(gods.gods))]
    for god in gods.gods:
        lines.append(_text("god-line").format(id=god.id.value, name=god.name, cp=god.cp))
    return "\n".join(lines)


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
            say(_text("cannot-use").format(file=error.path))
            for problem in error.problems:
                say(f"  {error.path}: {problem}")
        return 2

    say(summarize_tiles(tiles.tiles, tiles_file))
    say()
    say(summarize_gods(gods, gods_file))
    say()
    violations = check_data(tiles, gods, tiles_file, gods_file)
    if not violations:
        say(_text("ok"))
        return 0
    say(_text("violations-head").format(count=len(violations)))
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
