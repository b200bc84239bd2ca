"""Every text the app shows, in one place, so that other languages can follow.

Widgets and screens never spell out a sentence themselves: they take it from here and
fill in the numbers with ``str.format``, or with :func:`fill` for a :data:`Template`
that has a singular and a plural form. Texts that come from the rules engine (why an
action is illegal, why a tile was cancelled, scoring reasons) live in
:mod:`orbis_tui.engine.messages`.
"""

from __future__ import annotations

from typing import Any

# A template is a sentence, or (singular, plural, name of the number that decides).
Template = str | tuple[str, str, str]


def fill(template: Template, **values: Any) -> str:
    """The sentence of ``template`` with ``values`` filled in, in the form its number asks."""
    if isinstance(template, tuple):
        one, many, key = template
        template = one if values.get(key) == 1 else many
    return template.format(**values)


APP_TITLE = "Orbis"

# ---------------------------------------------------------------- colors and things
COLOR_NAMES = ("red", "blue", "orange", "green", "white")
ANY_WORD = "any"
ANY_COUNT: Template = ("1 of any color", "{count} of any color", "count")
MYSTIC = "mystic value {mystic}"
GOD_NO_SUMMARY = "scores {cp} CP"
NOTHING = "nothing"
AND = " + "
LIST_SEP = ", "
FREE = "free"
CP = "{cp}cp"
CP_LONG = "{cp} CP"
TAKEN_CELL = "(taken)"

EFFECT_SHORT = {
    "none": "–",
    "gain": "+{count}{color}",
    "gain_any": "+1 any",
    "stone": "stone +1",
    "farm": "farm {color}",
    "village": "village {count}",
    "forest": "forest {count}×{colors}",
    "volcano": "volc {remove}",
    "irrigation": "irrig {color}",
    "temple": "temple",
}
EFFECT_LONG = {
    "none": "no effect",
    "gain": "gain {count}{color}",
    "gain_any": "gain 1 of any color",
    "stone": "sacred stone: +1 CP",
    "farm": "farm: {color_word} symbols cost nothing",
    "village": "village: return {count} worshipers",
    "forest": "forest: {count} neighbors {colors_words}",
    "volcano": "volcano: clear {remove_words} off the market",
    "irrigation": "irrigation: needs {color_word} beneath",
    "temple": "temple: a token at the end",
}
# Four letters for a tile inside a small pyramid hex.
EFFECT_TINY = {
    "none": "",
    "gain": "+{count}{color}",
    "gain_any": "+1?",
    "stone": "ston",
    "farm": "f{color}",
    "village": "vil{count}",
    "forest": "for{count}",
    "volcano": "volc",
    "irrigation": "irr{color}",
    "temple": "tmpl",
}
WILD_TINY = "wild"
WILD_NAME = "wilderness"
CANCELLED_TINY = "×"
WILD_POINTS_TINY = " -1"
WILD_POINTS = "-1 CP"
SPOT_HERE = "here"

# ---------------------------------------------------------------- the status line
ROUND = "Round {round}/{rounds}"
PHASE = {
    "turn": "Take a region tile from the market or a god",
    "turn_must_god": "Last turn and no god yet: take a god",
    "pay": "Pay {cost} (or leave it wild)",
    "place": "Phase 4 - place {tile}",
    "place_wild": "Phase 4 - place the wilderness",
    "gain": "Phase 5 - choose the gained worshiper's color",
    "village": "Phase 5 - village: return {count} or cancel it",
    "volcano": "Phase 5 - volcano: remove {remove} or cancel it",
    "love": "Goddess of Love - choose 5 worshipers",
    "death": "God of Death - return 6 worshipers or cancel him",
    "discard": "Phase 6 - return {count} worshipers (limit 10)",
    "over": "The game is over",
    "confirm": "Your turn is done: Enter ends it, u takes it back",
}

# ---------------------------------------------------------------- key descriptions
KEY = {
    "take": "Take",
    "take_god": "Take god",
    "pay": "Pay",
    "wild": "Wilderness",
    "wild_now": "Wilderness",
    "place": "Place",
    "toggle_wild": "As wilderness",
    "toggle_colored": "As the tile",
    "choose": "Confirm",
    "return": "Return",
    "decline": "Cancel effect",
    "decline_god": "Cancel god",
    "erupt": "Erupt",
    "gain": "Gain",
    "love": "Gain",
    "discard": "Return",
    "exchange": "Exchange",
    "undo": "Undo",
    "hurry": "Skip ahead",
    "players": "Players",
    "help": "Help",
    "quit": "Quit",
    "close": "Close",
    "exchange_suggested": "Exchange",
    "cancel": "Cancel",
    "ready": "Ready",
    "save": "Save record",
    "new": "New game",
    "start": "Start",
    "resume": "Resume",
    "theme": "Light/dark",
    "next": "Next",
    "previous": "Previous",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "god": "God",
    "end_turn": "End turn",
    "exchange_now": "Exchange",
    "pay_anyway": "Pay anyway",
    "history": "History",
    "score": "Score",
    "settings": "Settings",
    "scroll": "More",
}

