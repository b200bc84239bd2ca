"""The plain-text seat: a game played by reading lines and answering with lines.

At each decision of a person it prints what happened since that person's last turn,
then the decision sheet (:func:`orbis_tui.tui.core.sheet.decision_sheet`) with every option
numbered, and reads one answer: an option's number, an empty line (what the sheet
proposes), a move in the notation (``take 3``, ``pay GW``), or a command. Computer seats
move on their own; people sharing the keyboard are asked to pass it on. The game is
autosaved after every action exactly as in the full-screen app (the same
:class:`~orbis_tui.tui.core.session.GameSession` and :class:`~orbis_tui.saves.SaveStore`),
and the end of the input saves and leaves.
"""

from __future__ import annotations

import gc
import re
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TextIO

from .. import i18n
from ..engine import (
    ROUNDS,
    Action,
    DecisionKind,
    GameState,
    IllegalAction,
    NotationError,
    format_action,
    parse_action,
)
from ..i18n import color_letters, fill
from ..i18n import gettext as _
from ..saves import LockState, SaveStore
from ..tiles import use_cache
from ..tui import texts as app_texts
from ..tui import texts_learn as app_texts_learn
from ..tui.core.controller import Controller
from ..tui.core.describe import color_word, effect_long, god_line
from ..tui.core.history import TurnSummary
from ..tui.core.recap import recap_sheet
from ..tui.core.replay_book import ReplayBook
from ..tui.core.seats import HUMAN, Seat, make_bot, seats_of
from ..tui.core.session import GameSession
from ..tui.core.sheet import Choice, Sheet, decision_sheet
from ..tui.core.sheet_lines import Chips, Line, Part, Seg, Stars, Topic
from ..tui.review_sheet import judgement_sheet, lesson_sheet
from ..tui.texts_screens import NEW_SEAT_PLACEHOLDER
from ..words import (
    color_count_words,
    cost_words,
    god_name,
    message_of,
    name_of,
    spell_colors,
    worshiper_words,
)
from . import texts

if TYPE_CHECKING:
    from ..analysis import GameReview
    from ..bots import Bot
    from ..learn import Coach
    from ..records import GameRecord, Match


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


def command_word(name: str) -> str:
    """The word of command ``name`` in the language in use."""
    return i18n.pgettext("plain command", texts.COMMAND_WORDS[name])


def command_of(word: str, among: Sequence[str] = COMMANDS) -> str | None:
    """The command (its English name) that ``word`` means, in English or in the language
    in use; None when it is none of ``among``."""
    wanted = word.casefold()
    for name in among:
        if wanted == name:
            return name
    for name in among:
        if wanted == command_word(name).casefold():
            return name
    return None


def help_text() -> str:
    """How to answer, and every command in the language in use (with its English word
    when that differs: both are understood)."""
    lines = [_(texts.HELP), _(texts.HELP_COMMANDS)]
    for name in COMMANDS:
        word, what = command_word(name), _(texts.COMMAND_HELP[name])
        if word.casefold() == name:
            lines.append(_(texts.HELP_COMMAND).format(word=word, what=what))
        else:
            lines.append(_(texts.HELP_COMMAND_ENGLISH).format(word=word, english=name, what=what))
    return "\n".join(lines)


def over_commands(among: Sequence[str] = OVER) -> str:
    """What can be asked once the game is over, in the language in use."""
    return _(texts.OVER_COMMANDS).format(commands=", ".join(command_word(c) for c in among))


# The verb that answers each kind of decision where colors are picked, for the example.
_PICK_VERBS = {
    DecisionKind.VILLAGE: "return",
    DecisionKind.DEATH: "return",
    DecisionKind.DISCARD: "discard",
    DecisionKind.LOVE: "love",
}
_NUMBER = re.compile(r"[0-9]{1,3}")
# What the full-screen app writes as signs, said in words (a screen reader reads "✗" as
# "ballot x", if at all).
_LEADING = (("! ", texts.WARNING), ("· ", texts.NOTE), ("✗ ", texts.NOT_POSSIBLE))


