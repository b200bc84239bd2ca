"""The store of tables: the same behaviour on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from pathlib import Path

import pytest

from orbis_tui.remote.links import new_table_id
from orbis_tui.remote.store import (
    SqliteStore,
    StaleWrite,
    StoredTable,
    StoreError,
    TableStore,
    open_store,
)

from .conftest import POSTGRES_SERVER, POSTGRES_URL


async def _open(kind: str, tmp_path: Path) -> TableStore:
    if kind == "sqlite":
        return await open_store(str(tmp_path / "tables.db"))
    assert POSTGRES_URL is not None
    return await open_store(POSTGRES_URL)


def test_tables_seats_and_actions_round_trip(store_kind: str, tmp_path: Path) -> None:
    async def main() -> None:
        store = await _open(store_kind, tmp_path)
        try:
            table = StoredTable(new_table_id(), '{"setup": 1}', ["aa", None], "ww")
            await store.create(table)
            assert table.id in await store.live_tables()
            await store.append(table.id, 0, "take 1")
            await store.append(table.id, 1, "pay")
            with pytest.raises(StaleWrite):
                await store.append(table.id, 1, "wild")  # the place is taken
            with pytest.raises(StaleWrite):
                await store.remove(table.id, 0)  # not the last action
            await store.remove(table.id, 1)
            await store.set_extra(table.id, {"hints": [0]})
            loaded = await store.load(table.id)
            assert loaded is not None
            assert loaded.actions == ["take 1"] and loaded.seat_hashes == ["aa", None]
            assert loaded.extra == {"hints": [0]} and loaded.watch_hash == "ww"
            await store.finish(table.id)
            assert table.id not in await store.live_tables()
            assert await store.load("nosuchtable") is None
        finally:
            await store.close()

    asyncio.run(main())


def test_a_second_server_on_one_sqlite_file_refuses(tmp_path: Path) -> None:
    first = SqliteStore(tmp_path / "tables.db")
    try:
        with pytest.raises(StoreError, match="in use by another table server"):
            SqliteStore(tmp_path / "tables.db")
    finally:
        asyncio.run(first.close())
    SqliteStore(tmp_path / "tables.db")  # free again once the first is closed


def test_a_file_that_is_not_a_store_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database, only words\n" * 100)
    with pytest.raises(StoreError, match="not a table store"):
        SqliteStore(path)


def test_sqlite_calls_run_off_the_event_loop_in_the_order_they_were_made(tmp_path: Path) -> None:
    async def main() -> None:
        store = SqliteStore(tmp_path / "tables.db", durable=True)
        threads: set[int] = set()
        store._db.set_trace_callback(lambda _sql: threads.add(threading.get_ident()))
        try:
            table = StoredTable(new_table_id(), "{}", ["aa"], "ww")
            await store.create(table)
            await asyncio.gather(*(store.append(table.id, n, f"take {n}") for n in range(50)))
            loaded = await store.load(table.id)
            assert loaded is not None and loaded.actions == [f"take {n}" for n in range(50)]
        finally:
            await store.close()
        assert threads and threading.get_ident() not in threads  # never the loop's thread

    asyncio.run(main())


def test_a_read_only_store_file_is_refused_at_start(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    asyncio.run(SqliteStore(path).close())
    path.chmod(0o444)
    with pytest.raises(StoreError, match="read-only"):
        SqliteStore(path)
    path.chmod(0o644)
    asyncio.run(SqliteStore(path).close())  # writable again: it opens


def test_another_programs_sqlite_file_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (name TEXT, size INTEGER)")
    with pytest.raises(StoreError, match=r"another program's tables.*'tables' has no column"):
        SqliteStore(path)


def test_a_damaged_table_is_set_aside_and_the_others_are_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from .server_helpers import new_table, running_server

    path = tmp_path / "tables.db"

    async def deal() -> tuple[str, str]:
        async with running_server(path) as server:
            _, _, sound = await new_table(server, 2)
            _, _, damaged = await new_table(server, 2)
        return sound["table"], damaged["table"]

    sound, damaged = asyncio.run(deal())
    with sqlite3.connect(path) as db:
        db.execute("UPDATE tables SET extra = '[1,2' WHERE id = ?", (damaged,))

    async def serve_again() -> None:
        async with running_server(path) as server:
            assert sound in server.rooms and damaged not in server.rooms
            assert await server.room(damaged) is None

    with caplog.at_level(logging.ERROR, logger="orbis.host"):
        asyncio.run(serve_again())
    assert any(damaged in r.getMessage() and "set aside" in r.getMessage() for r in caplog.records)


def test_a_change_of_another_server_is_taken_up_once_the_store_is_back(tmp_path: Path) -> None:
    from orbis_tui.engine import format_action
    from orbis_tui.remote.store import Change, StoreUnavailable

    from .server_helpers import new_table, running_server

    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            _, _, answer = await new_table(server, 2)
            room = server.rooms[answer["table"]]
            entry = format_action(room.match.state.decision_actions()[0])
            await server.store.append(room.id, 0, entry)  # as another server process would
            load = server.store.load
            failures = [StoreUnavailable("the database restarts")]

            async def away_once(table_id: str) -> StoredTable | None:
                if failures:
                    raise failures.pop()
                return await load(table_id)

            server.store.load = away_once  # type: ignore[method-assign]
            server._changed_elsewhere(room.id, Change())  # "load it": the store is away
            async with asyncio.timeout(20):
                while room.count != 1:
                    await asyncio.sleep(0.01)
            assert not failures and room.record.actions == [entry]

    asyncio.run(main())


@pytest.mark.skipif(POSTGRES_URL is None, reason="no PostgreSQL server (ORBIS_TEST_POSTGRES)")
def test_a_postgresql_database_in_sql_ascii_gives_text_not_bytes() -> None:
    import secrets
    from urllib.parse import urlsplit

    import psycopg

    assert POSTGRES_SERVER is not None
    name = f"orbis_ascii_{secrets.token_hex(4)}"

    async def main() -> None:
        admin = await psycopg.AsyncConnection.connect(POSTGRES_SERVER, autocommit=True)
        async with admin:
            await admin.execute(
                f"CREATE DATABASE {name} ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' "
                "TEMPLATE template0"
            )
            try:
                ascii_url = urlsplit(POSTGRES_SERVER)._replace(path=f"/{name}").geturl()
                store = await open_store(ascii_url)
                try:
                    table = StoredTable(new_table_id(), "{}", ["aa", None], "ww", extra={})
                    await store.create(table)
                    await store.append(table.id, 0, "take 1")
                    loaded = await store.load(table.id)
                    assert loaded is not None
                    assert loaded.seat_hashes == ["aa", None] and loaded.actions == ["take 1"]
                    assert loaded.watch_hash == "ww" and loaded.setup == "{}"
                finally:
                    await store.close()
            finally:
                await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")

    asyncio.run(main())


def test_the_servers_own_tasks_are_kept_and_ended_with_it(tmp_path: Path) -> None:
    from orbis_tui.remote.store import Change, StoreUnavailable

    from .server_helpers import new_table, running_server

    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            _, _, answer = await new_table(server, 2)

            async def away(table_id: str) -> StoredTable | None:
                raise StoreUnavailable("the database is away")

            server.store.load = away  # type: ignore[method-assign]
            server._changed_elsewhere(answer["table"], Change())
            kept = set(server._tasks)
            assert len(kept) == 1  # held by the server while it tries again
        assert all(task.done() for task in kept)  # and ended with it, not left behind

    asyncio.run(main())


def test_a_store_whose_pages_are_damaged_is_refused_at_start_and_left_as_it_is(
    tmp_path: Path,
) -> None:
    import random

    path = tmp_path / "tables.db"

    async def deal() -> None:
        store = SqliteStore(path)
        try:
            for _ in range(3):
                await store.create(StoredTable(new_table_id(), "{}" + " " * 5000, ["aa"], "ww"))
        finally:
            await store.close()

    asyncio.run(deal())
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 2 * page
    rng = random.Random(38)
    data[page:] = bytes(rng.randrange(256) for _ in range(len(data) - page))  # all but the first
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"is damaged \(database disk image is malformed\)"):
        SqliteStore(path)
    assert path.read_bytes() == bytes(data)


def test_a_table_whose_text_cannot_be_decoded_is_set_aside_and_the_others_are_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from .server_helpers import new_table, running_server

    path = tmp_path / "tables.db"

    async def deal() -> tuple[str, str]:
        async with running_server(path) as server:
            _, _, sound = await new_table(server, 2)
            _, _, damaged = await new_table(server, 2)
        return sound["table"], damaged["table"]

    sound, damaged = asyncio.run(deal())
    with sqlite3.connect(path) as db:  # not UTF-8, and a line break and an escape in it
        db.execute("UPDATE tables SET setup = CAST(x'7b0a1bff' AS TEXT) WHERE id = ?", (damaged,))

    async def serve_again() -> None:
        async with running_server(path) as server:
            assert sound in server.rooms and damaged not in server.rooms

    with caplog.at_level(logging.ERROR, logger="orbis.host"):
        asyncio.run(serve_again())
    (line,) = [r.getMessage() for r in caplog.records if damaged in r.getMessage()]
    assert "set aside" in line and "its rows are damaged" in line
    assert line.isprintable()  # one line, no raw escape
    with sqlite3.connect(path) as db:  # kept as it was, for whoever repairs it
        db.text_factory = bytes
        (kept,) = db.execute("SELECT setup FROM tables WHERE id = ?", (damaged,)).fetchone()
    assert kept == b"{\n\x1b\xff"


def test_another_programs_sqlite_file_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (name TEXT, size INTEGER)")
        db.execute("INSERT INTO tables VALUES ('kitchen', 4)")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="another program's tables"):
        SqliteStore(path)
    assert path.read_bytes() == before  # not even turned to WAL mode
    assert not Path(f"{path}-wal").exists()


def test_a_path_with_escapes_is_named_with_its_escapes_visible(tmp_path: Path) -> None:
    path = tmp_path / "esc\x1b]0;X\x07.db"
    asyncio.run(SqliteStore(path).close())
    path.chmod(0o444)
    with pytest.raises(StoreError, match="read-only") as refused:
        SqliteStore(path)
    assert "\x1b" not in str(refused.value) and "esc\\x1b]0;X\\x07.db" in str(refused.value)


@pytest.mark.parametrize(
    ("schema", "named"),
    [
        ("CREATE TABLE notes (id INTEGER, body TEXT)", "its table 'notes'"),
        ("CREATE VIEW actions AS SELECT 1 table_id, 0 number, 'x' entry", "its view 'actions'"),
    ],
)
def test_a_file_with_tables_of_another_name_or_a_view_is_refused_and_left_alone(
    tmp_path: Path, schema: str, named: str
) -> None:
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as db:
        db.execute(schema)
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=f"another program's tables.*{named}"):
        SqliteStore(path)
    assert path.read_bytes() == before  # none of the store's tables written into it


def test_a_pipe_named_as_the_store_is_refused_with_a_message(tmp_path: Path) -> None:
    import os

    path = tmp_path / "tables.db"
    os.mkfifo(path)
    with pytest.raises(StoreError, match="not a table store"):
        SqliteStore(path)
    asyncio.run(SqliteStore(tmp_path / "other.db").close())  # the lock of the first is free


def test_a_table_whose_hints_are_null_is_set_aside_and_the_others_are_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from .server_helpers import new_table, running_server

    path = tmp_path / "tables.db"

    async def deal() -> tuple[str, str]:
        async with running_server(path) as server:
            _, _, sound = await new_table(server, 2)
            _, _, damaged = await new_table(server, 2)
        return sound["table"], damaged["table"]

    sound, damaged = asyncio.run(deal())
    relaxed = tmp_path / "relaxed.db"  # the same columns without NOT NULL: a NULL fits
    with sqlite3.connect(relaxed) as db:
        db.execute("ATTACH DATABASE ? AS sound", (str(path),))
        for name in ("tables", "seats", "actions"):
            db.execute(f"CREATE TABLE main.{name} AS SELECT * FROM sound.{name}")
        db.execute("UPDATE tables SET extra = NULL WHERE id = ?", (damaged,))
    db.close()

    async def serve_again() -> None:
        async with running_server(relaxed) as server:
            assert sound in server.rooms and damaged not in server.rooms

    with caplog.at_level(logging.ERROR, logger="orbis.host"):
        asyncio.run(serve_again())
    (line,) = [r.getMessage() for r in caplog.records if damaged in r.getMessage()]
    assert "set aside" in line and "NoneType, not text" in line


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        ("UPDATE tables SET watch_hash = x'00ff' WHERE id = ?", "its watching hash"),
        ("UPDATE seats SET token_hash = 'é' WHERE table_id = ? AND seat = 1", "seat 1's hash"),
        ("UPDATE tables SET setup = x'7b7d' WHERE id = ?", "its setup is not text"),
    ],
)
def test_a_table_whose_hashes_or_setup_are_not_usable_text_is_set_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str, named: str
) -> None:
    """Served, such a table would fail at every seat's link (a TypeError comparing it)."""
    from .server_helpers import new_table, running_server

    path = tmp_path / "tables.db"

    async def deal() -> tuple[str, str]:
        async with running_server(path) as server:
            _, _, sound = await new_table(server, 2)
            _, _, damaged = await new_table(server, 2)
        return sound["table"], damaged["table"]

    sound, damaged = asyncio.run(deal())
    with sqlite3.connect(path) as db:
        db.execute(damage, (damaged,))
    db.close()

    async def serve_again() -> None:
        async with running_server(path) as server:
            assert sound in server.rooms and damaged not in server.rooms
            assert server.rooms[sound].seat_of("someone") is None

    with caplog.at_level(logging.ERROR, logger="orbis.host"):
        asyncio.run(serve_again())
    (line,) = [r.getMessage() for r in caplog.records if damaged in r.getMessage()]
    assert "set aside" in line and named in line