# ---------------------------------------------------------------- the decision panel
PANEL_HINT_TURN = "←↑↓→/hjkl move · 1-9 take · ⇧+letter god"
PANEL_HINT_CHOOSE = "r b o g w add one · ⇧+letter take one out"
PANEL_HINT_GAIN = "r b o g w choose the color"
PANEL_HINT_VOLCANO = "↑↓ other ways to take them"
PANEL_COLLECT = "collect {worshipers}"
PANEL_COLLECT_NONE = "nothing to collect"
PANEL_COST = "cost {cost}"
PANEL_COST_SAVED = "(farms save {saved})"
PANEL_AFFORDABLE = "✓ you can pay it"
PANEL_EXCHANGES: Template = (
    "✗ not yet: 1 exchange of 3-for-1 would pay it",
    "✗ not yet: {count} exchanges of 3-for-1 would pay it",
    "count",
)
PANEL_UNAFFORDABLE = "✗ cannot pay: it would be a wilderness"
PANEL_SPOTS: Template = (
    "1 spot for it · {wild} for a wilderness",
    "{count} spots for it · {wild} for a wilderness",
    "count",
)
PANEL_GOD = "{name} · {cp} CP"
PANEL_GOD_ENDS = "Taking a god is your whole turn."
PANEL_BLOCKED = "✗ {reason}"
PANEL_PAY_TITLE = "Pay for {tile}: {cost}"
PANEL_PAY_ANY = "{count} 'any' paid with: {chosen}"
PANEL_PAY_LEFT = "realm after paying: {realm}"
PANEL_PAY_NO = "✗ Pay: {reason}"
PANEL_PAY_EXCHANGE: Template = (
    "Enter or e: 1 exchange of 3-for-1 pays it",
    "Enter or e: {count} exchanges of 3-for-1 pay it",
    "count",
)
PANEL_PLACE_TITLE: Template = ("Place {tile} (1 spot)", "Place {tile} ({count} spots)", "count")
PANEL_PLACE_WILD_TITLE: Template = (
    "Place the wilderness (1 spot)",
    "Place the wilderness ({count} spots)",
    "count",
)
PANEL_PLACE_AT = "▸ {spot}"
PANEL_PLACE_NOT = "✗ {spot}: {reason}"
PANEL_PLACE_FORCED = "✗ no spot for its color: wilderness only"
PANEL_GAIN_TITLE = "Gain 1 worshiper of any color: {chosen}"
PANEL_VILLAGE_TITLE: Template = (
    "Village: return 1 of your worshipers",
    "Village: return {count} of your worshipers",
    "count",
)
PANEL_DEATH_TITLE = "God of Death: return 6 of your worshipers"
PANEL_DISCARD_TITLE = "Realm holds {have}: return {count} to keep 10"
PANEL_LOVE_TITLE = "Goddess of Love: gain 5 worshipers"
PANEL_CHOSEN = "chosen: {chosen} ({count})"
PANEL_VOLCANO_TITLE = "Volcano: remove {remove} ({index}/{total})"
PANEL_VOLCANO_FROM = "from cell {cell}: {worshipers}"
PANEL_OVER = "The game is over."
PANEL_BOT = "{name} ({level}) is choosing…"
PANEL_MISTAKE = "✗ {reason}"
PANEL_WARNING = "! {message}"
PANEL_NOTE = "· {message}"
PANEL_MORE = "… more in a taller window"
PANEL_WILD_IF = "x: leave it unpaid, a wilderness:"
PANEL_PAY_ANYWAY = "y: pay anyway"
PANEL_REFUSE_IF = "x: refuse:"

CONFIRM_TITLE = "Your turn is done:"
SUMMARY_TOOK = "took {took}"
SUMMARY_HEAD = "{name} took {took}"
SUMMARY_GOD = "the {god}"
SUMMARY_NOTHING = "nothing"
SUMMARY_CP = "CP now: {before} → {after}"
SUMMARY_REALM = "worshipers: {before} → {after}"

SPOT_FIRST = "row 1, first tile"
SPOT_LEFT = "row 1, left end"
SPOT_RIGHT = "row 1, right end"
SPOT_ON = "row {row}, on {left} and {right}"

