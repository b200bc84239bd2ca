"""The app prepares a game's review while it is played: its turns are judged as they end
(the setting "Prepare the review"), and the review screen takes them as they are."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import TableApp, press
from textual import events
from textual.app import App
from textual.pilot import Pilot

from orbis_tui.analysis import ReviewCache, allow_judging_ahead
from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.ahead import turn_jobs
from orbis_tui.analysis.review import review_record
from orbis_tui.records import Match
from orbis_tui.tui.screens import review as review_screen
from orbis_tui.tui.screens.review import ReviewScreen, review_size
from orbis_tui.tui.screens.settings import SettingsScreen
from orbis_tui.tui.screens.table import TableScreen
from test_review import opening
from test_review_ahead import counting_turns_judged

WAIT = 300.0  # seconds at most for the worker: an event, not a pause; only a hang hits it


class ResumedApp(TableApp):
    """The app opening a saved game as it does (with its turns judged ahead)."""

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual's event
        event.prevent_default()
        self._show_table(self.match, self.seats, resumed=True)


async def review_opened(app: App[None], pilot: Pilot[None], screen: ReviewScreen) -> ReviewScreen:
    """``screen`` pushed, once its analysis is over."""
    app.push_screen(screen)
    await pilot.pause()
    await app.workers.wait_for_complete()
    assert app.screen is screen
    while screen.analysing:
        await pilot.pause()
    return screen


def test_a_resumed_game_has_its_turns_judged_and_its_review_takes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    allow_judging_ahead(True, quiet=False)  # a busy machine would starve the lowest priority
    monkeypatch.setattr(review_screen, "PER_OPTION", 2)  # a small search keeps it quick
    record = opening(2)  # two turns over, the third not begun

    async def go() -> None:
        app = ResumedApp(Match(record), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            ahead = app.judged_ahead
            assert ahead is not None
            while not ahead.sent:  # once the table begins
                await pilot.pause()
            assert await asyncio.to_thread(ahead.wait, WAIT)
            all_turns = turn_jobs(record, per_option=review_size())
            assert len(ahead.known()) == len(all_turns) > 1
            # and kept on disk, in the data folder, for a later review of the game
            assert len(list((tmp_path / "reviews" / "turns").glob("*.json"))) == len(all_turns)
            # counted once the worker is done (it pickles the function it runs)
            judged_here = counting_turns_judged(monkeypatch)
            monkeypatch.setattr(review_module, "worker_count", lambda: 1)
            screen = await review_opened(app, pilot, ReviewScreen(record, ahead=ahead))
            assert judged_here == []  # every turn taken as it was judged ahead
            assert screen.review == review_record(record, per_option=review_size(), workers=1)

    asyncio.run(go())


def test_the_review_screen_takes_the_turns_kept_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose turns were judged before (while it was played, or by a review
    stopped half-way) opens its review without judging them again."""
    monkeypatch.setattr(review_screen, "PER_OPTION", 2)
    record = opening(2)
    cache = ReviewCache.in_data_folder(tmp_path)
    review_record(record, per_option=review_size(), workers=1, kept=cache.turns)
    judged_here = counting_turns_judged(monkeypatch)
    monkeypatch.setattr(review_module, "worker_count", lambda: 1)

    async def go() -> None:
        app = TableApp(Match(record), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await review_opened(app, pilot, ReviewScreen(record, cache=cache))
            assert judged_here == []
            assert screen.review == review_record(record, per_option=review_size(), workers=1)

    asyncio.run(go())


def test_the_setting_turns_it_off_and_the_settings_screen_says_it(tmp_path: Path) -> None:
    allow_judging_ahead(True, quiet=False)

    async def go() -> None:
        app = ResumedApp(Match(opening(2)), tmp_path)
        app.settings.review_ahead = False
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.judged_ahead is None
            app.push_screen(SettingsScreen(app.settings))
            await pilot.pause()
            await press(pilot, "tab", "tab", "tab", "tab")  # to "Prepare the review"
            await press(pilot, "left")
            assert app.settings.review_ahead

    asyncio.run(go())


def test_a_seat_at_a_table_played_apart_is_not_offered_the_setting(tmp_path: Path) -> None:
    """Its game's review is not made on this machine while it is played."""

    class ApartApp(ResumedApp):
        plays_apart = True

    async def go() -> None:
        app = ApartApp(Match(opening(2)), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(SettingsScreen(app.settings))
            await pilot.pause()
            assert not app.screen.query("#review-ahead")
            assert app.screen.query("#handover")

    asyncio.run(go())
