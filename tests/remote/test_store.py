"""The store of tables: the same behaviour on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
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

from .conftest import POSTGRES_URL


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
