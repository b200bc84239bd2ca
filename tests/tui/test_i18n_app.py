"""The app in German and Russian: every screen of a game speaks the language and nothing
is cut off at 80×24. The walkthrough and switching the language at run time:
``test_i18n_app_switch.py``; hints, the review, dialogs and color letters:
``test_i18n_app_words.py``; the checks they share: ``i18n_screens.py``.

Every test runs once per language (the ``speaking`` fixture of conftest.py).
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, play_turn_keys, random_match, screen_text
from i18n_screens import SIZE, cut_off, english_left

from orbis_tui import i18n
from orbis_tui.engine import DecisionKind
from orbis_tui.i18n import gettext
from orbis_tui.saves import LockState, SaveStore
from orbis_tui.tui import texts, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.settings import SettingsScreen
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.widgets.choice import Choice

pytestmark = pytest.mark.slow  # every screen in every language: run by --all


def run(coroutine) -> None:
    asyncio.run(coroutine)


def test_the_table_has_no_english_left_and_nothing_cut_off(speaking, tmp_path: Path) -> None:
    """Mid-game tables of 2 to 4 players, every decision met on the way, by keys."""

    quit_key = "q " + i18n.gettext(texts.KEY["quit"])

    async def scenario() -> None:
        seen = 0
        for players, seed in ((2, 3), (3, 11), (4, 5)):
            match = random_match(players, seed, lambda s: s.turn >= 6)
            app = TableApp(match, tmp_path / f"{players}")
            async with app.run_test(size=SIZE) as pilot:
                await lift_curtain(pilot)
                if players == 3:
                    await pilot.press("c")  # the coach, in place of the log
                rng = random.Random(seed)
                for _ in range(60):
                    if not isinstance(app.screen, TableScreen):
                        break
                    text = screen_text(app)
                    assert not english_left(text, speaking), (english_left(text, speaking), text)
                    assert not cut_off(text), text
                    bar = text.splitlines()[-1]  # blank behind the hand-over curtain
                    assert quit_key in bar or not bar.strip(), text  # the way out shows
                    seen += 1
                    await play_turn_keys(pilot, rng)
                    await pilot.pause()
        assert seen > 100

    run(scenario())


def test_a_turn_waiting_for_confirmation_speaks_the_language_and_fits(
    speaking, tmp_path: Path
) -> None:
    """With the setting on (the app's default), a finished turn waits for Enter: its
    title, summary and keys fit too, with the names the new-game form suggests."""

    async def scenario() -> None:
        names = [gettext(texts_screens.NEW_SEAT_PLACEHOLDER).format(n=n) for n in (1, 2, 3)]
        match = random_match(3, 17, lambda s: s.turn >= 4, names=names)
        app = TableApp(match, tmp_path, confirm=True)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            rng = random.Random(17)
            confirmed = 0
            for _ in range(40):
                screen = app.screen
                if not isinstance(screen, TableScreen):
                    break
                if screen.session.pending is not None:
                    text = screen_text(app)
                    assert not english_left(text, speaking), (english_left(text, speaking), text)
                    assert not cut_off(text), text
                    await pilot.press("enter")
                    await pilot.pause()
                    confirmed += 1
                    continue
                await play_turn_keys(pilot, rng)
                await pilot.pause()
            assert confirmed >= 3

    run(scenario())


def test_the_end_screen_speaks_the_language_and_fits(speaking, tmp_path: Path) -> None:
    async def scenario() -> None:
        for players, seed in ((2, 8), (4, 99)):
            app = TableApp(random_match(players, seed, lambda s: s.is_over), tmp_path / f"{seed}")
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert isinstance(app.screen, EndScreen)
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                await pilot.press("s")  # save the record: the dialog asks for a file name
                await pilot.pause()
                assert not isinstance(app.screen, EndScreen)
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text

    run(scenario())


def test_help_history_players_score_and_settings_speak_the_language(
    speaking, tmp_path: Path
) -> None:
    async def scenario() -> None:
        match = random_match(3, 2024, lambda s: s.kind is DecisionKind.TURN and s.turn >= 9)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            for key in ("question_mark", "t", "p", "v", "s"):
                await pilot.press(key)
                await pilot.pause()
                assert not isinstance(app.screen, TableScreen), key
                text = screen_text(app)
                assert not english_left(text, speaking), (key, english_left(text, speaking))
                assert not cut_off(text), (key, text)
                await pilot.press("escape")
                await pilot.pause()

    run(scenario())


def test_the_settings_labels_and_choices_fit(speaking, tmp_path: Path) -> None:
    async def scenario() -> None:
        app = TableApp(random_match(2, 4, lambda s: s.turn >= 2), tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            for label in app.screen.query(".label").results():
                shown = str(label.render()).strip()
                assert label.size.width >= len(shown) + 1, (shown, label.size.width)
            for choice in app.screen.query(Choice).results():
                shown = choice.render().plain.rstrip()
                assert len(shown) <= choice.size.width, (shown, choice.size.width)
            assert not cut_off(screen_text(app))

    run(scenario())


def test_the_new_game_screen_fits(speaking, tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            text = screen_text(app)
            assert not english_left(text, speaking), english_left(text, speaking)
            assert not cut_off(text), text
            for label in app.screen.query(".label, .kind-label").results():
                shown = str(label.render()).strip()
                if not label.display or label.size.width == 0:
                    continue  # a seat row of a larger table
                assert label.size.width >= len(shown) + 1, (shown, label.size.width)

    run(scenario())


def test_the_new_game_screen_says_what_each_computer_level_plays_like(
    speaking, tmp_path: Path
) -> None:
    from orbis_tui.bots import LEVELS
    from orbis_tui.tui.core.seats import level_summary

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            info = app.screen.query_one("#level-info")
            app.screen.query_one("#kind2", Choice).focus()
            await pilot.pause()
            assert not info.display  # a person: nothing to say
            for level in LEVELS:
                await pilot.press("right")
                await pilot.pause()
                text = screen_text(app)
                flowing = " ".join(text.split())  # the description may wrap
                assert f"{texts.level_name(level)} " in flowing, text
                assert level_summary(level) in flowing, text
                assert not english_left(text, speaking), english_left(text, speaking)
                assert not cut_off(text), text
            app.screen.query_one("#seed").focus()
            await pilot.pause()
            assert not info.display

    run(scenario())


def test_the_folder_kept_elsewhere_and_the_unsaved_game_questions_speak_the_language(
    speaking,
) -> None:
    """A second window asks whether to open read-only; quitting the read-only game asks
    whether to save a record elsewhere; that asks for a file name. (The folder is named
    in the question: a short path keeps it on one line, where it is read as a path.)"""
    folder = Path(tempfile.mkdtemp(prefix="o"))
    first = SaveStore(folder)
    assert first.acquire().state is LockState.HELD

    async def scenario() -> None:
        app = OrbisApp(folder, seed=5)
        app.lock = app.store.acquire()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for answer in ("enter", "enter"):  # open read-only; then start the game
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                await pilot.press(answer)
                await pilot.pause()
            await lift_curtain(pilot)
            await pilot.press("1", "enter")  # a move that the read-only folder cannot keep
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            for _question in ("unsaved", "file name"):
                text = screen_text(app)
                assert (
                    gettext(texts_screens.UNSAVED_TITLE) in text
                    or gettext(texts_screens.EXPORT_TITLE) in text
                ), text
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                await pilot.press("enter")
                await pilot.pause()

    try:
        run(scenario())
    finally:
        first.release()
        shutil.rmtree(folder, ignore_errors=True)
