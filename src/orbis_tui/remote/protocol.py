"""The messages between a table server and its seats: JSON objects, one per frame.

A seat says ``hello`` first (the table and its secret token), then sends intents:
``act`` (one notation entry and the number of actions it believes the table has),
``undo`` (with that number too), ``hint`` (a hint was shown at this decision),
``stand_in`` (hand an absent player's seat to a computer level, or take it back: one's
own seat too, once a computer plays it because its time ran out), ``rematch`` (at the
end: ask for a rematch or say yes to it, ``"yes": true``, or say no), ``say`` (a short
message to the table, see :mod:`.chat`) and ``sync`` (send the whole table again: this
seat lost step). The table answers with
``table`` (the whole public record, the seats and who is here: first, and whenever a
change cannot be followed), ``moved`` (what changed since: the actions added or taken
back, the tiles they turned face up, the seats), ``refused`` (to the one seat, with the
reason and the rule), ``chat`` (messages said at the table: the recent ones when a
connection arrives, then each one as it is said) or ``bye`` (the reason, before the
connection is closed). Anything
else, anything too big or not shaped as below is a protocol error: the connection is
closed with the reason.

Each message is one pydantic model whose ``t`` names its kind; the models of one
direction form a discriminated union (:data:`ClientMessage`, :data:`ServerMessage`),
read by :func:`decode` (on the server) and :func:`decode_server` (on a seat), written by
:func:`encode`. Both directions are read strictly (a count is a JSON number, never
``"3"`` or ``true``). What a seat sends may hold nothing more than its fields; what
the server sends may hold fields a seat does not know yet (a newer server), which it
passes over.

A new kind of message is one model added to its direction's union: a subclass of
:class:`ClientMessageBase` or :class:`ServerMessageBase` with ``t: Literal["kind"] =
"kind"`` and its fields, written in the union below. The server then answers it in
:meth:`orbis_tui.remote.room.Room.handle`, a seat in its handler of the server's
messages; a kind a seat does not know is passed over (:func:`decode_server` answers
None), so an older seat keeps working with a newer server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_serializer,
)
from pydantic_core import ErrorDetails

VERSION = 1
MAX_MESSAGE = 4096  # bytes a seat may send in one frame (an entry is a few dozen)
MAX_ENTRY = 64
TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
MAX_TOKEN = 64
MAX_TABLE_ID = 32
MAX_COUNT = 10_000  # an action count a seat may name
MAX_LEVEL = 16  # characters of a computer level's name


class ProtocolError(ValueError):
    """A message that is not one of the protocol's: the connection is closed."""


def is_token(text: str) -> bool:
    return 0 < len(text) <= MAX_TOKEN and set(text) <= TOKEN_CHARS


def is_table_id(text: str) -> bool:
    return 0 < len(text) <= MAX_TABLE_ID and set(text) <= TOKEN_CHARS


# ------------------------------------------------------------ the fields' checks
def _table_id(text: str) -> str:
    if not is_table_id(text):
        raise ValueError("not the table of an invitation")
    return text


def _token(text: str) -> str:
    if not is_token(text):
        raise ValueError("not the token of an invitation")
    return text


def _entry(text: str) -> str:
    if not 0 < len(text) <= MAX_ENTRY or not text.isascii() or not text.isprintable():
        raise ValueError("not an entry of the notation")
    return text


TableId = Annotated[str, AfterValidator(_table_id)]
Token = Annotated[str, AfterValidator(_token)]
Entry = Annotated[str, AfterValidator(_entry)]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


# ------------------------------------------------------------ what a seat sends
class ClientMessageBase(BaseModel):
    """A message a seat sends: nothing more than its fields, each of its JSON type."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid", populate_by_name=True)


class Hello(ClientMessageBase):
    t: Literal["hello"] = "hello"
    v: int
    table: TableId
    token: Token

    @field_validator("v")
    @classmethod
    def _version(cls, v: int) -> int:
        if v != VERSION:
            raise ValueError(f"this server speaks version {VERSION} of the protocol")
        return v


class Act(ClientMessageBase):
    t: Literal["act"] = "act"
    count: Count = Field(alias="n")
    entry: Entry


class Undo(ClientMessageBase):
    t: Literal["undo"] = "undo"
    count: Count = Field(alias="n")


class Hint(ClientMessageBase):
    t: Literal["hint"] = "hint"
    count: Count = Field(alias="n")


class StandIn(ClientMessageBase):
    t: Literal["stand_in"] = "stand_in"
    seat: int
    level: Annotated[str, Field(max_length=MAX_LEVEL)] | None  # None: its person plays again


class RematchAnswer(ClientMessageBase):
    """At the end: ask for a rematch or say yes to the one asked (``yes``), or say no."""

    t: Literal["rematch"] = "rematch"
    yes: bool


class Say(ClientMessageBase):
    """A message to the table, as typed: the room checks its length (and says why it
    refuses one) and cleans it (:mod:`.chat`); the frame's size bounds it here."""

    t: Literal["say"] = "say"
    text: str


class Sync(ClientMessageBase):
    """The seat lost step with the table: it is sent the whole table again."""

    t: Literal["sync"] = "sync"


