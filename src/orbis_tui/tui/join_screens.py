"""The screens of a seat joined to a table played apart (``orbis join LINK``): the
screen shown until the table arrives, the one shown when this seat was opened in
another place, the table screen with what only a remote seat can do (hand an absent
player to the computer, take one's own seat back, the chat, the turn clock and an
absent player's grace counting down), and the end screen with the rematch. The app
that shows them, :class:`~.join.JoinApp`, keeps the connection."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ..i18n import gettext as _
from . import texts
from .core.remote_session import RemoteSession
from .navigation import ShowEnd
from .screens.end import EndScreen
from .screens.table import TableScreen
from .widgets.keybar import KeyBar

K = texts.KEY


class WaitingScreen(Screen[None]):
    """Shown until the table arrives, and whenever the connection is lost for good."""

    def compose(self) -> Any:
        yield Static(_(texts.JOIN_CONNECTING), id="join-status")

    def say(self, text: str) -> None:
        self.query_one("#join-status", Static).update(text)


class ReplacedScreen(Screen[None]):
    """This seat was opened in another place: nothing here plays it any more, and
    the keys that work are taking it back and quitting."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "take_back", K["take_back"]),
    ]

    def __init__(self, take_back: Callable[[], None]) -> None:
        """``take_back``: connects again (the app's), closing the other place's seat."""
        super().__init__()
        self._take_back = take_back

    def compose(self) -> Any:
        yield Static(_(texts.JOIN_REPLACED), id="join-status")
        yield KeyBar()

    def action_take_back(self) -> None:
        self._take_back()


class LinkBrokeScreen(Screen[None]):
    """The connection failed in a way it does not mend by itself: ``text`` says why,
    Enter connects again (the table comes back where it was), q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "connect_again", K["connect_again"]),
    ]

    def __init__(self, text: str, connect_again: Callable[[], None]) -> None:
        super().__init__()
        self.text = text
        self._connect_again = connect_again

    def compose(self) -> Any:
        yield Static(self.text, id="join-status", markup=False)
        yield KeyBar()

    def action_connect_again(self) -> None:
        self._connect_again()


class RemoteTableScreen(TableScreen):
    """The table screen of a seat played apart: the others' absence can be covered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableScreen.BINDINGS,
        Binding("m", "stand_in", K["stand_in"]),
        Binding("m", "seat_back", K["seat_back"]),
        Binding("slash", "chat", K["chat"], key_display="/"),
    ]

    @property
    def remote(self) -> RemoteSession:
        session = self.session
        assert isinstance(session, RemoteSession)
        return session

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stand_in":
            return self.remote.my_seat is not None and bool(self.remote.absent())
        if action == "seat_back":
            seat = self.remote.my_seat
            return seat is not None and self.remote.out_of_time(seat)
        if action == "chat":
            return self.remote.my_seat is not None  # a watcher reads the log
        if action == "new_game":
            return False  # a table played apart is dealt on its server
        return super().check_action(action, parameters)

    def action_seat_back(self) -> None:
        """This seat's time ran out and a computer plays it: play it again."""
        self.remote.take_my_seat_back()

    def _clock_text(self) -> str | None:
        state = self.state
        left = None if state.is_over else self.remote.clock_left(state.current)
        if left is None:
            return None
        return _(texts.CLOCK_SHORT).format(time=texts.clock_words(left))

    def _watching_text(self) -> tuple[str, str] | None:
        if self.remote.my_seat is not None:
            return None
        return _(texts.WATCHING_STATUS), _(texts.WATCHING_PANEL)

    def action_stand_in(self) -> None:
        absent = self.remote.absent()
        if not absent:
            return
        from ..levels import LEVELS
        from .screens.question import QuestionScreen

        current = self.state.current  # the absent player holding up the table first
        seat = current if current in absent else absent[0]
        name = self.seats[seat].name
        answers = [texts.level_name(level) for level in LEVELS] + [_(texts.STAND_IN_WAIT)]

        def answered(answer: int | None) -> None:
            if answer is not None and answer < len(LEVELS):
                self.remote.hand_to_computer(seat, LEVELS[answer])

        question = _(texts.STAND_IN_QUESTION).format(name=name)
        self.app.push_screen(QuestionScreen(_(texts.STAND_IN_TITLE), question, answers), answered)

    def action_chat(self) -> None:
        from .screens.chat import ChatScreen

        if self.remote.my_seat is not None:
            remote = self.remote
            self.app.push_screen(ChatScreen(remote.chat_lines, remote.say, remote.chat_none))

    def log_lines(self) -> list[str]:
        return self.remote.log_lines()

    def since_seat(self) -> int | None:
        """This screen's player, whoever's turn it is."""
        seat = self.remote.my_seat
        return None if seat is None or self.state.is_over else seat

    def _waiting_text(self) -> str | None:
        seat = self.state.current
        if seat not in self.remote.away():
            return None
        wait = self.remote.handover_in(seat)
        if wait:
            return _(texts.PANEL_AWAY_GRACE).format(name=self.seats[seat].name, seconds=wait)
        return _(texts.PANEL_AWAY).format(name=self.seats[seat].name)

    def on_mount(self) -> None:  # TableScreen's own on_mount runs too (Textual's way)
        self.set_interval(1.0, self._count_down)

    def _count_down(self) -> None:
        """An absent player's grace counts down on the panel; m comes once it is over.
        The turn clock counts down on the status line."""
        state = self.state
        if not state.is_over and self.remote.clock_left(state.current) is not None:
            self.changed()
        if any(self.remote.handover_in(seat) for seat in self.remote.away()):
            self.changed()
            self.refresh_bindings()
            self._grace_running = True
        elif self._grace_running:  # just over: m is offered now
            self._grace_running = False
            self.changed()
            self.refresh_bindings()

    _grace_running = False

    def table_moved(self, turn: int, count: int) -> None:
        """The server sent a new table (``turn`` and ``count`` were the old ones)."""
        if not self.is_mounted or not self.query("#market"):
            return  # not laid out yet: its first frame shows the table as it is then
        if self.state.is_over:
            self.changed()
            self.app.post_message(ShowEnd(self.match))
            return
        if len(self.match.record.actions) < count:
            self.error = None
        self.changed()
        if self.state.turn != turn:
            self._next_turn()


