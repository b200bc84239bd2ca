"""A browser seat's process is started only for a link that opens a seat, one per seat,
and no more in all than the host allows: anything else gets a refusal page."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import aiohttp
import pytest

from orbis_tui.remote.links import Link
from orbis_tui.remote.table_server import TableServer

from .server_helpers import new_table, running_server, url


class Starts:
    """The join command, counting how often the server asked for it."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> list[str]:
        self.count += 1
        return [sys.executable, "-m", "orbis_tui", "join", "--browser-seat"]


def _terminal(server: TableServer, link: Link) -> str:
    return f"ws://127.0.0.1:{server.port}/terminal/{link.kind}/{link.table}/{link.token}"


def _forged(link: Link) -> Link:
    return Link(link.server, link.kind, link.table, "A" * len(link.token))


async def _first_frame(ws: aiohttp.ClientWebSocketResponse) -> None:
    """Wait until the seat's process draws (it runs)."""
    while True:
        message = await ws.receive(timeout=60)
        if message.type is aiohttp.WSMsgType.BINARY:
            return
        assert message.type is aiohttp.WSMsgType.TEXT, message


async def _all_ended(server: TableServer) -> None:
    """Wait until every seat's process has ended (its tab closed)."""
    for _ in range(600):
        if not server.terminal_count():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("a seat's process did not end")


def test_a_forged_token_starts_nothing_and_gets_a_refusal_page(tmp_path: Path) -> None:
    starts = Starts()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", join_command=starts) as server:
            links, watch, _ = await new_table(server, 2)
            assert links[0] is not None
            async with aiohttp.ClientSession() as http:
                for forged in (_forged(links[0]), _forged(watch)):
                    async with http.get(f"{url(server)}/{forged.kind}/{forged.table}/"
                                        f"{forged.token}") as page:  # fmt: skip
                        assert page.status == 404
                        assert "opens no seat" in await page.text()
                    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                        await http.ws_connect(_terminal(server, forged))
                    assert refused.value.status == 404
                # A seat's token does not open a watcher's terminal, nor the other way.
                crossed = Link(watch.server, "watch", links[0].table, links[0].token)
                with pytest.raises(aiohttp.WSServerHandshakeError):
                    await http.ws_connect(_terminal(server, crossed))
        assert starts.count == 0

    asyncio.run(main())


def test_one_process_per_seat_the_newest_tab_takes_it(tmp_path: Path) -> None:
    starts = Starts()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", join_command=starts) as server:
            links, _watch, _ = await new_table(server, 2)
            assert links[0] is not None
            async with aiohttp.ClientSession() as http:
                first = await http.ws_connect(_terminal(server, links[0]))
                await _first_frame(first)
                assert server.terminal_count() == 1
                second = await http.ws_connect(_terminal(server, links[0]))
                while True:  # the first tab is told its seat went elsewhere
                    message = await first.receive(timeout=60)
                    if message.type is aiohttp.WSMsgType.CLOSE:
                        break
                assert message.data == 4001
                await _first_frame(second)
                assert server.terminal_count() == 1
                await second.close()
                await _all_ended(server)
        assert starts.count == 2

    asyncio.run(main())


def test_the_browser_seats_in_all_are_capped(tmp_path: Path) -> None:
    starts = Starts()

    async def main() -> None:
        async with running_server(
            tmp_path / "t.db", join_command=starts, max_browser_seats=1
        ) as server:
            links, _watch, _ = await new_table(server, 2)
            assert links[0] is not None and links[1] is not None
            async with aiohttp.ClientSession() as http:
                first = await http.ws_connect(_terminal(server, links[0]))
                await _first_frame(first)
                other = links[1]
                async with http.get(f"{url(server)}/play/{other.table}/{other.token}") as page:
                    assert page.status == 503
                    assert "as many browser seats" in await page.text()
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(_terminal(server, other))
                assert refused.value.status == 503
                await first.close()
                await _all_ended(server)
        assert starts.count == 1

    asyncio.run(main())
