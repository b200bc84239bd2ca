"""The rule ids of the rules specification, read from its file when it is beside the
project (or named by ORBIS_RULES_MD).

:func:`specified_rule_ids` is for tests that check the specification itself: without
its file they skip, saying so. :func:`rule_ids` falls back on the engine's own list, for
tests that only need the ids the project implements.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from orbis_tui.engine import RULE_IDS

TESTS = Path(__file__).resolve().parent
MISSING = "the rules specification (../shared/RULES.md or ORBIS_RULES_MD) is not here"


def rules_file() -> Path | None:
    candidates = [os.environ.get("ORBIS_RULES_MD"), TESTS.parents[1] / "shared" / "RULES.md"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def specified_rule_ids() -> list[str]:
    """The ids defined (``**R-…**``) by the specification, in its order; skips the
    calling test when the specification's file is absent."""
    path = rules_file()
    if path is None:
        pytest.skip(MISSING)
    found = re.findall(r"\*\*(R-[A-Z]+-[A-Z0-9]+)\b", path.read_text(encoding="utf-8"))
    return list(dict.fromkeys(found))


def rule_ids() -> list[str]:
    """The specification's ids when its file is here, else the engine's own list."""
    if rules_file() is None:
        return list(RULE_IDS)
    return specified_rule_ids()
