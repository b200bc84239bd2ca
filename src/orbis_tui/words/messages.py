"""The sentences of the engine's errors, warnings and cancellations, in the player's
language.

The engine says what happened without words: an :class:`~orbis_tui.engine.IllegalAction`
or :class:`~orbis_tui.engine.PositionError` carries a rule, a code and plain details
(numbers, color letters such as ``"RRB"``, tile and god ids); a consequence carries its
numbers and the tiles and gods it concerns. :func:`message_of` turns any of them into a
sentence, here at the edge, so the engine never reads the language in use.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ..engine import (
    Consequence,
    ForestOutlook,
    ForestSealed,
    God,
    GodLost,
    IllegalAction,
    PositionError,
    TempleUncounted,
    Tile,
)
from ..i18n import N_, NC_, Np_, Template, choose, gettext, pgettext, shown_letters
from . import texts as word_texts
from .balance import balance_words
from .names import name_of
from .worshipers import color_count_words, colors_spelled
from .worshipers import worshiper_words as count_words

COLOR_WORDS = {"R": "red", "B": "blue", "O": "orange", "G": "green", "W": "white"}
# A color named inside a sentence ("3 red worshipers", "a red tile"). Languages that
# inflect adjectives use a form that fits any case (German "Rot", Russian "красного цвета").
COLOR_IN_SENTENCE = {
    "red": NC_("color in a sentence", "red"),
    "blue": NC_("color in a sentence", "blue"),
    "orange": NC_("color in a sentence", "orange"),
    "green": NC_("color in a sentence", "green"),
    "white": NC_("color in a sentence", "white"),
}
COLOR_KEYS = ("color", "left", "right", "give", "get")


def color_in_sentence(name: str) -> str:
    """A color's name (``"red"``) as it reads inside a sentence in the language in use."""
    return pgettext("color in a sentence", name) if name in COLOR_IN_SENTENCE else name


def color_choice(names: list[str]) -> str:
    """Colors named as alternatives inside a sentence: "blue or white"."""
    words = [color_in_sentence(name) for name in names]
    if len(words) < 2:
        return "".join(words)
    return gettext(N_("{colors} or {last}")).format(colors=", ".join(words[:-1]), last=words[-1])


def worshiper_words(spelled: str) -> str:
    """'RRB' -> '2R 1B' (count then color, as the app writes worshipers everywhere);
    '-' or '' -> 'nothing'."""
    if spelled in ("", "-"):
        return gettext(N_("nothing"))
    if colors_spelled():
        return count_words(tuple(spelled.count(letter) for letter in COLOR_WORDS))
    return shown_letters(
        " ".join(f"{spelled.count(letter)}{letter}" for letter in COLOR_WORDS if letter in spelled)
    )


