"""The tables in PostgreSQL (psycopg 3), for several server processes at once.

An action is added by one statement (with the actions of other tables that wait at
the same time: one round trip for them all) that refuses a number other than the
table's action count, or (when two processes add at once) a number already taken, by
the primary key (:class:`~orbis_tui.remote.store.StaleWrite`); other changes are one
transaction that first locks the table's row, so two processes take turns. After each
change a ``NOTIFY orbis_tables`` names the table (and an added action itself): every
other server process listening takes it up and tells its own seats.

The statements go through a pool of connections (``psycopg_pool``) that checks each
connection before lending it, so a restarted database costs the calls made while it is
away (:class:`~orbis_tui.remote.store.StoreUnavailable`: nothing was stored), never
the server. The listening connection is kept by a task of its own that logs a lost
connection, connects again, and then asks the server to load its tables again (what
was said meanwhile is lost). A second task renews, every few seconds, this process's
rows of who is at which seat (``orbis_presence``) and its leases on playing tables'
computer seats (``orbis_leases``): when a process dies, its rows expire, and another
process takes its computer seats over.

The store's tables and its pool of connections are made by :mod:`.pg_connect`; who
is at which seat, the graces and the leases are kept by :mod:`.pg_presence`; this
module keeps the tables themselves and hears what the other processes say.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable
from typing import Any

from .chat import RECENT_CHAT, ChatLine, chat_line
from .pg_connect import CONNECTION_OPTIONS, one_line, open_pool
from .pg_presence import PgPresence
from .store_types import (
    HOST_KEY,
    Change,
    StaleWrite,
    StoredTable,
    StoreError,
    StoreUnavailable,
    chat_lines,
    read_clock,
    read_extra,
    read_rematch,
    stored_text,
)

log = logging.getLogger("orbis.host")

CHANNEL = "orbis_tables"
HEARTBEAT = 3.0  # seconds between renewals


class PostgresStore:
    on_change: Callable[[str, Change], None] | None = None
    on_resync: Callable[[], None] | None = None
    on_presence: Callable[[dict[str, set[int]]], None] | None = None

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self._url = url
        self.holder = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(4)}"
        # Who is at which seat on this process, and the leases it holds.
        self.presence = PgPresence(self._conn, self.holder, self._notify)
        self.listening = asyncio.Event()  # set while the listener listens
        self._batch: list[tuple[str, int, str, asyncio.Future[bool]]] = []
        self._batch_ready = asyncio.Event()
        loop = asyncio.get_running_loop()
        self._tasks = {
            loop.create_task(self._listen_forever()),
            loop.create_task(self._heartbeat_forever()),
            loop.create_task(self._write_batches()),
        }

    @classmethod
    async def connect(cls, url: str, *, durable: bool = False) -> PostgresStore:
        """``durable``: each change waits for PostgreSQL's disk. By default it waits
        only for PostgreSQL to have it (``synchronous_commit = off``): like the SQLite
        store's, a change survives the table server being killed, but not PostgreSQL
        or the machine stopping in the fraction of a second after it."""
        pool = await open_pool(url, durable=durable)
        return cls(pool, url)

    @contextlib.asynccontextmanager
    async def _conn(self) -> AsyncIterator[Any]:
        """A connection of the pool for one statement or transaction. The changes of
        one table never overlap (its room takes one intent at a time), so they keep
        their order whichever connection each goes through."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            async with self._pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, psycopg.InterfaceError, PoolTimeout) as exc:
            raise StoreUnavailable(f"PostgreSQL cannot be reached: {one_line(exc)}") from None

    # ------------------------------------------------------------ told by the others
    async def _listen_forever(self) -> None:
        """LISTEN on a connection of its own; when it is lost, say so and connect again."""
        import psycopg

        wait = 0.25
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self._url, **CONNECTION_OPTIONS)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if wait > 0.25:
                        log.warning("listening to PostgreSQL again: loading the tables again")
                    wait = 0.25
                    if self.on_resync is not None:
                        self.on_resync()  # what other processes said meanwhile is lost
                    async for note in conn.notifies():
                        self._take(note.payload)
                raise psycopg.OperationalError("the connection ended")
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.listening.clear()
                wait = min(max(wait * 2, 0.5), 5.0)
                log.warning(
                    "the PostgreSQL listener lost its connection (%s): connecting again in %.1f s",
                    one_line(exc),
                    wait,
                )
                await asyncio.sleep(wait)

    def _take(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            origin, table_id = note["o"], note["t"]
        except (ValueError, KeyError, TypeError):
            return
        if origin == self.holder or self.on_change is None:
            return
        if "c" in note:  # a message said there
            line = chat_line(note["c"])
            if line is not None:
                self.on_change(str(table_id), Change(chat=line))
            return
        number, entry, seat = note.get("n"), note.get("e"), note.get("p")
        if type(number) is not int or type(entry) is not str:
            number = entry = None
        grace = note.get("g") is True
        if type(seat) is not int or grace:
            seat = None
        self.on_change(str(table_id), Change(number, entry, seat, note.get("h") is True, grace))

    def _note(self, table_id: str, **more: Any) -> str:
        return json.dumps({"o": self.holder, "t": table_id, **more}, separators=(",", ":"))

    async def _notify(self, conn: Any, table_id: str, **more: Any) -> None:
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self._note(table_id, **more)))

    # ------------------------------------------------------------ the heartbeat
    async def _heartbeat_forever(self) -> None:
        failing = False
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self._renew()
                if failing:
                    log.warning("PostgreSQL answers again: presence and leases renewed")
                failing = False
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not failing:
                    log.warning("cannot renew presence and leases in PostgreSQL: %s", one_line(exc))
                failing = True

    async def _renew(self) -> None:
        elsewhere = await self.presence.renew()
        if self.on_presence is not None:
            self.on_presence(elsewhere)  # a server that died is no longer "here" for them

    # ------------------------------------------------------------ presence and leases
    async def set_present(self, table_id: str, seat: int, here: bool) -> None:
        await self.presence.set_present(table_id, seat, here)

    async def present(self, table_id: str) -> set[int]:
        return await self.presence.present(table_id)

    async def set_grace(self, table_id: str, seat: int, until: float, *, keep: bool) -> None:
        await self.presence.set_grace(table_id, seat, until, keep=keep)

    async def graces(self, table_id: str) -> dict[int, float] | None:
        return await self.presence.graces(table_id)

    async def claim(self, table_id: str) -> float:
        return await self.presence.claim(table_id)

    # ------------------------------------------------------------ the tables
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
            clock = table.clock
            if clock is not None:
                await conn.execute(
                    "INSERT INTO orbis_clocks VALUES (%s, %s, %s, %s, %s)",
                    (table.id, clock.seconds, clock.level, clock.seat, clock.deadline),
                )

    async def load(self, table_id: str) -> StoredTable | None:
        # One statement, one round trip: the table, its seats and its actions.
        async with self._conn() as conn:
            cur = await conn.execute(
                """SELECT setup, watch_hash, extra,
                    ARRAY(SELECT token_hash FROM orbis_seats WHERE table_id = t.id ORDER BY seat),
                    ARRAY(SELECT entry FROM orbis_actions WHERE table_id = t.id ORDER BY number),
                    c.seconds, c.level, c.seat, c.deadline,
                    ARRAY(SELECT ARRAY[seat, at]::float8[] FROM orbis_rematch_answers
                        WHERE table_id = t.id),
                    r.next_table, d.seat, d.at
                FROM orbis_tables t
                LEFT JOIN orbis_clocks c ON c.table_id = t.id
                LEFT JOIN orbis_rematches r ON r.table_id = t.id
                LEFT JOIN orbis_rematch_declines d ON d.table_id = t.id
                WHERE t.id = %s""",
                (table_id,),
            )
            row = await cur.fetchone()
        if row is None:
            return None
        setup, watch_hash, extra, seats, actions, *clock, yes, after, declined, declined_at = row
        # As on SQLite: a hash is ASCII (tokens are compared in constant time, which
        # only ASCII allows), else the table is set aside.
        return StoredTable(
            table_id,
            stored_text(table_id, "its setup", setup),
            [
                None if h is None else stored_text(table_id, f"seat {n}'s hash", h, True)
                for n, h in enumerate(seats)
            ],
            stored_text(table_id, "its watching hash", watch_hash, True),
            [stored_text(table_id, f"action {n}", a) for n, a in enumerate(actions)],
            read_extra(table_id, extra),
            read_clock(table_id, clock if clock[0] is not None else None),
            read_rematch(
                table_id,
                [(int(s), a) for s, a in yes or []],
                after,
                None if declined is None else (declined, declined_at),
            ),
        )

    async def live_tables(self) -> list[str]:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT id FROM orbis_tables WHERE NOT finished")
            return [r[0] for r in await cur.fetchall()]

    async def append(self, table_id: str, number: int, entry: str) -> None:
        """Add the action: it joins the next batch of actions (of any tables) that one
        statement writes, so that many tables' actions cost one round trip."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._batch.append((table_id, number, entry, done))
        self._batch_ready.set()
        if not await done:
            raise StaleWrite(number)

    async def _write_batches(self) -> None:
        """Write the actions waiting, all in one statement, while the next ones gather."""
        while True:
            await self._batch_ready.wait()
            self._batch_ready.clear()
            batch, self._batch = self._batch, []
            if not batch:
                continue
            try:
                added = await self._append_all(batch)
            except asyncio.CancelledError:
                for *_, done in batch:
                    done.cancel()
                raise
            except Exception as exc:
                for *_, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                continue
            for table_id, number, _entry, done in batch:
                if not done.done():
                    done.set_result((table_id, number) in added)

    async def _append_all(self, batch: list[Any]) -> set[tuple[str, int]]:
        # Each action goes in only at the end of its table's actions (a gap is refused
        # by the count, a number taken by the primary key, whichever process comes
        # second), and the others are told in the same go, with the action itself (they
        # need not load the table to follow).
        async with self._conn() as conn:
            cur = await conn.execute(
                """WITH input AS (
                    SELECT * FROM unnest(%(t)s::text[], %(n)s::int[], %(e)s::text[],
                        %(o)s::text[]) AS u (t, n, e, o)),
                added AS (
                    INSERT INTO orbis_actions (table_id, number, entry)
                    SELECT t, n, e FROM input
                    WHERE (SELECT COUNT(*) FROM orbis_actions a WHERE a.table_id = input.t) = n
                    ON CONFLICT DO NOTHING
                    RETURNING table_id, number)
                SELECT added.table_id, added.number, pg_notify(%(c)s, input.o)
                FROM added JOIN input ON input.t = added.table_id AND input.n = added.number""",
                {
                    "t": [b[0] for b in batch],
                    "n": [b[1] for b in batch],
                    "e": [b[2] for b in batch],
                    "o": [self._note(t, n=n, e=e) for t, n, e, _ in batch],
                    "c": CHANNEL,
                },
            )
            return {(r[0], r[1]) for r in await cur.fetchall()}

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

    async def set_deadline(self, table_id: str, seat: int | None, deadline: float | None) -> None:
        async with self._conn() as conn:
            await conn.execute(
                "UPDATE orbis_clocks SET seat = %s, deadline = %s WHERE table_id = %s",
                (seat, deadline, table_id),
            )
            await self._notify(conn, table_id)

    async def answer_rematch(self, table_id: str, seat: int, yes: bool, at: float) -> None:
        # One transaction, after the table's row is locked: two processes' answers at
        # once take turns (a yes and a no never leave both a yes and the decline).
        async with self._conn() as conn:
            async with conn.transaction():
                await conn.execute(
                    "SELECT 1 FROM orbis_tables WHERE id = %s FOR UPDATE", (table_id,)
                )
                if yes:
                    await conn.execute(
                        "DELETE FROM orbis_rematch_declines WHERE table_id = %s", (table_id,)
                    )
                    await conn.execute(
                        "INSERT INTO orbis_rematch_answers VALUES (%s, %s, %s) "
                        "ON CONFLICT DO NOTHING",
                        (table_id, seat, at),
                    )
                else:
                    await conn.execute(
                        "DELETE FROM orbis_rematch_answers WHERE table_id = %s", (table_id,)
                    )
                    await conn.execute(
                        """INSERT INTO orbis_rematch_declines VALUES (%s, %s, %s)
                        ON CONFLICT (table_id) DO UPDATE SET seat = excluded.seat,
                            at = excluded.at""",
                        (table_id, seat, at),
                    )
            await self._notify(conn, table_id)

    async def set_next_table(self, table_id: str, next_table: str) -> str:
        # The rematch stored first wins. Its row may be stored by another process while
        # this statement runs, unseen by a plain SELECT of it (which sees the table as
        # it was when the statement began); DO UPDATE sees it, keeps it and answers it.
        async with self._conn() as conn:
            cur = await conn.execute(
                """INSERT INTO orbis_rematches AS r VALUES (%s, %s)
                ON CONFLICT (table_id) DO UPDATE SET next_table = r.next_table
                RETURNING next_table""",
                (table_id, next_table),
            )
            row = await cur.fetchone()
            await self._notify(conn, table_id)
        assert row is not None  # one row: inserted, or the one kept
        return str(row[0])

    async def say(self, table_id: str, seat: int, at: int, text: str) -> ChatLine:
        """Keep the message and tell the other server processes, in one statement."""
        async with self._conn() as conn:
            cur = await conn.execute(
                """WITH kept AS (
                    INSERT INTO orbis_chat (table_id, seat, at, text)
                    VALUES (%(t)s, %(s)s, %(a)s, %(x)s) RETURNING id)
                SELECT id, pg_notify(%(c)s, json_build_object(
                    'o', %(o)s::text, 't', %(t)s::text, 'c', json_build_object(
                        'id', id, 'seat', %(s)s::int, 'at', %(a)s::int, 'text', %(x)s::text
                    ))::text) FROM kept""",
                {"t": table_id, "s": seat, "a": at, "x": text, "o": self.holder, "c": CHANNEL},
            )
            row = await cur.fetchone()
        assert row is not None
        return ChatLine(int(row[0]), seat, at, text)

    async def chat(self, table_id: str, limit: int = RECENT_CHAT) -> list[ChatLine]:
        async with self._conn() as conn:
            cur = await conn.execute(
                """SELECT id, seat, at, text FROM orbis_chat WHERE table_id = %s
                ORDER BY id DESC LIMIT %s""",
                (table_id, limit),
            )
            return chat_lines(list(await cur.fetchall()))

    async def finish(self, table_id: str) -> None:
        async with self._conn() as conn:
            await conn.execute("UPDATE orbis_tables SET finished = TRUE WHERE id = %s", (table_id,))
            await conn.execute("DELETE FROM orbis_leases WHERE table_id = %s", (table_id,))
            await conn.execute("DELETE FROM orbis_graces WHERE table_id = %s", (table_id,))
        self.presence.drop_lease(table_id)

    async def table_list(self) -> list[tuple[str, bool]]:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT id, finished FROM orbis_tables ORDER BY id")
            return [(str(r[0]), bool(r[1])) for r in await cur.fetchall()]

    async def reissue(self, table_id: str, seat: int, token_hash: str) -> bool:
        async with self._conn() as conn:
            cur = await conn.execute(
                "UPDATE orbis_seats SET token_hash = %s "
                "WHERE table_id = %s AND seat = %s AND token_hash IS NOT NULL",
                (token_hash, table_id, seat),
            )
            if cur.rowcount != 1:
                return False
            await self._notify(conn, table_id)  # the others load it: the old link is shut
        return True

    async def host_key_hash(self) -> str | None:
        async with self._conn() as conn:
            cur = await conn.execute("SELECT value FROM orbis_host WHERE name = %s", (HOST_KEY,))
            row = await cur.fetchone()
        return row[0] if row is not None and isinstance(row[0], str) else None

    async def set_host_key_hash(self, key_hash: str) -> None:
        async with self._conn() as conn:
            await conn.execute(
                "INSERT INTO orbis_host VALUES (%s, %s) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (HOST_KEY, key_hash),
            )

    async def close(self) -> None:
        """Stop listening and renewing; give up this process's seats and leases. The
        other processes are told at once of each seat given up here (one whose
        leaving was not stored yet), as when its person leaves: they need not wait
        for the rows to expire."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(StoreError):
            async with self._conn() as conn:
                await conn.execute(  # one statement, whatever the number of seats
                    """WITH gone AS (
                        DELETE FROM orbis_presence WHERE holder = %(o)s
                        RETURNING table_id, seat)
                    SELECT pg_notify(%(c)s, json_build_object(
                        'o', %(o)s::text, 't', table_id, 'p', seat, 'h', FALSE)::text)
                    FROM gone""",
                    {"o": self.holder, "c": CHANNEL},
                )
                await conn.execute("DELETE FROM orbis_leases WHERE holder = %s", (self.holder,))
        await self._pool.close()