# ---------------------------------------------------------------- side panels
PLAYER_REALM = "{count}/10"
PLAYER_FARMS = "farms {farms}"
PLAYER_NO_FARMS = "farms –"
PLAYER_NO_GOD = "no god yet"
PLAYER_GOD_CANCELLED = "{god} (cancelled)"
PLAYER_GOD_CANCELLED_SHORT = "{god}×"
PLAYER_SCORE = "{cp} CP now"
PLAYER_LINE = "{tiles:>2}/14 {worshipers:>2}w {god:<7} {cp:>3} CP"
COMPUTER_MARK = "⚙"
LOG_TITLE = "Game log"
LOG_NEWER = "↓ {count} newer lines below (PgDn)"
PLAYERS_TITLE = "Players"
PYRAMID_EMPTY = "(no tiles yet)"

SUPPLY_GODS = "Gods"
SUPPLY_NO_GODS = "Gods: none left"
SUPPLY_TEMPLES = "Temples"
SUPPLY_PILES = "Piles"
SUPPLY_PILE = "{stars}{count}"

# ---------------------------------------------------------------- the game log
LOG = {
    "took_tile": "{name} took {tile} from cell {cell}.",
    "generated": "{color} worshipers arrive on cells {cells}.",
    "collected": "{name} collected {worshipers}.",
    "paid": "{name} paid {worshipers}.",
    "paid_nothing": "{name} paid nothing.",
    "went_wild": "{name} left it unpaid: a wilderness.",
    "placed": "{name} placed {tile} in row {row}.",
    "placed_wild": "{name} placed a wilderness in row {row}.",
    "reduction": "{name} now pays no {color} symbols.",
    "gained": "{name} gained {count}{color}.",
    "cancelled": "{tile} is cancelled: {reason}.",
    "validated": "{tile} is validated.",
    "returned": "{name} returned {worshipers}.",
    "erupted": "The volcano cleared {removals}.",
    "god_cancelled": "{god} is cancelled.",
    "took_god": "{name} took the {god}.",
    "gained_many": "{name} gained {worshipers}.",
    "discarded": "{name} returned {worshipers} (realm limit).",
    "exchanged": "{name} exchanged 3{give} for 1{get}.",
    "refilled": "Cell {cell} now shows {tile}.",
    "turn_started": "— {name}'s turn —",
    "game_over": "The game is over.",
}
LOG_REMOVAL = "{worshipers} from cell {cell}"

# ---------------------------------------------------------------- screens
HANDOVER_TITLE = "{name}'s turn"
HANDOVER_ROUND = "Round {round} of {rounds}"
HANDOVER_PASS = "Pass the keyboard to {name}."
HANDOVER_LAST = "Since {name}'s last turn:"
HANDOVER_SO_FAR = "The last moves:"
HANDOVER_READY = "Press Enter when {name} is ready."
HANDOVER_PLAY = "Press Enter to play."
HANDOVER_RESUMED = "The game was resumed where it stopped."

NEW_TITLE = "O R B I S"
NEW_SUBTITLE = "build your universe, one region at a time"
NEW_RESUME = "Resume: {names} · round {round}/{rounds} · {name} to play"
NEW_RESUME_BUTTON = "Resume the game (Enter)"
NEW_HEADING = "New game"
NEW_PLAYERS = "Players"
NEW_SEAT = "Seat {n}"
NEW_SEAT_PLACEHOLDER = "Player {n}"
NEW_SEAT_KIND = "played by"
NEW_HUMAN = "person"
NEW_FIRST = "Who starts"
NEW_RANDOM = "at random"
NEW_SEED = "Seed"
NEW_SEED_PLACEHOLDER = "blank: a new deal"
NEW_START = "Start the game"
NEW_BAD_SEED = "The seed must be a whole number (or blank)."
NEW_BAD_NAME = "Seat {seat}: {problem}."
NEW_DAMAGED = (
    "The saved game could not be loaded and was moved aside to {moved}.\nWhat is wrong: {problem}"
)
NEW_DAMAGED_STUCK = (
    "The saved game could not be loaded and could not be moved aside ({error}).\n"
    "What is wrong: {problem}"
)
NEW_FINISHED = "The last game was finished; its record stays until a new game starts."
NEW_KEYS = "Tab moves between fields · Enter starts · ? help · q quit"

END_TITLE = "Game over"
END_WINNER = "Winner: {name}, with {cp} CP"
END_SHARED = "Shared victory: {names} with {cp} CP"
END_TIE_BREAK = "Tie on {cp} CP broken by worshipers left: {details}"
END_TIE_UNBROKEN = "Tie on {cp} CP, and on worshipers left too: {details}"
END_TIE_DETAIL = "{name} {count}"
END_STANDINGS = "Standings"
END_RANK = "#"
END_NAME = "Player"
END_TOTAL = "CP"
END_TILES_CP = "Regions"
END_WILD_CP = "Wild"
END_WORSHIPERS = "Realm"
END_TIE = "Tie-break"
END_TIE_USED = "used"
END_BREAKDOWN = "{name}: {cp} CP"
END_TILE = "Tile"
END_WHERE = "Where"
END_POINTS = "CP"
END_REASON = "Why"
END_TEMPLE = "Temple"
END_TEMPLE_REASON: Template = ("1 temple tile", "{count} temple tiles", "count")
END_TEMPLE_NONE = "no temple tile"
END_GOD = "God"
END_TOTAL_ROW = "Total"

