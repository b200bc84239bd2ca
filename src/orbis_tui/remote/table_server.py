"""``orbis host``: the table server. One true match per table, each seat at its own screen.

HTTP and websockets with aiohttp. ``POST /tables`` deals a new table and answers its
invitation links; ``/ws`` is where seats and watchers connect (the first message names
the table and the secret token, see :mod:`orbis_tui.remote.protocol`); ``/`` is a page
that creates a table from a browser; ``/play/TABLE/TOKEN`` and ``/watch/TABLE/TOKEN``
give that seat in the browser: textual-serve runs ``orbis join`` for it, with the
link in its environment (never on a command line other users could read). Requests
from other sites' pages, and on loopback other host names, are refused by the guard
of ``orbis serve``. No request line is logged: links carry secrets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from ..i18n import N_
from ..i18n import gettext as _
from ..levels import HUMAN, LEVELS
from ..printable import MAX_LINE, printable
from ..web.guard import RequestGuard, is_loopback, log_bad_requests_briefly
from . import protocol as p
from .connection import WATCHER
from .deal import create_table
from .host_key import HostKey, default_key_file, ensure_host_key, is_host_key
from .links import PLAY, WATCH, Link
from .room import Room
from .store_types import Change, DamagedTable, StoreError, StoreUnavailable, TableStore

log = logging.getLogger("orbis.host")

# What a browser is told when its seat's page cannot be opened (see _terminal_refusal).
REFUSED_NO_SEAT = N_("This link opens no seat at this table server (copy the whole link).")
REFUSED_WATCHERS = N_("This watch link is open in {count} browser tabs already: close one first.")
# What a seat may be on the page that deals a table.
PERSON = N_("person")
LEVEL_WORDS = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
REFUSED_FULL = N_(
    "This table server runs as many browser seats as it may: try again in a while, or play "
    "in a terminal with orbis join."
)

NOT_THE_HOST = "this needs the host's key (Authorization: Bearer KEY; orbis host says where it is)"
STORE_AWAY_NOW = "the table server cannot reach its store just now: try again in a moment"
MAX_LISTED = 500  # tables in the host's list: the newest

DEFAULT_PORT = 8765
HELLO_TIMEOUT = 10.0  # seconds a new connection has to say which seat it is
SEND_TIMEOUT = 10.0  # seconds a reader may take to accept one message
MAX_QUEUED = 32  # refusals waiting for a reader that does not read: then it is closed
MAX_MOVES = 64  # changes waiting for a slow reader: then it gets the whole table instead
MAX_CREATE = 2048  # bytes of a table request
# A connection's messages: a burst of MESSAGE_BURST, then MESSAGE_RATE a second (a
# person sends a few a minute); a sync, which is answered with the whole table, counts
# SYNC_COST. More, and the connection is closed.
MESSAGE_RATE = 10.0
MESSAGE_BURST = 60.0
SYNC_COST = 5.0
MAX_TABLE_SEED = 2**63 - 1  # a seed a table request may give, where the server allows it
DEFAULT_BROWSER_SEATS = 16  # browser seats' processes (each some 50 MB) at once, in all
WATCH_TABS = 4  # browser tabs watching through one watch link at once
CLOCK_TICK = 1.0  # seconds between two looks at the turn clocks
MIN_TURN_TIME = 10  # seconds a turn may be given, at least
MAX_TURN_TIME = 30 * 86400  # and at most (30 days)
DEFAULT_CLOCK_LEVEL = "medium"  # who plays a seat whose time ran out, unless chosen
MAX_REMATCHES = 1000  # rematches a link is followed through


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


class TableServer:
    def __init__(
        self,
        store: TableStore,
        *,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        public_url: str | None = None,
        bot_pause: float = 0.5,
        bot_budget: float | None = None,
        join_command: Callable[[], list[str]] | None = None,
        clock: Callable[[], float] = time.time,
        wall_clock: Callable[[], float] = time.time,
        clock_tick: float | None = CLOCK_TICK,
        max_browser_seats: int = DEFAULT_BROWSER_SEATS,
        allow_seeded_tables: bool = False,
    ) -> None:
        self.store = store
        self.clock = clock
        self.wall_clock = wall_clock  # the turn clocks' (their deadlines are stored)
        self.clock_tick = clock_tick  # None: only check_clocks looks at them (tests)
        self._clocks: asyncio.Task[None] | None = None  # the task that looks at them
        self.allow_seeded_tables = allow_seeded_tables
        self.host = host
        self.port = port
        self.public_url = public_url
        self.bot_pause = bot_pause
        self.bot_budget = bot_budget
        self.join_command = join_command or _join_command
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()
        self._sockets: set[asyncio.Task[Any]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()  # kept until done, cancelled at the end
        self._download_manager: Any = None
        self.max_browser_seats = max_browser_seats
        # The browser seats' terminals (each one ``orbis join`` process), per seat.
        self.terminals: dict[tuple[str, int], list[tuple[asyncio.Task[Any], Any]]] = {}
        store.on_change = self._changed_elsewhere
        store.on_resync = self._reload_all
        store.on_presence = self._presence_elsewhere

    def guard(self) -> RequestGuard:
        """The guard of ``orbis serve``, for the port this server listens on now."""
        return RequestGuard(
            loopback_only=is_loopback(self.host), port=self.port, public_url=self.public_url
        )

    # ------------------------------------------------------------ the tables
    async def room(self, table_id: str) -> Room | None:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(table_id)
            if room is None:
                try:
                    stored = await self.store.load(table_id)
                except DamagedTable as exc:
                    log.error("set aside (the other tables are served): %s", exc)
                    return None
                if stored is None:
                    return None
                try:
                    room = Room(
                        stored,
                        self.store,
                        bot_pause=self.bot_pause,
                        bot_budget=self.bot_budget,
                        clock=self.clock,
                        wall_clock=self.wall_clock,
                    )
                except Exception as exc:  # a stored table this version cannot replay
                    # one line, whatever the stored table holds (escapes, a long value)
                    log.error("table %s cannot be resumed: %s", table_id, printable(exc, MAX_LINE))
                    return None
                await room.share_graces()
                self.rooms[table_id] = room
            await room.settle_clock()
        return room

    async def resume_all(self) -> int:
        """Load every unfinished table and let its computer players go on. A table that
        cannot be read is set aside with a line in the log; the others are served."""
        for table_id in await self.store.live_tables():
            room = await self.room(table_id)
            if room is not None:
                room.wake_bots()
        return len(self.rooms)

    async def check_clocks(self) -> int:
        """Hand every seat whose turn's time ran out to its table's computer level (on
        the tables this process holds the lease of); how many were handed over."""
        handed = 0
        for room in list(self.rooms.values()):
            if room.clock_ran_out():
                handed += await room.check_clock()
        return handed

    async def _watch_clocks(self) -> None:
        """Look at the turn clocks every ``clock_tick`` seconds, for the server's life."""
        while True:
            await asyncio.sleep(self.clock_tick or CLOCK_TICK)
            try:
                await self.check_clocks()
            except Exception as exc:  # the next tick tries again
                log.warning("the turn clocks could not be checked: %s", exc)

    async def following(self, room: Room) -> Room:
        """The table ``room``'s links lead to now: its rematch's, and so on."""
        for _step in range(MAX_REMATCHES):
            if room.next_table is None:
                break
            after = await self.room(room.next_table)
            if after is None:
                break
            room = after
            room.wake_bots()
        return room

    def _keep(self, job: Awaitable[None], what: str) -> None:
        """Run ``job`` as a task held until it ends; its failure is logged."""
        task = asyncio.ensure_future(job)
        self._tasks.add(task)

        def done(task: asyncio.Task[None]) -> None:
            self._tasks.discard(task)
            if not task.cancelled() and task.exception() is not None:
                log.warning("%s: %s", what, task.exception())

        task.add_done_callback(done)

    def _changed_elsewhere(self, table_id: str, change: Change) -> None:
        room = self.rooms.get(table_id)
        if room is not None:
            self._keep(self._take_up(room, change), f"table {table_id} not taken up")

    def _presence_elsewhere(self, elsewhere: dict[str, set[int]]) -> None:
        """Who is at the other server processes now: each room shows it (a seat whose
        server died is no longer shown as here once its presence has expired)."""
        for table_id, room in self.rooms.items():
            gone = room.seen_elsewhere(elsewhere.get(table_id, set()))
            if gone:
                self._keep(room.share_graces(gone), f"table {table_id}: graces not shared")

    def _reload_all(self) -> None:
        """Other server processes' changes may have been missed: load every table again."""
        for table_id, room in list(self.rooms.items()):
            self._keep(self._take_up(room, None), f"table {table_id} not loaded again")

    async def _take_up(self, room: Room, change: Change | None) -> None:
        """Follow another process's change (None: load the table); while the store is
        away, try again until it is back, so that no room stays behind."""
        wait = 0.5
        while not room.closed:
            try:
                if change is None:
                    await room.reload()
                else:
                    await room.take_change(change)
                return
            except StoreUnavailable as exc:
                log.warning("table %s not taken up yet (again in %.0f s): %s", room.id, wait, exc)
            change = None  # from now on, load it whole
            await asyncio.sleep(wait)
            wait = min(wait * 2, 5.0)

    def base_url(self, request: web.Request) -> str:
        if self.public_url is not None:
            return self.public_url
        return f"{request.scheme}://{request.host}"

    # ------------------------------------------------------------ the web application
    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_CREATE)
        app.middlewares.append(self._guard_middleware)
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.post("/tables", self.handle_create),
                web.get("/ws", self.handle_ws),
                web.get("/play/{table}/{token}", self.handle_seat_page),
                web.get("/watch/{table}/{token}", self.handle_seat_page),
                web.get("/terminal/{kind}/{table}/{token}", self.handle_terminal),
                web.get("/download/{key}", self.handle_download),
                web.post("/seat-status", self.handle_seat_status),
                web.get("/host", self.handle_host_page),
                web.get("/host/tables", self.handle_host_tables),
                web.post("/host/tables/{table}/seats/{seat}/link", self.handle_reissue),
                web.get("/record/{table}/{token}", self.handle_record),
            ]
        )
        from ..web.server import page_files_route, static_route

        app.add_routes([static_route(), page_files_route()])
        app.on_startup.append(self._on_startup)
        app.on_shutdown.append(self._on_shutdown)
        return app

    @web.middleware
    async def _guard_middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        refusal = self.guard().refusal(request.headers.get("Host"), request.headers.get("Origin"))
        if refusal is not None:
            raise web.HTTPForbidden(text=f"Orbis: refused: {refusal}\n")
        return await handler(request)

    async def _on_startup(self, _app: web.Application) -> None:
        await self.resume_all()
        if self.clock_tick is not None:
            self._clocks = asyncio.get_running_loop().create_task(self._watch_clocks())

    async def _on_shutdown(self, _app: web.Application) -> None:
        for room in list(self.rooms.values()):
            await room.shut()
        tasks = [*self._sockets, *self._tasks, *([self._clocks] if self._clocks else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.store.close()

    # ------------------------------------------------------------ seats
    async def handle_ws(self, request: web.Request) -> web.StreamResponse:
        task = asyncio.current_task()
        assert task is not None
        self._sockets.add(task)
        try:
            return await self._seat_socket(request)
        finally:
            self._sockets.discard(task)

    async def _seat_socket(self, request: web.Request) -> web.StreamResponse:
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
                room = await self.room(hello.table)
            except StoreUnavailable:
                conn.close(p.STORE_AWAY, "the table server cannot reach its store just now")
                return ws
            seat = room.seat_of(hello.token) if room is not None else None
            if room is not None and seat is not None:  # a rematch's table, if there is one
                room = await self.following(room)
                seat = room.seat_of(hello.token)
            if room is None or seat is None:
                conn.close(p.BAD_TOKEN, "this link opens no seat here (copy the whole link)")
                return ws
            await room.join(seat, conn)
            budget = MessageBudget(self.clock)
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
            if room is not None and seat is not None:
                await room.leave(seat, conn)
            await conn.finish()
        return ws

    # ------------------------------------------------------------ new tables
    async def handle_create(self, request: web.Request) -> web.StreamResponse:
        try:
            body = await request.json()
            names, kinds, seed = _table_request(body, allow_seed=self.allow_seeded_tables)
            turn_time = _turn_time_request(body)
        except (ValueError, web.HTTPRequestEntityTooLarge) as exc:
            return web.json_response({"error": str(exc)}, status=400)
        try:
            invitation = await create_table(
                self.store, names, kinds, seed=seed, turn_time=turn_time, now=self.wall_clock
            )
        except StoreUnavailable:
            message = "the table server cannot reach its store just now: try again in a moment"
            return web.json_response({"error": message}, status=503)
        base = self.base_url(request)
        seats = []
        for seat, (name, kind) in enumerate(zip(names, kinds, strict=True)):
            token = invitation.seat_tokens[seat]
            entry: dict[str, Any] = {"seat": seat, "name": name, "kind": kind}
            if token is not None:
                entry["link"] = str(Link(base, PLAY, invitation.table, token))
            seats.append(entry)
        watch = str(Link(base, WATCH, invitation.table, invitation.watch_token))
        room = await self.room(invitation.table)
        if room is not None:
            room.wake_bots()
        return web.json_response({"table": invitation.table, "seats": seats, "watch": watch})

    # ------------------------------------------------------------ the host's own
    async def _is_host(self, request: web.Request) -> bool:
        """Whether the request carries the host's key (``Authorization: Bearer KEY``)."""
        scheme, _sep, key = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer":
            return False
        return is_host_key(key.strip(), await self.store.host_key_hash())

    async def handle_host_tables(self, request: web.Request) -> web.StreamResponse:
        """Every table of the store, as the host's list shows it (no seat's link)."""
        try:
            if not await self._is_host(request):
                return web.json_response({"error": NOT_THE_HOST}, status=401)
            listed = (await self.store.table_list())[-MAX_LISTED:]
            tables = []
            for table_id, finished in reversed(listed):
                room = await self.room(table_id)
                if room is not None:
                    tables.append(room.summary())
                else:
                    tables.append({"table": table_id, "finished": finished, "damaged": True})
        except StoreUnavailable:
            return web.json_response({"error": STORE_AWAY_NOW}, status=503)
        return web.json_response({"tables": tables})

    async def handle_reissue(self, request: web.Request) -> web.StreamResponse:
        """A new link for a person's seat; the old one opens nothing from now on."""
        table, seat_text = request.match_info["table"], request.match_info["seat"]
        try:
            if not await self._is_host(request):
                return web.json_response({"error": NOT_THE_HOST}, status=401)
            room = await self.room(table) if p.is_table_id(table) else None
            if room is None:
                return web.json_response({"error": "no such table"}, status=404)
            seat = int(seat_text) - 1 if seat_text.isascii() and seat_text.isdigit() else -1
            token = await room.reissue(seat)
        except StoreUnavailable:
            return web.json_response({"error": STORE_AWAY_NOW}, status=503)
        if token is None:
            message = f"seat {printable(seat_text, 8)} is not a person's seat of this table"
            return web.json_response({"error": message}, status=404)
        link = str(Link(self.base_url(request), PLAY, table, token))
        log.info("table %s: seat %d has a new link; the old one opens nothing now", table, seat)
        return web.json_response({"table": table, "seat": seat + 1, "link": link})

    async def handle_seat_status(self, request: web.Request) -> web.StreamResponse:
        """Whose turn it is at the table of a link (for ``orbis tables``): the link's
        table and token come in the body, so that they are in no request line."""
        try:
            body = await request.json()
        except (ValueError, web.HTTPRequestEntityTooLarge):
            return web.json_response({"error": "the body is a JSON object"}, status=400)
        table = body.get("table") if isinstance(body, dict) else None
        token = body.get("token") if isinstance(body, dict) else None
        if type(table) is not str or type(token) is not str:
            return web.json_response({"error": "'table' and 'token' are text"}, status=400)
        kind = WATCH if body.get("watch") is True else PLAY
        try:
            seat = await self._seat_of_link(kind, table, token)
            room = self.rooms.get(table)
        except StoreUnavailable:
            return web.json_response({"error": STORE_AWAY_NOW}, status=503)
        if seat is None or room is None:
            return web.json_response({"error": "this link opens no seat here"}, status=404)
        summary = room.summary()
        mine = None if seat == WATCHER else seat
        return web.json_response(
            {
                "table": table,
                "seat": mine,
                "players": summary["players"],
                "turn": summary["turn"],
                "yours": mine is not None and summary["turn"] == mine,
                "finished": summary["finished"],
                "left": room.clock_left(),  # seconds the seat to move has, if a clock runs
                "number": room.match.state.turn,  # the game's turn: an alert's once-only key
            }
        )

    async def handle_host_page(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=host_page(), content_type="text/html")

    async def handle_record(self, request: web.Request) -> web.StreamResponse:
        """A finished table's true record, for a holder of one of its links (a seat's
        or the watching one): after a rematch, the old table's record stays here."""
        table, token = request.match_info["table"], request.match_info["token"]
        room = None
        if p.is_table_id(table) and p.is_token(token):
            room = await self.room(table)
        if room is None or room.seat_of(token) is None:
            raise web.HTTPNotFound(text="Orbis: this link opens no table here\n")
        if not room.match.state.is_over:
            raise web.HTTPConflict(text="Orbis: this table's game is not over yet\n")
        return web.Response(
            text=room.record.to_json(),
            content_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="orbis-{table}.json"'},
        )

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page that deals a new table, in the server's language."""
        from ..web.server import deal_page

        kinds = [(HUMAN, _(PERSON)), *((level, _(LEVEL_WORDS[level])) for level in LEVELS)]
        return deal_page(kinds, HUMAN)

    # ------------------------------------------------------------ the browser seat
    async def handle_seat_page(self, request: web.Request) -> web.StreamResponse:
        from ..web.server import seat_page

        kind = PLAY if request.path.startswith("/play/") else WATCH
        table, token = request.match_info["table"], request.match_info["token"]
        refusal = await self._terminal_refusal(kind, table, token)
        if refusal is not None:
            return refusal
        base = self.base_url(request)
        terminal = f"{base}/terminal/{kind}/{table}/{token}"
        return await seat_page(request, base, terminal)

    async def _seat_of_link(self, kind: str, table: str, token: str) -> int | None:
        """The seat (WATCHER for watching) a link of ``kind`` opens, or None."""
        if kind not in (PLAY, WATCH) or not p.is_table_id(table) or not p.is_token(token):
            return None
        room = await self.room(table)
        seat = room.seat_of(token) if room is not None else None
        if seat is None or (seat == WATCHER) != (kind == WATCH):
            return None
        return seat

    async def _terminal_refusal(self, kind: str, table: str, token: str) -> web.Response | None:
        """The refusal page for a browser seat that cannot be opened now, else None.

        Nothing is started for a link that opens no seat here; a seat's own terminal
        replaces its earlier one (one process per seat); watching tabs and all the
        terminals together are capped."""
        from ..web.server import refusal_page

        seat = await self._seat_of_link(kind, table, token)
        if seat is None:
            return refusal_page(404, REFUSED_NO_SEAT)
        running = self.terminals.get((table, seat), [])
        if seat == WATCHER and len(running) >= WATCH_TABS:
            return refusal_page(429, REFUSED_WATCHERS, count=WATCH_TABS)
        others = self.terminal_count() - (len(running) if seat != WATCHER else 0)
        if others >= self.max_browser_seats:
            return refusal_page(503, REFUSED_FULL)
        return None

    def terminal_count(self) -> int:
        """Browser seats' processes running now."""
        return sum(len(tasks) for tasks in self.terminals.values())

    async def handle_terminal(self, request: web.Request) -> web.StreamResponse:
        from ..web.server import replace_seat_terminal, run_seat_terminal, seat_websocket

        kind = request.match_info["kind"]
        table, token = request.match_info["table"], request.match_info["token"]
        refusal = await self._terminal_refusal(kind, table, token)
        if refusal is not None:
            return refusal  # before anything is started
        seat = await self._seat_of_link(kind, table, token)
        assert seat is not None
        key = (table, seat)
        if seat != WATCHER:  # one process per seat: the newest tab takes the seat
            earlier = list(self.terminals.get(key, []))
            for _task, websocket in earlier:
                await replace_seat_terminal(websocket)
            await asyncio.gather(*(task for task, _ws in earlier), return_exceptions=True)
            refusal = await self._terminal_refusal(kind, table, token)
            if refusal is not None:  # another tab came meanwhile
                return refusal
        # The seat's app reaches this server on loopback, whatever address the browser used.
        link = Link(self.loopback_url(), kind, table, token)
        task = asyncio.current_task()
        assert task is not None
        self._sockets.add(task)
        websocket = seat_websocket()
        this = (task, websocket)
        self.terminals.setdefault(key, []).append(this)
        try:
            return await run_seat_terminal(
                request, self.join_command(), str(link), self._downloads(), websocket
            )
        finally:
            self._sockets.discard(task)
            running = self.terminals.get(key, [])
            if this in running:
                running.remove(this)
            if not running:
                self.terminals.pop(key, None)

    def _downloads(self) -> Any:
        """What the browser seats' apps hand to their players (a finished game's record)."""
        if self._download_manager is None:
            from textual_serve.download_manager import DownloadManager

            self._download_manager = DownloadManager()
        return self._download_manager

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        """A file a browser seat's app delivers, once, to the page that asked for it."""
        from ..web.server import serve_download

        return await serve_download(request, self._downloads())

    def loopback_url(self) -> str:
        host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"http://{host}:{self.port}"


HOST_PAGE_TEXTS = {
    "title": N_("Orbis: the tables of this server"),
    "key": N_("The host's key:"),
    "show": N_("Show the tables"),
    "where": N_(
        "The key is in the file that orbis host named when it started. It stays in this tab only."
    ),
    "caption": N_("The tables, newest first (● a player at the table now)"),
    "table": N_("Table"),
    "players": N_("Players"),
    "turn": N_("To move"),
    "actions": N_("Actions"),
    "links": N_("Lost links"),
    "over": N_("the game is over"),
    "damaged": N_("cannot be read: see the server's log"),
    "none": N_("No table yet."),
    "reissue": N_("New link for {name}"),
    "confirm": N_(
        "Give {name} a new link? Their old link will open nothing any more, and a screen "
        "open with it is closed."
    ),
    "reissued": N_("{name} has a new link: give it to them, and to nobody else."),
}


def host_page() -> str:
    """The host's page, in the server's language."""
    import jinja2

    from ..i18n import gettext as _
    from ..i18n import language
    from ..web.server import PAGE_FOLDER

    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(PAGE_FOLDER), autoescape=True)
    texts = {name: _(text) for name, text in HOST_PAGE_TEXTS.items()}
    return environment.get_template("host_tables.html").render(lang=language(), texts=texts)


def _join_command() -> list[str]:
    return [sys.executable, "-m", "orbis_tui", "join", "--browser-seat"]


def _turn_time_request(body: dict[str, Any]) -> tuple[float, str] | None:
    """A table request's time per turn and the computer level that plays a seat whose
    time ran out (ValueError saying what is wrong); None: no clock."""
    seconds = body.get("turn_time")
    if seconds is None:
        return None
    if type(seconds) not in (int, float) or not MIN_TURN_TIME <= seconds <= MAX_TURN_TIME:
        raise ValueError(
            f"'turn_time' is seconds per turn, from {MIN_TURN_TIME} to {MAX_TURN_TIME}, or null"
        )
    level = body.get("clock_level", DEFAULT_CLOCK_LEVEL)
    if level not in LEVELS:
        raise ValueError(f"'clock_level' is a computer level ({', '.join(LEVELS)})")
    return float(seconds), str(level)


def _table_request(
    body: Any, *, allow_seed: bool = False
) -> tuple[list[str], list[str], int | None]:
    """Names, seat kinds and seed of a table request (ValueError saying what is wrong)."""
    if not isinstance(body, dict):
        raise ValueError("a table request is a JSON object")
    players = body.get("players")
    if type(players) is not int or not 2 <= players <= 4:
        raise ValueError("'players' is 2, 3 or 4")
    names = body.get("names") or [f"Player {n + 1}" for n in range(players)]
    if not isinstance(names, list) or len(names) != players:
        raise ValueError("'names' names every seat")
    from ..player_names import names_problems

    problems = names_problems(names, "names")
    if any(type(n) is not str for n in names) or problems:
        raise ValueError(problems[0].message if problems else "names are text")
    kinds = [HUMAN] * players
    seats = body.get("seats") or {}
    if not isinstance(seats, dict):
        raise ValueError("'seats' maps seat numbers (from 1) to computer levels")
    for key, level in seats.items():
        if not str(key).isdigit() or not 1 <= int(key) <= players or level not in LEVELS:
            raise ValueError(f"seat {key}={level}: a seat from 1 to {players} and a level")
        kinds[int(key) - 1] = level
    if HUMAN not in kinds:
        raise ValueError("at least one seat is a person's")
    seed = body.get("seed")
    if seed is not None and not allow_seed:
        raise ValueError(
            "this server deals its tables itself: it takes no 'seed' "
            "(orbis host --allow-seeded-tables, for tests and replays)"
        )
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_TABLE_SEED):
        raise ValueError(f"'seed' is a whole number from 0 to {MAX_TABLE_SEED}")
    return [str(n) for n in names], kinds, seed


