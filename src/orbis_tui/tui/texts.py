"""The texts of the table screen, in English: the message ids of the catalogs.

Every text the app shows is in this module or a sibling: ``texts_screens.py`` (the
hand-over, the new-game form, the end, questions, records and saves), ``texts_help.py``
(the help screen) and ``texts_learn.py`` (the walkthrough, the coach, hints, the review).
Widgets and screens never spell out a sentence themselves: they take it from these and
translate it where they show it, ``_(texts.LOG_TITLE)`` (``_`` is
:func:`orbis_tui.i18n.gettext`), filling in the numbers with ``str.format``; or with
:func:`orbis_tui.i18n.fill` for a :data:`~orbis_tui.i18n.Template` that has a singular
and a plural form (``fill`` translates). The constants stay English, marked for the
catalog (``N_``, ``Np_``), as every table of texts in the game is: a screen drawn after
the language changes speaks the new one. :data:`KEY` stays in English: Textual fixes a
binding's description when the class is made, and the key bar and the help translate
it where they show it. Texts that come from the rules engine (why an action is illegal,
why a tile was cancelled, scoring reasons) live in :mod:`orbis_tui.words.messages`;
docs/translating.md says where every other text of the game is.
"""

from __future__ import annotations

from ..i18n import N_, Np_, Template, fill, gettext

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


# The computer players' levels as a player reads them (a level missing here is shown
# by its own name).
LEVEL_NAMES = {
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}


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
# An effect inside a small pyramid hex, in four cells at most, where the market's
# words above do not fit: a word, or its start and a period ("vil."), never letters run
# together with a number ("vil3"). Four cells leave out an effect's numbers and colors
# (a village's count, a farm's color, a forest's neighbors): the market and a wider hex
# show them, and a farm's color is on the player's line too.
EFFECT_TINY = {
    "none": "",
    "gain": "+{count}{color}",
    "gain_any": "+1?",
    "stone": N_("sto."),
    "farm": N_("farm"),
    "village": N_("vil."),
    "forest": N_("for."),
    "volcano": N_("volc"),
    "irrigation": N_("irr."),
    "temple": N_("tem."),
}
# A forest in a hex too narrow for its market words ("forest 2×B/W"): what it needs, with
# the word cut to its initial and a period. At most 8 characters with two colors (a hex
# of the players view at 120×40), 6 with one.
EFFECT_NARROW = {"forest": N_("f. {count}×{colors}")}
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
    "death": N_("God of Death - return 6 worshipers to score his CP"),
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
    "why_not": N_("Why not?"),  # Enter on a god or tile this turn does not offer
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
PANEL_MORE = N_("▾ more: + or ] (back: - or [)")
PANEL_MORE_COACH = N_("▾ more: + or ] · c: the coach")
PANEL_MORE_IN_COACH = N_("▾ more: + or ] · the coach: at the right")
# a page of a panel scrolled with its keys ({next} and {back}: + and -): {page} of {pages}
PANEL_PAGE_MORE = N_("▾ {next} more · {back} back ({page}/{pages})")
PANEL_PAGE_FIRST = N_("▾ {next} more ({page}/{pages})")  # the first page: nothing back
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
# the same, for a player who has not played yet: every turn of the game so far
HANDOVER_SO_FAR_KEY = N_("d: every turn so far, in full")
SINCE_FIRST_TITLE: Template = Np_(
    "Before {name}'s first turn: 1 turn",
    "Before {name}'s first turn: {count} turns",
    "count",
)
# the browser page's list of the decision panel's lines, for a screen reader
PAGE_DECISION = N_("The decision at hand")
IDLE_SINCE = N_("Nobody has played since your last turn.")
PANEL_WILD_IF = N_("x: leave it unpaid, a wilderness:")
PANEL_PAY_ANYWAY = N_("y: pay anyway")
PANEL_REFUSE_IF = N_("x: refuse:")

CONFIRM_TITLE = N_("Your turn is done:")
SUMMARY_TOOK = N_("took {took}")
SUMMARY_HEAD = N_("{name} took {took}")
# a turn a computer level played for its absent person (a table played apart)
SUMMARY_HEAD_STAND_IN = N_("The computer ({level}) played for {name}: took {took}")
SUMMARY_GOD = N_("the {god}")
# a tile taken and placed face down: what the turn took, in the history and the recaps
SUMMARY_TOOK_WILD = N_("{tile} as a wilderness")
SUMMARY_NOTHING = N_("nothing")
SUMMARY_CP = N_("CP: {before} → {after}")
SUMMARY_REALM = N_("worshipers: {before} → {after}")
# a turn that left the realm as it was ("nothing → nothing" read as a slip)
SUMMARY_REALM_SAME = N_("worshipers: {now}, unchanged")
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

# ---------------------------------------------------------------- keys of learning
# The keys the walkthrough, the coach, the hints and the review add to the key bar; their
# other texts are in texts_learn.py.
KEY.update(
    {
        "lesson_next": N_("Next"),
        "lesson_back": N_("Step back"),
        "lesson_leave": N_("Leave"),
        "lesson_scroll": N_("More of the lesson"),
        "coach": N_("Coach"),
        "learn": N_("Learn to play"),
        "back_to_game": N_("Back to the game"),
        "row": N_("Row"),  # ↑↓ on the new-game screen: the same field, a row up or down
    }
)

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

