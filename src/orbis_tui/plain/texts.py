"""Every text the plain-text seat prints, in English: the message ids of the catalogs,
translated where they are printed (``gettext``). A text that names a command names it
by a placeholder with the command's English name (``{help}``, ``{back}``), and a text
that shows how a move is written by ``{move}`` (one move) or ``{moves}`` (one of each
kind): the seat fills in the words of the language in use (:func:`.commands.worded`),
so that a text never names a word the seat does not understand."""

from __future__ import annotations

from ..i18n import N_, NC_, Np_, Template

WELCOME = N_(
    "Orbis, plain text. Answer each question with a number, a move such as {move}, "
    "or a command; {help} lists them. An empty line does what the question proposes."
)
NEW_GAME = N_("A new game for {names}, dealt from seed {seed}.")
RESUMED = N_("The unfinished game of {names} is resumed.")
SEATS = N_("{name}: {kind}")
PERSON = N_("a person")
COMPUTER = N_("the computer, {level}")
LOCKED = N_("The game in {folder} is open in another window; quit it first.")
ROUND = N_("Round {round} of {rounds}. {name}'s turn.")
PASS_KEYBOARD = N_("Pass the keyboard to {name}. Press Enter when {name} is ready.")
SINCE = N_("Since your last turn:")
SINCE_NOTHING = N_("Nothing happened since your last turn.")
AWAY: Template = Np_(
    "While you were away (1 turn):", "While you were away ({count} turns):", "count"
)
DECISION = N_("{name}, decide: {title}")
OPTIONS = N_("Options:")
GOD_TAKEN = N_("You have your god: the others are not for you.")
EVERY_OPTION = N_("True of every option you can choose:")
SAME_WARNINGS = N_("The same warnings as option {number}.")
OPTION = N_("{number}. {label}")
OPTION_REFUSED = N_("{number}. not possible: {label}")
OPTIONS_REFUSED = N_("Options {first} to {last}: not possible, all for the same reason:")
ENTER = N_("Enter (an empty line): {words}.")
ENTER_NONE = N_("Choose an option by its number.")
PAY_OTHER = N_(
    "To pay the 'any' with other colors, write {verb} and their letters, for example {example}."
)
PICK_OTHER = N_("To choose other colors, write {verb} and their letters, for example {example}.")
LETTERS = N_("Color letters: {letters}.")
PROMPT = "> "
YOUR_TURN_DONE = N_("Your turn is done: you took {took}; CP: {before}, now {after}.")
# A turn of this seat that a computer level played for the player (their time ran out).
STAND_IN_TURN_DONE = N_(
    "The computer ({level}) played your turn: took {took}; CP: {before}, now {after}."
)
UNKNOWN = N_(
    "I do not know {entry!r}: answer with an option's number, a move such as {move}, "
    "or a command ({help} lists them). Nothing was played."
)
NOT_A_NUMBER = N_("There is no option {number}: the options are numbered {first} to {last}.")
ILLEGAL = N_("Not played: {reason} ({rule}).")
# An entry that starts with a verb of the notation but is not a move: {form}, how the
# moves of that verb are written (MOVE_FORMS).
BAD_MOVE = N_("Not understood: {entry!r}. {form} Nothing was played.")
UNDONE = N_("Taken back: {what}.")
# At a table played apart the server takes it back: asked twice before it answered.
UNDO_ON_ITS_WAY = N_("Already asked to take back: {what}. The table answers in a moment.")
# An exchange leaves the question as it was: what it did is said before it is asked again.
EXCHANGED = N_("Exchanged {give} for {get}. Your worshipers now: {realm}.")
NO_UNDO = N_("Nothing to take back in this turn.")
SAVED = N_("The game record is saved as {path}.")
SAVE_FAILED = N_("The record could not be saved: {error}")
AUTOSAVE_FAILED = N_("Saving failed: {error}. The game goes on; {save} writes it elsewhere.")
GOODBYE = N_("Goodbye. The game is saved; orbis play --plain resumes it.")
GOODBYE_OVER = N_(
    "Goodbye. The finished game is kept (orbis records says where); orbis play --plain "
    "deals a new one."
)
NO_HINTS = N_("{name} chose to play without hints.")
HINT_TITLE = N_("The three best options, as the strongest computer sees them:")
HINT_OPTION = N_("{rank}. {reason}")
HINT_ENTRY = N_("   To play it, write: {entry}")  # {entry}: in the language's notation
HINT_THINKING = N_("Thinking about a hint…")
NOT_YOUR_TURN = N_("It is not a person's turn.")
GAME_OVER = N_("The game is over.")
OVER_COMMANDS = N_("The game is over. Commands: {commands}.")
MARKET_CELL = N_(
    "Cell {cell}: {tile}, {color}, level {level}, {cp} CP; {effect}; cost {cost}{lying}."
)
MARKET_EMPTY = N_("Cell {cell}: empty.")
LYING = N_("; lying on it: {worshipers}")
GODS = N_("Gods offered: {gods}.")
GODS_NONE = N_("No god is offered any more.")
GOD_ITEM = N_("{name} ({cp} CP): {what}")
PILES = N_("Tiles left in the piles: level 1: {one}, level 2: {two}, level 3: {three}.")
PYRAMID_TITLE: Template = Np_(
    "{name}'s pyramid, 1 tile:", "{name}'s pyramid, {count} tiles:", "count"
)
PYRAMID_EMPTY = N_("{name}'s pyramid is empty.")
PYRAMID_ROW = N_("Row {row}: {tiles}.")
PYRAMID_TILE = N_("column {col}: {tile}")
WILDERNESS = N_("a wilderness")
CANCELLED = N_("{tile}, canceled")
TILE_WORDS = N_("{name} ({color}, {cp} CP)")
REALM_NOW = N_("Your worshipers: {realm}")
REALM = N_("{name}'s worshipers: {realm}.")
FARMS = N_("Farms: {colors} symbols cost nothing.")
GOD_HELD = N_("God: {god}.")
GOD_NONE = N_("No god yet.")
GOD_NONE_IN_LINE = N_("no god taken yet")  # within a player's line, between semicolons
CP_NOW = N_("CP now: {cp}.")
PLAYER_LINE = N_(
    "{name} ({kind}): tiles in the pyramid: {tiles}; worshipers: {realm}; {god}; CP now: {cp}."
)
NO_SUCH_PLAYER = N_("There is no player {name!r}: the players are {names}.")
HISTORY_NONE = N_("No turn has been played yet.")
HISTORY_TURN = N_("Round {round}: {name} took {took}; CP from {before} to {after}.")
COACH_NONE = N_("Every option shown is open to you.")
COACH_OPTION = N_("Not possible: {label}: {reason} ({rule})")
COACH_RULE = N_("{rule}: {text}")
WARNING = N_("Warning: ")
NOTE = N_("Note: ")
NOT_POSSIBLE = N_("Not possible: ")
CHOSEN = N_("Chosen: ")
TO = N_(", now ")
# How sure a figure of the hint or the review is: "lost 3.0 CP give or take 0.8".
PLUS_MINUS = N_(" give or take ")
# How many worshipers are chosen of those a decision asks for: "chosen: 1 red (1 of 2)".
OUT_OF = N_("{count} of {total}")
LEVEL = N_("level {level}")
HELP = N_(
    "Answer a question with the number of an option, with an empty line for what it "
    "proposes, or with a move in the game's notation: {moves}."
)
HELP_COMMANDS = N_("Commands:")
HELP_COMMAND = N_("{word}: {what}")
# in a language other than English: the command's English word, understood too
HELP_COMMAND_ENGLISH = N_("{word} (or {english}): {what}")

