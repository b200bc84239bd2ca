"""The new-game screen's three buttons start their words in one column, in every
language (the Russian «Начать игру» sat one column right of the others)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import screen_text

from orbis_tui import i18n
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts, texts_learn, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.new_game import NewGameScreen


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_buttons_words_start_in_one_column(tmp_path: Path, lang: str) -> None:
    i18n.set_language(lang)
    words = [
        gettext(t)
        for t in (texts_screens.NEW_START, texts.NEW_APART_BUTTON, texts_learn.NEW_LEARN_BUTTON)
    ]

    async def go() -> list[int]:
        app = OrbisApp(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            lines = screen_text(app).splitlines()
            return [next(line.index(w) for line in lines if w in line) for w in words]

    try:
        columns = asyncio.run(go())
    finally:
        i18n.set_language("en")
    assert len(set(columns)) == 1, dict(zip(words, columns, strict=True))
