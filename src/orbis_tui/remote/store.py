"""Where a table server keeps its tables: one small interface, two stores.

A :class:`TableStore` holds tables (the true setup, with its deal), their seats (the
SHA-256 of each person's token; computer seats have none) and their actions, one row
each, numbered from 0. An action is written before anyone is told of it; a number
already taken is refused (:class:`StaleWrite`), so two server processes can never
write two different actions at the same place. A store that cannot be reached now
raises :class:`StoreUnavailable`: nothing was stored, and the room says so to the seat.
Besides the tables, a store shared by several server processes (PostgreSQL) keeps who
is at which seat on any of them (:meth:`TableStore.present`) and which one of them
plays a table's computer seats (:meth:`TableStore.claim`, a lease that another server
takes over when its holder stops renewing it). :class:`SqliteStore` is the default,
one file for every table (the standard library's sqlite3, in WAL mode, called from one
thread of its own so the event loop never waits for the disk); :mod:`.pgstore` keeps
them in PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import stat
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from ..printable import MAX_LINE, printable
from .chat import RECENT_CHAT, ChatLine
from .store_types import (
    COLUMNS,
    HOST_KEY,
    Change,
    DamagedTable,
    StaleWrite,
    StoredTable,
    StoreError,
    StoreUnavailable,
    TableStore,
    chat_lines,
    foreign_schema,
    read_clock,
    read_extra,
    read_rematch,
    stored_text,
)

# Where the other modules of the package (and the tests) have always found them.
__all__ = [
    "COLUMNS",
    "Change",
    "DamagedTable",
    "SqliteStore",
    "StaleWrite",
    "StoreError",
    "StoreUnavailable",
    "StoredTable",
    "TableStore",
    "open_store",
]

log = logging.getLogger("orbis.host")

T = TypeVar("T")


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, setup TEXT NOT NULL, watch_hash TEXT NOT NULL,
    extra TEXT NOT NULL DEFAULT '{}', finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS host (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
# The turn clocks, rematches (who said yes, who said no last, the table dealt) and
# messages: tables of their own, added to a store made before them.
_SCHEMA_CLOCKS = """
CREATE TABLE IF NOT EXISTS clocks (
    table_id TEXT PRIMARY KEY, seconds REAL NOT NULL, level TEXT NOT NULL,
    seat INTEGER, deadline REAL);