# The commands of the plain seats, in one table: each one's word in the language in use
# (the English word is always understood as well), what follows it, and what it does,
# for help. A word is one word, of letters, in lower case; no two commands a seat
# understands share one in a language, and none is a verb of the notation, except that
# English "decline" is the rematch's only once the game is over (tests/test_plain_words.py).
COMMAND_WORDS = {
    "board": NC_("plain command", "board"),
    "market": NC_("plain command", "market"),
    "pyramid": NC_("plain command", "pyramid"),
    "realm": NC_("plain command", "realm"),
    "players": NC_("plain command", "players"),
    "score": NC_("plain command", "score"),
    "history": NC_("plain command", "history"),
    "hint": NC_("plain command", "hint"),
    "coach": NC_("plain command", "coach"),
    "options": NC_("plain command", "options"),
    "undo": NC_("plain command", "undo"),
    "help": NC_("plain command", "help"),
    "save": NC_("plain command", "save"),
    "quit": NC_("plain command", "quit"),
    "review": NC_("plain command", "review"),
    # at a table played apart (orbis join --plain)
    "say": NC_("plain command", "say"),
    "chat": NC_("plain command", "chat"),
    "mute": NC_("plain command", "mute"),
    "unmute": NC_("plain command", "unmute"),
    "time": NC_("plain command", "time"),
    "computer": NC_("plain command", "computer"),
    "back": NC_("plain command", "back"),
    "rematch": NC_("plain command", "rematch"),
    "accept": NC_("plain command", "accept"),
    "decline": NC_("plain command", "decline"),
}
# The verbs of the notation (docs/notation.md) as the plain seats write them and read
# them in the language in use, in one table (the English verb is always understood as
# well): the hint's entries, the examples, an undo, and what is typed. A word is one
# word, of letters, in lower case; none is a command's word in the language, and no two
# verbs share one. "wild" is also the word after a spot (place 1,0 wild).
MOVE_WORDS = {
    "take": NC_("notation", "take"),
    "god": NC_("notation", "god"),
    "exchange": NC_("notation", "exchange"),
    "pay": NC_("notation", "pay"),
    "wild": NC_("notation", "wild"),
    "place": NC_("notation", "place"),
    "gain": NC_("notation", "gain"),
    "return": NC_("notation", "return"),
    "erupt": NC_("notation", "erupt"),
    "decline": NC_("notation", "decline"),
    "love": NC_("notation", "love"),
    "discard": NC_("notation", "discard"),
}
# How the moves of each verb are written, after an entry written wrong: {verb} is the
# verb's word, {wild} the word after a spot, {examples} entries, all in the language.
MOVE_FORMS = {
    "take": N_("{verb} is followed by a market cell, 1 to 9: {examples}."),
    "god": N_("{verb} is followed by a god's word: {examples}."),
    "exchange": N_(
        "{verb} is followed by the color given, >, and the color received, as letters: {examples}."
    ),
    "pay": N_(
        "{verb} is followed by the color letters that pay the 'any', if there is one: {examples}."
    ),
    "wild": N_("{verb} stands alone: {examples}."),
    "place": N_(
        "{verb} is followed by the spot's row and column, then {wild} for a wilderness: {examples}."
    ),
    "gain": N_("{verb} is followed by one color letter: {examples}."),
    "return": N_("{verb} is followed by the worshipers' color letters: {examples}."),
    "erupt": N_(
        "{verb} is followed by each cell, a colon and the worshipers' color letters: {examples}."
    ),
    "decline": N_("{verb} stands alone: {examples}."),
    "love": N_("{verb} is followed by the worshipers' color letters: {examples}."),
    "discard": N_("{verb} is followed by the worshipers' color letters: {examples}."),
}
# The gods after the verb god (god fire), by their ids: one word each, as MOVE_WORDS.
GOD_WORDS = {
    "love": NC_("notation god", "love"),
    "apprentice": NC_("notation god", "apprentice"),
    "oceans": NC_("notation god", "oceans"),
    "idleness": NC_("notation god", "idleness"),
    "fire": NC_("notation god", "fire"),
    "technology": NC_("notation god", "technology"),
    "nature": NC_("notation god", "nature"),
    "equilibrium": NC_("notation god", "equilibrium"),
    "harvests": NC_("notation god", "harvests"),
    "death": NC_("notation god", "death"),
}
# What a command takes after its word, for help (a placeholder, in upper case or in
# brackets when it may be left out).
COMMAND_ARGUMENTS = {
    "pyramid": N_("[player]"),
    "say": N_("TEXT"),
    "mute": N_("NAME"),
    "unmute": N_("NAME"),
    "computer": N_("LEVEL"),
}
COMMAND_HELP = {
    "board": N_("the market, the gods and the piles"),
    "market": N_("the market's nine cells"),
    "pyramid": N_("a pyramid, row by row (yours without a name)"),
    "realm": N_("your worshipers, farms, god and CP now"),
    "players": N_("every player in one line"),
    "score": N_("the standings and what your CP now is made of"),
    "history": N_("every turn played"),
    "hint": N_("the best three options, as the strongest computer sees them"),
    "coach": N_("what the decision asks, and why options are not possible"),
    "options": N_("the question again"),
    "undo": N_("take back the last step of this turn"),
    "save": N_("save the game record among the records"),
    "quit": N_("save and leave (the end of the input does the same)"),
    "help": N_("this list"),
    "review": N_("the review of the game: each player's biggest mistakes and the lesson"),
    "say": N_("a message to the table (at most 200 characters)"),
    "chat": N_("the recent messages again"),
    "mute": N_("hide that player's messages here"),
    "unmute": N_("show that player's messages again"),
    "time": N_("the time left of the player to move, at a table with a clock"),
    # {levels}: the computer levels, in the language in use
    "computer": N_("a computer plays for an absent player until they return (LEVEL: {levels})"),
    "back": N_("take your seat back from the computer once your time ran out"),
    "rematch": N_("at the end, ask the others for a rematch"),
    "accept": N_("say yes to a rematch asked for (1 does the same)"),
    "decline": N_("say no to a rematch asked for (2 does the same)"),
}
REVIEWING = N_(
    "Reviewing the game: this takes a minute or two; each mistake is said as it is found..."
)
# one line as a turn's mistake is found, while the review runs on
REVIEW_FOUND = N_("Mistake found at turn {turn} (round {round}): {name} lost {loss:.1f} CP.")
REVIEW_KEPT_FAILED = N_("The review could not be kept: {error}")
REVIEW_FAILED: Template = Np_(
    "The review stopped with an error ({error}): 1 decision judged; the rest is not. "
    "Type {command} to try once more.",
    "The review stopped with an error ({error}): {done} decisions judged; the rest is "
    "not. Type {command} to try once more.",
    "done",
)
REVIEW_NONE = N_("{name}: no clear mistake found.")

