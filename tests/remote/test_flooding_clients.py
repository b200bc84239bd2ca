"""A connection that sends too much, or stops reading, is closed with a clear reason."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from orbis_tui.remote import protocol as p
from orbis_tui.remote import seat_socket

from .raw import raw_socket
from .server_helpers import new_table, running_server


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_flood_of_syncs_is_closed_as_too_fast(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=clock) as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            async with raw_socket(links[0]) as raw:
                await raw.next("table")
                for _ in range(200):
                    await raw.send(p.sync())
                assert await raw.closed_with() == p.TOO_FAST
            assert 0 not in server.rooms[links[0].table].here

    asyncio.run(main())


def test_a_person_s_pace_is_never_too_fast(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=clock) as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            async with raw_socket(links[0]) as raw:
                await raw.next("table")
                for _ in range(300):  # a sync every second, for five minutes
                    clock.now += 1.0
                    await raw.send(p.sync())
                    assert (await raw.next())["t"] == "table"

    asyncio.run(main())


def test_a_client_that_stops_reading_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seat_socket, "SEND_TIMEOUT", 0.5)
    clock = Clock()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=clock) as server:
            links, _w, _ = await new_table(server, 4)
            assert links[0] is not None
            room = server.rooms[links[0].table]
            async with raw_socket(links[0]) as raw:
                for _ in range(100_000):  # within the budget, and never read
                    clock.now += 1.0
                    await raw.send(p.sync())
                    await asyncio.sleep(0)
                    if 0 not in room.here:
                        break
                assert 0 not in room.here

    asyncio.run(main())
