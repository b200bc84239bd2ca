"""The app's texts for the screens around the table: the hand-over between players, the
new-game form, the end of a game, the questions asked and what records and saves say.

English message ids, marked for the catalog and translated where they are shown, as in
:mod:`orbis_tui.tui.texts` (which says how).
"""

from __future__ import annotations

from ..i18n import N_, Np_, Template

# ---------------------------------------------------------------- screens
HANDOVER_TITLE = N_("{name}'s turn")
HANDOVER_ROUND = N_("Round {round} of {rounds}")
HANDOVER_PASS = N_("Pass the keyboard to {name}.")
HANDOVER_LAST = N_("Since {name}'s last turn:")
HANDOVER_SO_FAR = N_("The last moves:")
HANDOVER_READY = N_("Press Enter when {name} is ready.")
HANDOVER_PLAY = N_("Press Enter to play.")
HANDOVER_RESUMED = N_("The game was resumed where it stopped.")
# What the other players did to the player whose turn it is (their CP now, explained).
HANDOVER_TO_YOU = N_("What the others' turns did to you, {name} (CP: {before} → {after}):")
YOU_TEMPLE_FELL: Template = Np_(
    "Your temple token fell from {before} to {after} CP: {other} now has {count} temple "
    "tile, you have {mine}.",
    "Your temple token fell from {before} to {after} CP: {other} now has {count} temple "
    "tiles, you have {mine}.",
    "count",
)
YOU_TEMPLE_ROSE: Template = Np_(
    "Your temple token rose from {before} to {after} CP: {other} now has {count} temple "
    "tile, you have {mine}.",
    "Your temple token rose from {before} to {after} CP: {other} now has {count} temple "
    "tiles, you have {mine}.",
    "count",
)
YOU_GOD_FAILS = N_(
    "Your {god} no longer scores its {cp} CP after {other}'s turn: {reason}; it can still "
    "come true."
)
YOU_GOD_LOST = N_("Your {god} can no longer score its {cp} CP after {other}'s turn: {reason}.")
YOU_GOD_BACK = N_("Your {god} scores its {cp} CP again after {other}'s turn: {reason}.")
YOU_GOD_TAKEN = N_("{other} took the {god}: you can no longer take it.")

NEW_TITLE = N_("O R B I S")
NEW_SUBTITLE = N_("build your universe, one region at a time")
NEW_REPLACES_TITLE = N_("Start a new game?")
NEW_REPLACES = N_(
    "The game in progress ({names}, round {round}/{rounds}) is not finished. A new game "
    "takes its place here; it is kept among the records."
)
NEW_REPLACES_START = N_("Start the new game")
NEW_REPLACES_KEEP = N_("Back to the form")
NEW_RESUME = N_("Resume: {names} · round {round}/{rounds} · {name} to play")
NEW_RESUME_BUTTON = N_("Resume the game (Enter)")
NEW_HEADING = N_("New game")
NEW_PLAYERS = N_("Players")
NEW_SEAT = N_("Seat {n}")
NEW_SEAT_PLACEHOLDER = N_("Player {n}")
NEW_SEAT_KIND = N_("played by")
NEW_HUMAN = N_("person")
NEW_LEVEL_INFO = N_("{level} — {summary}")
NEW_FIRST = N_("Who starts")
NEW_RANDOM = N_("at random")
NEW_SEED = N_("Seed")
NEW_SEED_PLACEHOLDER = N_("blank: a new deal")
NEW_START = N_("Start the game")
NEW_BAD_SEED = N_("The seed must be a whole number (or blank).")
NEW_SEED_RANGE = N_("The seed must be a whole number from {low} to {high} (or blank).")
NEW_BAD_NAME = N_("Seat {seat}: {problem}.")
NEW_DAMAGED = N_(
    "The saved game could not be loaded and was moved aside to {moved}.\nWhat is wrong: {problem}"
)
NEW_DAMAGED_STUCK = N_(
    "The saved game could not be loaded and could not be moved aside ({error}).\n"
    "What is wrong: {problem}"
)
NEW_FINISHED = N_("The last game is over; it joins your records when a new game starts.")
# One line at 80 columns: the key bar says the rest (Ctrl+S starts, ? help, q quit).
NEW_KEYS = N_("Tab changes field · ↑↓ the same field a row up or down · Enter starts")

