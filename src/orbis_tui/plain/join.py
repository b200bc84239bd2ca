"""A seat at a table played apart, in plain text (``orbis join --plain LINK``).

The same connection as the app's (:class:`~orbis_tui.remote.client.SeatLink`, which
reconnects on its own) and the same session (:class:`~orbis_tui.tui.core.remote_session.
RemoteSession`: a move is checked here first, then sent to the server); the lines are
the plain seat's (:class:`.seat.PlainSeat`). Lines typed while another player decides
may be commands (``board``, ``history``...); the end of the input leaves the table,
which the server keeps.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from typing import Any, TextIO

from .. import i18n
from ..i18n import gettext as _
from ..remote import protocol as p
from ..remote.client import OutOfStep, SeatLink, TableMirror
from ..remote.links import Link
from ..tui import texts as app_texts
from ..tui.core.remote_session import RemoteSession
from ..words import spell_colors
from . import texts
from .seat import COMMANDS, Lines, PlainSeat


class PlainJoin:
    """One seat of a remote table, read and answered line by line."""

    def __init__(self, link: Link, read: Lines, write: TextIO) -> None:
        self.link = link
        self.read = read
        self.write = write
        self.mirror = TableMirror()
        self.session: RemoteSession | None = None
        self.seat: PlainSeat | None = None
        self.seat_link: SeatLink | None = None
        self._events: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        self._shown: int | None = None  # the session's version last asked about
        self._waiting_for: str | None = None
        self._over_told = False
        self._loop: asyncio.AbstractEventLoop | None = None

    def say(self, text: str = "") -> None:
        self.write.write(text + "\n")
        self.write.flush()

    async def run(self) -> int:
        self._loop = asyncio.get_running_loop()
        events = self._events
        self.seat_link = SeatLink(
            self.link,
            lambda data: events.put_nowait(("server", data)),
            lambda code, reason: events.put_nowait(("status", (code, reason))),
        )
        runner = asyncio.create_task(self.seat_link.run())
        threading.Thread(target=self._read_lines, name="orbis-plain-input", daemon=True).start()
        self.say(_(app_texts.JOIN_CONNECTING))
        try:
            while True:
                kind, value = await events.get()
                if kind == "line":
                    if value is None or not self._line(value):
                        break
                elif kind == "server":
                    self._server(value)
                elif kind == "status" and not self._status(*value):
                    break
                self._ask_if_mine()
        finally:
            self.seat_link.stop()
            runner.cancel()
        self.say(_(texts.JOIN_GOODBYE))
        return 0

    def _read_lines(self) -> None:
        """In a thread of its own: every line typed, then None at the end of the input."""
        loop = self._loop
        assert loop is not None
        while True:
            got = self.read.readline()
            loop.call_soon_threadsafe(self._events.put_nowait, ("line", got or None))
            if not got:
                return

    # ------------------------------------------------------------ the server
    def _send(self, text: str) -> None:
        link = self.seat_link
        if link is None or not link.connected:
            self.say(_(app_texts.JOIN_NOT_CONNECTED))
            if self.session is not None:
                self.session.refused()
            return
        asyncio.get_running_loop().create_task(link.send(text))

    def _server(self, data: dict[str, Any]) -> None:
        kind = data.get("t")
        if kind in ("table", "moved"):
            try:
                view = self.mirror.take(data)
            except OutOfStep:
                self._send(p.sync())
                return
            except Exception as exc:  # a table this version cannot read: say so
                self.say(_(app_texts.JOIN_UNREADABLE).format(error=exc))
                return
            if view is None:
                return
            if self.session is None:
                self.session = RemoteSession(self.mirror, view, self._send)
                self.seat = PlainSeat(self.session, self.read, self.write)
                seats = self.session.seats
                names = ", ".join(s.name for s in seats)
                mine = seats[view.seat].name if view.seat is not None else "-"
                self.say(_(texts.JOINED).format(names=names, name=mine))
            else:
                self.session.take_view(view)
        elif kind == "refused" and self.session is not None:
            self.session.refused()
            code = str(data.get("code"))
            known = code in app_texts.REFUSED_TEXTS
            self.say(_(app_texts.REFUSED_TEXTS[code]) if known else str(data.get("reason", "")))
            self._shown = None  # ask again

    def _status(self, code: str, reason: str) -> bool:
        """Say what the connection did; False: the server turned this link away."""
        if code == "connected":
            return True
        if code == "lost":
            self.say(_(app_texts.JOIN_LOST))
            return True
        template = _(app_texts.BYE_TEXTS[code]) if code in app_texts.BYE_TEXTS else "{reason}"
        self.say(template.format(reason=reason))
        return code not in (p.BAD_TOKEN, p.REPLACED, p.BAD_MESSAGE)

    # ------------------------------------------------------------ the player
    def _mine(self) -> bool:
        session = self.session
        if session is None or session.state.is_over:
            return False
        return session.decides(session.state.current) and session._asked is None

    def _ask_if_mine(self) -> None:
        session, seat = self.session, self.seat
        if session is None or seat is None:
            return
        if session.state.is_over:
            if not self._over_told:
                self._over_told = True
                seat.command("score", [])
                self.say(_(texts.OVER_COMMANDS))
            return
        if not self._mine():
            name = session.seat.name
            if self._waiting_for != name and session._asked is None:
                self._waiting_for = name
                self.say(_(texts.JOIN_WAITING).format(name=name))
            return
        self._waiting_for = None
        if self._shown == session.version:
            return
        self._shown = session.version
        seat._begin_turn()
        seat.ui.sync(session.state, session.version)
        seat._show_sheet()
        self.write.write(texts.PROMPT)
        self.write.flush()

    def _line(self, got: str) -> bool:
        """One line typed; False: leave."""
        entry = got.strip()
        seat = self.seat
        if seat is None:
            self.say(_(app_texts.JOIN_CONNECTING))
            return entry.lower() != "quit"
        words = entry.split()
        command = words[0].lower() if words else ""
        if command == "quit":
            return False
        if self._mine():
            return seat.answer(entry)
        if command in COMMANDS:
            return seat.command(command, words[1:])
        session = self.session
        assert session is not None
        self.say(_(texts.JOIN_NOT_YOURS).format(name=session.seat.name))
        return True


def run_plain_join(link: Link, *, language: str | None = None, read: Lines, write: TextIO) -> int:
    """Take ``link``'s seat line by line; the exit status."""
    gc.enable()  # the orbis command turns collection off while an app starts
    if language:
        i18n.set_language(i18n.resolve_language(language, None))
    before = spell_colors(True)
    try:
        return asyncio.run(PlainJoin(link, read, write).run())
    finally:
        spell_colors(before)
