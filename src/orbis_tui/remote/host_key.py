"""The host's key: what lets the host list the tables and reissue a seat's link.

The key is made at the server's first start, written to a file only its owner can read
(mode 0600), and its SHA-256 is kept in the store, so that every server on one
PostgreSQL database knows it. It never travels in a link: the host gives it to
``orbis table list`` (from the file) or types it into the server's page.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..paths import default_data_dir
from ..printable import MAX_LINE, printable
from .links import new_token, token_hash, token_matches
from .protocol import is_token
from .store_types import StoreError, TableStore

KEY_FILE = "host-key"  # in the data folder, unless --host-key-file names another
MAX_KEY_FILE = 256  # bytes read from a key file (a key is 43 characters)


def default_key_file() -> Path:
    return default_data_dir() / KEY_FILE


@dataclass(frozen=True)
class HostKey:
    """What the server knows of its key at start: the file it is in (None if this
    server has no copy, e.g. another server on the database made it) and whether it
    was made just now."""

    file: Path | None
    made: bool
    other_key: Path | None = None  # a file holding another key than the store's


def read_key_file(path: Path) -> str:
    """The key written in ``path`` (StoreError saying what is wrong)."""
    shown = printable(path, MAX_LINE)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_KEY_FILE)
    except OSError as exc:
        raise StoreError(f"cannot read the host key from {shown}: {exc.strerror or exc}") from None
    text = raw.decode("ascii", errors="replace").strip()
    if not is_token(text):
        raise StoreError(f"{shown} does not hold a host key (one line of 43 letters and digits)")
    return text


def _write_new_key(path: Path) -> str:
    key = new_token()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(key + "\n")
    return key


async def ensure_host_key(store: TableStore, path: Path, *, renew: bool = False) -> HostKey:
    """Make sure the store has a host key, and say where it is.

    - No key yet (or ``renew``): a new key is written to ``path`` (which must not exist:
      an existing file is never overwritten) and its hash is kept in the store.
    - A key in the store and the same key in ``path``: nothing changes.
    - A key in the store and no file at ``path``: the key was made by another server on
      this database, or its file was lost (``HostKey.file`` is None: say so).
    - A file at ``path`` holding another key: it is left alone and said (``other_key``);
      the server serves, and the host's commands need the store's key.
    - ``renew`` with a file at ``path``: StoreError (a file is never overwritten).
    """
    stored = await store.host_key_hash()
    exists = path.exists()
    if exists:
        key = read_key_file(path)
        if stored is None or (renew is False and token_matches(key, stored)):
            if stored is None:
                await store.set_host_key_hash(token_hash(key))
            return HostKey(path, made=False)
        if renew:
            shown = printable(path, MAX_LINE)
            raise StoreError(
                f"{shown} exists: a new host key is written to a new file (move this one away)"
            )
        return HostKey(None, made=False, other_key=path)
    if stored is not None and not renew:
        return HostKey(None, made=False)
    try:
        key = _write_new_key(path)
    except OSError as exc:
        shown = printable(path, MAX_LINE)
        raise StoreError(f"cannot write the host key to {shown}: {exc.strerror or exc}") from None
    await store.set_host_key_hash(token_hash(key))
    return HostKey(path, made=True)


def is_host_key(presented: str | None, stored_hash: str | None) -> bool:
    """Whether ``presented`` is the host's key (in constant time)."""
    return presented is not None and is_token(presented) and token_matches(presented, stored_hash)