ILLEGAL: dict[str, Template] = {
    "game_over": N_("The game is over; no more actions can be taken."),
    "not_now": N_("That move ({action}) does not answer the decision pending: {decision}."),
    "exchange_same_color": N_("An exchange must turn 3 {color} worshipers into another color."),
    "exchange_short": N_("An exchange needs 3 {color} worshipers; you have {have}."),
    "bad_cell": N_("There is no market cell {cell}; cells are numbered 1 to 9."),
    "must_take_god": N_("This is your last turn and you have no god yet: you must take a god."),
    "empty_cell": N_("Market cell {cell} is empty."),
    "god_already": N_("You already have the {name}; each player takes exactly one god."),
    "god_taken": N_("{holder} already took the {name}: each god goes to one player only."),
    "god_unavailable": N_("The god '{god}' is not available in this game."),
    "pay_any_count": Np_(
        "This tile has {need} 'any color' symbol; you chose {given_words} to pay it.",
        "This tile has {need} 'any color' symbols; you chose {given_words} to pay them.",
        "need",
    ),
    "cannot_afford_plain": N_("The tile costs {need_words}; your realm holds {have_words}."),
    "cannot_afford_only_any": Np_(
        "The tile costs {any} worshiper of any color; your realm holds {have_words}.",
        "The tile costs {any} worshipers of any color; your realm holds {have_words}.",
        "any",
    ),
    "cannot_afford_with_any": (
        N_("The tile costs {need_words} plus {any} of any color; your realm holds {have_words}.")
    ),
    "cannot_afford": (
        N_(
            "The tile costs {need_words} plus {any} of any color (you chose {chosen_words}); "
            "your realm holds {have_words}."
        )
    ),
    "must_place_wild": N_("You did not pay for this tile, so it must be placed as a wilderness."),
    "bad_row": N_("The pyramid has rows 1 to 4, not row {row}."),
    "occupied": N_("That spot of row {row} already holds a tile."),
    "row_full": N_("Row {row} is full."),
    "row1_gap": N_("A bottom-row tile must extend the row at its left or right end."),
    "no_support_left": N_("A tile in row {row} rests on two tiles; the left one is still empty."),
    "no_support_right": N_("A tile in row {row} rests on two tiles; the right one is still empty."),
    "no_support_both": N_("A tile in row {row} rests on two tiles; both are still empty."),
    "color_mismatch": (
        N_(
            "This {color} tile must rest on at least one {color} tile or wilderness; "
            "the tiles below are {left} and {right}."
        )
    ),
    "color_mismatch_same": (
        N_(
            "This {color} tile must rest on at least one {color} tile or wilderness; "
            "both tiles below are {left}."
        )
    ),
    "bad_color": N_("That is not one of the five colors."),
    "wrong_number": Np_(
        "Choose exactly {need} worshiper; you chose {given_words}.",
        "Choose exactly {need} worshipers; you chose {given_words}.",
        "need",
    ),
    "not_in_realm": N_("You chose {given_words}, but your realm holds {have_words}."),
    "volcano_cell": N_("Cell {cell} cannot give worshipers to this volcano."),
    "volcano_form": N_("List each market cell once, in order, with the worshipers taken from it."),
    "volcano_short": N_("Cell {cell} holds {have_words}; it cannot give {want_words}."),
    "volcano_total": N_("The volcano removes exactly {need_words}; you chose {given_words}."),
    "love_count": N_("The Goddess of Love gives exactly 5 worshipers; you chose {given_words}."),
}

# Deals and positions that no game played by the rules can reach. ``where`` names the
# place: "the market", "the level 2 pile", "Ann's pyramid at 2,1"...
POSITION: dict[str, Template] = {
    "player_count": N_("Orbis is played by 2, 3 or 4 players, not {players}."),
    "unknown_tile": N_("{where} holds {tile}, which is not a tile of this tile set."),
    "tile_twice": N_("{tile} appears twice: in {first} and in {where}."),
    "tile_level": N_("{where} holds {tile}, a level {level} tile."),
    "tile_set": N_(
        "{where} holds {tile} of the {tile_set} set, which {players} players leave out."
    ),
    "market_size": Np_(
        "The market holds {count} tile, not {need}.",
        "The market holds {count} tiles, not {need}.",
        "count",
    ),
    "bad_cell": N_("There is no market cell {cell}: cells are numbered 0 to 8."),
    "pile_count": N_("There are three piles, one per level, not {count}."),
    "tile_count": Np_(
        "{count} region tile is dealt; {players} players need {need} "
        "(9 for the market, 14 for each player).",
        "{count} region tiles are dealt; {players} players need {need} "
        "(9 for the market, 14 for each player).",
        "count",
    ),
    "piles_vs_takes": N_(
        "Tiles in the piles: {piles}; region tiles still to be taken: {takes}. The piles "
        "empty exactly on the last take."
    ),
    "draw_order": (
        N_(
            "{tile} (level {level}) has left its pile while the level {lower} pile still holds "
            "{left}: the market refills from the lowest level first."
        )
    ),
    "unknown_god": N_("{god} is not one of the gods."),
    "gods_twice": N_("The gods in play name {god} twice."),
    "too_few_gods": Np_(
        "{count} god cannot serve {players} players: each takes one.",
        "{count} gods cannot serve {players} players: each takes one.",
        "count",
    ),
    "gods_drawn": N_("{players} players draw gods: {need}; in play: {count}."),
    "temple_tokens": N_("{players} players use the temple tokens {need}, not {given}."),
    "god_held_twice": N_("{god} is held by both {first} and {second}."),
    "god_held_and_open": N_("{god} is held by {name} and still offered to take."),
    "god_cancelled_not_death": (
        N_("{name}'s {god} cannot be canceled: only the God of Death has a price to refuse.")
    ),
    "god_cancelled_none": N_("{name} holds no god to cancel."),
    "bad_seat": N_("There is no seat {seat}: seats are numbered 0 to {last}."),
    "bad_count": N_("{where}: a count of worshipers has five colors, not {size}."),
    "bad_letters": N_("{where}: {given} is not spelled with the color letters R, B, O, G, W."),
    "negative_worshipers": N_("{where} holds a negative number of worshipers: {count}."),
    "realm_over_limit": Np_(
        "{name}'s realm holds {total} worshiper at the start of a turn; at most {limit}.",
        "{name}'s realm holds {total} worshipers at the start of a turn; at most {limit}.",
        "total",
    ),
    "too_many_tiles": Np_(
        "{name}'s pyramid holds {count} tile; a player takes {limit}.",
        "{name}'s pyramid holds {count} tiles; a player takes {limit}.",
        "count",
    ),
    "spot_twice": N_("{where} is given twice."),
    "pyramid_row": N_("{where}: the pyramid has rows 1 to 4."),
    "row1_wide": Np_(
        "{name}'s bottom row holds {count} tile; it holds at most {limit}.",
        "{name}'s bottom row holds {count} tiles; it holds at most {limit}.",
        "count",
    ),
    "row1_gap": N_("{name}'s bottom row has a gap: columns {cols}."),
    "no_support": N_("{where} rests on nothing at {missing}."),
    "color_mismatch": (
        N_(
            "{where}: a {color} tile must rest on a {color} tile or a wilderness; "
            "the tiles below are {left} and {right}."
        )
    ),
    "wild_cancelled": N_("{where}: a wilderness has no effect to cancel."),
    "not_cancellable": N_("{where}: {tile}'s effect ({kind}) cannot be canceled."),
    "irrigation_cancel": (
        N_("{where}: the irrigation {tile} has no {color} tile beneath it, so it is canceled.")
    ),
    "irrigation_valid": (
        N_("{where}: the irrigation {tile} has {color} beneath it, so it is not canceled.")
    ),
    "token_without_farm": (
        N_("{name} holds the {color} reduction token without a {color} farm in the pyramid.")
    ),
    "farm_without_token": (
        N_("{name}'s {color} farm ({tile}) gave the {color} reduction token, which is missing.")
    ),
    "turn_order": N_(
        "{name}: turns played {played} (tiles {tiles}, gods {gods}), expected {expected}: "
        "seat {to_move} moves next and the turns so far in seat order are {turn}."
    ),
}

