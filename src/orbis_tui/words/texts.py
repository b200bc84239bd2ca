"""Every word the game's analysis and the app share about the game: what an action does,
where a spot is, what an event was, why one option was better than another.

Worshipers are written count then color letter ('2R 1B'), as everywhere in the game.
The templates are English message ids, marked for the catalogs and translated where a
sentence is made (``gettext``, or ``choose`` for a plural template). Each action's words
are a complete phrase, so that a list of them joined by :data:`THEN` reads in any
language; a reason is one whole sentence around them.
"""

from __future__ import annotations

from ..i18n import N_, NC_, Np_, Template

# ------------------------------------------------------------------ what an option does
ACTION = {
    "take": N_("take {tile} ({color}, {cp} CP) from cell {cell}"),
    "take_collect": N_("take {tile} ({color}, {cp} CP) from cell {cell}, collecting {worshipers}"),
    # a take that can only end as a wilderness: its real value, never the printed CP
    "take_wild": N_(
        "take {tile} from cell {cell} as a wilderness ({points:+d} CP, not its {cp}): "
        "it cannot be both paid for and placed as itself"
    ),
    "take_wild_collect": N_(
        "take {tile} from cell {cell} as a wilderness ({points:+d} CP, not its {cp}), "
        "collecting {worshipers}: it cannot be both paid for and placed as itself"
    ),
    "god": N_("take the {god} ({cp} CP)"),
    "pay": N_("pay {worshipers}"),
    "pay_nothing": N_("take it without paying"),
    "wild": N_("leave {tile} unpaid: it becomes a wilderness"),
    "place": N_("place {tile} at {spot}"),
    "place_wild": N_("place {tile} as a wilderness at {spot}"),
    "gain": N_("gain 1 {color}"),
    "return": N_("return {worshipers} for {name}"),
    "erupt": N_("remove {removals}"),  # "1W from cell 2, 1G from cell 8": each cell named
    "removal": N_("{worshipers} from cell {cell}"),
    "decline": N_("decline: {name} is canceled"),
    "love": N_("take {worshipers} from the Goddess of Love"),
    "discard": N_("return {worshipers} to the supply"),
    "exchange": N_("exchange 3 {give} for 1 {get}"),
}
THEN = N_(", then ")
LIST_SEP = ", "

SPOT_FIRST = N_("row 1, first tile")
SPOT_LEFT = N_("row 1, left end")
SPOT_RIGHT = N_("row 1, right end")
SPOT_ON = N_("row {row}, on {left} and {right}")
# Said after SPOT_ON when other spots of the row sit on tiles of the same names.
SPOT_AMONG_ALIKE = N_(", number {number} of {count} from the left")
WILD_NAME = N_("a wilderness")
NOTHING = N_("nothing")

# ------------------------------------------------------------------ what it leads to
VALIDATED = N_("{name} is validated")
CANCELLED = N_("{name} is canceled: {why}")
GOD_CANCELLED = N_("the {name} is canceled")
# what the choice makes of the player's tiles and god (the engine's outlook)
FOREST_VALIDATED = N_("{name} (forest, {cp} CP) is validated")
FOREST_SEALED = N_("{name} (forest, {cp} CP) can no longer be validated")
GOD_SCORES = N_("the {name} scores its {cp} CP")
GOD_IMPOSSIBLE = N_("the {name} can no longer score its {cp} CP")
POINTS_NOW = N_("{points:+d} CP on the board")
OUTCOME_SEP = "; "
RISK_PREFIX = N_("Risk: ")
# what the choice is good for, said before its risks (the whole turn as planned)
GOOD_PREFIX = N_("Good for: ")
OPENS_ANY: Template = Np_(
    "the wilderness lets any color go on the spot above it",
    "the wilderness lets any color go on {count} spots above it",
    "count",
)
NEEDS_EXCHANGES: Template = Np_(
    "paying it needs a 3-for-1 exchange",
    "paying it needs {count} 3-for-1 exchanges",
    "count",
)

# ------------------------------------------------------------------ why a move lost
LOSS = {
    # the played answer threw something away that the best one keeps
    "irrigation": N_("{name} was canceled here ({why}); {best} would have validated it"),
    "irrigation_warned": N_("{name} will be canceled here; {best} would have validated it"),
    "payment": N_("the payment was lost: no spot of its color takes {name}; better: {best}"),
    "volcano": N_("took {name} but it was canceled; better: {best}"),
    "village": N_("{name} was canceled: its price could not be met; better: {best}"),
    "death": N_("the God of Death was canceled: his price could not be met; better: {best}"),
    "refused": N_("{name} was canceled by declining ({cp} CP lost); better: {best}"),
    "cancelled": N_("{name} was canceled ({why}); better: {best}"),
    "wilderness": N_(
        "the tile went to a wilderness ({points:+d} CP instead of {cp}); better: {best}"
    ),
    "warned": N_("{warning} Better: {best}"),
    # otherwise: what the best option does better
    "more_cp": N_("better: {best}, which scores {diff} CP more by the end of the turn"),
    "validates": N_("better: {best}, which validates {name}"),
    # the played choice made a forest or the god impossible, the best did not
    "outlook": N_("{what} after this choice; better: {best}"),
    "search": N_("better: {best} (the search expects {loss:.1f} CP more at the end of the game)"),
    "search_plain": N_("better: {best} (the search expects a better end of the game)"),
}
MORE_WORSHIPERS = Np_(
    "better: {best}, which keeps {diff} more worshiper for later turns",
    "better: {best}, which keeps {diff} more worshipers for later turns",
    "diff",
)

