"""The names of tiles and gods in the language in use. The engine keeps them as the
data file spells them (``source_name``, the message id of their translations)."""

from __future__ import annotations

from ..engine import God, Tile
from ..i18n import pgettext


def name_of(item: Tile | God) -> str:
    """A tile's or a god's name, as the player reads it: 'Hissing Vent'."""
    if isinstance(item, God):
        return pgettext("god", item.source_name)
    return pgettext("tile", item.source_name) if item.source_name else ""


def summary_of(god: God) -> str:
    """What a god asks to score its points, in a line."""
    return pgettext("god", god.source_summary) if god.source_summary else ""
