"""A room kept in step with the other server processes that share its store.

Several table servers may serve the same tables from one store (PostgreSQL): a seat
may sit at one process and the next seat at another. The store tells each process
what the others changed, and a room follows it: an action added at the end is played
here without loading the table; who arrived at or left another process changes who
is here (one who arrived there takes the seat from a connection here); the absent
persons' graces are the ones the store keeps, so that every process counts the same
seconds; anything else, or anything missed, loads the table again and brings the
match to it. A write refused because another process wrote first is a lost race:
the room takes the table up again and goes on, it never changes a seat.
:class:`RoomAcrossServers` is a layer of the room over
:class:`~.room_rematch.RoomRematch`, since a rematch can be agreed or dealt at
another process (see :mod:`.room_state` for why the room is built of layers).
"""

from __future__ import annotations

from ..engine import IllegalAction, NotationError, parse_action
from . import protocol as p
from .room_rematch import RoomRematch
from .room_state import HANDOVER_GRACE, stored_failures, stored_match
from .store_types import Change


class RoomAcrossServers(RoomRematch):
    async def _is_present(self, seat: int) -> bool:
        """Is ``seat``'s person at the table, on this server process or any other?
        (Asked of the store each time: StoreUnavailable if it cannot say.)"""
        if seat in self.here:
            return True
        self.elsewhere = await self.store.present(self.id) - self.here.keys()
        return seat in self.elsewhere

    async def reload(self) -> None:
        """Another server process changed this table: take its actions up."""
        async with self.lock:
            await self._reload()

    async def take_change(self, change: Change) -> None:
        """Another server process changed this table as ``change`` says: follow it
        without loading the table where it can (an action added at the end, or who is
        here), else load it."""
        if change.chat is not None:
            self.chat.heard(change.chat)  # not the table's state: no lock needed
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

    async def _reload(self) -> None:
        stored = await self.store.load(self.id)  # under the lock: the newest wins
        if stored is None:
            return
        self.elsewhere = await self.store.present(self.id) - self.here.keys()
        for seat, new_hash in enumerate(stored.seat_hashes):  # a link reissued elsewhere
            if seat < len(self.seat_hashes) and new_hash != self.seat_hashes[seat]:
                self._seat_hash_changed(seat, new_hash)
        if not self._follow(stored.actions):
            self.match = stored_match(stored)
            self._whole_next = True
        self.record.hints = stored.extra.get("hints")
        self.record.stand_ins = stored.extra.get("stand_ins")
        self.failed = stored_failures(stored)
        self.turn_clock = stored.clock
        self.rematch = stored.rematch
        await self._deal_if_agreed()  # the last yes was said at another server process
        self._changed()
        if self.next_table is not None:  # the rematch was dealt by another server process
            self._send_on()
        await self.chat.catch_up()

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