CANCELLED: dict[str, Template] = {
    "village_short": Np_(
        "the village needs {need} worshiper and the realm holds {have}",
        "the village needs {need} worshipers and the realm holds {have}",
        "need",
    ),
    "volcano_impossible": N_("the market does not hold {need_words} to remove"),
    "irrigation_row1": N_("an irrigation in the bottom row has no {color} tile beneath it"),
    "irrigation_dry": N_("neither tile beneath it is {color} or a wilderness"),
    "declined": N_("the player declined its effect"),
}


WARNINGS: dict[str, Template] = {
    "volcano_fails": (
        N_(
            "The volcano will be canceled: it removes {need_words} from the other cells, "
            "which will hold {available_words} of those colors."
        )
    ),
    "irrigation_fails": N_("The irrigation will be canceled: nothing {color} or wild beneath it."),
    "irrigation_fails_row_one": (
        N_("The irrigation will be canceled: in the bottom row nothing lies beneath it.")
    ),
    "irrigation_fails_anywhere": (
        N_("No spot of your pyramid would feed this irrigation now: it would be canceled.")
    ),
    "village_unaffordable": Np_(
        "The village will be canceled: it asks for {count} worshiper, you will have {have}.",
        "The village will be canceled: it asks for {count} worshipers, you will have {have}.",
        "count",
    ),
    "death_unaffordable": Np_(
        "The God of Death will be canceled: he asks for {count} worshiper, you have {have}.",
        "The God of Death will be canceled: he asks for {count} worshipers, you have {have}.",
        "count",
    ),
    "token_held": N_("You already hold the {color} reduction token: this farm adds nothing."),
    "only_wilderness": N_(
        "No spot of your pyramid takes this {color} tile: it can only be a wilderness."
    ),
    "payment_lost": (
        N_("No spot takes this {color} tile: it becomes a wilderness and the payment is lost.")
    ),
    "payment_lost_placed": N_("As a wilderness, the worshipers paid for this tile are lost."),
    "wilderness_cost": N_("A wilderness scores {points} CP at the end."),
    "wilderness_cost_tile": (
        N_("A wilderness scores {points} CP at the end instead of the tile's {cp}.")
    ),
    "temple_uncounted": Np_(
        "As a wilderness {tile} is no temple tile: for the temple token you would count "
        "{temples} temple tile instead of {more}.",
        "As a wilderness {tile} is no temple tile: for the temple token you would count "
        "{temples} temple tiles instead of {more}.",
        "temples",
    ),
    "temple_uncounted_none": N_(
        "As a wilderness {tile} is no temple tile: with no temple tile you would get no "
        "temple token."
    ),
    "forest_met": N_("Forest: validated already (matching neighbors: {have}, needed: {need})."),
    "forest_open": Np_(
        "Forest: matching neighbors {have} of {need} now; {open_spots} free spot beside it "
        "can add more.",
        "Forest: matching neighbors {have} of {need} now; {open_spots} free spots beside it "
        "can add more.",
        "open_spots",
    ),
    "forest_lost": Np_(
        "Forest: matching neighbors {have} of {need}, and {open_spots} free spot beside it: "
        "it cannot be validated here.",
        "Forest: matching neighbors {have} of {need}, and {open_spots} free spots beside it: "
        "it cannot be validated here.",
        "open_spots",
    ),
    # on a take or a payment: no spot of the forest can validate it
    "forest_lost_everywhere": Np_(
        "{tile} (forest, {cp} CP) cannot be validated at its only spot: at most {best} of "
        "the {need} matching neighbors it needs, even with every free spot beside it.",
        "{tile} (forest, {cp} CP) cannot be validated at any of its {spots} spots: at most "
        "{best} of the {need} matching neighbors it needs, even with every free spot beside "
        "it.",
        "spots",
    ),
    "forest_sealed": N_(
        "{tile} (forest, {cp} CP) can no longer be validated: its last free neighbor spot "
        "would be {color}, not {wanted}."
    ),
    "forest_sealed_short": Np_(
        "{tile} (forest, {cp} CP) can no longer be validated: beside a {color} tile (not "
        "{wanted}) it would have matching neighbors {have} of {need} and {free} free spot.",
        "{tile} (forest, {cp} CP) can no longer be validated: beside a {color} tile (not "
        "{wanted}) it would have matching neighbors {have} of {need} and {free} free spots.",
        "free",
    ),
    "forest_sealed_row": Np_(
        "{tile} (forest, {cp} CP) can no longer be validated: the bottom row would end too "
        "far from it (matching neighbors {have} of {need}, {free} free spot).",
        "{tile} (forest, {cp} CP) can no longer be validated: the bottom row would end too "
        "far from it (matching neighbors {have} of {need}, {free} free spots).",
        "free",
    ),
    "sealed_only_spot": N_("This tile has no other spot."),
    # Only from 2 spots on (1 reads as sealed_only_spot), but a language's first form
    # serves 21 and 31 too: every form names {spots}.
    "sealed_every_spot": Np_(
        "Every one of this tile's {spots} spot does this.",
        "Every one of this tile's {spots} spots does this.",
        "spots",
    ),
    "god_lost_most": N_(
        "{god} ({cp} CP) can no longer score: it needs the most {kind}; {leader} has "
        "{theirs}, you could reach at most {reach}."
    ),
    "god_lost_none": N_(
        "{god} ({cp} CP) can no longer score: it needs at least one of the {kind}, and "
        "your pyramid would have none and no room left."
    ),
    "god_lost_wilderness": Np_(
        "{god} ({cp} CP) can no longer score: you would have {reach} wilderness tile, "
        "and {leader} can end with no more than {theirs}.",
        "{god} ({cp} CP) can no longer score: you would have {reach} wilderness tiles, "
        "and {leader} can end with no more than {theirs}.",
        "reach",
    ),
    "god_lost_balance": word_texts.GOD_LOST_BALANCE,  # the balance's parts, named
    "god_lost_every_way": N_("Every way of placing this tile does this."),
    "refused": N_("Refusing cancels {name}: its {cp} CP will not score."),
    "realm_overflow": Np_(
        "Your realm will hold {total} worshiper: you will return {excess} at the end of the turn.",
        "Your realm will hold {total} worshipers: you will return {excess} at the end of the turn.",
        "total",
    ),
}