def _spelled_letters(text: str) -> str:
    """Worshipers and tiles still written with color letters ('1R', '(W★★)') in words."""
    letters = color_letters()

    def count(found: re.Match[str]) -> str:
        return texts_count(letters.index(found.group(2)), int(found.group(1)))

    def tile(found: re.Match[str]) -> str:
        color = color_word(letters.index(found.group(1)))
        level = _(texts.LEVEL).format(level=len(found.group(2)))
        return f"({color}, {level})"

    text = re.sub(rf"\(([{letters}])(★{{1,3}})\)", tile, text)
    return re.sub(rf"\b([0-9]+)([{letters}])\b", count, text)


def plain(text: str) -> str:
    """A line of the app in words: its signs spelled out or dropped, colors named."""
    text = _spelled_letters(text)
    for sign, word in _LEADING:
        if text.startswith(sign):
            text = _(word) + text[len(sign) :]
    if text.startswith("▸ "):
        text = _(texts.CHOSEN) + text[2:]
    if text.startswith("✓ "):
        text = text[2:]
    return text.replace(" · ", "; ").replace(" → ", _(texts.TO)).replace("✗ ", "")


def part_words(part: Part) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, Seg):
        return part.text
    if isinstance(part, Stars):
        return _(texts.LEVEL).format(level=part.level)
    if part.form == "color":
        return color_word(part.count.index(1))
    if part.form == "realm":  # the zeros too are a lot to listen to: only what is there
        return worshiper_words(part.count)
    if part.form == "cost":
        if not any(part.count) and not part.any_count:
            return part.empty
        return cost_words(part.count, part.any_count)
    return worshiper_words(part.count)


def texts_count(color: int, n: int) -> str:
    return color_count_words(color, n)


def line_words(line: Line) -> list[str]:
    """A sheet's line in words, with the lines of its block after it."""
    text = "".join(part_words(p) for p in line.parts).strip()
    if line.topic is Topic.PAYMENT:  # "✓ you can pay it", "✗ not yet: ...": the words say it
        text = text.removeprefix("✓ ").removeprefix("✗ ")
    if len(line.parts) == 1 and isinstance(line.parts[0], Chips) and line.parts[0].form == "realm":
        text = _(texts.REALM_NOW).format(realm=text)
    text = plain(text)
    out = [text] if text else []
    for below in line.block:
        out.extend(line_words(below))
    return out


# Lines that stand on their own under an option; the others are said together in one.
_ALONE = (Topic.LOSS, Topic.NOTE, Topic.REFUSAL, Topic.MISTAKE)


