"""The app in German and Russian: the hint box, the review, the exchange dialog, the
gods' points in the help, and the language's own color letters shown and used as keys.

Every test runs once per language (the ``speaking`` fixture of conftest.py).
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, random_match, screen_text
from i18n_screens import SIZE, cut_off, english_left

from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts_learn
from orbis_tui.tui.screens.table import TableScreen

pytestmark = pytest.mark.slow  # every screen in every language: run by --all


def run(coroutine) -> None:
    asyncio.run(coroutine)


def test_the_hint_box_speaks_the_language_and_fits(speaking, tmp_path: Path, monkeypatch) -> None:
    """The a key's box at the table: the three options in words, their margins, its keys."""
    from test_app_hints import wait_for_hint

    from orbis_tui.analysis import hints as advice

    monkeypatch.setattr(advice, "HINT_ITERATIONS", 60)

    async def scenario() -> None:
        for players, seed in ((2, 5), (3, 21)):
            match = random_match(players, seed, lambda s: s.turn >= 4)
            app = TableApp(match, tmp_path / f"{players}")
            async with app.run_test(size=SIZE) as pilot:
                await lift_curtain(pilot)
                await pilot.press("a")
                await pilot.pause()
                hint = await wait_for_hint(pilot)
                assert hint.options, "no option was suggested"
                text = screen_text(app)
                assert gettext(texts_learn.HINT_KEYS) in text
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text

    run(scenario())


def test_the_review_screen_speaks_the_language_and_fits(speaking, monkeypatch) -> None:
    """orbis replay --view and the end screen's r: every panel of the review, moved
    through by move, by turn and by mistake, once the analysis has judged the game."""
    from test_app_review import analysed, bot_record

    from orbis_tui.analysis import review as review_module
    from orbis_tui.tui.screens import review as review_screen
    from orbis_tui.tui.viewer import ReviewApp

    monkeypatch.setattr(review_screen, "PER_OPTION", 3)
    monkeypatch.setattr(review_module, "FIRST_WORLDS", 4)  # a few worlds, as in test_app_review
    monkeypatch.setattr(review_module, "MAX_WORLDS", 8)
    monkeypatch.setattr(review_module, "MANY_WORLDS_FACTOR", 1)  # no more for unclear ones
    record = bot_record()

    async def scenario(analyse: bool) -> None:
        app = ReviewApp(record, analyse=analyse)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if analyse:
                await analysed(pilot)
            keys = ["right"] * 6 + ["pagedown"] * 3 + ["m", "m", "n", "left", "pageup", "end"]
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
                text = screen_text(app)
                assert not english_left(text, speaking), (key, english_left(text, speaking), text)
                assert not cut_off(text), (key, text)
                for title in (
                    gettext(texts_learn.REVIEW_MISTAKES_TITLE),
                    gettext(texts_learn.REVIEW_TITLE),
                ):
                    assert title in text, (key, title, text)  # a panel's title, whole

    run(scenario(True))
    run(scenario(False))


def test_the_review_screen_while_it_judges_speaks_the_language_and_fits(
    speaking, monkeypatch
) -> None:
    """While the analysis runs: a mistake found so far (m), a step not judged yet, a
    forced one, the end, and what the list of mistakes says meanwhile."""
    from test_app_review import bot_record, first_turn_judged, judging_one_turn_then_waiting

    from orbis_tui.tui.viewer import ReviewApp

    record = bot_record()
    mid_run = judging_one_turn_then_waiting(record, monkeypatch, reason="→ {index}")

    async def scenario() -> None:
        app = ReviewApp(record, analyse=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            try:
                screen = await first_turn_judged(pilot, mid_run)
                # a key, or a step to go to
                places: list[str | int] = ["m", mid_run.late.index, "end", *mid_run.forced[:1]]
                for key in places:
                    if isinstance(key, str):
                        await pilot.press(key)
                    else:
                        screen.go_to(key)
                    await pilot.pause()
                    text = screen_text(app)
                    assert not english_left(text, speaking), (key, english_left(text, speaking))
                    assert not cut_off(text), (key, text)
                    assert screen.analysing
            finally:
                mid_run.gate.set()

    run(scenario())


def test_the_exchange_dialog_with_its_suggestion_speaks_the_language(
    speaking, tmp_path: Path
) -> None:
    """Opened by Enter to pay a tile that exchanges would pay, the dialog proposes one."""
    from test_app_table_paying import _pay_default_is

    from orbis_tui.tui.screens.exchange import ExchangeScreen

    async def scenario() -> None:
        match = random_match(2, 0, _pay_default_is("exchange", payable=False))
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExchangeScreen) and screen.suggested is not None
            text = screen_text(app)
            assert "⏎" in text
            assert not english_left(text, speaking), (english_left(text, speaking), text)
            assert not cut_off(text), text

    run(scenario())