# What a "most validated" god counts (R-GOD-1), as said in "it needs the most ...".
GOD_KINDS: dict[str, str] = {
    "irrigation": NC_("the most ...", "validated irrigations"),
    "volcano": NC_("the most ...", "validated volcanoes"),
    "forest": NC_("the most ...", "validated forests"),
    "village": NC_("the most ...", "validated villages"),
}


def god_kind_words(key: str) -> str:
    """What a "most validated" god of ``key`` (``irrigation``...) counts, in words."""
    return pgettext("the most ...", GOD_KINDS[key]) if key in GOD_KINDS else key


def _with_words(details: Mapping[str, Any]) -> dict[str, Any]:
    filled = dict(details)
    for key in COLOR_KEYS:
        value = details.get(key)
        if isinstance(value, str):
            filled[key] = color_in_sentence(value)
    for key, value in details.items():
        spelled = isinstance(value, str) and (
            value == "-" or all(ch in COLOR_WORDS for ch in value)
        )
        if spelled and key in ("need", "given", "have", "chosen", "want", "available", "paid"):
            filled[f"{key}_words"] = worshiper_words(value)
    need, available = details.get("need"), details.get("available")
    if isinstance(need, str) and isinstance(available, str) and "available_words" in filled:
        filled["available_words"] = _each_needed(need, available)
    return filled


