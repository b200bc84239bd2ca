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


def test_german_names_the_keys_as_its_keyboards_do(german) -> None:
    assert texts.key_shown("pgdn") == "Bild↓"
    assert texts.key_shown("^q") == "Strg+Q"
    assert texts.key_shown("⏎") == "⏎"


def test_english_names_ctrl_and_page_keys_in_full() -> None:
    assert texts.key_shown("^l") == "Ctrl+L"
    assert texts.key_shown("pgup") == "PgUp"


def test_the_german_key_bar_says_bild_and_strg(german) -> None:
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
