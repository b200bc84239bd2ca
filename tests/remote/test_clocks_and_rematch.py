"""A table's time per turn (a clock that hands a slow seat to a computer) and the
rematch at the end (docs/remote.md), on SQLite and on PostgreSQL.

The turn clocks run on a clock of the test's own (seconds since the epoch, moved by
hand): nothing here waits for time to pass."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from orbis_tui.levels import HUMAN
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import Link, parse_link
from orbis_tui.remote.seatbot import play_seat, random_chooser
from orbis_tui.remote.store import TableStore, open_store
from orbis_tui.remote.table_server import TableServer, _turn_time_request
from orbis_tui.remote.turn_time import parse_turn_time

from .conftest import NO_POSTGRES, POSTGRES_URL, own_schema
from .raw import Raw, raw_socket
from .server_helpers import running_server, url


class Wall:
    """The turn clocks' time (seconds since the epoch), moved by the test."""

    def __init__(self) -> None:
        # From the real time: other servers on the same test database keep theirs.
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


async def _store(kind: str, tmp_path: Path) -> TableStore:
    if kind == "sqlite":
        return await open_store(str(tmp_path / "tables.db"))
    assert POSTGRES_URL is not None
    return await open_store(POSTGRES_URL)


@asynccontextmanager
async def _server(
    kind: str, tmp_path: Path, wall: Wall, port: int | None = None
) -> AsyncIterator[TableServer]:
    store = await _store(kind, tmp_path)
    async with running_server(store, port, wall_clock=wall, bot_pause=0.0) as server:
        yield server


async def _deal(
    server: TableServer, turn_time: tuple[float, str] | None, seats: dict[int, str] | None = None
) -> tuple[list[Link | None], Link]:
    answer = await create_table_request(url(server), 2, seats or {}, ["Ada", "Bo"], turn_time)
    links = [parse_link(s["link"]) if "link" in s else None for s in answer["seats"]]
    return links, parse_link(answer["watch"])


async def _until(raw: Raw, check: Any, timeout: float = 30.0) -> dict[str, Any]:
    """The first change ``raw`` is sent for which ``check(message)`` holds."""
    async with asyncio.timeout(timeout):
        while True:
            message = await raw.next("change")
            if check(message):
                return message


def _stand_ins(message: dict[str, Any]) -> Any:
    """The stand-ins a change tells (a whole table has them in its record)."""
    if "stand_ins" in message:
        return message["stand_ins"]
    return message["record"].get("stand_ins")


def test_turn_times_are_read_as_people_write_them() -> None:
    assert parse_turn_time("2m") == 120 and parse_turn_time("90s") == 90
    assert parse_turn_time("1d") == 86400 and parse_turn_time(" 3 ") == 180
    assert parse_turn_time("none") is None and parse_turn_time("0") is None
    with pytest.raises(ValueError):
        parse_turn_time("soon")
    assert _turn_time_request({"turn_time": 120}) == (120.0, "medium")
    assert _turn_time_request({}) is None
    for bad in ({"turn_time": 1}, {"turn_time": "2m"}, {"turn_time": 60, "clock_level": "god"}):
        with pytest.raises(ValueError):
            _turn_time_request(bad)