# ---------------------------------------------------------------- questions and records
QUESTION_HINT = "←/→ choose · Enter answers · Escape: the last answer"
EXPORT_TITLE = "Save the game record"
EXPORT_PROMPT = "File name (Enter saves, Escape cancels):"
EXPORT_DONE = "Record saved to {path}"
EXPORT_FAILED = "Could not save the record there: {error}. Choose another place."
EXPORT_EXISTS_TITLE = "That file exists"
EXPORT_EXISTS = "{path} already exists. Replace it with this game's record?"
EXPORT_REPLACE = "Replace it"
EXPORT_OTHER = "Another name"
EXPORT_CANCEL = "Cancel"
LOCK_TITLE = "This game is open elsewhere"
LOCK_READ_ONLY = "Open read-only"
LOCK_QUIT = "Quit"
UNSAVED_TITLE = "This game is not saved"
UNSAVED_FAILED = (
    "Saving has failed since {time} ({error}): what was played since then is not on "
    "disk. Save a record of the game somewhere else before quitting?"
)
UNSAVED_READ_ONLY = (
    "This window opened the game read-only: nothing played here is saved. Save a "
    "record of the game somewhere else before quitting?"
)
UNSAVED_SAVE = "Save a record"
UNSAVED_QUIT = "Quit without saving"
UNSAVED_STAY = "Stay"
WHERE = "row {row} #{pos}"

PLAYERS_SCREEN_TITLE = "Every player's universe (p or Escape to close)"
PLAYERS_COMPUTER = "⚙ computer, {level}"

EXCHANGE_TITLE = "Exchange 3-for-1"
EXCHANGE_GIVE = "Give 3 of which color? (r b o g w, Escape cancels)"
EXCHANGE_GET = "Give 3 {give} for 1 of which color? (r b o g w, Escape goes back)"
EXCHANGE_REALM = "Your realm: {realm}"
EXCHANGE_SHORT = "only {have}: it takes 3"
EXCHANGE_SUGGESTED = "give 3 {give} for 1 {get}: a step toward paying the tile"
EXCHANGE_PICK_GIVE = "Press the key of the color to give 3 of (r b o g w)."
EXCHANGE_PICK_GET = "Press the key of the color to get (r b o g w)."

TOO_SMALL = "Orbis needs a terminal of at least {width}×{height}.\nThis one is {w}×{h}."
TOO_SMALL_HINT = "Enlarge the window to go on (q quits; the game is saved)."

UNDONE = "Undone."
NOTHING_TO_UNDO = "Nothing to undo: the turn begins here (undo never goes back past a refill)."
SAVE_FAILED = "Autosave failed: {error}"
RESUMED = "Resumed the saved game."
BOT_FAILED = (
    "{name}, a computer player, stopped with an error ({error}). Nothing was lost: "
    "a person plays this seat from now on."
)
IDLE_HANDOVER = "The table stays hidden until {name} is ready: press Enter."
IDLE_EXCHANGE = "No exchange now: it takes 3 worshipers of one color."
IDLE_MUST_GOD = "Last turn without a god: take a god (⇧ + its letter), not a tile."
IDLE_MARKET = "The market is not open now: finish this turn first."
IDLE_COLOR = "Color keys choose worshipers; nothing asks for them now."
IDLE_COLOR_FULL = "That color cannot be added: the choice is full or the realm has no more."
IDLE_CONFIRMING = "The turn is done: Enter ends it, u takes back its last step."

HISTORY_TITLE = "History: every turn, by player (Escape or t closes · PgUp/PgDn scroll)"
HISTORY_NONE = "no turn yet"
HISTORY_ROUND = "R{round:>2}"
HISTORY_TOOK = "took {took}"

