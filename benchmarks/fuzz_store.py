"""The table server's store (``orbis host --store``) fed hostile SQLite files, for
``benchmarks/fuzz_readers.py`` (its docstring lists them, and how each outcome is
counted): each is opened and its tables resumed as at the server's start, then the
files refused at start are named to ``orbis host --store`` too."""

from __future__ import annotations

import contextlib
import json
import os
import random
import socket
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fuzz_inputs import HOSTILE_VALUES, Fuzz  # beside this script


def fuzz_store(
    fuzz: Fuzz,
    rng: random.Random,
    folder: Path,
    mutations: int,
    zero: bool,
    command: Callable[[list[str]], Callable[[], str]],
) -> None:
    """Every hostile store file, judged by ``fuzz`` (``command``: a command line run as
    ``fuzz_readers.py`` runs one; ``zero``: a link to /dev/zero too)."""
    import asyncio
    import hashlib
    import logging
    import shutil
    import sqlite3
    import subprocess

    from orbis_tui.engine import format_action
    from orbis_tui.records import GameRecord, Match
    from orbis_tui.remote.deal import create_table
    from orbis_tui.remote.store import SqliteStore, StoreError
    from orbis_tui.remote.table_server import TableServer

    store_folder = Path(tempfile.mkdtemp(dir=folder))
    sound_store = store_folder / "sound.db"

    async def deal_tables() -> list[str]:
        store = SqliteStore(sound_store)
        try:
            ids = [(await create_table(store, ["Ada", "Bo"], ["human"] * 2)).table for _ in "abc"]
            stored = await store.load(ids[1])
            assert stored is not None
            started = Match.start(GameRecord.from_own_json(stored.setup).setup)
            await store.append(ids[1], 0, format_action(started.state.decision_actions()[0]))
            return ids
        finally:
            await store.close()

    table_ids = asyncio.run(deal_tables())
    hit = table_ids[1]  # the table whose rows are damaged: it has seats, an action, hints

    def store_copy(relaxed: bool = False) -> Path:
        """A copy of the sound store; ``relaxed``: its columns without NOT NULL and keys,
        so that a NULL can be put where a value is expected."""
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        if not relaxed:
            shutil.copy(sound_store, path)
            return path
        with sqlite3.connect(path) as db:
            db.execute(f"ATTACH DATABASE '{sound_store}' AS sound")
            for name in ("tables", "seats", "actions"):
                db.execute(f"CREATE TABLE main.{name} AS SELECT * FROM sound.{name}")
        db.close()
        return path

    def damaged_row(sql: str, *values: Any, relaxed: bool = False) -> Path:
        path = store_copy(relaxed)
        with sqlite3.connect(path) as db:
            db.execute(sql, (*values, hit))
        db.close()
        return path

    def sqlite_value(value: Any) -> Any:
        if isinstance(value, (list, dict)):
            return json.dumps(value)
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            return str(value)
        return value

    store_cases: list[tuple[str, Callable[[], Path]]] = []

    def case(label: str) -> Callable[[Callable[[], Path]], Callable[[], Path]]:
        def add(make: Callable[[], Path]) -> Callable[[], Path]:
            store_cases.append((label, make))
            return make

        return add

    # the file itself
    @case("read-only (chmod 444)")
    def _() -> Path:
        path = store_copy()
        path.chmod(0o444)
        return path

    @case("a folder")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        path.mkdir()
        return path

    @case("an empty file")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        path.write_bytes(b"")
        return path

    @case("a pipe")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        os.mkfifo(path)
        return path

    if zero:

        @case("a link to /dev/zero")
        def _() -> Path:
            path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
            path.symlink_to("/dev/zero")
            return path

    @case("random bytes")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(8192)))
        return path

    sound_bytes = sound_store.read_bytes()
    page = 4096
    for _n in range(max(3, mutations // 3)):
        cut = rng.randrange(len(sound_bytes))
        changed = bytearray(sound_bytes)
        for _k in range(rng.randint(1, 8)):
            changed[rng.randrange(len(changed))] = rng.randrange(256)
        smashed = bytearray(sound_bytes)
        start = page * rng.randrange(1, len(sound_bytes) // page)
        smashed[start : start + page] = bytes(rng.randrange(256) for _ in range(page))
        for label, content in (
            (f"cut at {cut}", sound_bytes[:cut]),
            ("bytes changed", bytes(changed)),
            (f"page at {start} random", bytes(smashed)),
        ):

            def made(content: bytes = content) -> Path:
                path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
                path.write_bytes(content)
                return path

            store_cases.append((label, made))

    # another program's file
    foreign_schemas = {
        "foreign 'tables' (no column id)": "CREATE TABLE tables (name TEXT, size INTEGER)",
        "foreign 'seats'": "CREATE TABLE seats (table_id TEXT, seat INTEGER)",
        "foreign 'actions'": "CREATE TABLE actions (x)",
        "another program's tables only": "CREATE TABLE notes (id INTEGER, body TEXT)",
        "a view named 'actions'": "CREATE VIEW actions AS SELECT 1 table_id, 0 number, 'x' entry",
    }
    for label, sql in foreign_schemas.items():

        def foreign(sql: str = sql) -> Path:
            path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
            with sqlite3.connect(path) as db:
                db.execute(sql)
            db.close()
            return path

        store_cases.append((label, foreign))

    # beside the file
    @case("the lock file a folder")
    def _() -> Path:
        path = store_copy()
        Path(f"{path}.lock").mkdir()
        return path

    @case("the WAL file a folder")
    def _() -> Path:
        path = store_copy()
        Path(f"{path}-wal").mkdir()
        return path

    @case("a path with control characters")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "esc\x1b]0;X\x07\r\nforged.db"
        shutil.copy(sound_store, path)
        return path

    @case("read-only, a path with control characters")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "esc\x1b]0;X\x07\r\nforged.db"
        shutil.copy(sound_store, path)
        path.chmod(0o444)
        return path

    # one damaged row (the other tables must be served)
    first_row_case = len(store_cases)
    huge = "x" * 20_000_000
    damaged_rows = {
        "extra = '[1,2'": ("UPDATE tables SET extra = '[1,2' WHERE id = ?",),
        "extra a number": ("UPDATE tables SET extra = 5 WHERE id = ?",),
        "extra not UTF-8": ("UPDATE tables SET extra = CAST(x'7bff' AS TEXT) WHERE id = ?",),
        "extra a blob": ("UPDATE tables SET extra = x'00ff' WHERE id = ?",),
        "extra nested 100,000 deep": (
            "UPDATE tables SET extra = ? WHERE id = ?", "[" * 100_000 + "]" * 100_000),
        "extra 20 MB": ("UPDATE tables SET extra = ? WHERE id = ?", json.dumps({"h": huge})),
        "setup broken JSON": ("UPDATE tables SET setup = '{\"setup\":' WHERE id = ?",),
        "setup 'null'": ("UPDATE tables SET setup = 'null' WHERE id = ?",),
        "setup 20 MB": ("UPDATE tables SET setup = ? WHERE id = ?", huge),
        "setup not UTF-8 with an escape": (
            "UPDATE tables SET setup = CAST(x'7b0a1b5d303b5807ff' AS TEXT) WHERE id = ?",),
        "action broken": ("UPDATE actions SET entry = '[1,' WHERE table_id = ?",),
        "action an escape": ("UPDATE actions SET entry = ? WHERE table_id = ?", "\x1b]0;X\x07"),
        "action 20 MB": ("UPDATE actions SET entry = ? WHERE table_id = ?", huge),
        "actions numbered from 5": ("UPDATE actions SET number = 5 WHERE table_id = ?",),
        "watch hash a number": ("UPDATE tables SET watch_hash = 3 WHERE id = ?",),
        "a seat's token NULL": ("UPDATE seats SET token_hash = NULL WHERE table_id = ?",),
        "a seat's token a blob": ("UPDATE seats SET token_hash = x'00ff' WHERE table_id = ?",),
        "a seat's token not ASCII": ("UPDATE seats SET token_hash = 'é' WHERE table_id = ?",),
        "watch hash a blob": ("UPDATE tables SET watch_hash = x'00ff' WHERE id = ?",),
        "an action a blob": ("UPDATE actions SET entry = x'00ff' WHERE table_id = ?",),
        "setup a blob": ("UPDATE tables SET setup = x'7b7d' WHERE id = ?",),
        "no seats": ("DELETE FROM seats WHERE table_id = ?",),
        "finished 'x'": ("UPDATE tables SET finished = 'x' WHERE id = ?",),
    }  # fmt: skip
    for label, (sql, *values) in damaged_rows.items():
        store_cases.append(
            (label, lambda sql=sql, values=values: damaged_row(sql, *values))  # type: ignore[misc]
        )
    nulls = {
        "extra NULL": "UPDATE tables SET extra = NULL WHERE id = ?",
        "setup NULL": "UPDATE tables SET setup = NULL WHERE id = ?",
        "watch hash NULL": "UPDATE tables SET watch_hash = NULL WHERE id = ?",
        "finished NULL": "UPDATE tables SET finished = NULL WHERE id = ?",
        "an action NULL": "UPDATE actions SET entry = NULL WHERE table_id = ?",
        "a seat number NULL": "UPDATE seats SET seat = NULL WHERE table_id = ?",
    }
    for label, sql in nulls.items():
        store_cases.append((label, lambda sql=sql: damaged_row(sql, relaxed=True)))  # type: ignore[misc]
    columns = {
        "tables": ("setup", "watch_hash", "extra", "finished"),
        "seats": ("seat", "token_hash"),
        "actions": ("number", "entry"),
    }
    for _n in range(mutations):
        name = rng.choice(list(columns))
        column = rng.choice(columns[name])
        value = rng.choice(HOSTILE_VALUES)
        key = "id" if name == "tables" else "table_id"
        sql = f"UPDATE {name} SET {column} = ? WHERE {key} = ?"
        store_cases.append(
            (
                f"{name}.{column} = {str(value)[:20]!r}",
                lambda sql=sql, value=value: damaged_row(sql, sqlite_value(value), relaxed=True),  # type: ignore[misc]
            )
        )

    class Lines(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.WARNING)
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    def fingerprint_of(path: Path) -> str | None:
        with contextlib.suppress(OSError):
            if path.is_file():
                return hashlib.sha256(path.read_bytes()).hexdigest()
        return None

    def live_ids(path: Path) -> list[str]:
        """The live tables a store holds, read beside the server (none if unreadable)."""
        with contextlib.suppress(sqlite3.Error, OSError):
            if path.is_file():
                uri = f"{path.as_uri()}?mode=ro"
                with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
                    db.text_factory = bytes
                    rows = db.execute("SELECT id FROM tables WHERE finished = 0").fetchall()
                    return [r[0].decode() for r in rows if isinstance(r[0], bytes)]
        return []

    row_cases = {label for label, _make in store_cases[first_row_case:]}

    def table_store(path: Path, one_row: bool = False) -> Callable[[], str]:
        """Open the store and resume its tables as ``orbis host`` does at start.
        ``one_row``: only the rows of one table were damaged, so the others are served."""

        def work() -> str:
            before = fingerprint_of(path)
            rows_before = live_ids(path)
            lines = Lines()
            logger = logging.getLogger("orbis.host")
            logger.addHandler(lines)
            try:
                try:
                    store = SqliteStore(path)
                except StoreError as exc:
                    said = str(exc)
                    if not said.isprintable() or len(said) > 4000:
                        return "unsafe output"
                    if before is not None and fingerprint_of(path) != before:
                        return "wrong: a refused store was changed"
                    return "refused"

                async def serve() -> set[str]:
                    server = TableServer(store, port=0, bot_pause=0.0)
                    try:
                        await server.resume_all()
                        for room in server.rooms.values():
                            room.seat_of("a-token-someone-sends")  # what each seat's link asks
                        return set(server.rooms)
                    finally:
                        await server._on_shutdown(None)  # type: ignore[arg-type]

                served = asyncio.run(serve())
            finally:
                logger.removeHandler(lines)
            if not all(line.isprintable() and len(line) <= 4000 for line in lines.lines):
                return "unsafe output"
            for table_id in rows_before:
                if table_id not in served and not any(table_id in ln for ln in lines.lines):
                    return f"wrong: table {table_id} set aside without a word"
            if one_row and any(t not in served for t in table_ids if t != hit):
                return "wrong: a sound table not served"
            if not set(rows_before) <= set(live_ids(path)):
                return "wrong: a table lost from the file"
            return "accepted"

        return work

    for label, make in store_cases:
        fuzz.judge("table store file (orbis host)", label, table_store(make(), label in row_cases))

    # a store whose lock another process holds, as two servers on one file would
    held = store_copy()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from filelock import FileLock;"
         " l = FileLock(sys.argv[1]); l.acquire(); print('held', flush=True); sys.stdin.read()",
         f"{held}.lock"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        fuzz.judge("table store file (orbis host)", "locked by another process", table_store(held))
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)

    # the same files named on the command line: one clean line, exit status 1, no traceback
    def free_port() -> int:
        with contextlib.closing(socket.socket()) as probe:
            probe.bind(("127.0.0.1", 0))
            return int(probe.getsockname()[1])

    # only files refused at start: a store taken would be served until interrupted
    refused_at_start = {
        "read-only (chmod 444)",
        "a folder",
        "random bytes",
        "foreign 'tables' (no column id)",
        "another program's tables only",
        "the lock file a folder",
    }
    for label, make in [c for c in store_cases if c[0] in refused_at_start]:
        path = make()
        fuzz.judge(
            "--store file (orbis host)",
            label,
            command(["host", "--store", str(path), "--port", str(free_port())]),
        )
