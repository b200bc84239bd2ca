"""The ids of the rules the engine implements, in the order of the rules specification.

Errors cite them, the help screen and the walkthrough explain them, and the tests check
that each one is covered.
"""

from __future__ import annotations

EFFECT_RULES = ("FARM", "VILLAGE", "FOREST", "VOLCANO", "IRRIGATION", "TEMPLE", "GAIN", "STONE")

RULE_IDS: tuple[str, ...] = (
    *(f"R-COMP-{i}" for i in range(1, 6)),
    *(f"R-SETUP-{i}" for i in range(1, 5)),
    *(f"R-TURN-{i}" for i in range(1, 4)),
    *(f"R-TAKE-{i}" for i in range(1, 8)),
    *(f"R-PLACE-{i}" for i in range(1, 7)),
    *(f"R-EFF-{name}" for name in EFFECT_RULES),
    "R-GOD-1",
    "R-GOD-2",
    *(f"R-END-{i}" for i in range(1, 6)),
)
