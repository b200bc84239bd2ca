"""A seat at a table played apart, in plain text (``orbis join --plain LINK``).

The same connection as the app's (:class:`~orbis_tui.remote.client.SeatLink`, which
reconnects on its own) and the same session (:class:`~orbis_tui.tui.core.remote_session.
RemoteSession`: a move is checked here first, then sent to the server); the lines are
the plain seat's (:class:`.seat.PlainSeat`). Lines typed while another player decides
may be commands (``board``, ``history``...); the end of the input leaves the table,
which the server keeps. ``say TEXT`` speaks to the table, and what the others say is
printed as a line as it comes (``chat`` prints the recent messages again; ``mute NAME``
and ``unmute NAME`` hide a player's messages here, kept in the settings). Every command
has its word in the language in use too (:data:`.texts.COMMAND_WORDS`); ``save`` keeps
a copy of the whole record in the data folder once the game is over.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from pathlib import Path
from typing import Any, TextIO

from .. import i18n
from ..i18n import gettext as _
from ..levels import HUMAN, LEVELS
from ..paths import default_data_dir
from ..remote import protocol as p
from ..remote.alerts import TurnAlert
from ..remote.chat import ChatLog, mute_key
from ..remote.client import OutOfStep, SeatLink, TableMirror
from ..remote.links import Link
from ..saves import SaveStore
from ..tui import texts as app_texts
from ..tui.core.remote_session import RemoteSession
from ..tui.core.settings import SettingsFile
from ..tui.join_notices import Presence, presence_notices, presence_of
from ..tui.seen import SeenTables
from ..tui.texts import clock_words
from ..words import spell_colors
from . import texts
from .apart import (
    JOIN_OVER,
    join_help,
    level_word,
    levels_words,
    muted_words,
    no_time_running,
    not_playing_now,
    waiting_words,
)
from .commands import (
    CHAT,
    COMMANDS,
    REMATCH,
    TABLE,
    VERBS,
    Lines,
    command_of,
    over_commands,
    worded,
)
from .seat import PlainSeat, save_record

# every command of a seat at a table played apart
JOIN_COMMANDS = (*COMMANDS, *TABLE)


class PlainJoin:
    """One seat of a remote table, read and answered line by line."""

    def __init__(
        self,
        link: Link,
        read: Lines,
        write: TextIO,
        *,
        notify: list[str] | None = None,
        settings: SettingsFile | None = None,
        seen: SeenTables | None = None,
        store: SaveStore | None = None,
    ) -> None:
        """``seen``: where the actions this seat saw are kept across restarts;
        ``store``: the data folder whose records ``save`` adds to (the user's by
        default)."""
        self.seen = seen
        self.store = store
        self.link = link
        self.chat = ChatLog()
        self.settings_file = settings
        self.turn_alert = None if notify is None else TurnAlert(notify, self._notify_failed)
        self.read = read
        self.write = write
        self.mirror = TableMirror()
        self.session: RemoteSession | None = None
        self.seat: PlainSeat | None = None
        self.seat_link: SeatLink | None = None
        self._events: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        # the decision last asked about (table, actions played, a turn to confirm): who
        # comes or goes, or a message muted, leaves it standing, not asked again
        self._shown: tuple[str | None, int, bool] | None = None
        self._waiting_for: str | None = None
        self._over_told = False
        self._turns_told = 0  # the turns of the game already taken in (own ones told)
        self._clock_told: tuple[int, int] | None = None  # (seat, actions) last timed
        self._out_of_time_told = False
        self._rematch = p.RematchInfo()  # the rematch as last told
        self._presence: Presence = []  # who was at the table, as last told
        self._absent_told: set[int] = set()  # the absent seats said to be handed over
        self._ticking = False  # an absent player's grace is counted down
        self._lost = False  # the connection was lost, and said so: said once, until back
        self._link_dead = False  # the server said this link opens no seat (any more)
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
                self._tell_absent()
        finally:
            self.seat_link.stop()
            runner.cancel()
        if self._link_dead:  # no seat was left: the link will not take anyone back
            return 1
        self.say(_(texts.JOIN_GOODBYE))
        return 0

    def _read_lines(self) -> None:
        """In a thread of its own: every line typed, then None at the end of the input."""
        loop = self._loop
        assert loop is not None
        while True:
            got = self.read.readline()
            try:
                loop.call_soon_threadsafe(self._events.put_nowait, ("line", got or None))
            except RuntimeError:  # the seat has left (its loop is closed): nobody reads on
                return
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
        link.post(text)

    def _server(self, data: p.ServerMessage | p.Unreadable) -> None:
        session = self.session
        if isinstance(data, p.Table) and self._lost:
            self._lost = False
            self._shown = None  # back at the table: the question is asked again
            self.say(_(app_texts.JOIN_BACK))
        if isinstance(data, p.Table) and session is not None and data.table != session.table_id:
            # The rematch: the same seat at a new table.
            self.mirror = TableMirror()
            self.chat = ChatLog()  # the old table's messages stay with it
            self._presence = []  # who comes to the new table takes their seat there
            self.session = self.seat = None
            self._over_told = self._out_of_time_told = False
            self._rematch, self._waiting_for, self._shown = p.RematchInfo(), None, None
            self.say(_(app_texts.REMATCH_DEALT))
        if isinstance(data, p.Unreadable) and data.kind in ("table", "moved"):
            if data.kind == "moved" and self.session is not None:
                self._send(p.sync())  # the whole table puts it right
            else:
                self.say(_(app_texts.JOIN_UNREADABLE).format(error=data.reason))
        elif isinstance(data, p.Table | p.Moved):
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
                self.session.chat = self.chat
                self.session.muted = self._muted()
                self.session.on_mute = self._keep_muted
                if self.turn_alert is not None:  # opened in this turn: the player is here
                    self.turn_alert.seen(self.session.state.turn)
                self.seat = PlainSeat(
                    self.session, self.read, self.write, helps=texts.JOIN_COMMAND_HELP
                )
                seats = self.session.seats
                names = ", ".join(s.name for s in seats)
                if view.seat is None:
                    self.say(_(texts.JOINED_WATCHING).format(names=names))
                else:
                    self.say(_(texts.JOINED).format(names=names, name=seats[view.seat].name))
                self._turns_told = len(self.session.history.update())
                self._presence = presence_of(view, self._presence)
                self._welcome_back()
            else:
                self.session.take_view(view)
                self._confirmed()
                self._tell_presence()
            self._note_seen()
            self._tell_clock_and_rematch()
        elif isinstance(data, p.Refused) and self.session is not None:
            self.say(
                app_texts.refusal_text(data.code, data.reason, limit=data.limit, wait=data.wait)
            )
            if not data.code.startswith("chat-"):
                self.session.refused()
                self._shown = None  # ask again
        elif isinstance(data, p.Chat):
            new = self.chat.take([line.model_dump() for line in data.lines])
            session, seen = self.session, self.seen
            if session is None:
                return
            if seen is not None and session.my_seat is not None:  # not again after a restart
                new = seen.untold(self.link.server, self.link.table, session.my_seat, new)
            for line in session.heard(new):
                self.say(session.chat_text(line))

    def _welcome_back(self) -> None:
        """Joining again (after a restart): the turns played since this seat last saw
        the table, said at once."""
        session, seat, seen = self.session, self.seat, self.seen
        if session is None or seat is None or seen is None or session.my_seat is None:
            return
        last = seen.last(self.link.server, self.link.table, session.my_seat)
        if last is None or last >= len(session.match.record.actions):
            return
        turns = session.history.update()[session.history.turns_within(last) :]
        if turns:
            seat.tell_away(turns)

    def _note_seen(self) -> None:
        session, seen = self.session, self.seen
        if session is not None and seen is not None and session.my_seat is not None:
            count = len(session.match.record.actions)
            seen.note(self.link.server, self.link.table, session.my_seat, count)

    def _confirmed(self) -> None:
        """The server took the table on: a turn of this seat it finished is said now
        (what the seat sent is only done once the server has played it)."""
        session, seat = self.session, self.seat
        if session is None or seat is None:
            return
        mine = session.my_seat
        if mine is None:
            self._turns_told = len(session.history.update())
            return
        kind = session.seats[mine].kind
        stand_in = None if kind == HUMAN else app_texts.level_name(kind)
        self._turns_told = seat.tell_turns_done(mine, self._turns_told, stand_in=stand_in)

    # ------------------------------------------------------------ who is at the table
    def _tell_presence(self) -> None:
        """Who left the table or came back, and whose seat a computer plays now, as
        the app's seat tells it (this seat's own time running out: JOIN_CLOCK_MINE)."""
        session = self.session
        if session is None:
            return
        before = self._presence
        self._presence = presence_of(session.view, before)
        for notice in presence_notices(before, session.view, session.handover_in):
            if not notice.warning:
                self.say(notice.text)

    def _tell_absent(self) -> None:
        """Once an absent player's grace is over, say (once per absence) that a
        computer can play for them and how; count the grace down until then."""
        session, loop = self.session, self._loop
        if session is None or session.my_seat is None or session.state.is_over:
            return
        away = session.away()
        self._absent_told &= set(away)
        for seat in session.absent():
            if seat not in self._absent_told:
                self._absent_told.add(seat)
                name = session.seats[seat].name
                self.say(
                    worded(texts.JOIN_ABSENT, name=name, levels=levels_words(), level=level_word(1))
                )
        if loop is not None and not self._ticking and any(session.handover_in(n) for n in away):
            self._ticking = True
            loop.call_later(1.0, self._tick)

    def _tick(self) -> None:
        self._ticking = False
        self._events.put_nowait(("tick", None))

    def _hand_to_computer(self, words: list[str]) -> None:
        """``computer LEVEL``: an absent player's seat (the one to move first) is played
        by that computer level until they return; the server refuses it too soon."""
        session = self.session
        assert session is not None
        away = session.away()
        if not away:
            self.say(_(texts.JOIN_NOBODY_AWAY))
            return
        typed = " ".join(words).strip().lower()
        level = next(
            (lv for lv in LEVELS if typed and typed in (lv, app_texts.level_name(lv).lower())),
            None,
        )
        if level is None:
            self.say(worded(texts.JOIN_WHICH_LEVEL, levels=levels_words()))
            return
        current = session.state.current
        session.hand_to_computer(current if current in away else away[0], level)

    # ------------------------------------------------------------ the table's messages
    def _muted(self) -> set[int]:
        if self.settings_file is None:
            return set()
        keys = set(self.settings_file.load().muted)
        return {n for n in range(4) if mute_key(self.link.table, n) in keys}

    def _keep_muted(self, seats: set[int]) -> None:
        if self.settings_file is None:
            return
        settings = self.settings_file.load()
        table = self.link.table
        kept = [k for k in settings.muted if not k.startswith(f"{table}:")]
        settings.muted = kept + [mute_key(table, n) for n in sorted(seats)]
        self.settings_file.save(settings)

    def _chat_command(self, command: str, rest: str) -> None:
        session = self.session
        assert session is not None
        if command == "chat":
            lines = session.chat_lines()
            for line in lines or [session.chat_none()]:
                self.say(line)
            return
        if session.my_seat is None:
            self.say(_(app_texts.CHAT_WATCHING))
            return
        if command in ("mute", "unmute"):  # the question stands, not said again
            self.say(session.mute(rest, command == "mute", muted_words))
            return
        problem = session.say(rest, commands=False)  # "say /mute Bo" is a message
        if problem:
            self.say(problem)

    def _notify_failed(self, error: str) -> None:
        loop = self._loop
        if loop is not None:
            text = _(app_texts.NOTIFY_FAILED).format(error=error)
            loop.call_soon_threadsafe(self.say, text)

    def _tell_clock_and_rematch(self) -> None:
        """Say when this seat's time ran out, and what the others say of a rematch."""
        session = self.session
        if session is None or session.my_seat is None:
            return
        mine = session.my_seat
        out = session.out_of_time(mine)
        if out and not self._out_of_time_told:
            level = app_texts.level_name(session.seats[mine].kind)
            self.say(worded(texts.JOIN_CLOCK_MINE, level=level))
            self._shown = None
        self._out_of_time_told = out
        now = session.rematch()
        before, self._rematch = self._rematch, now
        if now == before or not self._over_told:
            return
        self._tell_rematch(now, before)

    def _tell_rematch(self, now: p.RematchInfo, before: p.RematchInfo) -> None:
        session = self.session
        assert session is not None
        names = [s.name for s in session.seats]
        by, yes = now.by, now.yes
        if yes and by is not None and 0 <= by < len(names) and by != before.by:
            if session.my_seat in yes:
                self.say(_(app_texts.REMATCH_WAITING).format(names=", ".join(self._not_yet(yes))))
            else:
                self.say(worded(texts.JOIN_REMATCH_ANSWER, name=names[by]))
        declined = now.declined
        if declined is not None and 0 <= declined < len(names) and declined != before.declined:
            self.say(_(app_texts.REMATCH_DECLINED).format(name=names[declined]))

    def _not_yet(self, yes: list[int]) -> list[str]:
        session = self.session
        assert session is not None
        return [
            s.name
            for n, s in enumerate(session.seats)
            if n not in yes and session.view.seats[n].kind == HUMAN
        ]

    def _status(self, code: str, reason: str) -> bool:
        """Say what the connection did; False: the server turned this link away."""
        if code == "connected":
            return True
        if code == "lost":
            if not self._lost:  # every try to connect again fails alike: said once
                self._lost = True
                if self.session is None:  # never at the table yet: say where it tries
                    self.say(app_texts.unreachable_text(self.link.server, reason))
                else:
                    self.say(_(app_texts.JOIN_LOST))
            return True
        if code == p.MOVED:
            return True  # the rematch: the same link connects to the new table
        template = _(app_texts.BYE_TEXTS[code]) if code in app_texts.BYE_TEXTS else "{reason}"
        self.say(template.format(reason=reason))
        self._link_dead = code in (p.BAD_TOKEN, p.REISSUED)
        return code not in p.FINAL_BYES

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
                self.say(over_commands(JOIN_OVER))
                if session.my_seat is not None:
                    self.say(worded(texts.JOIN_REMATCH_OFFER))
                    self._tell_rematch(self._rematch, p.RematchInfo())
            return
        if not self._mine():
            self._shown = None  # this seat's next decision is asked, whatever it is
            if self._waiting_for != session.seat.name and session._asked is None:
                self._waiting_for = session.seat.name
                if session.state.current != session.my_seat:  # not a computer playing mine
                    self.say(waiting_words(session))
            self._tell_clock()
            return
        self._waiting_for = None
        if self.turn_alert is not None:
            name = session.name_of(session.state.current)
            self.turn_alert.turn(session.state.turn, _(app_texts.NOTIFY_TEXT).format(name=name))
        asked = (session.table_id, len(session.match.record.actions), session.pending is not None)
        if self._shown == asked:
            return
        self._shown = asked
        self._tell_clock()
        seat.begin_turn()
        seat.ui.sync(session.state, session.version)
        seat.show_sheet()
        self.write.write(texts.PROMPT)
        self.write.flush()

    def _line(self, got: str) -> bool:
        """One line typed; False: leave."""
        entry = got.strip()
        seat, session = self.seat, self.session
        words = entry.split()
        command = command_of(words[0], JOIN_COMMANDS) if words else None
        if seat is None or session is None:
            self.say(_(app_texts.JOIN_CONNECTING))
            return command != "quit"
        if command == "quit":
            return False
        if command in REMATCH and not session.state.is_over:
            if words[0].lower() not in VERBS:
                self.say(worded(texts.JOIN_REMATCH_AT_END))
                return True
            command = None  # "decline" in a game: the notation's, for a village or a volcano
        if command in (*REMATCH, "back", "time"):
            assert command is not None
            self._seat_command(command)
        elif words[:1] in (["1"], ["2"]) and self._rematch_asked_of_me():
            self._seat_command("accept" if words[0] == "1" else "decline")
        elif command == "computer":
            self._hand_to_computer(words[1:])
        elif command in CHAT:
            assert command is not None
            self._chat_command(command, entry[len(words[0]) :].strip())
        elif command == "help":
            for line in join_help():
                self.say(line)
        elif command == "save":
            self._save()
        elif self._mine():
            return seat.answer(entry)
        elif command is not None:
            return seat.command(command, words[1:])
        else:
            self.say(not_playing_now(session))
        return True

    def _save(self) -> None:
        """``save``: the whole record, which the server hands out once the game is over,
        kept among the data folder's records (as the app's end screen does); before
        that, what the server keeps and when a copy can be had."""
        session = self.session
        assert session is not None
        if session.final is None:
            self.say(worded(texts.JOIN_SAVE_LATER))
            return
        store = self.store if self.store is not None else SaveStore()
        self.say(save_record(store, session.final))

    def _rematch_asked_of_me(self) -> bool:
        session = self.session
        if session is None or session.final is None:
            return False
        yes = session.rematch().yes
        return bool(yes) and session.my_seat not in yes

    def _seat_command(self, command: str) -> None:
        """The commands of a seat played apart: the time left, taking one's seat back
        from the computer, and the rematch (1 and 2 answer one asked of this seat)."""
        session = self.session
        assert session is not None
        if command == "time":
            self._clock_told = None
            if not self._tell_clock():
                for line in no_time_running(session):
                    self.say(line)
        elif command == "back":
            session.take_my_seat_back()
        elif command == "decline":
            if not session.rematch_asked():
                self.say(worded(texts.JOIN_REMATCH_NONE))
            else:
                session.answer_rematch(False)
        else:  # rematch, accept: ask for one or say yes to it
            session.answer_rematch(True)

    def _tell_clock(self) -> bool:
        """Say the time left of the seat to move, once per turn (False: no clock runs)."""
        session = self.session
        if session is None or session.state.is_over:
            return False
        state = session.state
        left = session.clock_left(state.current)
        if left is None:
            return False
        key = (state.current, state.turn)
        if self._clock_told != key:
            self._clock_told = key
            name = session.seats[state.current].name
            self.say(_(app_texts.CLOCK_LEFT).format(name=name, time=clock_words(left)))
        return True


def run_plain_join(
    link: Link,
    *,
    language: str | None = None,
    read: Lines,
    write: TextIO,
    notify: list[str] | None = None,
    data_dir: Path | None = None,
) -> int:
    """Take ``link``'s seat line by line; the exit status. ``notify``: a command run
    each time this seat's turn comes (``--notify-command``); ``data_dir``: where what
    the seat saw is kept (the user's data folder by default)."""
    gc.enable()  # the orbis command turns collection off while an app starts
    if language:
        i18n.set_language(i18n.resolve_language(language, None))
    before = spell_colors(True)
    try:
        folder = data_dir if data_dir is not None else default_data_dir()
        seen = SeenTables(folder)
        store = SaveStore(data_dir)
        join = PlainJoin(
            link, read, write, notify=notify, settings=SettingsFile(), seen=seen, store=store
        )
        return asyncio.run(join.run())
    finally:
        spell_colors(before)
