"""``orbis join LINK``: one seat of a table played apart, in this terminal.

The app connects to the table server with the link (and again by itself whenever the
connection drops), shows the table as soon as the server sends it, and keeps it in
step. It announces this seat's turn with the terminal's bell and its title. When the
game is over, the end screen shows the true record (the server hands it out then),
which ``s`` saves like any game's. This module is the app and its connection (and
the process of a browser seat, which ends with its table server); its screens are
:mod:`.join_screens`'s, and what it tells when the table changes :mod:`.join_notices`'s.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from textual import work

from ..i18n import gettext as _
from ..printable import error_line
from ..records import Match
from ..remote import protocol as p
from ..remote.alerts import TurnAlert
from ..remote.chat import ChatLog, mute_key
from ..remote.client import OutOfStep, SeatLink, TableMirror, TableView
from ..remote.links import Link
from . import texts
from .app import OrbisApp
from .core.remote_session import RemoteSession
from .join_notices import Presence, presence_notices, presence_of, rematch_notices
from .join_screens import (
    LinkBrokeScreen,
    RemoteTableScreen,
    ReplacedScreen,
    SeatEndScreen,
    WaitingScreen,
)
from .navigation import (
    NewGame,
    OpenWalkthrough,
    PlayApart,
    ResumeGame,
    SettingsChanged,
    ShowEnd,
    StartGame,
)
from .screens.table import PAGE_OSC
from .seen import SeenTables


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
        notify: list[str] | None = None,
        **kwargs: Any,
    ) -> None:
        """``notify``: a command run (with the alert's text) each time this seat's turn
        comes (``orbis join --notify-command``)."""
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
        self._presence: Presence = []
        self._lost = False  # the connection dropped and is not back yet
        self._rematch = p.RematchInfo()  # the rematch as last told
        self.chat = ChatLog()  # the table's messages, each once
        self.turn_alert = None if notify is None else TurnAlert(notify, self._notify_failed)

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

    @work(exclusive=True, group="table-link", exit_on_error=False)
    async def _connect(self) -> None:
        try:
            self.seat_link = SeatLink(self.link, self._server_said, self._on_status)
            await self.seat_link.run()
        except Exception as exc:  # said on a screen of its own: Enter connects again
            self._link_broke(error_line(exc))

    def _link_broke(self, error: str) -> None:
        """The connection failed unexpectedly: the app stays, says why, and connects
        again when asked (the table, if shown, stays under the screen that says it)."""
        link = self.seat_link
        if link is not None:
            link.stop()
        said = _(texts.JOIN_BROKE).format(error=error)
        if self._lost:
            self._lost = False
            self.clear_notifications()
        if isinstance(self.screen, LinkBrokeScreen):
            self.pop_screen()
        self.push_screen(LinkBrokeScreen(said, self._connect_again))
        self.notify(said, severity="error", timeout=12, markup=False)

    def _connect_again(self) -> None:
        if isinstance(self.screen, LinkBrokeScreen):
            self.pop_screen()
        self._connect()

    def _send(self, text: str) -> None:
        link = self.seat_link
        if link is None or not link.connected:
            self.notify(_(texts.JOIN_NOT_CONNECTED), severity="warning", markup=False)
            if self.session is not None:
                self.session.refused()
            return
        link.post(text)

    # ------------------------------------------------------------ from the server
    def _server_said(self, data: p.ServerMessage | p.Unreadable) -> None:
        session = self.session
        if isinstance(data, p.Table) and session is not None and data.table != session.table_id:
            self.session = None  # the rematch: a new table
            self.mirror = TableMirror()
            self.chat = ChatLog()  # the old table's messages stay with it
            self._presence = []  # who comes to the new table takes their seat there
            self._was_my_turn = False
            self.notify(_(texts.REMATCH_DEALT), timeout=8, markup=False)
        back = isinstance(data, p.Table) and self._lost
        if back:
            self._lost = False
            self.clear_notifications()
            self.notify(_(texts.JOIN_BACK), timeout=4, markup=False)
        if isinstance(data, p.Unreadable) and data.kind in ("table", "moved"):
            # a table this version cannot read: say so (a change: ask for the table)
            if data.kind == "moved" and self.session is not None:
                self._send(p.sync())
            else:
                self._waiting.say(_(texts.JOIN_UNREADABLE).format(error=data.reason))
        elif isinstance(data, p.Table | p.Moved):
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
        elif isinstance(data, p.Refused) and self.session is not None:
            if not data.code.startswith("chat-"):
                self.session.refused()  # not an answer to a move: one may be on its way
            text = texts.refusal_text(data.code, data.reason, limit=data.limit, wait=data.wait)
            self.notify(text, severity="warning", markup=False)
        elif isinstance(data, p.Chat):
            self._heard(data)

    def _heard(self, data: p.Chat) -> None:
        """Messages said at the table: in the log (and the chat screen, if open); one
        said now by another seat pops up too (not the recent ones a connection is sent
        when it arrives, said before it came)."""
        new = self.chat.take([line.model_dump() for line in data.lines])
        session = self.session
        if not new or session is None:
            return
        session.version += 1
        table = self._table_screen()
        if table is not None and table.is_mounted and table.query("#market"):
            table.changed()  # (not laid out yet: its first frame shows them)
        from .screens.chat import ChatScreen

        if isinstance(self.screen, ChatScreen):
            self.screen.heard()
        elif not data.recent and len(new) == 1 and new[0].seat != session.my_seat:
            for line in session.heard(new):
                self.notify(session.chat_text(line), timeout=8, markup=False)

    def _muted_seats(self) -> set[int]:
        table = self.link.table
        keys = set(self.settings.muted)
        return {n for n in range(4) if mute_key(table, n) in keys}

    def _keep_muted(self, seats: set[int]) -> None:
        """Keep this table's muted seats in the settings (the others' as they were)."""
        table = self.link.table
        kept = [k for k in self.settings.muted if not k.startswith(f"{table}:")]
        self.settings.muted = kept + [mute_key(table, n) for n in sorted(seats)]
        self._save_settings()

    def _take(self, view: TableView, turn: int, count: int) -> None:
        """Show ``view``, which the mirror has taken up (the table was at ``turn``,
        with ``count`` actions, before)."""
        session = self.session
        if session is None:
            session = self.session = RemoteSession(self.mirror, view, self._send)
            session.chat = self.chat
            session.muted = self._muted_seats()
            session.on_mute = self._keep_muted
            if self.turn_alert is not None:  # opened in this turn: the player is here
                self.turn_alert.seen(session.state.turn)
            self._presence = presence_of(view, self._presence)
            self._rematch = p.RematchInfo()
            # Not "resumed": there is no saved game here, only the table as it is now.
            screen = RemoteTableScreen(session, settings=self.settings)
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self._show_screen(screen)
            self._tell_rematch(session)
            if view.seat is None:  # the watching link: nothing here plays
                self._set_title(_(texts.WATCHING_TITLE))
            if view.seeded:
                self.notify(
                    _(texts.JOIN_SEEDED), severity="warning", timeout=24 * 3600, markup=False
                )
            self._welcome_back(session)
            self._alert_if_my_turn()
            return
        table = self._table_screen()
        session.take_view(view)
        self._note_seen(session)
        self._tell_presence(view)
        self._tell_rematch(session)
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

    def _seen(self) -> SeenTables | None:
        """Where the actions this seat saw are kept (not for a browser seat, whose
        folder is thrown away)."""
        return None if self._scratch is not None else SeenTables(self.store.root)

    def _welcome_back(self, session: RemoteSession) -> None:
        """Joining again (after a restart): the turns played since this seat last saw
        the table, at once, as after a lost connection."""
        seen, seat = self._seen(), session.my_seat
        if seen is None or seat is None:
            return
        last = seen.last(self.link.server, self.link.table, seat)
        if last is not None and last < len(session.match.record.actions):
            self._turns_when_lost = session.history.turns_within(last)
            self.call_after_refresh(self._tell_what_happened)
        self._note_seen(session)

    def _note_seen(self, session: RemoteSession) -> None:
        seen, seat = self._seen(), session.my_seat
        if seen is not None and seat is not None:
            count = len(session.match.record.actions)
            seen.note(self.link.server, self.link.table, seat, count)

    def _table_screen(self) -> RemoteTableScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, RemoteTableScreen):
                return screen
        return None

    def _tell_rematch(self, session: RemoteSession) -> None:
        """Say who asked for a rematch, and who said no; the end screen's keys follow."""
        before, self._rematch = self._rematch, session.rematch()
        if self._rematch == before:
            return
        for text in rematch_notices(session, before):
            self.notify(text, markup=False)
        if isinstance(self.screen, SeatEndScreen):
            self.screen.rematch_changed()

    def _tell_presence(self, view: TableView) -> None:
        session = self.session
        wait = session.handover_in if session is not None else lambda _seat: 0
        for notice in presence_notices(self._presence, view, wait):
            if notice.warning:
                self.notify(notice.text, severity="warning", timeout=30, markup=False)
            elif notice.error:
                self.notify(notice.text, severity="error", timeout=30, markup=False)
            else:
                self.notify(notice.text, markup=False)
        self._presence = presence_of(view, self._presence)

    def _alert_if_my_turn(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        mine = not state.is_over and session.decides(state.current)
        if mine and not self._was_my_turn:
            self.bell()
            self._set_title(_(texts.YOUR_TURN_TITLE))
            text = _(texts.NOTIFY_TEXT).format(name=session.name_of(state.current))
            if self.turn_alert is not None:
                self.turn_alert.turn(state.turn, text)
            if self.is_web:  # the page shows a desktop notification, plays a sound
                settings = self.settings
                self._tell_page(
                    turn=text,
                    key=f"{self.link.table}:{state.turn}",
                    notify=settings.browser_notify,
                    sound=settings.browser_sound,
                )
        elif not mine and self._was_my_turn:
            self._set_title(texts.APP_TITLE)
        self._was_my_turn = mine

    plays_apart = True  # the settings offer the browser's turn alerts

    def on_settings_changed(self, _message: SettingsChanged) -> None:
        # (OrbisApp's own handler runs too, Textual's way: it applies and saves them.)
        settings = self.settings
        if self.is_web and (settings.browser_notify, settings.browser_sound) != self._alerts_told:
            # A key pressed in the settings: the page may ask for the permission now.
            self._alerts_told = (settings.browser_notify, settings.browser_sound)
            self._tell_page(
                alerts={"notify": settings.browser_notify, "sound": settings.browser_sound}
            )

    _alerts_told = (False, False)

    def _tell_page(self, **said: Any) -> None:
        """Tell the browser page (the escape sequence of the table screen's words)."""
        driver = self._driver
        if driver is not None:
            with contextlib.suppress(Exception):
                driver.write(f"\x1b]{PAGE_OSC};{json.dumps(said, ensure_ascii=True)}\x07")

    def _notify_failed(self, error: str) -> None:
        """The notify command failed (said once; from the thread that ran it)."""
        text = _(texts.NOTIFY_FAILED).format(error=error)
        self.call_from_thread(self.notify, text, severity="warning", markup=False)

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
                if self.session is None:  # never at the table yet: say where it tries
                    self._waiting.say(texts.unreachable_text(self.link.server, reason))
                    return
                # the turns played from now: "while away"
                self._turns_when_lost = len(self.session.history.update())
                self.notify(_(texts.JOIN_LOST), severity="warning", timeout=24 * 3600, markup=False)
            return
        if code == p.REPLACED:
            if self._lost:
                self._lost = False
                self.clear_notifications()
            if not isinstance(self.screen, ReplacedScreen):
                self.push_screen(ReplacedScreen(self.take_seat_back))
            return
        template = _(texts.BYE_TEXTS[code]) if code in texts.BYE_TEXTS else "{reason}"
        text = template.format(reason=reason)
        if code in (p.BAD_TOKEN, p.BAD_MESSAGE, p.REISSUED):
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
    notify: list[str] | None = None,
) -> int:
    app = JoinApp(link, data_dir, language=language, throwaway=throwaway, notify=notify)
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
