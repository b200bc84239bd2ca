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
class TurnClock:
    """A table's time per turn (its own table of the store, ``clocks``): ``seconds``
    for each turn, ``level`` the computer that plays a seat whose time ran out, and the
    running turn's ``seat`` and ``deadline`` (seconds since the epoch; None: no person
    is to move). The deadline is stored, so it survives a restart of the server."""

    seconds: float
    level: str
    seat: int | None = None
    deadline: float | None = None


@dataclass
class Rematch:
    """A finished table's rematch (the ``rematch_answers``, ``rematch_declines`` and
    ``rematches`` tables of the store): the seats that said yes (when, seconds since
    the epoch: the first proposed it), the seat that said no to the last one proposed
    (``declined``, at ``declined_at``; a new proposal clears it) and the table dealt
    for it, once every person said yes."""

    yes: dict[int, float] = field(default_factory=dict)
    next_table: str | None = None
    declined: int | None = None
    declined_at: float | None = None

    @property
    def proposer(self) -> int | None:
        return min(self.yes, key=lambda s: (self.yes[s], s)) if self.yes else None


@dataclass
class StoredTable:
    id: str
    setup: str  # the GameSetup as JSON, with the true deal
    seat_hashes: list[str | None]  # per seat; None for a computer seat
    watch_hash: str
    actions: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # hints, stand_ins
    clock: TurnClock | None = None  # a time per turn, if the table was dealt with one
    rematch: Rematch = field(default_factory=Rematch)


@dataclass(frozen=True)
class Change:
    """What another server process changed at a table: one action added at ``number``
    (``entry``), a person arrived at ``seat`` or left it (``here``), a message said
    (``chat``), or anything else (all None: load it)."""

    number: int | None = None
    entry: str | None = None
    seat: int | None = None
    here: bool = False
    grace: bool = False  # a person's grace changed (read them again: TableStore.graces)
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

    async def table_list(self) -> list[tuple[str, bool]]:
        """Every table's id, and whether its game is over."""

    async def reissue(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a person's seat a new token (its hash): the old one opens nothing from
        now on. False if the table has no such person's seat."""

    async def host_key_hash(self) -> str | None:
        """The hash of the host's key, if one was made."""

    async def set_host_key_hash(self, key_hash: str) -> None:
        """Keep the hash of the host's (new) key, in place of any earlier one."""

    async def set_deadline(self, table_id: str, seat: int | None, deadline: float | None) -> None:
        """The turn clock of a table dealt with one now runs for ``seat`` until
        ``deadline`` (None: for nobody)."""

    async def answer_rematch(self, table_id: str, seat: int, yes: bool, at: float) -> None:
        """``seat`` says yes to a rematch at ``at`` (and a decline stored is cleared), or
        no: then nobody's yes stays, and who said no and when is kept (every server
        process tells it)."""

    async def set_next_table(self, table_id: str, next_table: str) -> str:
        """The rematch's table for ``table_id``: ``next_table`` unless another server
        process set one first (then that one). Answers the table that holds."""

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

    async def set_grace(self, table_id: str, seat: int, until: float, *, keep: bool) -> None:
        """Until when (by the servers' shared clock) an absent person's seat waits for
        them: ``keep``, only if no time is stored yet (a table loaded), else the later
        of the stored time and ``until`` (a person left)."""

    async def graces(self, table_id: str) -> dict[int, float] | None:
        """Every stored grace of the table (seat: until when); None when the store is
        one process's only (SQLite): its rooms keep the graces themselves."""

    # Another server process changed a table (PostgreSQL only; SQLite has one writer).
    on_change: Callable[[str, Change], None] | None
    # Changes of other server processes may have been missed (the listener was away).
    on_resync: Callable[[], None] | None
    # Who is at which table's seats on the other server processes, now (PostgreSQL only).
    on_presence: Callable[[dict[str, set[int]]], None] | None


HOST_KEY = "key_hash"  # the row of the host table that holds the hash of the host's key

# The columns this program reads and writes, per table of the store.
COLUMNS = {
    "tables": {"id", "setup", "watch_hash", "extra", "finished"},
    "seats": {"table_id", "seat", "token_hash"},
    "actions": {"table_id", "number", "entry"},
    "host": {"name", "value"},
    # The turn clocks and rematches: tables of their own.
    "clocks": {"table_id", "seconds", "level", "seat", "deadline"},
    "rematch_answers": {"table_id", "seat", "at"},
    "rematch_declines": {"table_id", "seat", "at"},
    "rematches": {"table_id", "next_table"},
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


def read_clock(table_id: str, row: Any) -> TurnClock | None:
    """A table's turn clock as stored (None: dealt without one); DamagedTable if its
    row cannot be read."""
    if row is None:
        return None
    seconds, level, seat, deadline = row
    if (
        not isinstance(seconds, int | float)
        or not isinstance(level, str)
        or not (seat is None or type(seat) is int)
        or not (deadline is None or isinstance(deadline, int | float))
    ):
        raise DamagedTable(f"table {printable(table_id)}: its turn clock is damaged")
    return TurnClock(float(seconds), level, seat, float(deadline) if deadline is not None else None)


def read_rematch(table_id: str, yes: Any, next_table: Any, declined: Any = None) -> Rematch:
    """A table's rematch as stored (``declined``: the row of who said no and when, if
    any); DamagedTable if its rows cannot be read. A decline older than a yes stored
    (written by a server that did not clear it) is passed over: that yes proposed
    again."""
    answers: dict[int, float] = {}
    for seat, at in yes:
        if type(seat) is not int or not isinstance(at, int | float):
            raise DamagedTable(f"table {printable(table_id)}: its rematch answers are damaged")
        answers[seat] = float(at)
    if next_table is not None and not isinstance(next_table, str):
        raise DamagedTable(f"table {printable(table_id)}: its rematch is damaged")
    rematch = Rematch(answers, next_table)
    if declined is not None:
        seat, at = declined
        if type(seat) is not int or not isinstance(at, int | float):
            raise DamagedTable(f"table {printable(table_id)}: its rematch's decline is damaged")
        if all(at >= said for said in answers.values()):
            rematch.declined, rematch.declined_at = seat, float(at)
    return rematch


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
