"""The table server: one true match per table, each seat at its own screen.

HTTP and websockets with aiohttp. ``POST /tables`` deals a new table and answers its
invitation links; ``/`` is a page that creates a table from a browser. The server
loads each table into a :class:`~.room.Room` when it is first asked for, resumes the
unfinished ones when it starts, looks at their turn clocks, and follows the changes
other server processes sharing its store make to them. Its other requests are
answered by its parts: ``/ws``, where seats and watchers connect, by
:mod:`.seat_socket`; what a link opens over HTTP (the browser seat, its downloads, a
link's status, a finished table's record) by :mod:`.link_routes`; the host's own
requests by :mod:`.host_routes`. ``orbis host`` itself is :mod:`.host_command`.
Requests from other sites' pages, and on loopback other host names, are refused by
the guard of ``orbis serve``. No request line is logged: links carry secrets.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from ..i18n import N_
from ..i18n import gettext as _
from ..levels import HUMAN, LEVELS
from ..printable import MAX_LINE, printable
from ..web.guard import RequestGuard, is_loopback
from . import protocol as p
from .deal import create_table
from .host_routes import HostRoutes
from .link_routes import LinkRoutes
from .links import PLAY, WATCH, Link
from .room import Room
from .seat_socket import serve_seat_socket
from .store_types import Change, DamagedTable, StoreUnavailable, TableStore

log = logging.getLogger("orbis.host")

# What a seat may be on the page that deals a table.
PERSON = N_("person")
LEVEL_WORDS = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}

DEFAULT_PORT = 8765
MAX_CREATE = 2048  # bytes of a table request
MAX_TABLE_SEED = 2**63 - 1  # a seed a table request may give, where the server allows it
DEFAULT_BROWSER_SEATS = 16  # browser seats' processes (each some 50 MB) at once, in all
CLOCK_TICK = 1.0  # seconds between two looks at the turn clocks
MIN_TURN_TIME = 10  # seconds a turn may be given, at least
MAX_TURN_TIME = 30 * 86400  # and at most (30 days)
DEFAULT_CLOCK_LEVEL = "medium"  # who plays a seat whose time ran out, unless chosen
MAX_REMATCHES = 1000  # rematches a link is followed through


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
        # The table being loaded, and whether another process changed it meanwhile
        # (its room is not there yet to take the change up: it loads it again once it is).
        self._unready: dict[str, bool] = {}
        self._sockets: set[asyncio.Task[Any]] = set()
        self._tasks: set[asyncio.Task[Any]] = set()  # kept until done, cancelled at the end
        # The parts that answer the host's requests, and what a link opens over HTTP.
        self.host_routes = HostRoutes(store, self.room, self.base_url)
        self.links = LinkRoutes(
            self.rooms,
            self.room,
            base_url=self.base_url,
            loopback_url=self.loopback_url,
            join_command=self.join_command,
            sockets=self._sockets,
            max_browser_seats=max_browser_seats,
        )
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
                self._unready[table_id] = False
                try:
                    room = await self._load_room(table_id)
                finally:
                    changed_meanwhile = self._unready.pop(table_id)
                if room is None:
                    return None
                if changed_meanwhile:  # what was read may be behind: read it again
                    self._keep(self._take_up(room, None), f"table {table_id} not loaded again")
                # Its computer players may move here (another server process may hold
                # the lease now, and stop: this one takes the lease over then).
                room.wake_bots()
                room.warm_workers()  # an expert's first turn need not wait for them
            await room.settle_clock()
        return room

    async def _load_room(self, table_id: str) -> Room | None:
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
        # Who sits at the other server processes now: here from the first view on, and
        # with no grace of their own (else an old one, kept by the store, is long over)
        room.elsewhere = await self.store.present(table_id)
        await room.share_graces()
        self.rooms[table_id] = room
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
        elif table_id in self._unready:  # read already, perhaps before this change
            self._unready[table_id] = True

    def _presence_elsewhere(self, elsewhere: dict[str, set[int]]) -> None:
        """Who is at the other server processes now: each room shows it (a seat whose
        server died is no longer shown as here once its presence has expired)."""
        for table_id, room in self.rooms.items():
            gone = room.seen_elsewhere(elsewhere.get(table_id, set()))
            if gone:
                self._keep(room.share_graces(gone), f"table {table_id}: graces not shared")

    def _reload_all(self) -> None:
        """Other server processes' changes may have been missed: load every table again."""
        for table_id in self._unready:
            self._unready[table_id] = True
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
        host, links = self.host_routes, self.links
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.post("/tables", self.handle_create),
                web.get("/ws", self.handle_ws),
                web.get("/play/{table}/{token}", links.handle_seat_page),
                web.get("/watch/{table}/{token}", links.handle_seat_page),
                web.get("/terminal/{kind}/{table}/{token}", links.handle_terminal),
                web.get("/download/{key}", links.handle_download),
                web.post("/seat-status", links.handle_seat_status),
                web.get("/host", host.handle_host_page),
                web.get("/host/tables", host.handle_host_tables),
                web.post("/host/tables/{table}/seats/{seat}/link", host.handle_reissue),
                web.get("/record/{table}/{token}", links.handle_record),
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
            return await serve_seat_socket(request, self.room, self.following, self.clock)
        finally:
            self._sockets.discard(task)

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
            return web.json_response({"error": p.STORE_AWAY_NOW}, status=503)
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

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page that deals a new table, in the server's language."""
        from ..web.server import deal_page

        kinds = [(HUMAN, _(PERSON)), *((level, _(LEVEL_WORDS[level])) for level in LEVELS)]
        return deal_page(kinds, HUMAN)

    def terminal_count(self) -> int:
        """Browser seats' processes running now."""
        return self.links.terminal_count()

    def loopback_url(self) -> str:
        host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"http://{host}:{self.port}"


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
