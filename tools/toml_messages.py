"""A Babel extractor for the game's TOML data: tile and god names, god summaries and
every text of the walkthrough.

Tile names are extracted with the context ``tile`` and god names and summaries with
``god`` (the app looks them up with ``pgettext``), so that a tile called like a word
of the interface can be translated on its own. Registered in ``babel.cfg``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import Any, BinaryIO

# The walkthrough's sections whose values are all texts to translate.
_TEXT_SECTIONS = ("phases", "rules", "messages", "words")
_STEP_FIELDS = ("title", "text", "said", "hint", "why", "praise")

Message = tuple[int, str, str | tuple[str, str], list[str]]


def extract(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[Message]:
    raw = fileobj.read()
    data = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()

    def line_of(text: str) -> int:
        probe = text.split("\n")[0][:40]
        for number, line in enumerate(lines, start=1):
            if probe and probe in line:
                return number
        return 0

    def plain(text: str, comment: str) -> Message:
        return (line_of(text), "gettext", text, [comment])

    def with_context(context: str, text: str, comment: str) -> Message:
        return (line_of(text), "pgettext", (context, text), [comment])

    for tile in data.get("tiles", []):
        if tile.get("name"):
            yield with_context("tile", tile["name"], f"tile {tile.get('id', '')}")
    for god in data.get("gods", []):
        if god.get("name"):
            yield with_context("god", god["name"], f"god {god.get('id', '')}: name")
        if god.get("summary"):
            yield with_context("god", god["summary"], f"god {god.get('id', '')}: summary")
    if "steps" not in data:
        return
    # The walkthrough.
    meta = data.get("meta", {})
    if meta.get("title"):
        yield plain(meta["title"], "walkthrough: title")
    for section in _TEXT_SECTIONS:
        for key, text in data.get(section, {}).items():
            yield plain(text, f"walkthrough: {section}.{key}")
    for name in data.get("scenario", {}).get("players", []):
        yield plain(name, "walkthrough: a player's name, as in '{name} took Lantern Hill'")
    for step in data["steps"]:
        for field in _STEP_FIELDS:
            if step.get(field):
                yield plain(step[field], f"walkthrough: step {step.get('id', '')}, {field}")
