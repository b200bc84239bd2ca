"""Every text of a game review's report (``orbis review``): headings, the summary, the
table of decisions, the settings line. The words for actions and reasons are in
:mod:`orbis_tui.words.texts`.

The templates are English message ids, marked for the catalogs and translated where a
sentence is made (``gettext``, or ``choose`` for a plural template).
"""

from __future__ import annotations

from ..i18n import N_, NC_, Np_

# A decision that is not a mistake: clearly under a mistake's floor, or not clear.
CLOSE = N_("close to the best: less than {high:.1f} CP lost in the futures played")
UNCLEAR = N_(
    "not clear: in the futures played the loss lies between {low:.1f} and {high:.1f} CP, "
    "too uncertain to call it a mistake or fine"
)

# ------------------------------------------------------------------ orbis review
PROGRESS = Np_("Reviewing {decisions} decision", "Reviewing {decisions} decisions", "decisions")
SUMMARY = N_("{name} (player {number}): {judged}, {loss:.1f} CP expected lost, {mistakes}")
SUMMARY_PARTS = Np_(
    "  {loss:.1f} CP lost = {listed:.1f} at the mistake listed below + {rest:.1f} at {others} "
    "other decisions",
    "  {loss:.1f} CP lost = {listed:.1f} at the mistakes listed below + {rest:.1f} at {others} "
    "other decisions",
    "count",
)
SUMMARY_SMALL = Np_(
    "  {loss:.1f} CP lost, all in small losses at {others} decision",
    "  {loss:.1f} CP lost, all in small losses at {others} decisions",
    "others",
)
LOST_MEANS = N_(
    "CP lost: the sum of the expected losses at a player's decisions (how much more the "
    "search's best choice was expected to keep each time), not a difference of scores."
)
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

# ------------------------------------------------------------------ the lesson of the game
LESSON_HEAD = N_("  The lesson of the game for {name}:")
LESSON_LINE = "    - {text}"
LIST_SEP = ", "
LESSON_MISTAKES = Np_(
    "the clear mistake cost about {loss:.1f} CP (round {rounds})",
    "{count} clear mistakes cost about {loss:.1f} CP (rounds {rounds})",
    "count",
)
LESSON_SHORT = Np_(
    "you ran short of worshipers from round {round}: {short} of your {turns} turn from "
    "then began with at most 1",
    "you ran short of worshipers from round {round}: {short} of your {turns} turns from "
    "then began with at most 1",
    "turns",
)
LESSON_NO_GOD = N_("you took no god")
LESSON_GOD = N_("your god came in round {round}: the {god} scored {points} CP")
LESSON_CATEGORY = N_("{category}: {name} scored {theirs} CP, you {yours}")
LESSON_LEVEL3 = N_("level-3 tiles: {theirs} taken by {name}, {yours} by you")
# The score's categories, as the end screen groups them.
CATEGORY = {
    "none": N_("plain tiles"),
    "gain": N_("gain tiles"),
    "stone": N_("sacred stones"),
    "farm": N_("farms"),
    "village": N_("villages"),
    "forest": N_("forests"),
    "volcano": N_("volcanoes"),
    "irrigation": N_("irrigations"),
    "temple": N_("temples"),
    "temple_token": N_("the temple token"),
    "god": N_("the god"),
    "wilderness": N_("wildernesses"),
}
