"""``orbis join LINK``: one seat of a table played apart, in this terminal.

The app connects to the table server with the link (and again by itself whenever the
connection drops), shows the table as soon as the server sends it, and keeps it in
step. It announces this seat's turn with the terminal's bell and its title. When the
game is over, the end screen shows the true record (the server hands it out then),
which ``s`` saves like any game's.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ..i18n import gettext as _
from ..records import Match
from ..remote import protocol as p
from ..remote.client import OutOfStep, SeatLink, TableMirror, TableView
from ..remote.links import Link
from . import texts
from .app import OrbisApp
from .core.remote_session import RemoteSession
from .navigation import NewGame, OpenWalkthrough, PlayApart, ResumeGame, ShowEnd, StartGame
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

    def compose(self) -> Any:
        yield Static(_(texts.JOIN_REPLACED), id="join-status")
        yield KeyBar()

    def action_take_back(self) -> None:
        app = self.app
        assert isinstance(app, JoinApp)
        app.take_seat_back()


class RemoteTableScreen(TableScreen):
    """The table screen of a seat played apart: the others' absence can be covered."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableScreen.BINDINGS,
        Binding("m", "stand_in", K["stand_in"]),
    ]

    @property
    def remote(self) -> RemoteSession:
        session = self.session
        assert isinstance(session, RemoteSession)
        return session

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stand_in":
            return self.remote.my_seat is not None and bool(self.remote.absent())
        if action == "new_game":
            return False  # a table played apart is dealt on its server
        return super().check_action(action, parameters)

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
        """An absent player's grace counts down on the panel; m comes once it is over."""
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

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new":
            return False
        if action == "review":
            return not self.app.is_web
        return super().check_action(action, parameters)

    def action_new(self) -> None:
        """A seat's app starts no game of its own."""


