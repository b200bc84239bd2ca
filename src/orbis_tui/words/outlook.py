"""A tile's and a god's outlook in words: why it scores what it does now, and whether it
can still score (see :mod:`orbis_tui.engine.outlook`). The end screen and ``orbis
replay`` say it with these, in the words of the warning given before a choice that
sealed a forest or made a god impossible."""

from __future__ import annotations

from ..engine import GodOutlook, Prospect, TileOutlook
from ..i18n import fill, gettext
from . import texts
from .balance import balance_words
from .messages import GOD_REASONS, TILE_REASONS


def tile_reason(
    reason: str, seen: TileOutlook | None = None, *, over: bool = False, points: int = -1
) -> str:
    """Why a tile scores what it does (the scoring's ``reason``); a forest not validated
    says whether it can still be (``seen``: its outlook), or, the game ``over``, that it
    was not validated. A tile scoring as printed with 0 ``points`` has no CP printed."""
    if reason == "plain" and points == 0:
        return gettext(texts.NO_CP_PRINTED)
    if seen is not None and reason == "forest_unmet":
        if over:
            return gettext(texts.FOREST_UNMET_END).format(have=seen.have, need=seen.need)
        if seen.prospect is Prospect.LOST:
            return gettext(texts.FOREST_LOST).format(have=seen.have, need=seen.need)
        if seen.prospect is Prospect.OPEN:
            return fill(texts.FOREST_OPEN, missing=seen.missing)
    return _translated(TILE_REASONS, reason)


def god_reason_words(reason: str, missing: tuple[str, ...] = ()) -> str:
    """Why a god scores what it does (the scoring's ``reason``), in the language in use;
    the God of Equilibrium's says which parts of its balance are ``missing``."""
    if reason == "unbalanced" and missing:
        return gettext(texts.GOD_LACKS).format(parts=balance_words(missing))
    return _translated(GOD_REASONS, reason)


def _translated(table: dict[str, str], code: str) -> str:
    """The engine's English text for ``code`` in ``table``, translated (an unknown code
    as it is)."""
    return gettext(table[code]) if code in table else code


def god_reason(god: GodOutlook, *, over: bool = False) -> str:
    """Why the god scores what it does, and, when it does not, whether it still can (the
    game ``over``: only why)."""
    reason = god_reason_words(god.reason, god.missing) if god.reason else ""
    if god.god is None or god.points > 0 or over:
        return reason
    if god.prospect is Prospect.LOST:
        return gettext(texts.GOD_LOST).format(reason=reason)
    return gettext(texts.GOD_OPEN).format(reason=reason)