def _each_needed(need: str, available: str) -> str:
    """What ``available`` holds of each color in ``need``, none included: a volcano
    short of green hears "0 green, 6 white", not just "6 white"."""
    needed = [letter for letter in COLOR_WORDS if letter in need]
    if colors_spelled():
        letters = list(COLOR_WORDS)
        said = [color_count_words(letters.index(c), available.count(c)) for c in needed]
        return ", ".join(said)
    return shown_letters(" ".join(f"{available.count(c)}{c}" for c in needed))


def _fill_details(template: Template, details: Mapping[str, Any]) -> str:
    """The sentence of ``template`` with an engine message's ``details`` filled in (the
    plural form chosen by its number, colors also in words: see :func:`_with_words`); a
    template that does not fit the details still says something. (The engine's details
    come from data and records: unlike :func:`orbis_tui.i18n.fill`, a missing one is no
    error of the program.)"""
    template = choose(template, details)
    try:
        return template.format(**_with_words(details))
    except (KeyError, IndexError):
        return f"{template} {details}"


# A move and a decision named in a sentence, by the engine's names for them (the
# action's type, the decision's kind): a move typed at the wrong moment is told both.
MOVE_WORDS = {
    "TakeTile": N_("taking a tile"),
    "TakeGod": N_("taking a god"),
    "Exchange": N_("an exchange"),
    "Pay": N_("a payment"),
    "GoWild": N_("going wild"),
    "Place": N_("a placement"),
    "ChooseGain": N_("a gained worshiper's color"),
    "ReturnWorshipers": N_("returning worshipers"),
    "Erupt": N_("an eruption"),
    "Decline": N_("declining"),
    "ChooseWorshipers": N_("choosing worshipers"),
    "Discard": N_("a discard"),
}
DECISION_WORDS = {
    "turn": N_("take a tile from the market or a god"),
    "pay": N_("pay for the tile or leave it wild"),
    "place": N_("place the tile"),
    "gain": N_("choose the gained worshiper's color"),
    "village": N_("return worshipers for the village or cancel it"),
    "volcano": N_("remove worshipers for the volcano or cancel it"),
    "love": N_("choose the Goddess of Love's five worshipers"),
    "death": N_("return six worshipers for the God of Death or cancel him"),
    "discard": N_("return worshipers down to the limit of 10"),
    "over": N_("none: the game is over"),
}


def illegal_text(code: str, details: dict[str, Any]) -> str:
    if code == "not_now":
        action, decision = details.get("action", ""), details.get("decision", "")
        details = {
            **details,
            "action": gettext(MOVE_WORDS[action]) if action in MOVE_WORDS else action,
            "decision": gettext(DECISION_WORDS[decision])
            if decision in DECISION_WORDS
            else decision,
        }
    if code == "no_support":  # which tile beneath is missing, in words (never coordinates)
        code = f"no_support_{details.get('side', 'both')}"
    if code == "color_mismatch" and details.get("left") == details.get("right"):
        code = "color_mismatch_same"  # "green and green" reads as a slip
    if code in ("god_already", "god_taken"):  # the engine names the god by its message id
        source = details["name"]  # a literal inside pgettext() would be read as a message
        details = {**details, "name": pgettext("god", source)}
    return _fill_details(ILLEGAL.get(code, code), details)


