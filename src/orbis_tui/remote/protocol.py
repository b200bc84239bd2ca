"""The messages between a table server and its seats: JSON objects, one per frame.

A seat says ``hello`` first (the table and its secret token), then sends intents:
``act`` (one notation entry and the number of actions it believes the table has),
``undo`` (with that number too), ``hint`` (a hint was shown at this decision),
``stand_in`` (hand an absent player's seat to a computer level, or take it back),
``say`` (a short message to the table, see :mod:`.chat`) and ``sync`` (send the whole
table again: this seat lost step). The table answers with
``table`` (the whole public record, the seats and who is here: first, and whenever a
change cannot be followed), ``moved`` (what changed since: the actions added or taken
back, the tiles they turned face up, the seats), ``refused`` (to the one seat, with the
reason and the rule) ``chat`` (messages said at the table: the recent ones when a
connection arrives, then each one as it is said) or ``bye`` (the reason, before the
connection is closed). Anything
else, anything too big or not shaped as below is a protocol error: the connection is
closed with the reason.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

VERSION = 1
MAX_MESSAGE = 4096  # bytes a seat may send in one frame (an entry is a few dozen)
MAX_ENTRY = 64
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_TOKEN = 64
MAX_TABLE_ID = 32


class ProtocolError(ValueError):
    """A message that is not one of the protocol's: the connection is closed."""


@dataclass(frozen=True)
class Hello:
    table: str
    token: str


@dataclass(frozen=True)
class Act:
    count: int
    entry: str


@dataclass(frozen=True)
class Undo:
    count: int


@dataclass(frozen=True)
class Hint:
    count: int


@dataclass(frozen=True)
class StandIn:
    seat: int
    level: str | None  # None: the seat's person plays it again


@dataclass(frozen=True)
class Say:
    """A message to the table (checked and cleaned by the room: :mod:`.chat`)."""

    text: str


@dataclass(frozen=True)
class Sync:
    """The seat lost step with the table: it is sent the whole table again."""


Intent = Act | Undo | Hint | StandIn | Say | Sync


def _field(obj: dict[str, Any], name: str, kind: type) -> Any:
    value = obj.get(name)
    if type(value) is not kind:
        raise ProtocolError(f"{name!r} must be a {kind.__name__}")
    return value


def _count(obj: dict[str, Any]) -> int:
    count = _field(obj, "n", int)
    if not 0 <= count <= 10_000:
        raise ProtocolError("'n' is not an action count")
    return int(count)


def is_token(text: str) -> bool:
    return 0 < len(text) <= MAX_TOKEN and set(text) <= TOKEN_CHARS


def is_table_id(text: str) -> bool:
    return 0 < len(text) <= MAX_TABLE_ID and set(text) <= TOKEN_CHARS


def decode(frame: str | bytes) -> Hello | Intent:
    """The message in ``frame``, or ProtocolError saying what is wrong with it."""
    if len(frame) > MAX_MESSAGE:
        raise ProtocolError(f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        obj = json.loads(frame)
    except (ValueError, RecursionError):
        raise ProtocolError("not a JSON message") from None
    if not isinstance(obj, dict):
        raise ProtocolError("a message is a JSON object")
    kind = obj.get("t")
    if kind == "hello":
        if obj.get("v") != VERSION:
            raise ProtocolError(f"this server speaks version {VERSION} of the protocol")
        table, token = _field(obj, "table", str), _field(obj, "token", str)
        if not is_table_id(table) or not is_token(token):
            raise ProtocolError("not a table and token of an invitation")
        return Hello(table, token)
    if kind == "act":
        entry = _field(obj, "entry", str)
        if not 0 < len(entry) <= MAX_ENTRY or not entry.isascii() or not entry.isprintable():
            raise ProtocolError("'entry' is not an entry of the notation")
        return Act(_count(obj), entry)
    if kind == "undo":
        return Undo(_count(obj))
    if kind == "hint":
        return Hint(_count(obj))
    if kind == "sync":
        return Sync()
    if kind == "say":
        return Say(_field(obj, "text", str))
    if kind == "stand_in":
        seat = _field(obj, "seat", int)
        level = obj.get("level")
        if level is not None and (type(level) is not str or len(level) > 16):
            raise ProtocolError("'level' is a computer level or null")
        return StandIn(int(seat), level)
    raise ProtocolError("not a message of this protocol")


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"t": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def hello(table: str, token: str) -> str:
    return encode("hello", v=VERSION, table=table, token=token)


def act(count: int, entry: str) -> str:
    return encode("act", n=count, entry=entry)


def undo(count: int) -> str:
    return encode("undo", n=count)


def hint(count: int) -> str:
    return encode("hint", n=count)


def stand_in(seat: int, level: str | None) -> str:
    return encode("stand_in", seat=seat, level=level)


def say(text: str) -> str:
    return encode("say", text=text)


def sync() -> str:
    return encode("sync")


# Why an intent is refused (``refused``'s ``code``); the seat words it in its language.
NOT_YOUR_TURN = "not-your-turn"
STALE = "stale"
ILLEGAL = "illegal"
NO_UNDO = "no-undo"
WATCHING = "watching"
NOT_ABSENT = "not-absent"
UNKNOWN_LEVEL = "unknown-level"
TOO_SOON = "too-soon"
CHAT_TOO_LONG = "chat-too-long"  # a message over MAX_CHAT characters, or an empty one
CHAT_TOO_FAST = "chat-too-fast"  # the seat said too many messages lately
STORE_AWAY = "store-away"  # the store cannot be reached now: nothing was kept (also a bye)
# Why a connection is closed (``bye``'s ``code``).
BAD_MESSAGE = "bad-message"
BAD_TOKEN = "bad-token"
REPLACED = "replaced"
TOO_SLOW = "too-slow"
TOO_FAST = "too-fast"
SHUTDOWN = "shutdown"