# Every message a seat may send: a new kind is one model more here.
ClientMessage = Annotated[
    Hello | Act | Undo | Hint | StandIn | RematchAnswer | Say | Sync, Field(discriminator="t")
]
Intent = Act | Undo | Hint | StandIn | RematchAnswer | Say | Sync  # what follows the hello


# ------------------------------------------------------------ what the server sends
class ServerMessageBase(BaseModel):
    """A message the server sends: read strictly, fields a seat does not know passed over.
    The fields named in ``left_out_unset`` are not written while they hold nothing (None,
    False, 0): a seat reads them as their default."""

    model_config = ConfigDict(strict=True, frozen=True, extra="ignore", populate_by_name=True)
    left_out_unset: ClassVar[frozenset[str]] = frozenset()
    left_out_none: ClassVar[frozenset[str]] = frozenset()  # not written while None (0 is)

    @model_serializer(mode="wrap")
    def _leave_out_unset(self, handler: SerializerFunctionWrapHandler) -> Any:
        written = handler(self)
        for name in self.left_out_unset:
            if not written.get(name):
                del written[name]
        for name in self.left_out_none:
            if written.get(name, 0) is None:
                del written[name]
        return written


class SeatInfo(ServerMessageBase):
    """One seat as every screen sees it."""

    name: str
    kind: str  # "human" or the computer level that plays it
    here: bool = False  # its person is at the table (at any server)
    stand_in: str | None = None  # the level playing for its absent person
    handover_in: int = 0  # seconds (from when this is sent) until it can be handed over
    clock: int | None = None  # seconds (from when this is sent) its turn's time has left
    out_of_time: bool = False  # a computer plays it because its person's time ran out
    # Its person was at the table and left it (since the server loaded the table): an
    # absent person not marked so has not come (back) since, as after a restart.
    left: bool = False
    # Its computer player could not move: the error, in one line (until it moves again;
    # then a weaker level plays it, ``stand_in``, or no computer does).
    failed: str | None = None

    left_out_unset = frozenset({"handover_in", "out_of_time", "left"})
    left_out_none = frozenset({"clock", "failed"})


class RematchInfo(ServerMessageBase):
    """A finished table's rematch: the seats that said yes, who asked, who said no to
    the last one asked, and the new table once every person said yes."""

    yes: list[int] = Field(default_factory=list)
    by: int | None = None
    declined: int | None = None
    next: str | None = None

    left_out_unset = frozenset({"yes"})
    left_out_none = frozenset({"by", "declined", "next"})


class Table(ServerMessageBase):
    """The whole table, for one seat (None: a watcher)."""

    t: Literal["table"] = "table"
    seat: int | None  # first after ``t``: see :func:`for_seat`
    table: str
    count: int = Field(alias="n")
    record: dict[str, Any]  # the public record (checked as a record by the seat)
    seats: list[SeatInfo]
    seeded: bool = False  # dealt from a seed given to the server
    final: dict[str, Any] | None = None  # the true record, once the game is over
    turn_time: float | None = None  # seconds per turn, if the table has a clock
    clock_level: str | None = None  # the computer that plays a seat whose time ran out
    rematch: RematchInfo | None = None  # once the game is over and a rematch was asked

    left_out_unset = frozenset({"seeded", "final"})
    left_out_none = frozenset({"turn_time", "clock_level", "rematch"})


class Moved(ServerMessageBase):
    """What changed since the last ``table`` or ``moved``."""

    t: Literal["moved"] = "moved"
    seat: int | None  # first after ``t``: see :func:`for_seat`
    start: int = Field(alias="from")  # the actions the seat was last told of
    count: int = Field(alias="n")
    back: int  # actions taken back (undone) first
    entries: list[str]  # then these added
    drawn: Annotated[list[list[str]], Field(min_length=3, max_length=3)]  # turned up, per pile
    seats: list[SeatInfo]
    hints: list[int] | None = None
    stand_ins: list[dict[str, Any]] | None = None


class Refused(ServerMessageBase):
    """An intent of this seat's was not taken: ``code`` (below) says why."""

    t: Literal["refused"] = "refused"
    code: str
    reason: str
    rule: str | None = None
    count: int = Field(alias="n")
    # A message refused: the most characters it may hold (CHAT_TOO_LONG), or the
    # seconds to wait before the next (CHAT_TOO_FAST).
    limit: int = 0
    wait: int = 0

    left_out_unset = frozenset({"limit", "wait"})


class ChatLineInfo(ServerMessageBase):
    """One message said at the table: its number (in the order the store kept them),
    the seat that said it, the table's action count then, and its text (cleaned)."""

    id: int
    seat: int
    at: int
    text: str


class Chat(ServerMessageBase):
    """Messages said at the table: the recent ones when a connection arrives
    (``recent``: said before it came, not to pop up as new), then each one as it is
    said (a seat shows each number once)."""

    t: Literal["chat"] = "chat"
    lines: list[ChatLineInfo]
    recent: bool = False

    left_out_unset = frozenset({"recent"})