def position_text(code: str, details: dict[str, Any]) -> str:
    return _fill_details(POSITION.get(code, code), details)


def warning_text(code: str, details: dict[str, Any]) -> str:
    return _fill_details(WARNINGS.get(_warning_variant(code, details), code), details)


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
    if code == "sealed_every_spot" and details.get("spots") == 1:
        return "sealed_only_spot"
    return code


def cancelled_text(code: str, details: Mapping[str, Any]) -> str:
    return _fill_details(CANCELLED.get(code, code), details)


def message_of(said: IllegalAction | PositionError | Consequence) -> str:
    """What an engine error or a consequence says, in the language in use."""
    if isinstance(said, IllegalAction):
        return illegal_text(said.code, said.details)
    if isinstance(said, PositionError):
        return position_text(said.code, said.details)
    return consequence_text(said)


def consequence_text(consequence: Consequence) -> str:
    """The warning of a consequence: some kinds read differently by their numbers, and
    a forest sealed or a god lost on every spot says so in a second sentence."""
    details = _named_details(consequence)
    code = consequence.code
    more = ""
    if isinstance(consequence, TempleUncounted):
        code = code if consequence.temples else "temple_uncounted_none"
        details["more"] = consequence.temples + 1
    elif isinstance(consequence, ForestOutlook):
        if consequence.validated:
            code = "forest_met"
        elif consequence.reachable:
            code = "forest_open"
        elif consequence.spots:
            code = "forest_lost_everywhere"
            details["best"] = consequence.have + consequence.open_spots
            details["cp"] = consequence.tile.cp
        else:
            code = "forest_lost"
    elif isinstance(consequence, ForestSealed):
        details["wanted"] = color_choice(details["colors"])
        if not consequence.beside:
            code = "forest_sealed_row"
        elif consequence.free:
            code = "forest_sealed_short"
        if consequence.spots:
            more = warning_text("sealed_every_spot", details)
    elif isinstance(consequence, GodLost):
        condition = consequence.condition
        if condition in GOD_KINDS:
            details["kind"] = god_kind_words(condition)
            code = "god_lost_most" if consequence.theirs else "god_lost_none"
        elif condition == "wilderness":
            code = "god_lost_wilderness"
        else:  # which parts of the balance are missing, in the god's words
            details["parts"], code = balance_words(consequence.parts), "god_lost_balance"
        if consequence.every:
            more = warning_text("god_lost_every_way", details)
    text = warning_text(code, details)
    return f"{text} {more}" if more else text


def _named_details(consequence: Consequence) -> dict[str, Any]:
    """The consequence's details with its tiles and gods by their names: a tile or god
    cancelled fills ``{name}``, the others the name of their field."""
    details = consequence.details
    for each in fields(consequence):  # type: ignore[arg-type]  # every kind is a dataclass
        value = getattr(consequence, each.name)
        if isinstance(value, Tile | God):
            key = "name" if each.name == "cancelled" else each.name
            details[key] = name_of(value)
    return details


TILE_REASONS: dict[str, str] = {
    "plain": N_("printed CP"),
    "validated": N_("effect validated"),
    "stone": N_("sacred stone (+1)"),
    "cancelled": N_("canceled"),
    "forest_unmet": N_("forest not surrounded enough"),
    "wilderness": N_("wilderness (-1)"),
    "wilderness_idle": N_("wilderness, spared by the Goddess of Idleness"),
}

GOD_REASONS: dict[str, str] = {
    "flat": N_("always scores"),
    "no_god": N_("no god"),
    "cancelled": N_("canceled, since the six worshipers were not returned"),
    "most_irrigation": N_("most validated irrigations"),
    "not_most_irrigation": N_("not among the most validated irrigations"),
    "most_volcano": N_("most validated volcanoes"),
    "not_most_volcano": N_("not among the most validated volcanoes"),
    "most_forest": N_("most validated forests"),
    "not_most_forest": N_("not among the most validated forests"),
    "most_village": N_("most validated villages"),
    "not_most_village": N_("not among the most validated villages"),
    "fewest_wilderness": N_("fewest wilderness tiles"),
    "not_fewest_wilderness": N_("not among the fewest wilderness tiles"),
    "balanced": N_("a validated village, a temple and a validated volcano"),
    "unbalanced": N_("lacks a validated village, a temple or a validated volcano"),
}
