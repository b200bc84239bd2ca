"""What every store of tables shares: the interface of a store, a stored table, a change
told by another server process, the errors, and the checks of what is read back.

:mod:`.store` (SQLite, and :func:`~.store.open_store`) and :mod:`.pgstore`
(PostgreSQL) both build on this module, and neither on the other's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..printable import printable
from .chat import RECENT_CHAT, ChatLine


class StoreError(Exception):
    """The store cannot be used (said in one line)."""


class StoreUnavailable(StoreError):
    """The store cannot be reached now (the database is away): nothing was stored."""


class DamagedTable(StoreError):
    """One stored table cannot be read: it is set aside, the others are served."""


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


@dataclass(frozen=True)
class Change:
    """What another server process changed at a table: one action added at ``number``
    (``entry``), a person arrived at ``seat`` or left it (``here``), a message said
    (``chat``), or anything else (all None: load it)."""

    number: int | None = None
    entry: str | None = None
    seat: int | None = None
    here: bool = False
    chat: ChatLine | None = None


class TableStore(Protocol):
    async def create(self, table: StoredTable) -> None: ...
    async def load(self, table_id: str) -> StoredTable | None: ...
    async def live_tables(self) -> list[str]: ...
    async def append(self, table_id: str, number: int, entry: str) -> None: ...
    async def remove(self, table_id: str, number: int) -> None: ...
    async def set_extra(self, table_id: str, extra: dict[str, Any]) -> None: ...
    async def finish(self, table_id: str) -> None: ...
    async def close(self) -> None: ...

    async def say(self, table_id: str, seat: int, at: int, text: str) -> ChatLine:
        """Keep a message said at the table (beside it, not in its record)."""

    async def chat(self, table_id: str, limit: int = RECENT_CHAT) -> list[ChatLine]:
        """The table's last ``limit`` messages, oldest first."""

    async def claim(self, table_id: str) -> float:
        """0 when this server process plays the table's computer seats now (its lease
        is taken or renewed), else the seconds until the holder's lease ends."""

    async def set_present(self, table_id: str, seat: int, here: bool) -> None:
        """A person sits at ``seat`` on this server process (or left it)."""

    async def present(self, table_id: str) -> set[int]:
        """The seats whose person is at the table on any server process."""

    # Another server process changed a table (PostgreSQL only; SQLite has one writer).
    on_change: Callable[[str, Change], None] | None
    # Changes of other server processes may have been missed (the listener was away).
    on_resync: Callable[[], None] | None
    # Who is at which table's seats on the other server processes, now (PostgreSQL only).
    on_presence: Callable[[dict[str, set[int]]], None] | None


# The columns this program reads and writes, per table of the store.
COLUMNS = {
    "tables": {"id", "setup", "watch_hash", "extra", "finished"},
    "seats": {"table_id", "seat", "token_hash"},
    "actions": {"table_id", "number", "entry"},
    "chat": {"id", "table_id", "seat", "at", "text"},
}


def foreign_schema(found: dict[str, set[str]], prefix: str = "") -> str | None:
    """What makes a store's existing tables another program's, if anything."""
    for name, wanted in COLUMNS.items():
        columns = found.get(prefix + name)
        if columns is None:
            continue
        missing = sorted(wanted - columns)
        if missing:
            return f"its table {prefix + name!r} has no column {missing[0]!r}"
    return None


def read_extra(table_id: str, text: object) -> dict[str, Any]:
    """A table's hints and stand-ins as stored; DamagedTable if they cannot be read (a
    NULL or a number where the text should be, too)."""
    try:
        if not isinstance(text, str | bytes):
            raise ValueError(f"{type(text).__name__}, not text")
        extra = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DamagedTable(
            f"table {table_id}: its hints and stand-ins are damaged ({printable(exc)})"
        ) from None
    if not isinstance(extra, dict):
        raise DamagedTable(f"table {table_id}: its hints and stand-ins are not an object")
    return extra


def stored_text(table_id: str, what: str, value: object, hash_: bool = False) -> str:
    """``value`` read from a table's row, if it is text (ASCII for a hash: hashes are
    compared in constant time, which only ASCII allows); DamagedTable otherwise."""
    if isinstance(value, str) and (value.isascii() or not hash_):
        return value
    kind = "an ASCII hash" if hash_ else "text"
    raise DamagedTable(
        f"table {printable(table_id)}: {what} is not {kind} ({type(value).__name__})"
    )


def chat_lines(rows: list[Any]) -> list[ChatLine]:
    """Stored messages (newest first, as read) as lines, oldest first; a row that is
    not a message is passed over."""
    lines = []
    for row in reversed(rows):
        ident, seat, at, text = row
        if all(type(v) is int for v in (ident, seat, at)) and isinstance(text, str):
            lines.append(ChatLine(ident, seat, at, text))
    return lines