def host_tables(
    host: str,
    port: int,
    store_where: str,
    public_url: str | None = None,
    *,
    max_browser_seats: int = DEFAULT_BROWSER_SEATS,
    allow_seeded_tables: bool = False,
    host_key_file: Path | None = None,
    new_host_key: bool = False,
) -> int:
    """``orbis host``: open the store, warn if exposed, serve until interrupted."""
    from ..web.serve import listen_problem
    from .store import open_store

    # What the server writes (the store with the true deal, its journals, the browser
    # seats' folders) is its owner's only.
    os.umask(0o077)
    problem = listen_problem(host, port)
    if problem is not None:
        message = _("orbis host: cannot listen on {host}:{port}: {problem}")
        print(message.format(host=host, port=port, problem=problem), file=sys.stderr)
        return 1
    if not is_loopback(host):
        warning = _(
            "orbis host: WARNING: listening on {host}, port {port}, which other machines "
            "may reach. Anyone who can open this address can deal tables; only the holders "
            "of a table's links can play or watch it. Nothing is encrypted: for friends on "
            "the internet, put it behind a reverse proxy with TLS (see docs/remote.md)."
        )
        print(warning.format(host=host or _("every interface"), port=port), file=sys.stderr)

    if allow_seeded_tables:
        notice = _(
            "orbis host: a table request may give the seed of its deal (--allow-seeded-tables): "
            "whoever knows a seed knows that table's piles. The seats of such a table are told."
        )
        print(notice, file=sys.stderr)

    async def main() -> None:
        try:
            store = await open_store(store_where)
        except StoreError as exc:
            print(_("orbis host: {problem}").format(problem=exc), file=sys.stderr)
            raise SystemExit(1) from None
        key_file = host_key_file or default_key_file()
        try:
            key = await ensure_host_key(store, key_file, renew=new_host_key)
        except StoreError as exc:
            await store.close()
            print(_("orbis host: {problem}").format(problem=exc), file=sys.stderr)
            raise SystemExit(1) from None
        log_bad_requests_briefly()
        server = TableServer(
            store,
            host=host,
            port=port,
            public_url=public_url,
            max_browser_seats=max_browser_seats,
            allow_seeded_tables=allow_seeded_tables,
        )
        runner = web.AppRunner(server.make_app(), access_log=None, handle_signals=True)
        await runner.setup()
        site = web.TCPSite(runner, host or None, port)
        await site.start()
        where = public_url or server.loopback_url()
        print(_("Orbis tables are hosted at {url}").format(url=where), flush=True)
        print(
            _("Store: {store}. Ctrl+C stops.").format(store=_shown_store(store_where)), flush=True
        )
        print(_host_key_line(key, where), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()

    # Ctrl+C (and SIGTERM) end the runner with GracefulExit: a stop asked for, not a failure
    with contextlib.suppress(KeyboardInterrupt, web.GracefulExit):
        asyncio.run(main())
    return 0


def _host_key_line(key: HostKey, url: str) -> str:
    """What the host is told of their key: where it is, and what it opens."""
    from ..i18n import gettext as _

    if key.other_key is not None:
        return _(
            "{file} holds another key than this store's host's key: it was left as it is. "
            "Name the store's key with --host-key-file, or make a new one with "
            "--new-host-key --host-key-file NEW-FILE."
        ).format(file=printable(key.other_key, MAX_LINE))
    if key.file is None:
        return _(
            "The host's key of this store was made by another server (or its file was "
            "lost): copy that file here, or start once with --new-host-key. "
            "Your tables: {url}/host"
        ).format(url=url)
    said = _("A new host's key is in {file} (yours only).") if key.made else ""
    listing = _("Your tables: {url}/host, or orbis table list --server {url}")
    shown = printable(key.file, MAX_LINE)
    return "\n".join(part for part in (said, listing) if part).format(file=shown, url=url)


def _shown_store(where: str) -> str:
    """The store named without a password."""
    if "://" in where and "@" in where:
        scheme, rest = where.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return str(Path(where).expanduser())
