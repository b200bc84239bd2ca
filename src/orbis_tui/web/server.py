"""The web server behind ``orbis serve``: textual-serve, with Orbis's own guard and URLs.

textual-serve answers each websocket (each browser tab) by starting the command in a
new process and relaying its terminal to xterm.js in the page. Orbis reads what a tab
sends itself (see :mod:`orbis_tui.web.tab`), and makes sure that a tab's game process
ends when its tab goes, whatever the tab sent or failed to read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import shlex
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from ..i18n import N_, language
from ..i18n import gettext as _
from .guard import RequestGuard, is_loopback, log_bad_requests_briefly
from .tab import (
    MAX_MESSAGE_BYTES,
    Focus,
    Keys,
    Malformed,
    Ping,
    Resize,
    font_size,
    read_message,
    tab_size,
)

PAGE_TITLE = "Orbis"
SESSION_ENDED = N_("Session ended.")
RESTART = N_("Restart")  # the page's button (the app's question to quit names it)
# A seat's page: its terminal was closed because the seat was opened in another place,
# or the server went away (the page connects again by itself once it is back).
SEAT_REPLACED = N_("This seat was opened in another place (another tab or terminal).")
TAKE_BACK = N_("Take it back here")
RECONNECTING = N_("The table server cannot be reached: connecting again…")
CLOSE_REPLACED = 4001  # the websocket's close code when a newer terminal took the seat
CLOSE_RESTARTING = 1012  # the server stops (it may be restarted): the page tries again
PAGE_FOLDER = Path(__file__).parent / "page"  # the page, without requests elsewhere
QUIT_GRACE = 10.0  # seconds a game has to save and end once its tab has gone
TERM_GRACE = 3.0  # then seconds it has after SIGTERM, before SIGKILL
INPUT_GRACE = 10.0  # seconds a game may leave its tab's keys unread before the tab closes
LOGGED_PER_TAB = 3  # malformed messages logged per tab; the rest are counted

log = logging.getLogger("orbis.serve")


class TabGame(AppService):
    """One tab's game process, which never outlives its tab.

    What the game draws is read as long as the process runs, even when the tab can no
    longer take it: a game that cannot write would block, unable even to handle
    SIGTERM. Once the tab goes the game is asked to quit (it saves), then stopped
    with SIGTERM, then SIGKILL.
    """

    def __init__(self, command: str, websocket: web.WebSocketResponse, **kwargs: Any) -> None:
        super().__init__(
            command,
            write_bytes=self._to_page_bytes,
            write_str=self.to_page_text,
            close=self.close_page,
            **kwargs,
        )
        self.websocket = websocket
        self.name = self.app_service_id[:8]
        self.malformed = 0
        self.page_gone = False  # from then on, what the game draws is read and dropped

    async def _to_page_bytes(self, data: bytes) -> None:
        if not self.page_gone and not self.websocket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.websocket.send_bytes(data)

    async def to_page_text(self, text: str) -> None:
        if not self.websocket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.websocket.send_str(text)

    async def close_page(self, code: int = 1000) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.websocket.close(code=code)

    async def run(self) -> None:
        await super().run()
        await self.close_page()  # the game ended: the page says the session ended

    def note_malformed(self, reason: str) -> None:
        self.malformed += 1
        if self.malformed <= LOGGED_PER_TAB:
            log.warning("tab %s sent %s: ignored", self.name, reason)

    async def stop(self) -> None:
        if self._task is None:
            return
        process = self._process
        assert process is not None
        self.page_gone = True
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.send_meta({"type": "quit"}), TERM_GRACE)
        if not await _ends_within(process, QUIT_GRACE):
            log.warning("tab %s: its game did not quit: stopped", self.name)
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            if not await _ends_within(process, TERM_GRACE):
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
        await self._task
        self._task = None
        if self.malformed > LOGGED_PER_TAB:
            log.warning("tab %s sent %d malformed messages in all", self.name, self.malformed)


async def _to_game(tab: TabGame, sent: Keys | Resize | Focus) -> None:
    if isinstance(sent, Keys):
        await tab.send_bytes(sent.text.encode())
    elif isinstance(sent, Resize):
        await tab.set_terminal_size(sent.width, sent.height)
    else:
        await (tab.focus() if sent.focused else tab.blur())


async def _ends_within(process: asyncio.subprocess.Process, seconds: float) -> bool:
    try:
        await asyncio.wait_for(asyncio.shield(process.wait()), seconds)
    except TimeoutError:
        return False
    return True


class OrbisServer(Server):
    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        guard: RequestGuard,
        public_url: str | None = None,
    ) -> None:
        super().__init__(
            command,
            host=host,
            port=port,
            title=PAGE_TITLE,
            public_url=public_url,
            templates_path=PAGE_FOLDER,
        )
        self.guard = guard
        self.fixed_public_url = public_url
        self._tabs: set[asyncio.Task[Any]] = set()

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # not a line per request
        log_bad_requests_briefly()

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard_middleware)
        return app

    @web.middleware
    async def _guard_middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        refusal = self.guard.refusal(request.headers.get("Host"), request.headers.get("Origin"))
        if refusal is not None:
            raise web.HTTPForbidden(text=f"Orbis: refused: {refusal}\n")
        return await handler(request)

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page: a terminal that connects back to the address the browser used.

        On a server for every interface that address is the one the browser used (the
        guard has checked it), so the page works from any machine that can reach it.
        """
        base = self.fixed_public_url or f"{request.scheme}://{request.host}"
        router = request.app.router
        static = base + str(router["static"].url_for(filename="/")).rstrip("/") + "/"
        scheme = "wss" if base.startswith("https:") else "ws"
        websocket = f"{scheme}:{base.split(':', 1)[1]}{router['websocket'].url_for()}"
        context = {
            "font_size": font_size(request.query),
            "app_websocket_url": websocket,
            "config": {"static": {"url": static}},
            "application": {"name": self.title},
            "texts": {"ended": _(SESSION_ENDED), "restart": _(RESTART), "lang": language()},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        task = asyncio.current_task()
        assert task is not None
        self._tabs.add(task)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        tab = TabGame(
            self.command, websocket, download_manager=self.download_manager, debug=self.debug
        )
        try:
            await websocket.prepare(request)
            await tab.start(*tab_size(request.query))
            await self._relay(websocket, tab)
        except asyncio.CancelledError:  # the server stops: the page says the session ended
            await tab.close_page()
        finally:
            try:
                await asyncio.shield(tab.stop())
            finally:
                self._tabs.discard(task)
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, tab: TabGame) -> None:
        await relay(websocket, tab)

    async def on_shutdown(self, app: web.Application) -> None:
        """Stop every tab's game now, so that Ctrl+C does not wait for the browsers.

        A stopped tab's game is told to quit, as when its tab is closed: it saves first.
        """
        tabs = list(self._tabs)
        for task in tabs:
            task.cancel()
        await asyncio.gather(*tabs, return_exceptions=True)

    async def on_startup(self, app: web.Application) -> None:
        print(f"Orbis is served at {self.browser_url()}", flush=True)
        if not is_loopback(self.host):
            print("  (from other machines: this machine's address, same port)", flush=True)
        print("Each browser tab plays its own game process. Ctrl+C stops.", flush=True)

    def browser_url(self) -> str:
        if self.fixed_public_url is not None:
            return self.fixed_public_url
        # On every interface, this machine's own loopback address is one that works.
        host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(self.host, self.host)
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"http://{host}:{self.port}"


