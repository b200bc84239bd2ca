"""Several table servers on one PostgreSQL act as one (docs/remote.md): who is at the
table is known to all of them, one of them plays a table's computer seats (another
takes over when it dies), and a database restart costs nothing acknowledged.

These need a real PostgreSQL: ``ORBIS_TEST_POSTGRES`` (``.ci/run`` starts a throwaway
cluster with tools/throwaway_postgres.sh); the tests that restart or halt the database
start a cluster of their own with the same tool, so that the tests beside them go on."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import secrets
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from orbis_tui.engine import format_action
from orbis_tui.levels import HUMAN
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import SeatLink, create_table_request
from orbis_tui.remote.deal import create_table
from orbis_tui.remote.links import PLAY, Link, parse_link
from orbis_tui.remote.pgstore import PostgresStore
from orbis_tui.remote.seatbot import SeatRun, play_seat, random_chooser
from orbis_tui.remote.store_types import Change
from orbis_tui.remote.table_server import TableServer

from .conftest import NO_POSTGRES, POSTGRES_URL, own_schema
from .raw import chat_heard, count_of, raw_socket
from .reconnecting_seat import play_seat_reconnecting
from .server_helpers import free_port, new_table, running_server, stop_process, url

pytestmark = pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)

TOOL = Path(__file__).parents[2] / "tools" / "throwaway_postgres.sh"


@asynccontextmanager
async def two_servers(
    database: str | None = None, **options: Any
) -> AsyncIterator[tuple[TableServer, TableServer]]:
    """Two table servers, each with its own store, on the one PostgreSQL database."""
    database = database or POSTGRES_URL
    assert database is not None
    async with AsyncExitStack() as stack:
        servers = []
        for _ in range(2):
            store = await PostgresStore.connect(database)
            servers.append(await stack.enter_async_context(running_server(store, **options)))
        yield servers[0], servers[1]


def at(link: Link | None, server: TableServer) -> Link:
    """The same seat, reached through ``server``."""
    assert link is not None
    return dataclasses.replace(link, server=url(server))


class Clock:
    """The servers' clock, moved by the test (a person's seat waits 30 s for them)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def until(check: Any, seconds: float = 30.0) -> None:
    """Until ``check()`` holds (an event of the servers, seen as it happens)."""
    async with asyncio.timeout(seconds):
        while not check():
            await asyncio.sleep(0.01)


def test_presence_is_shared_and_a_present_seat_is_never_handed_to_a_computer() -> None:
    async def main() -> None:
        clock = Clock()
        async with two_servers(clock=clock) as (a, b):
            links, _watch, _ = await new_table(a, 3)
            async with raw_socket(at(links[0], a)) as ada:
                table = await ada.next("table")
                assert not table["seats"][1]["here"]
                async with raw_socket(at(links[1], b)) as bo:  # Bo sits down on server B
                    await bo.next("table")
                    while not (await ada.next("change"))["seats"][1]["here"]:
                        pass  # server A shows Bo at the table
                    await ada.send(p.stand_in(1, "easy"))
                    refusal = await ada.next("refused")
                    assert refusal["code"] == p.NOT_ABSENT
                    room_b = b.rooms[links[0].table if links[0] else ""]
                    assert room_b.stand_in(1) is None
                    clock.now += 40.0  # the grace of the table's start is long over
                # Bo closed his screen: A sees him gone, and may hand his seat over
                while (await ada.next("change"))["seats"][1]["here"]:
                    pass
                await ada.send(p.stand_in(1, "easy"))  # he left a moment ago: his grace
                assert (await ada.next("refused"))["code"] == p.TOO_SOON
                clock.now += 31.0
                await ada.send(p.stand_in(1, "easy"))
                while (await ada.next("change"))["seats"][1]["stand_in"] != "easy":
                    pass

    asyncio.run(main())