class PlainSeat:
    """One game played through ``read`` and ``write`` (stdin and stdout)."""

    def __init__(
        self,
        session: GameSession,
        read: Lines,
        write: TextIO,
        *,
        resumed: bool = False,
        hint_seed: int = 0,
    ) -> None:
        self.session = session
        self.read = read
        self.write = write
        self.resumed = resumed
        self.hint_seed = hint_seed
        self.ui = Controller()
        self._bots: dict[int, Bot] = {}
        self._turn_told: tuple[int, int] | None = None  # (turn start, seat) already told
        self._last_person: int | None = None
        self._shown_version: int | None = None
        self._sheet: Sheet | None = None
        self._coach_texts: Coach | None = None

    # ------------------------------------------------------------ printing
    def say(self, text: str = "") -> None:
        self.write.write(text + "\n")
        self.write.flush()

    def ask(self) -> str | None:
        """One line of input; None at its end."""
        self.write.write(texts.PROMPT)
        self.write.flush()
        got = self.read.readline()
        if not got:
            self.say()
            return None
        return got.strip()

    # ------------------------------------------------------------ the game
    def run(self) -> int:
        session = self.session
        self.say(_(texts.WELCOME))
        names = ", ".join(s.name for s in session.seats)
        if self.resumed:
            self.say(_(texts.RESUMED).format(names=names))
        else:
            seed = session.match.record.setup.seed
            self.say(_(texts.NEW_GAME).format(names=names, seed=seed))
        for seat in session.seats:
            self.say(_(texts.SEATS).format(name=seat.name, kind=self._kind(seat)))
        session.save_now()
        while True:
            state = session.state
            if state.is_over:
                return self._after_the_end()
            if not session.seat.human:
                self._bot_move()
                continue
            self._begin_turn()
            if not self._decide():
                return self._leave()

    def _kind(self, seat: Seat) -> str:
        if seat.human:
            return _(texts.PERSON)
        return _(texts.COMPUTER).format(level=app_texts.level_name(seat.kind))

    def _begin_turn(self) -> None:
        """At a person's turn: pass the keyboard (people sharing it), then what happened
        since their last turn."""
        session = self.session
        state = session.state
        key = (session.match.turn_start, state.current)
        if key == self._turn_told:
            return
        self._turn_told = key
        seat = state.current
        name = session.seat.name
        if session.humans > 1 and self._last_person != seat:
            self.say()
            self.say(_(texts.PASS_KEYBOARD).format(name=name))
            if self.ask() is None:
                raise _Leave
        self._last_person = seat
        self.say()
        self.say(_(texts.ROUND).format(round=state.round, rounds=ROUNDS, name=name))
        self._since(seat)

    def _since(self, seat: int) -> None:
        history = self.session.history
        recent = history.since_turn_of(seat)
        to_you = history.done_to(seat)
        if not recent and not to_you:
            if history.has_played(seat):
                self.say(_(texts.SINCE_NOTHING))
            return
        self.say(_(texts.SINCE))
        for line in recap_sheet(recent, to_you):
            said = line_words(line)
            for index, text in enumerate(said):
                self.say(("   " if index else "") + text)

    def tell_away(self, turns: Sequence[TurnSummary]) -> None:
        """The turns played while this seat was away (joining again after a restart)."""
        self.say(fill(texts.AWAY, count=len(turns)))
        for line in recap_sheet(turns, ()):
            for index, text in enumerate(line_words(line)):
                self.say(("   " if index else "") + text)

    def _decide(self) -> bool:
        """Show the decision (once per change) and take one answer; False: leave."""
        session = self.session
        state = session.state
        if self._shown_version != session.version:
            self.ui.sync(state, session.version)
            self._show_sheet()
        answer = self.ask()
        if answer is None:
            return False
        return self.answer(answer)

    def _show_sheet(self) -> None:
        session = self.session
        state = session.state
        self._shown_version = session.version
        sheet = decision_sheet(state, self.ui, numbered=True)
        self._sheet = sheet
        self.say()
        self.say(_(texts.DECISION).format(name=session.seat.name, title=plain(sheet.title)))
        if state.kind is not DecisionKind.TURN:
            for line in sheet.lines:
                if line.topic in (Topic.KEYS, Topic.OTHER_KEY):
                    continue
                # each spot is an option, with its warnings: said there
                placing = state.kind is DecisionKind.PLACE and line.topic is not Topic.MISTAKE
                if placing and line is not sheet.lines[0]:
                    continue
                for text in line_words(line):
                    self.say(text)
        self.say(_(texts.OPTIONS))
        if state.kind is DecisionKind.TURN and state.player.god is not None:
            self.say(_(texts.GOD_TAKEN))
        before: Choice | None = None
        for choice in sheet.choices:
            for text in choice_words(choice, before):
                self.say(text)
            before = choice
        extra = self._other_colors(state)
        if extra:
            self.say(extra)
        if sheet.enter is not None and state.kind is not DecisionKind.TURN:
            self.say(_(texts.ENTER).format(words=sheet.enter_words))
        else:
            self.say(_(texts.ENTER_NONE))

    def _other_colors(self, state: GameState) -> str:
        """How to answer with other colors than the options offer."""
        letters = color_letters()
        pick = self.ui.pick
        if pick is None or pick.need == 0:
            return ""
        names = ", ".join(f"{letters[c]} {color_word(c)}" for c in range(len(letters)))
        legend = " " + _(texts.LETTERS).format(letters=names)
        if state.kind is DecisionKind.PAY and self.ui.payable(state):
            example = "pay " + _letters(pick.value, letters)
            return _(texts.PAY_OTHER).format(example=example) + legend
        verb = _PICK_VERBS.get(state.kind)
        if verb is None:
            return ""
        example = f"{verb} {_letters(pick.value, letters)}"
        return _(texts.PICK_OTHER).format(verb=verb, example=example) + legend

    # ------------------------------------------------------------ answers
    def answer(self, entry: str) -> bool:
        """Act on one line of input; False: leave."""
        session = self.session
        if not entry:
            sheet = self._sheet
            # no cursor here: a turn's tile is always chosen by its number
            if sheet is None or sheet.enter is None or sheet.kind is DecisionKind.TURN:
                self.say(_(texts.ENTER_NONE))
                return True
            self._play(sheet.enter)
            return True
        words = entry.split()
        command = words[0].lower()
        if _NUMBER.fullmatch(entry):
            self._choose(int(entry))
            return True
        named = command_of(command)
        if named is not None:
            return self.command(named, words[1:])
        try:
            action = parse_action(_latin(entry))
        except NotationError as exc:
            if command in _VERBS:
                self.say(_(texts.BAD_ENTRY).format(problem=exc))
            else:
                self.say(_(texts.UNKNOWN).format(entry=entry))
            return True
        if session.state.is_over:
            self.say(_(texts.GAME_OVER))
            return True
        self._play(action)
        return True

    def _choose(self, number: int) -> None:
        sheet = self._sheet
        choices = sheet.choices if sheet is not None else ()
        choice = next((c for c in choices if c.number == number), None)
        if choice is None:
            first = choices[0].number if choices else 0
            last = choices[-1].number if choices else 0
            self.say(_(texts.NOT_A_NUMBER).format(number=number, first=first, last=last))
            return
        self._play(choice.action)

    def _play(self, action: Action) -> None:
        session = self.session
        seat = session.state.current
        turns = len(session.history.update())
        error = session.submit(action)
        if error is not None:
            self._refused(error)
            return
        self._report_save()
        self.tell_turns_done(seat, turns)

    def tell_turns_done(self, seat: int, told: int, *, stand_in: str | None = None) -> int:
        """Say what each turn of ``seat`` finished after the first ``told`` turns of the
        game did (at a table played apart, once the server has taken it); returns how
        many turns are finished now. ``stand_in``: the computer level (its name) that
        plays the seat for its person now, who did not play these turns."""
        done = self.session.history.update()
        template = _(texts.YOUR_TURN_DONE) if stand_in is None else _(texts.STAND_IN_TURN_DONE)
        for turn in done[told:]:
            if turn.seat != seat:
                continue
            self.say(
                plain(
                    template.format(
                        took=turn.took, before=turn.cp_before, after=turn.cp_after, level=stand_in
                    )
                )
            )
            for text in turn.effects:
                self.say(plain(text))
            for text in turn.losses:
                self.say(_(texts.WARNING) + plain(text))
        return len(done)

    def _refused(self, error: IllegalAction) -> None:
        reason = plain(message_of(error)).rstrip(".")
        self.say(_(texts.ILLEGAL).format(reason=reason, rule=error.rule))

    def _report_save(self) -> None:
        error = self.session.take_save_error()
        if error is not None:
            self.say(_(texts.AUTOSAVE_FAILED).format(error=error.strerror or error))

    # ------------------------------------------------------------ commands
    def command(self, name: str, args: Sequence[str]) -> bool:
        """Carry out a command; False: leave."""
        session = self.session
        state = session.state
        if name == "quit":
            return False
        if name == "help":
            self.say(help_text())
        elif name == "options":
            self._shown_version = None
            if not state.is_over:
                self.ui.sync(state, session.version)
                self._show_sheet()
        elif name == "market":
            for text in market_words(state):
                self.say(text)
        elif name == "board":
            for text in board_words(state):
                self.say(text)
        elif name == "pyramid":
            seat = self._player(args)
            if seat is not None:
                for text in pyramid_words(state, seat):
                    self.say(text)
        elif name == "realm":
            for text in realm_words(state, state.current):
                self.say(text)
        elif name == "players":
            for seat, person in enumerate(session.seats):
                self.say(player_words(state, seat, self._kind(person)))
        elif name == "score":
            from ..standings import standings_text

            for text in standings_text(state).splitlines():
                self.say(plain(_columns(text)))
        elif name == "history":
            turns = session.history.update()
            if not turns:
                self.say(_(texts.HISTORY_NONE))
            for turn in turns:
                for text in turn_words(turn):
                    self.say(text)
        elif name == "hint":
            self._hint()
        elif name == "coach":
            self._coach()
        elif name == "undo":
            undone = session.undo()
            if undone is None:
                self.say(_(texts.NO_UNDO))
            else:
                self.say(_(texts.UNDONE).format(what=undone))
        elif name == "save":
            self._save()
        elif name == "review":
            self._review()
        return True

    def _review(self) -> None:
        """The review of the game, said line by line: each player's biggest mistakes,
        each with its judgement, then the lessons: the review's own sheets
        (:mod:`..tui.review_sheet`), as the review screen shows them. A review kept
        from before (by the app or ``orbis review``) is read back; else it is made, and
        kept."""
        from ..analysis import REVIEW_PER_OPTION, ReviewCache, review_key

        record = self.session.match.record
        store = self.session.store
        cache = ReviewCache.in_data_folder(store.root) if store is not None else None
        key = review_key(record, per_option=REVIEW_PER_OPTION)
        review = cache.load(key, record).review if cache is not None else None
        if review is None:
            self.say(_(texts.REVIEWING))
            review = make_review(record)
            failed = cache.save(key, review) if cache is not None else None
            if failed is not None:
                self.say(_(texts.REVIEW_KEPT_FAILED).format(error=failed))
        book = ReplayBook(record)
        players = len(review.names)
        for summary in review.players:
            if not summary.biggest:
                self.say(_(texts.REVIEW_NONE).format(name=summary.name))
            for move in summary.biggest:
                self.say()
                heading = fill(
                    app_texts_learn.REVIEW_MISTAKE_LINE,
                    round=(move.turn - 1) // players + 1,
                    name=summary.name,
                    loss=move.loss,
                )
                self.say(plain(heading))
                first = move.index - len(move.played) + 1
                said = judgement_sheet(
                    book.state(first), move, name=summary.name, hinted=move.hinted
                )
                for line in said:
                    for text in line_words(line):
                        self.say(text)
        self.say()
        for line in lesson_sheet(review, over=self.session.state.is_over):
            for text in line_words(line):
                self.say(text)

    def _player(self, args: Sequence[str]) -> int | None:
        state = self.session.state
        if not args:
            return state.current
        wanted = " ".join(args).casefold()
        names = [p.name for p in state.players]
        for seat, name in enumerate(names):
            if name.casefold() == wanted or str(seat + 1) == wanted:
                return seat
        self.say(_(texts.NO_SUCH_PLAYER).format(name=" ".join(args), names=", ".join(names)))
        return None

    def _hint(self) -> None:
        session = self.session
        state = session.state
        if state.is_over:
            self.say(_(texts.GAME_OVER))
            return
        if not session.seat.human:
            self.say(_(texts.NOT_YOUR_TURN))
            return
        if not session.seat.hints:
            self.say(_(texts.NO_HINTS).format(name=session.seat.name))
            return
        from ..analysis import best_options

        self.say(_(texts.HINT_THINKING))
        options = best_options(state, seed=self.hint_seed)
        session.note_hint()
        self.say(_(texts.HINT_TITLE))
        for rank, option in enumerate(options, 1):
            entry = "; ".join(format_action(a) for a in option.actions)
            from ..words import describe_actions

            self.say(
                _(texts.HINT_OPTION).format(
                    rank=rank,
                    words=describe_actions(state, option.actions),
                    entry=entry,
                    margin=option.margin,
                    stderr=option.stderr,
                )
            )
            self.say(_(texts.HINT_REASON).format(reason=plain(option.reason)))

    def _coach(self) -> None:
        from ..learn import Coach

        state = self.session.state
        if self._coach_texts is None:
            self._coach_texts = Coach()  # reads the walkthrough's texts once
        advice = self._coach_texts.advise(state)
        self.say(plain(advice.phase))
        unavailable = [o for o in advice.unavailable]
        if not unavailable:
            self.say(_(texts.COACH_NONE))
        for option in unavailable:
            reason = option.reason
            assert reason is not None
            self.say(
                _(texts.COACH_OPTION).format(
                    label=option.label, reason=plain(reason.message), rule=reason.rule
                )
            )
        if advice.rule_text:
            self.say(_(texts.COACH_RULE).format(rule=advice.rule, text=advice.rule_text))

    def _save(self) -> None:
        session = self.session
        store = session.store
        if store is None:
            return
        record = session.match.record
        try:
            path = store.export(record, store.record_path(record))
        except OSError as exc:
            self.say(_(texts.SAVE_FAILED).format(error=exc.strerror or exc))
            return
        self.say(_(texts.SAVED).format(path=path))

    # ------------------------------------------------------------ computer seats
    def _bot_move(self) -> None:
        session = self.session
        state = session.state
        seat = state.current
        bot = self._bots.get(seat)
        if bot is None:
            bot = make_bot(session.seat.kind, session.match.record.setup.seed or 0, seat)
            self._bots[seat] = bot
        try:
            action = bot.choose(state.copy())
        except Exception as exc:  # a failing computer player must not end the game
            self.say(f"{session.seat.name}: {type(exc).__name__}: {exc}")
            session.take_seat(seat)
            return
        error = session.submit(action)
        if error is not None:  # never expected: the bot's move is refused; a person takes over
            self._refused(error)
            session.take_seat(seat)
        self._report_save()

    # ------------------------------------------------------------ leaving
    def _after_the_end(self) -> int:
        from ..standings import standings_text

        state = self.session.state
        self._since(self._last_person if self._last_person is not None else state.current)
        self.say()
        for text in standings_text(state).splitlines():
            self.say(plain(_columns(text)))
        self.say(over_commands())
        while True:
            entry = self.ask()
            words = entry.split() if entry is not None else []
            named = command_of(words[0], OVER) if words else None
            if entry is None or named == "quit":
                return self._leave()
            if named is not None:
                self.command(named, words[1:])
            else:
                self.say(over_commands())

    def _leave(self) -> int:
        self.session.save_now()
        self.session.flush()
        self.say(_(texts.GOODBYE))
        return 0