async def relay(websocket: web.WebSocketResponse, tab: TabGame) -> None:
    """Pass what the tab sends to its game, until the tab goes."""
    async for message in websocket:
        if message.type is WSMsgType.TEXT:
            sent = read_message(message.data)
        elif message.type is WSMsgType.BINARY:
            sent = Malformed("a binary message")
        elif message.type is WSMsgType.ERROR:
            log.warning("tab %s: %s: the tab is closed", tab.name, websocket.exception())
            return
        else:
            continue
        if isinstance(sent, Malformed):
            tab.note_malformed(sent.reason)
        elif isinstance(sent, Ping):
            await tab.to_page_text(json.dumps(["pong", sent.data]))
        else:
            try:
                await asyncio.wait_for(_to_game(tab, sent), INPUT_GRACE)
            except TimeoutError:
                log.warning("tab %s: its game takes no input: the tab is closed", tab.name)
                return


# ---------------------------------------------------------------- the table server's seats
# ``orbis host`` gives a seat in the browser with the page and terminal of ``orbis serve``:
# the page's websocket starts ``orbis join`` for that seat's link.


def static_route() -> web.AbstractRouteDef:
    """textual-serve's scripts and fonts, which the page loads from this server."""
    import textual_serve

    return web.static("/static", Path(textual_serve.__file__).parent / "static")


