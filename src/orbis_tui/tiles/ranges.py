"""The ranges of the values in the tile and god files (docs/tiles.md).

Wide enough for any custom set, narrow enough that no entry can outweigh a whole
game. Kept apart from the pydantic models so that the cache reader, on the app's
start path, checks the same ranges without importing pydantic.
"""

from __future__ import annotations

import re
import unicodedata

MAX_COST = 10  # worshipers of one color (or "any") in a cost or a volcano
MAX_TILE_CP = 20
MAX_GOD_CP = 10
MAX_MYSTIC = 99
MAX_EFFECT_COUNT = 10  # a village's return, a forest's neighbors, a gain
MAX_NAME = 40
MAX_SUMMARY = 200
TILE_ID = re.compile(r"L[123]-[RBOGW]-\d{2}", re.ASCII)

#: Unicode categories refused in any text of a data file: controls, formatting
#: characters, surrogates, line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def control_character(text: str) -> tuple[int, str] | None:
    """The first (1-based position, character) of ``text`` that is not plain text."""
    for at, char in enumerate(text, start=1):
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return at, char
    return None
