"""What a seat's or watcher's link opens at the table server over HTTP (the websocket aside).

``/play/TABLE/TOKEN`` and ``/watch/TABLE/TOKEN`` give that seat in the browser: the
page, and its terminal, where textual-serve runs ``orbis join`` for it with the link
in its environment (never on a command line other users could read). Nothing is
started for a link that opens no seat; a seat's newest tab takes it over from its
earlier one (one process per seat); watching tabs, and all the browser seats
together, are capped. A seat's app delivers a finished game's record through
``/download``; ``/seat-status`` says whose turn it is at a link's table (for ``orbis
tables``), and ``/record/TABLE/TOKEN`` answers a finished table's true record.
:class:`LinkRoutes` answers these for the table server, over its tables.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from ..i18n import N_
from . import protocol as p
from .connection import WATCHER
from .links import PLAY, WATCH, Link
from .room import Room
from .store_types import StoreUnavailable

# What a browser is told when its seat's page cannot be opened (see _terminal_refusal).
REFUSED_NO_SEAT = N_("This link opens no seat at this table server (copy the whole link).")
REFUSED_WATCHERS = N_("This watch link is open in {count} browser tabs already: close one first.")
REFUSED_FULL = N_(
    "This table server runs as many browser seats as it may: try again in a while, or play "
    "in a terminal with orbis join."
)
WATCH_TABS = 4  # browser tabs watching through one watch link at once
REMATCHES_FOLLOWED = 1000  # as the table server follows a link (its MAX_REMATCHES)


class LinkRoutes:
    def __init__(
        self,
        rooms: dict[str, Room],
        room: Callable[[str], Awaitable[Room | None]],
        *,
        base_url: Callable[[web.Request], str],
        loopback_url: Callable[[], str],
        join_command: Callable[[], list[str]],
        sockets: set[asyncio.Task[Any]],
        max_browser_seats: int,
    ) -> None:
        self.rooms = rooms  # the tables loaded, by id
        self.room = room  # the table of an id, loaded if it is not yet (None: no such table)
        self.base_url = base_url  # the server's address, as the request reached it
        self.loopback_url = loopback_url  # where a browser seat's app reaches the server
        self.join_command = join_command  # what a browser seat's terminal runs
        self._sockets = sockets  # the server's open connections, cancelled when it stops
        self.max_browser_seats = max_browser_seats
        # The browser seats' terminals (each one ``orbis join`` process), per seat.
        self.terminals: dict[tuple[str, int], list[tuple[asyncio.Task[Any], Any]]] = {}
        self._download_manager: Any = None

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
            for _step in range(REMATCHES_FOLLOWED):  # the link leads to its rematch's table
                if room is None or room.next_table is None:
                    break
                after = await self.room(room.next_table)
                if after is None:
                    break
                room = after
        except StoreUnavailable:
            return web.json_response({"error": p.STORE_AWAY_NOW}, status=503)
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
