"""What a player types at the plain-text seat, understood: the commands (their words in
the language in use and in English, the help that lists them, and the texts that name
them, :func:`worded`), an option's number, and a move written in the notation in the
language in use or in English (``nimm 3``, ``take 3``: :mod:`.notation`), with what to
say when an entry is none of these. The seats (:mod:`.seat`, :mod:`.join`,
:mod:`.learn`) decide what each answer does."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from .. import i18n
from ..engine import Action, DecisionKind, GameState, GodId, NotationError, parse_action
from ..i18n import Template, color_letters, fill
from ..i18n import gettext as _
from ..tui.core.controller import Controller
from ..tui.core.describe import color_word
from . import texts
from .notation import english_entry, example_move, examples, folded, move_word, verb_of


class Lines(Protocol):
    """Where answers come from, one line at a time ("" at the end): stdin, or a script."""

    def readline(self) -> str: ...


COMMANDS = (
    "board",
    "market",
    "pyramid",
    "realm",
    "players",
    "score",
    "history",
    "hint",
    "coach",
    "options",
    "undo",
    "help",
    "save",
    "quit",
)
# the commands open once the game is over
OVER = ("score", "history", "players", "pyramid", "review", "save", "quit")
# the commands of a seat at a table played apart, beyond a game's (orbis join --plain)
CHAT = ("say", "chat", "mute", "unmute")
REMATCH = ("rematch", "accept", "decline")
TABLE = (*CHAT, "time", "computer", "back", *REMATCH)


def command_word(name: str) -> str:
    """The word of command ``name`` in the language in use."""
    return i18n.pgettext("plain command", texts.COMMAND_WORDS[name])


def command_of(word: str, among: Sequence[str] = COMMANDS) -> str | None:
    """The command (its English name) that ``word`` means, in English or in the language
    in use; None when it is none of ``among``."""
    wanted = folded(word)
    for name in among:
        if wanted == name:
            return name
    for name in among:
        if wanted == folded(command_word(name)):
            return name
    return None


def worded(template: Template, /, **values: object) -> str:
    """A text that tells what to type, in the language in use: each command's
    placeholder (``{help}``, ``{back}``: :data:`.texts.COMMAND_WORDS`) filled with its
    word there, ``{move}`` with a move and ``{moves}`` with a move of each kind as they
    are written there (:mod:`.notation`), the other placeholders with ``values``."""
    words: dict[str, object] = {name: command_word(name) for name in texts.COMMAND_WORDS}
    words |= {"move": example_move(), "moves": examples()}
    return fill(template, **(words | values))


def help_text(helps: Mapping[str, str] | None = None) -> str:
    """How to answer, and every command in the language in use (with its English word
    when that differs: both are understood); ``helps``: what a command does at this
    seat where that differs from the game's help (at a table played apart, quit)."""
    return "\n".join([worded(texts.HELP), *command_lines(COMMANDS, helps)])


def command_lines(
    names: Sequence[str],
    helps: Mapping[str, str] | None = None,
    heading: str = texts.HELP_COMMANDS,
    **values: object,
) -> list[str]:
    """``heading`` ("Commands:") and a line for each of ``names``: its word in the
    language in use (and its English word when that differs), what follows it, and what
    it does, from ``helps`` where given, else from the commands' help (``values`` fill
    its placeholders)."""
    lines = [_(heading)]
    for name in names:
        word = command_word(name)
        what = fill((helps or {}).get(name) or texts.COMMAND_HELP[name], **values)
        if name in texts.COMMAND_ARGUMENTS:
            word = f"{word} {_(texts.COMMAND_ARGUMENTS[name])}"
        if command_word(name).casefold() == name:
            lines.append(_(texts.HELP_COMMAND).format(word=word, what=what))
        else:
            lines.append(_(texts.HELP_COMMAND_ENGLISH).format(word=word, english=name, what=what))
    return lines


def over_commands(among: Sequence[str] = OVER) -> str:
    """What can be asked once the game is over, in the language in use."""
    return _(texts.OVER_COMMANDS).format(commands=", ".join(command_word(c) for c in among))


# An option's number, as typed.
NUMBER = re.compile(r"[0-9]{1,3}")

# The notation's verbs in English (:data:`.texts.MOVE_WORDS`).
VERBS = frozenset(texts.MOVE_WORDS)


def move_of(entry: str, gods: Iterable[GodId] = ()) -> Action | str:
    """The move ``entry`` (not empty) writes in the notation, in the language in use or
    in English; else what to say: how its verb's moves are written when it starts with
    one of the notation's verbs (the gods named are ``gods``, the game's), or that it
    is not understood at all."""
    try:
        return parse_action(english_entry(entry))
    except NotationError:
        verb = verb_of(entry.split()[0])
        if verb is None:
            return worded(texts.UNKNOWN, entry=entry)
        form = _(texts.MOVE_FORMS[verb]).format(
            verb=move_word(verb), wild=move_word("wild"), examples=examples(verb, gods)
        )
        return _(texts.BAD_MOVE).format(entry=entry, form=form)


# The verb that answers each kind of decision where colors are picked, for the example.
_PICK_VERBS = {
    DecisionKind.VILLAGE: "return",
    DecisionKind.DEATH: "return",
    DecisionKind.DISCARD: "discard",
    DecisionKind.LOVE: "love",
}


def _letters(count: Sequence[int], letters: str) -> str:
    return "".join(letters[c] * n for c, n in enumerate(count))


def other_colors(state: GameState, ui: Controller) -> str:
    """How to answer with other colors than the options offer ("" where none can be
    written): the entry to write, with an example, and the color letters."""
    letters = color_letters()
    pick = ui.pick
    if pick is None or pick.need == 0:
        return ""
    names = ", ".join(f"{letters[c]} {color_word(c)}" for c in range(len(letters)))
    legend = " " + _(texts.LETTERS).format(letters=names)
    if state.kind is DecisionKind.PAY and ui.payable(state):
        verb = move_word("pay")
        example = f"{verb} {_letters(pick.value, letters)}"
        return _(texts.PAY_OTHER).format(verb=verb, example=example) + legend
    english = _PICK_VERBS.get(state.kind)
    if english is None:
        return ""
    verb = move_word(english)
    example = f"{verb} {_letters(pick.value, letters)}"
    return _(texts.PICK_OTHER).format(verb=verb, example=example) + legend
