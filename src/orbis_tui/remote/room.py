"""One table on the server: its only true match, who sits where, and who is here.

A :class:`Room` takes intents from the seats one at a time (under a lock) and answers
each with a refusal to that seat only, or by storing the action, playing it and then
telling every connection what changed: a connection gets the whole table once, when it
arrives, then ``moved`` messages (the new entries, the tiles they turned face up, the
seats), so an action costs the same at the start of a game as at its end. The seat that
must decide is the only one whose intents are taken; an intent made against another
action count is stale. The engine decides legality, with the rule. Computer seats, and
absent persons' seats handed to a computer level, are played here by the bots of
:mod:`orbis_tui.bots`, which see only what a player sees (they imagine the piles with
``resample_hidden``). When several server processes share a store, who is here is
what the store says of every process (a seat present anywhere is never handed to a
computer), and only the process holding the table's lease plays its computer seats; a
write refused because another process wrote first is a lost race: the room takes the
table up again and goes on, it never changes a seat.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import math
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import IllegalAction, NotationError, format_action, parse_action
from ..levels import HUMAN, LEVELS
from ..records import GameRecord, GameSetup, Match, setup_for_game
from ..words import message_of
from . import protocol as p
from .chat import MAX_CHAT, RECENT_CHAT, ChatBudget, ChatLine, clean_chat
from .links import new_table_id, new_token, token_hash, token_matches
from .store_types import (
    Change,
    Rematch,
    StaleWrite,
    StoredTable,
    StoreUnavailable,
    TableStore,
    TurnClock,
)
from .view import drawn_since, public_record, record_plain

if TYPE_CHECKING:
    from ..bots import Bot

HANDOVER_GRACE = 30.0  # seconds a person's seat waits for them before a computer may play it
__all__ = ["HUMAN", "Connection", "Invitation", "Room", "create_table"]

log = logging.getLogger("orbis.host")

STORE_BACKOFF = 1.0  # seconds a computer player waits to try again while the store is away


class Connection(Protocol):
    """A seat's or a watcher's open connection, as the room sees it."""

    def send(self, text: str) -> None: ...  # queued: never waits for the reader
    def send_table(self, whole: Callable[[], str], change: str | None) -> None:
        """The table moved: ``change`` says how (None: only ``whole()`` says it)."""

    def close(self, code: str, reason: str) -> None: ...


@dataclass(frozen=True)
class Invitation:
    """A new table's secrets, handed out once: per seat (None for a computer seat) and
    for watching."""

    table: str
    seat_tokens: list[str | None]
    watch_token: str


WATCHER = -1


class Room:
    def __init__(
        self,
        stored: StoredTable,
        store: TableStore,
        *,
        bot_pause: float = 0.5,
        bot_budget: float | None = None,
        clock: Callable[[], float] = time.time,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        setup_record = GameRecord.from_own_json(stored.setup)
        record = GameRecord(
            setup=setup_record.setup,
            actions=list(stored.actions),
            hints=stored.extra.get("hints"),
            stand_ins=stored.extra.get("stand_ins"),
        )
        self.id = stored.id
        self.match = Match(record)
        if self.match.state.is_over:  # the standings, as a finished game's record has them
            self._set_result()
        self.store = store
        self.seat_hashes = stored.seat_hashes
        self.watch_hash = stored.watch_hash
        kinds = record.setup.seats or [HUMAN] * len(record.setup.players)
        self.kinds = list(kinds)
        # A table loaded (new, or after a restart) gives every person the same grace.
        self.left_at = {n: clock() for n, kind in enumerate(self.kinds) if kind == HUMAN}
        self.here: dict[int, Connection] = {}
        # When each absent person left (by ``clock``): their seat can be handed to a
        # computer HANDOVER_GRACE seconds later, not before (a dropped connection
        # usually comes back). A store shared by several server processes keeps it for
        # them all (see share_graces): ``clock`` is then a clock they share, the time
        # of day by default.
        self.clock = clock
        # The turn clock counts in seconds since the epoch (its deadline is stored).
        self.wall_clock = wall_clock
        self.turn_clock: TurnClock | None = stored.clock
        self.rematch: Rematch = stored.rematch
        self.declined: int | None = None  # the seat that said no to the last rematch asked
        self._elsewhere: set[int] = set()  # seats whose person is at another server process
        self.bot_moves = 0  # actions this process's computer players stored here
        self.watchers: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bot_pause = bot_pause
        self.bot_budget = bot_budget
        self._bots: dict[tuple[int, str], Bot] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._body: str | None = None
        self.closed = False
        # What the connections were last told: a change is sent from there.
        self._told_count = self.count
        self._told_pos = tuple(self.match.state.pile_pos)
        self._whole_next = False  # the table was rebuilt: send it whole
        # The recent messages said at the table (read from the store when the first
        # connection arrives), and how many each seat may still say now.
        self.chat: list[ChatLine] | None = None
        self._chat_budgets: dict[int, ChatBudget] = {}

    # ------------------------------------------------------------ who is who
    @property
    def record(self) -> GameRecord:
        return self.match.record

    @property
    def count(self) -> int:
        return len(self.record.actions)

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, WATCHER for the watching token, else None.
        Every seat's hash is compared, so the time taken says nothing about which."""
        found: int | None = None
        for seat, stored in enumerate(self.seat_hashes):
            if token_matches(token, stored):
                found = seat
        if token_matches(token, self.watch_hash):
            found = WATCHER
        return found

    def stand_in(self, seat: int) -> str | None:
        """The level playing ``seat`` for its absent person, if any."""
        for entry in self.record.stand_ins or []:
            if entry.get("seat") == seat and "to" not in entry:
                return str(entry["level"])
        return None

    def bot_level(self, seat: int) -> str | None:
        """The computer level that plays ``seat`` now, if a computer plays it."""
        kind = self.kinds[seat]
        return kind if kind != HUMAN else self.stand_in(seat)

    def turn(self) -> int | None:
        """The seat to move now, or None once the game is over."""
        state = self.match.state
        return None if state.is_over else state.current

    def summary(self) -> dict[str, Any]:
        """The table as the host's list shows it: no link, no hidden tile."""
        return {
            "table": self.id,
            "players": list(self.record.setup.players),
            "kinds": list(self.kinds),
            "here": sorted(self.here.keys() | self.elsewhere),
            "turn": self.turn(),
            "actions": self.count,
            "finished": self.match.state.is_over,
        }

    async def reissue(self, seat: int) -> str | None:
        """A new link's token for a person's ``seat`` (None if it has none): the old
        token opens nothing from now on, and its connection here is closed."""
        if not 0 <= seat < len(self.seat_hashes) or self.seat_hashes[seat] is None:
            return None
        token = new_token()
        async with self.lock:
            if not await self.store.reissue(self.id, seat, token_hash(token)):
                return None
            self._seat_hash_changed(seat, token_hash(token))
        return token

    def _seat_hash_changed(self, seat: int, new_hash: str | None) -> None:
        self.seat_hashes[seat] = new_hash
        conn = self.here.get(seat)
        if conn is not None:
            conn.close(p.REISSUED, "the host gave this seat a new link")

    def out_of_time(self, seat: int) -> bool:
        """Whether a computer plays ``seat`` because its person's time ran out."""
        for entry in self.record.stand_ins or []:
            if entry.get("seat") == seat and "to" not in entry:
                return entry.get("clock") is True
        return False

    @property
    def next_table(self) -> str | None:
        """The table dealt for this one's rematch, once every person said yes."""
        return self.rematch.next_table

    # ------------------------------------------------------------ the turn clock
    def clock_seat(self) -> int | None:
        """The seat whose time runs now: a person's seat, to move, that a computer does
        not play (None: nobody's, or the table has no clock)."""
        state = self.match.state
        if self.turn_clock is None or state.is_over:
            return None
        seat = state.current
        return seat if self.kinds[seat] == HUMAN and self.stand_in(seat) is None else None

    def clock_left(self) -> float | None:
        """Seconds the seat to move has left (None: no clock runs now)."""
        clock = self.turn_clock
        if clock is None or clock.seat is None or clock.deadline is None:
            return None
        return clock.deadline - self.wall_clock()

    def _follow_clock(self) -> TurnClock | None:
        """Start the clock for the seat to move, if it is another than the clock's: its
        full time from now. Answers the clock, when it changed."""
        clock = self.turn_clock
        if clock is None:
            return None
        seat = self.clock_seat()
        if seat == clock.seat and (seat is None) == (clock.deadline is None):
            return None
        clock.seat = seat
        clock.deadline = None if seat is None else self.wall_clock() + clock.seconds
        return clock

    async def _run_clock(self) -> None:
        """The table changed here: the clock runs for the seat to move now, and its
        deadline is stored (kept here meanwhile, if the store is away)."""
        clock = self._follow_clock()
        if clock is None:
            return
        try:
            await self.store.set_deadline(self.id, clock.seat, clock.deadline)
        except StoreUnavailable as exc:
            log.warning("table %s: the turn's deadline is not stored yet: %s", self.id, exc)

    async def settle_clock(self) -> None:
        """A table just loaded: if its stored clock is not the seat to move's (the server
        stopped between an action and its deadline), start it now."""
        async with self.lock:
            await self._run_clock()

    def clock_ran_out(self) -> bool:
        left = self.clock_left()
        return left is not None and left <= 0 and self.clock_seat() == self.turn_clock_seat

    @property
    def turn_clock_seat(self) -> int | None:
        return None if self.turn_clock is None else self.turn_clock.seat

    async def check_clock(self) -> bool:
        """If the time of the seat to move ran out, a computer of the clock's level plays
        it until its person takes it back, said to everyone and kept in the record's
        stand-ins. Only the server process holding the table's lease acts (the others
        hear of it from the store). True when this process handed the seat over."""
        if self.closed or not self.clock_ran_out():
            return False
        try:
            if await self.store.claim(self.id):
                return False  # another server process holds the table: it acts
            async with self.lock:
                clock = self.turn_clock
                if not self.clock_ran_out() or clock is None or clock.seat is None:
                    return False
                entries = self.record.stand_ins or []
                entries.append(
                    {"seat": clock.seat, "level": clock.level, "from": self.count, "clock": True}
                )
                self.record.stand_ins = entries
                await self._save_extra()
                await self._run_clock()
                self._changed()
        except StoreUnavailable as exc:
            log.warning("table %s: a turn's time ran out, not yet handed over: %s", self.id, exc)
            return False
        return True

    # ------------------------------------------------------------ what is sent
    def seats(self) -> list[p.SeatInfo]:
        left = self.clock_left()
        return [
            p.SeatInfo(
                name=name,
                kind=self.kinds[n],
                here=n in self.here or n in self.elsewhere,
                stand_in=self.stand_in(n),
                handover_in=self.handover_in(n),  # seconds, from when this is sent
                # seconds, from when this is sent: only the seat whose time runs
                clock=max(0, math.ceil(left))
                if left is not None and n == self.turn_clock_seat
                else None,
                out_of_time=self.out_of_time(n),
            )
            for n, name in enumerate(self.record.setup.players)
        ]

    @property
    def elsewhere(self) -> set[int]:
        """Seats whose person is at another server process."""
        return self._elsewhere

    @elsewhere.setter
    def elsewhere(self, seats: set[int]) -> None:
        # A person who left another server process starts their grace here too.
        for seat in self._elsewhere - seats:
            if seat not in self.here and self.kinds[seat] == HUMAN:
                self.left_at[seat] = self.clock()
        for seat in seats:
            self.left_at.pop(seat, None)
        self._elsewhere = set(seats)

    def handover_in(self, seat: int) -> int:
        """Whole seconds until an absent person's seat can be handed to a computer."""
        left = self.left_at.get(seat)
        if left is None or seat in self.here or seat in self.elsewhere:
            return 0
        return max(0, math.ceil(left + HANDOVER_GRACE - self.clock()))

    def table_message(self, seat: int) -> str:
        """The ``table`` message for ``seat`` (WATCHER: a watcher): the whole table."""
        running = self.clock_left() is not None
        if self._body is None or running or any(map(self.handover_in, self.left_at)):
            state = self.match.state
            clock = self.turn_clock
            rematch = self.rematch_info()
            table = p.Table(
                seat=None,
                table=self.id,
                count=self.count,
                record=record_plain(public_record(self.record, state)),
                seats=self.seats(),
                seeded=self.record.setup.seed is not None,  # dealt from a seed given to the server
                final=record_plain(self.record) if state.is_over else None,
                turn_time=None if clock is None else clock.seconds,
                clock_level=None if clock is None else clock.level,
                rematch=rematch if rematch != p.RematchInfo() else None,
            )
            self._body = p.encode(table)
        return p.for_seat(self._body, _seat_field(seat))

    def rematch_info(self) -> p.RematchInfo:
        """The rematch as the seats are told it: who said yes, who asked first, who said
        no to the last one asked, and the new table once it is dealt."""
        rematch = self.rematch
        return p.RematchInfo(
            yes=sorted(rematch.yes),
            by=rematch.proposer,
            declined=self.declined,
            next=rematch.next_table,
        )

    def _change(self) -> str | None:
        """What changed since the connections were last told (a ``moved`` message for
        no seat), or None when only the whole table says it: the table was rebuilt, or
        the game is over (the whole table then holds the true record)."""
        if self._whole_next or self.match.state.is_over:
            return None
        record, told = self.record, self._told_count
        moved = p.Moved(
            seat=None,
            start=told,
            count=self.count,
            back=max(0, told - self.count),  # undone (undo never passes a refill)
            entries=record.actions[told:],
            drawn=drawn_since(self.match.state, self._told_pos),
            seats=self.seats(),
            hints=record.hints,
            stand_ins=record.stand_ins,
        )
        return p.encode(moved)

    def broadcast(self, *, skip: Connection | None = None) -> None:
        """Tell every connection (but ``skip``) what changed since the last time."""
        self._body = None
        change = self._change()
        self._told_count, self._told_pos = self.count, tuple(self.match.state.pile_pos)
        self._whole_next = False
        for seat, conn in [*self.here.items(), *((WATCHER, c) for c in self.watchers)]:
            if conn is not skip:
                self._tell(conn, seat, change)

    def _tell(self, conn: Connection, seat: int, change: str | None) -> None:
        whole = functools.partial(self.table_message, seat)
        moved = None if change is None else p.for_seat(change, _seat_field(seat))
        conn.send_table(whole, moved)

    # ------------------------------------------------------------ arriving and leaving
    async def join(self, seat: int, conn: Connection) -> None:
        """``conn`` sits at ``seat`` (or watches); a seat's earlier connection is
        replaced, and a seat handed to a computer comes back to its person."""
        async with self.lock:
            if seat == WATCHER:
                self.watchers.add(conn)
                conn.send_table(functools.partial(self.table_message, WATCHER), None)
                return
            old = self.here.get(seat)
            self.here[seat] = conn
            self.left_at.pop(seat, None)
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
        await self._send_recent_chat(conn)

    # ------------------------------------------------------------ the table's messages
    async def _send_recent_chat(self, conn: Connection) -> None:
        """Send a connection that arrived the recent messages (read from the store the
        first time; a store away now leaves them for the next time)."""
        if self.chat is None:
            try:
                self.chat = await self.store.chat(self.id, RECENT_CHAT)
            except StoreUnavailable as exc:
                log.warning("table %s: its messages cannot be read now: %s", self.id, exc)
                return
        if self.chat:
            conn.send(_chat_message(self.chat))

    async def say(self, seat: int, conn: Connection, text: str) -> None:
        """``seat`` says ``text`` to the table: kept, then sent to every connection; or
        refused to that seat, with the reason."""
        refusal: dict[str, Any] | None = None
        cleaned = clean_chat(text[: MAX_CHAT * 4])
        if seat == WATCHER:
            refusal = {"code": p.WATCHING, "reason": "a watcher cannot speak at the table"}
        elif len(text) > MAX_CHAT or len(cleaned) > MAX_CHAT:
            refusal = {
                "code": p.CHAT_TOO_LONG,
                "reason": f"a message holds at most {MAX_CHAT} characters, not {len(text)}",
                "limit": MAX_CHAT,
            }
        elif not cleaned:
            refusal = {"code": p.CHAT_TOO_LONG, "reason": "an empty message", "limit": MAX_CHAT}
        else:
            budget = self._chat_budgets.setdefault(seat, ChatBudget(self.clock))
            wait = budget.spend()
            if wait:
                refusal = {
                    "code": p.CHAT_TOO_FAST,
                    "reason": f"too many messages: wait {math.ceil(wait)} s",
                    "wait": math.ceil(wait),
                }
        if refusal is None:
            try:
                line = await self.store.say(self.id, seat, self.count, cleaned)
            except StoreUnavailable as exc:
                log.warning("table %s: a message not kept: %s", self.id, exc)
                refusal = {
                    "code": p.STORE_AWAY,
                    "reason": "the table's store cannot be reached: nothing was kept",
                }
            else:
                self.heard(line)
                return
        conn.send(p.encode(p.Refused(count=self.count, **refusal)))

    def heard(self, line: ChatLine) -> None:
        """A message was said here or at another server process: every connection is
        sent it (once: a line already heard is passed over)."""
        if self.chat is not None:
            if any(kept.id == line.id for kept in self.chat):
                return
            self.chat = [*self.chat, line][-RECENT_CHAT:]
        message = _chat_message([line])
        for conn in [*self.here.values(), *self.watchers]:
            conn.send(message)

    async def _catch_up_chat(self) -> None:
        """Messages said at other server processes may have been missed: read them."""
        if self.chat is None:
            return
        known = {line.id for line in self.chat}
        for line in await self.store.chat(self.id, RECENT_CHAT):
            if line.id not in known:
                self.heard(line)

    async def leave(self, seat: int, conn: Connection) -> None:
        async with self.lock:
            if seat == WATCHER:
                self.watchers.discard(conn)
                return
            if self.here.get(seat) is conn:
                del self.here[seat]
                self.left_at[seat] = self.clock()
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
            await self.say(seat, conn, intent.text)
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
        self.match.play(action)
        if self.match.state.is_over:
            await self._save_extra()  # the standings, for the record
            await self.store.finish(self.id)
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

    # ------------------------------------------------------------ the rematch
    async def _rematch(self, seat: int, yes: bool) -> tuple[str, str, str | None] | None:
        """``seat`` asks for a rematch or says yes to it (``yes``), or says no. Once
        every person's seat said yes, the same seats sit at a new deal."""
        if not self.match.state.is_over:
            return p.NOT_OVER, "a rematch is asked for once the game is over", None
        if self.next_table is not None:
            return p.NO_REMATCH, "the rematch is dealt already", None
        rematch = self.rematch
        if yes:
            if seat not in rematch.yes:
                at = self.wall_clock()
                await self.store.answer_rematch(self.id, seat, True, at)
                rematch.yes[seat] = at
                self.declined = None
        else:
            if not rematch.yes:
                return p.NO_REMATCH, "nobody asked for a rematch", None
            await self.store.answer_rematch(self.id, seat, False, 0.0)
            rematch.yes.clear()
            self.declined = seat
        await self._deal_if_agreed()
        self.broadcast()
        if self.next_table is not None:
            self._send_on()
        return None

    async def _deal_if_agreed(self) -> None:
        """Deal the rematch once every person's seat said yes (here, or at another
        server process: two that see it at once deal one table, see _deal_rematch)."""
        persons = {n for n, kind in enumerate(self.kinds) if kind == HUMAN}
        if (
            self.match.state.is_over
            and self.next_table is None
            and persons <= self.rematch.yes.keys()
        ):
            await self._deal_rematch()

    async def _deal_rematch(self) -> None:
        """Deal the rematch: the same names, seats and tokens (the old links reach the
        new table), the same clock, and the seat after this table's first starts."""
        setup = self.record.setup
        clock = self.turn_clock
        invitation = await create_table(
            self.store,
            list(setup.players),
            list(self.kinds),
            first_player=(setup.first_player + 1) % len(setup.players),
            seat_hashes=list(self.seat_hashes),
            watch_hash=self.watch_hash,
            turn_time=None if clock is None else (clock.seconds, clock.level),
            now=self.wall_clock,
        )
        dealt = await self.store.set_next_table(self.id, invitation.table)
        if dealt != invitation.table:  # another server process dealt it first: that one
            await self.store.finish(invitation.table)
        self.rematch.next_table = dealt

    def _send_on(self) -> None:
        """The rematch is dealt: every connection here is sent on to it (it connects
        again with the same link, which now opens the new table)."""
        for conn in [*self.here.values(), *self.watchers]:
            conn.close(p.MOVED, "the rematch is dealt: connect again for the new table")

    async def _is_present(self, seat: int) -> bool:
        """Is ``seat``'s person at the table, on this server process or any other?
        (Asked of the store each time: StoreUnavailable if it cannot say.)"""
        if seat in self.here:
            return True
        self.elsewhere = await self.store.present(self.id) - self.here.keys()
        return seat in self.elsewhere

    async def _end_stand_in(self, seat: int) -> None:
        for entry in self.record.stand_ins or []:
            if entry.get("seat") == seat and "to" not in entry:
                entry["to"] = self.count
        await self._save_extra()
        await self._run_clock()  # the person's own turn: their full time again
        self._body = None

    async def _save_extra(self) -> None:
        extra: dict[str, Any] = {}
        if self.record.hints:
            extra["hints"] = self.record.hints
        if self.record.stand_ins:
            extra["stand_ins"] = self.record.stand_ins
        await self.store.set_extra(self.id, extra)

    def _changed(self) -> None:
        self.broadcast()
        self.wake_bots()

    async def reload(self) -> None:
        """Another server process changed this table: take its actions up."""
        async with self.lock:
            await self._reload()

    async def take_change(self, change: Change) -> None:
        """Another server process changed this table as ``change`` says: follow it
        without loading the table where it can (an action added at the end, or who is
        here), else load it."""
        if change.chat is not None:
            self.heard(change.chat)  # not the table's state: no lock needed
            return
        async with self.lock:
            if change.grace:
                await self._graces_from_store()
                self.broadcast()
                return
            if change.seat is not None:
                await self._presence_changed(change.seat, change.here)
                return
            if change.number == self.count and change.entry is not None:
                try:
                    self.match.play(parse_action(change.entry))
                except (NotationError, IllegalAction):
                    pass  # not what this process holds: load it below
                else:
                    self._follow_clock()  # as its writer stored it (which is said next)
                    self._changed()
                    return
            if change.number is not None and change.number < self.count:
                return  # already here (this process took it up with an earlier load)
            await self._reload()

    async def _presence_changed(self, seat: int, here: bool) -> None:
        """Another server process says that ``seat``'s person arrived there (``here``)
        or left it. One who arrived there takes the seat from this process, as a second
        window does on one server: the connection here is told and closed."""
        seen = set(self.elsewhere)
        replaced = self.here.pop(seat, None) if here else None
        if replaced is not None:
            replaced.close(p.REPLACED, "this seat was opened from another place")
            await self.store.set_present(self.id, seat, False)  # this process's row
        if here:
            now = seen | {seat}
        else:  # gone from there: it may still be at a third one
            now = await self.store.present(self.id)
        self.elsewhere = now - self.here.keys()
        if seen != self.elsewhere or replaced is not None:
            self.broadcast()

    def seen_elsewhere(self, seats: set[int]) -> set[int]:
        """The store says who is at the other server processes: tell the seats if that
        changed (the table's state is not touched: no lock needed). Answers the seats
        whose person is no longer there (their server stopped): their grace starts."""
        seats = seats - self.here.keys()
        gone = self.elsewhere - seats
        if seats != self.elsewhere:
            self.elsewhere = seats
            self.broadcast()
        return gone

    async def share_graces(self, started: set[int] | None = None) -> None:
        """With a store shared by several server processes, every person's grace is
        the one the store keeps, so that they all count the same seconds: a table
        loaded starts one for each absent person who has none; ``started``: the grace
        of these seats starts now (their person's server stopped)."""
        async with self.lock:
            for seat, left in list(self.left_at.items()):
                if started is None:  # loaded: a grace for whoever has none yet
                    await self.store.set_grace(self.id, seat, left + HANDOVER_GRACE, keep=True)
                elif seat in started:  # gone with their server: it starts now
                    await self.store.set_grace(self.id, seat, left + HANDOVER_GRACE, keep=False)
            if await self._graces_from_store():
                self.broadcast()

    async def _graces_from_store(self) -> bool:
        """Take the absent persons' graces from the store (if it keeps them): True
        when one changed here."""
        stored = await self.store.graces(self.id)
        if stored is None:
            return False
        changed = False
        for seat, until in stored.items():
            left = until - HANDOVER_GRACE
            if seat in self.left_at and self.left_at[seat] != left:
                self.left_at[seat] = left
                changed = True
        return changed

    def _set_result(self) -> None:
        self.record.result = [
            {"seat": s.seat, "name": s.name, "total": s.total, "rank": s.rank}
            for s in self.match.scores()
        ]

    async def _reload(self) -> None:
        stored = await self.store.load(self.id)  # under the lock: the newest wins
        if stored is None:
            return
        self.elsewhere = await self.store.present(self.id) - self.here.keys()
        for seat, new_hash in enumerate(stored.seat_hashes):  # a link reissued elsewhere
            if seat < len(self.seat_hashes) and new_hash != self.seat_hashes[seat]:
                self._seat_hash_changed(seat, new_hash)
        if not self._follow(stored.actions):
            self.match = Room(stored, self.store).match
            self._whole_next = True
        self.record.hints = stored.extra.get("hints")
        self.record.stand_ins = stored.extra.get("stand_ins")
        self.turn_clock = stored.clock
        self.rematch = stored.rematch
        await self._deal_if_agreed()  # the last yes was said at another server process
        self._changed()
        if self.next_table is not None:  # the rematch was dealt by another server process
            self._send_on()
        await self._catch_up_chat()

    def _follow(self, theirs: list[str]) -> bool:
        """Bring the match to ``theirs`` by playing on or taking one back, if it can."""
        mine = self.record.actions
        try:
            if theirs[: len(mine)] == mine:  # they played on: play the same here
                for entry in theirs[len(mine) :]:
                    self.match.play(parse_action(entry))
                return True
            if mine[:-1] == theirs and self.match.can_undo():  # they took one back
                self.match.undo()
                return True
        except (NotationError, IllegalAction):
            pass
        return False

    # ------------------------------------------------------------ computer players
    def wake_bots(self) -> None:
        """Let a computer move if one is to (one thinking at a time per table)."""
        state = self.match.state
        if self.closed or state.is_over or self.bot_level(state.current) is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())
            self._bot_task.add_done_callback(self._bot_ended)

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
            action = await asyncio.to_thread(bot.choose, state.copy())
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


