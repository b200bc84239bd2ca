"""The app in German and Russian: the walkthrough completed by keyboard in the language,
and the language switched at run time (in the settings, on the new-game form, during
the walkthrough) and kept.

A test with the ``speaking`` fixture (conftest.py) runs once per language.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, random_match, screen_text
from i18n_screens import SIZE, cut_off, english_left
from test_learn_app import play_by_keys

from orbis_tui import i18n
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.settings import SettingsFile
from orbis_tui.tui.learn_app import LearnApp
from orbis_tui.tui.screens.learn import LearnTableScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.settings import SettingsScreen
from orbis_tui.tui.widgets.choice import Choice

pytestmark = pytest.mark.slow  # every screen in every language: run by --all


def run(coroutine) -> None:
    asyncio.run(coroutine)


def test_the_walkthrough_completes_by_keyboard(speaking, tmp_path: Path) -> None:
    """Every step of the walkthrough followed by keys, each screen of it in the language
    and whole at 80×24."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            walkthrough = app.screen.walkthrough
            steps = set()
            for _ in range(400):
                screen = app.screen
                if isinstance(screen, NewGameScreen):
                    break
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                steps.add(walkthrough.index)
                if isinstance(screen, LearnTableScreen) and walkthrough.expects_move():
                    action = walkthrough.suggestion()
                    assert action is not None
                    await play_by_keys(pilot, screen, action)
                else:
                    await pilot.press("enter")
                await pilot.pause()
            assert walkthrough.finished and walkthrough.state.is_over
            assert isinstance(app.screen, NewGameScreen)
            assert len(steps) == len(walkthrough.script.steps) + 1  # and the end

    run(scenario())


def test_the_language_switches_in_the_settings_and_is_kept(tmp_path: Path) -> None:
    """Choosing Deutsch in the settings redraws the table at once, and the next start
    speaks German too."""

    async def scenario() -> None:
        match = random_match(2, 3, lambda s: s.turn >= 4)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            assert "Game log" in screen_text(app)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            choice = app.screen.query_one("#language", Choice)
            while app.focused is not choice:
                await pilot.press("tab")
            await pilot.press("right")  # English -> Deutsch
            await pilot.pause()
            assert i18n.language() == "de"
            assert "Sprache" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            text = screen_text(app)
            assert "Spielprotokoll" in text and "Game log" not in text
            assert not english_left(text, "de"), english_left(text, "de")
        assert SettingsFile(tmp_path / "config").load().language == "de"
        i18n.set_language("en")
        TableApp(match, tmp_path)  # the saved choice applies at the next start
        assert i18n.language() == "de"

    run(scenario())


def test_switching_the_language_keeps_what_the_new_game_form_holds(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("right")  # 3 players
            await pilot.press("tab")
            await pilot.press("ctrl+a", "ctrl+k", *"Ines")
            await pilot.press("shift+tab")  # back on the player count, where s is a key
            await pilot.press("s")
            await pilot.pause()
            choice = app.screen.query_one("#language", Choice)
            while app.focused is not choice:
                await pilot.press("tab")
            await pilot.press("right", "right")  # English -> Deutsch -> Русский
            await pilot.press("escape")
            await pilot.pause()
            text = screen_text(app)
            assert "Новая игра" in text and "Ines" in text
            assert "Место 3" in text and "Место 4" not in text.split("Начинает")[0]
            assert not english_left(text, "ru"), english_left(text, "ru")

    run(scenario())


def test_the_language_switches_during_the_walkthrough_too(tmp_path: Path) -> None:
    """The walkthrough keeps settings of its own (no turn confirmation); the language
    chosen there is still the player's, for the lesson and the next start."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            choice = app.screen.query_one("#language", Choice)
            while app.focused is not choice:
                await pilot.press("tab")
            await pilot.press("left")  # English -> Русский
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            text = screen_text(app)
            assert "Шаг 1 из" in text and "Step 1/" not in text
        assert SettingsFile(tmp_path / "config").load().language == "ru"

    run(scenario())
