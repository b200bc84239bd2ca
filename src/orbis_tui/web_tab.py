"""What a browser tab of ``orbis serve`` may send, read without trusting it.

The page (textual-serve's) sends JSON lists: ``["stdin", text]``, ``["resize",
{"width": w, "height": h}]``, ``["ping", text]``, ``["focus"]``, ``["blur"]``. Anything
else, or a value no page sends, is :class:`Malformed`: the server logs one short line
and goes on. Sizes are kept to what a screen can show, so that no tab can make its game
draw a terminal of a billion columns.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from .printable import printable

MAX_COLUMNS = 400  # a 4K screen at a small font is about 300 columns
MAX_ROWS = 200
MAX_KEYS = 4096  # characters in one stdin message (a paste is one)
MAX_PING = 64
MAX_MESSAGE_BYTES = 64 * 1024  # longer messages are refused by the websocket itself


@dataclass(frozen=True)
class Keys:
    text: str


@dataclass(frozen=True)
class Resize:
    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    data: str


@dataclass(frozen=True)
class Focus:
    focused: bool


@dataclass(frozen=True)
class Malformed:
    reason: str


TabMessage = Keys | Resize | Ping | Focus | Malformed


def read_message(text: str) -> TabMessage:
    """The message a tab sent as ``text``."""
    if len(text) > MAX_MESSAGE_BYTES:
        return Malformed(f"a message of {len(text)} characters")
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return Malformed("not JSON")
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return Malformed("not a list that starts with its type")
    kind, rest = envelope[0], envelope[1:]
    if kind == "stdin":
        if len(rest) != 1 or not isinstance(rest[0], str):
            return Malformed("stdin without its text")
        if len(rest[0]) > MAX_KEYS:
            return Malformed(f"stdin of {len(rest[0])} characters (at most {MAX_KEYS})")
        return Keys(rest[0])
    if kind == "resize":
        size = rest[0] if len(rest) == 1 and isinstance(rest[0], dict) else {}
        width, height = _count(size.get("width")), _count(size.get("height"))
        if width is None or height is None:
            return Malformed("resize without a width and height in whole cells")
        return Resize(min(width, MAX_COLUMNS), min(height, MAX_ROWS))
    if kind == "ping":
        if len(rest) != 1 or not isinstance(rest[0], str) or len(rest[0]) > MAX_PING:
            return Malformed("ping without its short text")
        return Ping(rest[0])
    if kind in ("focus", "blur") and not rest:
        return Focus(kind == "focus")
    return Malformed(f"unknown type {_shown(kind)}")


def tab_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The terminal size a tab asks for when it connects (``?width=&height=``), kept
    within what a screen shows; 80×24 when it gives none that can be used."""
    return (
        _cells(query.get("width"), 80, MAX_COLUMNS),
        _cells(query.get("height"), 24, MAX_ROWS),
    )


def font_size(query: Mapping[str, str], default: int = 16) -> int:
    """The page's font size (``?fontsize=``), from 6 to 48 pixels."""
    return _cells(query.get("fontsize"), default, 48, least=6)


def _count(value: object) -> int | None:
    """A number of cells (a whole number, at least 1), or None."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return None


def _cells(text: str | None, default: int, most: int, least: int = 1) -> int:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return default
    return max(least, min(int(text), most))


def _shown(text: str) -> str:
    """A value from the tab, short and printable, for the server's log."""
    return repr(printable(text[:40])) + ("…" if len(text) > 40 else "")
