"""The plain-text seat: a game played by reading lines and answering with lines.

At each decision of a person it prints what happened since that person's last turn,
then the decision sheet (:func:`orbis_tui.tui.core.sheet.decision_sheet`) with every option
numbered, and reads one answer: an option's number, an empty line (what the sheet
proposes), a move in the notation (``take 3``, ``pay GW``), or a command. Computer seats
move on their own; people sharing the keyboard are asked to pass it on. The game is
autosaved after every action exactly as in the full-screen app (the same
:class:`~orbis_tui.tui.core.session.GameSession` and :class:`~orbis_tui.saves.SaveStore`),
and the end of the input saves and leaves. This module is the seat's loop and what each
answer does; what the typed words mean is :mod:`.commands`'s, the game in words
:mod:`.spoken`'s and the hint, coach and review :mod:`.advice`'s. Starting a game (or
resuming one) is :mod:`.game`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TextIO

from ..engine import ROUNDS, Action, DecisionKind, Exchange, IllegalAction
from ..i18n import fill
from ..i18n import gettext as _
from ..tui import texts as app_texts
from ..tui.core.controller import Controller
from ..tui.core.history import TurnSummary
from ..tui.core.seats import Seat, make_bot
from ..tui.core.session import GameSession
from ..tui.core.sheet import Sheet, decision_sheet
from ..tui.core.sheet_lines import Topic
from ..words import message_of
from . import texts
from .advice import coach_words, hint_words, review_words
from .commands import (
    NUMBER,
    OVER,
    Lines,
    command_of,
    help_text,
    move_of,
    other_colors,
    over_commands,
    worded,
)
from .notation import said_entry
from .spoken import (
    board_words,
    exchange_words,
    line_words,
    market_words,
    options_words,
    plain,
    player_words,
    pyramid_words,
    realm_words,
    recap_words,
    said_with_an_option,
    shared_words,
    standings_words,
    turn_words,
)

if TYPE_CHECKING:
    from ..analysis import JudgedAhead
    from ..bots import Bot
    from ..learn import Coach
    from ..records import GameRecord
    from ..saves import SaveStore


def save_record(store: SaveStore, record: GameRecord) -> str:
    """Save ``record`` under a new name among the records of ``store``'s data folder;
    what to say: where it is, or why it could not be saved."""
    try:
        path = store.export(record, store.record_path(record))
    except OSError as exc:
        return _(texts.SAVE_FAILED).format(error=exc.strerror or exc)
    return _(texts.SAVED).format(path=path)


class InputEnded(Exception):
    """The input ended while waiting for the keyboard to be passed on."""


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
        ahead: JudgedAhead | None = None,
        helps: Mapping[str, str] | None = None,
    ) -> None:
        """``ahead``: where the game's turns are judged as they end, for its review;
        ``helps``: what a command does at this seat, for the help, where that differs
        from the game's help (see :data:`.texts.COMMAND_HELP`)."""
        self.session = session
        self.ahead = ahead
        self.helps = helps
        self.read = read
        self.write = write
        self.resumed = resumed
        self.hint_seed = hint_seed
        self.ui = Controller()
        self._bots: dict[int, Bot] = {}
        self._turn_told: tuple[int, int] | None = None  # (turn start, seat) already told
        self._god_told: set[int] = set()  # seats told that the other gods are not theirs
        self._last_person: int | None = None
        self._shown_version: int | None = None
        self.sheet: Sheet | None = None  # the decision sheet last shown
        self._coach_texts: Coach | None = None

    # ------------------------------------------------------------ printing
    def say(self, text: str = "") -> None:
        self.write.write(text + "\n")
        self.write.flush()

    def say_all(self, lines: Iterable[str]) -> None:
        """Each line as it comes (a generator's first ones before it works out the rest)."""
        for text in lines:
            self.say(text)

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
        self.say(worded(texts.WELCOME))
        names = ", ".join(s.name for s in session.seats)
        if self.resumed:
            self.say(_(texts.RESUMED).format(names=names))
        else:
            seed = session.match.record.setup.seed
            self.say(_(texts.NEW_GAME).format(names=names, seed=seed))
        for seat in session.seats:
            self.say(_(texts.SEATS).format(name=seat.name, kind=self._kind(seat)))
        session.save_now()
        if self.resumed:
            self._moved(-1)  # the turns played before it was saved
        while True:
            state = session.state
            if state.is_over:
                return self._after_the_end()
            if not session.seat.human:
                self.bot_move()
                continue
            self.begin_turn()
            if not self._decide():
                return self.leave()

    def _kind(self, seat: Seat) -> str:
        if seat.human:
            return _(texts.PERSON)
        return _(texts.COMPUTER).format(level=app_texts.level_name(seat.kind))

    def begin_turn(self) -> None:
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
                raise InputEnded
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
        self.say_all(recap_words(recent, to_you))

    def tell_away(self, turns: Sequence[TurnSummary]) -> None:
        """The turns played while this seat was away (joining again after a restart)."""
        self.say(fill(texts.AWAY, count=len(turns)))
        self.say_all(recap_words(turns, ()))

    def _decide(self) -> bool:
        """Show the decision (once per change) and take one answer; False: leave."""
        session = self.session
        state = session.state
        if self._shown_version != session.version:
            self.ui.sync(state, session.version)
            self.show_sheet()
        answer = self.ask()
        if answer is None:
            return False
        return self.answer(answer)

    def show_sheet(self) -> None:
        session = self.session
        state = session.state
        self._shown_version = session.version
        sheet = decision_sheet(state, self.ui, numbered=True)
        self.sheet = sheet
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
                if said_with_an_option(line, sheet.choices):
                    continue
                self.say_all(line_words(line))
        self.say_all(shared_words(sheet.choices))  # true of them all: said once, first
        self.say(_(texts.OPTIONS))
        if state.kind is DecisionKind.TURN and state.player.god is not None:
            if state.current not in self._god_told:  # once: not again every turn
                self._god_told.add(state.current)
                self.say(_(texts.GOD_TAKEN))
        elif state.kind is DecisionKind.TURN:
            self._god_told.discard(state.current)  # the god taken back (undo)
        self.say_all(options_words(sheet.choices))
        extra = other_colors(state, self.ui)
        if extra:
            self.say(extra)
        if sheet.enter is not None and state.kind is not DecisionKind.TURN:
            self.say(_(texts.ENTER).format(words=sheet.enter_words))
        else:
            self.say(_(texts.ENTER_NONE))

    # ------------------------------------------------------------ answers
    def answer(self, entry: str) -> bool:
        """Act on one line of input; False: leave."""
        session = self.session
        if not entry:
            sheet = self.sheet
            # no cursor here: a turn's tile is always chosen by its number
            if sheet is None or sheet.enter is None or sheet.kind is DecisionKind.TURN:
                self.say(_(texts.ENTER_NONE))
                return True
            self._play(sheet.enter)
            return True
        words = entry.split()
        if NUMBER.fullmatch(entry):
            self._choose(int(entry))
            return True
        named = command_of(words[0].lower())
        if named is not None:
            return self.command(named, words[1:])
        action = move_of(entry, session.state.deal.gods)
        if isinstance(action, str):  # not a move: what is wrong with it
            self.say(action)
            return True
        if session.state.is_over:
            self.say(_(texts.GAME_OVER))
            return True
        self._play(action)
        return True

    def _choose(self, number: int) -> None:
        sheet = self.sheet
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
        turn = session.state.turn
        turns = len(session.history.update())
        error = session.submit(action)
        if error is not None:
            self._refused(error)
            return
        if isinstance(action, Exchange):  # the same question follows: say what changed
            self.say(exchange_words(session.state, action))
        self._moved(turn)
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

    def _moved(self, turn: int) -> None:
        """The game moved on from ``turn``: a turn that is over goes to be judged for
        the review."""
        state = self.session.state
        if self.ahead is not None and (state.is_over or state.turn != turn):
            self.ahead.game_moved(self.session.match.record, state)

    def _refused(self, error: IllegalAction) -> None:
        reason = plain(message_of(error)).rstrip(".")
        self.say(_(texts.ILLEGAL).format(reason=reason, rule=error.rule))

    def _report_save(self) -> None:
        error = self.session.take_save_error()
        if error is not None:
            self.say(worded(texts.AUTOSAVE_FAILED, error=error.strerror or error))

    # ------------------------------------------------------------ commands
    def command(self, name: str, args: Sequence[str]) -> bool:
        """Carry out a command; False: leave."""
        session = self.session
        state = session.state
        if name == "quit":
            return False
        if name == "help":
            self.say(help_text(self.helps))
        elif name == "options":
            self._shown_version = None
            if not state.is_over:
                self.ui.sync(state, session.version)
                self.show_sheet()
        elif name == "market":
            self.say_all(market_words(state))
        elif name == "board":
            self.say_all(board_words(state))
        elif name == "pyramid":
            seat = self._player(args)
            if seat is not None:
                self.say_all(pyramid_words(state, seat))
        elif name == "realm":
            self.say_all(realm_words(state, state.current))
        elif name == "players":
            for seat, person in enumerate(session.seats):
                self.say(player_words(state, seat, self._kind(person)))
        elif name == "score":
            self.say_all(standings_words(state))
        elif name == "history":
            turns = session.history.update()
            if not turns:
                self.say(_(texts.HISTORY_NONE))
            for turn in turns:
                self.say_all(turn_words(turn))
        elif name == "hint":
            self.say_all(hint_words(session, self.hint_seed))
        elif name == "coach":
            self.say_all(coach_words(self._coach(), state))
        elif name == "undo":
            self.say(self._undo(session))
        elif name == "save":
            self._save()
        elif name == "review":
            known = self.ahead.known() if self.ahead is not None else None
            self.say_all(review_words(session, self.say, known))
        return True

    @staticmethod
    def _undo(session: GameSession) -> str:
        """Take the last action of the turn back; what was done, said."""
        asked = session.undo_on_its_way()
        if asked is not None:
            return _(texts.UNDO_ON_ITS_WAY).format(what=said_entry(asked))
        undone = session.undo()
        if undone is None:
            return _(texts.NO_UNDO)
        return _(texts.UNDONE).format(what=said_entry(undone))

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

    def _coach(self) -> Coach:
        """The coach, which reads the walkthrough's texts once."""
        from ..learn import Coach

        if self._coach_texts is None:
            self._coach_texts = Coach()
        return self._coach_texts

    def _save(self) -> None:
        session = self.session
        if session.store is not None:
            self.say(save_record(session.store, session.match.record))

    # ------------------------------------------------------------ computer seats
    def bot_move(self) -> None:
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
        turn = state.turn
        error = session.submit(action)
        if error is not None:  # never expected: the bot's move is refused; a person takes over
            self._refused(error)
            session.take_seat(seat)
        self._moved(turn)
        self._report_save()

    # ------------------------------------------------------------ leaving
    def _after_the_end(self) -> int:
        state = self.session.state
        self._since(self._last_person if self._last_person is not None else state.current)
        self.say()
        self.say_all(standings_words(state))
        self.say(over_commands())
        while True:
            entry = self.ask()
            words = entry.split() if entry is not None else []
            named = command_of(words[0], OVER) if words else None
            if entry is None or named == "quit":
                return self.leave()
            if named is not None:
                self.command(named, words[1:])
            else:
                self.say(over_commands())

    def leave(self) -> int:
        self.session.save_now()
        self.session.flush()
        over = self.session.state.is_over
        self.say(_(texts.GOODBYE_OVER if over else texts.GOODBYE))
        return 0
