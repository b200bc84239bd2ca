"""Who is where across the server processes sharing a PostgreSQL store, and who plays what.

A server process keeps a row per seat whose person is at it (``orbis_presence``),
renewed by its heartbeat and lasting PRESENCE seconds: when a process dies its rows
expire, and the others no longer show its persons as here. Each absent person's
grace (``orbis_graces``) is kept by the servers' shared clock, so that every process
counts the same seconds. Only the process holding a table's lease (``orbis_leases``,
LEASE seconds unless renewed) plays that table's computer seats; a lease taken or
renewed lately is known to be ours without asking. :class:`PgPresence` is that part
of :class:`~.pgstore.PostgresStore`, over its connections and its notifications.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

LEASE = 10.0  # seconds a lease on a table's computer seats lasts unless renewed
PRESENCE = 15.0  # seconds a row of presence lasts unless renewed


class PgPresence:
    def __init__(
        self,
        conn: Callable[[], AbstractAsyncContextManager[Any]],
        holder: str,
        notify: Callable[..., Awaitable[None]],
    ) -> None:
        self._conn = conn  # a connection of the store's pool, for one statement
        self.holder = holder  # this server process, as its rows name it
        self._notify = notify  # tell the other server processes of a change to a table
        self._here: set[tuple[str, int]] = set()  # the seats taken on this process
        self._leases: dict[str, float] = {}  # table: until when (monotonic) it is surely ours

    async def renew(self) -> dict[str, set[int]]:
        """Renew this process's rows of presence and its leases, forget long-expired
        rows; answers the seats present at the other server processes, per table."""
        here = sorted(self._here)
        started = time.monotonic()
        async with self._conn() as conn:
            if here:
                await conn.execute(
                    """INSERT INTO orbis_presence
                    SELECT t, s, %(h)s, now() + make_interval(secs => %(p)s)
                    FROM unnest(%(t)s::text[], %(s)s::int[]) AS u (t, s)
                    ON CONFLICT (table_id, seat, holder)
                    DO UPDATE SET expires = EXCLUDED.expires""",
                    {"h": self.holder, "p": PRESENCE, "t": [t for t, _ in here],
                     "s": [s for _, s in here]},
                )  # fmt: skip
            cur = await conn.execute(
                """UPDATE orbis_leases SET expires = now() + make_interval(secs => %s)
                WHERE holder = %s RETURNING table_id""",
                (LEASE, self.holder),
            )
            held = {r[0] for r in await cur.fetchall()}
            await conn.execute(
                "DELETE FROM orbis_presence WHERE expires < now() - interval '1 minute'"
            )
            cur = await conn.execute(
                """SELECT table_id, seat FROM orbis_presence
                WHERE expires > now() AND holder <> %s""",
                (self.holder,),
            )
            elsewhere: dict[str, set[int]] = {}
            for table_id, seat in await cur.fetchall():
                elsewhere.setdefault(table_id, set()).add(seat)
        self._leases = {t: started + LEASE / 2 for t in held}
        return elsewhere

    async def set_present(self, table_id: str, seat: int, here: bool) -> None:
        key = (table_id, seat)
        if here:
            self._here.add(key)
        else:
            self._here.discard(key)
        async with self._conn() as conn:
            if here:
                await conn.execute(
                    """INSERT INTO orbis_presence VALUES
                    (%s, %s, %s, now() + make_interval(secs => %s))
                    ON CONFLICT (table_id, seat, holder)
                    DO UPDATE SET expires = EXCLUDED.expires""",
                    (table_id, seat, self.holder, PRESENCE),
                )
            else:
                await conn.execute(
                    "DELETE FROM orbis_presence WHERE table_id = %s AND seat = %s AND holder = %s",
                    (table_id, seat, self.holder),
                )
            await self._notify(conn, table_id, p=seat, h=here)

    async def present(self, table_id: str) -> set[int]:
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT DISTINCT seat FROM orbis_presence WHERE table_id = %s AND expires > now()",
                (table_id,),
            )
            return {r[0] for r in await cur.fetchall()}

    async def set_grace(self, table_id: str, seat: int, until: float, *, keep: bool) -> None:
        change = "NOTHING" if keep else "UPDATE SET until = GREATEST(g.until, EXCLUDED.until)"
        async with self._conn() as conn:
            cur = await conn.execute(
                f"""INSERT INTO orbis_graces AS g VALUES (%s, %s, %s)
                ON CONFLICT (table_id, seat) DO {change} RETURNING 1""",
                (table_id, seat, until),
            )
            if await cur.fetchone() is not None:
                await self._notify(conn, table_id, p=seat, g=True)

    async def graces(self, table_id: str) -> dict[int, float] | None:
        async with self._conn() as conn:
            cur = await conn.execute(
                "SELECT seat, until FROM orbis_graces WHERE table_id = %s", (table_id,)
            )
            return {int(seat): float(until) for seat, until in await cur.fetchall()}

    async def claim(self, table_id: str) -> float:
        if self._leases.get(table_id, 0.0) > time.monotonic():
            return 0.0  # taken or renewed lately: surely still ours
        started = time.monotonic()
        async with self._conn() as conn:
            cur = await conn.execute(
                """WITH taken AS (
                    INSERT INTO orbis_leases AS l
                    VALUES (%(t)s, %(h)s, now() + make_interval(secs => %(s)s))
                    ON CONFLICT (table_id) DO UPDATE SET
                        holder = EXCLUDED.holder, expires = EXCLUDED.expires
                    WHERE l.holder = EXCLUDED.holder OR l.expires < now()
                    RETURNING 0.0::float8 AS wait)
                SELECT wait FROM taken
                UNION ALL
                SELECT GREATEST(EXTRACT(EPOCH FROM expires - now())::float8, 0.05)
                FROM orbis_leases WHERE table_id = %(t)s AND NOT EXISTS (SELECT 1 FROM taken)""",
                {"t": table_id, "h": self.holder, "s": LEASE},
            )
            row = await cur.fetchone()
        wait = float(row[0]) if row is not None else 0.05
        if wait == 0.0:
            self._leases[table_id] = started + LEASE / 2
        else:
            self._leases.pop(table_id, None)
        return wait

    def drop_lease(self, table_id: str) -> None:
        """The table is finished: its lease is no longer ours."""
        self._leases.pop(table_id, None)