# ---------------------------------------------------------------- a table played apart
KEY.update(
    {
        "stand_in": N_("A computer for an absent player"),
        "take_back": N_("Take the seat back"),
        "connect_again": N_("Connect again"),
    }
)
JOIN_REPLACED = N_(
    "This seat was opened in another place (another terminal or browser tab), which plays "
    "it now. Enter takes it back here; q quits."
)
JOIN_CONNECTING = N_("Connecting to the table…")
JOIN_NOT_CONNECTED = N_("Not connected to the table: connecting again…")
JOIN_LOST = N_("The connection to the table was lost: connecting again…")
# no table came yet: the address may be wrong, or its server not running
JOIN_UNREACHABLE = N_(
    "The table server {server} cannot be reached ({error}): trying again… Is the link's "
    "address right, and is the server running?"
)
JOIN_BACK = N_("Connected to the table again.")
JOIN_UNREADABLE = N_("The table server sent a table this version cannot read: {error}")
JOIN_BROKE = N_("The connection to the table failed ({error}). Enter connects again; q quits.")
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
STAND_IN_STARTED = N_("The computer ({level}) plays for {name} until they return.")
BOT_FAILED_APART = N_(
    "{name}: the {level} computer player could not move ({error}); from now on, the "
    "{weaker} level plays this seat."
)
BOT_FAILED_APART_NONE = N_(
    "{name}: the {level} computer player could not move ({error}), and no computer plays "
    "this seat now."
)
SEAT_AWAY = N_("{name} has left the table.")
SEAT_AWAY_GRACE = N_(
    "{name} has left the table: their seat can be handed to a computer in {seconds} s "
    "if they do not return."
)
SEAT_BACK = N_("{name} is back at the table.")
SEAT_JOINED = N_("{name} has taken their seat at the table.")
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
CLOCK_RAN_OUT = N_(
    "{name}'s time ran out: the computer ({level}) plays for them until they take their seat back."
)
CLOCK_MINE_RAN_OUT = N_(
    "Your time ran out: the computer ({level}) plays for you. m takes your seat back."
)
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
# A watcher's screen (the watching link): its terminal's title, the status line's first
# word and the panel's line.
WATCHING_TITLE = N_("Orbis: watching")
WATCHING_STATUS = N_("Watching")
WATCHING_PANEL = N_("You are watching this table: you cannot play.")
REFUSED_TEXTS: dict[str, Template] = {
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
    "chat-too-long": Np_(
        "A message holds at most {limit} character: it was not sent.",
        "A message holds at most {limit} characters: it was not sent.",
        "limit",
    ),
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


def unreachable_text(server: str, error: str) -> str:
    """JOIN_UNREACHABLE for ``server``, with the connection's ``error`` in one line."""
    from ..printable import printable

    return gettext(JOIN_UNREACHABLE).format(server=printable(server), error=printable(error or "?"))


def refusal_text(code: str, reason: str, *, limit: int = 0, wait: int = 0) -> str:
    """A server's ``refused`` message in this language (the server's own words for a
    code this version does not know); ``limit`` and ``wait`` fill a refused message's."""
    if code not in REFUSED_TEXTS:
        return reason
    return fill(REFUSED_TEXTS[code], limit=limit or 200, seconds=max(wait, 1))


# The table's messages (chat) and the turn's alert away from the screen.
KEY.update({"chat": N_("Chat")})
CHAT_TITLE = N_("Messages at the table")
CHAT_PLACEHOLDER = N_("A message to the table: Enter sends it, Escape closes")
CHAT_HINT = N_(
    "/mute NAME hides a player's messages on this screen; /unmute NAME shows them again."
)
CHAT_NONE = N_("Nothing said yet.")
CHAT_ALL_MUTED = N_("Only the players whose messages you hid have said something.")
CHAT_WATCHING = N_("You are watching: you read the table's messages, and write none.")
# A message in the game log and on the chat screen: who said it, and what.
CHAT_LINE = N_("» {name}: {text}")
CHAT_TOO_LONG = Np_(
    "A message holds at most {limit} character; this one has {length}. "
    "Nothing was sent: shorten it.",
    "A message holds at most {limit} characters; this one has {length}. "
    "Nothing was sent: shorten it.",
    "limit",
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
APART_NO_CLOCK = N_("none")
APART_BAD_TURN_TIME = N_(
    "{text}: a time per turn such as 2m for a live game, 1d for play over days, or {none}."
)
APART_DEALING = N_("Dealing the table at {server}…")
APART_BAD_SERVER = N_("A server's address starts with http:// or https://.")
APART_FAILED = N_("The table server at {server} did not deal the table: {error}")
APART_NO_ANSWER = N_("no answer (is `orbis host` running there?)")
APART_BROKE = N_(
    "Dealing the table failed ({error}). “Deal the table” tries again; Esc goes back to the "
    "new game."
)
APART_SHOW_BROKE = N_(
    "The table was dealt, but its links cannot be shown ({error}). Esc goes back to the new game."
)
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