# ------------------------------------------------------------------ orbis learn --plain
LEARN_WELCOME = N_(
    "The walkthrough, plain text. Each step says what to read or which move to make; "
    "answer with a number, a move such as {move}, an empty line to go on after "
    "reading, or a command; {help} lists them."
)
LEARN_STEP = N_("Step {number} of {total}: {title}")
LEARN_CONTINUE = N_("Press Enter to go on.")
LEARN_ASKS = N_("The lesson asks: {move}.")
LEARN_HOW = N_("This step asks for a move: answer with an option's number or a move.")
LEARN_NO_OPTION = N_("There is no option {number}.")
LEARN_GOODBYE = N_("Goodbye. The walkthrough is kept; orbis learn --plain goes on from here.")
LEARN_HELP = N_(
    "Answer with the number of an option, with a move in the game's notation ({moves}), "
    "or with an empty line to go on after a step to read."
)
# The walkthrough's other word for undo (the word its help used to give), in the
# language in use; the English "back" is understood too. Not the table's "back"
# (taking a seat back from the computer), which the walkthrough does not have: a word of
# its own, none of a command's in the language.
LEARN_BACK = NC_("walkthrough command", "back")
# What each of the walkthrough's own commands does, for its help (the others say what
# they say in a game: COMMAND_HELP). {back}: the other word for undo (LEARN_BACK).
LEARN_COMMAND_HELP = {
    "hint": N_("what to do now"),
    "undo": N_("take back this step's moves, or go back a step (also: {back})"),
    "options": N_("the step again"),
    "quit": N_("leave (the walkthrough is kept)"),
}

