"""Moves in plain words, from the templates of the walkthrough file."""

from __future__ import annotations

from ..engine import (
    Action,
    ChooseGain,
    ChooseWorshipers,
    Count,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GameState,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    geometry,
)
from ..words import color_in_sentence, name_of, worshiper_words
from .script import WordsModel


def count_words(count: Count) -> str:
    """(2, 1, 0, 0, 0) -> '2 red + 1 blue'."""
    return worshiper_words(count)


def spot_words(place: Place, state: GameState, words: WordsModel) -> str:
    """Where ``place`` puts the tile, as the player sees it: an end of the bottom row, or
    on the two tiles beneath (the notation's columns are never shown)."""
    pyramid = state.player.pyramid
    row, col = place.row, place.col
    if row == 1:
        cols = [c for r, c in pyramid if r == 1]
        if not cols:
            return words.spot_first
        if col < min(cols):
            return words.spot_left
        if col > max(cols):
            return words.spot_right
        return words.spot_row

    def name(position: tuple[int, int]) -> str:
        placed = pyramid.get(position)
        if placed is None:
            return words.nothing
        return words.wilderness if placed.wild else name_of(placed.tile)

    left, right = geometry.beneath((row, col))
    return words.spot_on.format(row=row, left=name(left), right=name(right))


def describe(action: Action, state: GameState, words: WordsModel) -> str:
    """``action`` as a short instruction, e.g. 'take the tile in cell 2 (Lantern Hill)'."""
    match action:
        case TakeTile(cell=cell):
            tile = state.market[cell] if 0 <= cell < len(state.market) else None
            name = name_of(tile) if tile is not None else "-"
            return words.take.format(cell=cell + 1, name=name)
        case TakeGod(god=god):
            known = state.catalog.god_by_id.get(god)
            return words.god.format(name=name_of(known) if known else str(god))
        case Exchange(give=give, get=get):
            return words.exchange.format(
                give=color_in_sentence(give.label), get=color_in_sentence(get.label)
            )
        case Pay(any_colors=chosen):
            if any(chosen):
                return words.pay_any.format(colors=count_words(chosen))
            return words.pay
        case GoWild():
            return words.wild
        case Place(wild=wild):
            template = words.place_wild if wild else words.place
            return template.format(spot=spot_words(action, state, words))
        case ChooseGain(color=color):
            return words.gain.format(color=color_in_sentence(color.label))
        case ReturnWorshipers(colors=colors):
            return words.return_.format(colors=count_words(colors))
        case Erupt(removals=removals):
            parts = [
                words.erupt_part.format(colors=count_words(count), cell=cell + 1)
                for cell, count in removals
            ]
            return words.erupt.format(removals=", ".join(parts))
        case Decline():
            return words.decline
        case ChooseWorshipers(colors=colors):
            return words.love.format(colors=count_words(colors))
        case Discard(colors=colors):
            return words.discard.format(colors=count_words(colors))
    return str(action)
