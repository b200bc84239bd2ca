"""Whole games at a table played apart: a real server on loopback, real websockets."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orbis_tui.records.model import load_record
from orbis_tui.remote.seatbot import SeatRun, play_seat, random_chooser

from .server_helpers import new_table, running_server


def _finished(final: dict | None) -> None:
    import json

    assert final is not None
    record, state = load_record(json.dumps(final), "final")
    assert state.is_over and record.result


def test_two_people_play_a_whole_game(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            links, _watch, _ = await new_table(server, 2)
            runs = await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
            )
            for run in runs:
                _finished(run.final)
                assert not run.refusals
            assert runs[0].final == runs[1].final

    asyncio.run(main())


def test_three_seats_one_a_computer_player(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            links, _watch, answer = await new_table(server, 3, {2: "easy"})
            assert links[1] is None and "link" not in answer["seats"][1]
            people = [link for link in links if link is not None]
            runs = await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(people))
            )
            _finished(runs[0].final)
            assert runs[0].final is not None
            assert runs[0].final["setup"]["seats"] == ["human", "easy", "human"]

    asyncio.run(main())


def test_a_game_on_either_store(store_kind: str, tmp_path: Path) -> None:
    from orbis_tui.remote.store import open_store

    from .conftest import POSTGRES_URL

    async def main() -> None:
        where = str(tmp_path / "t.db") if store_kind == "sqlite" else str(POSTGRES_URL)
        async with running_server(await open_store(where)) as server:
            links, _w, _ = await new_table(server, 2)
            runs = await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
            )
            _finished(runs[0].final)

    asyncio.run(main())


def test_two_server_processes_share_tables_through_postgresql(store_kind: str) -> None:
    """Each seat connects to another server; both take intents and tell their seats."""
    if store_kind != "postgresql":
        return
    from orbis_tui.remote.links import Link
    from orbis_tui.remote.store import open_store

    from .conftest import POSTGRES_URL

    async def main() -> None:
        assert POSTGRES_URL
        async with (
            running_server(await open_store(POSTGRES_URL)) as one,
            running_server(await open_store(POSTGRES_URL)) as two,
        ):
            links, _w, _ = await new_table(one, 2)
            assert links[0] and links[1]
            other = Link(f"http://127.0.0.1:{two.port}", links[1].kind, links[1].table,
                         links[1].token)  # fmt: skip
            runs = await asyncio.gather(
                play_seat(links[0], random_chooser(0)), play_seat(other, random_chooser(1))
            )
            _finished(runs[0].final)
            assert runs[0].final == runs[1].final

    asyncio.run(main())


def test_four_seats_people_and_a_computer_with_an_undo(tmp_path: Path) -> None:
    """Three people and a computer player at one table: the whole game, an undo seen by
    every seat, and a watcher who sees the same game."""
    from orbis_tui.engine import format_action
    from orbis_tui.remote import protocol as p
    from orbis_tui.remote.client import TableMirror

    from .raw import as_change, raw_socket

    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            links, watch, answer = await new_table(server, 4, {3: "easy"})
            assert [s["kind"] for s in answer["seats"]] == ["human", "human", "easy", "human"]
            people = [link for link in links if link is not None]
            assert len(people) == 3
            room = server.rooms[people[0].table]
            # the first person to move plays an action and takes it back: all see both
            while room.match.state.current == 2:  # the computer moves first, if it starts
                await asyncio.sleep(0.01)
            count = room.count
            mover = people[[0, 1, 3].index(room.match.state.current)]
            async with raw_socket(mover) as raw, raw_socket(watch) as watcher:
                mirror = TableMirror()
                mirror.take(as_change(await raw.next("table")))
                await watcher.next("table")
                assert mirror.match is not None
                entry = format_action(mirror.match.state.decision_actions()[0])
                await raw.send(p.act(count, entry))
                assert (await watcher.next("moved"))["entries"] == [entry]
                await raw.send(p.undo(count + 1))
                undone = await watcher.next("moved")
                assert undone["n"] == count and undone["back"] == 1
            watched = SeatRun()
            runs = await asyncio.gather(
                play_seat(watch, random_chooser(99), run=watched),
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(people)),
            )
            finals = [run.final for run in runs]
            _finished(finals[0])
            assert all(final == finals[0] for final in finals)
            assert finals[0] is not None
            assert finals[0]["setup"]["seats"] == ["human", "human", "easy", "human"]
            assert len(finals[0]["setup"]["players"]) == 4
            for run in runs[1:]:
                assert not run.refusals and run.resyncs == 0

    asyncio.run(main())
