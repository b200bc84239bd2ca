"""A table's time per turn as people write it: ``90s``, ``2m``, ``1h``, ``1d``, ``none``.

A number with a unit (s, m, h, d; a bare number is minutes), or ``none`` (also ``off``
and ``0``): no clock, today's behaviour. Used by ``orbis table new --turn-time`` and the
app's "Play apart" dialog.
"""

from __future__ import annotations

import re

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
NO_CLOCK = ("none", "off", "0")
_PATTERN = re.compile(r"(\d+(?:\.\d+)?)\s*([smhd]?)")


def parse_turn_time(text: str, no_clock: tuple[str, ...] = ()) -> float | None:
    """The seconds per turn ``text`` gives (None: no clock); ValueError when it is
    neither a duration nor ``none`` (or one of the words ``no_clock`` adds: the
    player's language's word for it)."""
    wanted = text.strip().lower()
    if wanted in NO_CLOCK or wanted in (word.lower() for word in no_clock):
        return None
    found = _PATTERN.fullmatch(wanted)
    if found is None:
        raise ValueError(text)
    return float(found.group(1)) * UNITS[found.group(2) or "m"]