def test_a_live_clock_runs_out_and_the_computer_plays_until_the_person_takes_it_back(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        wall = Wall()
        async with _server(store_kind, tmp_path, wall) as server:
            links, watch = await _deal(server, (120.0, "easy"))
            assert links[0] is not None and links[1] is not None
            async with (
                raw_socket(links[0]) as ada,
                raw_socket(links[1]) as bo,
                raw_socket(watch) as watcher,
            ):
                table = await ada.next("table")
                await bo.next("table")
                seen = await watcher.next("table")
                assert table["turn_time"] == 120 and table["clock_level"] == "easy"
                mover = table["record"]["setup"]["first_player"]
                # Every screen is told the time left of the seat to move, and only its.
                assert [s.get("clock") for s in seen["seats"]] == [
                    120 if n == mover else None for n in range(2)
                ]
                # (The server holds this table only; on the shared test database it may
                # load other tests' tables too: this table's room is asked.)
                room = server.rooms[links[0].table]
                wall.now += 100
                assert not room.clock_ran_out()
                assert await room.check_clock() is False  # 20 s left: nothing happens
                wall.now += 21
                await server.check_clocks()
                handed = await _until(
                    watcher, lambda m: m["seats"][mover].get("stand_in") == "easy"
                )
                assert handed["seats"][mover]["out_of_time"] is True
                assert _stand_ins(handed) == [
                    {"seat": mover, "level": "easy", "from": 0, "clock": True}
                ]
                # The person is at the table, and still the computer plays on for them.
                people = [ada, bo]
                moved = await _until(people[mover], lambda m: m["n"] > 0)
                assert moved["seats"][mover].get("stand_in") == "easy"
                # Until they take it back themselves (the other person cannot).
                await people[1 - mover].send(p.stand_in(mover, None))
                refused = await people[1 - mover].next("refused")
                assert refused["code"] == p.NOT_ABSENT
                await people[mover].send(p.stand_in(mover, None))
                back = await _until(
                    people[mover],
                    lambda m: all(s.get("stand_in") is None for s in m["seats"]),
                )
                assert _stand_ins(back)[0]["to"] >= 1
                # The clock runs again for whoever is to move now, from its full time.
                assert [s.get("clock") for s in back["seats"]].count(120) == 1

    asyncio.run(main())


def test_the_deadline_is_stored_and_survives_a_server_restart(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        wall = Wall()
        async with _server(store_kind, tmp_path, wall) as server:
            _links, watch = await _deal(server, (86400.0, "medium"))
            async with raw_socket(watch) as watcher:
                table = await watcher.next("table")
        mover = table["record"]["setup"]["first_player"]
        assert table["seats"][mover]["clock"] == 86400
        wall.now += 3600  # an hour passes, the server is away meanwhile
        async with (
            _server(store_kind, tmp_path, wall, server.port) as server,
            raw_socket(watch) as watcher,
        ):
            table = await watcher.next("table")
            assert table["seats"][mover]["clock"] == 86400 - 3600  # not started again
            wall.now += 86400 - 3600
            await server.check_clocks()
            handed = await _until(watcher, lambda m: m["seats"][mover].get("stand_in") == "medium")
            assert _stand_ins(handed)[0]["clock"] is True

    asyncio.run(main())


def test_a_table_without_a_clock_never_hands_a_seat_over(tmp_path: Path) -> None:
    async def main() -> None:
        wall = Wall()
        async with _server("sqlite", tmp_path, wall) as server:
            _links, watch = await _deal(server, None)
            async with raw_socket(watch) as watcher:
                table = await watcher.next("table")
                assert "turn_time" not in table
                assert all("clock" not in s for s in table["seats"])
                wall.now += 10 * 86400
                assert await server.check_clocks() == 0

    asyncio.run(main())


def test_a_whole_game_then_a_rematch_accepted_by_both_goes_on_at_a_new_deal(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        wall = Wall()
        async with _server(store_kind, tmp_path, wall) as server:
            links, watch = await _deal(server, (120.0, "easy"))
            assert links[0] is not None and links[1] is not None
            runs = await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
            )
            final = runs[0].final
            assert final is not None and runs[1].final == final
            old_table = links[0].table
            async with (
                raw_socket(links[0]) as ada,
                raw_socket(links[1]) as bo,
                raw_socket(watch) as watcher,
            ):
                for raw in (ada, bo, watcher):
                    await raw.next("table")
                await bo.send(p.rematch(False))  # nothing asked yet: nothing to decline
                assert (await bo.next("refused"))["code"] == p.NO_REMATCH
                await ada.send(p.rematch(True))
                for raw in (ada, bo, watcher):  # every screen sees who asked
                    await _until(raw, lambda m: m.get("rematch") == {"yes": [0], "by": 0})
                await bo.send(p.rematch(False))
                for raw in (ada, bo, watcher):
                    await _until(raw, lambda m: m.get("rematch") == {"declined": 1})
                await bo.send(p.rematch(True))  # Bo asks again; Ada says yes
                await _until(ada, lambda m: m.get("rematch", {}).get("by") == 1)
                await ada.send(p.rematch(True))
                # Every connected screen is sent on: the same link opens the new table.
                for raw in (ada, bo, watcher):
                    assert await raw.closed_with() == p.MOVED
            async with raw_socket(watch) as watcher:
                table = await watcher.next("table")
            assert table["table"] != old_table and table["n"] == 0
            setup = table["record"]["setup"]
            assert setup["players"] == ["Ada", "Bo"]
            assert setup["first_player"] == (final["setup"]["first_player"] + 1) % 2
            assert table["turn_time"] == 120  # the same clock
            # The two program seats play on there, through their old links.
            runs = await asyncio.gather(
                *(
                    play_seat(link, random_chooser(n + 5), stop_after=8)
                    for n, link in enumerate(links)
                    if link
                )
            )
            assert all(run.refusals == [] for run in runs)
            # The old table's record stays downloadable with an old link.
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"{url(server)}/record/{old_table}/{links[1].token}") as answer,
            ):
                assert answer.status == 200
                assert json.loads(await answer.text())["actions"] == final["actions"]
                async with session.get(f"{url(server)}/record/{old_table}/nothing") as refused:
                    assert refused.status == 404

    asyncio.run(main())