def test_a_table_row_without_an_id_or_with_an_odd_finished_is_set_aside_with_a_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "tables.db"

    async def deal() -> list[str]:
        store = SqliteStore(path)
        try:
            ids = [new_table_id() for _ in range(4)]
            for table_id in ids:
                await store.create(StoredTable(table_id, "{}", ["aa"], "ww"))
            await store.finish(ids[3])
            return ids
        finally:
            await store.close()

    sound, no_id, odd, done = asyncio.run(deal())
    relaxed = tmp_path / "relaxed.db"  # the same columns without NOT NULL: a NULL fits
    with sqlite3.connect(relaxed) as db:
        db.execute("ATTACH DATABASE ? AS sound", (str(path),))
        for name in ("tables", "seats", "actions"):
            db.execute(f"CREATE TABLE main.{name} AS SELECT * FROM sound.{name}")
        db.execute("UPDATE tables SET id = NULL WHERE id = ?", (no_id,))
        db.execute("UPDATE tables SET finished = 'half' WHERE id = ?", (odd,))
    db.close()

    async def live() -> list[str]:
        store = SqliteStore(relaxed)
        try:
            return await store.live_tables()
        finally:
            await store.close()

    with caplog.at_level(logging.ERROR, logger="orbis.host"):
        assert asyncio.run(live()) == [sound]
    lines = [r.getMessage() for r in caplog.records]
    assert sum("set aside" in line and "without an id" in line for line in lines) == 1
    (line,) = [line for line in lines if odd in line]
    assert "set aside" in line and "'half'" in line
    assert not any(done in line for line in lines)  # a finished table is no news