class _Leave(Exception):
    """The input ended while waiting for the keyboard to be passed on."""


_VERBS = {
    "take",
    "god",
    "exchange",
    "pay",
    "wild",
    "place",
    "gain",
    "return",
    "erupt",
    "decline",
    "love",
    "discard",
}


def make_review(record: GameRecord) -> GameReview:
    """The review of ``record`` at the review screen's size (tests put a quicker one)."""
    from ..analysis import review_record

    return review_record(record)


def _columns(text: str) -> str:
    """A row of a table laid out with spaces, its cells parted by commas (a screen reader
    reads a run of spaces as nothing)."""
    return re.sub(r"\s{2,}", ", ", text.strip())


def _letters(count: Sequence[int], letters: str) -> str:
    return "".join(letters[c] * n for c, n in enumerate(count))


def _latin(entry: str) -> str:
    """A notation entry with the language's own color letters turned into R B O G W."""
    shown = color_letters()
    if shown == "RBOGW":
        return entry
    table = str.maketrans(shown + shown.lower(), "RBOGW" + "rbogw")
    verb, _sep, rest = entry.partition(" ")
    return f"{verb} {rest.translate(table)}" if rest else verb


# ------------------------------------------------------------------ the views
def _warnings(choice: Choice | None) -> list[Line]:
    return [] if choice is None else [line for line in choice.lines if line.topic in _ALONE]