async def create_table(
    store: TableStore,
    names: list[str],
    kinds: list[str],
    *,
    seed: int | None = None,
    first_player: int | None = None,
    turn_time: tuple[float, str] | None = None,
    seat_hashes: list[str | None] | None = None,
    watch_hash: str | None = None,
    now: Callable[[], float] = time.time,
) -> Invitation:
    """Deal a new table and store it; its tokens are handed out here, once.

    Without ``seed`` the piles are shuffled from DEAL_BITS random bits of the operating
    system, which are kept nowhere: the record holds the deal itself (and no seed), so
    nobody can predict the piles' order, nor find it from the opening market. A
    ``seed`` (a server that allows seeded tables, for tests and replays) is kept in the
    record, which the seats get only once the game is over. ``turn_time`` (seconds,
    computer level) gives the table a turn clock, running from ``now()`` for the first
    seat if a person's. ``seat_hashes`` and ``watch_hash``
    (a rematch) seat the holders of another table's links here: no token is handed
    out then (the invitation's are empty)."""
    rng = random.SystemRandom()
    first = rng.randrange(len(names)) if first_player is None else first_player
    setup: GameSetup = setup_for_game(
        list(names), secrets.randbits(DEAL_BITS) if seed is None else seed, first
    )
    setup.seed = seed
    setup.seats = list(kinds)
    table_id = new_table_id()
    if seat_hashes is None or watch_hash is None:
        tokens: list[str | None] = [new_token() if k == HUMAN else None for k in kinds]
        watch = new_token()
        seat_hashes = [token_hash(t) if t is not None else None for t in tokens]
        watch_hash = token_hash(watch)
    else:
        tokens, watch = [None] * len(kinds), ""
    clock = None
    if turn_time is not None:
        seconds, level = turn_time
        clock = TurnClock(seconds, level)
        if kinds[first] == HUMAN:
            clock.seat, clock.deadline = first, now() + seconds
    await store.create(
        StoredTable(
            table_id,
            GameRecord(setup=setup).to_json(),
            seat_hashes,
            watch_hash,
            clock=clock,
        )
    )
    return Invitation(table_id, tokens, watch)


DEAL_BITS = 256  # random bits a table's piles are shuffled from (none kept)


def _table_number(table_id: str) -> int:
    """A number of the table's own, for its computer players' seeds."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:7], "little")


def _chat_message(lines: list[ChatLine]) -> str:
    return p.encode(
        p.Chat(lines=[p.ChatLineInfo(id=c.id, seat=c.seat, at=c.at, text=c.text) for c in lines])
    )


def _seat_field(seat: int) -> int | None:
    return None if seat == WATCHER else seat
