"""What a screen in another language must not show, for the app's language tests: English
words left untranslated (:func:`english_left`) and texts cut off (:func:`cut_off`) at
80×24 (:data:`SIZE`)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from orbis_tui import i18n
from orbis_tui.tui import texts, texts_learn

SIZE = (80, 24)
TEMPLATE = Path(__file__).resolve().parents[2] / "src" / "orbis_tui" / "locale" / "orbis_tui.pot"
# Words that stay as they are in every language: the game's name, the players' names of
# these games, and the names of keys printed on the keyboard.
PROPER = {"orbis", "ada", "bo", "cy", "dee", "enter", "escape", "tab", "pgup", "pgdn", "ctrl"}
WORD = re.compile(r"[A-Za-z]{3,}")


def english_words() -> set[str]:
    """Every word of three letters or more in the English texts the app can show."""
    with TEMPLATE.open("rb") as handle:
        messages = [m for m in read_po(handle) if m.id]
    words: set[str] = set()
    for message in messages:
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            if re.fullmatch(r"[a-z]{2,4}\.?", text):
                # a hex's label ("tem."): the start of a word in other languages too,
                # which a window drawn over the board may cut to the same letters
                continue
            text = re.sub(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]", " ", text)
            words |= {w.lower() for w in WORD.findall(text)}
    return words - PROPER


ENGLISH = english_words()


def english_left(text: str, lang: str) -> set[str]:
    """The English words on a German or Russian screen (a German word spelled like an
    English one, such as 'Start' or 'normal', is no English left; rule ids such as
    R-TAKE-1 and file paths are names)."""
    text = re.sub(r"\bR-[A-Z0-9.*-]+|\S*/\S*", " ", text)  # rule ids, file paths
    with (TEMPLATE.parent / lang / "LC_MESSAGES" / "orbis_tui.po").open("rb") as handle:
        own = set()
        for message in read_po(handle):
            strings = [message.string] if isinstance(message.string, str) else message.string or []
            for string in strings:
                own |= {w.lower() for w in WORD.findall(string or "")}
    return {w for w in WORD.findall(text) if w.lower() in ENGLISH and w.lower() not in own}


def ellipsis_texts() -> list[str]:
    """The English texts that end in an ellipsis of their own ("Play apart…")."""
    with TEMPLATE.open("rb") as handle:
        return [m.id for m in read_po(handle) if isinstance(m.id, str) and m.id.endswith("…")]


ELLIPSIS_TEXTS = ellipsis_texts()
# A panel that cuts a line short on purpose says so below it, with the key to read on.
PANEL_MORE_TEXTS = (
    texts.PANEL_MORE,
    texts.PANEL_MORE_COACH,
    texts.PANEL_MORE_IN_COACH,
    texts_learn.REVIEW_MISTAKES_MORE,
)


def cut_off(text: str) -> list[str]:
    """Lines with an ellipsis (other than one a text ends in, in the language in use),
    and a title or key bar (the first and last lines, which never wrap) running into
    the screen's last column: a text that did not fit."""
    lines = text.splitlines()
    edges = [lines[0], lines[-1]] if lines else []
    own_ends = [i18n.gettext(t).rsplit("}", 1)[-1] for t in ELLIPSIS_TEXTS]
    said_more = [i18n.gettext(t) for t in PANEL_MORE_TEXTS]

    def cut(line: str, below: str) -> bool:
        for end in own_ends:
            line = line.replace(end, "")
        # the decision panel cuts a line short on purpose when the line below says so
        return "…" in line and not any(more in below for more in said_more)

    belows = [*lines[1:], ""]
    return [line for line, below in zip(lines, belows, strict=True) if cut(line, below)] + [
        line for line in edges if len(line) >= SIZE[0] and not line[SIZE[0] - 1].isspace()
    ]