SCORE_TITLE = "CP now, and what is still to come"
SCORE_HEAD: Template = ("{name}: {cp} CP now", "{name}: {cp} CP now", "cp")
SCORE_NOW = "Counted now"
SCORE_REGIONS = "  regions: {cp} CP (printed CP, effects validated)"
SCORE_STONES = "  sacred stones: +{cp} CP"
SCORE_WILD: Template = (
    "  1 wilderness: {cp} CP",
    "  {count} wildernesses: {cp} CP",
    "count",
)
SCORE_CANCELLED: Template = (
    "  1 tile cancelled: its {cp} CP do not count",
    "  {count} tiles cancelled: their {cp} CP do not count",
    "count",
)
SCORE_PROJECTED = "Projected, as if the game ended now"
SCORE_TEMPLE: Template = (
    "  temple token: {cp} CP (1 temple tile; others' temples decide the token)",
    "  temple token: {cp} CP ({count} temple tiles; others' temples decide the token)",
    "count",
)
SCORE_NO_TEMPLE = "  temple token: none (no temple tile)"
SCORE_GOD = "  {god}: {cp} CP"
SCORE_NO_GOD = "  no god yet"
SCORE_FORESTS: Template = (
    "  1 forest not yet validated: {cp} CP once its neighbours match",
    "  {count} forests not yet validated: {cp} CP once their neighbours match",
    "count",
)
SCORE_FORESTS_MET = "  every forest is validated"

SETTINGS_FAILED = "Settings could not be saved: {error}"
SETTINGS_TITLE = "Settings (saved at once)"
SETTINGS_LOOK = "Look"
SETTINGS_CONFIRM = "Confirm each turn"
SETTINGS_PACE = "Computer pace"
SETTINGS_ON = "yes"
SETTINGS_OFF = "no"
SETTINGS_HINT = "Tab: next setting · ←→ change · Escape closes"
LOOK_NAMES = {"dark": "dark", "light": "light"}
PACE_NAMES = {"slow": "slow", "normal": "normal", "fast": "fast", "instant": "instant"}

# ---------------------------------------------------------------- help
HELP_TITLE = "Help"
HELP_CLOSE = "Escape or ? closes · arrows and PgUp/PgDn scroll"

# The player's guide: (heading, text, the rules it sums up).
HELP_GUIDE: tuple[tuple[str, str, str], ...] = (
    (
        "The goal",
        "Build a pyramid of 14 region tiles (5, 4, 3 and 2 in its rows) and end the game "
        "with the most creation points (CP). The game lasts 15 rounds: in each, every "
        "player takes one region tile, or one god. Everyone takes exactly one god.",
        "R-TURN-1, R-END-5",
    ),
    (
        "A turn",
        "Take a tile from the 3×3 market. The tiles beside it (not diagonally) each get a "
        "worshiper of its color; you collect the worshipers lying on it; you pay its cost "
        "from your realm (or leave it unpaid, and it becomes a wilderness); you place it "
        "in your pyramid, and its effect applies. Then your realm keeps at most 10 "
        "worshipers and the empty cell is refilled. At any moment of your turn you may "
        "exchange 3 worshipers of one color for 1 of another (e).",
        "R-TAKE-1..7, R-TURN-2, R-TURN-3",
    ),
    (
        "The pyramid",
        "The bottom row grows from its left or right end, up to 5 tiles. A tile higher up "
        "rests on two tiles of the row below, and at least one of them must share its "
        "color. A wilderness matches every color and fits anywhere a tile could go, so a "
        "turn never gets stuck; it scores -1 CP at the end.",
        "R-PLACE-1..6, R-END-2",
    ),
    (
        "Effects",
        "Proselytism gains worshipers; a sacred stone adds 1 CP; a farm gives the "
        "reduction token of the color printed on it (that color's symbols cost you "
        "nothing from then on); a village asks you to give back worshipers; a volcano "
        "removes worshipers from the market; an irrigation needs the color shown beneath "
        "it (never in the bottom row); a forest scores only with enough neighbours of the "
        "colors shown; a temple earns a temple token at the end. A village, volcano or "
        "irrigation that fails is cancelled and scores nothing: the table warns you "
        "before you choose (lines marked !).",
        "R-EFF-*",
    ),
    (
        "Gods",
        "Taking a god is a whole turn. Each god scores its CP at the end when its "
        "condition is met; the ones in this game are listed below the market "
        "(⇧ + letter selects one and shows what it does).",
        "R-GOD-1, R-GOD-2",
    ),
    (
        "Scoring",
        "Each tile scores its printed CP unless it is a wilderness, cancelled, or a forest "
        "not validated; add the temple tokens (more temple tiles choose first) and your "
        "god. 'CP now' counts as if the game ended now: v shows what it is made of.",
        "R-END-1..5",
    ),
)
HELP_RULE_REFS = "rules {rules}"
HELP_CELL_TITLE = "A market cell"
HELP_CELL: tuple[tuple[str, str], ...] = (
    ("┌5────────────┐", ""),
    ("│ R ★★    2cp │", "color letter, level in stars, creation points"),
    ("│ volc 2B     │", "its effect: this volcano removes 2B from the market"),
    ("│ RR?  1B+1W  │", "cost (? = any color) · worshipers lying on it: 1B,"),
    ("└─────────────┘", "  and +1W: what taking the selected tile would add"),
)
HELP_NOTATION = (
    "Worshipers are always written count then color: 2R 3W is two red and three white. "
    "White tiles also carry a mystic value, used only to break temple ties."
)
HELP_GODS_TITLE = "The gods"
HELP_KEYS_TITLE = "Keys"
HELP_KEYS: tuple[tuple[str, str], ...] = (
    ("arrows / h j k l", "move the market cursor, or between pyramid spots (nearest that way)"),
    ("1 … 9", "take the tile in that market cell at once"),
    ("Enter", "do what the panel proposes: take, pay, place, confirm; end the turn"),
    ("⇧ + letter", "select a god (its letter is shown beside it); Enter takes it"),
    ("x", "refuse: leave the tile unpaid (wilderness), cancel an effect or the god"),
    ("r b o g w", "add a worshiper of that color to the choice being made"),
    ("⇧R ⇧B ⇧O ⇧G ⇧W", "take one of that color out of the choice"),
    ("e", "exchange 3 worshipers of one color for 1 of another, any time in your turn"),
    ("u", "undo the last step of this turn, until the turn is ended"),
    ("f", "while the computer plays: skip ahead to the next person's turn"),
    ("p", "every player's pyramid and realm"),
    ("t", "the history: every turn of the game, by player"),
    ("v", "what your CP now is made of, and what is still projected"),
    ("c", "the coach: what the decision asks and why an option is not open"),
    ("a", "a hint: the three best options and their expected margin; 1-3 plays one"),
    ("r", "on the end screen: review the game move by move, mistakes and all"),
    ("← → PgUp PgDn", "in the review: the move before or after, the turn before or after"),
    ("m / n", "in the review: the biggest mistakes one by one / the next mistake in order"),
    ("PgUp / PgDn", "scroll the game log (or the coach); the mouse wheel too"),
    ("s", "settings: the look, confirming each turn, the computers' pace"),
    ("ctrl+n", "set up a new game (the one in progress stays saved)"),
    ("Enter / Space", "on the hand-over curtain: the next player is ready"),
    ("?", "this help"),
    ("ctrl+t", "switch between the dark and the light look"),
    ("q", "quit; the game is saved after every step and opens again where it stopped"),
    ("mouse", "click a market cell, a god or a pyramid spot to select it; click again to act"),
)
HELP_COLORS_TITLE = "Colors"
HELP_COLORS = (
    "Each color always shows its letter: R red, B blue, O orange, G green, W white. "
    "'?' in a cost is a symbol any color can pay. Stars give a tile's level."
)
HELP_RULES_TITLE = "Rule references"

