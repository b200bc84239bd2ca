"""A room's turn clock: whose time runs, how much is left, and what happens when it is out.

A table dealt with a time per turn gives the seat to move (a person's, that no
computer plays) that many seconds from the moment its turn comes; the deadline is
stored, so it survives a restart and every server process sharing the store sees the
same one. When it runs out, the process holding the table's lease hands the seat to
the clock's computer level until its person takes it back, kept in the record's
stand-ins. :class:`RoomClock` is a layer of the room over :class:`RoomState`, whose
state it reads and changes under the room's lock (see :mod:`.room_state`).
"""

from __future__ import annotations

import logging

from ..levels import HUMAN
from .room_state import RoomState
from .store_types import StoreUnavailable, TurnClock

log = logging.getLogger("orbis.host")


class RoomClock(RoomState):
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
