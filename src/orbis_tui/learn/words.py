"""Moves in plain words, from the templates of the walkthrough file.

What an action is and names, and where a spot is, are read by :mod:`orbis_tui.words`
(:func:`~orbis_tui.words.action_parts`, :func:`~orbis_tui.words.spot_place`), as for
hints and reviews; only the sentences are the walkthrough's own (its ``[words]``).
"""

from __future__ import annotations

from ..engine import Action, Erupt, GameState, Pay, Place, PlacedTile
from ..words import action_parts, name_of, spot_place
from .script import WordsModel


def spot_words(place: Place, state: GameState, words: WordsModel) -> str:
    """Where ``place`` puts the tile, as the player sees it: an end of the bottom row, or
    on the two tiles beneath (the notation's columns are never shown)."""
    spot = spot_place(state.player.pyramid, (place.row, place.col))
    if spot.side == "on":
        left, right = _placed(spot.left, words), _placed(spot.right, words)
        return words.spot_on.format(row=spot.row, left=left, right=right)
    ends = {"first": words.spot_first, "left": words.spot_left, "right": words.spot_right}
    return ends.get(spot.side, words.spot_row)


def _placed(placed: PlacedTile | None, words: WordsModel) -> str:
    if placed is None:
        return words.nothing
    return words.wilderness if placed.wild else name_of(placed.tile)


def describe(action: Action, state: GameState, words: WordsModel) -> str:
    """``action`` as a short instruction, e.g. 'take the tile in cell 2 (Lantern Hill)'."""
    parts = action_parts(state, action)
    if parts is None:
        return str(action)
    values = parts.values
    if isinstance(action, Pay):
        return words.pay_any.format(**values) if any(action.any_colors) else words.pay
    if isinstance(action, Place):
        template = words.place_wild if action.wild else words.place
        return template.format(spot=spot_words(action, state, words))
    if isinstance(action, Erupt):
        said = [words.erupt_part.format(colors=c, cell=cell) for cell, c in parts.removals]
        return words.erupt.format(removals=", ".join(said))
    if parts.key in ("wild", "decline"):  # the templates that name nothing: as they are
        return words.wild if parts.key == "wild" else words.decline
    return _template(parts.key, words).format(**values)


def _template(key: str, words: WordsModel) -> str:
    """The walkthrough's template for the actions of ``key`` (the keys of
    :func:`orbis_tui.words.action_parts`: a take of any kind is a take)."""
    if key.startswith("take"):
        return words.take
    templates = {
        "god": words.god,
        "exchange": words.exchange,
        "gain": words.gain,
        "return": words.return_,
        "love": words.love,
        "discard": words.discard,
    }
    return templates[key]
