"""The texts of ``orbis check-data`` (:mod:`.check`): every constraint it enforces, with
its rule id, and every other line of its report, marked for translation in one place.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_, gettext


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

#: Every other text of the report (English: see :func:`text`).
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


def text(key: str) -> str:
    """One of :data:`TEXTS`, in the language in use."""
    return gettext(TEXTS[key])


__all__ = ["CONSTRAINTS", "TEXTS", "Constraint", "text"]
