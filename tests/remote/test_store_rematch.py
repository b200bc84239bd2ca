"""A finished table's rematch in the store: who said yes, who declined (and when),
on SQLite and PostgreSQL, in a store made before the declines were kept too."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path

from orbis_tui.remote.links import new_table_id
from orbis_tui.remote.store import StoredTable, TableStore, open_store

from .conftest import POSTGRES_URL, own_schema


async def _open(kind: str, tmp_path: Path) -> TableStore:
    if kind == "sqlite":
        return await open_store(str(tmp_path / "tables.db"))
    assert POSTGRES_URL is not None
    return await open_store(POSTGRES_URL)


def test_who_declined_a_rematch_is_kept_and_a_new_yes_clears_it(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        store = await _open(store_kind, tmp_path)
        try:
            table = StoredTable(new_table_id(), "{}", ["aa", "bb", "cc"], "ww")
            await store.create(table)
            try:
                await store.answer_rematch(table.id, 0, True, 100.0)
                await store.answer_rematch(table.id, 2, False, 150.0)
                loaded = await store.load(table.id)
                assert loaded is not None
                rematch = loaded.rematch
                assert rematch.yes == {} and (rematch.declined, rematch.declined_at) == (2, 150.0)
                await store.answer_rematch(table.id, 1, False, 160.0)  # the later no holds
                loaded = await store.load(table.id)
                assert loaded is not None and loaded.rematch.declined == 1
                await store.answer_rematch(table.id, 1, True, 200.0)  # asked again
                loaded = await store.load(table.id)
                assert loaded is not None
                assert loaded.rematch.yes == {1: 200.0} and loaded.rematch.declined is None
            finally:
                await store.finish(table.id)  # the other tests' servers never load it
        finally:
            await store.close()

    asyncio.run(main())


def test_a_store_made_before_the_declines_table_gets_it_and_keeps_working(
    store_kind: str, tmp_path: Path
) -> None:
    """A store made by a version that kept no declines (no ``rematch_declines``
    table): a server started on it adds the table, and the tables and rematches stored
    before are read as they were."""

    async def old_store(table: StoredTable, where: str) -> None:
        """A store at ``where`` holding ``table``, asked for a rematch, made as before
        the declines: without their table."""
        store = await open_store(where)
        try:
            await store.create(table)
            await store.answer_rematch(table.id, 0, True, 100.0)
        finally:
            await store.close()
        if store_kind == "sqlite":
            with contextlib.closing(sqlite3.connect(where)) as db:
                db.execute("DROP TABLE rematch_declines")
                db.commit()
            return
        import psycopg

        async with await psycopg.AsyncConnection.connect(where, autocommit=True) as pg:
            await pg.execute("DROP TABLE orbis_rematch_declines")

    async def main() -> None:
        table = StoredTable(new_table_id(), "{}", ["aa", "bb"], "ww")
        async with contextlib.AsyncExitStack() as stack:
            if store_kind == "sqlite":
                where = str(tmp_path / "tables.db")
            else:  # a schema of its own: the one the other tests share is left as it is
                where = await stack.enter_async_context(own_schema())
            await old_store(table, where)
            store = await open_store(where)  # the declines table is added here
            try:
                loaded = await store.load(table.id)
                assert loaded is not None and loaded.rematch.yes == {0: 100.0}
                await store.answer_rematch(table.id, 1, False, 150.0)
            finally:
                await store.close()
            store = await open_store(where)  # and found at the next start
            try:
                loaded = await store.load(table.id)
                assert loaded is not None and loaded.rematch.yes == {}
                assert (loaded.rematch.declined, loaded.rematch.declined_at) == (1, 150.0)
                assert table.id in await store.live_tables()
            finally:
                await store.close()

    asyncio.run(main())
