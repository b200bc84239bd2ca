"""One table on the server: its only true match, who sits where, and who is here.

A :class:`Room` takes intents from the seats one at a time (under a lock) and answers
each with a refusal to that seat only, or by storing the action, playing it and then
telling every connection what changed (:mod:`.room_telling`). The seat that must
decide is the only one whose intents are taken; an intent made against another
action count is stale. The engine decides legality, with the rule. Computer seats,
and absent persons' seats handed to a computer level, are played here by the bots of
:mod:`orbis_tui.bots`, which see only what a player sees (they imagine the piles with
``resample_hidden``). When several server processes share a store, who is here is
what the store says of every process (a seat present anywhere is never handed to a
computer), and only the process holding the table's lease plays its computer seats.
The room is built of layers, each in its module, over one state they share (see
:mod:`.room_state` for why): the state and who is who, the turn clock
(:mod:`.room_clock`), what is sent, the rematch (:mod:`.room_rematch`), keeping in
step with other server processes (:mod:`.room_other_servers`); this module is the
top one: seats arriving and leaving, their intents, and the computer players. A new
table is dealt by :mod:`.deal`; its messages are kept by :mod:`.table_chat`.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import threading
from typing import TYPE_CHECKING

from ..engine import IllegalAction, NotationError, format_action, parse_action
from ..levels import HUMAN, LEVELS, weaker_level
from ..printable import error_line
from ..words import message_of
from . import protocol as p
from .connection import WATCHER, Connection
from .room_other_servers import RoomAcrossServers
from .room_state import HANDOVER_GRACE
from .store_types import StaleWrite, StoreUnavailable

if TYPE_CHECKING:
    from ..bots import Bot

__all__ = ["Room"]

log = logging.getLogger("orbis.host")

STORE_BACKOFF = 1.0  # seconds a computer player waits to try again while the store is away


class Room(RoomAcrossServers):
    _levels_seen: frozenset[str] = frozenset()  # the computer levels last warmed for

    # ------------------------------------------------------------ arriving and leaving
    async def join(self, seat: int, conn: Connection) -> None:
        """``conn`` sits at ``seat`` (or watches); a seat's earlier connection is
        replaced, and a seat handed to a computer comes back to its person."""
        async with self.lock:
            if seat == WATCHER:
                self.watchers.add(conn)
                conn.send_table(functools.partial(self.table_message, WATCHER), None)
            else:
                await self._seated(seat, conn)
        await self.chat.send_recent(conn)

    async def _seated(self, seat: int, conn: Connection) -> None:
        """``conn`` takes ``seat`` (under the lock): told the table, and the others
        told that its person is here."""
        old = self.here.get(seat)
        self.here[seat] = conn
        self.left_at.pop(seat, None)
        self.gone.discard(seat)
        if old is not None and old is not conn:
            old.close(p.REPLACED, "this seat was opened from another place")
        try:
            await self.store.set_present(self.id, seat, True)
            if self.stand_in(seat) is not None and not self.match.state.is_over:
                await self._end_stand_in(seat)
        except StoreUnavailable as exc:  # said again by the heartbeat once it is back
            log.warning("table %s: seat %d arrived, not yet stored: %s", self.id, seat, exc)
        self.broadcast(skip=conn)
        conn.send_table(functools.partial(self.table_message, seat), None)

    async def leave(self, seat: int, conn: Connection) -> None:
        async with self.lock:
            if seat == WATCHER:
                self.watchers.discard(conn)
                return
            if self.here.get(seat) is conn:
                del self.here[seat]
                self.left_at[seat] = self.clock()
                self.gone.add(seat)
                try:
                    await self.store.set_present(self.id, seat, False)
                    await self.store.set_grace(
                        self.id, seat, self.left_at[seat] + HANDOVER_GRACE, keep=False
                    )
                except StoreUnavailable as exc:  # the row expires by itself
                    log.warning("table %s: seat %d left, not yet stored: %s", self.id, seat, exc)
                self.broadcast()

    # ------------------------------------------------------------ intents
    async def handle(self, seat: int, conn: Connection, intent: p.Intent) -> None:
        if isinstance(intent, p.Say):
            await self.chat.say(seat, conn, intent.text)
            return
        async with self.lock:
            if isinstance(intent, p.Sync):
                conn.send_table(functools.partial(self.table_message, seat), None)
                return
            try:
                refusal = await self._handle(seat, intent)
            except StoreUnavailable as exc:
                log.warning("table %s: the store is away: %s", self.id, exc)
                refusal = (
                    p.STORE_AWAY,
                    "the table's store cannot be reached: nothing was kept",
                    None,
                )
        if refusal is not None:
            code, reason, rule = refusal
            refused = p.Refused(code=code, reason=reason, rule=rule, count=self.count)
            conn.send(p.encode(refused))

    async def _handle(self, seat: int, intent: p.Intent) -> tuple[str, str, str | None] | None:
        if seat == WATCHER:
            return p.WATCHING, "a watcher cannot play", None
        if isinstance(intent, p.StandIn):
            return await self._stand_in(seat, intent)
        if isinstance(intent, p.RematchAnswer):
            return await self._rematch(seat, intent.yes)
        if isinstance(intent, p.Sync | p.Say):
            return None  # answered at once, in handle
        state = self.match.state
        if state.is_over or seat != state.current or self.bot_level(seat) is not None:
            return p.NOT_YOUR_TURN, "it is not this seat's turn", "R-TURN-1"
        if intent.count != self.count:
            return p.STALE, f"the table has {self.count} actions, not {intent.count}", None
        if isinstance(intent, p.Hint):
            self.match.note_hint()
            await self._save_extra()
            return None
        if isinstance(intent, p.Undo):
            if not self.match.can_undo():
                return p.NO_UNDO, "nothing to undo in this turn", None
            await self.store.remove(self.id, self.count - 1)
            self.match.undo()
            await self._save_extra()
            await self._run_clock()
            self._changed()
            return None
        return await self._play(intent.entry)

    async def _play(self, entry: str) -> tuple[str, str, str | None] | None:
        try:
            action = parse_action(entry)
        except NotationError as exc:
            return p.ILLEGAL, str(exc), None
        reason: IllegalAction | None = self.match.state.why_not(action)
        if reason is not None:
            return p.ILLEGAL, message_of(reason), reason.rule
        number = self.count
        try:
            await self.store.append(self.id, number, entry)
        except StaleWrite:
            await self._reload()  # another server process played here: catch up
            return p.STALE, "another server wrote this action first", None
        except StoreUnavailable as exc:
            log.warning("table %s: action %d not stored: %s", self.id, number, exc)
            return p.STORE_AWAY, "the table's store cannot be reached: nothing was kept", None
        moved_again = self.failed.pop(self.match.state.current, None) is not None
        self.match.play(action)
        if self.match.state.is_over:
            await self._save_extra()  # the standings, for the record
            await self.store.finish(self.id)
        elif moved_again:
            await self._save_failures()
        await self._run_clock()
        self._changed()
        return None

    async def _stand_in(self, seat: int, intent: p.StandIn) -> tuple[str, str, str | None] | None:
        target = intent.seat
        if target == seat and intent.level is None and self.stand_in(seat) is not None:
            await self._end_stand_in(seat)  # a person takes their own seat back
            self._changed()
            return None
        if not 0 <= target < len(self.kinds) or self.kinds[target] != HUMAN or target == seat:
            return p.NOT_ABSENT, "only another person's seat can be handed over", None
        if intent.level is None:
            if self.stand_in(target) is None:
                return p.NOT_ABSENT, "no computer plays this seat", None
            if self.out_of_time(target):
                return p.NOT_ABSENT, "only its person takes back a seat whose time ran out", None
            await self._end_stand_in(target)
            self._changed()
            return None
        if intent.level not in LEVELS:
            return p.UNKNOWN_LEVEL, f"{intent.level!r} is not a computer level", None
        if self.stand_in(target) is not None or await self._is_present(target):
            return p.NOT_ABSENT, "this seat's player is here", None
        wait = self.handover_in(target)
        if wait:
            return p.TOO_SOON, f"this seat can be handed over in {wait} s", None
        entries = self.record.stand_ins or []
        entries.append({"seat": target, "level": intent.level, "from": self.count})
        self.record.stand_ins = entries
        await self._save_extra()
        await self._run_clock()
        self._changed()
        return None

    async def _end_stand_in(self, seat: int) -> None:
        self.failed.pop(seat, None)
        for entry in self.record.stand_ins or []:
            if entry.get("seat") == seat and "to" not in entry:
                entry["to"] = self.count
        await self._save_extra()
        await self._run_clock()  # the person's own turn: their full time again
        self._body = None

    async def _save_failures(self) -> None:
        """Store the seats whose computer player could not move, now that one moved
        again (kept here meanwhile when the store is away: stored with the next change)."""
        try:
            await self._save_extra()
        except StoreUnavailable as exc:
            log.warning("table %s: a seat's failure not yet cleared in the store: %s", self.id, exc)

    def _changed(self) -> None:
        self.broadcast()
        self.wake_bots()
        self.warm_workers()

    # ------------------------------------------------------------ computer players
    def wake_bots(self) -> None:
        """Let a computer move if one is to (one thinking at a time per table)."""
        state = self.match.state
        if self.closed or state.is_over or self.bot_level(state.current) is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())
            self._bot_task.add_done_callback(self._bot_ended)

    def warm_workers(self) -> None:
        """Start the worker processes an expert seat will think on, ahead of its first
        turn, in a thread (the computer players take a while to load): the server's
        event loop waits for nothing, and when they cannot start, the search starts
        them as it would have (:func:`orbis_tui.bots.warm_expert_workers`). Called as
        the table opens and at each change: a level that comes to play a seat in the
        game (a person's seat handed to a computer, by a player or by the turn clock,
        here or at another server process) is warmed for then; the levels already
        playing at the last call are not warmed again."""
        levels = self._bot_levels()
        seen, self._levels_seen = self._levels_seen, frozenset(levels)
        if self.closed or self.match.state.is_over or frozenset(levels) <= seen:
            return
        threading.Thread(target=_warm, args=(levels,), name="orbis-warm", daemon=True).start()

    def _bot_levels(self) -> list[str]:
        """The computer level of each seat a computer plays, in seat order."""
        return [level for seat in range(len(self.kinds)) if (level := self.bot_level(seat))]

    def _bot_ended(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: the computer players stopped: %r", self.id, task.exception())

    async def _bot_turn(self) -> None:
        while not self.closed:
            state = self.match.state
            seat = state.current
            level = None if state.is_over else self.bot_level(seat)
            if level is None:
                return
            try:
                wait = await self._may_play(seat)
            except StoreUnavailable:
                wait = STORE_BACKOFF
            if wait:
                await asyncio.sleep(wait)  # another process plays it, or the store is away
                continue
            if self.bot_level(seat) != level:
                continue  # its person came back: the stand-in ended
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause)
            count = self.count
            bot = self._bot(seat, level)
            try:
                action = await asyncio.to_thread(bot.choose, state.copy())
            except Exception as exc:  # said to every seat: another level plays, or none
                async with self.lock:
                    if self.count != count or self.bot_level(seat) != level:
                        continue  # the table moved meanwhile (a person came back)
                    if not await self._bot_failed(seat, level, exc):
                        return  # no computer plays the seat now: the table waits for it
                continue
            async with self.lock:
                if self.count != count or self.bot_level(seat) != level:
                    continue  # the table moved meanwhile (a person came back)
                entry = format_action(action)
                try:
                    refusal = await self._play(entry)
                except StoreUnavailable:  # taking the table up again after a lost race
                    refusal = p.STORE_AWAY, "the store is away", None
                if refusal is None:
                    self.bot_moves += 1
            if refusal is None:
                continue
            code, reason, _rule = refusal
            if code == p.STORE_AWAY:
                await asyncio.sleep(STORE_BACKOFF)
            elif code != p.STALE:  # never a reason to change the seat: say it and stop
                log.error(
                    "table %s: the computer player of seat %d (%s) chose %r, refused: %s",
                    self.id, seat, level, entry, reason,
                )  # fmt: skip
                return
            # STALE: another process wrote first; the table was taken up again: go on

    async def _bot_failed(self, seat: int, level: str, error: Exception) -> bool:
        """The computer player of ``seat`` (``level``) raised ``error`` rather than
        move (under the lock): every seat is told, with the error in one line
        (:attr:`failed`), and the level just below plays the seat from now on (kept in
        the record's stand-ins, as a computer playing for an absent person is: its
        person, if it is a person's seat, takes it back as before); below the weakest,
        no computer plays it (a person's seat waits for its person). True when a
        computer plays the seat on."""
        log.error(
            "table %s: the computer player of seat %d (%s) could not move",
            self.id, seat, level, exc_info=error,
        )  # fmt: skip
        self._bots.pop((seat, level), None)
        self.failed[seat] = error_line(error)
        weaker = weaker_level(level)
        out_of_time = self.out_of_time(seat)
        entries = self.record.stand_ins or []
        for entry in entries:
            if entry.get("seat") == seat and "to" not in entry:
                entry["to"] = self.count
        if weaker is not None:
            entry = {"seat": seat, "level": weaker, "from": self.count}
            if out_of_time:
                entry["clock"] = True
            entries.append(entry)
        self.record.stand_ins = entries or None
        try:
            await self._save_extra()
        except StoreUnavailable as exc:  # kept here meanwhile: stored with the next change
            log.warning("table %s: seat %d's new player not yet stored: %s", self.id, seat, exc)
        await self._run_clock()
        self._changed()
        return weaker is not None

    async def _may_play(self, seat: int) -> float:
        """0 when this process may play ``seat``'s computer move now, else the seconds
        to wait before asking again. A stand-in's person who is back ends the stand-in."""
        if (
            self.kinds[seat] == HUMAN
            and not self.out_of_time(seat)  # its person takes it back themselves
            and await self._is_present(seat)
        ):
            async with self.lock:
                if self.stand_in(seat) is not None:
                    await self._end_stand_in(seat)
                    self.broadcast()
            return 0.0
        return await self.store.claim(self.id)

    def _bot(self, seat: int, level: str) -> Bot:
        bot = self._bots.get((seat, level))
        if bot is None:
            from ..bots import bot_seed, make_bot

            given = self.record.setup.seed
            seed = bot_seed(given if given is not None else _table_number(self.id), seat)
            bot = make_bot(level, seed, time_budget=self.bot_budget)
            self._bots[(seat, level)] = bot
        return bot

    async def shut(self) -> None:
        self.closed = True
        if self._bot_task is not None:
            self._bot_task.cancel()
        for conn in [*self.here.values(), *self.watchers]:
            conn.close(p.SHUTDOWN, "the table server is stopping")


def _warm(levels: list[str]) -> threading.Event | None:
    from ..bots import warm_expert_workers

    return warm_expert_workers(levels)


def _table_number(table_id: str) -> int:
    """A number of the table's own, for its computer players' seeds."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:7], "little")
