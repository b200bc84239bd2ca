"""The rule ids of the rules specification.

The specification (RULES.md) lives beside the project, not in it; its ids are kept in
``tests/rule_ids.txt`` too, so that every check runs in a fresh clone.
:func:`specified_rule_ids` reads that list; when the specification is here (beside the
project, or named by ORBIS_RULES_MD) it is read as well, and the list must match it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from orbis_tui.engine import RULE_IDS

TESTS = Path(__file__).resolve().parent
SHIPPED = TESTS / "rule_ids.txt"


def rules_file() -> Path | None:
    candidates = [os.environ.get("ORBIS_RULES_MD"), TESTS.parents[1] / "shared" / "RULES.md"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def shipped_rule_ids() -> list[str]:
    """The ids kept in the project, in the specification's order."""
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def read_rule_ids(path: Path) -> list[str]:
    """The ids a specification file defines (``**R-…**``), in its order."""
    found = re.findall(r"\*\*(R-[A-Z]+-[A-Z0-9]+)\b", path.read_text(encoding="utf-8"))
    return list(dict.fromkeys(found))


def specified_rule_ids() -> list[str]:
    """The ids of the specification: the list kept in the project, checked against the
    specification's own file when it is here."""
    shipped = shipped_rule_ids()
    path = rules_file()
    if path is not None:
        assert read_rule_ids(path) == shipped, f"{SHIPPED.name} differs from {path}: update it"
    return shipped


def rule_ids() -> list[str]:
    """The specification's ids (kept for the tests that used to fall back on the engine)."""
    return specified_rule_ids()


__all__ = ["RULE_IDS", "read_rule_ids", "rule_ids", "rules_file", "specified_rule_ids"]