def test_a_seat_opened_on_another_server_is_taken_from_the_first_and_can_be_taken_back() -> None:
    """As with two windows on one server: the newest place holds the seat, the other is
    told it was opened elsewhere (and may take it back, which closes the newer one)."""

    async def main() -> None:
        async with two_servers() as (a, b):
            links, _watch, _ = await new_table(a, 2)
            async with raw_socket(at(links[1], a)) as bo:
                await bo.next("table")
                async with raw_socket(at(links[0], a)) as first:
                    await first.next("table")
                    async with raw_socket(at(links[0], b)) as second:
                        await second.next("table")
                        assert await first.closed_with() == p.REPLACED
                        room_a = a.rooms[links[1].table if links[1] else ""]
                        assert 0 not in room_a.here
                        await until(lambda: 0 in room_a.elsewhere)  # (a heartbeat may lag)
                        # Bo's screen on A still shows Ada at the table (she is on B)
                        seen = await bo.next("change")
                        while not seen["seats"][0]["here"]:
                            seen = await bo.next("change")
                        # Ada takes the seat back on server A: B's window is closed
                        async with raw_socket(at(links[0], a)) as back:
                            await back.next("table")
                            assert await second.closed_with() == p.REPLACED
                            await back.send(p.sync())
                            assert (await back.next("table"))["seats"][0]["here"]
                            assert 0 in room_a.here

    asyncio.run(main())


def test_a_persons_grace_is_the_one_the_database_keeps_for_every_server() -> None:
    """Bo left server A; server B, which loads the table only later, counts Bo's grace
    from when he left (the database's), not from its own load: both servers agree."""

    async def main() -> None:
        clock = Clock()  # the clock both servers share (the time of day, by default)
        clock.now = 1000.0
        async with two_servers(clock=clock) as (a, b):
            links, _watch, answer = await new_table(a, 3)
            async with raw_socket(at(links[0], a)) as ada:
                await ada.next("table")
                async with raw_socket(at(links[1], a)) as bo:
                    await bo.next("table")
                    clock.now += 40.0  # the grace of the table's start is over
                seen = await ada.next("change")
                while seen["seats"][1]["here"]:  # Bo left A at 1040: until 1070
                    seen = await ada.next("change")
                assert seen["seats"][1]["handover_in"] == 30
                clock.now += 20.0
                assert answer["table"] not in b.rooms  # B has not loaded it yet
                async with raw_socket(at(links[2], b)) as cy:  # B loads it at 1060
                    table = await cy.next("table")
                    assert table["seats"][1]["handover_in"] == 10  # not a new 30
                    clock.now += 11.0
                    await cy.send(p.stand_in(1, "easy"))  # B agrees: his grace is over
                    seen = await cy.next("change")
                    while seen["seats"][1]["stand_in"] != "easy":
                        seen = await cy.next("change")

    asyncio.run(main())


def test_a_server_that_opens_a_table_shows_the_persons_at_the_others_from_its_first_view() -> None:
    """Ada sits at server A; server B opens the table for Bo long after the grace of
    the table's start (a server restarted, say): Bo's first view shows Ada at the
    table, not away with her grace over, and nobody may hand her seat to a computer."""

    async def main() -> None:
        clock = Clock()
        clock.now = 1000.0
        async with two_servers(clock=clock) as (a, b):
            links, _watch, answer = await new_table(a, 3)
            async with raw_socket(at(links[0], a)) as ada:
                await ada.next("table")
                clock.now += 40.0  # the grace of the table's start is over
                assert answer["table"] not in b.rooms
                async with raw_socket(at(links[1], b)) as bo:
                    first = await bo.next("table")
                    assert first["seats"][0]["here"]
                    assert not first["seats"][0].get("handover_in")
                    await bo.send(p.stand_in(0, "easy"))
                    assert (await bo.next("refused"))["code"] == p.NOT_ABSENT

    asyncio.run(main())


def test_a_computer_seat_is_played_by_one_server_only_and_stays_a_computer() -> None:
    async def main() -> None:
        async with two_servers() as (a, b):
            links, _watch, answer = await new_table(a, 2, {2: "easy"})
            table = answer["table"]
            run = await play_seat(at(links[0], b), random_chooser(3), timeout=120)
            assert run.final is not None
            rooms = [a.rooms[table], b.rooms[table]]
            await until(lambda: all(r.match.state.is_over for r in rooms))
            moves = sorted(r.bot_moves for r in rooms)
            assert moves[0] == 0 and moves[1] > 0  # one server played every computer move
            for room in rooms:
                assert room.kinds == [HUMAN, "easy"]
                assert room.record.actions == run.final["actions"]

    asyncio.run(main())


