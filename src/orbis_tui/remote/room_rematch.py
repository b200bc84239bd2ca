"""A room's rematch: who says yes or no once the game is over, and the new deal.

Once a game is over any person may ask for a rematch; the others say yes or no (a no
clears every yes, and who said it is stored, so that every server process tells it;
a new proposal clears it). When every person's seat said yes (here, or at another server
process), the same names, seats, links and clock sit at a new deal, the seat after
this table's first starting, and every connection is sent on to it: the old links
now open the new table. Two server processes that see the last yes at once deal one
table: the first to store it wins, the other sets its own aside. :class:`RoomRematch`
is a layer of the room over :class:`~.room_telling.RoomTelling`, which tells the seats
(see :mod:`.room_state` for why the room is built of layers).
"""

from __future__ import annotations

from ..levels import HUMAN
from . import protocol as p
from .deal import create_table
from .room_telling import RoomTelling


class RoomRematch(RoomTelling):
    async def _rematch(self, seat: int, yes: bool) -> tuple[str, str, str | None] | None:
        """``seat`` asks for a rematch or says yes to it (``yes``), or says no. Once
        every person's seat said yes, the same seats sit at a new deal."""
        if not self.match.state.is_over:
            return p.NOT_OVER, "a rematch is asked for once the game is over", None
        if self.next_table is not None:
            return p.NO_REMATCH, "the rematch is dealt already", None
        rematch = self.rematch
        at = self.wall_clock()
        if yes:
            if seat not in rematch.yes:
                await self.store.answer_rematch(self.id, seat, True, at)
                rematch.yes[seat] = at
                rematch.declined = rematch.declined_at = None
        else:
            if not rematch.yes:
                return p.NO_REMATCH, "nobody asked for a rematch", None
            # Who said no is stored with the answers: every server process tells it.
            await self.store.answer_rematch(self.id, seat, False, at)
            rematch.yes.clear()
            rematch.declined, rematch.declined_at = seat, at
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