def choice_words(choice: Choice, before: Choice | None = None) -> list[str]:
    """An option: its number and what it does, then what is worth knowing about it in
    one line, then each warning and refusal on a line of its own (or, when they are
    those of the option ``before``, a word saying so)."""
    template = texts.OPTION if choice.legal else texts.OPTION_REFUSED
    out = [_(template).format(number=choice.number, label=choice.label)]
    together: list[str] = []
    alone: list[str] = []
    for line in choice.lines:
        if line.topic is Topic.KEYS:
            continue
        said = line_words(line)
        (alone if line.topic in _ALONE else together).extend(said)
    if together:
        out.append("   " + ". ".join(t.rstrip(".") for t in together) + ".")
    same = before is not None and len(alone) > 1 and _warnings(choice) == _warnings(before)
    if same:
        assert before is not None
        out.append("   " + _(texts.SAME_WARNINGS).format(number=before.number))
    else:
        out.extend("   " + t for t in alone)
    return out


def turn_words(turn: TurnSummary) -> list[str]:
    """A turn of the history, with its round."""
    head = _(texts.HISTORY_TURN).format(
        round=turn.round,
        name=turn.name,
        took=turn.took,
        before=turn.cp_before,
        after=turn.cp_after,
    )
    return [plain(head), *("   " + plain(line) for line in turn.effects)]


