"""``orbis tables --plain``: the tables this machine joined, as numbered lines; a
number joins that table, ``x`` and a number takes it off the list."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TextIO

from ..i18n import gettext as _
from ..remote.host_client import seat_statuses
from ..remote.joined import forget_joined, load_joined
from ..remote.links import Link
from ..tui import joined_words as words

# The letter before a number that takes the table off the list: x, or the Cyrillic х,
# which looks the same (a Russian reader types the letter they see).
_FORGET = ("x", "х")


def choose_table_plain(data_dir: Path, read: TextIO, write: TextIO) -> Link | None:
    """The link chosen, or None (an empty line, or the end of input)."""

    def say(text: str) -> None:
        write.write(text + "\n")
        write.flush()

    listed = load_joined(data_dir)
    if listed.set_aside is not None:
        say(_(words.SET_ASIDE).format(file=listed.set_aside))
    if listed.unreadable:
        say(_(words.NOT_KEPT))
    tables = listed.tables
    say(_(words.TITLE))
    if not tables:
        say(_(words.EMPTY))
        return None
    statuses = asyncio.run(seat_statuses([t.link for t in tables]))
    while True:
        for number, (joined, status) in enumerate(zip(tables, statuses, strict=True), 1):
            players = words.seat_words(status)
            shown = f"{number}. {words.where(joined.link)}: {words.status_words(status)}"
            say(f"{shown} · {players}" if players else shown)
        say(_(words.PLAIN_ASK))
        answer = read.readline()
        text = answer.strip().lower()
        if not text:
            return None
        forget = text[:1] in _FORGET
        digits = text[1:].strip() if forget else text
        if not digits.isdigit() or not 1 <= int(digits) <= len(tables):
            say(_(words.PLAIN_NO_SUCH).format(number=digits[:12]))
            continue
        index = int(digits) - 1
        if not forget:
            return tables[index].link
        try:
            forget_joined(data_dir, tables[index].link)
        except OSError as exc:
            say(str(exc))
            continue
        say(_(words.FORGOTTEN).format(table=words.where(tables[index].link)))
        del tables[index]
        del statuses[index]
        if not tables:
            return None