@pytest.mark.skipif(POSTGRES_URL is None, reason="no PostgreSQL server (ORBIS_TEST_POSTGRES)")
@pytest.mark.parametrize(
    ("damage", "named"),
    [
        ("UPDATE orbis_tables SET watch_hash = 'wé' WHERE id = %s", "its watching hash"),
        ("UPDATE orbis_seats SET token_hash = 'é' WHERE table_id = %s AND seat = 1", "seat 1's"),
    ],
)
def test_a_postgresql_table_whose_hash_is_not_ascii_is_set_aside(damage: str, named: str) -> None:
    """As on SQLite: served, such a table would fail at every seat's link (comparing
    a token with it raises TypeError)."""
    import psycopg

    from orbis_tui.remote.store import DamagedTable

    assert POSTGRES_URL is not None

    async def main() -> None:
        store = await open_store(POSTGRES_URL)
        try:
            table = StoredTable(new_table_id(), "{}", ["aa", "bb"], "ww")
            await store.create(table)
            try:
                async with await psycopg.AsyncConnection.connect(
                    POSTGRES_URL, autocommit=True
                ) as db:
                    await db.execute(damage.encode(), (table.id,))
                with pytest.raises(DamagedTable, match=named):
                    await store.load(table.id)
            finally:
                await store.finish(table.id)  # the other tests' servers never load it
        finally:
            await store.close()

    asyncio.run(main())