def test_an_action_stored_elsewhere_while_a_server_loads_the_table_is_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Server B reads the table just before server A stores an action to it, and hears
    of that action before its room is ready: the room still takes the action up (it
    used to keep the table as read, for ever: the seat to move next waited in vain)."""

    async def main() -> None:
        async with two_servers() as (a, b):
            links, _watch, answer = await new_table(a, 2)
            table = answer["table"]
            room_a = a.rooms[table]
            read, release, heard = asyncio.Event(), asyncio.Event(), asyncio.Event()
            real_load, told = b.store.load, b.store.on_change
            assert told is not None

            async def held_load(table_id: str) -> Any:
                stored = await real_load(table_id)
                if table_id == table:  # read: now held back until A's action is heard
                    read.set()
                    await release.wait()
                return stored

            def telling(table_id: str, change: Change) -> None:
                told(table_id, change)
                if table_id == table and change.number == 0:
                    heard.set()

            monkeypatch.setattr(b.store, "load", held_load)
            b.store.on_change = telling
            async with asyncio.timeout(30):
                loading = asyncio.create_task(b.room(table))
                await read.wait()
                seat = room_a.match.state.current
                async with raw_socket(at(links[seat], a)) as player:
                    await player.next("table")
                    action = room_a.match.state.decision_actions()[0]
                    await player.send(p.act(0, format_action(action)))
                    await heard.wait()  # B was told while its room was not there yet
                release.set()
                room_b = await loading
            assert room_b is not None
            await until(lambda: room_b.count == 1)
            assert room_b.record.actions == room_a.record.actions

    asyncio.run(main())


def test_a_server_that_opened_a_table_plays_its_computer_seat_once_the_holder_stops(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Server A holds the lease of a table whose computer is to move; server B opens
    the table for a person's link, then A stops before the computer moved: B plays it
    (a room opened for a link used to leave its computer players asleep: nobody did)."""
    from orbis_tui.remote import pg_presence, pgstore

    # B waits at most LEASE for A's lease, though A gives it up as it stops; a lease
    # long beside the heartbeat keeps a busy machine's stall of the test's one event
    # loop from handing B the lease, and the computer's move, while A still runs
    monkeypatch.setattr(pg_presence, "LEASE", 5.0)
    monkeypatch.setattr(pgstore, "HEARTBEAT", 0.2)

    async def main() -> None:
        assert POSTGRES_URL is not None
        async with (
            running_server(await PostgresStore.connect(POSTGRES_URL)) as b,
            AsyncExitStack() as server_a,
        ):
            store_a = await PostgresStore.connect(POSTGRES_URL)
            a = await server_a.enter_async_context(
                running_server(store_a, bot_pause=3600.0)
            )  # A takes the lease, then thinks for an hour
            dealt = await create_table(a.store, ["Ada", "Bot"], [HUMAN, "easy"], first_player=1)
            link = Link(url(b), PLAY, dealt.table, dealt.seat_tokens[0] or "")
            room_a = await a.room(dealt.table)
            assert room_a is not None
            room_a.wake_bots()  # as when a table is dealt
            async with asyncio.timeout(30):
                while await _lease_holder(dealt.table) != store_a.holder:
                    await asyncio.sleep(0.01)
            async with raw_socket(link) as ada:  # B opens the table for Ada
                assert (await ada.next("table"))["n"] == 0
                await server_a.aclose()  # A stops: its lease is given up
                async with asyncio.timeout(30):
                    while (await ada.next("change", timeout=30))["n"] == 0:
                        pass  # until B played the computer's move
            room_b = b.rooms[dealt.table]
            assert room_a.bot_moves == 0 and room_b.bot_moves > 0
            assert room_b.kinds == [HUMAN, "easy"]

    asyncio.run(main())


def _start_host(store: str, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "host", "--port", str(port), "--store", store],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert "hosted at" in line, line
    return proc


async def _lease_holder(table: str) -> str | None:
    import psycopg

    assert POSTGRES_URL is not None
    async with await psycopg.AsyncConnection.connect(POSTGRES_URL, autocommit=True) as conn:
        cur = await conn.execute("SELECT holder FROM orbis_leases WHERE table_id = %s", (table,))
        row = await cur.fetchone()
        return None if row is None else str(row[0])