# ------------------------------------------------------------------ orbis join --plain
JOINED = N_("At the table of {names}; your seat: {name}.")
JOINED_WATCHING = N_("At the table of {names}: you are watching, and cannot play.")
JOIN_WAITING = N_("{name} is deciding. Commands work meanwhile ({help} lists them).")
# the turn of a player whose seat a computer plays (their time ran out, or they left)
JOIN_STAND_IN_PLAYS = N_(
    "The computer ({level}) plays for {name}. Commands work meanwhile ({help} lists them)."
)
JOIN_NOT_YOURS = N_("It is {name}'s turn, not yours: only commands work now.")
JOIN_CLOCK_MINE = N_(
    "Your time ran out: the computer ({level}) plays for you. Type {back} to take your seat back."
)
JOIN_REMATCH_OFFER = N_(
    "A rematch, the same seats at a new deal? Type {rematch} to ask the others for one."
)
JOIN_REMATCH_ANSWER = N_(
    "{name} asks for a rematch: type 1 or {accept} to accept, 2 or {decline} to decline."
)
JOIN_REMATCH_NONE = N_("Nobody asked for a rematch: type {rematch} to ask for one.")
JOIN_REMATCH_AT_END = N_(
    "A rematch is asked for and answered once the game is over: {rematch}, {accept}, {decline}."
)
JOIN_GOODBYE = N_("You left the table; the server keeps the game, and your link takes you back.")
# save before the end of a game played apart: the server keeps it, and hands out its
# whole record (with the order of the piles) only once it is over
JOIN_SAVE_LATER = N_(
    "The server keeps this game as it is played: nothing is saved here. Once it is "
    "over, {save} saves a copy of its record among the records (orbis records lists them)."
)
JOIN_MUTED = N_("{name}'s messages are hidden here ({unmute} {name} shows them again).")
# What a command does at a seat played apart, for its help, where that differs from
# COMMAND_HELP: quitting leaves the seat, the game goes on on the server.
JOIN_COMMAND_HELP = {
    "quit": N_(
        "leave the table: the server keeps the game, and your link takes you back "
        "(the end of the input does the same)"
    ),
    "save": N_("once the game is over, save a copy of its record among the records"),
}
# In the help, before the commands of a table played apart.
JOIN_TABLE_COMMANDS = N_("At the table:")
# An absent player's grace is over: this seat may hand their seat to a computer.
JOIN_ABSENT = N_(
    "{name} is away: type {computer} and a level ({levels}) to let a computer play for "
    "them until they return, for example: {computer} {level}."
)
# ``time`` when no time runs: in a game, for a turn a computer plays; once it is over,
# the time each turn had ({time}: 2:00), then a line for each person's seat.
JOIN_CLOCK_IDLE = N_("A computer plays {name}'s turn: no time runs for it.")
JOIN_CLOCK_OVER = N_("The game is over: no time runs any more. Each turn had {time}.")
JOIN_CLOCK_RAN_OUT: Template = Np_(
    "{name}: the time ran out in {count} turn.",
    "{name}: the time ran out in {count} turns.",
    "count",
)
JOIN_CLOCK_NEVER_RAN_OUT = N_("{name}: the time never ran out.")
JOIN_NOBODY_AWAY = N_("Everyone is at the table: no seat can be handed to a computer.")
JOIN_WHICH_LEVEL = N_("Which computer level? Type {computer} and one of: {levels}.")
