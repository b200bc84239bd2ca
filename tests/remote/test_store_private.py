"""The table store holds the true deal: only its owner may read what the server writes."""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from orbis_tui.remote.deal import create_table
from orbis_tui.remote.store import SqliteStore


@pytest.fixture
def open_umask() -> Iterator[None]:
    """The usual umask, which leaves new files readable by everyone."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _written(path: Path) -> list[Path]:
    return [p for p in path.parent.iterdir() if p.name.startswith(path.name)]


@pytest.mark.usefixtures("open_umask")
def test_a_new_store_and_its_journals_are_the_owners_only(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"

    async def main() -> None:
        store = SqliteStore(path)
        await create_table(store, ["A", "B"], ["human", "human"])
        names = {p.name for p in _written(path)}
        assert {"tables.db", "tables.db-wal", "tables.db-shm", "tables.db.lock"} <= names
        for written in _written(path):
            assert _mode(written) == 0o600, written
        await store.close()

    asyncio.run(main())


@pytest.mark.usefixtures("open_umask")
def test_an_existing_store_readable_by_others_is_made_the_owners_only(tmp_path: Path) -> None:
    path = tmp_path / "tables.db"

    async def main() -> None:
        store = SqliteStore(path)
        await store.close()
        for written in _written(path):
            written.chmod(0o644)
        store = SqliteStore(path)
        await create_table(store, ["A", "B"], ["human", "human"])
        for written in _written(path):
            if written.suffix != ".lock":  # the lock file is kept as it was made
                assert _mode(written) == 0o600, written
        await store.close()

    asyncio.run(main())


@pytest.mark.usefixtures("open_umask")
@pytest.mark.parametrize("refused", ["another program's", "damaged"])
def test_a_refused_file_keeps_its_permissions(tmp_path: Path, refused: str) -> None:
    """Only a file accepted as the store is made its owner's only: one refused is
    left exactly as it was."""
    import sqlite3

    from orbis_tui.remote.store import StoreError

    path = tmp_path / "tables.db"
    if refused == "damaged":
        path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    else:
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE notes (words TEXT)")
        db.close()
    path.chmod(0o644)
    with pytest.raises(StoreError):
        SqliteStore(path)
    assert _mode(path) == 0o644
