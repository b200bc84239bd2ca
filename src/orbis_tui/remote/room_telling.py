"""What a room tells its connections: the whole table once, then only what changed.

A connection gets the whole table when it arrives (its public record, the seats and
who is here, the clock, the rematch; the true record once the game is over), then a
``moved`` message per change (the new entries, the tiles they turned face up, the
seats), so an action costs the same at the start of a game as at its end. The whole
table is encoded once for every seat and kept until the table changes (or while a
clock or a grace counts down). :class:`RoomTelling` is a layer of the room over
:class:`~.room_clock.RoomClock`, since each seat's line shows its clock (see
:mod:`.room_state` for why the room is built of layers).
"""

from __future__ import annotations

import functools
import math

from . import protocol as p
from .connection import WATCHER, Connection, seat_field
from .room_clock import RoomClock
from .view import drawn_since, public_record, record_plain


class RoomTelling(RoomClock):
    def seats(self) -> list[p.SeatInfo]:
        left = self.clock_left()
        here = self.here.keys() | self.elsewhere
        return [
            p.SeatInfo(
                name=name,
                kind=self.kinds[n],
                here=n in here,
                left=n in self.gone and n not in here,
                stand_in=self.stand_in(n),
                handover_in=self.handover_in(n),  # seconds, from when this is sent
                # seconds, from when this is sent: only the seat whose time runs
                clock=max(0, math.ceil(left))
                if left is not None and n == self.turn_clock_seat
                else None,
                out_of_time=self.out_of_time(n),
                failed=self.failed.get(n),
            )
            for n, name in enumerate(self.record.setup.players)
        ]

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
        return p.for_seat(self._body, seat_field(seat))

    def rematch_info(self) -> p.RematchInfo:
        """The rematch as the seats are told it: who said yes, who asked first, who said
        no to the last one asked, and the new table once it is dealt."""
        rematch = self.rematch
        return p.RematchInfo(
            yes=sorted(rematch.yes),
            by=rematch.proposer,
            declined=rematch.declined,
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
        moved = None if change is None else p.for_seat(change, seat_field(seat))
        conn.send_table(whole, moved)
