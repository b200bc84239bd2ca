"""Every text the app shows, in one place, in English: the message ids of the catalogs.

Widgets and screens never spell out a sentence themselves: they take it from here and
translate it where they show it, ``_(texts.HANDOVER_TITLE)`` (``_`` is
:func:`orbis_tui.i18n.gettext`), filling in the numbers with ``str.format``; or with
:func:`fill` for a :data:`Template` that has a singular and a plural form (``fill``
translates). The constants stay English, marked for the catalog (``N_``, ``Np_``), as
every table of texts in the game is: a screen drawn after the language changes speaks
the new one. :data:`KEY` stays in English: Textual fixes a binding's description when
the class is made, and the key bar and the help translate it where they show it. Texts
that come from the rules engine (why an action is illegal, why a tile was cancelled,
scoring reasons) live in :mod:`orbis_tui.words.messages`.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, Np_, choose, format_numbers, gettext

# A template is a sentence, or (singular, plural, name of the number that decides).
Template = str | tuple[str, str, str]


def fill(template: Template, **values: Any) -> str:
    """The sentence of ``template`` with ``values`` filled in, in the language in use and
    the form its number asks."""
    return format_numbers(choose(template, values), **values)


# Keys as the key bar names them: Textual's short names ("pgdn", "^q") in the words of
# the keyboards of each language (German "Bild↓", "Strg+Q").
KEY_NAMES = {"pgdn": N_("PgDn"), "pgup": N_("PgUp"), "esc": N_("Esc")}
CTRL_KEY = N_("Ctrl+{key}")


def key_shown(display: str) -> str:
    """A key as Textual displays it (``pgdn``, ``^q``), named as the language does."""
    if display in KEY_NAMES:
        return gettext(KEY_NAMES[display])
    if len(display) == 2 and display.startswith("^"):
        return gettext(CTRL_KEY).format(key=display[1].upper())
    if display[:1] == "f" and display[1:].isdigit():  # a function key, as printed on it
        return display.upper()
    return display


def level_name(level: str) -> str:
    """A computer level (``"hard"``) in the language in use."""
    return gettext(LEVEL_NAMES.get(level, level))


APP_TITLE = "Orbis"

# ---------------------------------------------------------------- colors and things
COLOR_NAMES = (N_("red"), N_("blue"), N_("orange"), N_("green"), N_("white"))
ANY_WORD = N_("any")
MYSTIC = N_("mystic value {mystic}")
GOD_NO_SUMMARY = N_("scores {cp} CP")
FREE = N_("free")
CP = N_("{cp}cp")
CP_LONG = N_("{cp} CP")
TAKEN_CELL = N_("(taken)")

EFFECT_SHORT = {
    "none": "–",
    "gain": "+{count}{color}",
    "gain_any": N_("+1 any"),
    "stone": N_("stone +1"),
    "farm": N_("farm {color}"),
    "village": N_("village {count}"),
    "forest": N_("forest {count}×{colors}"),
    "volcano": N_("volc {remove}"),
    "irrigation": N_("irrig {color}"),
    "temple": N_("temple"),
}
EFFECT_LONG: dict[str, Template] = {
    "none": N_("no effect"),
    "gain": N_("gain {count}{color}"),
    "gain_any": N_("gain 1 of any color"),
    "stone": N_("sacred stone: +1 CP"),
    "farm": N_("farm: {color_word} symbols cost nothing"),
    "village": Np_(
        "village: return {count} worshiper", "village: return {count} worshipers", "count"
    ),
    "forest": Np_(
        "forest: {count} neighbor {colors_words}",
        "forest: {count} neighbors {colors_words}",
        "count",
    ),
    "volcano": N_("volcano: clear {remove_words} off the market"),
    "irrigation": N_("irrigation: needs {color_word} beneath"),
    "temple": N_("temple: a token at the end"),
}
# Four letters for a tile inside a small pyramid hex.
EFFECT_TINY = {
    "none": "",
    "gain": "+{count}{color}",
    "gain_any": "+1?",
    "stone": N_("ston"),
    "farm": N_("f{color}"),
    "village": N_("vil{count}"),
    "forest": N_("for{count}"),
    "volcano": N_("volc"),
    "irrigation": N_("irr{color}"),
    "temple": N_("tmpl"),
}
WILD_TINY = N_("wild")
WILD_NAME = N_("wilderness")
CANCELLED_TINY = "×"
SPOT_HERE = N_("here")

# ---------------------------------------------------------------- the status line
ROUND = N_("Round {round}/{rounds}")
PHASE = {
    "turn": N_("Take a region tile from the market or a god"),
    "turn_must_god": N_("Last turn and no god yet: take a god"),
    "pay": N_("Pay {cost} (or leave it wild)"),
    "place": N_("Phase 4 - place {tile}"),
    "place_wild": N_("Phase 4 - place the wilderness"),
    "gain": N_("Phase 5 - choose the gained worshiper's color"),
    "village": N_("Phase 5 - village: return {count} or cancel it"),
    "volcano": N_("Phase 5 - volcano: remove {remove} or cancel it"),
    "love": N_("Goddess of Love - choose 5 worshipers"),
    "death": N_("God of Death - return 6 worshipers, or he scores nothing"),
    "over": N_("The game is over"),
    "confirm": N_("Your turn is done: Enter ends it, u takes it back"),
}
PHASE_DISCARD: Template = Np_(
    "Phase 6 - return {count} worshiper (limit 10)",
    "Phase 6 - return {count} worshipers (limit 10)",
    "count",
)

# ---------------------------------------------------------------- key descriptions
KEY = {
    "take": N_("Take"),
    "take_cell": N_("Take at once"),  # the digits: the tile of that market cell
    "take_god": N_("Take god"),
    "pay": N_("Pay"),
    "wild": N_("Wilderness"),
    "wild_now": N_("Wilderness"),
    "place": N_("Place"),
    "toggle_wild": N_("As wilderness"),
    "toggle_colored": N_("As the tile"),
    "choose": N_("Confirm"),
    "return": N_("Return"),
    "decline": N_("Cancel effect"),
    "decline_god": N_("Cancel god"),
    "erupt": N_("Erupt"),
    "gain": N_("Gain"),
    "love": N_("Gain"),
    "discard": N_("Return"),
    "exchange": N_("Exchange"),
    "undo": N_("Undo"),
    "hurry": N_("Skip ahead"),
    "players": N_("Players"),
    "help": N_("Help"),
    "quit": N_("Quit"),
    "close": N_("Close"),
    "exchange_suggested": N_("Exchange"),
    "cancel": N_("Cancel"),
    "ready": N_("Ready"),
    "save": N_("Save record"),
    "new": N_("New game"),
    "start": N_("Start"),
    "resume": N_("Resume"),
    "theme": N_("Light/dark"),
    "next": N_("Next"),
    "previous": N_("Previous"),
    "up": N_("Up"),
    "down": N_("Down"),
    "left": N_("Left"),
    "right": N_("Right"),
    "god": N_("God"),
    "end_turn": N_("End turn"),
    "exchange_now": N_("Exchange"),
    "pay_anyway": N_("Pay anyway"),
    "history": N_("History"),
    "score": N_("Score"),
    "settings": N_("Settings"),
    "scroll": N_("More"),
    "panel_more": N_("Read on"),
    "panel_back": N_("Read back"),
    "since": N_("Since your turn"),
    "mistakes_more": N_("More mistakes"),
}

# ---------------------------------------------------------------- the decision panel
PANEL_HINT_TURN = N_("←↑↓→/hjkl move · 1-9 take · ⇧+letter god")
PANEL_HINT_CHOOSE = N_("r b o g w add one · ⇧+letter take one out")
PANEL_HINT_GAIN = N_("r b o g w choose the color")
PANEL_HINT_VOLCANO = N_("↑↓ other ways to take them")
PANEL_COLLECT = N_("collect {worshipers}")
PANEL_COLLECT_NONE = N_("nothing to collect")
PANEL_COST = N_("cost {cost}")
PANEL_COST_SAVED = N_("(farms save {saved})")
PANEL_AFFORDABLE = N_("✓ you can pay it")
PANEL_EXCHANGES: Template = Np_(
    "✗ not yet: 1 exchange of 3-for-1 would pay it",
    "✗ not yet: {count} exchanges of 3-for-1 would pay it",
    "count",
)
PANEL_UNAFFORDABLE = N_("✗ cannot pay: it would be a wilderness")
TAKE_UNPAYABLE = N_(
    "! Cell {cell}: nothing pays this tile, not even exchanges: taken, it becomes a "
    "wilderness ({points} CP). Press Enter or {cell} again to take it anyway."
)
TAKE_UNPAYABLE_FREE = N_(
    "! Cell {cell}: nothing pays this tile, not even exchanges: taken, it becomes a "
    "wilderness. Press Enter or {cell} again to take it anyway."
)
PANEL_SPOTS: Template = Np_(
    "1 spot for it · {wild} for a wilderness",
    "{count} spots for it · {wild} for a wilderness",
    "count",
)
PANEL_GOD = N_("{name} · {cp} CP")
PANEL_GOD_ENDS = N_("Taking a god is your whole turn.")
PANEL_BLOCKED = "✗ {reason}"
PANEL_PAY_TITLE = N_("Pay for {tile}: {cost}")
PANEL_PAY_ANY = N_("{count} 'any' paid with: {chosen}")
PANEL_PAY_LEFT = N_("realm after paying: {realm}")
PANEL_PAY_NO = N_("✗ Pay: {reason}")
PANEL_PAY_EXCHANGE: Template = Np_(
    "Enter or e: 1 exchange of 3-for-1 pays it",
    "Enter or e: {count} exchanges of 3-for-1 pay it",
    "count",
)
PANEL_PLACE_TITLE: Template = Np_("Place {tile} (1 spot)", "Place {tile} ({count} spots)", "count")
PANEL_PLACE_WILD_TITLE: Template = Np_(
    "Place the wilderness (1 spot)",
    "Place the wilderness ({count} spots)",
    "count",
)
PANEL_PLACE_AT = "▸ {spot}"
PANEL_PLACE_NOT = "✗ {spot}: {reason}"
PANEL_PLACE_FORCED = N_("✗ no spot for its color: wilderness only")
PANEL_GAIN_TITLE = N_("Gain 1 worshiper of any color: {chosen}")
PANEL_VILLAGE_TITLE: Template = Np_(
    "Village: return 1 of your worshipers",
    "Village: return {count} of your worshipers",
    "count",
)
PANEL_DEATH_TITLE = N_("God of Death: return 6 of your worshipers")
PANEL_DISCARD_TITLE = N_("Realm holds {have}: return {count} to keep 10")
PANEL_LOVE_TITLE = N_("Goddess of Love: gain 5 worshipers")
PANEL_CHOSEN = N_("chosen: {chosen} ({count})")
# Which of the ways to take the worshipers is shown: a choice, never a count of removals.
PANEL_VOLCANO_TITLE = N_("Volcano: remove {remove} · way {index} of {total}")
PANEL_VOLCANO_FROM = N_("from cell {cell}: {worshipers}")
PANEL_OVER = N_("The game is over.")
PANEL_BOT = N_("{name} ({level}) is choosing…")
PANEL_WAITING = N_("{name} is choosing, at their own screen…")
PANEL_MISTAKE = "✗ {reason}"
PANEL_WARNING = "! {message}"
PANEL_NOTE = "· {message}"
PANEL_MORE = N_("▾ more: press + or ] (- or [ to go back)")
PANEL_MORE_COACH = N_("▾ more: press + or ] · c: the coach")
PANEL_MORE_IN_COACH = N_("▾ more: press + or ] · or the coach, at the right")
# a page of a panel scrolled with its keys ({next} and {back}: + and -): {page} of {pages}
PANEL_PAGE_MORE = N_("▾ {next} more · {back} back ({page}/{pages})")
PANEL_PAGE_END = N_("▴ {back} back · the end ({page}/{pages})")
IDLE_PANEL_SCROLL = N_("Nothing more in the panel that way.")
SINCE_TITLE: Template = Np_(
    "Since {name}'s last turn: 1 turn",
    "Since {name}'s last turn: {count} turns",
    "count",
)
SINCE_AWAY_TITLE: Template = Np_(
    "While you were away, {name}: 1 turn",
    "While you were away, {name}: {count} turns",
    "count",
)
HANDOVER_SINCE_KEY = N_("d: every turn since yours, in full")
# the browser page's list of the decision panel's lines, for a screen reader
PAGE_DECISION = N_("The decision at hand")
IDLE_SINCE = N_("Nobody has played since your last turn.")
PANEL_WILD_IF = N_("x: leave it unpaid, a wilderness:")
PANEL_PAY_ANYWAY = N_("y: pay anyway")
PANEL_REFUSE_IF = N_("x: refuse:")

CONFIRM_TITLE = N_("Your turn is done:")
SUMMARY_TOOK = N_("took {took}")
SUMMARY_HEAD = N_("{name} took {took}")
SUMMARY_GOD = N_("the {god}")
SUMMARY_NOTHING = N_("nothing")
SUMMARY_CP = N_("CP now: {before} → {after}")
SUMMARY_REALM = N_("worshipers: {before} → {after}")
# What the turn made impossible for the player's own tiles or god (the outlook's words).
SUMMARY_GOD_LOST = N_("Your {god} can no longer score its {cp} CP: {reason}.")


# ---------------------------------------------------------------- side panels
PLAYER_REALM = "{count}/{limit}"
PLAYER_FARMS = N_("farms {farms}")
PLAYER_NO_FARMS = N_("farms –")
PLAYER_NO_GOD = N_("no god yet")
PLAYER_GOD_CANCELLED = N_("{god} (canceled)")
PLAYER_GOD_CANCELLED_SHORT = "{god}×"
PLAYER_SCORE = N_("{cp} CP now")
PLAYER_LINE = N_("{tiles:>2}/{pyramid} {worshipers:>2}w {god:<7} {cp:>3} CP")
COMPUTER_MARK = "⚙"
LOG_TITLE = N_("Game log")
LOG_NEWER = Np_("↓ {count} newer line below (PgDn)", "↓ {count} newer lines below (PgDn)", "count")
PLAYERS_TITLE = N_("Players")
PYRAMID_EMPTY = N_("(no tiles yet)")

SUPPLY_GODS = N_("Gods")
SUPPLY_NO_GODS = N_("Gods: none left")
SUPPLY_TEMPLES = N_("Temples")
SUPPLY_PILES = N_("Piles")
SUPPLY_PILE = "{stars}{count}"

# ---------------------------------------------------------------- the game log

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
HANDOVER_TO_YOU = N_("What it did to you, {name} (CP now: {before} → {after}):")
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
NEW_FINISHED = N_("The last game was finished; its record stays until a new game starts.")
NEW_KEYS = N_("Tab moves between fields · Enter starts · ? help · q quit")

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
END_GOD = N_("God")
END_TOTAL_ROW = N_("Total")

# ---------------------------------------------------------------- questions and records
QUESTION_HINT = N_("←/→ choose · Enter answers · Escape: the last answer")
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
PLAYERS_COMPUTER = N_("⚙ computer, {level}")

EXCHANGE_TITLE = N_("Exchange 3-for-1")
EXCHANGE_GIVE = N_("Give 3 of which color? (r b o g w, Escape cancels)")
EXCHANGE_GET = N_("Give 3 {give} for 1 of which color? (r b o g w, Escape goes back)")
EXCHANGE_REALM = N_("Your realm: {realm}")
EXCHANGE_SHORT = N_("only {have}: it takes 3")
EXCHANGE_SAME = N_("the color you give")  # beside it, as the color to get (R-TURN-2)
EXCHANGE_SUGGESTED = N_("give 3 {give} for 1 {get}: a step toward paying the tile")
EXCHANGE_PICK_GIVE = N_("Press the key of the color to give 3 of (r b o g w).")
EXCHANGE_PICK_GET = N_("Press the key of the color to get (r b o g w).")

TOO_SMALL = N_("Orbis needs a terminal of at least {width}×{height}.\nThis one is {w}×{h}.")
TOO_SMALL_HINT = N_("Enlarge the window to go on (q quits; the game is saved).")

UNDONE = N_("Undone.")
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
SETTINGS_LANGUAGE = N_("Language")
SETTINGS_ON = N_("yes")
SETTINGS_OFF = N_("no")
SETTINGS_HINT = N_("Tab: next setting · ←→ change · Escape closes")
LOOK_NAMES = {"dark": N_("dark"), "light": N_("light")}
# The computer players' levels as a player reads them (a level missing here is shown
# by its own name).
LEVEL_NAMES = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
PACE_NAMES = {
    "slow": N_("slow"),
    "normal": N_("normal"),
    "fast": N_("fast"),
    "instant": N_("instant"),
}

# ---------------------------------------------------------------- help
HELP_TITLE = N_("Help")
HELP_COLOR_KEY = N_("{color} (key {key})")  # a color and the key that chooses it
# ... in a language whose own color letters differ from the Latin keys: both keys work
HELP_COLOR_KEYS = N_("{color} (keys {own} and {key})")
HELP_CLOSE = N_("Escape or ? closes · arrows and PgUp/PgDn scroll")

# The player's guide: (heading, text, the rules it sums up).
HELP_GUIDE: tuple[tuple[str, str, str], ...] = (
    (
        N_("The goal"),
        N_(
            "Build a pyramid of 14 region tiles (5, 4, 3 and 2 in its rows) and end the game "
            "with the most creation points (CP). The game lasts 15 rounds: in each, every "
            "player takes one region tile, or one god. Everyone takes exactly one god."
        ),
        "R-TURN-1, R-END-5",
    ),
    (
        N_("A turn"),
        N_(
            "Take a tile from the 3×3 market. The tiles beside it (not diagonally) each get a "
            "worshiper of its color; you collect the worshipers lying on it; you pay its cost "
            "from your realm (or leave it unpaid, and it becomes a wilderness); you place it "
            "in your pyramid, and its effect applies. Then your realm keeps at most 10 "
            "worshipers and the empty cell is refilled. At any moment of your turn you may "
            "exchange 3 worshipers of one color for 1 of another (e)."
        ),
        "R-TAKE-1..7, R-TURN-2, R-TURN-3",
    ),
    (
        N_("The pyramid"),
        N_(
            "The bottom row grows from its left or right end, up to 5 tiles. A tile higher up "
            "rests on two tiles of the row below, and at least one of them must share its "
            "color. A wilderness matches every color and fits anywhere a tile could go, so a "
            "turn never gets stuck; it scores -1 CP at the end."
        ),
        "R-PLACE-1..6, R-END-2",
    ),
    (
        N_("Effects"),
        N_(
            "Proselytism gains worshipers; a sacred stone adds 1 CP; a farm gives the "
            "reduction token of the color printed on it (that color's symbols cost you "
            "nothing from then on); a village asks you to give back worshipers; a volcano "
            "removes worshipers from the market; an irrigation needs the color shown beneath "
            "it (never in the bottom row); a forest scores only with enough neighbors of the "
            "colors shown; a temple earns a temple token at the end. A village, volcano or "
            "irrigation that fails is canceled and scores nothing: the table warns you "
            "before you choose (lines marked !)."
        ),
        "R-EFF-*",
    ),
    (
        N_("Gods"),
        N_(
            "Taking a god is a whole turn. Each god scores its CP at the end when its "
            "condition is met; the ones in this game are listed below the market "
            "(⇧ + letter selects one and shows what it does)."
        ),
        "R-GOD-1, R-GOD-2",
    ),
    (
        N_("Scoring"),
        N_(
            "Each tile scores its printed CP unless it is a wilderness, canceled, or a forest "
            "not validated; add the temple tokens (more temple tiles choose first) and your "
            "god. 'CP now' counts as if the game ended now: v shows what it is made of."
        ),
        "R-END-1..5",
    ),
)
HELP_RULE_REFS = N_("rules {rules}")
HELP_CELL_TITLE = N_("A market cell")
HELP_CELL: tuple[tuple[str, str], ...] = (
    ("┌5───────────!┐", N_("its number; ! in the corner: taking it loses something")),
    (N_("│ R ★★    2cp │"), N_("color letter, level in stars, creation points")),
    (N_("│ volc 2B     │"), N_("its effect: this volcano removes 2B from the market")),
    (N_("│ RR?  1B+1W  │"), N_("cost (? = any color) · worshipers lying on it: 1B,")),
    ("└─────────────┘", N_("  and +1W: what taking the selected tile would add")),
)
HELP_CELL_CROWDED = N_(
    "● marks the worshipers lying on a tile. A crowded cell gives only their number, "
    "5●: select it (arrows) and the panel lists them by color (collect …)."
)
HELP_NOTATION = N_(
    "Worshipers are always written count then color: 2R 3W is two red and three white. "
    "White tiles also carry a mystic value, used only to break temple ties."
)
HELP_GODS_TITLE = N_("The gods")
HELP_KEYS_TITLE = N_("Keys")
HELP_KEYS: tuple[tuple[str, str], ...] = (
    (
        N_("arrows / h j k l"),
        N_("move the market cursor, or between pyramid spots (nearest that way)"),
    ),
    (
        "1 … 9",
        N_(
            "take the tile in that market cell at once (one that nothing pays, not even "
            "exchanges, warns first: press again to take it)"
        ),
    ),
    (N_("Enter"), N_("do what the panel proposes: take, pay, place, confirm; end the turn")),
    (N_("⇧ + letter"), N_("select a god (its letter is shown beside it); Enter takes it")),
    (N_("x"), N_("refuse: leave the tile unpaid (wilderness), cancel an effect or the god")),
    (N_("r b o g w"), N_("add a worshiper of that color to the choice being made")),
    (N_("⇧R ⇧B ⇧O ⇧G ⇧W"), N_("take one of that color out of the choice")),
    (N_("e"), N_("exchange 3 worshipers of one color for 1 of another, any time in your turn")),
    (N_("u"), N_("undo the last step of this turn, until the turn is ended")),
    (N_("f"), N_("while the computer plays: skip ahead to the next person's turn")),
    (N_("p"), N_("every player's pyramid and realm")),
    (N_("t"), N_("the history: every turn of the game, by player")),
    (N_("v"), N_("what your CP now is made of, and what is still projected")),
    (N_("c"), N_("the coach: what the decision asks and why an option is not open")),
    (N_("a"), N_("a hint: the three best options and their expected margin; 1-3 plays one")),
    (N_("r"), N_("on the end screen: review the game move by move, mistakes and all")),
    (
        N_("← → PgUp PgDn"),
        N_("in the review: the move before or after, the turn before or after"),
    ),
    (
        N_("m / n"),
        N_("in the review: the biggest mistakes one by one / the next mistake in order"),
    ),
    (N_("PgUp / PgDn"), N_("scroll the game log (or the coach); the mouse wheel too")),
    (
        N_("+ / - or ] / ["),
        N_("the panel's next page / the page before (also the turn summary, the review)"),
    ),
    (
        N_(". / , or } / {"),
        N_("in the review: the list of mistakes' next page / the page before"),
    ),
    (N_("d"), N_("every turn played since your last one, whole")),
    (
        "/",
        N_(
            "at a table played apart: the table's messages; type one and Enter sends it "
            "(/mute NAME, /unmute NAME in it)"
        ),
    ),
    (
        N_("s"),
        N_(
            "settings: the look, confirming each turn, the recap of computer moves, the "
            "computers' pace, the language"
        ),
    ),
    (N_("n / ctrl+n"), N_("set up a new game (the one in progress stays saved)")),
    (N_("Enter / Space"), N_("on the hand-over curtain: the next player is ready")),
    ("?", N_("this help")),
    (N_("ctrl+t"), N_("switch between the dark and the light look")),
    (N_("q"), N_("quit; the game is saved after every step and opens again where it stopped")),
    (
        N_("q in a browser"),
        N_(
            "asks first; q again or Enter on Quit ends the session, Restart opens it again. "
            "Use q: some browsers take ctrl+q for themselves (Firefox quits at once)"
        ),
    ),
    (
        N_("mouse"),
        N_("click a market cell, a god or a pyramid spot to select it; click again to act"),
    ),
)
HELP_COLORS_TITLE = N_("Colors")
HELP_COLORS = N_(
    "Each color always shows its letter: R red, B blue, O orange, G green, W white. "
    "'?' in a cost is a symbol any color can pay. Stars give a tile's level."
)
HELP_RULES_TITLE = N_("Rule references")

# One entry per rule id, written for this app.
RULES: tuple[tuple[str, str], ...] = (
    (
        "R-COMP-1",
        N_(
            "There are 65 region tiles over three levels (20, 20 and 25). A tile has a color, "
            "a level in stars, a cost, maybe an effect and creation points (CP). White tiles "
            "also have a mystic number, used only to break temple ties."
        ),
    ),
    (
        "R-COMP-2",
        N_(
            "Two marked sets of 14 tiles (white star, purple star) are added for 3 or 4 players; "
            "the 37 unmarked tiles are always in play."
        ),
    ),
    (
        "R-COMP-3",
        N_(
            "Beside the regions: 10 gods, 5 temple tokens (2, 4, 7, 9, 11 CP), one reduction "
            "token per color, and cancellation markers."
        ),
    ),
    ("R-COMP-4", N_("Worshipers come in the five colors and never run out.")),
    ("R-COMP-5", N_("Turned over, every region tile is a wilderness.")),
    (
        "R-SETUP-1",
        N_("Each level is shuffled into its own pile; nine level-1 tiles form the 3×3 market."),
    ),
    (
        "R-SETUP-2",
        N_(
            "Some gods are drawn for the game (3, 4 or 5 for 2, 3 or 4 players); the rest "
            "are not used."
        ),
    ),
    (
        "R-SETUP-3",
        N_(
            "Everyone starts with no tiles and no worshipers. The table picks who starts (or "
            "lets the app draw); turns then go round in seat order."
        ),
    ),
    (
        "R-SETUP-4",
        N_("The piles run out exactly with the last turn, and the market always shows nine tiles."),
    ),
    (
        "R-TURN-1",
        N_(
            "15 rounds. On a turn you take one market tile or one god. Everyone takes exactly "
            "one god per game; whoever reaches the last turn without one must take one then."
        ),
    ),
    (
        "R-TURN-2",
        N_(
            "During your own turn, as often as you like, you may give back 3 worshipers of one "
            "color to get 1 worshiper of another (key e)."
        ),
    ),
    (
        "R-TURN-3",
        N_(
            "When a turn ends the realm may hold at most 10 worshipers; you pick which extra "
            "ones go back."
        ),
    ),
    (
        "R-TAKE-1",
        N_(
            "Generate: each market tile beside the chosen one (not diagonally) gets one "
            "worshiper of the chosen tile's color."
        ),
    ),
    ("R-TAKE-2", N_("Collect: the worshipers lying on the chosen tile join your realm.")),
    (
        "R-TAKE-3",
        N_(
            "Pay the cost from your realm, freshly collected worshipers included; '?' takes "
            "any color you like. A farm waives the symbols of the color printed on it, never '?'. "
            "Unpaid, the tile becomes a wilderness."
        ),
    ),
    (
        "R-TAKE-4",
        N_(
            "Place the tile in your pyramid. If it fits nowhere as itself, or you prefer, it "
            "goes in as a wilderness and any payment is lost."
        ),
    ),
    ("R-TAKE-5", N_("A placed tile that is not a wilderness applies its effect right away.")),
    ("R-TAKE-6", N_("Then the realm limit of 10 applies.")),
    (
        "R-TAKE-7",
        N_(
            "The empty market cell is refilled from the level-1 pile, then level 2, then "
            "level 3; the new tile arrives bare. Undo stops here."
        ),
    ),
    (
        "R-PLACE-1",
        N_(
            "The bottom row holds up to 5 tiles in an unbroken line. The first tile goes "
            "anywhere; each later one extends the line at its left or right end."
        ),
    ),
    (
        "R-PLACE-2",
        N_(
            "Rows 2, 3 and 4 hold 4, 3 and 2 tiles. A tile above the bottom row sits on two "
            "side-by-side tiles of the row below."
        ),
    ),
    (
        "R-PLACE-3",
        N_(
            "Above the bottom row, at least one of the two tiles underneath must share the "
            "new tile's color. A wilderness matches every color, above and below."
        ),
    ),
    (
        "R-PLACE-4",
        N_("You may start an upper row before a lower one is full, and upper rows may have gaps."),
    ),
    ("R-PLACE-5", N_("A wilderness always has somewhere to go, so a turn never gets stuck.")),
    (
        "R-PLACE-6",
        N_(
            "Neighbors share an edge: left and right in the row, the two below and the two "
            "above. Up to six."
        ),
    ),
    (
        "R-EFF-FARM",
        N_(
            "Farm (orange): take the reduction token of the color shown; from then on that "
            "color's symbols in costs are free for you."
        ),
    ),
    (
        "R-EFF-VILLAGE",
        N_(
            "Village (orange): give back the number of worshipers shown, colors of your "
            "choice, or the village is canceled."
        ),
    ),
    (
        "R-EFF-FOREST",
        N_(
            "Forest (green): at the end it scores only if enough of its neighbors show one of "
            "the colors named on it (a wilderness counts)."
        ),
    ),
    (
        "R-EFF-VOLCANO",
        N_(
            "Volcano (red): remove the worshipers shown from the other market tiles, choosing "
            "where from. All of them or none; none means the volcano is canceled."
        ),
    ),
    (
        "R-EFF-IRRIGATION",
        N_(
            "Irrigation (blue): one of the two tiles underneath must have the color shown "
            "(a wilderness counts); otherwise, and always in the bottom row, it is canceled."
        ),
    ),
    ("R-EFF-TEMPLE", N_("Temple (white): earns a temple token at the end.")),
    (
        "R-EFF-GAIN",
        N_("Proselytism: gain 1 or 2 worshipers of the color shown, or 1 of any color you pick."),
    ),
    ("R-EFF-STONE", N_("Sacred stone: 1 extra CP at the end.")),
    (
        "R-GOD-1",
        N_(
            "Gods that reward the most of something compare all players and share ties; you "
            "need at least one. Fewest wilderness tiles counts zero as fewest."
        ),
    ),
    (
        "R-GOD-2",
        N_(
            "A god turn follows the usual end-of-turn rules: exchanges are allowed and the "
            "realm limit applies (the Goddess of Love can push you over it)."
        ),
    ),
    (
        "R-END-1",
        N_(
            "Each tile scores its printed CP unless it is a wilderness, canceled, or a forest "
            "that is not validated."
        ),
    ),
    ("R-END-2", N_("Each wilderness costs 1 CP, or nothing with the Goddess of Idleness.")),
    (
        "R-END-3",
        N_(
            "Temple tokens: players with more temple tiles choose first (ties go to the higher "
            "mystic number) and each takes the best token left. No temple, no token."
        ),
    ),
    ("R-END-4", N_("Add your god's CP, when its condition is met.")),
    (
        "R-END-5",
        N_(
            "Most CP wins; a tie goes to whoever has more worshipers left; still tied, the "
            "victory is shared."
        ),
    ),
)

# The gods' own keys and short names for narrow screens.
GOD_SHORT = {
    "love": N_("Love"),
    "apprentice": N_("Appr."),
    "oceans": N_("Oceans"),
    "idleness": N_("Idle"),
    "fire": N_("Fire"),
    "technology": N_("Tech"),
    "nature": N_("Nature"),
    "equilibrium": N_("Equil."),
    "harvests": N_("Harvest"),
    "death": N_("Death"),
}

# ---------------------------------------------------------------- learning to play
# The lessons themselves (steps, rule explanations, phase texts) are data, in
# data/walkthrough.toml; these are the app's own words around them.
KEY.update(
    {
        "lesson_next": N_("Next"),
        "lesson_back": N_("Step back"),
        "lesson_leave": N_("Leave"),
        "lesson_scroll": N_("More of the lesson"),
        "coach": N_("Coach"),
        "learn": N_("Learn to play"),
        "back_to_game": N_("Back to the game"),
    }
)
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
KEY.update(
    {
        "hint": N_("Hint"),
        "play_hint": N_("Play it"),
        "review": N_("Review"),
        "stop": N_("Stop"),
        "mistake": N_("Next mistake"),
        "mistakes": N_("Biggest"),
        "step_back": N_("Back"),
        "step_on": N_("Move"),
        "turn_back": N_("Turn back"),
        "turn_on": N_("Turn"),
    }
)
HINT_TITLE = N_("Hint for {name}")
HINT_THINKING = N_("Thinking… (Esc stops)")
HINT_STOPPED = N_("The hint was stopped.")
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
REVIEW_NOT_RUN = N_("Without analysis: the game only.")
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
REVIEW_PENDING = N_("Not judged yet: the analysis is still running.")
REVIEW_UNJUDGED = N_("Not judged (the analysis was stopped before it).")
REVIEW_END = N_("The game ends here.")
REVIEW_LESSON = N_("The lesson of the game for {name}:")
REVIEW_MISTAKES_MORE = N_("▾ more: press . or } (, or { to go back)")
REVIEW_KEPT_DAMAGED = N_("The review kept from before could not be used ({note}): analyzing again.")
REVIEW_KEPT_FAILED = N_("The review could not be kept for next time ({error}).")
REVIEW_UNFINISHED = N_("The record stops here: the game was not finished.")
REVIEW_MISTAKES_TITLE = N_("Biggest mistakes (m next · n in order)")
REVIEW_MISTAKE_LINE = N_("round {round} {name}: −{loss:.1f} CP")
REVIEW_NO_MISTAKES = N_("No clear mistake found.")
REVIEW_NO_MISTAKES_YET = N_("Mistakes show here once the analysis has judged them.")
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
REVIEW_WAIT_TO_JUMP = N_("No mistake judged yet: the analysis is still running.")
REVIEW_AT_START = N_("This is the start of the game.")
REVIEW_AT_END = N_("This is the end of the record.")

# ---------------------------------------------------------------- a table played apart
KEY.update(
    {"stand_in": N_("A computer for an absent player"), "take_back": N_("Take the seat back")}
)
JOIN_REPLACED = N_(
    "This seat was opened in another place (another terminal or browser tab), which plays "
    "it now. Enter takes it back here; q quits."
)
JOIN_CONNECTING = N_("Connecting to the table…")
JOIN_NOT_CONNECTED = N_("Not connected to the table: connecting again…")
JOIN_LOST = N_("The connection to the table was lost: connecting again…")
JOIN_BACK = N_("Connected to the table again.")
JOIN_UNREADABLE = N_("The table server sent a table this version cannot read: {error}")
JOIN_SEEDED = N_(
    "This table was dealt from a seed given to the server (for tests or replays): whoever "
    "knows the seed knows the order of the piles."
)
PANEL_AWAY = N_("{name} is away. m: let a computer play for them until they return.")
PANEL_AWAY_GRACE = N_(
    "{name} is away. If they are not back in {seconds} s, m lets a computer play for them."
)
STAND_IN_TITLE = N_("An absent player")
STAND_IN_QUESTION = N_("{name} is away. Which computer level plays for them until they return?")
STAND_IN_WAIT = N_("Wait for them")
STAND_IN_STARTED = N_("{level} plays for {name} until they return.")
SEAT_AWAY = N_("{name} has left the table.")
SEAT_AWAY_GRACE = N_(
    "{name} has left the table: their seat can be handed to a computer in {seconds} s "
    "if they do not return."
)
SEAT_BACK = N_("{name} is back at the table.")
# The turn clock (a table dealt with a time per turn) and the rematch at the end.
KEY.update(
    {
        "seat_back": N_("Take my seat back"),
        "rematch": N_("Rematch"),
        "rematch_yes": N_("Accept the rematch"),
        "rematch_no": N_("Decline the rematch"),
    }
)
CLOCK_LEFT = N_("{name}: {time} left")
CLOCK_SHORT = N_("{time} left")  # on the status line, after the name of the seat to move
CLOCK_NONE = N_("This table has no time per turn.")
CLOCK_DAYS: Template = Np_("{days} day {rest}", "{days} days {rest}", "days")
CLOCK_RAN_OUT = N_("{name}'s time ran out: {level} plays for them until they take their seat back.")
CLOCK_MINE_RAN_OUT = N_("Your time ran out: {level} plays for you. m takes your seat back.")
REMATCH_ASKED = N_("{name} asks for a rematch: n accepts, x declines.")
REMATCH_WAITING = N_("Rematch: waiting for {names} to accept.")
REMATCH_DECLINED = N_("{name} declined the rematch.")
REMATCH_DEALT = N_("The rematch is dealt: the same seats at a new table.")


def clock_words(seconds: int) -> str:
    """A turn's time left: 1:05, 1:02:03, or in days and hours."""
    seconds = max(0, seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return fill(CLOCK_DAYS, days=days, rest=f"{hours}:{minutes:02d}")
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


YOUR_TURN_TITLE = N_("Orbis: your turn")
REFUSED_TEXTS = {
    "not-your-turn": N_("It is not your turn (R-TURN-1)."),
    "stale": N_("The table moved on meanwhile: look again."),
    "illegal": N_("The table refused this action."),
    "no-undo": N_("Nothing to undo in this turn."),
    "watching": N_("You are watching: you cannot play."),
    "not-absent": N_("That player is at the table."),
    "too-soon": N_("That player may still come back: wait until their seat can be handed over."),
    "unknown-level": N_("The table server has no such computer level."),
    "not-over": N_("A rematch can be asked for once the game is over."),
    "no-rematch": N_("There is no rematch to answer."),
    "store-away": N_(
        "The table server cannot reach its database just now: your action was not kept. "
        "Try again in a moment."
    ),
    "chat-too-long": N_("A message holds at most {limit} characters: it was not sent."),
    "chat-too-fast": N_("Too many messages: wait {seconds} s before the next one."),
}
BYE_TEXTS = {
    "bad-token": N_("This link opens no seat at this table server (copy the whole link)."),
    "replaced": N_("This seat was opened from another place: this screen is closed."),
    "bad-message": N_("The table server closed the connection: {reason}"),
    "shutdown": N_("The table server is stopping."),
    "too-slow": N_("The connection was too slow."),
    "too-fast": N_("The table server closed the connection: it sent too many messages."),
    "store-away": N_("The table server cannot reach its database just now: connecting again…"),
    "link-reissued": N_(
        "The host gave this seat a new link: this one opens it no more. Ask the host for it."
    ),
}


def refusal_text(code: str, reason: str, *, limit: int = 0, wait: int = 0) -> str:
    """A server's ``refused`` message in this language (the server's own words for a
    code this version does not know); ``limit`` and ``wait`` fill a refused message's."""
    if code not in REFUSED_TEXTS:
        return reason
    return gettext(REFUSED_TEXTS[code]).format(limit=limit or 200, seconds=max(wait, 1))


# The table's messages (chat) and the turn's alert away from the screen.
KEY.update({"chat": N_("Chat")})
CHAT_TITLE = N_("Messages at the table")
CHAT_PLACEHOLDER = N_("A message to the table: Enter sends it, Escape closes")
CHAT_HINT = N_(
    "/mute NAME hides a player's messages on this screen; /unmute NAME shows them again."
)
CHAT_NONE = N_("Nothing said yet.")
CHAT_WATCHING = N_("You are watching: you read the table's messages, and write none.")
# A message in the game log and on the chat screen: who said it, and what.
CHAT_LINE = N_("» {name}: {text}")
CHAT_TOO_LONG = N_(
    "A message holds at most {limit} characters; this one has {length}. "
    "Nothing was sent: shorten it."
)
CHAT_MUTED = N_("{name}'s messages are hidden on this screen (/unmute {name} shows them).")
CHAT_UNMUTED = N_("{name}'s messages are shown again.")
CHAT_NO_SUCH_SEAT = N_("No other player is called {name}: the others are {names}.")
NOTIFY_TEXT = N_("Orbis: your turn, {name}")
NOTIFY_FAILED = N_("The notify command could not be run: {error}")
SETTINGS_BROWSER_NOTIFY = N_("Turn notification")  # the desktop's, in a browser
SETTINGS_BROWSER_SOUND = N_("Turn sound")

# The new-game screen's way to a table played apart.
NEW_APART_BUTTON = N_("Play apart")  # the dialog of the same name
APART_TITLE = N_("Play apart")
APART_INTRO = N_(
    "A table server holds the game, and each person plays at their own terminal or "
    "browser, with their own link. Start a server with: orbis host"
)
APART_SERVER = N_("Server")
APART_DEAL = N_("Deal the table")
APART_TURN_TIME = N_("Time per turn")
APART_CLOCK_LEVEL = N_("Then plays")
APART_BAD_TURN_TIME = N_(
    "{text}: a time per turn such as 2m for a live game, 1d for play over days, or none."
)
APART_DEALING = N_("Dealing the table at {server}…")
APART_BAD_SERVER = N_("A server's address starts with http:// or https://.")
APART_FAILED = N_("The table server at {server} did not deal the table: {error}")
APART_NO_ANSWER = N_("no answer (is `orbis host` running there?)")
APART_DEALT = N_(
    "The table is dealt. Send each person their link: they open it in a browser, or in a "
    "terminal with: orbis join LINK"
)
APART_PERSON = N_("{name}:")
APART_COMPUTER = N_("{name}: played by the server ({level})")
APART_WATCH = N_("Watching (read only):")
APART_COPY = N_("Copy")
APART_COPIED = N_("The link is copied: {name}")
APART_HINT = N_("Enter deals the table · Tab moves · Esc goes back")
APART_HINT_DEALT = N_("Tab moves between the links · Enter copies · Esc goes back")