CREATE TABLE IF NOT EXISTS rematch_answers (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS rematches (
    table_id TEXT PRIMARY KEY, next_table TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rematch_declines (
    table_id TEXT PRIMARY KEY, seat INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS chat (
    id INTEGER PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL,
    at INTEGER NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chat_of_table ON chat (table_id, id);
"""


class SqliteStore:
    """Every table in one SQLite file, written by one server process at a time.

    The file is locked for the server's life (an advisory lock of the operating
    system beside it, which dies with the process): a second server on the same file
    refuses to start, and so does a file that cannot be written or that holds another
    program's tables. Each change is one committed transaction; in WAL mode with
    ``synchronous=NORMAL`` a commit survives the server being killed (not a power cut:
    ``durable=True`` waits for the disk at every commit). Every call runs in one thread
    of the store's own, in the order the calls were made, never on the event loop.
    """

    on_change: Callable[[str, Change], None] | None = None
    on_resync: Callable[[], None] | None = None
    on_presence: Callable[[dict[str, set[int]]], None] | None = None

    def __init__(self, path: Path, *, durable: bool = False) -> None:
        from filelock import FileLock, Timeout

        self.path = path
        # The path as a terminal can show it (it may hold escapes): every message uses it.
        self.shown = shown = printable(path, MAX_LINE)
        try:
            mode = path.stat().st_mode
        except OSError:
            mode = None
        if mode is not None and stat.S_ISREG(mode) and not stat.S_IMODE(mode) & 0o222:
            raise StoreError(
                f"{shown} is read-only (its permissions allow no writing): the tables could "
                "not be stored. Make it writable (chmod u+w) or name another file"
            )
        # The store holds the true deal: only its owner may read it (and what SQLite
        # writes beside it takes the file's permissions).
        self._lock = FileLock(f"{path}.lock", timeout=0, mode=0o600)
        try:
            self._lock.acquire()
        except Timeout:
            raise StoreError(
                f"{shown} is in use by another table server (one server per store file; "
                "for several, use PostgreSQL)"
            ) from None
        except OSError as exc:
            raise StoreError(f"{shown}: {printable(exc.strerror or exc)}") from None
        db: sqlite3.Connection | None = None  # closed again if the file is refused
        try:
            # A new file is its owner's only from the start; an existing one is made so
            # once it is accepted (a refused file is left as it was).
            os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            found = {
                name: {c[1] for c in db.execute(f"PRAGMA table_info({name})")} for name in COLUMNS
            }
            foreign = foreign_schema({k: v for k, v in found.items() if v})
            # Tables or views of any other name (or a view under one of ours): the file
            # is another program's, which the store would write into.
            others = [
                f"{kind} {printable(name)!r}"
                for kind, name in db.execute(
                    "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') "
                    "AND name NOT LIKE 'sqlite%'"
                )
                if kind != "table" or name not in COLUMNS
            ]
            if foreign is None and others:
                foreign = f"its {others[0]}"
            if foreign is not None:
                raise StoreError(
                    f"{shown} holds another program's tables, not Orbis tables ({foreign}): "
                    "name another file"
                )
            if found["tables"]:
                # The list of live tables is read before anything is written: a file
                # damaged there is refused at start and left as it is (one damaged
                # table is set aside later, by load).
                db.execute("SELECT id FROM tables WHERE finished = 0").fetchall()
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            db.executescript(_SCHEMA)
            db.executescript(_SCHEMA_CLOCKS)
            db.execute("PRAGMA user_version = 1")  # a write: a read-only file fails here
            _owner_only(path)
        except sqlite3.Error as exc:
            if db is not None:
                db.close()
            self._lock.release()
            problem = printable(exc)
            if "readonly" in problem:
                raise StoreError(
                    f"{shown} cannot be written ({problem}): the tables could not be stored"
                ) from None
            if "malformed" in problem:
                raise StoreError(
                    f"{shown} is damaged ({problem}): it was left as it is. Recover what it "
                    "holds (sqlite3 FILE .recover) or name another file"
                ) from None
            raise StoreError(f"{shown}: not a table store ({problem})") from None
        except OSError as exc:
            if db is not None:
                db.close()
            self._lock.release()
            raise StoreError(f"{shown}: {printable(exc.strerror or exc)}") from None
        except StoreError:
            if db is not None:
                db.close()
            self._lock.release()
            raise
        self._db = db
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="orbis-sqlite")

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` in the store's thread, after every call made before it."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._thread, call, *args)
        except sqlite3.OperationalError as exc:  # the disk is full, the file went away...
            raise StoreUnavailable(f"{self.shown}: {printable(exc)}") from None

    async def create(self, table: StoredTable) -> None:
        await self._run(self._create, table)

    def _create(self, table: StoredTable) -> None:
        db = self._db
        with db:
            db.execute("BEGIN")
            db.execute(
                "INSERT INTO tables (id, setup, watch_hash, extra) VALUES (?, ?, ?, ?)",
                (table.id, table.setup, table.watch_hash, json.dumps(table.extra)),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(table.id, n, h) for n, h in enumerate(table.seat_hashes)],
            )
            clock = table.clock
            if clock is not None:
                db.execute(
                    "INSERT INTO clocks VALUES (?, ?, ?, ?, ?)",
                    (table.id, clock.seconds, clock.level, clock.seat, clock.deadline),
                )

    async def load(self, table_id: str) -> StoredTable | None:
        return await self._run(self._load, table_id)

    def _load(self, table_id: str) -> StoredTable | None:
        try:
            return self._read_table(table_id)
        except sqlite3.DatabaseError as exc:
            problem = str(exc)
            if isinstance(exc, sqlite3.OperationalError) and "decode" not in problem:
                raise  # the disk is full, the file went away...: unavailable, not damaged
            raise DamagedTable(
                f"table {printable(table_id)}: its rows are damaged ({printable(problem)})"
            ) from None

    def _read_table(self, table_id: str) -> StoredTable | None:
        db = self._db
        row = db.execute(
            "SELECT setup, watch_hash, extra FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        seats = db.execute(
            "SELECT token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
        actions = db.execute(
            "SELECT entry FROM actions WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        clock = db.execute(
            "SELECT seconds, level, seat, deadline FROM clocks WHERE table_id = ?", (table_id,)
        ).fetchone()
        yes = db.execute(
            "SELECT seat, at FROM rematch_answers WHERE table_id = ?", (table_id,)
        ).fetchall()
        after = db.execute(
            "SELECT next_table FROM rematches WHERE table_id = ?", (table_id,)
        ).fetchone()
        declined = db.execute(
            "SELECT seat, at FROM rematch_declines WHERE table_id = ?", (table_id,)
        ).fetchone()
        return StoredTable(
            table_id,
            stored_text(table_id, "its setup", row[0]),
            [
                None if s[0] is None else stored_text(table_id, f"seat {n}'s hash", s[0], True)
                for n, s in enumerate(seats)
            ],
            stored_text(table_id, "its watching hash", row[1], True),
            [stored_text(table_id, f"action {n}", a[0]) for n, a in enumerate(actions)],
            read_extra(table_id, row[2]),
            read_clock(table_id, clock),
            read_rematch(table_id, yes, after[0] if after is not None else None, declined),
        )

    async def live_tables(self) -> list[str]:
        rows = await self._run(
            lambda: self._db.execute(
                "SELECT id, finished FROM tables WHERE finished IS NOT 1"
            ).fetchall()
        )
        live = []
        for table_id, finished in rows:
            # Only a damaged row holds anything else: said, and passed over.
            if not isinstance(table_id, str) or not table_id:
                log.error("set aside (the other tables are served): a table without an id")
            elif finished != 0 or type(finished) is not int:
                log.error(
                    "set aside (the other tables are served): table %s: "
                    "it is neither finished nor playing (finished = %s)",
                    printable(table_id, MAX_LINE),
                    printable(repr(finished), MAX_LINE),
                )
            else:
                live.append(table_id)
        return live

    async def append(self, table_id: str, number: int, entry: str) -> None:
        await self._run(self._append, table_id, number, entry)

    def _append(self, table_id: str, number: int, entry: str) -> None:
        try:
            self._db.execute("INSERT INTO actions VALUES (?, ?, ?)", (table_id, number, entry))
        except sqlite3.IntegrityError:
            raise StaleWrite(number) from None

    async def remove(self, table_id: str, number: int) -> None:
        await self._run(self._remove, table_id, number)

    def _remove(self, table_id: str, number: int) -> None:
        db = self._db
        with db:
            db.execute("BEGIN IMMEDIATE")
            last = db.execute(
                "SELECT MAX(number) FROM actions WHERE table_id = ?", (table_id,)
            ).fetchone()[0]
            if last != number:
                raise StaleWrite(number)
            db.execute("DELETE FROM actions WHERE table_id = ? AND number = ?", (table_id, number))

    async def set_extra(self, table_id: str, extra: dict[str, Any]) -> None:
        await self._run(
            self._db.execute,
            "UPDATE tables SET extra = ? WHERE id = ?",
            (json.dumps(extra), table_id),
        )

    async def finish(self, table_id: str) -> None:
        await self._run(
            self._db.execute, "UPDATE tables SET finished = 1 WHERE id = ?", (table_id,)
        )

    async def table_list(self) -> list[tuple[str, bool]]:
        rows = await self._run(
            lambda: self._db.execute("SELECT id, finished FROM tables ORDER BY rowid").fetchall()
        )
        return [(str(r[0]), bool(r[1])) for r in rows if isinstance(r[0], str)]

    async def reissue(self, table_id: str, seat: int, token_hash: str) -> bool:
        def replace() -> bool:
            done = self._db.execute(
                "UPDATE seats SET token_hash = ? "
                "WHERE table_id = ? AND seat = ? AND token_hash IS NOT NULL",
                (token_hash, table_id, seat),
            )
            return done.rowcount == 1

        return await self._run(replace)

    async def host_key_hash(self) -> str | None:
        query = "SELECT value FROM host WHERE name = ?"
        row = await self._run(lambda: self._db.execute(query, (HOST_KEY,)).fetchone())
        return row[0] if row is not None and isinstance(row[0], str) else None

    async def set_host_key_hash(self, key_hash: str) -> None:
        await self._run(
            self._db.execute,
            "INSERT INTO host VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
            (HOST_KEY, key_hash),
        )

    async def set_deadline(self, table_id: str, seat: int | None, deadline: float | None) -> None:
        await self._run(
            self._db.execute,
            "UPDATE clocks SET seat = ?, deadline = ? WHERE table_id = ?",
            (seat, deadline, table_id),
        )

    async def answer_rematch(self, table_id: str, seat: int, yes: bool, at: float) -> None:
        await self._run(self._answer_rematch, table_id, seat, yes, at)

    def _answer_rematch(self, table_id: str, seat: int, yes: bool, at: float) -> None:
        db = self._db
        with db:
            db.execute("BEGIN")
            if yes:
                db.execute("DELETE FROM rematch_declines WHERE table_id = ?", (table_id,))
                db.execute(
                    "INSERT OR IGNORE INTO rematch_answers VALUES (?, ?, ?)", (table_id, seat, at)
                )
            else:
                db.execute("DELETE FROM rematch_answers WHERE table_id = ?", (table_id,))
                db.execute(
                    "INSERT OR REPLACE INTO rematch_declines VALUES (?, ?, ?)", (table_id, seat, at)
                )

    async def set_next_table(self, table_id: str, next_table: str) -> str:
        return await self._run(self._set_next_table, table_id, next_table)

    def _set_next_table(self, table_id: str, next_table: str) -> str:
        db = self._db
        db.execute("INSERT OR IGNORE INTO rematches VALUES (?, ?)", (table_id, next_table))
        row = db.execute("SELECT next_table FROM rematches WHERE table_id = ?", (table_id,))
        return str(row.fetchone()[0])

    async def say(self, table_id: str, seat: int, at: int, text: str) -> ChatLine:
        cur = await self._run(
            self._db.execute,
            "INSERT INTO chat (table_id, seat, at, text) VALUES (?, ?, ?, ?)",
            (table_id, seat, at, text),
        )
        return ChatLine(int(cur.lastrowid or 0), seat, at, text)

    async def chat(self, table_id: str, limit: int = RECENT_CHAT) -> list[ChatLine]:
        rows = await self._run(
            lambda: self._db.execute(
                "SELECT id, seat, at, text FROM chat WHERE table_id = ? ORDER BY id DESC LIMIT ?",
                (table_id, limit),
            ).fetchall()
        )
        return chat_lines(rows)

    async def claim(self, table_id: str) -> float:
        return 0.0  # one server process per file: it plays every computer seat

    async def set_present(self, table_id: str, seat: int, here: bool) -> None:
        return None  # one server process per file: its rooms know who is here

    async def present(self, table_id: str) -> set[int]:
        return set()

    async def set_grace(self, table_id: str, seat: int, until: float, *, keep: bool) -> None:
        return None  # one server process per file: its rooms keep the graces

    async def graces(self, table_id: str) -> dict[int, float] | None:
        return None

    async def close(self) -> None:
        await self._run(self._db.close)
        self._thread.shutdown()
        self._lock.release()


def _owner_only(path: Path) -> None:
    """Make the store file readable by its owner only (with the WAL and shared-memory
    files SQLite keeps beside it)."""
    for each in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        with contextlib.suppress(FileNotFoundError):
            if each.stat().st_mode & 0o077:
                each.chmod(0o600)


async def open_store(where: str) -> TableStore:
    """The store named by ``where``: a postgresql:// URL, else a file path."""
    if where.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore

        return await PostgresStore.connect(where)
    return SqliteStore(Path(where).expanduser())