END_TITLE = N_("Game over")
END_WINNER = N_("Winner: {name}, with {cp} CP")
END_SHARED = N_("Shared victory: {names} with {cp} CP")
END_TIE_BREAK = N_("Tie on {cp} CP broken by worshipers left: {details}")
END_TIE_UNBROKEN = N_("Tie on {cp} CP, and on worshipers left too: {details}")
END_TIE_DETAIL = "{name} {count}"
END_STANDINGS = N_("Standings")
END_RANK = "#"
END_NAME = N_("Player")
END_TOTAL = N_("CP")
END_TILES_CP = N_("Regions")
END_WILD_CP = N_("Wild")
END_WORSHIPERS = N_("Realm")
END_TIE = N_("Tie-break")
END_TIE_USED = N_("used")
END_BREAKDOWN = N_("{name}: {cp} CP")
END_TILE = N_("Tile")
END_WHERE = N_("Where")
END_POINTS = N_("CP")
END_REASON = N_("Why")
END_TEMPLE = N_("Temple")
END_TEMPLE_REASON: Template = Np_("1 temple tile", "{count} temple tiles", "count")
END_TEMPLE_NONE = N_("no temple tile")
# a key of the table pressed on the end screen
END_IDLE = N_(
    "The game is over: r reviews it move by move, t shows every turn, n starts a new game."
)
# as many temple tiles as another player: the highest mystic value decided the order
END_TEMPLE_TIED: Template = Np_(
    "1 temple tile (tie: mystic value {mystic})",
    "{count} temple tiles (tie: mystic value {mystic})",
    "count",
)
END_GOD = N_("God")
END_TOTAL_ROW = N_("Total")

# ---------------------------------------------------------------- questions and records
# {esc}: the Escape key as the key bar names it; {answer}: the answer it gives
QUESTION_HINT = N_("←/→ choose · Enter answers · {esc}: {answer}")
EXPORT_TITLE = N_("Save the game record")
EXPORT_PROMPT = N_("File name (Enter saves, Escape cancels):")
EXPORT_DONE = N_("Record saved to {path}")
# In a browser the record is kept on the server: the page names only the file.
EXPORT_PROMPT_WEB = N_(
    "The record is kept on the server with its other records (orbis records lists them). "
    "File name (Enter saves, Escape cancels):"
)
EXPORT_DONE_WEB = N_("Record saved on the server as {path}")
EXPORT_NAME_ONLY = N_("Only a file name here: the record is kept among the server's records.")
EXPORT_DOWNLOADED = N_("The record goes to your browser's downloads: {name}")
EXPORT_FAILED = N_("Could not save the record there: {error}. Choose another place.")
EXPORT_EXISTS_TITLE = N_("That file exists")
EXPORT_EXISTS = N_("{path} already exists. Replace it with this game's record?")
EXPORT_REPLACE = N_("Replace it")
EXPORT_OTHER = N_("Another name")
EXPORT_CANCEL = N_("Cancel")
LOCK_TITLE = N_("This game is open elsewhere")
LOCK_READ_ONLY = N_("Open read-only")
LOCK_QUIT = N_("Quit")
UNSAVED_TITLE = N_("This game is not saved")
UNSAVED_FAILED = N_(
    "Saving has failed since {time} ({error}): what was played since then is not on "
    "disk. Save a record of the game somewhere else before quitting?"
)
UNSAVED_READ_ONLY = N_(
    "This window opened the game read-only: nothing played here is saved. Save a "
    "record of the game somewhere else before quitting?"
)
LEAVE_PAGE_TITLE = N_("Quit the game?")
LEAVE_PAGE = N_(
    "The game is saved after every step. The page will then say that the session "
    "ended; its Restart button (or reloading the page) opens the game again where it "
    "stopped."
)
LEAVE_PAGE_QUIT = N_("Quit")
# Ctrl+C, which quits nothing (Textual's own notice would name ctrl+q).
CTRL_C_TITLE = N_("Ctrl+C does not quit")
CTRL_C = N_("Press q to quit. The game is saved after every step.")
CTRL_C_WEB = N_(
    "Press q to end the game's session in this page (it asks first). The game is saved "
    "after every step; reloading the page opens it again."
)
LEAVE_PAGE_STAY = N_("Stay")
READ_ONLY_MARK = N_("read-only: not saved")
UNSAVED_SAVE = N_("Save a record")
UNSAVED_QUIT = N_("Quit without saving")
UNSAVED_STAY = N_("Stay")
WHERE = N_("row {row} #{pos}")

PLAYERS_SCREEN_TITLE = N_("Every player's universe (p or Escape to close)")
# ... when the boards and the gods do not fit the screen whole
PLAYERS_SCREEN_SCROLLS = N_("Every player's universe (↑↓ PgUp/PgDn scroll · p or Escape to close)")
PLAYERS_COMPUTER = N_("⚙ computer, {level}")

EXCHANGE_TITLE = N_("Exchange 3-for-1")
EXCHANGE_GIVE = N_("Give 3 of which color? (r b o g w, Escape cancels)")
EXCHANGE_GET = N_("Give 3 {give} for 1 of which color? (r b o g w, Escape goes back)")
EXCHANGE_REALM = N_("Your realm: {realm}")
EXCHANGE_SHORT = N_("only {have}: it takes 3")
EXCHANGE_SAME = N_("the color you give")  # beside it, as the color to get (R-TURN-2)
EXCHANGE_SUGGESTED = N_("give 3 {give} for 1 {get}: a step toward paying the tile")
EXCHANGE_SUGGESTED_PAYS = N_("give 3 {give} for 1 {get}: then the tile is paid")
EXCHANGE_PICK_GIVE = N_("Press the key of the color to give 3 of (r b o g w).")
EXCHANGE_PICK_GET = N_("Press the key of the color to get (r b o g w).")