# One entry per rule id, written for this app.
RULES: tuple[tuple[str, str], ...] = (
    (
        "R-COMP-1",
        "There are 65 region tiles over three levels (20, 20 and 25). A tile has a color, "
        "a level in stars, a cost, maybe an effect and creation points (CP). White tiles "
        "also have a mystic number, used only to break temple ties.",
    ),
    (
        "R-COMP-2",
        "Two marked sets of 14 tiles (white star, purple star) are added for 3 or 4 players; "
        "the 37 unmarked tiles are always in play.",
    ),
    (
        "R-COMP-3",
        "Beside the regions: 10 gods, 5 temple tokens (2, 4, 7, 9, 11 CP), one reduction "
        "token per color, and cancellation markers.",
    ),
    ("R-COMP-4", "Worshipers come in the five colors and never run out."),
    ("R-COMP-5", "Turned over, every region tile is a wilderness."),
    (
        "R-SETUP-1",
        "Each level is shuffled into its own pile; nine level-1 tiles form the 3×3 market.",
    ),
    (
        "R-SETUP-2",
        "Some gods are drawn for the game (3, 4 or 5 for 2, 3 or 4 players); the rest "
        "are not used.",
    ),
    (
        "R-SETUP-3",
        "Everyone starts with no tiles and no worshipers. The table picks who starts (or "
        "lets the app draw); turns then go round in seat order.",
    ),
    (
        "R-SETUP-4",
        "The piles run out exactly with the last turn, and the market always shows nine tiles.",
    ),
    (
        "R-TURN-1",
        "15 rounds. On a turn you take one market tile or one god. Everyone takes exactly "
        "one god per game; whoever reaches the last turn without one must take one then.",
    ),
    (
        "R-TURN-2",
        "During your own turn, as often as you like, you may give back 3 worshipers of one "
        "color to get 1 worshiper of another (key e).",
    ),
    (
        "R-TURN-3",
        "When a turn ends the realm may hold at most 10 worshipers; you pick which extra "
        "ones go back.",
    ),
    (
        "R-TAKE-1",
        "Generate: each market tile beside the chosen one (not diagonally) gets one "
        "worshiper of the chosen tile's color.",
    ),
    ("R-TAKE-2", "Collect: the worshipers lying on the chosen tile join your realm."),
    (
        "R-TAKE-3",
        "Pay the cost from your realm, freshly collected worshipers included; '?' takes "
        "any color you like. Farms cancel colored symbols of their color, never '?'. "
        "Unpaid, the tile becomes a wilderness.",
    ),
    (
        "R-TAKE-4",
        "Place the tile in your pyramid. If it fits nowhere as itself, or you prefer, it "
        "goes in as a wilderness and any payment is lost.",
    ),
    ("R-TAKE-5", "A placed tile that is not a wilderness applies its effect right away."),
    ("R-TAKE-6", "Then the realm limit of 10 applies."),
    (
        "R-TAKE-7",
        "The empty market cell is refilled from the level-1 pile, then level 2, then "
        "level 3; the new tile arrives bare. Undo stops here.",
    ),
    (
        "R-PLACE-1",
        "The bottom row holds up to 5 tiles in an unbroken line. The first tile goes "
        "anywhere; each later one extends the line at its left or right end.",
    ),
    (
        "R-PLACE-2",
        "Rows 2, 3 and 4 hold 4, 3 and 2 tiles. A tile above the bottom row sits on two "
        "side-by-side tiles of the row below.",
    ),
    (
        "R-PLACE-3",
        "Above the bottom row, at least one of the two tiles underneath must share the "
        "new tile's color. A wilderness matches every color, above and below.",
    ),
    (
        "R-PLACE-4",
        "You may start an upper row before a lower one is full, and upper rows may have gaps.",
    ),
    ("R-PLACE-5", "A wilderness always has somewhere to go, so a turn never gets stuck."),
    (
        "R-PLACE-6",
        "Neighbors share an edge: left and right in the row, the two below and the two "
        "above. Up to six.",
    ),
    (
        "R-EFF-FARM",
        "Farm (orange): take the reduction token of the color shown; from then on that "
        "color's symbols in costs are free for you.",
    ),
    (
        "R-EFF-VILLAGE",
        "Village (orange): give back the number of worshipers shown, colors of your "
        "choice, or the village is cancelled.",
    ),
    (
        "R-EFF-FOREST",
        "Forest (green): at the end it scores only if enough of its neighbors show one of "
        "the colors named on it (a wilderness counts).",
    ),
    (
        "R-EFF-VOLCANO",
        "Volcano (red): remove the worshipers shown from the other market tiles, choosing "
        "where from. All of them or none; none means the volcano is cancelled.",
    ),
    (
        "R-EFF-IRRIGATION",
        "Irrigation (blue): one of the two tiles underneath must have the color shown "
        "(a wilderness counts); otherwise, and always in the bottom row, it is cancelled.",
    ),
    ("R-EFF-TEMPLE", "Temple (white): earns a temple token at the end."),
    (
        "R-EFF-GAIN",
        "Proselytism: gain 1 or 2 worshipers of the color shown, or 1 of any color you pick.",
    ),
    ("R-EFF-STONE", "Sacred stone: 1 extra CP at the end."),
    (
        "R-GOD-1",
        "Gods that reward the most of something compare all players and share ties; you "
        "need at least one. Fewest wilderness tiles counts zero as fewest.",
    ),
    (
        "R-GOD-2",
        "A god turn follows the usual end-of-turn rules: exchanges are allowed and the "
        "realm limit applies (the Goddess of Love can push you over it).",
    ),
    (
        "R-END-1",
        "Each tile scores its printed CP unless it is a wilderness, cancelled, or a forest "
        "that is not validated.",
    ),
    ("R-END-2", "Each wilderness costs 1 CP, or nothing with the Goddess of Idleness."),
    (
        "R-END-3",
        "Temple tokens: players with more temple tiles choose first (ties go to the higher "
        "mystic number) and each takes the best token left. No temple, no token.",
    ),
    ("R-END-4", "Add your god's CP, when its condition is met."),
    (
        "R-END-5",
        "Most CP wins; a tie goes to whoever has more worshipers left; still tied, the "
        "victory is shared.",
    ),
)