def test_the_help_lists_the_gods_points_in_the_language(speaking) -> None:
    """The god list of the help once printed '(1 CP)' in every language."""
    from rich.console import Console

    from orbis_tui.tiles import load_catalog
    from orbis_tui.tui.screens.help import help_renderable

    console = Console(width=80, record=True)
    console.print(help_renderable(load_catalog().gods))
    text = console.export_text()
    points = {"de": "SP)", "ru": "ОС)"}[speaking]
    assert text.count(points) >= 10 and " CP)" not in text


def test_a_player_without_a_god_is_not_said_twice(speaking) -> None:
    """The walkthrough's line for the opponent once read 'Gottheit: Gottheit –'."""

    from orbis_tui.tui.widgets.info import god_label
    from orbis_tui.tui.widgets.lesson_panel import _opponent_line

    state = random_match(2, 3, lambda s: s.turn >= 2).state
    player = state.players[1]
    assert player.god is None
    line = _opponent_line(state, 1)
    no_god = god_label(state, player, short=True)
    assert line.endswith(": –") and no_god not in line, line


def test_the_table_shows_the_language_s_color_letters_and_the_help_names_the_keys(
    speaking, tmp_path: Path
) -> None:
    """Russian shows К С О З Б; r b o g w stay the keys (the table tests above press them),
    and the help says which key is which color."""
    from rich.console import Console

    from orbis_tui.tui.screens.help import help_renderable

    letters = {"de": "RBOGW", "ru": "КСОЗБ"}[speaking]
    realm = re.compile(r"\d+{}\s*\d+{}\s*\d+{}\s*\d+{}\s*\d+{}".format(*letters))

    async def scenario() -> None:
        match = random_match(2, 5, lambda s: s.kind is DecisionKind.TURN and s.turn >= 4)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            assert realm.search(screen_text(app)), screen_text(app)

    run(scenario())
    console = Console(width=80, record=True)
    console.print(help_renderable())
    key = {"de": "(Taste r)", "ru": "(клавиши к и r)"}[speaking]
    assert key in console.export_text()


def test_the_language_s_own_color_letters_are_keys_too(speaking, tmp_path: Path) -> None:
    """Russian shows К С О З Б: з chooses green as g does, ⇧з takes it out again, and in
    the exchange к gives red and с gets blue; the Latin keys keep working."""
    from orbis_tui.engine import ChooseGain, Color, Exchange, format_action
    from orbis_tui.tui.screens.exchange import ExchangeScreen

    own = {"de": "rbogw", "ru": "ксозб"}[speaking]

    async def gain() -> None:
        match = random_match(2, 0, lambda s: s.kind is DecisionKind.GAIN)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.press(own[Color.GREEN])
            await pilot.pause()
            assert screen.ui.pick is not None and screen.ui.pick.value[Color.GREEN] == 1
            await pilot.press(own[Color.GREEN].upper())
            await pilot.pause()
            assert screen.ui.pick.value[Color.GREEN] == 0
            await pilot.press(own[Color.WHITE], "enter")
            await pilot.pause()
            assert match.record.actions[-1] == format_action(ChooseGain(Color.WHITE))

    async def exchange() -> None:
        def rich_in_red(s: GameState) -> bool:
            return s.kind is DecisionKind.TURN and s.player.realm_count[Color.RED] >= 3

        match = random_match(2, 1, rich_in_red)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, ExchangeScreen)
            await pilot.press(own[Color.RED], own[Color.BLUE])
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert match.record.actions[-1] == format_action(Exchange(Color.RED, Color.BLUE))

    run(gain())
    run(exchange())
