"""The app's texts for learning: the walkthrough's frame (its lessons are data, in
data/walkthrough.toml), the coach, the hints and the review of a game.

English message ids, marked for the catalog and translated where they are shown, as in
:mod:`orbis_tui.tui.texts` (which says how). The keys these screens add to the key bar
are in ``texts.KEY``, with the others.
"""

from __future__ import annotations

from ..i18n import N_, Np_, Template

# ---------------------------------------------------------------- learning to play
# The lessons themselves (steps, rule explanations, phase texts) are data, in
# data/walkthrough.toml; these are the app's own words around them.
LEARN_STEP = N_("Step {number}/{total}")
LEARN_EXPECTED = N_("This step: {expected}.")
LEARN_TIP = N_("Tip: {hint}")
LEARN_RULE = "{rule}: {text}"
LEARN_OPPONENT = N_("{name}: tiles {tiles} · worshipers {worshipers} · god: {god}")
LEARN_LEFT = N_("Walkthrough saved: choose “Learn to play” to pick it up where you left it.")
LEARN_FINISHED = N_("You have finished the walkthrough. Press Enter to set up a game.")
LEARN_BROKEN = N_("The walkthrough cannot start: {error}")
LEARN_NO_UNDO = N_("In the walkthrough u does not undo: Backspace steps back.")
LEARN_NO_HURRY = N_(
    "f hurries the computer players; in the walkthrough Mira's moves are made before yours."
)
LEARN_DAMAGED = N_(
    "Your place in the walkthrough could not be used ({problem}), so it starts over. "
    "The damaged file is kept as {kept}."
)
LEARN_NOT_KEPT = N_("Your place in the walkthrough cannot be kept ({error}); the lesson goes on.")
NEW_LEARN_BUTTON = N_("Learn to play")
COACH_TITLE = N_("Coach")
COACH_TURN_DONE = N_(
    "Your turn is done and waits for you: Enter ends it (the next player goes on), u takes it back."
)
COACH_RULE = "{rule}: {text}"
COACH_UNAVAILABLE = N_("Not available now")
COACH_ALL_OPEN = N_("Every option shown is open to you.")
COACH_NOTES = N_("Worth knowing")
COACH_OPTION = "{label}: {reason}"
COACH_NO_EXCHANGE = N_("exchange 3-for-1: no color has 3 worshipers yet")

# ---------------------------------------------------------------- hints
HINT_TITLE = N_("Hint for {name}")
HINT_THINKING = N_("Thinking… (Esc stops)")
HINT_STOPPED = N_("The hint was stopped.")
HINT_FAILED = N_("The hint failed ({error}). The game goes on: Esc closes this.")
HINT_NONE = N_("No option to suggest here.")
# A god's key when the god cannot be picked now: its rule, taken or not (R-GOD-1).
GOD_RULE_HELD = N_("{god} ({cp} CP), held by {player}: {rule}")
GOD_RULE_OFFERED = N_("{god} ({cp} CP), on offer: {rule}")
GOD_RULE_ABSENT = N_("{god} ({cp} CP), not drawn for this game: {rule}")
PLAYERS_GODS_TITLE = N_("The gods of this game")
HINT_MARGIN = N_("   expected margin {margin:+.1f} CP ± {stderr:.1f}")
HINT_MARGIN_ROUGH = N_("   expected margin {margin:+.1f} CP (a rough guess)")
# the victory first (R-END-5: a shared victory counts shared), then the margin
HINT_CHANCES = N_("   wins {chance:.0%} · expected margin {margin:+.1f} CP ± {stderr:.1f}")
HINT_CHANCES_ROUGH = N_("   wins {chance:.0%} · expected margin {margin:+.1f} CP (a rough guess)")
# an option whose futures ended exactly as a better-placed one's on every world played
HINT_SAME = N_("   level with suggestion {rank}: exactly alike as far as the hint looks ahead")
HINT_KEYS = N_("1 2 3 play that suggestion · Esc closes")
HINT_KEYS_TWO = N_("1 2 play that suggestion · Esc closes")
HINT_KEYS_ONE = N_("1 plays the suggestion · Esc closes")
HINT_KEYS_NONE = N_("Esc closes")
HINT_KEYS_WAIT = N_("Esc stops the search")
HINT_NOT_READY = N_("The search is still running: its suggestions show when the bar is full.")
HINT_NO_SUCH = N_("There is no suggestion {number} here: the keys below say which there are.")
HINT_FOOT = N_("Margin: your final CP minus the best other player's, as the search sees it.")
HINT_OFF = N_("Hints are off for {name} in this game (chosen when it was set up).")
HINT_BOT = N_("It is a computer player's turn: hints are for people.")
HINT_OVER = N_("The game is over: press r on the end screen to review it.")
HINT_CONFIRMING = N_("The turn waits for Enter (or u to take it back): no decision to hint.")
HINT_LEARN = N_("In the walkthrough each step has its own tip; the hint key is for games.")
HINT_CHANGED = N_("The game moved on: that hint no longer applies.")
NEW_HINTS = (N_("hints"), N_("no hints"))