TOO_SMALL = N_("Orbis needs a terminal of at least {width}×{height}.\nThis one is {w}×{h}.")
TOO_SMALL_HINT = N_("Enlarge the window to go on (q quits; the game is saved).")

UNDONE = N_("Undone.")
UNDONE_WHAT = N_("Taken back: {what}.")  # the words of the plain seat's undo
UNDO_ON_ITS_WAY = N_("Undo already asked: the table answers in a moment.")
NOTHING_TO_UNDO = N_("Nothing to undo: the turn begins here (undo never goes back past a refill).")
SAVE_FAILED = N_("Autosave failed: {error}")
RESUMED = N_("Resumed the saved game.")
BOT_FAILED = N_(
    "{name}, a computer player, stopped with an error ({error}). Nothing was lost: "
    "a person plays this seat from now on."
)
LAYOUT_NOT_LATIN = N_("The key {key} means nothing in Orbis: switch the keyboard layout to Latin.")
IDLE_HANDOVER = N_("The table stays hidden until {name} is ready: press Enter.")
IDLE_EXCHANGE = N_("No exchange now: it takes 3 worshipers of one color.")
IDLE_MUST_GOD = N_("Last turn without a god: take a god (⇧ + its letter), not a tile.")
IDLE_MARKET_EDGE = N_("The market ends there: the cursor stays where it is.")
IDLE_NO_SPOT_THAT_WAY = N_("No spot for this tile that way: it may go only where one is drawn.")
IDLE_MARKET = N_("The market is not open now: finish this turn first.")
IDLE_REFUSE = N_(
    "x has nothing to refuse now: it leaves a tile unpaid or places it as a wilderness,"
    " and declines a village, a volcano or the God of Death."
)
IDLE_COLOR = N_("Color keys choose worshipers; nothing asks for them now.")
IDLE_COLOR_FULL = N_("That color cannot be added: the choice is full or the realm has no more.")
IDLE_CONFIRMING = N_("The turn is done: Enter ends it, u takes back its last step.")

HISTORY_TITLE = N_("History: every turn, by player (Escape or t closes · PgUp/PgDn scroll)")
HISTORY_NONE = N_("no turn yet")
HISTORY_ROUND = N_("R{round:>2}")
HISTORY_TOOK = N_("took {took}")

SCORE_TITLE = N_("CP now, and what is still to come")
SCORE_HEAD: Template = Np_("{name}: {cp} CP now", "{name}: {cp} CP now", "cp")
SCORE_NOW = N_("Counted now")
SCORE_REGIONS = N_("  regions: {cp} CP (printed CP, effects validated)")
SCORE_STONES = N_("  sacred stones: +{cp} CP")
SCORE_WILD: Template = Np_(
    "  1 wilderness: {cp} CP",
    "  {count} wildernesses: {cp} CP",
    "count",
)
SCORE_CANCELLED: Template = Np_(
    "  1 tile canceled: its {cp} CP do not count",
    "  {count} tiles canceled: their {cp} CP do not count",
    "count",
)
SCORE_PROJECTED = N_("Projected, as if the game ended now")
SCORE_TEMPLE: Template = Np_(
    "  temple token: {cp} CP (1 temple tile; others' temples decide the token)",
    "  temple token: {cp} CP ({count} temple tiles; others' temples decide the token)",
    "count",
)
SCORE_NO_TEMPLE = N_("  temple token: none (no temple tile)")
SCORE_NO_GOD = N_("  no god yet")
SCORE_GOD = N_("  {god}: {cp} CP ({reason})")
SCORE_GOD_OPEN = N_("  {god}: 0 CP now, {cp} CP if it comes true ({reason})")
SCORE_GOD_LOST = N_("  {god}: can no longer score its {cp} CP ({reason})")
# A forest's outlook, in the words of the warning before a choice that seals one.
OUTLOOK_FOREST_OPEN: Template = Np_(
    "{tile} (forest, {cp} CP) can still be validated: it needs {missing} more matching neighbor",
    "{tile} (forest, {cp} CP) can still be validated: it needs {missing} more matching neighbors",
    "missing",
)
OUTLOOK_FOREST_LOST = N_(
    "{tile} (forest, {cp} CP) can no longer be validated: matching neighbors {have} of "
    "{need}, and too few spots left beside it"
)
SCORE_FORESTS_MET = N_("  every forest is validated")

SETTINGS_FAILED = N_("Settings could not be saved: {error}")
SETTINGS_TITLE = N_("Settings (saved at once)")
SETTINGS_LOOK = N_("Look")
SETTINGS_CONFIRM = N_("Confirm each turn")
SETTINGS_HANDOVER = N_("Recap of computer moves")
SETTINGS_PACE = N_("Computer pace")
SETTINGS_REVIEW_AHEAD = N_("Prepare the review")
SETTINGS_LANGUAGE = N_("Language")
SETTINGS_ON = N_("yes")
SETTINGS_OFF = N_("no")
SETTINGS_HINT = N_("Tab: next setting · ←→ change · Escape closes")
LOOK_NAMES = {"dark": N_("dark"), "light": N_("light")}
PACE_NAMES = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "instant": N_("instant"),
}
