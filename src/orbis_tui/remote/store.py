"""Where a table server keeps its tables: one small interface, two stores.

A :class:`TableStore` holds tables (the true setup, with its deal), their seats (the
SHA-256 of each person's token; computer seats have none) and their actions, one row
each, numbered from 0. An action is written before anyone is told of it; a number
already taken is refused (:class:`StaleWrite`), so two server processes can never
write two different actions at the same place. :class:`SqliteStore` is the default,
one file for every table (the standard library's sqlite3, in WAL mode);
:mod:`.pgstore` keeps them in PostgreSQL.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


class StoreError(Exception):
    """The store cannot be used (said in one line)."""


class StaleWrite(Exception):
    """The action number is taken (or the action to remove is not the last)."""


@dataclass
class StoredTable:
    id: str
    setup: str  # the GameSetup as JSON, with the true deal
    seat_hashes: list[str | None]  # per seat; None for a computer seat
    watch_hash: str
    actions: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # hints, stand_ins


class TableStore(Protocol):
    async def create(self, table: StoredTable) -> None: ...
    async def load(self, table_id: str) -> StoredTable | None: ...
    async def live_tables(self) -> list[str]: ...
    async def append(self, table_id: str, number: int, entry: str) -> None: ...
    async def remove(self, table_id: str, number: int) -> None: ...
    async def set_extra(self, table_id: str, extra: dict[str, Any]) -> None: ...
    async def finish(self, table_id: str) -> None: ...
    async def close(self) -> None: ...

    # Another server process changed a table (PostgreSQL only; SQLite has one writer).
    on_change: Callable[[str], None] | None


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
"""


class SqliteStore:
    """Every table in one SQLite file, written by one server process at a time.

    The file is locked for the server's life (an advisory lock of the operating
    system beside it, which dies with the process): a second server on the same file
    refuses to start. Each change is one committed transaction; in WAL mode with
    ``synchronous=NORMAL`` a commit survives the server being killed (not a power cut:
    ``durable=True`` waits for the disk at every commit).
    """

    on_change: Callable[[str], None] | None = None

    def __init__(self, path: Path, *, durable: bool = False) -> None:
        from filelock import FileLock, Timeout

        self.path = path
        # The store holds the true deal: only its owner may read it (and what SQLite
        # writes beside it takes the file's permissions).
        self._lock = FileLock(f"{path}.lock", timeout=0, mode=0o600)
        try:
            self._lock.acquire()
        except Timeout:
            raise StoreError(
                f"{path} is in use by another table server (one server per store file; "
                "for several, use PostgreSQL)"
            ) from None
        except OSError as exc:
            raise StoreError(f"{path}: {exc.strerror or exc}") from None
        try:
            _owner_only(path)
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            self._lock.release()
            raise StoreError(f"{path}: not a table store ({exc})") from None
        except OSError as exc:
            self._lock.release()
            raise StoreError(f"{path}: {exc.strerror or exc}") from None

    async def create(self, table: StoredTable) -> None:
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

    async def load(self, table_id: str) -> StoredTable | None:
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
        return StoredTable(
            table_id,
            row[0],
            [s[0] for s in seats],
            row[1],
            [a[0] for a in actions],
            json.loads(row[2]),
        )

    async def live_tables(self) -> list[str]:
        rows = self._db.execute("SELECT id FROM tables WHERE finished = 0").fetchall()
        return [r[0] for r in rows]

    async def append(self, table_id: str, number: int, entry: str) -> None:
        try:
            self._db.execute("INSERT INTO actions VALUES (?, ?, ?)", (table_id, number, entry))
        except sqlite3.IntegrityError:
            raise StaleWrite(number) from None

    async def remove(self, table_id: str, number: int) -> None:
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
        self._db.execute("UPDATE tables SET extra = ? WHERE id = ?", (json.dumps(extra), table_id))

    async def finish(self, table_id: str) -> None:
        self._db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))

    async def close(self) -> None:
        self._db.close()
        self._lock.release()


def _owner_only(path: Path) -> None:
    """Create the store file readable by its owner only, or make it so (with the WAL
    and shared-memory files SQLite keeps beside it)."""
    os.close(os.open(path, os.O_CREAT | os.O_RDWR, 0o600))
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
