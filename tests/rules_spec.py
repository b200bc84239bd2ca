"""The rule ids of the rules specification, read from its file when it is beside the
project (or named by ORBIS_RULES_MD), else the engine's own list."""

from __future__ import annotations

import os
import re
from pathlib import Path

from orbis_tui.engine import RULE_IDS

TESTS = Path(__file__).resolve().parent


def rules_file() -> Path | None:
    candidates = [os.environ.get("ORBIS_RULES_MD"), TESTS.parents[1] / "shared" / "RULES.md"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None


def rule_ids() -> list[str]:
    """The ids defined (``**R-…**``) by the specification, in its order."""
    path = rules_file()
    if path is None:
        return list(RULE_IDS)
    found = re.findall(r"\*\*(R-[A-Z]+-[A-Z0-9]+)\b", path.read_text(encoding="utf-8"))
    return list(dict.fromkeys(found))
