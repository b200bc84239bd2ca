"""The app's texts (``tui/texts.py`` and its siblings ``tui/texts_*.py``) are English
constants, translated where they are read: ``_(texts.NAME)``, ``_(texts.TABLE[key])`` or
``fill(texts.NAME, ...)`` (``orbis_tui.i18n.fill``). A constant read without it would put
English on a German or Russian screen; this test reads the app's source and names every
such place. (``test_marked_texts.py`` checks the screens themselves, with the slow tests.)
"""

from __future__ import annotations

import ast
from pathlib import Path

from orbis_tui.i18n import Plural
from orbis_tui.tui import texts, texts_help, texts_learn, texts_screens

TUI = Path(texts.__file__).parent
# The app's texts: tui/texts.py and its siblings, each read by its module's name.
TEXTS = {m.__name__.rpartition(".")[2]: m for m in (texts, texts_help, texts_learn, texts_screens)}
# Names, not words: the game's name and the key bar's own table (translated by the bar).
NOT_TRANSLATED = {"APP_TITLE", "KEY"}
# The calls that translate their first argument (the panel's ``_choice`` fills its title).
TRANSLATING = {"_", "gettext", "fill", "_choice"}
# Tables read whole: the help walks its tables and translates each text it shows
# (their loops are checked on screen by test_marked_texts.py).
READ_WHOLE = {("screens/help.py", name) for name in ("HELP_GUIDE", "HELP_CELL", "HELP_KEYS")} | {
    ("screens/help.py", "RULES"),
    ("screens/new_game.py", "NEW_HINTS"),
}


def _needs_translation(value: object) -> bool:
    """A sentence, or a table of sentences; plural templates only reach the screen
    through ``fill`` (their type says so), so they are not looked for here."""
    if isinstance(value, Plural):
        return False
    if isinstance(value, str):
        return True
    if isinstance(value, dict):
        return any(_needs_translation(item) for item in value.values())
    if isinstance(value, tuple):
        return any(_needs_translation(item) for item in value)
    return False


def _translator(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr if func.value.id == "texts" else None
    return None


def untranslated_reads(source: str, where: str) -> list[str]:
    """Each read of a sentence of ``texts`` (or a sibling) in ``source`` that no translating
    call takes."""
    tree = ast.parse(source)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in TEXTS
            and node.attr.isupper()
            and node.attr not in NOT_TRANSLATED
            and _needs_translation(getattr(TEXTS[node.value.id], node.attr, None))
        ):
            continue
        read: ast.AST = node
        if not isinstance(getattr(TEXTS[node.value.id], node.attr), str):
            parent = parents.get(node)
            if (where, node.attr) in READ_WHOLE:
                continue
            if isinstance(parent, ast.Subscript) and parent.value is node:
                read = parent  # TABLE[key]
            elif isinstance(parent, ast.Attribute) and parent.attr == "get":
                read = parents[parent]  # TABLE.get(key)
        taker = parents.get(read)
        if isinstance(taker, ast.Compare) and read in taker.comparators:
            continue  # key in texts.TABLE
        # through a choice between texts: _(texts.A if cond else texts.B)
        while (
            isinstance(taker, ast.IfExp | ast.BoolOp) and getattr(taker, "test", None) is not read
        ):
            read, taker = taker, parents.get(taker)
        if (
            isinstance(taker, ast.Call)
            and _translator(taker) in TRANSLATING
            and taker.args
            and taker.args[0] is read
        ):
            continue
        found.append(f"{where}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_every_text_of_the_app_is_translated_where_it_is_read() -> None:
    found = []
    for path in sorted(TUI.rglob("*.py")):
        if path.parent != TUI or path.stem not in TEXTS:
            found += untranslated_reads(
                path.read_text(encoding="utf-8"), path.relative_to(TUI).as_posix()
            )
    assert not found, "read without _() or fill():\n" + "\n".join(found)


def test_a_text_read_without_translating_it_is_found() -> None:
    source = (
        "def title():\n"
        "    return texts_screens.HANDOVER_TITLE\n"
        "def effect(kind):\n"
        "    return texts.EFFECT_SHORT[kind]\n"
        "def refused(code):\n"
        "    return texts.REFUSED_TEXTS.get(code)\n"
        "def fine(kind, n):\n"
        "    return _(texts_screens.HANDOVER_TITLE) + _(texts.EFFECT_SHORT[kind]) + fill(\n"
        "        texts.EFFECT_LONG[kind], count=n\n"
        "    ) + _(texts.YOUR_TURN_TITLE if n else texts.FREE)\n"
    )
    assert untranslated_reads(source, "example.py") == [
        "example.py:2: texts_screens.HANDOVER_TITLE",
        "example.py:4: texts.EFFECT_SHORT",
        "example.py:6: texts.REFUSED_TEXTS",
    ]