# ------------------------------------------------------------------ what the futures show
# The same worlds played to the end after the move played and after the best move.
FUTURES = N_(
    "in the futures played to the end, {what} (in all, {total:+.1f} CP on average for you)"
)
FUTURE_TILE = Np_(
    "{name} scores in {best_count} future of {count} after the best move, in {played_count} "
    "after yours",
    "{name} scores in {best_count} futures of {count} after the best move, in {played_count} "
    "after yours",
    "count",
)
FUTURE_GOD = Np_(
    "your god scores in {best_count} future of {count} after the best move, in {played_count} "
    "after yours",
    "your god scores in {best_count} futures of {count} after the best move, in {played_count} "
    "after yours",
    "count",
)
FUTURE_TEMPLE = N_(
    "your temple token is worth {best_mean:.1f} CP on average after the best move, "
    "{played_mean:.1f} after yours"
)
FUTURE_WILDERNESS = N_(
    "you end with {best_mean:.1f} wildernesses on average after the best move, "
    "{played_mean:.1f} after yours"
)
BETTER = N_("better: {best}")
# The victory (R-END-5): the share of the futures won, a shared victory shared.
FUTURE_WINS = N_("the best move wins {best_win:.0%} of the futures played, yours {played_win:.0%}")
# ... and when a tie on CP was broken by the worshipers left.
FUTURE_TIE_BREAK = N_(
    "ties on CP are broken by the worshipers left (R-END-5): you keep {best_mean:.1f} on "
    "average after the best move, {played_mean:.1f} after yours"
)

# ------------------------------------------------------------------ worshipers and costs
ANY_COUNT: Template = Np_("1 of any color", "{count} of any color", "count")
AND = " + "
# Where colors are named in words (the plain-text seat): "2 red, 1 blue and 1 of any color".
COLOR_COUNT: tuple[Template, ...] = (
    Np_("{count} red", "{count} red", "count"),
    Np_("{count} blue", "{count} blue", "count"),
    Np_("{count} orange", "{count} orange", "count"),
    Np_("{count} green", "{count} green", "count"),
    Np_("{count} white", "{count} white", "count"),
)
SPELLED_AND = N_(" and ")

# ------------------------------------------------------------------ what happened (the log)
LOG = {
    "took_tile": N_("{name} took {tile} from cell {cell}."),
    "generated": N_("{color} worshipers arrive on cells {cells}."),
    "collected": N_("{name} collected {worshipers}."),
    "paid": N_("{name} paid {worshipers}."),
    "paid_nothing": N_("{name} paid nothing."),
    "went_wild": N_("{name} left it unpaid: a wilderness."),
    "placed": N_("{name} placed {tile} in row {row}."),
    "placed_wild": N_("{name} placed a wilderness in row {row}."),
    # A colon, not a verb: the walkthrough's player is "You" ("You now pays" read wrong).
    "reduction": N_("{name}: no more {color} symbols to pay."),
    "gained": N_("{name} gained {count}{color}."),
    "cancelled": N_("{tile} is canceled: {reason}."),
    "validated": N_("{tile} is validated."),
    "returned": N_("{name} returned {worshipers}."),
    "erupted": N_("The volcano cleared {removals}."),
    "god_cancelled": N_("{god} is canceled."),
    "took_god": N_("{name} took the {god}."),
    "gained_many": N_("{name} gained {worshipers}."),
    "discarded": N_("{name} returned {worshipers} (realm limit)."),
    "exchanged": N_("{name} exchanged 3{give} for 1{get}."),
    "refilled": N_("Cell {cell} now shows {tile}."),
    # "White to play": right for any name, the walkthrough's "You" too ("You's turn").
    "turn_started": N_("— {name} to play —"),
    "game_over": N_("The game is over."),
}
LOG_REMOVAL = N_("{worshipers} from cell {cell}")

# ------------------------------------------------------------------ a tile's outlook
# why a forest scores nothing (yet), in the words of the warning that sealed it
FOREST_LOST = N_("can no longer be validated: matching neighbors {have} of {need}")
# once the game is over nothing is "no longer": the forest simply was not validated
FOREST_UNMET_END = N_("not validated: matching neighbors {have} of {need}")
# a tile that scores as printed, with no CP printed on it ("+0 printed CP" read as a slip)
NO_CP_PRINTED = N_("no CP printed")
FOREST_OPEN: Template = Np_(
    "can still be validated: it needs {missing} more matching neighbor",
    "can still be validated: it needs {missing} more matching neighbors",
    "missing",
)
GOD_LOST = N_("can no longer score: {reason}")
GOD_OPEN = N_("{reason}; it can still come true")
# The God of Equilibrium's balance: the parts a pyramid lacks, named ("it lacks a temple
# and a validated volcano"); in a language with cases, in the case "lacks" asks for.
GOD_LACKS = N_("lacks {parts}")
BALANCE_PARTS = {
    "village": NC_("lacking", "a validated village"),
    "temple": NC_("lacking", "a temple"),
    "volcano": NC_("lacking", "a validated volcano"),
}
GOD_LOST_BALANCE: Template = Np_(
    "{god} ({cp} CP) can no longer score: it would still lack {parts}, with room for "
    "only {left} more tile.",
    "{god} ({cp} CP) can no longer score: it would still lack {parts}, with room for "
    "only {left} more tiles.",
    "left",
)
TWO_PARTS = N_("{first} and {second}")
THREE_PARTS = N_("{first}, {second} and {third}")
