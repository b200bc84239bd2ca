"""The tables in PostgreSQL (psycopg 3), for several server processes at once.

An action is added by one statement that refuses a number other than the table's
action count, or (when two processes add at once) a number already taken, by the
primary key (:class:`~orbis_tui.remote.store.StaleWrite`); other changes are one
transaction that first locks the table's row, so two processes take turns. After each change a
``NOTIFY orbis_tables`` names the table: every other server process listening
reloads that table and tells its own seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Callable
from typing import Any

from .store import StaleWrite, StoredTable, StoreError

CHANNEL = "orbis_tables"

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS orbis_tables (
        id TEXT PRIMARY KEY, setup TEXT NOT NULL, watch_hash TEXT NOT NULL,
        extra TEXT NOT NULL DEFAULT '{}', finished BOOLEAN NOT NULL DEFAULT FALSE)""",
    """CREATE TABLE IF NOT EXISTS orbis_seats (
        table_id TEXT NOT NULL REFERENCES orbis_tables (id), seat INTEGER NOT NULL,
        token_hash TEXT, PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS orbis_actions (
        table_id TEXT NOT NULL REFERENCES orbis_tables (id), number INTEGER NOT NULL,
        entry TEXT NOT NULL, PRIMARY KEY (table_id, number))""",
]


CONNECTIONS = 4  # statements for different tables go at once, each on its own connection


class PostgresStore:
    on_change: Callable[[str], None] | None = None

    def __init__(self, conns: list[Any], listener: Any) -> None:
        self._conns = conns
        self._free: asyncio.Queue[Any] = asyncio.Queue()
        for conn in conns:
            self._free.put_nowait(conn)
        self._listener = listener
        self._origin = f"{os.getpid()}-{id(self)}"
        self._listen_task = asyncio.get_running_loop().create_task(self._listen())

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[Any]:
        """A connection of this store's for one statement or transaction. The changes of
        one table never overlap (its room takes one intent at a time), so they keep
        their order whichever connection each goes through."""
        conn = await self._free.get()
        try:
            yield conn
        finally:
            self._free.put_nowait(conn)

    @classmethod
    async def connect(cls, url: str, *, durable: bool = False) -> PostgresStore:
        """``durable``: each change waits for PostgreSQL's disk. By default it waits
        only for PostgreSQL to have it (``synchronous_commit = off``): like the SQLite
        store's, a change survives the table server being killed, but not PostgreSQL
        or the machine stopping in the fraction of a second after it."""
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "PostgreSQL needs the psycopg package: pip install 'orbis-tui[postgres]'"
            ) from None
        try:
            conns = [
                await psycopg.AsyncConnection.connect(url, autocommit=True)
                for _ in range(CONNECTIONS)
            ]
            listener = await psycopg.AsyncConnection.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to PostgreSQL: {exc}".strip()) from None
        if not durable:
            for conn in conns:
                await conn.execute("SET synchronous_commit = off")
        conn = conns[0]
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(7411)")  # one schema writer
            for statement in _SCHEMA:
                await conn.execute(statement)
        await listener.execute(f"LISTEN {CHANNEL}")
        return cls(conns, listener)

    async def _listen(self) -> None:
        with contextlib.suppress(Exception):
            async for note in self._listener.notifies():
                origin, _sep, table_id = note.payload.partition(":")
                if origin != self._origin and self.on_change is not None:
                    self.on_change(table_id)

    def _note(self, table_id: str) -> str:
        return f"{self._origin}:{table_id}"

    async def _notify(self, conn: Any, table_id: str) -> None:
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self._note(table_id)))

    async def create(self, table: StoredTable) -> None:
        async with self._conn() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO orbis_tables (id, setup, watch_hash, extra) VALUES (%s, %s, %s, %s)",
                (table.id, table.setup, table.watch_hash, json.dumps(table.extra)),
            )
            async with conn.cursor() as cur:
                await cur.executemany(
                    "INSERT INTO orbis_seats VALUES (%s, %s, %s)",
                    [(table.id, n, h) for n, h in enumerate(table.seat_hashes)],
                )

    async def load(self, table_id: str) -> StoredTable | None:
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT setup, watch_hash, extra FROM orbis_tables WHERE id = %s", (table_id,)
            )
            row = await cur.fetchone()
            if row is None:
                return None
            cur = await conn.execute(
                "SELECT token_hash FROM orbis_seats WHERE table_id = %s ORDER BY seat",
                (table_id,),
            )
            seats = await cur.fetchall()
            cur = await conn.execute(
                "SELECT entry FROM orbis_actions WHERE table_id = %s ORDER BY number", (table_id,)
            )
            actions = await cur.fetchall()
        return StoredTable(
            table_id, row[0], [s[0] for s in seats], row[1], [a[0] for a in actions],
            json.loads(row[2]),
        )  # fmt: skip

    async def live_tables(self) -> list[str]:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT id FROM orbis_tables WHERE NOT finished")
            return [r[0] for r in await cur.fetchall()]

    async def append(self, table_id: str, number: int, entry: str) -> None:
        import psycopg

        # One statement, one round trip: the action goes in only at the end of the
        # table's actions (a gap is refused by the count, a number taken by the primary
        # key, whichever process comes second), and the others are told in the same go.
        async with self._conn() as conn:
            try:
                cur = await conn.execute(
                    """WITH added AS (
                        INSERT INTO orbis_actions
                        SELECT %(t)s, %(n)s, %(e)s
                        WHERE (SELECT COUNT(*) FROM orbis_actions WHERE table_id = %(t)s) = %(n)s
                        RETURNING number)
                    SELECT pg_notify(%(c)s, %(o)s) FROM added""",
                    {
                        "t": table_id,
                        "n": number,
                        "e": entry,
                        "c": CHANNEL,
                        "o": self._note(table_id),
                    },
                )
                added = await cur.fetchall()
            except psycopg.errors.UniqueViolation:
                raise StaleWrite(number) from None
        if not added:
            raise StaleWrite(number)

    async def _locked_count(self, conn: Any, table_id: str, number: int) -> None:
        """Lock the table's row; the action count must be ``number``."""
        await conn.execute("SELECT 1 FROM orbis_tables WHERE id = %s FOR UPDATE", (table_id,))
        cur = await conn.execute(
            "SELECT COUNT(*) FROM orbis_actions WHERE table_id = %s", (table_id,)
        )
        row = await cur.fetchone()
        if row is None or row[0] != number:
            raise StaleWrite(number)

    async def remove(self, table_id: str, number: int) -> None:
        async with self._conn() as conn:
            async with conn.transaction():
                await self._locked_count(conn, table_id, number + 1)
                await conn.execute(
                    "DELETE FROM orbis_actions WHERE table_id = %s AND number = %s",
                    (table_id, number),
                )
            await self._notify(conn, table_id)

    async def set_extra(self, table_id: str, extra: dict[str, Any]) -> None:
        async with self._conn() as conn:
            await conn.execute(
                "UPDATE orbis_tables SET extra = %s WHERE id = %s", (json.dumps(extra), table_id)
            )
            await self._notify(conn, table_id)

    async def finish(self, table_id: str) -> None:
        async with self._conn() as conn:
            await conn.execute("UPDATE orbis_tables SET finished = TRUE WHERE id = %s", (table_id,))

    async def close(self) -> None:
        self._listen_task.cancel()
        with contextlib.suppress(BaseException):
            await self._listen_task
        for conn in self._conns:
            await conn.close()
        await self._listener.close()
