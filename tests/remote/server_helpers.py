"""A real table server on loopback for the tests, in the test's own event loop."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from aiohttp import web

from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import Link, parse_link
from orbis_tui.remote.store import SqliteStore, TableStore
from orbis_tui.remote.table_server import TableServer
from served import free_port, stop_process

__all__ = ["free_port", "new_table", "running_server", "stop_process", "url"]


@asynccontextmanager
async def running_server(
    store: TableStore | Path, port: int | None = None, **options: Any
) -> AsyncIterator[TableServer]:
    if isinstance(store, Path):
        store = SqliteStore(store)
    port = port or free_port()
    options.setdefault("bot_pause", 0.0)
    options.setdefault("bot_budget", 0.05)
    server = TableServer(store, host="127.0.0.1", port=port, **options)
    runner = web.AppRunner(server.make_app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    try:
        yield server
    finally:
        await runner.cleanup()


def url(server: TableServer) -> str:
    return f"http://127.0.0.1:{server.port}"


async def new_table(
    server: TableServer, players: int, seats: dict[int, str] | None = None
) -> tuple[list[Link | None], Link, dict[str, Any]]:
    answer = await create_table_request(url(server), players, seats or {})
    links = [parse_link(s["link"]) if "link" in s else None for s in answer["seats"]]
    return links, parse_link(answer["watch"]), answer
