"""The walkthrough in plain text (``orbis learn --plain``): each step's title and text,
then, when the step asks for a move, the decision sheet with its options numbered, read
and answered line by line as in :mod:`.seat`. The walkthrough's runner judges every
move (the rules first, then the lesson) and keeps the progress, as in the app."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from .. import i18n
from ..engine import DecisionKind
from ..i18n import gettext as _
from ..learn import Feedback, Outcome, ProgressStore, ScriptError, Walkthrough, load_script
from ..saves import PROGRESS_NAME
from ..tui.core.controller import Controller
from ..tui.core.sheet import Sheet, decision_sheet
from ..tui.core.sheet_lines import Topic
from ..words import spell_colors
from . import texts
from .commands import NUMBER, Lines, command_lines, command_of, move_of, worded
from .game import start_plain
from .notation import folded
from .spoken import (
    board_words,
    line_words,
    market_words,
    options_words,
    plain,
    pyramid_words,
    realm_words,
    said_with_an_option,
    shared_words,
)

COMMANDS = ("hint", "undo", "board", "market", "pyramid", "realm", "options", "help", "quit")


def back_word() -> str:
    """The walkthrough's other word for undo in the language in use ("back")."""
    return i18n.pgettext("walkthrough command", texts.LEARN_BACK)


def command_in(word: str) -> str:
    """The walkthrough's command ``word`` names ("" for none): one of its commands, in
    English or in the language in use, or its other word for undo."""
    if folded(word) in ("back", folded(back_word())):
        return "undo"
    return command_of(word, COMMANDS) or ""


class PlainLesson:
    """The walkthrough played through ``read`` and ``write``."""

    def __init__(self, walkthrough: Walkthrough, read: Lines, write: TextIO) -> None:
        self.walkthrough = walkthrough
        self.read = read
        self.write = write
        self.ui = Controller()
        self._told: tuple[int, int] | None = None  # (step, actions) last shown
        self._sheet: Sheet | None = None

    def say(self, text: str = "") -> None:
        self.write.write(text + "\n")
        self.write.flush()

    def run(self) -> int:
        walk = self.walkthrough
        self.say(worded(texts.LEARN_WELCOME))
        if walk.last is not None and walk.last.message:
            self.say(plain(walk.last.message))
        while True:
            if walk.finished:
                self.say(plain(walk.script.messages.finished))
                return 0
            self._show()
            self.write.write(texts.PROMPT)
            self.write.flush()
            got = self.read.readline()
            if not got:
                self.say()
                walk.save()
                self.say(_(texts.LEARN_GOODBYE))
                return 0
            if not self._answer(got.strip()):
                walk.save()
                self.say(_(texts.LEARN_GOODBYE))
                return 0

    def _show(self) -> None:
        walk = self.walkthrough
        step = walk.step
        assert step is not None
        key = (walk.index, len(walk.match.actions))
        if key == self._told:
            return
        if self._told is None or self._told[0] != walk.index:
            self.say()
            self.say(
                _(texts.LEARN_STEP).format(
                    number=walk.index + 1, total=len(walk.steps), title=step.title
                )
            )
            for text in step.said.strip().splitlines():
                self.say(plain(text.strip()))
        self._told = key
        if not walk.expects_move():
            self._sheet = None
            self.say(_(texts.LEARN_CONTINUE))
            return
        state = walk.state
        self.ui.sync(state, key)
        sheet = decision_sheet(state, self.ui, numbered=True)
        self._sheet = sheet
        self.say(_(texts.LEARN_ASKS).format(move=walk.expected_words()))
        self.say(plain(sheet.title))
        if state.kind not in (DecisionKind.TURN, DecisionKind.PLACE):
            for line in sheet.lines:
                if said_with_an_option(line, sheet.choices):
                    continue
                if line.topic not in (Topic.KEYS, Topic.OTHER_KEY):
                    for text in line_words(line):
                        self.say(text)
        for text in shared_words(sheet.choices):
            self.say(text)
        self.say(_(texts.OPTIONS))
        for text in options_words(sheet.choices):
            self.say(text)

    def _answer(self, entry: str) -> bool:
        walk = self.walkthrough
        words = entry.split()
        command = command_in(words[0]) if words else ""
        if command == "quit":
            return False
        if not entry:
            if not walk.expects_move():
                self._feedback(walk.proceed())
            else:
                self.say(_(texts.LEARN_HOW))
            return True
        if command:
            self._command(command, words[1:])
            return True
        if NUMBER.fullmatch(entry):
            sheet = self._sheet
            choice = (
                next((c for c in sheet.choices if c.number == int(entry)), None) if sheet else None
            )
            if choice is None:
                self.say(_(texts.LEARN_NO_OPTION).format(number=entry))
                return True
            self._feedback(walk.play(choice.action))
            return True
        action = move_of(entry, walk.state.deal.gods)
        if isinstance(action, str):  # not a move: what is wrong with it
            self.say(action)
            return True
        self._feedback(walk.play(action))
        return True

    def _feedback(self, feedback: Feedback) -> None:
        reason = feedback.reason
        if feedback.outcome is Outcome.ILLEGAL and reason is not None:
            self.say(
                _(texts.ILLEGAL).format(reason=plain(reason.message).rstrip("."), rule=reason.rule)
            )
            if reason.rule_text:
                self.say(plain(reason.rule_text))
        elif feedback.message:
            self.say(plain(feedback.message))

    def _command(self, name: str, args: list[str]) -> None:
        walk = self.walkthrough
        state = walk.state
        if name == "help":
            self.say(worded(texts.LEARN_HELP))
            for line in command_lines(COMMANDS, texts.LEARN_COMMAND_HELP, back=back_word()):
                self.say(line)
        elif name == "options":
            self._told = None
        elif name == "hint":
            self.say(plain(walk.hint()) or _(texts.LEARN_CONTINUE))  # a step to read
        elif name == "undo":
            if walk.back():
                self._told = None
            else:
                self.say(_(texts.NO_UNDO))
        elif name == "market":
            for text in market_words(state):
                self.say(text)
        elif name == "board":
            for text in board_words(state):
                self.say(text)
        elif name == "pyramid":
            seat = walk.learner
            if args:
                names = [p.name.casefold() for p in state.players]
                wanted = " ".join(args).casefold()
                seat = names.index(wanted) if wanted in names else seat
            for text in pyramid_words(state, seat):
                self.say(text)
        elif name == "realm":
            for text in realm_words(state, walk.learner):
                self.say(text)


def run_plain_learn(
    data_dir: Path | None,
    *,
    restart: bool = False,
    language: str | None = None,
    read: Lines,
    write: TextIO,
) -> int:
    """The walkthrough where it was left (or from the start), line by line."""
    saves, before = start_plain(data_dir, language)
    try:
        try:
            script = load_script()
        except ScriptError as exc:
            write.write(str(exc) + "\n")
            return 1
        store = ProgressStore(saves.root / PROGRESS_NAME)
        walkthrough = None if restart else Walkthrough.resume(script, store)
        if walkthrough is None:
            walkthrough = Walkthrough(script, store)
            walkthrough.save()
        lesson = PlainLesson(walkthrough, read, write)
        try:
            return lesson.run()
        except KeyboardInterrupt:  # ctrl+c: kept as quit keeps it
            walkthrough.save()
            write.write(_(texts.LEARN_GOODBYE) + "\n")
            return 0
    finally:
        spell_colors(before)
