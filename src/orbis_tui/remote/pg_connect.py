"""Reaching PostgreSQL: the store's tables made once, and a pool of connections checked before use.

:func:`open_pool` connects once to make the store's tables, one server process at a
time (an advisory lock), refusing a database that holds another program's tables
under the same names; a store made by an older version gets the tables added since
at its next start. It then opens the pool every statement goes through: a connection
idle for a while is tried before it is lent (the database may have restarted), one
in constant use is not, which saves a round trip per statement under load. Every
connection runs each statement as its own transaction unless one is opened, and
speaks UTF-8 whatever the database's own encoding.
"""

from __future__ import annotations

import time
from typing import Any

from .store_types import StoreError, foreign_schema

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
    # Who is at which seat, on which server process, until when (renewed by a heartbeat).
    """CREATE TABLE IF NOT EXISTS orbis_presence (
        table_id TEXT NOT NULL, seat INTEGER NOT NULL, holder TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL, PRIMARY KEY (table_id, seat, holder))""",
    # Until when an absent person's seat waits for them (by the servers' shared clock).
    """CREATE TABLE IF NOT EXISTS orbis_graces (
        table_id TEXT NOT NULL, seat INTEGER NOT NULL, until DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, seat))""",
    # The messages said at each table (beside it, not in its record).
    """CREATE TABLE IF NOT EXISTS orbis_chat (
        id BIGSERIAL PRIMARY KEY, table_id TEXT NOT NULL REFERENCES orbis_tables (id),
        seat INTEGER NOT NULL, at INTEGER NOT NULL, text TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS orbis_chat_of_table ON orbis_chat (table_id, id)",
    # Which server process plays a table's computer seats, until when.
    """CREATE TABLE IF NOT EXISTS orbis_leases (
        table_id TEXT PRIMARY KEY, holder TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL)""",
    # The host's own values: the hash of the host's key.
    """CREATE TABLE IF NOT EXISTS orbis_host (name TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    # The turn clocks and rematches: tables of their own (a store made before them
    # gets them at the next start).
    """CREATE TABLE IF NOT EXISTS orbis_clocks (
        table_id TEXT PRIMARY KEY REFERENCES orbis_tables (id), seconds FLOAT8 NOT NULL,
        level TEXT NOT NULL, seat INTEGER, deadline FLOAT8)""",
    """CREATE TABLE IF NOT EXISTS orbis_rematch_answers (
        table_id TEXT NOT NULL REFERENCES orbis_tables (id), seat INTEGER NOT NULL,
        at FLOAT8 NOT NULL, PRIMARY KEY (table_id, seat))""",
    """CREATE TABLE IF NOT EXISTS orbis_rematches (
        table_id TEXT PRIMARY KEY REFERENCES orbis_tables (id), next_table TEXT NOT NULL)""",
    # Who said no to the last rematch proposed, and when (added after the tables above).
    """CREATE TABLE IF NOT EXISTS orbis_rematch_declines (
        table_id TEXT PRIMARY KEY REFERENCES orbis_tables (id), seat INTEGER NOT NULL,
        at FLOAT8 NOT NULL)""",
]

# Every connection: each statement its own transaction unless one is opened; text in
# UTF-8 whatever the database's own encoding (a SQL_ASCII database would give bytes).
CONNECTION_OPTIONS: dict[str, Any] = {"autocommit": True, "client_encoding": "utf8"}

POOL_MIN = 4
POOL_MAX = 24  # statements for different tables go at once, each on its own connection
WAIT = 4.0  # seconds a statement waits for a connection before the store is "away"
CHECK_IDLE = 1.0  # a connection idle this long is checked (one round trip) before its use


async def open_pool(url: str, *, durable: bool) -> Any:
    """Make the store's tables if they are not there, then open the pool of connections
    (StoreError saying why, when PostgreSQL cannot be reached or holds other tables).
    ``durable``: see :meth:`~.pgstore.PostgresStore.connect`."""
    try:
        import psycopg
        from psycopg_pool import AsyncConnectionPool
    except ImportError:
        raise StoreError(
            "PostgreSQL needs the psycopg and psycopg-pool packages: "
            "pip install 'orbis-tui[postgres]'"
        ) from None
    try:
        conn = await psycopg.AsyncConnection.connect(url, **CONNECTION_OPTIONS)
    except psycopg.Error as exc:
        raise StoreError(f"cannot connect to PostgreSQL: {exc}".strip()) from None
    async with conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(7411)")  # one schema writer
        cur = await conn.execute(
            """SELECT table_name, column_name FROM information_schema.columns
                WHERE table_schema = current_schema()"""
        )
        found: dict[str, set[str]] = {}
        for table, column in await cur.fetchall():
            found.setdefault(table, set()).add(column)
        foreign = foreign_schema(found, "orbis_")
        if foreign is not None:
            raise StoreError(
                f"this database holds another program's tables ({foreign}): "
                "name another database or schema"
            )
        for statement in _SCHEMA:
            await conn.execute(statement)

    async def configure(conn: Any) -> None:
        if not durable:
            await conn.execute("SET synchronous_commit = off")

    pool = AsyncConnectionPool(
        url,
        min_size=POOL_MIN,
        max_size=POOL_MAX,
        kwargs=CONNECTION_OPTIONS,
        configure=configure,
        check=_check_when_idle,
        timeout=WAIT,
        reconnect_timeout=24 * 3600.0,  # keep trying while the database is away
        open=False,
    )
    try:
        await pool.open(wait=True, timeout=30)
    except Exception as exc:
        await pool.close()
        raise StoreError(f"cannot connect to PostgreSQL: {exc}".strip()) from None
    return pool


async def _check_when_idle(conn: Any) -> None:
    """The pool's check before lending ``conn``: a connection idle for a while may have
    been cut (the database restarted), so it is tried first; one in constant use is
    not, which saves a round trip per statement under load (if the database restarts
    in between, that one statement fails, says so, and the connection is replaced)."""
    from psycopg_pool import AsyncConnectionPool

    now = time.monotonic()
    if now - _last_lent.get(id(conn), 0.0) > CHECK_IDLE:
        await AsyncConnectionPool.check_connection(conn)
    _last_lent[id(conn)] = now


_last_lent: dict[int, float] = {}  # id of a connection: when the pool last lent it


def one_line(exc: BaseException) -> str:
    """An error as one line of the log (libpq's messages span several)."""
    return " ".join(str(exc).split()) or type(exc).__name__
