"""Every text the engine produces, kept apart from the logic so it can be translated.

Engine errors and events carry a code and plain details (numbers, color letters such
as ``"RRB"``); the functions here turn them into sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# A template is a sentence, or (singular, plural, name of the number that decides).
Template = str | tuple[str, str, str]

COLOR_WORDS = {"R": "red", "B": "blue", "O": "orange", "G": "green", "W": "white"}


def worshiper_words(spelled: str) -> str:
    """'RRB' -> '2R 1B' (count then color, as the app writes worshipers everywhere);
    '-' or '' -> 'nothing'."""
    if spelled in ("", "-"):
        return "nothing"
    return " ".join(
        f"{spelled.count(letter)}{letter}" for letter in COLOR_WORDS if letter in spelled
    )


ILLEGAL: dict[str, Template] = {
    "game_over": "The game is over; no more actions can be taken.",
    "not_now": "A {action} does not answer the pending decision ({decision}).",
    "exchange_same_color": "An exchange must turn 3 {color} worshipers into another color.",
    "exchange_short": "An exchange needs 3 {color} worshipers; you have {have}.",
    "bad_cell": "There is no market cell {cell}; cells are numbered 1 to 9.",
    "must_take_god": "This is your last turn and you have no god yet: you must take a god.",
    "empty_cell": "Market cell {cell} is empty.",
    "god_already": "You already have the {name}; each player takes exactly one god.",
    "god_unavailable": "The god '{god}' is not available in this game.",
    "pay_any_count": (
        "This tile has {need} 'any color' symbol; you chose {given_words} to pay it.",
        "This tile has {need} 'any color' symbols; you chose {given_words} to pay them.",
        "need",
    ),
    "cannot_afford_plain": "The tile costs {need_words}; your realm holds {have_words}.",
    "cannot_afford_only_any": (
        "The tile costs {any} worshiper of any color; your realm holds {have_words}.",
        "The tile costs {any} worshipers of any color; your realm holds {have_words}.",
        "any",
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
    "occupied": "That spot of row {row} already holds a tile.",
    "row_full": "Row {row} is full.",
    "row1_gap": "A bottom-row tile must extend the row at its left or right end.",
    "no_support_left": "A tile in row {row} rests on two tiles; the left one is still empty.",
    "no_support_right": "A tile in row {row} rests on two tiles; the right one is still empty.",
    "no_support_both": "A tile in row {row} rests on two tiles; both are still empty.",
    "color_mismatch": (
        "{A_color} tile must rest on at least one {color} tile or wilderness; "
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

# Deals and positions that no game played by the rules can reach. ``where`` names the
# place: "the market", "the level 2 pile", "Ann's pyramid at 2,1"...
POSITION: dict[str, Template] = {
    "player_count": "Orbis is played by 2, 3 or 4 players, not {players}.",
    "unknown_tile": "{where} holds {tile}, which is not a tile of this tile set.",
    "tile_twice": "{tile} appears twice: in {first} and in {where}.",
    "tile_level": "{where} holds {tile}, a level {level} tile.",
    "tile_set": "{where} holds {tile} of the {tile_set} set, which {players} players leave out.",
    "market_size": "The market holds {count} tiles, not {need}.",
    "bad_cell": "There is no market cell {cell}: cells are numbered 0 to 8.",
    "pile_count": "There are three piles, one per level, not {count}.",
    "tile_count": (
        "{count} region tiles are dealt; {players} players need {need} "
        "(9 for the market, 14 for each player)."
    ),
    "piles_vs_takes": (
        "The piles hold {piles} tiles, but {takes} region tiles are still to be taken: "
        "the piles empty exactly on the last take."
    ),
    "draw_order": (
        "{tile} (level {level}) has left its pile while the level {lower} pile still holds "
        "{left}: the market refills from the lowest level first."
    ),
    "unknown_god": "{god} is not one of the gods.",
    "gods_twice": "The gods in play name {god} twice.",
    "too_few_gods": "{count} gods cannot serve {players} players: each takes one.",
    "gods_drawn": "{players} players draw {need} gods; {count} are in play.",
    "temple_tokens": "{players} players use the temple tokens {need}, not {given}.",
    "god_held_twice": "{god} is held by both {first} and {second}.",
    "god_held_and_open": "{god} is held by {name} and still offered to take.",
    "god_cancelled_not_death": (
        "{name}'s {god} cannot be cancelled: only the God of Death has a price to refuse."
    ),
    "god_cancelled_none": "{name} holds no god to cancel.",
    "bad_seat": "There is no seat {seat}: seats are numbered 0 to {last}.",
    "bad_count": "{where}: a count of worshipers has five colors, not {size}.",
    "bad_letters": "{where}: {given} is not spelled with the color letters R, B, O, G, W.",
    "negative_worshipers": "{where} holds a negative number of worshipers: {count}.",
    "realm_over_limit": (
        "{name}'s realm holds {total} worshipers at the start of a turn; at most {limit}."
    ),
    "too_many_tiles": "{name}'s pyramid holds {count} tiles; a player takes {limit}.",
    "spot_twice": "{where} is given twice.",
    "pyramid_row": "{where}: the pyramid has rows 1 to 4.",
    "row1_wide": "{name}'s bottom row holds {count} tiles; it holds at most {limit}.",
    "row1_gap": "{name}'s bottom row has a gap: columns {cols}.",
    "no_support": "{where} rests on nothing at {missing}.",
    "color_mismatch": (
        "{where}: a {color} tile must rest on a {color} tile or a wilderness; "
        "the tiles below are {left} and {right}."
    ),
    "wild_cancelled": "{where}: a wilderness has no effect to cancel.",
    "not_cancellable": "{where}: {tile}'s effect ({kind}) cannot be cancelled.",
    "irrigation_cancel": (
        "{where}: the irrigation {tile} has no {color} tile beneath it, so it is cancelled."
    ),
    "irrigation_valid": (
        "{where}: the irrigation {tile} has {color} beneath it, so it is not cancelled."
    ),
    "token_without_farm": (
        "{name} holds the {color} reduction token without a {color} farm in the pyramid."
    ),
    "farm_without_token": (
        "{name}'s {color} farm ({tile}) gave the {color} reduction token, which is missing."
    ),
    "turn_order": (
        "{name} has played {played} turns ({tiles} tiles, {gods} god); with seat {to_move} "
        "to move after {turn} turns in seat order, {name} has played {expected}."
    ),
}

CANCELLED: dict[str, Template] = {
    "village_short": "the village needs {need} worshipers and the realm holds {have}",
    "volcano_impossible": "the market does not hold {need_words} to remove",
    "irrigation_row1": "an irrigation in the bottom row has no {color} tile beneath it",
    "irrigation_dry": "neither tile beneath it is {color} or a wilderness",
    "declined": "the player declined its effect",
}


WARNINGS: dict[str, Template] = {
    "volcano_fails": (
        "The volcano will be cancelled: it removes {need_words} from the other cells, "
        "which will hold {available_words} of those colors."
    ),
    "irrigation_fails": "The irrigation will be cancelled: nothing {color} or wild beneath it.",
    "irrigation_fails_row_one": (
        "The irrigation will be cancelled: in the bottom row nothing lies beneath it."
    ),
    "irrigation_fails_anywhere": (
        "No spot of your pyramid would feed this irrigation now: it would be cancelled."
    ),
    "village_unaffordable": (
        "The village will be cancelled: it asks for {count} worshipers, you will have {have}."
    ),
    "death_unaffordable": (
        "The God of Death will be cancelled: he asks for {count} worshipers, you have {have}."
    ),
    "token_held": "You already hold the {color} reduction token: this farm adds nothing.",
    "only_wilderness": "No spot of your pyramid takes {a_color} tile: it can only be a wilderness.",
    "payment_lost": (
        "No spot takes {a_color} tile: it becomes a wilderness and the payment is lost."
    ),
    "payment_lost_placed": "As a wilderness, the worshipers paid for this tile are lost.",
    "wilderness_cost": "A wilderness scores {points} CP at the end.",
    "wilderness_cost_tile": (
        "A wilderness scores {points} CP at the end instead of the tile's {cp}."
    ),
    "forest_met": "Forest: {have} of {need} matching neighbours already; it is validated.",
    "forest_open": (
        "Forest: {have} of {need} matching neighbours now; {open_spots} free spot beside it "
        "can add more.",
        "Forest: {have} of {need} matching neighbours now; {open_spots} free spots beside it "
        "can add more.",
        "open_spots",
    ),
    "forest_lost": (
        "Forest: {have} of {need} matching neighbours and {open_spots} free spot beside it: "
        "it cannot be validated here.",
        "Forest: {have} of {need} matching neighbours and {open_spots} free spots beside it: "
        "it cannot be validated here.",
        "open_spots",
    ),
    "refused": "Refusing cancels {name}: its {cp} CP will not score.",
    "realm_overflow": (
        "Your realm will hold {total} worshipers: you will return {excess} at the end of the turn."
    ),
}


def _with_words(details: Mapping[str, Any]) -> dict[str, Any]:
    filled = dict(details)
    color = details.get("color")
    if isinstance(color, str) and color:
        article = "an" if color[0] in "aeiou" else "a"  # "an orange tile", "a red tile"
        filled["a_color"] = f"{article} {color}"
        filled["A_color"] = f"{article.capitalize()} {color}"
    for key, value in details.items():
        spelled = isinstance(value, str) and (
            value == "-" or all(ch in COLOR_WORDS for ch in value)
        )
        if spelled and key in ("need", "given", "have", "chosen", "want", "available", "paid"):
            filled[f"{key}_words"] = worshiper_words(value)
    return filled


def fill(template: Template, details: Mapping[str, Any]) -> str:
    """The sentence of ``template`` with ``details`` filled in (the plural form chosen by
    its number); a template that does not fit the details still says something."""
    if isinstance(template, tuple):
        one, many, key = template
        template = one if details.get(key) == 1 else many
    try:
        return template.format(**_with_words(details))
    except (KeyError, IndexError):
        return f"{template} {details}"


def illegal_text(code: str, details: dict[str, Any]) -> str:
    if code == "no_support":  # which tile beneath is missing, in words (never coordinates)
        code = f"no_support_{details.get('side', 'both')}"
    return fill(ILLEGAL.get(code, code), details)


def position_text(code: str, details: dict[str, Any]) -> str:
    return fill(POSITION.get(code, code), details)


def warning_text(code: str, details: dict[str, Any]) -> str:
    return fill(WARNINGS.get(_warning_variant(code, details), code), details)


def _warning_variant(code: str, details: dict[str, Any]) -> str:
    """Some warnings read differently by their numbers (e.g. an irrigation in row 1)."""
    if code == "irrigation_fails":
        if details.get("anywhere"):
            return "irrigation_fails_anywhere"
        if details.get("row_one"):
            return "irrigation_fails_row_one"
    if code == "wilderness_cost" and details.get("cp"):
        return "wilderness_cost_tile"
    if code == "payment_lost" and details.get("placed"):
        return "payment_lost_placed"
    return code


def cancelled_text(code: str, details: Mapping[str, Any]) -> str:
    return fill(CANCELLED.get(code, code), details)


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