# ---------------------------------------------------------------- the review
REVIEW_HEAD = N_("Review · {round} · {name} · move {position}/{last}")
REVIEW_HEAD_END = N_("Review · after the last move ({last})")
REVIEW_ANALYSING = N_("Analyzing {share:.0%} · Esc stops")
REVIEW_STOPPED: Template = Np_(
    "Analysis stopped: 1 decision judged; the rest is not.",
    "Analysis stopped: {done} decisions judged; the rest is not.",
    "done",
)
REVIEW_FAILED: Template = Np_(
    "The analysis stopped with an error ({error}): 1 decision judged; the rest is not. "
    "Open the review again to try once more.",
    "The analysis stopped with an error ({error}): {done} decisions judged; the rest is "
    "not. Open the review again to try once more.",
    "done",
)
REVIEW_NOT_RUN = N_("Without analysis: the game only.")
REVIEW_BROKE = N_(
    "The analysis failed ({error}). The game can still be stepped through; open the "
    "review again to try once more."
)
REVIEW_BROKE_HERE = N_("The analysis failed: {error}")
REVIEW_TITLE = N_("Analysis")
REVIEW_PLAYED = N_("{name} played: {what}")
REVIEW_BEST = N_("Best: {what}")
REVIEW_SAME = N_("✓ the search's own choice")
REVIEW_AS_GOOD = N_("✓ as good as the search's choice")
REVIEW_LOST = N_("lost {loss:.1f} CP ± {stderr:.1f}")
REVIEW_LOST_ROUGH = N_("lost {loss:.1f} CP")
REVIEW_MISTAKE = N_("✗ mistake")
REVIEW_HINTED = N_("hint used")
REVIEW_FORCED = N_("The only option: nothing to judge.")
REVIEW_EXCHANGE = N_("An exchange before the decision below it.")
REVIEW_PENDING = N_(
    "Not judged yet: its turn is still being judged, and its judgement shows here as soon "
    "as it is done (the progress is at the top)."
)
REVIEW_UNJUDGED = N_("Not judged (the analysis was stopped before it).")
REVIEW_END = N_("The game ends here.")
REVIEW_LESSON = N_("The lesson of the game for {name}:")
REVIEW_MISTAKES_MORE = N_("▾ more: . or } (back: , or {)")
REVIEW_KEPT_DAMAGED = N_("The review kept from before could not be used ({note}): analyzing again.")
REVIEW_KEPT_FAILED = N_("The review could not be kept for next time ({error}).")
REVIEW_UNFINISHED = N_("The record stops here: the game was not finished.")
REVIEW_MISTAKES_TITLE = N_("Biggest mistakes (m next · n in order)")
REVIEW_MISTAKE_LINE = N_("round {round} {name}: −{loss:.1f} CP")
REVIEW_NO_MISTAKES = N_("No clear mistake found.")
REVIEW_NO_MISTAKES_YET = N_("Mistakes show here as the analysis finds them.")
REVIEW_MISTAKES_SO_FAR = N_("More may come while the analysis runs.")
REVIEW_SUMMARY_LATER = N_("Each player's total comes at the end.")
REVIEW_LESSON_LATER = N_("The lesson of the game comes when the analysis ends.")
# Two numbers, two plurals: the small losses are a phrase of their own ({small}), whose
# noun agrees with {others}, not with the number of mistakes.
REVIEW_SUMMARY: Template = Np_(
    "{name}: {loss:.1f} CP lost = {listed:.1f} in 1 mistake + {small}",
    "{name}: {loss:.1f} CP lost = {listed:.1f} in {mistakes} mistakes + {small}",
    "mistakes",
)
REVIEW_SUMMARY_REST: Template = Np_(
    "{rest:.1f} in small losses at {others} other decision",
    "{rest:.1f} in small losses at {others} other decisions",
    "others",
)
REVIEW_SUMMARY_NONE = N_("{name}: no CP lost")
REVIEW_SUMMARY_SMALL: Template = Np_(
    "{name}: {loss:.1f} CP lost, all in small losses at {others} decision",
    "{name}: {loss:.1f} CP lost, all in small losses at {others} decisions",
    "others",
)
REVIEW_LOST_MEANS = N_(
    "CP lost: the sum of the expected losses at a player's decisions, not a difference of scores."
)
# What a victory adds to the losses above (analysis.WIN_VALUE), for the tie-breaks.
REVIEW_WIN_COUNTS = N_("CP lost counts a win as {win} CP.")
REVIEW_NONE_TO_JUMP = N_("No mistake to jump to.")
REVIEW_WAIT_TO_JUMP = N_(
    "No mistake found yet: they show as the analysis judges each turn (its progress is at the top)."
)
REVIEW_JUMP_SO_FAR = N_("Among the mistakes found so far: more may come while the analysis runs.")
REVIEW_AT_START = N_("This is the start of the game.")
REVIEW_AT_END = N_("This is the end of the record.")
