"""Worshipers and costs in words: count then color letter ('2R 1B + 1 of any color'), or,
where colors are named in words (:func:`spell_colors`, the plain-text seat for screen
readers), '2 red, 1 blue and 1 of any color'."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import color_letters, fill, gettext
from . import texts

_spelled = False  # colors named in words rather than letters


def spell_colors(on: bool) -> bool:
    """Name colors in words (``on``) or by their letters from now on, in every sentence
    about worshipers; returns the previous setting."""
    global _spelled
    before, _spelled = _spelled, on
    return before


def colors_spelled() -> bool:
    return _spelled


def worshiper_words(count: Sequence[int]) -> str:
    """Worshipers, count then color letter: (2, 1, 0, 0, 0) -> '2R 1B'; none -> 'nothing'."""
    return cost_words(count, 0)


def color_count_words(color: int, count: int) -> str:
    """``count`` worshipers of ``color`` named in words: '2 red'."""
    return fill(texts.COLOR_COUNT[color], count=count)


def cost_words(cost: Sequence[int], any_count: int) -> str:
    """A cost the same way: '2R 1B + 1 of any color'; nothing -> 'nothing'."""
    if _spelled:
        parts = [color_count_words(c, n) for c, n in enumerate(cost) if n]
        text, joint = ", ".join(parts), gettext(texts.SPELLED_AND)
    else:
        parts = [f"{n}{color_letters()[c]}" for c, n in enumerate(cost) if n]
        text, joint = " ".join(parts), texts.AND
    if any_count:
        values = {"count": any_count}
        extra = fill(texts.ANY_COUNT, **values)
        text = f"{text}{joint}{extra}" if text else extra
    return text or gettext(texts.NOTHING)
