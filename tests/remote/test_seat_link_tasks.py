"""A seat's connection keeps the tasks it starts (a message sent without waiting, the
connection closed when it stops) until they end: none is left to the collector."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import SeatLink

from .server_helpers import new_table, running_server


def test_the_tasks_of_sending_and_stopping_are_kept_until_they_end(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _watch, _ = await new_table(server, 2)
            assert links[0] is not None
            told: list[p.ServerMessage | p.Unreadable] = []
            arrived = asyncio.Event()

            def take(message: p.ServerMessage | p.Unreadable) -> None:
                told.append(message)
                arrived.set()

            link = SeatLink(links[0], take, lambda _code, _reason: None)
            running = asyncio.create_task(link.run())
            await asyncio.wait_for(arrived.wait(), 30)
            arrived.clear()
            sending = link.post(p.sync())
            assert sending in link.tasks
            gc.collect()  # a task nobody holds could be collected here
            assert await sending is True
            await asyncio.wait_for(arrived.wait(), 30)  # the sync is answered
            assert isinstance(told[-1], p.Table)
            assert sending not in link.tasks  # let go once it ended
            closing = link.stop()
            assert closing is not None and closing in link.tasks
            gc.collect()
            await asyncio.wait_for(closing, 10)
            await asyncio.wait_for(running, 10)  # it stays disconnected
            assert not link.connected and not link.tasks
            assert link.stop() is None  # nothing left to close

    asyncio.run(main())
