"""What a browser tab of ``orbis serve`` may send, read without trusting it.

The page (textual-serve's) sends JSON lists: ``["stdin", text]``, ``["resize",
{"width": w, "height": h}]``, ``["ping", text]``, ``["focus"]``, ``["blur"]``. Anything
else, or a value no page sends, is :class:`Malformed`: the server logs one short line
and goes on. Sizes are kept to what a screen can show, so that no tab can make its game
draw a terminal of a billion columns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from ..printable import printable

MAX_COLUMNS = 400  # a 4K screen at a small font is about 300 columns
MAX_ROWS = 200
MAX_KEYS = 4096  # characters in one stdin message (a paste is one)
MAX_PING = 64
MAX_MESSAGE_BYTES = 64 * 1024  # longer messages are refused by the websocket itself


class TabMessageBase(BaseModel):
    """A message of a tab: a JSON list, its kind first, then the values named by
    ``values`` (in that order), each of its JSON type (strictly: no ``"5"`` for 5)."""

    model_config = ConfigDict(strict=True, frozen=True, extra="forbid")
    values: ClassVar[tuple[str, ...]] = ()

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, sent: Any) -> Any:
        if not isinstance(sent, list):
            return sent
        kind, rest = sent[0], sent[1:]
        if len(rest) != len(cls.values):
            wanted = len(cls.values)
            raise ValueError(
                f"{wanted or 'no'} value{'s' * (wanted > 1)} after its type, not {len(rest)}"
            )
        return {"kind": kind, **dict(zip(cls.values, rest, strict=True))}


class Keys(TabMessageBase):
    kind: Literal["stdin"] = "stdin"
    text: Annotated[str, Field(max_length=MAX_KEYS)]
    values = ("text",)


def _cells(most: int) -> AfterValidator:
    """A number of cells (a whole number, at least 1), kept to what a screen shows."""
    return AfterValidator(lambda cells: min(cells, most))


class Size(BaseModel):
    model_config = ConfigDict(strict=True, frozen=True)  # a page may say more: passed over

    width: Annotated[int, Field(ge=1), _cells(MAX_COLUMNS)]
    height: Annotated[int, Field(ge=1), _cells(MAX_ROWS)]


class Resize(TabMessageBase):
    kind: Literal["resize"] = "resize"
    size: Size
    values = ("size",)

    @property
    def width(self) -> int:
        return self.size.width

    @property
    def height(self) -> int:
        return self.size.height


class Ping(TabMessageBase):
    kind: Literal["ping"] = "ping"
    data: Annotated[str, Field(max_length=MAX_PING)]
    values = ("data",)


class Focus(TabMessageBase):
    kind: Literal["focus", "blur"]

    @property
    def focused(self) -> bool:
        return self.kind == "focus"


def _kind(sent: Any) -> str | None:
    """The type a tab's message starts with (None: not a list that starts with one)."""
    if isinstance(sent, list) and sent and isinstance(sent[0], str):
        return sent[0]
    return None


# Every message a tab may send: a new kind is one model more here, with its tag.
TabMessage = Annotated[
    Annotated[Keys, Tag("stdin")]
    | Annotated[Resize, Tag("resize")]
    | Annotated[Ping, Tag("ping")]
    | Annotated[Focus, Tag("focus")]
    | Annotated[Focus, Tag("blur")],
    Discriminator(
        _kind,
        custom_error_type="unknown_kind",
        custom_error_message="not a list that starts with a type a page sends",
    ),
]
_tab: TypeAdapter[TabMessage] = TypeAdapter(TabMessage)


@dataclass(frozen=True)
class Malformed:
    """What a tab sent that is none of its messages (not on the wire)."""

    reason: str


def read_message(text: str | bytes) -> TabMessage | Malformed:
    """The message a tab sent as ``text``, or :class:`Malformed` saying what is wrong."""
    if len(text) > MAX_MESSAGE_BYTES:
        return Malformed(f"a message of {len(text)} characters")
    try:
        return _tab.validate_json(text)
    except ValidationError as exc:
        error = exc.errors(include_url=False, include_input=False)[0]
        if error["type"] == "json_invalid":
            return Malformed("not JSON")
        where = ".".join(str(part) for part in error["loc"])
        problem = error["msg"].removeprefix("Value error, ")
        return Malformed(f"{_shown(where)}: {problem}" if where else problem)


def tab_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The terminal size a tab asks for when it connects (``?width=&height=``), kept
    within what a screen shows; 80×24 when it gives none that can be used."""
    return (
        _cells_of(query.get("width"), 80, MAX_COLUMNS),
        _cells_of(query.get("height"), 24, MAX_ROWS),
    )


def font_size(query: Mapping[str, str], default: int = 16) -> int:
    """The page's font size (``?fontsize=``), from 6 to 48 pixels."""
    return _cells_of(query.get("fontsize"), default, 48, least=6)


def _cells_of(text: str | None, default: int, most: int, least: int = 1) -> int:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return default
    return max(least, min(int(text), most))


def _shown(text: str) -> str:
    """A value from the tab, short and printable, for the server's log."""
    return repr(printable(text[:40])) + ("…" if len(text) > 40 else "")
