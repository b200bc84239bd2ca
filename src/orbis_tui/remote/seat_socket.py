"""A seat's or watcher's websocket at the table server: what it says, and what it is sent.

``/ws`` is where seats and watchers connect: the first message names the table and
the secret token (see :mod:`orbis_tui.remote.protocol`), within HELLO_TIMEOUT; the
link leads to its table's rematch, if one was dealt; then each intent goes to the
room, at most MESSAGE_RATE a second after a burst. :class:`SeatConnection` is that
websocket as a room sees it: sending never waits for the reader, and a reader that
does not read is given the whole table instead of a pile of changes, or closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Awaitable, Callable

from aiohttp import WSMsgType, web

from . import protocol as p
from .room import Room
from .store_types import StoreUnavailable

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say which seat it is
SEND_TIMEOUT = 10.0  # seconds a reader may take to accept one message
MAX_QUEUED = 32  # refusals waiting for a reader that does not read: then it is closed
MAX_MOVES = 64  # changes waiting for a slow reader: then it gets the whole table instead
# A connection's messages: a burst of MESSAGE_BURST, then MESSAGE_RATE a second (a
# person sends a few a minute); a sync, which is answered with the whole table, counts
# SYNC_COST. More, and the connection is closed.
MESSAGE_RATE = 10.0
MESSAGE_BURST = 60.0
SYNC_COST = 5.0


class MessageBudget:
    """How many messages a connection may still send now (a token bucket)."""

    def __init__(
        self,
        clock: Callable[[], float],
        rate: float = MESSAGE_RATE,
        burst: float = MESSAGE_BURST,
    ) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.left = burst
        self.since = clock()

    def spend(self, cost: float = 1.0) -> bool:
        """Take ``cost`` from the budget; False when it does not hold it."""
        now = self.clock()
        self.left = min(self.burst, self.left + (now - self.since) * self.rate)
        self.since = now
        if self.left < cost:
            return False
        self.left -= cost
        return True


class SeatConnection:
    """A websocket as a room sees it: sending never waits for the reader.

    The table's changes queue in order; a whole table replaces everything about the
    table not yet sent (it says all of it), and a reader that lets MAX_MOVES changes
    pile up gets the whole table instead. Other messages queue: a reader that lets
    MAX_QUEUED of them pile up, or takes longer than SEND_TIMEOUT to accept one
    message, is closed.
    """

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self._table: str | None = None
        self._moves: deque[str] = deque()
        self._queue: deque[str] = deque()
        self._wake = asyncio.Event()
        self._bye: str | None = None
        self._task = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self._bye is not None:
            return
        self._queue.append(text)
        if len(self._queue) > MAX_QUEUED:
            self.close(p.TOO_SLOW, "this connection does not read its messages")
            return
        self._wake.set()

    def send_table(self, whole: Callable[[], str], change: str | None) -> None:
        if self._bye is not None:
            return
        if change is None or self._table is not None or len(self._moves) >= MAX_MOVES:
            self._moves.clear()
            self._table = whole()
        else:
            self._moves.append(change)
        self._wake.set()

    def close(self, code: str, reason: str) -> None:
        if self._bye is None:
            self._bye = p.encode(p.Bye(code=code, reason=reason))
            self._wake.set()

    async def _write(self) -> None:
        ws = self.ws
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue or self._moves or self._table is not None:
                    if self._bye is not None:
                        break
                    if self._table is not None:
                        text, self._table = self._table, None
                    elif self._moves:
                        text = self._moves.popleft()
                    else:
                        text = self._queue.popleft()
                    async with asyncio.timeout(SEND_TIMEOUT):  # no task per message
                        await ws.send_str(text)
                if self._bye is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(ws.send_str(self._bye), 1.0)
                    break
        except (TimeoutError, ConnectionError, RuntimeError):
            pass  # the reader is gone or does not read: closed below
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 1.0)

    async def finish(self) -> None:
        self.close(p.SHUTDOWN, "closed")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._task, SEND_TIMEOUT + 2)
        if not self._task.done():
            self._task.cancel()


async def serve_seat_socket(
    request: web.Request,
    find_room: Callable[[str], Awaitable[Room | None]],
    following: Callable[[Room], Awaitable[Room]],
    clock: Callable[[], float],
) -> web.StreamResponse:
    """Serve one seat's or watcher's websocket until it closes: ``find_room`` loads a
    table, ``following`` leads to its rematch's, ``clock`` paces the messages."""
    ws = web.WebSocketResponse(max_msg_size=p.MAX_MESSAGE, heartbeat=20.0)
    await ws.prepare(request)
    conn = SeatConnection(ws)
    room: Room | None = None
    seat: int | None = None
    try:
        first = await ws.receive(timeout=HELLO_TIMEOUT)
        if first.type is not WSMsgType.TEXT:
            raise p.ProtocolError("the first message says which seat this is")
        hello = p.decode(first.data)
        if not isinstance(hello, p.Hello):
            raise p.ProtocolError("the first message says which seat this is")
        try:
            room = await find_room(hello.table)
        except StoreUnavailable:
            conn.close(p.STORE_AWAY, "the table server cannot reach its store just now")
            return ws
        seat = room.seat_of(hello.token) if room is not None else None
        if room is not None and seat is not None:  # a rematch's table, if there is one
            room = await following(room)
            seat = room.seat_of(hello.token)
        if room is None or seat is None:
            conn.close(p.BAD_TOKEN, "this link opens no seat here (copy the whole link)")
            return ws
        await room.join(seat, conn)
        budget = MessageBudget(clock)
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                raise p.ProtocolError("messages are JSON text")
            intent = p.decode(message.data)
            if not budget.spend(SYNC_COST if isinstance(intent, p.Sync) else 1.0):
                conn.close(p.TOO_FAST, "too many messages: at most 10 a second")
                return ws
            if isinstance(intent, p.Hello):
                raise p.ProtocolError("this connection has said which seat it is")
            await room.handle(seat, conn, intent)
    except p.ProtocolError as exc:
        conn.close(p.BAD_MESSAGE, str(exc))
    except TimeoutError:
        conn.close(p.BAD_MESSAGE, "no hello: the first message says which seat this is")
    except asyncio.CancelledError:
        conn.close(p.SHUTDOWN, "the table server is stopping")
        raise
    finally:
        try:
            if room is not None and seat is not None:
                await room.leave(seat, conn)
        finally:  # even when the server stops while the seat is leaving
            await conn.finish()
    return ws