class SeatEndScreen(EndScreen):
    """The end of a game played apart, with what a remote player can do there: save
    the record (a download in a browser, a file in a terminal) and leave. Nothing of
    the machine the app runs on is offered: no new game, no local games; in a browser
    no review either (its analysis would run on the table server's machine). A
    rematch, when there is one, is one more binding here."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "rematch('ask')", K["rematch"]),
        Binding("n", "rematch('yes')", K["rematch_yes"]),
        Binding("x", "rematch('no')", K["rematch_no"]),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "rematch":
            return self._may_answer(str(parameters[0]))
        if action == "new":
            return False
        if action == "review":
            return not self.app.is_web
        return super().check_action(action, parameters)

    def action_new(self) -> None:
        """A seat's app starts no game of its own."""

    def _session(self) -> RemoteSession | None:
        session = getattr(self.app, "session", None)
        return session if isinstance(session, RemoteSession) else None

    def _may_answer(self, answer: str) -> bool:
        """Whether this seat can ``ask`` for a rematch, say ``yes`` or ``no`` to it."""
        session = self._session()
        if session is None or session.my_seat is None or session.final is None:
            return False
        rematch = session.rematch()
        if rematch.next is not None:
            return False
        yes = rematch.yes
        if answer == "ask":
            return not yes
        if answer == "yes":
            return bool(yes) and session.my_seat not in yes
        return bool(yes)

    def action_rematch(self, answer: str) -> None:
        session = self._session()
        if session is not None and self._may_answer(answer):
            session.answer_rematch(answer != "no")

    def rematch_changed(self) -> None:
        """The server told the rematch anew: the keys follow it."""
        self.refresh_bindings()
