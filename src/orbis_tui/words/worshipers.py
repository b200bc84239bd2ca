"""Worshipers and costs in words: count then color letter ('2R 1B + 1 of any color')."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import choose, color_letters, gettext
from . import texts


def worshiper_words(count: Sequence[int]) -> str:
    """Worshipers, count then color letter: (2, 1, 0, 0, 0) -> '2R 1B'; none -> 'nothing'."""
    return cost_words(count, 0)


def cost_words(cost: Sequence[int], any_count: int) -> str:
    """A cost the same way: '2R 1B + 1 of any color'; nothing -> 'nothing'."""
    parts = [f"{n}{color_letters()[c]}" for c, n in enumerate(cost) if n]
    text = " ".join(parts)
    if any_count:
        values = {"count": any_count}
        extra = choose(texts.ANY_COUNT, values).format(**values)
        text = f"{text}{texts.AND}{extra}" if text else extra
    return text or gettext(texts.NOTHING)
