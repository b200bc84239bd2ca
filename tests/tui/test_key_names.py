"""The key bar names keys as the language's keyboards do: German "Bild↓", "Strg+Q",
not Textual's "pgdn", "^q"."""

from __future__ import annotations

import asyncio

import pytest

from orbis_tui import i18n
from orbis_tui.tui import texts
from orbis_tui.tui.widgets.keybar import KeyBar


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("german")
def test_german_names_the_keys_as_its_keyboards_do() -> None:
    assert texts.key_shown("pgdn") == "Bild↓"
    assert texts.key_shown("^q") == "Strg+Q"
    assert texts.key_shown("⏎") == "⏎"


@pytest.mark.usefixtures("german")
def test_the_german_help_names_the_page_keys_bild_in_every_row() -> None:
    """The help's list of keys names the page keys as the key bar does, in each row
    (the review's row once kept "PgUp PgDn" beside rows saying "Bild↑ / Bild↓")."""
    from orbis_tui.tui.texts_help import HELP_CLOSE, HELP_KEYS

    keys = [i18n.gettext(key) for key, _what in HELP_KEYS]
    assert any("Bild↑" in key for key in keys)
    for key in [*keys, i18n.gettext(HELP_CLOSE)]:
        assert "PgUp" not in key and "PgDn" not in key, key


def test_english_names_ctrl_and_page_keys_in_full() -> None:
    assert texts.key_shown("^l") == "Ctrl+L"
    assert texts.key_shown("f2") == "F2"  # as printed on the key, in every language
    assert texts.key_shown("pgup") == "PgUp"


@pytest.mark.usefixtures("german")
def test_the_german_key_bar_says_bild_and_strg() -> None:
    from textual.app import App, ComposeResult
    from textual.binding import Binding

    class Bar(App[None]):
        BINDINGS = [  # noqa: RUF012  # Textual's class attribute
            Binding("pagedown", "scroll", "scroll"),
            Binding("ctrl+q", "quit", "Quit"),
        ]

        def compose(self) -> ComposeResult:
            yield KeyBar()

    async def go() -> None:
        app = Bar()
        async with app.run_test(size=(80, 5)) as pilot:
            await pilot.pause()
            shown = app.screen.query_one(KeyBar).render().plain
            assert "Bild↓" in shown and "Strg+Q" in shown
            assert "pgdn" not in shown and "^q" not in shown

    asyncio.run(go())


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_table_key_bar_keeps_the_coach_at_80x24(lang: str) -> None:
    """At a turn's start, 80 columns hold every key of the table, the coach's too (the
    Russian bar once dropped "c Советник")."""
    import tempfile
    from pathlib import Path

    from app_driver import TableApp, lift_curtain

    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.tui.texts import KEY

    i18n.set_language(lang)
    match = Match.start(setup_for_game(["Ada", "Bo"], 5, 0))

    async def go(root: Path) -> None:
        app = TableApp(match, root)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            shown = app.screen.query_one(KeyBar).render().plain
            for key in ("coach", "history", "hint", "help", "quit"):
                assert i18n.gettext(KEY[key]) in shown, key

    try:
        with tempfile.TemporaryDirectory() as root:
            asyncio.run(go(Path(root)))
    finally:
        i18n.set_language("en")
