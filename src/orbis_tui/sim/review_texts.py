"""Every text a player reads in a hint's reason or a game review, in one place.

Reasons are built from these templates by :mod:`.reasons`; ``orbis review`` prints its
headings and tables from here too. Worshipers are written count then color letter
('2R 1B'), as everywhere in the game.
"""

from __future__ import annotations

# ------------------------------------------------------------------ what an option does
ACTION = {
    "take": "take {tile} ({color}, {cp} CP) from cell {cell}",
    "take_collect": "take {tile} ({color}, {cp} CP) from cell {cell}, collecting {worshipers}",
    "god": "take the {god} ({cp} CP)",
    "pay": "pay {worshipers}",
    "pay_nothing": "take it without paying",
    "wild": "leave {tile} unpaid: it becomes a wilderness",
    "place": "place {tile} at {spot}",
    "place_wild": "place {tile} as a wilderness at {spot}",
    "gain": "gain 1 {color}",
    "return": "return {worshipers} for {name}",
    "erupt": "remove {removals} from the market",
    "removal": "{worshipers} from cell {cell}",
    "decline": "decline: {name} is cancelled",
    "love": "take {worshipers} from the Goddess of Love",
    "discard": "return {worshipers} to the aether",
    "exchange": "exchange 3 {give} for 1 {get}",
}
THEN = ", then "
LIST_SEP = ", "

SPOT_FIRST = "row 1, the first tile"
SPOT_LEFT = "row 1, left end"
SPOT_RIGHT = "row 1, right end"
SPOT_ON = "row {row}, on {left} and {right}"
WILD_NAME = "a wilderness"
NOTHING = "nothing"

# ------------------------------------------------------------------ what it leads to
VALIDATED = "{name} is validated"
CANCELLED = "{name} is cancelled: {why}"
GOD_CANCELLED = "the {name} is cancelled"
POINTS_NOW = "{points:+d} CP on the board"
OUTCOME_SEP = "; "
RISK_PREFIX = "Risk: "

# ------------------------------------------------------------------ why a move lost
WORSHIPER = ("worshiper", "worshipers")
WITHIN_NOISE = "close to the best: the difference is within the search's uncertainty"
LOSS = {
    # the played answer threw something away that the best one keeps
    "irrigation": "{name} was cancelled here ({why}); {best} would have validated it",
    "irrigation_warned": "{name} will be cancelled here; {best} would have validated it",
    "payment": "the payment was lost: no spot of its color takes {name}; better: {best}",
    "volcano": "took {name} but it was cancelled; better: {best}",
    "village": "{name} was cancelled: its price could not be met; better: {best}",
    "death": "the God of Death was cancelled: his price could not be met; better: {best}",
    "refused": "{name} was cancelled by declining ({cp} CP lost); better: {best}",
    "cancelled": "{name} was cancelled ({why}); better: {best}",
    "wilderness": "the tile went to a wilderness ({points:+d} CP instead of {cp}); better: {best}",
    "warned": "{warning} Better: {best}",
    # otherwise: what the best option does better
    "more_cp": "better: {best}, which scores {diff} CP more by the end of the turn",
    "validates": "better: {best}, which validates {name}",
    "more_worshipers": "better: {best}, which keeps {diff} more {worshipers} for later turns",
    "search": "better: {best} (the search expects {loss:.1f} CP more at the end of the game)",
    "search_plain": "better: {best} (the search expects a better end of the game)",
}

# ------------------------------------------------------------------ orbis review
PROGRESS = "Reviewing {decisions} decisions"
SUMMARY = (
    "{name} (seat {seat}): {decisions} decisions judged, {loss:.1f} CP expected lost, "
    "{mistakes} clear {mistake_word}"
)
MISTAKE_WORD = ("mistake", "mistakes")
NO_MISTAKES = "  No clear mistake: every loss is within the search's uncertainty."
BIGGEST = (
    "  {rank}. round {round} ({kind}): played {played}; best {best}; "
    "{loss:.1f} ± {stderr} CP lost{hinted}"
)
HINTED = " (a hint was shown)"
UNKNOWN_ERROR = "?"
TABLE_TITLE = "Every decision judged"
COLUMNS = ("#", "round", "player", "decision", "played", "best", "CP lost", "±", "")
MARK_MISTAKE = "mistake"
MARK_HINT = "hint"
FORCED = "{count} decisions had a single answer and are not judged."
INCOMPLETE = "The review stopped early: {done} of the decisions were judged."
SETTINGS = (
    "Search: {analyser}, {size}, seed {seed}. A loss is a mistake when it is at least "
    "{floor:g} CP and more than {factor:g} standard errors."
)
SIZE_ITERATIONS = "{per_option} iterations per option"
SIZE_SECONDS = "{seconds:g} s per decision"
