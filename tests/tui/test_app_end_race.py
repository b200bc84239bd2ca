"""Keys at machine speed as a game ends: nothing queued for the table may touch it once
it has gone (the end screen took its place)."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path

import pytest
from app_driver import TableApp, play_turn_keys, press, random_match
from textual import events

from orbis_tui.records import Match
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.exchange import ExchangeScreen
from orbis_tui.tui.screens.table import TableScreen

KEYS = [
    *["enter"] * 6,
    "space",
    "u",
    "x",
    "y",
    "f",
    "up",
    "down",
    "left",
    "right",
    *"123456789",
    *"rbogw",
    "R",
]


def _near_the_end(players: int, seed: int, left: int) -> Match:
    steps = itertools.count()
    played = len(random_match(players, seed, lambda s: s.is_over).record.actions)
    # the same random game, stopped ``left`` actions before its end
    return random_match(players, seed, lambda _s: next(steps) >= played - left)


async def _hammer(app: TableApp, rng: random.Random, count: int) -> None:
    for _ in range(count):
        key = rng.choice(KEYS)
        char = key if len(key) == 1 else ("\r" if key == "enter" else None)
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)
        if rng.random() < 0.3:
            await asyncio.sleep(0)  # now and then let a few messages through


@pytest.mark.slow  # whole games through the app
@pytest.mark.parametrize("seed", range(4))
def test_keys_at_machine_speed_as_the_game_ends_do_not_crash(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    match = _near_the_end(2, seed, left=12)
    names = match.record.setup.players
    seats = [Seat(names[0]), Seat(names[1], "easy" if seed % 3 == 0 else "human")]

    async def scenario() -> None:
        app = TableApp(match, tmp_path / f"data{seed}", seats, confirm=seed % 2 == 0)
        app.settings.pace = "instant"
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _ in range(200):
                screen = app.screen
                if isinstance(screen, EndScreen):
                    break
                if isinstance(screen, TableScreen):
                    await play_turn_keys(pilot, rng)  # the game moves on...
                elif not isinstance(screen, ExchangeScreen):
                    await press(pilot, "escape")  # a hint or another box over the table
                else:
                    await play_turn_keys(pilot, rng)
                await _hammer(app, rng, 12)  # ...with keys at machine speed in between
            await _hammer(app, rng, 40)
            await pilot.pause(0.1)
            assert match.state.is_over and isinstance(app.screen_stack[1], EndScreen)

    asyncio.run(scenario())


def test_what_was_queued_for_the_table_does_nothing_once_it_has_gone(tmp_path: Path) -> None:
    """A resize or a lifted curtain queues a redraw of the table for after the next frame;
    when the last action ends the game first, the end screen has taken the table's place
    by the time the redraw runs (the app runs it after the *current* screen's frame)."""
    steps = itertools.count()
    played = len(random_match(2, 5, lambda s: s.is_over).record.actions)
    match = random_match(2, 5, lambda _s: next(steps) >= played - 1)
    assert not match.state.is_over

    async def scenario() -> None:
        app = TableApp(match, tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if screen.handing_over:
                await press(pilot, "enter")
            screen.play(match.state.decision_actions()[0])
            await pilot.pause(0.1)
            assert isinstance(app.screen, EndScreen)
            app.screen.call_after_refresh(screen.refresh_view)  # as the table's on_resize does
            app.screen.call_after_refresh(screen.redraw_all)  # as a settings change does
            screen.on_resize()
            await pilot.pause(0.1)
            assert isinstance(app.screen, EndScreen)
            assert len(app.screen_stack) == 2  # one end screen, not a second one

    asyncio.run(scenario())