@pytest.mark.skipif(POSTGRES_URL is None, reason="no PostgreSQL server (ORBIS_TEST_POSTGRES)")
def test_two_postgresql_servers_dealing_a_rematch_at_once_agree_on_the_first_one_stored() -> None:
    """The second server's statement waits for the first's row, then answers that one
    (it used to answer its own: its statement began before the first's row was stored,
    and could not see it; each server sent its seats to the table it had dealt)."""
    import psycopg

    assert POSTGRES_URL is not None

    async def blocked_by(db: psycopg.AsyncConnection[tuple[int]], pid: int) -> bool:
        cur = await db.execute(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))",
            (pid,),
        )
        row = await cur.fetchone()
        return row is not None and row[0] > 0

    async def main() -> None:
        store = await open_store(POSTGRES_URL)
        try:
            table = StoredTable(new_table_id(), "{}", ["aa", "bb"], "ww")
            await store.create(table)
            try:
                async with (
                    await psycopg.AsyncConnection.connect(POSTGRES_URL) as first,
                    await psycopg.AsyncConnection.connect(POSTGRES_URL, autocommit=True) as db,
                ):
                    await first.execute(  # the first server's deal, not yet committed
                        "INSERT INTO orbis_rematches VALUES (%s, 'FirstDealt00')", (table.id,)
                    )
                    second = asyncio.create_task(store.set_next_table(table.id, "SecondDealt0"))
                    async with asyncio.timeout(30):
                        while not await blocked_by(db, first.info.backend_pid):
                            await asyncio.sleep(0.01)  # until the second one waits for it
                    await first.commit()
                    assert await second == "FirstDealt00"
            finally:
                await store.finish(table.id)  # the other tests' servers never load it
        finally:
            await store.close()

    asyncio.run(main())
