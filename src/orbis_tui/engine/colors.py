"""The five colors of tiles and worshipers, and small helpers for color counts.

A *count* is a tuple of five non-negative ints indexed by color (red, blue, orange,
green, white). The engine passes worshiper multisets around in this form because it
is hashable, cheap to copy and cheap to compare.
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache


class Color(IntEnum):
    RED = 0
    BLUE = 1
    ORANGE = 2
    GREEN = 3
    WHITE = 4

    @property
    def letter(self) -> str:
        return LETTERS[self]

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def from_letter(cls, letter: str) -> Color:
        try:
            return cls(LETTERS.index(letter.upper()))
        except ValueError:
            raise ValueError(f"unknown color letter {letter!r} (use one of {LETTERS})") from None

    @classmethod
    def from_name(cls, name: str) -> Color:
        try:
            return cls[name.upper()]
        except KeyError:
            names = ", ".join(c.label for c in cls)
            raise ValueError(f"unknown color {name!r} (use one of {names})") from None


COLORS: tuple[Color, ...] = tuple(Color)
LETTERS = "RBOGW"
NUM_COLORS = 5

# A number of worshipers (or symbols) per color: five whole numbers in COLORS order.
# Counts are built from generators all through the engine's hot paths, so the type
# says "a tuple of ints" and the length is the engine's invariant (checked by
# invariants.py and by every file reader), not a static one.
Count = tuple[int, ...]
ZERO: Count = (0, 0, 0, 0, 0)


def covers(have: Count, need: Count) -> bool:
    return (
        have[0] >= need[0]
        and have[1] >= need[1]
        and have[2] >= need[2]
        and have[3] >= need[3]
        and have[4] >= need[4]
    )


def letters(count: Count) -> str:
    """'RRB' style spelling of a count, in color order; '-' for nothing."""
    text = "".join(LETTERS[c] * n for c, n in enumerate(count))
    return text or "-"


def parse_letters(text: str) -> Count:
    """Inverse of :func:`letters`: 'RRB' -> (2, 1, 0, 0, 0); '-' or '' -> zero."""
    if text in ("", "-"):
        return ZERO
    counts = [0] * NUM_COLORS
    for ch in text:
        counts[Color.from_letter(ch)] += 1
    return tuple(counts)


@lru_cache(maxsize=8192)
def bounded_multisets(limit: Count, size: int) -> tuple[Count, ...]:
    """Every count with ``size`` worshipers in all that takes at most ``limit`` of each color.

    Answers are remembered: the same few limits come back all game long.
    """
    if size < 0 or sum(limit) < size:
        return ()
    results: list[Count] = []
    current = [0] * NUM_COLORS

    def fill(color: int, left: int) -> None:
        if color == NUM_COLORS - 1:
            if left <= limit[color]:
                current[color] = left
                results.append(tuple(current))
            return
        rest_capacity = sum(limit[color + 1 :])
        low = max(0, left - rest_capacity)
        for n in range(min(left, limit[color]), low - 1, -1):
            current[color] = n
            fill(color + 1, left - n)
        current[color] = 0

    fill(0, size)
    return tuple(results)