def test_a_server_killed_while_its_computer_is_to_move_is_taken_over() -> None:
    assert POSTGRES_URL is not None
    port = free_port()
    first = _start_host(POSTGRES_URL, port)
    try:

        async def main() -> None:
            answer = await create_table_request(f"http://127.0.0.1:{port}", 2, {2: "easy"})
            table = answer["table"]
            person = parse_link(answer["seats"][0]["link"])
            # The person plays on the first server until it holds the computer's lease.
            early = asyncio.create_task(play_seat(person, random_chooser(5), timeout=120))
            async with asyncio.timeout(60):
                while await _lease_holder(table) is None:
                    assert not early.done()
                    await asyncio.sleep(0.05)
            early.cancel()
            with contextlib.suppress(BaseException):
                await early
            assert POSTGRES_URL is not None
            store = await PostgresStore.connect(POSTGRES_URL)
            async with running_server(store) as second:
                room_task = asyncio.create_task(
                    play_seat(at(person, second), random_chooser(6), timeout=120)
                )
                await until(lambda: table in second.rooms)
                room = second.rooms[table]
                await until(lambda: room.match.state.current == 1 or room_task.done(), 60)
                first.send_signal(signal.SIGKILL)  # its computer is to move
                first.wait()
                run = await room_task
                assert run.final is not None  # the second server played the computer on
                assert room.bot_moves > 0 and room.kinds == [HUMAN, "easy"]
                assert await _lease_holder(table) is None  # given up at the end of the game

        asyncio.run(main())
    finally:
        stop_process(first, 10)


class Cluster:
    """A PostgreSQL cluster of the test's own (tools/throwaway_postgres.sh), which it
    may restart or halt without disturbing the tests that run beside it."""

    def __init__(self) -> None:
        self.env = {**os.environ, "ORBIS_POSTGRES_DIR": f"/tmp/orbis-pg-{secrets.token_hex(6)}"}
        self.url = self.run("start")

    def run(self, verb: str) -> str:
        done = subprocess.run(
            ["bash", str(TOOL), verb], check=True, env=self.env, capture_output=True, text=True
        )
        return done.stdout.strip()


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    own = Cluster()
    try:
        yield own
    finally:
        own.run("stop")


def test_a_database_restart_mid_game_loses_nothing_and_the_servers_come_back(
    cluster: Cluster,
) -> None:
    restart_at = 12  # actions on the table when PostgreSQL restarts

    async def main() -> None:
        async with two_servers(cluster.url) as (a, b):
            links, watch, _ = await new_table(a, 2)
            told: list[p.ServerMessage | p.Unreadable] = []
            watcher = SeatLink(at(watch, b), told.append, lambda code, reason: None)
            watching = asyncio.create_task(watcher.run())
            runs = [SeatRun(), SeatRun()]
            seats = [
                asyncio.create_task(
                    play_seat_reconnecting(at(links[n], server), random_chooser(n), run=runs[n])
                )
                for n, server in enumerate((a, b))
            ]
            await until(lambda: any(count_of(v) >= restart_at for v in told), 60)
            await asyncio.to_thread(cluster.run, "restart")
            finals = await asyncio.gather(*seats)
            watcher.stop()
            watching.cancel()
            final = finals[0].final
            assert final is not None and final == finals[1].final
            moved = [v for v in told if isinstance(v, p.Moved)]
            for view in moved:  # everything the table told is in the finished game
                start = view.start - view.back
                assert final["actions"][start : start + len(view.entries)] == view.entries
            assert moved[-1].count > restart_at
            for server in (a, b):  # each deals tables again, by itself
                answer = await create_table_request(url(server), 2, {})
                assert answer["table"]
                assert isinstance(server.store, PostgresStore)
                await until(server.store.listening.is_set)

    asyncio.run(main())


def test_while_the_database_is_away_nothing_is_acknowledged_and_players_are_told(
    cluster: Cluster,
) -> None:
    async def main() -> None:
        async with two_servers(cluster.url) as (a, _b):
            links, _watch, _ = await new_table(a, 2)
            table = a.rooms[links[0].table if links[0] else ""]
            mover = table.match.state.current
            async with raw_socket(at(links[mover], a)) as seat:
                await seat.next("table")
                await asyncio.to_thread(cluster.run, "halt")
                try:
                    entry = random_chooser(0)(table.match.state)
                    await seat.send(p.act(0, format_action(entry)))
                    refusal = await seat.next("refused", timeout=30)
                    assert refusal["code"] == p.STORE_AWAY
                    assert table.count == 0  # nothing was played that was not stored
                    with pytest.raises(ValueError, match="cannot reach its store"):
                        await create_table_request(url(a), 2, {})
                finally:
                    await asyncio.to_thread(cluster.run, "resume")
                # the server comes back by itself: the same action is kept now
                async with asyncio.timeout(30):
                    await seat.send(p.act(0, format_action(entry)))
                    while True:
                        answer = await seat.next()
                        if answer["t"] == "refused":
                            assert answer["code"] == p.STORE_AWAY  # not yet: try again
                            await seat.send(p.act(0, format_action(entry)))
                        elif answer["t"] in ("table", "moved") and answer["n"] == 1:
                            break
                assert table.count == 1

    asyncio.run(main())


