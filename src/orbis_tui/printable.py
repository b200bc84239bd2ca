"""Text from files and players made safe to print on a terminal.

A name, a tile name or a file path can hold escape sequences, carriage returns or
bidirectional overrides: printed raw they would retitle the terminal, forge output
lines or reorder what is shown. :func:`printable` writes every such character as a
visible escape (``\\x1b``, ``\\n``, ``\\u202e``), so the text is shown literally.
A very long value (a 5 MB tile id, a 5000-digit number) is cut: what is echoed stays
a line, not megabytes.
"""

from __future__ import annotations

from functools import lru_cache

from .i18n import ngettext

#: Characters of one value shown at most; a longer one is cut and says how long it was.
MAX_SHOWN = 200
#: Characters of a line made of several values (a path and a reason, say) shown at most.
MAX_LINE = 5 * MAX_SHOWN


def printable(text: object, limit: int = MAX_SHOWN) -> str:
    """``text`` (made a string) with every non-printable character spelled as an escape,
    cut after ``limit`` characters."""
    text = str(text)
    cut = len(text) > limit
    shown = text[:limit] if cut else text
    if not shown.isprintable():
        shown = "".join(_shown(char) for char in shown)
    if cut:
        whole = ngettext("… ({count} character in all)", "… ({count} characters in all)", len(text))
        shown += whole.format(count=len(text))
    return shown


@lru_cache(maxsize=512)
def _shown(char: str) -> str:
    if char.isprintable() or char == " ":
        return char
    code = ord(char)
    if char in "\n\r\t":
        return repr(char)[1:-1]
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def error_line(error: BaseException, limit: int = MAX_SHOWN) -> str:
    """An exception in one line to show a person: its type's name and the first line
    of its message, made :func:`printable`."""
    try:
        words = str(error).strip()
    except Exception:  # a message that cannot be made is left out
        words = ""
    first = words.splitlines()[0] if words else ""
    return printable(f"{type(error).__name__}: {first}" if first else type(error).__name__, limit)


def printable_lines(text: object) -> str:
    """Like :func:`printable`, but the line breaks of a multi-line text are kept."""
    return "\n".join(printable(line, MAX_LINE) for line in str(text).split("\n"))
