"""One table's state on the server, and who is who at it: the base of every part of a room.

A room's parts (the turn clock, what the connections are told, the rematch, keeping
in step with other server processes, and the room itself: seats arriving, their
intents, the computer players) each read and change the same state under the same
lock: the match, the seats' kinds and hashes, who is here and since when each absent
person left, the clock, the rematch. So they are not objects of their own handing
the room around, but layers of one class, each in its module and each building on
the one below (top to bottom: ``Room`` in :mod:`.room`, ``RoomAcrossServers``,
``RoomRematch``, ``RoomTelling``, ``RoomClock``, ``RoomState``). :class:`RoomState`
holds that state, answers who is who (a token's seat, who plays a seat, whose turn,
who is here), and names, as abstract, the one thing a lower layer asks of the top
one: ``_changed`` (tell everyone, and let a computer move).
"""

from __future__ import annotations

import abc
import asyncio
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..levels import HUMAN
from ..records import GameRecord, Match
from . import protocol as p
from .connection import WATCHER, Connection
from .links import new_token, token_hash, token_matches
from .store_types import Rematch, StoredTable, TableStore, TurnClock
from .table_chat import TableChat

if TYPE_CHECKING:
    from ..bots import Bot

HANDOVER_GRACE = 30.0  # seconds a person's seat waits for them before a computer may play it


def stored_match(stored: StoredTable) -> Match:
    """The match a stored table holds (with the standings, once the game is over, as a
    finished game's record has them)."""
    setup_record = GameRecord.from_own_json(stored.setup)
    record = GameRecord(
        setup=setup_record.setup,
        actions=list(stored.actions),
        hints=stored.extra.get("hints"),
        stand_ins=stored.extra.get("stand_ins"),
    )
    match = Match(record)
    if match.state.is_over:
        record.result = [
            {"seat": s.seat, "name": s.name, "total": s.total, "rank": s.rank}
            for s in match.scores()
        ]
    return match


def stored_failures(stored: StoredTable) -> dict[int, str]:
    """The seats whose computer player could not move, as the table keeps them."""
    kept = stored.extra.get("failed")
    if not isinstance(kept, dict):
        return {}
    return {
        int(seat): line
        for seat, line in kept.items()
        if isinstance(seat, str) and seat.isdigit() and isinstance(line, str)
    }


class RoomState(abc.ABC):
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
        self.id = stored.id
        self.match = stored_match(stored)
        record = self.match.record
        self.store = store
        self.seat_hashes = stored.seat_hashes
        self.watch_hash = stored.watch_hash
        kinds = record.setup.seats or [HUMAN] * len(record.setup.players)
        self.kinds = list(kinds)
        # A table loaded (new, or after a restart) gives every person the same grace.
        self.left_at = {n: clock() for n, kind in enumerate(self.kinds) if kind == HUMAN}
        self.here: dict[int, Connection] = {}
        # The persons who were at the table (here or at another server process) since
        # it was loaded and left it: the others are told so. One not in it who is
        # absent has not come since the load (after a restart, their screen is
        # connecting again): nobody is told that they left.
        self.gone: set[int] = set()
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
        self._elsewhere: set[int] = set()  # seats whose person is at another server process
        self.bot_moves = 0  # actions this process's computer players stored here
        self.watchers: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bot_pause = bot_pause
        self.bot_budget = bot_budget
        self._bots: dict[tuple[int, str], Bot] = {}
        # The seats whose computer player could not move, and its error in one line
        # (told to every seat): until the seat moves again, or its person takes it.
        # Stored with the table, so that every server process tells it.
        self.failed: dict[int, str] = stored_failures(stored)
        self._bot_task: asyncio.Task[None] | None = None
        self._body: str | None = None
        self.closed = False
        # What the connections were last told: a change is sent from there.
        self._told_count = self.count
        self._told_pos = tuple(self.match.state.pile_pos)
        self._whole_next = False  # the table was rebuilt: send it whole
        # The messages said at the table: the recent ones, and each seat's budget.
        self.chat = TableChat(
            self.id,
            store,
            clock=clock,
            count=lambda: self.count,
            connections=lambda: [*self.here.values(), *self.watchers],
        )

    @abc.abstractmethod
    def _changed(self) -> None:
        """The table changed: tell every connection, and let a computer move if one is to."""

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
        """The level playing ``seat`` for its absent person (or for its own computer
        player, which could not move), if any."""
        for entry in self.record.stand_ins or []:
            if entry.get("seat") == seat and "to" not in entry:
                return str(entry["level"])
        return None

    def bot_level(self, seat: int) -> str | None:
        """The computer level that plays ``seat`` now, if a computer plays it: the
        level standing in for an absent person, or for a computer seat's own level
        that could not move; else the seat's own level, if it is a computer's."""
        kind = self.kinds[seat]
        return self.stand_in(seat) or (kind if kind != HUMAN else None)

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
                self.gone.add(seat)
        for seat in seats:
            self.left_at.pop(seat, None)
            self.gone.discard(seat)
        self._elsewhere = set(seats)

    def handover_in(self, seat: int) -> int:
        """Whole seconds until an absent person's seat can be handed to a computer."""
        left = self.left_at.get(seat)
        if left is None or seat in self.here or seat in self.elsewhere:
            return 0
        return max(0, math.ceil(left + HANDOVER_GRACE - self.clock()))

    async def _save_extra(self) -> None:
        extra: dict[str, Any] = {}
        if self.record.hints:
            extra["hints"] = self.record.hints
        if self.record.stand_ins:
            extra["stand_ins"] = self.record.stand_ins
        if self.failed:
            extra["failed"] = {str(seat): line for seat, line in self.failed.items()}
        await self.store.set_extra(self.id, extra)