# The gods' own keys and short names for narrow screens.
GOD_SHORT = {
    "love": "Love",
    "apprentice": "Appr.",
    "oceans": "Oceans",
    "idleness": "Idle",
    "fire": "Fire",
    "technology": "Tech",
    "nature": "Nature",
    "equilibrium": "Equil.",
    "harvests": "Harvest",
    "death": "Death",
}

# ---------------------------------------------------------------- learning to play
# The lessons themselves (steps, rule explanations, phase texts) are data, in
# data/walkthrough.toml; these are the app's own words around them.
KEY.update(
    {
        "lesson_next": "Next",
        "lesson_back": "Step back",
        "lesson_leave": "Leave",
        "lesson_scroll": "More of the lesson",
        "coach": "Coach",
        "learn": "Learn to play",
    }
)
LEARN_STEP = "Step {number}/{total}"
LEARN_EXPECTED = "This step: {expected}."
LEARN_TIP = "Tip: {hint}"
LEARN_RULE = "{rule}: {text}"
LEARN_OPPONENT = "{name}: {tiles} tiles · {worshipers} worshipers · god: {god}"
LEARN_LEFT = "Walkthrough saved: choose “Learn to play” to pick it up where you left it."
LEARN_FINISHED = "You have finished the walkthrough. Press Enter to set up a game."
LEARN_BROKEN = "The walkthrough cannot start: {error}"
LEARN_NOT_KEPT = "Your place in the walkthrough cannot be kept ({error}); the lesson goes on."
NEW_LEARN_BUTTON = "Learn to play"
COACH_TITLE = "Coach"
COACH_RULE = "{rule}: {text}"
COACH_UNAVAILABLE = "Not available now"
COACH_ALL_OPEN = "Every option shown is open to you."
COACH_NOTES = "Worth knowing"
COACH_OPTION = "{label}: {reason}"
COACH_NO_EXCHANGE = "exchange 3-for-1: no color has 3 worshipers yet"