def test_a_rematch_keeps_the_computer_seats(tmp_path: Path) -> None:
    async def main() -> None:
        async with _server("sqlite", tmp_path, Wall()) as server:
            links, _watch = await _deal(server, None, {2: "easy"})
            person = links[0]
            assert person is not None and links[1] is None
            run = await play_seat(person, random_chooser(3))
            assert run.final is not None
            async with raw_socket(person) as ada:
                await ada.next("table")
                await ada.send(p.rematch(True))  # the only person: dealt at once
                assert await ada.closed_with() == p.MOVED
            async with raw_socket(person) as ada:
                table = await ada.next("table")
            assert [s["kind"] for s in table["seats"]] == [HUMAN, "easy"]
            assert table["table"] != person.table

    asyncio.run(main())


def test_a_rematch_is_refused_before_the_end(tmp_path: Path) -> None:
    async def main() -> None:
        async with _server("sqlite", tmp_path, Wall()) as server:
            links, _watch = await _deal(server, None)
            assert links[0] is not None
            async with raw_socket(links[0]) as ada:
                await ada.next("table")
                await ada.send(p.rematch(True))
                assert (await ada.next("refused"))["code"] == p.NOT_OVER

    asyncio.run(main())


@pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)
def test_on_several_servers_exactly_one_acts_on_a_clock_that_ran_out() -> None:
    async def main() -> None:
        wall = Wall()
        assert POSTGRES_URL is not None
        async with AsyncExitStack() as stack:
            servers = []
            for _ in range(2):  # each looks at its clocks only when the test asks it
                store = await open_store(POSTGRES_URL)
                servers.append(
                    await stack.enter_async_context(
                        running_server(store, wall_clock=wall, clock_tick=None)
                    )
                )
            a, b = servers
            _links, watch = await _deal(a, (60.0, "easy"))
            watching = [
                await stack.enter_async_context(raw_socket(replace(watch, server=url(s))))
                for s in (a, b)
            ]
            tables = [await raw.next("table") for raw in watching]
            mover = tables[0]["record"]["setup"]["first_player"]
            assert [t["seats"][mover]["clock"] for t in tables] == [60, 60]
            wall.now += 61
            rooms = [s.rooms[watch.table] for s in (a, b)]
            handed = await asyncio.gather(*(room.check_clock() for room in rooms))
            assert sorted(handed) == [False, True]  # one server handed the seat over, not both
            for raw in watching:  # and both servers' screens are told
                seen = await _until(raw, lambda m: m["seats"][mover].get("stand_in") == "easy")
                assert [s.get("clock") for s in _stand_ins(seen)] == [True]

    asyncio.run(main())


def test_a_table_loaded_without_its_turns_deadline_starts_the_clock(tmp_path: Path) -> None:
    """The server stopped between an action and storing the next turn's deadline: the
    table, loaded again, starts the clock of the seat to move (and stores it)."""
    from orbis_tui.remote.deal import create_table

    async def main() -> None:
        wall = Wall()
        store = await _store("sqlite", tmp_path)
        invitation = await create_table(
            store, ["Ada", "Bo"], [HUMAN, HUMAN], turn_time=(60.0, "easy"), now=wall
        )
        await store.set_deadline(invitation.table, None, None)
        await store.close()
        async with _server("sqlite", tmp_path, wall) as server:
            room = await server.room(invitation.table)
            assert room is not None
            mover = room.match.state.current
            assert room.turn_clock is not None and room.turn_clock.seat == mover
            stored = await server.store.load(invitation.table)
            assert stored is not None and stored.clock is not None
            assert (stored.clock.seat, stored.clock.deadline) == (mover, wall.now + 60)

    asyncio.run(main())


@pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)
def test_on_several_servers_a_rematch_asked_at_one_is_accepted_at_the_other() -> None:
    async def main() -> None:
        assert POSTGRES_URL is not None
        async with AsyncExitStack() as stack:
            servers = []
            for _ in range(2):
                store = await open_store(POSTGRES_URL)
                servers.append(await stack.enter_async_context(running_server(store)))
            links, _watch = await _deal(servers[0], None)
            ada, bo = (
                replace(link, server=url(s)) for link, s in zip(links, servers, strict=True) if link
            )
            await asyncio.gather(
                play_seat(ada, random_chooser(1)), play_seat(bo, random_chooser(2))
            )
            async with raw_socket(ada) as at_a, raw_socket(bo) as at_b:
                await at_a.next("table")
                await at_b.next("table")
                await at_a.send(p.rematch(True))  # asked at server A
                await _until(at_b, lambda m: m.get("rematch", {}).get("yes") == [0])
                await at_b.send(p.rematch(True))  # accepted at server B
                assert await at_b.closed_with() == p.MOVED
                assert await at_a.closed_with() == p.MOVED  # told by B, through the store
            async with raw_socket(ada) as at_a, raw_socket(bo) as at_b:
                new_a, new_b = await at_a.next("table"), await at_b.next("table")
            assert new_a["table"] == new_b["table"] != ada.table

    asyncio.run(main())


def test_the_servers_page_deals_with_a_time_per_turn(tmp_path: Path) -> None:
    async def main() -> None:
        async with (
            _server("sqlite", tmp_path, Wall()) as server,
            aiohttp.ClientSession() as session,
            session.get(f"{url(server)}/") as page,
        ):
            text = await page.text()
        assert 'id="turn"' in text and 'id="clocklevel"' in text
        assert "request.turn_time = +turn" in text

    asyncio.run(main())


async def _played_out(links: list[Link | None]) -> None:
    """Both program seats play the game to its end."""
    await asyncio.gather(
        *(play_seat(link, random_chooser(n + 3)) for n, link in enumerate(links) if link)
    )


async def _rematch_after(raw: Raw, was: dict[str, Any] | None) -> dict[str, Any] | None:
    """The rematch the first change ``raw`` is sent after it was ``was`` tells."""
    message = await _until(raw, lambda m: m.get("rematch") != was)
    rematch: dict[str, Any] | None = message.get("rematch")
    return rematch


async def _all_left(room: Any) -> None:
    """Until every connection has left ``room`` (the server stops with none leaving)."""
    async with asyncio.timeout(30):
        while room.here or room.watchers:
            await asyncio.sleep(0.01)


@pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)
def test_on_several_servers_who_declined_a_rematch_is_told_at_every_server() -> None:
    """A decline at one server ends the proposal at the other with who declined (it
    used to vanish there without a word); a new proposal there clears it."""

    async def main() -> None:
        async with AsyncExitStack() as stack:
            database = await stack.enter_async_context(own_schema())
            servers = []
            for _ in range(2):
                store = await open_store(database)
                servers.append(await stack.enter_async_context(running_server(store)))
            links, watch = await _deal(servers[0], None)
            await _played_out(links)
            ada, bo = (
                replace(link, server=url(s)) for link, s in zip(links, servers, strict=True) if link
            )
            at_a = await stack.enter_async_context(raw_socket(ada))
            at_b = await stack.enter_async_context(raw_socket(bo))
            watching_b = await stack.enter_async_context(
                raw_socket(replace(watch, server=url(servers[1])))
            )
            for raw in (at_a, at_b, watching_b):
                await raw.next("table")
            await at_a.send(p.rematch(True))  # asked at server A
            asked = {"yes": [0], "by": 0}
            for raw in (at_a, at_b, watching_b):
                await _until(raw, lambda m: m.get("rematch") == asked)
            await at_a.send(p.rematch(False))  # Ada takes it back (a no) at server A
            assert await _rematch_after(at_a, asked) == {"declined": 0}
            for raw in (at_b, watching_b):  # told at server B, through the store
                assert await _rematch_after(raw, asked) == {"declined": 0}
            await at_b.send(p.rematch(True))  # Bo asks again at server B: no decline now
            for raw in (at_a, at_b, watching_b):
                assert await _rematch_after(raw, {"declined": 0}) == {"yes": [1], "by": 1}
            await at_b.send(p.rematch(False))  # and takes it back there: told at A
            assert await _rematch_after(at_a, {"yes": [1], "by": 1}) == {"declined": 1}

    asyncio.run(main())


