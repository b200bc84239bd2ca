"""The web server behind ``orbis serve``: textual-serve, with Orbis's own guard and URLs.

textual-serve answers each websocket (each browser tab) by starting the command in a
new process and relaying its terminal to xterm.js in the page.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiohttp import web
from textual_serve.server import Server

from .web_guard import RequestGuard, is_loopback

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