# ---------------------------------------------------------------- hints
KEY.update(
    {
        "hint": "Hint",
        "play_hint": "Play it",
        "review": "Review",
        "stop": "Stop",
        "mistake": "Next mistake",
        "mistakes": "Biggest",
        "step_back": "Back",
        "step_on": "Move",
        "turn_back": "Turn back",
        "turn_on": "Turn",
    }
)
HINT_TITLE = "Hint for {name}"
HINT_THINKING = "Thinking… (Esc stops)"
HINT_STOPPED = "The hint was stopped."
HINT_NONE = "No option to suggest here."
HINT_MARGIN = "   expected margin {margin:+.1f} CP ± {stderr:.1f}"
HINT_MARGIN_ROUGH = "   expected margin {margin:+.1f} CP (a rough guess)"
HINT_KEYS = "1 2 3 play that suggestion · Esc closes"
HINT_FOOT = "Margin: your final CP minus the best other player's, as the search sees it."
HINT_OFF = "Hints are off for {name} in this game (chosen when it was set up)."
HINT_BOT = "It is a computer player's turn: hints are for people."
HINT_OVER = "The game is over: press r on the end screen to review it."
HINT_CONFIRMING = "The turn waits for Enter (or u to take it back): no decision to hint."
HINT_LEARN = "In the walkthrough each step has its own tip; the hint key is for games."
HINT_CHANGED = "The game moved on: that hint no longer applies."
NEW_HINTS = ("hints", "no hints")

# ---------------------------------------------------------------- the review
REVIEW_HEAD = "Review · {round} · {name} · move {position}/{last}"
REVIEW_HEAD_END = "Review · after the last move ({last})"
REVIEW_ANALYSING = "Analysing {share:.0%} · Esc stops"
REVIEW_STOPPED = "Analysis stopped: {done} decisions judged; the rest is not."
REVIEW_NOT_RUN = "Without analysis: the game only."
REVIEW_TITLE = "Analysis"
REVIEW_PLAYED = "{name} played: {what}"
REVIEW_BEST = "Best: {what}"
REVIEW_SAME = "✓ the search's own choice"
REVIEW_AS_GOOD = "✓ as good as the search's choice"
REVIEW_LOST = "lost {loss:.1f} CP ± {stderr:.1f}"
REVIEW_LOST_ROUGH = "lost {loss:.1f} CP"
REVIEW_MISTAKE = "✗ mistake"
REVIEW_HINTED = "hint used"
REVIEW_FORCED = "The only option: nothing to judge."
REVIEW_EXCHANGE = "An exchange before the decision below it."
REVIEW_PENDING = "Not judged yet: the analysis is still running."
REVIEW_UNJUDGED = "Not judged (the analysis was stopped before it)."
REVIEW_END = "The game ends here."
REVIEW_UNFINISHED = "The record stops here: the game was not finished."
REVIEW_MISTAKES_TITLE = "Biggest mistakes (m next · n in order)"
REVIEW_MISTAKE_LINE = "round {round} {name}: −{loss:.1f} CP"
REVIEW_NO_MISTAKES = "No clear mistake found."
REVIEW_NO_MISTAKES_YET = "Mistakes show here once the analysis has judged them."
REVIEW_SUMMARY = "{name}: {mistakes} mistakes, {loss:.1f} CP lost in all"
REVIEW_SUMMARY_ONE = "{name}: 1 mistake, {loss:.1f} CP lost in all"
REVIEW_NONE_TO_JUMP = "No mistake to jump to."
REVIEW_WAIT_TO_JUMP = "No mistake judged yet: the analysis is still running."
REVIEW_AT_START = "This is the start of the game."
REVIEW_AT_END = "This is the end of the record."
