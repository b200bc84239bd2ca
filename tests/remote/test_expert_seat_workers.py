"""A computer seat at a remote table: the expert's trees grow in the table server's
worker processes (orbis_tui.processes.shared_by_tables), never in the server's own
process, whose event loop serves every table; they start as a table with an expert
seat opens, ahead of its first turn."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from orbis_tui import processes
from orbis_tui.remote import protocol as p
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.room_state import HANDOVER_GRACE
from orbis_tui.remote.seatbot import play_seat, random_chooser

from .raw import raw_socket
from .server_helpers import new_table, running_server, url


def test_an_expert_seat_thinks_in_the_servers_workers_and_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def not_here(*args: object) -> object:
        raise AssertionError("an expert's trees grew in the table server's process")

    monkeypatch.setattr(processes, "_search_workers", None)
    processes.use_search_workers(processes.SearchWorkers(per_search=1, pool=2, apart=True))
    monkeypatch.setattr("orbis_tui.bots.forest._in_turn", not_here)  # the workers' is theirs

    async def main() -> None:
        async with running_server(tmp_path / "tables.db", bot_budget=0.1) as server:
            links, _, answer = await new_table(server, 2, {2: "expert"})
            person = links[0]
            assert person is not None and answer["seats"][1]["kind"] == "expert"
            run = await play_seat(person, random_chooser(3), stop_after=20, timeout=240)
            assert run.refusals == []
            (room,) = server.rooms.values()
            assert room.bot_moves > 0  # the expert moved, every search in a worker
            kept = processes._kept
            assert kept is not None and kept.alive and kept.size == 2

    asyncio.run(main())


@pytest.mark.parametrize("level", ["expert", "hard"])
def test_a_table_with_an_expert_seat_starts_the_servers_workers_as_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    """Off the event loop (a thread of their own); a table without an expert starts
    none."""
    from orbis_tui.remote import room as room_module

    monkeypatch.setattr(processes, "_search_workers", None)
    processes.use_search_workers(processes.SearchWorkers(per_search=1, pool=2, apart=True))
    asked: list[tuple[list[str], threading.Event | None]] = []
    over = threading.Event()
    real = room_module._warm

    def observed(levels: list[str]) -> threading.Event | None:
        done = real(levels)
        asked.append((levels, done))
        over.set()
        return done

    monkeypatch.setattr(room_module, "_warm", observed)

    async def main() -> None:
        async with running_server(tmp_path / "tables.db", bot_budget=0.1) as server:
            await new_table(server, 2, {2: level})
            assert await asyncio.to_thread(over.wait, 120)  # a bound only
            ((levels, done),) = asked
            assert levels == [level]
            if level == "hard":
                assert done is None and processes._kept is None
                return
            assert done is not None and await asyncio.to_thread(done.wait, 120)
            kept = processes._kept
            assert kept is not None and kept.alive and kept.size == 2

    asyncio.run(main())


class _Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize("level", ["expert", "hard"])
def test_a_seat_handed_to_an_expert_in_the_game_starts_the_servers_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    """A table of persons starts no workers as it opens; an absent person's seat handed
    to the expert later starts them then, off the event loop, ahead of its first turn
    (another level starts none)."""
    from orbis_tui.remote import room as room_module

    monkeypatch.setattr(processes, "_search_workers", None)
    processes.use_search_workers(processes.SearchWorkers(per_search=1, pool=2, apart=True))
    asked: list[tuple[list[str], threading.Event | None]] = []
    over = threading.Event()
    real = room_module._warm

    def observed(levels: list[str]) -> threading.Event | None:
        done = real(levels)
        asked.append((levels, done))
        over.set()
        return done

    monkeypatch.setattr(room_module, "_warm", observed)
    clock = _Clock()

    async def main() -> None:
        async with running_server(tmp_path / "tables.db", bot_budget=0.1, clock=clock) as server:
            (ada, bo), _, _ = await new_table(server, 2)
            assert ada is not None and bo is not None
            async with raw_socket(ada) as a:
                await a.next("table")
                assert asked == [] and processes._kept is None  # no computer seat yet
                clock.now += HANDOVER_GRACE + 1  # Bo never came: his seat can be handed
                await a.send(p.stand_in(1, level))
                while (await a.next("change"))["seats"][1]["stand_in"] != level:
                    pass
                assert await asyncio.to_thread(over.wait, 120)  # a bound only
                ((levels, done),) = asked
                assert levels == [level]
                if level == "hard":
                    assert done is None and processes._kept is None
                    return
                assert done is not None and await asyncio.to_thread(done.wait, 120)
                kept = processes._kept
                assert kept is not None and kept.alive and kept.size == 2

    asyncio.run(main())


def test_a_seat_whose_time_ran_out_handed_to_the_expert_starts_the_servers_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turn clock hands a slow person's seat to its level (the expert's here): the
    workers start then, as when a player hands a seat over."""
    from orbis_tui.remote import room as room_module
    from orbis_tui.remote.client import create_table_request

    monkeypatch.setattr(processes, "_search_workers", None)
    processes.use_search_workers(processes.SearchWorkers(per_search=1, pool=2, apart=True))
    asked: list[tuple[list[str], threading.Event | None]] = []
    over = threading.Event()
    real = room_module._warm

    def observed(levels: list[str]) -> threading.Event | None:
        done = real(levels)
        asked.append((levels, done))
        over.set()
        return done

    monkeypatch.setattr(room_module, "_warm", observed)
    wall = _Clock()
    wall.now = 1_000_000.0

    async def main() -> None:
        async with running_server(
            tmp_path / "tables.db", bot_budget=0.1, wall_clock=wall
        ) as server:
            answer = await create_table_request(
                url(server), 2, {}, ["Ada", "Bo"], (120.0, "expert")
            )
            room = await server.room(parse_link(answer["seats"][0]["link"]).table)
            assert room is not None and asked == []  # two persons: no workers yet
            wall.now += 121
            assert await room.check_clock() is True
            assert await asyncio.to_thread(over.wait, 120)  # a bound only
            ((levels, done),) = asked
            assert levels == ["expert"]
            assert done is not None and await asyncio.to_thread(done.wait, 120)
            kept = processes._kept
            assert kept is not None and kept.alive and kept.size == 2

    asyncio.run(main())