async def seat_page(request: web.Request, base: str, terminal_url: str) -> web.Response:
    """The page of ``orbis serve``, its terminal connected to ``terminal_url``."""
    import jinja2

    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(PAGE_FOLDER), autoescape=True)
    scheme, rest = terminal_url.split(":", 1)
    text = environment.get_template("app_index.html").render(
        font_size=font_size(request.query),
        app_websocket_url=("wss:" if scheme == "https" else "ws:") + rest,
        config={"static": {"url": f"{base}/static/"}},
        application={"name": PAGE_TITLE},
        ping_url="",
        seat=True,
        texts={
            "ended": _(SESSION_ENDED),
            "restart": _(RESTART),
            "lang": language(),
            "replaced": _(SEAT_REPLACED),
            "take_back": _(TAKE_BACK),
            "reconnecting": _(RECONNECTING),
        },
    )
    return web.Response(text=text, content_type="text/html")


def refusal_page(status: int, text: str, **fields: object) -> web.Response:
    """A short page saying why a seat's page or terminal is refused (``text``: a
    marked text, filled with ``fields``); nothing was started for it."""
    from html import escape

    said = escape(_(text).format(**fields))
    body = (
        f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
        f"<title>{PAGE_TITLE}</title></head><body><p>{said}</p></body></html>\n"
    )
    return web.Response(status=status, text=body, content_type="text/html")


class _SeatGame(TabGame):
    """``orbis join`` for one link, given in its environment (not its command line)."""

    def __init__(
        self, command: str, link: str, websocket: web.WebSocketResponse, **kwargs: Any
    ) -> None:
        super().__init__(command, websocket, **kwargs)
        self._link = link

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["ORBIS_JOIN_LINK"] = self._link
        return environment


def seat_websocket() -> web.WebSocketResponse:
    """The websocket of a browser seat's terminal (see :func:`run_seat_terminal`)."""
    return web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)


async def replace_seat_terminal(websocket: web.WebSocketResponse) -> None:
    """Close a seat's terminal because a newer one took the seat: its page says so."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        await websocket.close(code=CLOSE_REPLACED)


async def run_seat_terminal(
    request: web.Request,
    argv: list[str],
    link: str,
    downloads: DownloadManager,
    websocket: web.WebSocketResponse,
) -> web.WebSocketResponse:
    """Relay the browser's terminal to a new ``orbis join`` process for ``link``, as
    ``orbis serve`` relays a tab to its game (the game never outlives its tab)."""
    tab = _SeatGame(f"exec {shlex.join(argv)}", link, websocket, download_manager=downloads)
    try:
        await websocket.prepare(request)
        await tab.start(*tab_size(request.query))
        await relay(websocket, tab)
    except asyncio.CancelledError:  # the server stops: the page connects again once back
        await tab.close_page(CLOSE_RESTARTING)
    finally:
        await asyncio.shield(tab.stop())
    return websocket


async def serve_download(request: web.Request, downloads: DownloadManager) -> web.StreamResponse:
    """A file a tab's game delivers (``App.deliver_text``), as textual-serve serves it."""
    key = request.match_info["key"]
    try:
        meta = await downloads.get_download_metadata(key)
    except KeyError:
        raise web.HTTPNotFound(text="Orbis: no such download (each is fetched once)\n") from None
    response = web.StreamResponse()
    content_type = meta.mime_type + (f"; charset={meta.encoding}" if meta.encoding else "")
    response.headers["Content-Type"] = content_type
    disposition = "inline" if meta.open_method == "browser" else "attachment"
    safe_name = "".join(c for c in meta.file_name if c.isalnum() or c in "-_.") or "orbis.json"
    response.headers["Content-Disposition"] = f'{disposition}; filename="{safe_name}"'
    await response.prepare(request)
    async for chunk in downloads.download(key):
        await response.write(chunk)
    await response.write_eof()
    return response