def market_words(state: GameState) -> list[str]:
    out = []
    for cell, tile in enumerate(state.market):
        if tile is None:
            out.append(_(texts.MARKET_EMPTY).format(cell=cell + 1))
            continue
        lying = state.market_worshipers[cell]
        out.append(
            _(texts.MARKET_CELL).format(
                cell=cell + 1,
                tile=name_of(tile),
                color=color_word(tile.color),
                level=tile.level,
                cp=tile.cp,
                effect=plain(effect_long(tile.effect)),
                cost=cost_words(tile.cost, tile.cost_any),
                lying=_(texts.LYING).format(worshipers=worshiper_words(lying))
                if any(lying)
                else "",
            )
        )
    return out


def board_words(state: GameState) -> list[str]:
    out = market_words(state)
    gods = [state.catalog.god_by_id[g] for g in state.gods_available]
    if gods:
        items = "; ".join(
            _(texts.GOD_ITEM).format(name=name_of(g), cp=g.cp, what=god_line(g).rstrip("."))
            for g in gods
        )
        out.append(_(texts.GODS).format(gods=items))
    else:
        out.append(_(texts.GODS_NONE))
    left = [len(pile) - pos for pile, pos in zip(state.piles, state.pile_pos, strict=True)]
    out.append(_(texts.PILES).format(one=left[0], two=left[1], three=left[2]))
    return out


