"""Every text a player reads in a hint's reason or a game review, in one place.

Reasons are built from these templates by :mod:`.reasons`; ``orbis review`` prints its
headings and tables from here too. Worshipers are written count then color letter
('2R 1B'), as everywhere in the game.

The templates are English message ids, marked for the catalogs and translated where a
sentence is made (``gettext``, or ``choose`` for a plural template). Each action's words
are a complete phrase, so that a list of them joined by :data:`THEN` reads in any
language; a reason is one whole sentence around them.
"""

from __future__ import annotations

from ..i18n import N_, NC_, Np_

# ------------------------------------------------------------------ what an option does
ACTION = {
    "take": N_("take {tile} ({color}, {cp} CP) from cell {cell}"),
    "take_collect": N_("take {tile} ({color}, {cp} CP) from cell {cell}, collecting {worshipers}"),
    "god": N_("take the {god} ({cp} CP)"),
    "pay": N_("pay {worshipers}"),
    "pay_nothing": N_("take it without paying"),
    "wild": N_("leave {tile} unpaid: it becomes a wilderness"),
    "place": N_("place {tile} at {spot}"),
    "place_wild": N_("place {tile} as a wilderness at {spot}"),
    "gain": N_("gain 1 {color}"),
    "return": N_("return {worshipers} for {name}"),
    "erupt": N_("remove {removals} from the market"),
    "removal": N_("{worshipers} from cell {cell}"),
    "decline": N_("decline: {name} is cancelled"),
    "love": N_("take {worshipers} from the Goddess of Love"),
    "discard": N_("return {worshipers} to the aether"),
    "exchange": N_("exchange 3 {give} for 1 {get}"),
}
THEN = N_(", then ")
LIST_SEP = ", "

SPOT_FIRST = N_("row 1, the first tile")
SPOT_LEFT = N_("row 1, left end")
SPOT_RIGHT = N_("row 1, right end")
SPOT_ON = N_("row {row}, on {left} and {right}")
WILD_NAME = N_("a wilderness")
NOTHING = N_("nothing")

# ------------------------------------------------------------------ what it leads to
VALIDATED = N_("{name} is validated")
CANCELLED = N_("{name} is cancelled: {why}")
GOD_CANCELLED = N_("the {name} is cancelled")
POINTS_NOW = N_("{points:+d} CP on the board")
OUTCOME_SEP = "; "
RISK_PREFIX = N_("Risk: ")

# ------------------------------------------------------------------ why a move lost
WITHIN_NOISE = N_("close to the best: the difference is within the search's uncertainty")
LOSS = {
    # the played answer threw something away that the best one keeps
    "irrigation": N_("{name} was cancelled here ({why}); {best} would have validated it"),
    "irrigation_warned": N_("{name} will be cancelled here; {best} would have validated it"),
    "payment": N_("the payment was lost: no spot of its color takes {name}; better: {best}"),
    "volcano": N_("took {name} but it was cancelled; better: {best}"),
    "village": N_("{name} was cancelled: its price could not be met; better: {best}"),
    "death": N_("the God of Death was cancelled: his price could not be met; better: {best}"),
    "refused": N_("{name} was cancelled by declining ({cp} CP lost); better: {best}"),
    "cancelled": N_("{name} was cancelled ({why}); better: {best}"),
    "wilderness": N_(
        "the tile went to a wilderness ({points:+d} CP instead of {cp}); better: {best}"
    ),
    "warned": N_("{warning} Better: {best}"),
    # otherwise: what the best option does better
    "more_cp": N_("better: {best}, which scores {diff} CP more by the end of the turn"),
    "validates": N_("better: {best}, which validates {name}"),
    "search": N_("better: {best} (the search expects {loss:.1f} CP more at the end of the game)"),
    "search_plain": N_("better: {best} (the search expects a better end of the game)"),
}
MORE_WORSHIPERS = Np_(
    "better: {best}, which keeps {diff} more worshiper for later turns",
    "better: {best}, which keeps {diff} more worshipers for later turns",
    "diff",
)

# ------------------------------------------------------------------ orbis review
PROGRESS = Np_("Reviewing {decisions} decision", "Reviewing {decisions} decisions", "decisions")
SUMMARY = N_("{name} (seat {seat}): {judged}, {loss:.1f} CP expected lost, {mistakes}")
SUMMARY_JUDGED = Np_("{decisions} decision judged", "{decisions} decisions judged", "decisions")
SUMMARY_MISTAKES = Np_("{mistakes} clear mistake", "{mistakes} clear mistakes", "mistakes")
NO_MISTAKES = N_("  No clear mistake: every loss is within the search's uncertainty.")
BIGGEST = N_(
    "  {rank}. round {round} ({kind}): played {played}; best {best}; {loss:.1f} ± {stderr} CP lost"
)
BIGGEST_HINTED = N_(
    "  {rank}. round {round} ({kind}): played {played}; best {best}; "
    "{loss:.1f} ± {stderr} CP lost (a hint was shown)"
)
UNKNOWN_ERROR = "?"
TABLE_TITLE = N_("Every decision judged")
COLUMNS = (
    "#",
    N_("round"),
    N_("player"),
    N_("decision"),
    N_("played"),
    N_("best"),
    N_("CP lost"),
    "±",
    "",
)
# The decision a move answered, as the table names it (the engine's decision kinds).
DECISION_KIND = {
    "turn": NC_("decision", "turn"),
    "pay": NC_("decision", "pay"),
    "place": NC_("decision", "place"),
    "gain": NC_("decision", "gain"),
    "village": NC_("decision", "village"),
    "volcano": NC_("decision", "volcano"),
    "love": NC_("decision", "love"),
    "death": NC_("decision", "death"),
    "discard": NC_("decision", "discard"),
}
MARK_MISTAKE = N_("mistake")
MARK_HINT = N_("hint")
FORCED = Np_(
    "{count} decision had a single answer and is not judged.",
    "{count} decisions had a single answer and are not judged.",
    "count",
)
INCOMPLETE = Np_(
    "The review stopped early: {done} of the decisions was judged.",
    "The review stopped early: {done} of the decisions were judged.",
    "done",
)
SETTINGS = N_(
    "Search: {analyser}, {size}, seed {seed}. A loss is a mistake when it is at least "
    "{floor:g} CP and more than {factor:g} standard errors."
)
SIZE_ITERATIONS = Np_(
    "{per_option} iteration per option", "{per_option} iterations per option", "per_option"
)
ANALYSERS = {"expert": N_("expert")}  # the computer level whose search judges
SIZE_SECONDS = N_("{seconds:g} s per decision")
