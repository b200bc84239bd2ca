"""Absent players, reconnecting, a killed server, and hostile input."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp

from orbis_tui.remote import protocol as p
from orbis_tui.remote.seatbot import SeatRun, play_seat, random_chooser

from .raw import raw_socket
from .server_helpers import free_port, new_table, running_server, stop_process


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_an_absent_seat_handed_to_a_computer_until_its_player_returns(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.02, clock=clock) as server:
            links, _w, _ = await new_table(server, 3)
            ada, bo, cy = links
            assert ada and bo and cy
            async with raw_socket(ada) as a:
                table = await a.next("table")
                assert not table["seats"][1]["here"]
                await a.send(p.stand_in(0, "easy"))  # one's own seat: refused
                assert (await a.next("refused"))["code"] == p.NOT_ABSENT
                await a.send(p.stand_in(1, "nosuch"))
                assert (await a.next("refused"))["code"] == p.UNKNOWN_LEVEL
                clock.now += 30.0  # the absent players' grace is over
                await a.send(p.stand_in(1, "easy"))
                await a.send(p.stand_in(2, "easy"))
                while True:
                    seen = await a.next("change")
                    if seen["seats"][1]["stand_in"] and seen["seats"][2]["stand_in"]:
                        break
                # the two stood-in seats play; Ada plays her own turns; Bo returns later
                bo_run = SeatRun()
                ada_task = asyncio.create_task(play_seat(ada, random_chooser(0)))
                await asyncio.sleep(0)  # Ada's new connection replaces the raw one
            room = server.rooms[bo.table]
            while room.count < 10:
                await asyncio.sleep(0.01)
            await play_seat(bo, random_chooser(1), run=bo_run)
            ada_run = await ada_task
            final = ada_run.final
            assert final is not None and final == bo_run.final
            stand_ins = final["stand_ins"]
            assert stand_ins[0]["seat"] == 1 and stand_ins[0]["level"] == "easy"
            assert stand_ins[0]["to"] > stand_ins[0]["from"]  # Bo came back and played on
            assert stand_ins[1]["seat"] == 2 and "to" not in stand_ins[1]

    asyncio.run(main())


def test_a_dropped_seat_has_a_grace_before_it_can_be_handed_over(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=clock) as server:
            links, _w, _ = await new_table(server, 2)
            ada, bo = links
            assert ada and bo
            async with raw_socket(ada) as a:
                table = await a.next("table")
                assert table["seats"][1]["handover_in"] == 30  # not come yet: the grace too
                clock.now += 31.0
                async with raw_socket(bo) as b:
                    await b.next("table")
                    seen = await a.next("change")
                    assert seen["seats"][1]["here"] and "handover_in" not in seen["seats"][1]
                seen = await a.next("change")  # Bo's connection dropped
                assert not seen["seats"][1]["here"]
                assert seen["seats"][1]["handover_in"] == 30
                await a.send(p.stand_in(1, "easy"))
                refused = await a.next("refused")
                assert refused["code"] == p.TOO_SOON and "in 30 s" in refused["reason"]
                clock.now += 12.0
                await a.send(p.sync())
                assert (await a.next("table"))["seats"][1]["handover_in"] == 18
                await a.send(p.stand_in(1, "easy"))
                assert "in 18 s" in (await a.next("refused"))["reason"]
                clock.now += 18.0
                await a.send(p.stand_in(1, "easy"))
                seen = await a.next("change")
                assert seen["seats"][1]["stand_in"] == "easy"

    asyncio.run(main())


def test_hostile_messages_are_refused_and_change_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            link = links[0]
            assert link
            room = None
            bad_first = [
                "not json",
                json.dumps([1, 2]),
                json.dumps({"t": "hello", "v": 1, "table": link.table, "token": "x" * 43}),
                json.dumps({"t": "hello", "v": 1, "table": link.table}),
                json.dumps({"t": "act", "n": 0, "entry": "take 1"}),  # no hello first
                json.dumps({"t": "hello", "v": 99, "table": link.table, "token": link.token}),
                "x" * (p.MAX_MESSAGE + 10),
            ]
            for text in bad_first:
                async with raw_socket(link, hello=False) as raw:
                    await raw.send(text)
                    code = await raw.closed_with()
                    assert code in (p.BAD_MESSAGE, p.BAD_TOKEN, None), (text[:40], code)
            room = server.rooms.get(link.table)
            assert room is None or room.count == 0
            async with raw_socket(link) as raw:
                await raw.next("table")
                for text in (
                    json.dumps({"t": "act", "n": "0", "entry": "take 1"}),
                    json.dumps({"t": "act", "n": 0, "entry": "take\n1"}),
                    json.dumps({"t": "act", "n": 0, "entry": "x" * 100}),
                    json.dumps({"t": "hello", "v": 1, "table": link.table, "token": link.token}),
                ):
                    async with raw_socket(link) as again:  # each opens the seat anew
                        await again.next("table")
                        await again.send(text)
                        assert await again.closed_with() == p.BAD_MESSAGE
            room = server.rooms[link.table]
            assert room.count == 0
            # a client that stops reading is closed, and the table goes on
            async with raw_socket(link) as idle:
                await idle.next("table")
                for _ in range(p.MAX_MESSAGE):  # refusals pile up unread
                    try:
                        await idle.send(p.undo(5))
                    except ConnectionError:
                        break
            assert room.count == 0

    asyncio.run(main())


def _start_host(store: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "host", "--port", str(port), "--store", str(store)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert "hosted at" in line, line + proc.stderr.read().decode() if proc.stderr else ""
    return proc


def test_a_killed_server_restarts_where_it_was_and_the_seats_come_back(tmp_path: Path) -> None:
    """kill -9 mid-game: the restarted server has every acknowledged action, and the
    seats' own connections (SeatLink) reconnect by themselves."""
    from orbis_tui.remote.client import SeatLink, create_table_request
    from orbis_tui.remote.links import parse_link

    port = free_port()
    store = tmp_path / "tables.db"
    server = _start_host(store, port)
    try:

        async def first_half() -> tuple[list[str], int]:
            answer = await create_table_request(f"http://127.0.0.1:{port}", 2, {})
            links = [parse_link(s["link"]) for s in answer["seats"]]
            runs = await asyncio.gather(
                *(play_seat(link, random_chooser(n), stop_after=12) for n, link in enumerate(links))
            )
            return [str(link) for link in links], max(r.tables for r in runs)

        texts, _ = asyncio.run(first_half())
        server.send_signal(signal.SIGKILL)
        server.wait()
        server = _start_host(store, port)  # the lock died with the killed process

        async def second_half() -> None:
            links = [parse_link(t) for t in texts]
            seen: list[p.ServerMessage | p.Unreadable] = []
            statuses: list[str] = []
            link = SeatLink(links[0], seen.append, lambda c, r: statuses.append(c))
            task = asyncio.create_task(link.run())
            for _ in range(100):
                if seen:
                    break
                await asyncio.sleep(0.05)
            # every acknowledged action is there
            assert seen and isinstance(seen[0], p.Table) and seen[0].count >= 12
            link.stop()
            await asyncio.wait_for(task, 5)
            runs = await asyncio.gather(
                *(play_seat(link, random_chooser(n + 10)) for n, link in enumerate(links))
            )
            assert runs[0].final is not None

        asyncio.run(second_half())
    finally:
        stop_process(server, 10)
    assert server.returncode == 0  # the restarted server also stops cleanly on Ctrl+C
    _ = aiohttp  # the clients above are aiohttp's


def test_a_seat_that_leaves_as_the_server_stops_leaves_no_connection_behind(
    tmp_path: Path,
) -> None:
    """The server stops while a seat that just left is being stored as gone: its
    connection's writer still ends with the server (it was left waiting for ever, and
    destroyed with the event loop: "coroutine ignored GeneratorExit")."""

    def writers() -> list[asyncio.Task[object]]:
        return [
            t
            for t in asyncio.all_tasks()
            if getattr(t.get_coro(), "__qualname__", "") == "SeatConnection._write"
        ]

    async def main() -> None:
        leaving = asyncio.Event()
        async with running_server(tmp_path / "tables.db") as server:
            links, _, _ = await new_table(server, 2)
            assert links[0] is not None

            async def slow(table_id: str, seat: int, here: bool) -> None:
                if not here:  # stored as gone only once the server stops
                    leaving.set()
                    await asyncio.Future()

            server.store.set_present = slow  # type: ignore[method-assign]
            async with raw_socket(links[0]) as ada:
                await ada.next("table")
            async with asyncio.timeout(20):
                await leaving.wait()
            kept = writers()
            assert len(kept) == 1
        assert all(task.done() for task in kept)

    asyncio.run(main())
