"""The summary ``orbis check-data`` (:mod:`.check`) prints before the violations: the
tiles counted by level, set, color and effect, their cost and CP ranges per level, the
farms, the mystic values, whether the base set alone shows every color and effect, and
the gods with their CP.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence

from ..i18n import N_
from .check_texts import text
from .facts import ABILITY_COLOR, COLOR_NAMES, EFFECT_ORDER, LEVELS, SETS, cost_size
from .models import GodFile, TileModel


def effect_label(tile: TileModel) -> str:
    """A short name for a tile's effect, e.g. "gain 2 orange" or "village 3"."""
    effect = tile.effect
    values = {name: getattr(effect, name) for name in ("color", "count") if hasattr(effect, name)}
    return text(f"effect-{effect.kind}").format(**values)


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
    lines = [text("tiles-head").format(file=file, count=len(tiles))]
    by_set: Counter[tuple[int, str]] = Counter((t.level, t.set) for t in tiles)
    rows: list[list[object]] = []
    for level in LEVELS:
        counts = [by_set[level, s] for s in SETS]
        rows.append([text("level").format(level=level), *counts, sum(counts)])
    totals = [sum(1 for t in tiles if t.set == s) for s in SETS]
    rows.append([text("all"), *totals, len(tiles)])
    lines += _table(["", *SETS, text("total")], rows)
    lines.append("")

    by_color: Counter[tuple[str, int]] = Counter((t.color, t.level) for t in tiles)
    rows = []
    for color in COLOR_NAMES:
        counts = [by_color[color, level] for level in LEVELS]
        rows.append([color, *counts, sum(counts)])
    lines += _table([text("color"), *(f"L{level}" for level in LEVELS), text("total")], rows)

    for level in LEVELS:
        group = [t for t in tiles if t.level == level]
        if not group:
            continue
        costs = [cost_size(t) for t in group]
        cps = [t.cp for t in group]
        lines.append("")
        lines.append(
            text("level-head").format(
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
        lines += _table([text("color"), text("effect"), *SETS, text("total")], rows)

    lines.append("")
    farms = [f"{t.effect.color} {t.id}" for t in tiles if t.effect.kind == "farm"]
    lines.append(text("farms").format(farms=", ".join(farms) or text("none")))
    mystics = sorted((t.mystic, t.id) for t in tiles if t.mystic is not None)
    values = ", ".join(f"{m} {i}" for m, i in mystics) or text("none")
    lines.append(text("mystic").format(values=values))
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
            return text("base-all")
        return text("base-missing").format(missing=", ".join(missing))

    return text("base-alone").format(colors=state(colors), effects=state(effects))


def summarize_gods(gods: GodFile, file: str) -> str:
    lines = [text("gods-head").format(file=file, count=len(gods.gods))]
    for god in gods.gods:
        lines.append(text("god-line").format(id=god.id.value, name=god.name, cp=god.cp))
    return "\n".join(lines)


__all__ = ["effect_label", "summarize_gods", "summarize_tiles"]