def test_who_declined_a_rematch_is_stored_and_told_after_a_restart(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        wall = Wall()
        async with _server(store_kind, tmp_path, wall) as server:
            port = server.port
            links, watch = await _deal(server, None)
            await _played_out(links)
            assert links[0] is not None and links[1] is not None
            async with raw_socket(links[0]) as ada, raw_socket(links[1]) as bo:
                await ada.next("table")
                await bo.next("table")
                await ada.send(p.rematch(True))
                await _until(bo, lambda m: m.get("rematch") == {"yes": [0], "by": 0})
                await bo.send(p.rematch(False))
                await _until(ada, lambda m: m.get("rematch") == {"declined": 1})
            await _all_left(server.rooms[watch.table])
        async with _server(store_kind, tmp_path, wall, port) as server:  # started again
            async with raw_socket(watch) as watcher:
                assert (await watcher.next("table")).get("rematch") == {"declined": 1}
            async with raw_socket(links[1]) as bo:  # a new proposal clears the decline
                await bo.next("table")
                await bo.send(p.rematch(True))
                await _until(bo, lambda m: m.get("rematch") == {"yes": [1], "by": 1})
            await _all_left(server.rooms[watch.table])
        async with _server(store_kind, tmp_path, wall, port) as server:
            async with raw_socket(watch) as watcher:
                assert (await watcher.next("table")).get("rematch") == {"yes": [1], "by": 1}
            await _all_left(server.rooms[watch.table])

    asyncio.run(main())


def test_a_decline_another_server_stored_is_told_here_when_its_note_comes(
    store_kind: str, tmp_path: Path
) -> None:
    """As another server process sharing the store would: it stores the no, and its
    change note makes this server load the table again (on SQLite, by hand)."""
    from orbis_tui.remote.store_types import Change

    async def main() -> None:
        wall = Wall()
        async with _server(store_kind, tmp_path, wall) as server:
            links, _watch = await _deal(server, None)
            await _played_out(links)
            assert links[0] is not None
            async with raw_socket(links[0]) as ada:
                await ada.next("table")
                await ada.send(p.rematch(True))
                await _until(ada, lambda m: m.get("rematch") == {"yes": [0], "by": 0})
                room = server.rooms[links[0].table]
                await server.store.answer_rematch(room.id, 1, False, wall.now + 5)
                server._changed_elsewhere(room.id, Change())  # its note: load the table
                assert await _rematch_after(ada, {"yes": [0], "by": 0}) == {"declined": 1}
                assert room.rematch.declined_at == wall.now + 5

    asyncio.run(main())


def test_after_a_rematch_a_links_status_is_the_rematchs(tmp_path: Path) -> None:
    """``orbis tables`` asks whose turn it is at a link's table: after a rematch the link
    leads to the new table, and so does its status (it used to say the old game is
    over while the rematch was being played)."""
    from orbis_tui.remote.host_client import seat_status

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, watch, _ = await _new_two(server)
            await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links))
            )
            assert (await seat_status(links[0])).finished
            async with raw_socket(links[0]) as ada, raw_socket(links[1]) as bo:
                await ada.next("table")
                await bo.next("table")
                await ada.send(p.rematch(True))
                await _until(bo, lambda m: m.get("rematch", {}).get("by") == 0)
                await bo.send(p.rematch(True))
                assert await ada.closed_with() == p.MOVED
            for link in (*links, watch):
                status = await seat_status(link)
                assert not status.finished and status.turn is not None

    asyncio.run(main())


async def _new_two(server: TableServer) -> tuple[list[Link], Link, Any]:
    answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"])
    links = [parse_link(seat["link"]) for seat in answer["seats"]]
    return links, parse_link(answer["watch"]), answer