def test_the_players_of_a_server_that_died_are_no_longer_shown_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from orbis_tui.remote import pg_presence, pgstore

    monkeypatch.setattr(pg_presence, "PRESENCE", 1.0)
    monkeypatch.setattr(pgstore, "HEARTBEAT", 0.2)

    async def main() -> None:
        clock = Clock()
        async with two_servers(clock=clock) as (a, b):
            links, _watch, _ = await new_table(a, 3)
            async with raw_socket(at(links[0], a)) as ada, raw_socket(at(links[1], b)) as bo:
                await bo.next("table")
                while not (await ada.next("change"))["seats"][1]["here"]:
                    pass
                assert isinstance(b.store, PostgresStore)
                for task in b.store._tasks:  # server B stops as a killed one would
                    task.cancel()
                while (await ada.next("change"))["seats"][1]["here"]:
                    pass  # Bo's presence expired: A shows him away, and m is his seat's
                clock.now += 31.0  # once his grace is over
                await ada.send(p.stand_in(1, "easy"))
                while (await ada.next("change"))["seats"][1]["stand_in"] != "easy":
                    pass

    asyncio.run(main())


def test_a_seat_that_leaves_another_server_is_shown_away_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its leaving is told (NOTIFY), not left to the heartbeat, which is only for a
    server that dies: here no heartbeat runs while the test does."""
    from orbis_tui.remote import pgstore

    monkeypatch.setattr(pgstore, "HEARTBEAT", 3600.0)

    async def main() -> None:
        async with own_schema() as database, two_servers(database) as (a, b):
            links, _watch, _ = await new_table(a, 3)
            async with raw_socket(at(links[0], a)) as ada:
                await ada.next("table")
                async with raw_socket(at(links[1], b)) as bo:
                    await bo.next("table")
                    while not (await ada.next("change"))["seats"][1]["here"]:
                        pass
                while (await ada.next("change"))["seats"][1]["here"]:
                    pass  # Bo closed his screen at B: A shows him away

    asyncio.run(main())


def test_the_seats_a_stopping_server_gives_up_are_shown_away_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server that stops gives up its seats' rows of presence, and says so, even
    for a seat whose leaving it had not stored (it stopped meanwhile): the others need
    not wait for the rows to expire (no heartbeat runs while the test does)."""
    from orbis_tui.remote import pgstore

    monkeypatch.setattr(pgstore, "HEARTBEAT", 3600.0)

    async def main() -> None:
        async with (
            own_schema() as database,
            running_server(await PostgresStore.connect(database)) as a,
        ):
            links, _watch, _ = await new_table(a, 3)
            table = links[0].table if links[0] else ""
            async with raw_socket(at(links[0], a)) as ada:
                await ada.next("table")
                b = await PostgresStore.connect(database)
                await b.set_present(table, 1, True)  # Bo sits at server B's store
                while not (await ada.next("change"))["seats"][1]["here"]:
                    pass
                await b.close()  # B stops before his leaving was stored
                while (await ada.next("change"))["seats"][1]["here"]:
                    pass

    asyncio.run(main())


def test_a_message_said_at_one_server_reaches_the_seats_at_the_other() -> None:
    async def main() -> None:
        async with two_servers() as (a, b):
            links, watch, _ = await new_table(a, 2)
            async with raw_socket(at(links[0], a)) as ada, raw_socket(at(links[1], b)) as bo:
                await ada.next("table")
                await bo.next("table")
                async with raw_socket(at(watch, b)) as watcher:
                    await watcher.next("table")
                    await ada.send(p.say("hello from server A"))
                    for name, each in (("ada", ada), ("bo", bo), ("watcher", watcher)):
                        line = (await chat_heard(name, each))["lines"][-1]  # B: by NOTIFY
                        assert (line["seat"], line["text"]) == (0, "hello from server A")
                    await bo.send(p.say("and back from B"))
                    line = (await chat_heard("ada", ada))["lines"][-1]
                    assert (line["seat"], line["text"]) == (1, "and back from B")
            # a seat that sits down at server B later is sent both, once each
            async with raw_socket(at(links[0], b)) as again:
                await again.next("table")
                lines = (await again.next("chat"))["lines"]
                assert [line["text"] for line in lines] == [
                    "hello from server A",
                    "and back from B",
                ]

    asyncio.run(main())
