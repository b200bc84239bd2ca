"""A table server killed mid-game (kill -9) and started again, on either store: the
seats, which never stopped, connect again by themselves and finish the game, and no
acknowledged action is lost."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.seatbot import SeatRun, random_chooser

from .raw import count_of
from .reconnecting_seat import play_seat_reconnecting
from .server_helpers import free_port, stop_process

KILL_AT = 20  # actions on the table when the server is killed


def _start_host(store: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "host", "--port", str(port), "--store", store],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert "hosted at" in line, line + (proc.stderr.read().decode() if proc.stderr else "")
    return proc


def test_a_server_killed_mid_game_resumes_and_the_seats_come_back(
    store_kind: str, tmp_path: Path
) -> None:
    from .conftest import POSTGRES_URL

    store = str(tmp_path / "tables.db") if store_kind == "sqlite" else str(POSTGRES_URL)
    port = free_port()
    servers = [_start_host(store, port)]
    try:

        async def main() -> None:
            answer = await create_table_request(f"http://127.0.0.1:{port}", 2, {})
            links = [parse_link(s["link"]) for s in answer["seats"]]
            runs = [SeatRun(), SeatRun()]
            watcher_views: list[p.ServerMessage | p.Unreadable] = []

            async def kill_mid_game() -> None:
                from orbis_tui.remote.client import SeatLink

                watch = parse_link(answer["watch"])
                mirror_link = SeatLink(watch, watcher_views.append, lambda c, r: None)
                task = asyncio.create_task(mirror_link.run())
                while not watcher_views or count_of(watcher_views[-1]) < KILL_AT:
                    await asyncio.sleep(0.005)
                mirror_link.stop()
                task.cancel()
                servers[0].send_signal(signal.SIGKILL)
                servers[0].wait()
                await asyncio.sleep(0.5)  # the seats find the server gone
                servers.append(_start_host(store, port))

            killer = asyncio.create_task(kill_mid_game())
            finals = await asyncio.gather(
                *(
                    play_seat_reconnecting(link, random_chooser(n), run=runs[n], timeout=90)
                    for n, link in enumerate(links)
                )
            )
            await killer
            for run in finals:
                assert "lost" in run.statuses  # each seat saw the server go, and came back
            final = finals[0].final
            assert final is not None and final == finals[1].final
            # every action the table had told before the kill is in the finished game
            told = [v for v in watcher_views if isinstance(v, p.Moved)]
            for view in told:
                entries = view.entries
                start = view.start - view.back
                assert final["actions"][start : start + len(entries)] == entries
            assert told and told[-1].count >= KILL_AT  # the kill came after those

        asyncio.run(main())
    finally:
        for proc in servers:
            stop_process(proc, 10)
