"""The web server behind ``orbis serve``: textual-serve, with Orbis's own guard and URLs.

textual-serve answers each websocket (each browser tab) by starting the command in a
new process and relaying its terminal to xterm.js in the page.
"""

from __future__ import annotations

import asyncio
import json
import logging
import shlex
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from .serve import RequestGuard, is_loopback

PAGE_TITLE = "Orbis"


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
        super().__init__(command, host=host, port=port, title=PAGE_TITLE, public_url=public_url)
        self.guard = guard
        self.fixed_public_url = public_url
        self._tabs: set[asyncio.Task[Any]] = set()

    def initialize_logging(self) -> None:
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # not a line per request

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard_middleware)
        return app

    @web.middleware
    async def _guard_middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        refusal = self.guard.refusal(request.headers.get("Host"), request.headers.get("Origin"))
        if refusal is not None:
            raise web.HTTPForbidden(text=f"Orbis: refused: {refusal}\n")
        return await handler(request)

    async def handle_index(self, request: web.Request) -> Any:
        if self.fixed_public_url is None:
            # The page's websocket and static URLs use the address the browser used, so
            # a server on every interface works from any machine that can reach it.
            # The URLs are built before the handler first suspends: no other request
            # can change this in between.
            self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        task = asyncio.current_task()
        assert task is not None
        self._tabs.add(task)
        try:
            return await super().handle_websocket(request)
        finally:
            self._tabs.discard(task)

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


# ---------------------------------------------------------------- the table server's seats
# ``orbis host`` gives a seat in the browser with textual-serve's page and terminal: the
# page's websocket starts ``orbis join`` for that seat's link.


def _textual_serve_files() -> tuple[Path, Path]:
    import textual_serve

    base = Path(textual_serve.__file__).parent
    return base / "templates", base / "static"


def static_route() -> web.AbstractRouteDef:
    return web.static("/static", _textual_serve_files()[1])


async def seat_page(request: web.Request, base: str, terminal_url: str) -> web.Response:
    """textual-serve's page, its terminal connected to ``terminal_url``."""
    import jinja2

    templates, _statics = _textual_serve_files()
    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(templates), autoescape=True)
    try:
        font_size = int(request.query.get("fontsize", "16"))
    except ValueError:
        font_size = 16
    scheme, rest = terminal_url.split(":", 1)
    text = environment.get_template("app_index.html").render(
        font_size=max(6, min(font_size, 48)),
        app_websocket_url=("wss:" if scheme == "https" else "ws:") + rest,
        config={"static": {"url": f"{base}/static/"}},
        application={"name": PAGE_TITLE},
        ping_url="",
    )
    return web.Response(text=text, content_type="text/html")


class _SeatApp(AppService):
    """``orbis join`` for one link, given in its environment (not its command line)."""

    def __init__(self, command: str, link: str, **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self._link = link

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["ORBIS_JOIN_LINK"] = self._link
        return environment


async def run_seat_terminal(
    request: web.Request, argv: list[str], link: str
) -> web.WebSocketResponse:
    """Relay the browser's terminal to a new ``orbis join`` process for ``link``."""
    websocket = web.WebSocketResponse(heartbeat=15)
    width = _size(request.query.get("width"), 80)
    height = _size(request.query.get("height"), 24)
    await websocket.prepare(request)
    service = _SeatApp(
        f"exec {shlex.join(argv)}",
        link,
        write_bytes=websocket.send_bytes,
        write_str=websocket.send_str,
        close=websocket.close,
        download_manager=DownloadManager(),
    )
    try:
        await service.start(width, height)
        async for message in websocket:
            if message.type is not WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind, data = envelope[0], envelope[1]
                if kind == "stdin":
                    await service.send_bytes(str(data).encode("utf-8"))
                elif kind == "resize":
                    await service.set_terminal_size(
                        _size(data.get("width"), 80), _size(data.get("height"), 24)
                    )
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await service.blur()
                elif kind == "focus":
                    await service.focus()
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                continue  # not a message of the page's: ignored
    finally:
        await service.stop()
    return websocket


def _size(value: object, default: int) -> int:
    try:
        return max(10, min(int(str(value)), 500))
    except ValueError:
        return default