class Bye(ServerMessageBase):
    """The connection is closed: ``code`` (below) says why."""

    t: Literal["bye"] = "bye"
    code: str
    reason: str


# Every message the server may send: a new kind is one model more here.
ServerMessage = Annotated[Table | Moved | Refused | Chat | Bye, Field(discriminator="t")]


@dataclass(frozen=True)
class Unreadable:
    """A message from the server that a seat could not read (not on the wire)."""

    kind: str
    reason: str


# ------------------------------------------------------------ reading and writing
_client: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_server: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def reason_of(error: ValidationError) -> str:
    """What is wrong with a message, in one line: its first error, where."""
    return _said(error.errors(include_url=False, include_input=False)[0])


def _said(error: ErrorDetails) -> str:
    kind = error["type"]
    if kind == "json_invalid":
        return "not a JSON message"
    if kind in ("model_attributes_type", "model_type", "dict_type"):
        return "a message is a JSON object"
    if kind == "union_tag_not_found":
        return "a message says its kind in 't'"
    if kind == "union_tag_invalid":
        return "not a message of this protocol"
    where = [str(part) for part in error["loc"]]
    field = ".".join(where[1:]) or where[0] if where else ""
    if kind == "missing":
        return f"{where[0]}: no {field!r}" if len(where) > 1 else "a field is missing"
    if kind == "extra_forbidden":
        return f"{where[0]}: {field!r} is not a field of it"
    problem = error["msg"]
    if kind == "value_error":
        problem = str(error.get("ctx", {}).get("error", problem))
    return f"{where[0]}: {field!r}: {problem}" if len(where) > 1 else problem


def decode(frame: str | bytes) -> ClientMessage:
    """The seat's message in ``frame``, or ProtocolError saying what is wrong with it."""
    if len(frame) > MAX_MESSAGE:
        raise ProtocolError(f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        return _client.validate_json(frame)
    except ValidationError as exc:
        raise ProtocolError(reason_of(exc)) from None


def decode_server(frame: str | bytes) -> ServerMessage | Unreadable | None:
    """The server's message in ``frame``; None for a kind this seat does not know (a
    newer server's), :class:`Unreadable` for one it cannot read."""
    try:
        return _server.validate_json(frame)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        if first["type"] == "union_tag_invalid":
            return None
        return Unreadable(str(first["loc"][0]) if first["loc"] else "", _said(first))


def encode(message: ClientMessageBase | ServerMessageBase) -> str:
    """``message`` as its JSON text, ``t`` first."""
    return message.model_dump_json(by_alias=True)


def for_seat(encoded: str, seat: int | None) -> str:
    """An encoded ``table`` or ``moved`` message (written with ``seat`` None) as sent to
    ``seat``: one text serves every connection of a table."""
    head, rest = encoded.split(',"seat":null', 1)
    return f'{head},"seat":{"null" if seat is None else seat}{rest}'


def hello(table: str, token: str) -> str:
    return encode(Hello(v=VERSION, table=table, token=token))


def act(count: int, entry: str) -> str:
    return encode(Act(count=count, entry=entry))


def undo(count: int) -> str:
    return encode(Undo(count=count))


def hint(count: int) -> str:
    return encode(Hint(count=count))


def stand_in(seat: int, level: str | None) -> str:
    return encode(StandIn(seat=seat, level=level))


def rematch(yes: bool) -> str:
    return encode(RematchAnswer(yes=yes))


def say(text: str) -> str:
    return encode(Say(text=text))


def sync() -> str:
    return encode(Sync())


# Why an intent is refused (``refused``'s ``code``); the seat words it in its language.
NOT_YOUR_TURN = "not-your-turn"
STALE = "stale"
ILLEGAL = "illegal"
NO_UNDO = "no-undo"
WATCHING = "watching"
NOT_ABSENT = "not-absent"
UNKNOWN_LEVEL = "unknown-level"
TOO_SOON = "too-soon"
NOT_OVER = "not-over"  # a rematch before the end
NO_REMATCH = "no-rematch"  # no rematch to say no to, or it is dealt already
CHAT_TOO_LONG = "chat-too-long"  # a message over MAX_CHAT characters, or an empty one
CHAT_TOO_FAST = "chat-too-fast"  # the seat said too many messages lately
STORE_AWAY = "store-away"  # the store cannot be reached now: nothing was kept (also a bye)
# What an HTTP request (the host's list, a new link, a link's status) is answered while
# the store cannot be reached.
STORE_AWAY_NOW = "the table server cannot reach its store just now: try again in a moment"
# Why a connection is closed (``bye``'s ``code``).
BAD_MESSAGE = "bad-message"
BAD_TOKEN = "bad-token"
REPLACED = "replaced"
TOO_SLOW = "too-slow"
TOO_FAST = "too-fast"
SHUTDOWN = "shutdown"
REISSUED = "link-reissued"  # the host gave the seat a new link: this one opens nothing now
MOVED = "moved"  # the rematch is dealt: the same link connects to the new table
# The closings after which a seat does not connect again by itself.
FINAL_BYES = frozenset({BAD_TOKEN, REPLACED, BAD_MESSAGE, REISSUED})
