"""Every text the engine produces, kept apart from the logic so it can be translated.

Engine errors and events carry a code and plain details (numbers, color letters such
as ``"RRB"``); the functions here turn them into sentences.
"""

from __future__ import annotations

from typing import Any

COLOR_WORDS = {"R": "red", "B": "blue", "O": "orange", "G": "green", "W": "white"}


def worshiper_words(spelled: str) -> str:
    """'RRB' -> '2 red + 1 blue'; '-' or '' -> 'nothing'."""
    if spelled in ("", "-"):
        return "nothing"
    parts = []
    for letter, word in COLOR_WORDS.items():
        n = spelled.count(letter)
        if n:
            parts.append(f"{n} {word}")
    return " + ".join(parts)


ILLEGAL: dict[str, str] = {
    "game_over": "The game is over; no more actions can be taken.",
    "not_now": "A {action} does not answer the pending decision ({decision}).",
    "exchange_same_color": "An exchange must turn 3 {color} worshipers into another color.",
    "exchange_short": "An exchange needs 3 {color} worshipers; you have {have}.",
    "bad_cell": "There is no market cell {cell}; cells are numbered 1 to 9.",
    "must_take_god": "This is your last turn and you have no god yet: you must take a god.",
    "empty_cell": "Market cell {cell} is empty.",
    "god_already": "You already have a god ({god}); each player takes exactly one.",
    "god_unavailable": "The god '{god}' is not available in this game.",
    "pay_any_count": (
        "This tile has {need} 'any color' symbol(s); you chose {given_words} to pay them."
    ),
    "cannot_afford_plain": "The tile costs {need_words}; your realm holds {have_words}.",
    "cannot_afford_only_any": (
        "The tile costs {any} worshiper(s) of any color; your realm holds {have_words}."
    ),
    "cannot_afford_with_any": (
        "The tile costs {need_words} plus {any} of any color; your realm holds {have_words}."
    ),
    "cannot_afford": (
        "The tile costs {need_words} plus {any} of any color (you chose {chosen_words}); "
        "your realm holds {have_words}."
    ),
    "must_place_wild": "You did not pay for this tile, so it must be placed as a wilderness.",
    "bad_row": "The pyramid has rows 1 to 4, not row {row}.",
    "occupied": "Row {row}, column {col} already holds a tile.",
    "row_full": "Row {row} is full.",
    "row1_gap": (
        "A bottom-row tile must touch the row at its left or right end; "
        "column {col} does not (open columns: {spots})."
    ),
    "no_support": ("A tile in row {row} must rest on two tiles; {missing} is still empty."),
    "color_mismatch": (
        "A {color} tile must rest on at least one {color} tile or wilderness; "
        "the tiles below are {left} and {right}."
    ),
    "bad_color": "That is not one of the five colors.",
    "wrong_number": "Choose exactly {need} worshipers; you chose {given_words}.",
    "not_in_realm": "You chose {given_words}, but your realm holds {have_words}.",
    "volcano_cell": "Cell {cell} cannot give worshipers to this volcano.",
    "volcano_form": "List each market cell once, in order, with the worshipers taken from it.",
    "volcano_short": "Cell {cell} holds {have_words}; it cannot give {want_words}.",
    "volcano_total": "The volcano removes exactly {need_words}; you chose {given_words}.",
    "love_count": "The Goddess of Love gives exactly 5 worshipers; you chose {given_words}.",
}

CANCELLED: dict[str, str] = {
    "village_short": "the village needs {need} worshipers and the realm holds {have}",
    "volcano_impossible": "the market does not hold {need_words} to remove",
    "irrigation_row1": "an irrigation in the bottom row has no {color} tile beneath it",
    "irrigation_dry": "neither tile beneath it is {color} or a wilderness",
    "declined": "the player declined its effect",
}


def _with_words(details: dict[str, Any]) -> dict[str, Any]:
    filled = dict(details)
    for key, value in details.items():
        spelled = isinstance(value, str) and (
            value == "-" or all(ch in COLOR_WORDS for ch in value)
        )
        if spelled and key in ("need", "given", "have", "chosen", "want"):
            filled[f"{key}_words"] = worshiper_words(value)
    return filled


def illegal_text(code: str, details: dict[str, Any]) -> str:
    template = ILLEGAL.get(code, code)
    try:
        return template.format(**_with_words(details))
    except (KeyError, IndexError):
        return f"{template} {details}"


def cancelled_text(code: str, details: dict[str, Any]) -> str:
    template = CANCELLED.get(code, code)
    try:
        return template.format(**_with_words(details))
    except (KeyError, IndexError):
        return template


TILE_REASONS: dict[str, str] = {
    "plain": "printed CP",
    "validated": "effect validated",
    "stone": "sacred stone (+1)",
    "cancelled": "cancelled",
    "forest_unmet": "forest not surrounded enough",
    "wilderness": "wilderness (-1)",
    "wilderness_idle": "wilderness, spared by the Goddess of Idleness",
}

GOD_REASONS: dict[str, str] = {
    "flat": "always scores",
    "no_god": "no god",
    "cancelled": "cancelled: the six worshipers were not returned",
    "most_irrigation": "most validated irrigations",
    "not_most_irrigation": "not among the most validated irrigations",
    "most_volcano": "most validated volcanoes",
    "not_most_volcano": "not among the most validated volcanoes",
    "most_forest": "most validated forests",
    "not_most_forest": "not among the most validated forests",
    "most_village": "most validated villages",
    "not_most_village": "not among the most validated villages",
    "fewest_wilderness": "fewest wilderness tiles",
    "not_fewest_wilderness": "not among the fewest wilderness tiles",
    "balanced": "a validated village, a temple and a validated volcano",
    "unbalanced": "lacks a validated village, a temple or a validated volcano",
}