class JoinApp(OrbisApp):
    """The app for one seat of a table played apart.

    It reaches its own seat and nothing else: no local game is offered, started or
    resumed, and neither the walkthrough nor "Play apart" can be opened from it.
    With ``throwaway`` (a browser seat, whose app runs on the table server's machine)
    its data folder and settings are a temporary folder of its own, removed when it
    ends: no seat sees or changes the host's games, settings, or another seat's.
    """

    RESUME_AT_START = False
    DOWNLOAD_RECORDS = True  # a browser seat's app runs on the table server's machine

    def __init__(
        self,
        link: Link,
        data_dir: Path | str | None = None,
        *,
        throwaway: bool = False,
        **kwargs: Any,
    ) -> None:
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        if throwaway:
            self._scratch = tempfile.TemporaryDirectory(prefix="orbis-seat-")
            data_dir = Path(self._scratch.name)
            kwargs["config_dir"] = data_dir / "config"
        super().__init__(data_dir, **kwargs)
        self.link = link
        self.session: RemoteSession | None = None
        self.mirror = TableMirror()
        self.seat_link: SeatLink | None = None
        self._waiting = WaitingScreen()
        self._was_my_turn = False
        self._presence: list[tuple[bool, str | None]] = []
        self._lost = False  # the connection dropped and is not back yet

    def _show_first_screen(self) -> None:
        self.push_screen(self._waiting)
        self._connect()

    def cleanup(self) -> None:
        """Remove the throwaway folder (if any) once the app has ended."""
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

    # ------------------------------------------------------------ nothing but the seat
    # The screens the app shares with a game at this screen post these; a seat's app
    # answers none of them (prevent_default: not the local game's handlers either).
    def on_new_game(self, message: NewGame) -> None:
        message.prevent_default()

    def on_start_game(self, message: StartGame) -> None:
        message.prevent_default()

    def on_play_apart(self, message: PlayApart) -> None:
        message.prevent_default()

    def on_resume_game(self, message: ResumeGame) -> None:
        message.prevent_default()

    def on_open_walkthrough(self, message: OpenWalkthrough) -> None:
        message.prevent_default()

    def on_show_end(self, message: ShowEnd) -> None:
        message.prevent_default()
        self._show_end(message.match)

    def _show_end(self, match: Match) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._show_screen(SeatEndScreen(match, self.store))

    @work(exclusive=True, group="table-link")
    async def _connect(self) -> None:
        self.seat_link = SeatLink(self.link, self._server_said, self._on_status)
        await self.seat_link.run()

    def _send(self, text: str) -> None:
        link = self.seat_link
        if link is None or not link.connected:
            self.notify(_(texts.JOIN_NOT_CONNECTED), severity="warning", markup=False)
            if self.session is not None:
                self.session.refused()
            return
        asyncio.get_running_loop().create_task(link.send(text))

    # ------------------------------------------------------------ from the server
    def _server_said(self, data: dict[str, Any]) -> None:
        kind = data.get("t")
        back = kind == "table" and self._lost
        if back:
            self._lost = False
            self.clear_notifications()
            self.notify(_(texts.JOIN_BACK), timeout=4, markup=False)
        if kind in ("table", "moved"):
            session = self.session
            turn = session.state.turn if session is not None else 0
            count = len(session.match.record.actions) if session is not None else 0
            try:
                view = self.mirror.take(data)
            except OutOfStep:
                self._send(p.sync())  # the whole table puts it right
                return
            except Exception as exc:  # a table this version cannot read: say so
                self._waiting.say(_(texts.JOIN_UNREADABLE).format(error=exc))
                return
            if view is not None:
                self._take(view, turn, count)
            if back:
                self._tell_what_happened()
        elif kind == "refused" and self.session is not None:
            self.session.refused()
            code = data.get("code")
            known = str(code) in texts.REFUSED_TEXTS
            text = _(texts.REFUSED_TEXTS[str(code)]) if known else str(data.get("reason", ""))
            self.notify(text, severity="warning", markup=False)

    def _take(self, view: TableView, turn: int, count: int) -> None:
        """Show ``view``, which the mirror has taken up (the table was at ``turn``,
        with ``count`` actions, before)."""
        session = self.session
        if session is None:
            session = self.session = RemoteSession(self.mirror, view, self._send)
            self._presence = _presence(view)
            # Not "resumed": there is no saved game here, only the table as it is now.
            screen = RemoteTableScreen(session, settings=self.settings)
            self._show_screen(screen)
            if view.raw.get("seeded") is True:
                self.notify(
                    _(texts.JOIN_SEEDED), severity="warning", timeout=24 * 3600, markup=False
                )
            self._alert_if_my_turn()
            return
        table = self._table_screen()
        session.take_view(view)
        self._tell_presence(view)
        if table is not None:
            table.table_moved(turn, count)
        self._alert_if_my_turn()

    def _tell_what_happened(self) -> None:
        """Back after a lost connection: the turns played meanwhile, in full."""
        table = self._table_screen()
        away = self._turns_when_lost
        if table is None or self.session is None or away is None:
            return
        self._turns_when_lost = None
        if len(self.session.history.update()) > away:
            table.action_since(away=away)

    _turns_when_lost: int | None = None

    def _table_screen(self) -> RemoteTableScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, RemoteTableScreen):
                return screen
        return None

    def _tell_presence(self, view: TableView) -> None:
        now = _presence(view)
        for seat, (before, after) in enumerate(zip(self._presence, now, strict=False)):
            name = str(view.seats[seat].get("name"))
            if seat == view.seat:
                continue
            if before[1] != after[1] and after[1] is not None:
                level = texts.level_name(after[1])
                self.notify(_(texts.STAND_IN_STARTED).format(name=name, level=level), markup=False)
            elif before[0] != after[0]:
                wait = self.session.handover_in(seat) if self.session is not None else 0
                if after[0]:
                    text = _(texts.SEAT_BACK).format(name=name)
                elif wait:
                    text = _(texts.SEAT_AWAY_GRACE).format(name=name, seconds=wait)
                else:
                    text = _(texts.SEAT_AWAY).format(name=name)
                self.notify(text, markup=False)
        self._presence = now

    def _alert_if_my_turn(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        mine = not state.is_over and session.decides(state.current)
        if mine and not self._was_my_turn:
            self.bell()
            self._set_title(_(texts.YOUR_TURN_TITLE))
        elif not mine and self._was_my_turn:
            self._set_title(texts.APP_TITLE)
        self._was_my_turn = mine

    def _set_title(self, title: str) -> None:
        self.title = title
        driver = self._driver
        if driver is not None:
            with contextlib.suppress(Exception):
                clean = "".join(ch for ch in title if ch.isprintable())
                driver.write(f"\x1b]2;{clean}\x07")

    def _on_status(self, code: str, reason: str) -> None:
        if code == "lost":
            if not self._lost:  # said once, and kept on screen until it is back
                self._lost = True
                if self.session is not None:  # the turns played from now: "while away"
                    self._turns_when_lost = len(self.session.history.update())
                self.notify(_(texts.JOIN_LOST), severity="warning", timeout=24 * 3600, markup=False)
            return
        if code == p.REPLACED:
            if self._lost:
                self._lost = False
                self.clear_notifications()
            if not isinstance(self.screen, ReplacedScreen):
                self.push_screen(ReplacedScreen())
            return
        template = _(texts.BYE_TEXTS[code]) if code in texts.BYE_TEXTS else "{reason}"
        text = template.format(reason=reason)
        if code in (p.BAD_TOKEN, p.BAD_MESSAGE):
            if self.session is None:
                self._waiting.say(text)
            else:
                self.notify(text, severity="error", timeout=30, markup=False)

    def take_seat_back(self) -> None:
        """Connect again: the other place's connection is closed in turn."""
        if isinstance(self.screen, ReplacedScreen):
            self.pop_screen()
        self._connect()

    async def action_quit(self) -> None:
        if self.seat_link is not None:
            self.seat_link.stop()
        self.exit()


def _presence(view: TableView) -> list[tuple[bool, str | None]]:
    return [(bool(s.get("here")), s.get("stand_in")) for s in view.seats]


def die_with_parent() -> None:
    """End this process when the one that started it ends (a browser seat's app, whose
    table server was killed, must not hold the seat on its own): a death signal on
    Linux, a thread watching the parent elsewhere."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        import ctypes

        pr_set_pdeathsig = 1
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0) == 0:
            if os.getppid() != parent:  # it ended before the signal was asked for
                os.kill(os.getpid(), signal.SIGTERM)
            return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def run_join(
    link: Link,
    data_dir: Path | None = None,
    language: str | None = None,
    *,
    throwaway: bool = False,
) -> int:
    app = JoinApp(link, data_dir, language=language, throwaway=throwaway)
    if throwaway:  # a browser seat: started by the table server, ended with it

        def ended(number: int, _frame: object) -> None:
            # The server's death brings SIGTERM and the terminal's hangup together:
            # the folder is removed once, whichever comes first.
            for each in (signal.SIGTERM, signal.SIGHUP):
                signal.signal(each, signal.SIG_IGN)
            app.cleanup()
            os._exit(128 + number)

        for each in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(each, ended)
        die_with_parent()
    try:
        app.run()
    finally:
        app.cleanup()
    return app.return_code or 0
