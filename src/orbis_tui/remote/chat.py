"""A table's short messages: what a seat may say, made safe to show, and how often.

A message is one line of at most :data:`MAX_CHAT` characters, said by a seat (never a
watcher) and shown on every screen of the table, with the seat's name. It is shown as
text, never interpreted: :func:`clean_chat` takes out what a terminal or a browser
would act on (control characters, ANSI and OSC escape sequences, their one-byte C1
forms) and what would reorder or hide the text (bidirectional overrides and isolates,
the marks that steer them, invisible format characters); line breaks and tabs become
spaces. Rich and Textual markup needs nothing here: the screens draw the line as
plain text, so ``[bold]`` shows as typed. The server cleans a message before it keeps
it and every screen cleans again what it is sent (a server of another version may
not have). A seat may say a few messages at once and then one every few seconds
(:class:`ChatBudget`, a token bucket per seat): more are refused with the reason.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

MAX_CHAT = 200  # characters of one message
RECENT_CHAT = 50  # messages a screen is sent when it connects
CHAT_BURST = 5.0  # messages a seat may say at once...
CHAT_RATE = 0.5  # ...then this many a second (one every 2 s)

# An escape sequence: CSI (ESC [ ... final), OSC/DCS/SOS/PM/APC (ESC ] ... BEL or ST),
# their one-byte C1 forms, or ESC and one more character.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -~]?"
)
# Joiners some scripts need (Persian, emoji sequences): kept; every other format
# character (bidi marks, overrides and isolates, invisible ones) is taken out.
_KEPT_FORMAT = frozenset("\u200c\u200d")


def clean_chat(text: str) -> str:
    """``text`` as one line that says only what it shows (see the module)."""
    text = _ESCAPES.sub("", text)
    out: list[str] = []
    for char in text:
        kind = unicodedata.category(char)
        if kind in ("Zl", "Zp") or char in "\t\n\r\v\f":
            out.append(" ")
        elif kind in ("Cc", "Cs", "Co", "Cn") or (kind == "Cf" and char not in _KEPT_FORMAT):
            continue
        else:
            out.append(char)
    return " ".join("".join(out).split())


@dataclass(frozen=True)
class ChatLine:
    """One message of a table: its number (in the order the store kept them), the seat
    that said it, the action count of the table then, and its text."""

    id: int
    seat: int
    at: int
    text: str

    def plain(self) -> dict[str, int | str]:
        return {"id": self.id, "seat": self.seat, "at": self.at, "text": self.text}


def chat_line(value: object) -> ChatLine | None:
    """A message as a table server sends it, cleaned; None if it is not one."""
    if not isinstance(value, dict):
        return None
    ident, seat, at, text = (value.get(k) for k in ("id", "seat", "at", "text"))
    if type(ident) is not int or type(seat) is not int or type(at) is not int:
        return None
    if not isinstance(text, str):
        return None
    text = clean_chat(text[: MAX_CHAT * 4])[:MAX_CHAT]
    return ChatLine(ident, seat, at, text) if text else None


class ChatBudget:
    """How many messages a seat may still say now (a token bucket)."""

    def __init__(
        self, clock: Callable[[], float], rate: float = CHAT_RATE, burst: float = CHAT_BURST
    ) -> None:
        self.clock = clock
        self.rate = rate
        self.burst = burst
        self.left = burst
        self.since = clock()

    def spend(self) -> float:
        """0 when the seat may say one more now (it is counted), else the seconds it
        must wait first."""
        now = self.clock()
        self.left = min(self.burst, self.left + (now - self.since) * self.rate)
        self.since = now
        if self.left < 1.0:
            return (1.0 - self.left) / self.rate
        self.left -= 1.0
        return 0.0


class ChatLog:
    """The messages a screen has been sent, each once (a connection that comes back is
    sent the recent ones again)."""

    def __init__(self) -> None:
        self.lines: list[ChatLine] = []
        self._ids: set[int] = set()

    def take(self, lines: list[object]) -> list[ChatLine]:
        """The lines of a ``chat`` message (as plain values) not taken before, in the
        order sent."""
        new: list[ChatLine] = []
        for value in lines[: RECENT_CHAT * 2]:
            line = chat_line(value)
            if line is not None and line.id not in self._ids:
                self._ids.add(line.id)
                new.append(line)
        self.lines.extend(new)
        return new


def mute_key(table: str, seat: int) -> str:
    """How a muted seat is named in a player's settings."""
    return f"{table}:{seat}"
