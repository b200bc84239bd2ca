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
# Two numbers, two plurals: {small} is the phrase whose noun agrees with {others}.
SUMMARY_PARTS = Np_(
    "  {loss:.1f} CP lost = {listed:.1f} at the mistake listed below + {small}",
    "  {loss:.1f} CP lost = {listed:.1f} at the mistakes listed below + {small}",
    "count",
)
SUMMARY_REST = Np_(
    "{rest:.1f} at {others} other decision",
    "{rest:.1f} at {others} other decisions",
    "others",
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
# Every decision judged, as a list where the table's columns would cut words (a
# narrow terminal): a decision's head line, then its moves, a line each.
DECISION_HEAD = N_("{index}. round {round}, {player}, {kind}: {loss:.1f} ± {stderr} CP lost")
DECISION_PLAYED = N_("played: {played}")
DECISION_BEST = N_("best: {best}")
DECISION_SAME = N_("played the best: {played}")
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
LIST_SEP = ", "
LESSON_MISTAKES = Np_(
    "the clear mistake cost about {loss:.1f} CP of expected score when it was made "
    "({rounds}); the game ended {own} to {best}",
    "{count} clear mistakes cost about {loss:.1f} CP of expected score ({rounds}): "
    "each is what that choice cost when it was made, so the sum is not the final gap; the "
    "game ended {own} to {best}",
    "count",
)
# The rounds of the clear mistakes, counted once each.
LESSON_ROUNDS = Np_("round {rounds}", "rounds {rounds}", "count")
# Each finding twice: said to the player ("you"), and of a player by name, in the
# sections of a review that covers several players.
LESSON_SHORT = Np_(
    "you ran short of worshipers from round {round}: {short} of your {turns} turn from "
    "then began with at most 1",
    "you ran short of worshipers from round {round}: {short} of your {turns} turns from "
    "then began with at most 1",
    "turns",
)
LESSON_SHORT_NAMED = Np_(
    "{player} ran short of worshipers from round {round}: {short} of {turns} turn from "
    "then began with at most 1",
    "{player} ran short of worshipers from round {round}: {short} of {turns} turns from "
    "then began with at most 1",
    "turns",
)
LESSON_NO_GOD = N_("you took no god")
LESSON_NO_GOD_NAMED = N_("{player} took no god")
LESSON_GOD = N_("your god came in round {round}: the {god} scored {points} CP")
LESSON_GOD_NAMED = N_("{player}'s god came in round {round}: the {god} scored {points} CP")
LESSON_CATEGORY = N_("{category}: {name} scored {theirs} CP, you {yours}")
LESSON_CATEGORY_NAMED = N_("{category}: {name} scored {theirs} CP, {player} {yours}")
LESSON_LEVEL3 = N_("level-3 tiles: {theirs} taken by {name}, {yours} by you")
LESSON_LEVEL3_NAMED = N_("level-3 tiles: {theirs} taken by {name}, {yours} by {player}")
LESSON_FORESTS = Np_(
    "your forest {names} scored nothing: {cp} printed CP lost",
    "{count} of your forests scored nothing ({names}): {cp} printed CP lost",
    "count",
)
LESSON_FORESTS_NAMED = Np_(
    "{player}'s forest {names} scored nothing: {cp} printed CP lost",
    "{count} of {player}'s forests scored nothing ({names}): {cp} printed CP lost",
    "count",
)
LESSON_TIE_BREAK = N_(
    "you were tied on CP with {name} and lost on the worshipers left: {yours} against {theirs}"
)
LESSON_TIE_BREAK_NAMED = N_(
    "{player} was tied on CP with {name} and lost on the worshipers left: {yours} against {theirs}"
)
# What to do differently, from the findings that weighed most.
LESSON_ADVICE = N_("next time: {advice}")
LESSON_ADVICE_NAMED = N_("what {player} could do differently: {advice}")
ADVICE_SEP = "; "
ADVICE = {
    "mistakes": N_("before a costly choice, ask for a hint and read what it is good for"),
    "short": N_(
        "keep three or four worshipers in hand: take cells with worshipers on them, or gain tiles"
    ),
    "no_god": N_("take a god before your last turn, while there is a choice"),
    "god": N_(
        "take a god whose condition you already lead, or a sure one, when the market is poor"
    ),
    "forest": N_(
        "place a forest only where its free neighbor spots can still reach its number, and "
        "fill them with its colors or a wilderness"
    ),
    "temple_token": N_("take temples (white) early: more temples pick the bigger token"),
    "level3": N_(
        "save worshipers for the level-3 tiles of the last rounds: they carry the most CP"
    ),
    "tie_break": N_("keep worshipers for the end: a tie on CP goes to whoever has more left"),
    "category": N_("compete for {category}: {name} made {theirs} CP from them"),
}
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