def pyramid_words(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    pyramid = player.pyramid
    if not pyramid:
        return [_(texts.PYRAMID_EMPTY).format(name=player.name)]
    out = [fill(texts.PYRAMID_TITLE, name=player.name, count=len(pyramid))]
    for row in sorted({r for r, _c in pyramid}):
        tiles = []
        for (r, col), placed in sorted(pyramid.items()):
            if r != row:
                continue
            tile = placed.tile
            words = _(texts.TILE_WORDS).format(
                name=name_of(tile), color=color_word(tile.color), cp=tile.cp
            )
            if placed.wild:
                words = _(texts.WILDERNESS)
            if placed.cancelled:
                words = _(texts.CANCELLED).format(tile=words)
            tiles.append(_(texts.PYRAMID_TILE).format(col=col, tile=words))
        out.append(_(texts.PYRAMID_ROW).format(row=row, tiles="; ".join(tiles)))
    return out


def realm_words(state: GameState, seat: int) -> list[str]:
    from ..engine import final_scores

    player = state.players[seat]
    out = [_(texts.REALM).format(name=player.name, realm=worshiper_words(player.realm_count))]
    farms = [color_word(c) for c, on in enumerate(player.reductions) if on]
    if farms:
        out.append(_(texts.FARMS).format(colors=", ".join(farms)))
    if player.god is not None:
        out.append(_(texts.GOD_HELD).format(god=god_name(state, player.god)))
    else:
        out.append(_(texts.GOD_NONE))
    out.append(_(texts.CP_NOW).format(cp=final_scores(state)[seat].total))
    return out


def player_words(state: GameState, seat: int, kind: str) -> str:
    from ..engine import final_scores

    player = state.players[seat]
    god = god_name(state, player.god) if player.god is not None else _(texts.GOD_NONE)
    return _(texts.PLAYER_LINE).format(
        name=player.name,
        kind=kind,
        tiles=len(player.pyramid),
        realm=worshiper_words(player.realm_count),
        god=god,
        cp=final_scores(state)[seat].total,
    )


# ------------------------------------------------------------------ starting
def seats_from(players: int, names: Sequence[str], levels: dict[int, str]) -> list[Seat]:
    """``players`` seats named from ``names`` (else "Player N"), with computer levels."""
    seats = []
    for n in range(players):
        name = names[n] if n < len(names) and names[n] else None
        name = name or _(NEW_SEAT_PLACEHOLDER).format(n=n + 1)
        seats.append(Seat(name, levels.get(n + 1, HUMAN)))
    return seats


def start_plain(data_dir: Path | None, language: str | None) -> tuple[SaveStore, bool]:
    """What every plain-text command does first: the language, the data folder's store
    and its catalog cache, colors named in words. Returns the store and the colors'
    previous setting (for ``spell_colors`` at the end)."""
    gc.enable()  # the orbis command turns collection off while an app starts
    if language:
        i18n.set_language(i18n.resolve_language(language, None))
    store = SaveStore(data_dir)
    use_cache(store.cache_dir)
    return store, spell_colors(True)


def run_plain(
    data_dir: Path | None,
    *,
    players: int = 2,
    seed: int | None = None,
    levels: dict[int, str] | None = None,
    names: Sequence[str] = (),
    language: str | None = None,
    read: Lines,
    write: TextIO,
) -> int:
    """Play (or resume) a game line by line; the exit status."""
    from ..records import Match, setup_for_game

    store, before = start_plain(data_dir, language)
    lock = store.acquire()
    try:
        if lock.state is LockState.ELSEWHERE:
            write.write(_(texts.LOCKED).format(folder=store.root) + "\n")
            return 1
        loaded = store.load()
        for notice in loaded.notices:
            write.write(plain(notice) + "\n")
        match: Match | None = None
        resumed = False
        if loaded.resumable and seed is None and not levels:
            match = loaded.match
            resumed = True
        if match is None:
            seats = seats_from(players, names, levels or {})
            if seed is None:
                seed = time.time_ns() % 1_000_000_000
            setup = setup_for_game([s.name for s in seats], seed, 0)
            if any(not s.human for s in seats):
                setup.seats = [s.kind for s in seats]
            if loaded.match is not None:
                store.archive_autosave(loaded.match.record)
            match = Match.start(setup)
        else:
            setup = match.record.setup
            seats = seats_of(setup.players, setup.seats, setup.no_hints)
        session = GameSession(match, store, seats)
        seat = PlainSeat(session, read, write, resumed=resumed)
        try:
            return seat.run()
        except (_Leave, KeyboardInterrupt):  # the input ended, or ctrl+c: saved as quit
            return seat._leave()
    finally:
        spell_colors(before)
        store.release()
