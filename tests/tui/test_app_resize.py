"""Resizing never crashes; below 80x24 the app says what size it needs and ignores keys."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import lift_curtain, press, random_match, screen_text, start_new_game, table

from orbis_tui.engine import DecisionKind
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.help import HelpScreen
from orbis_tui.tui.screens.players import PlayersScreen

SIZES = [(79, 24), (80, 23), (20, 5), (1, 1), (120, 40), (200, 60)]


async def cycle_sizes(pilot, check=None) -> None:
    for width, height in SIZES:
        await pilot.resize_terminal(width, height)
        await pilot.pause()
        text = screen_text(pilot.app)
        squeezed = " ".join(text.split())
        if width < 80 or height < 24:
            if width >= 20 and height >= 5:  # room enough to say it
                assert "needs a terminal of at least 80×24" in squeezed
                assert f"This one is {width}×{height}" in squeezed
        elif check is not None:
            check(text)
    await pilot.resize_terminal(80, 24)
    await pilot.pause()


@pytest.mark.slow
def test_every_screen_survives_resizing(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await cycle_sizes(pilot, lambda text: "New game" in text)  # the new-game screen
            await start_new_game(pilot, 4, seed=3)
            await cycle_sizes(pilot)  # the hand-over curtain
            await lift_curtain(pilot)
            await cycle_sizes(pilot, lambda text: "Round 1/15" in text)
            await press(pilot, "4")  # a take: now the place decision
            await cycle_sizes(pilot, lambda text: "Phase 4" in text)
            await press(pilot, "p")
            await pilot.pause()
            assert isinstance(app.screen, PlayersScreen)
            await cycle_sizes(pilot)
            await press(pilot, "escape", "question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await cycle_sizes(pilot, lambda text: "R-TURN-1" in text or "Keys" in text)

    asyncio.run(scenario())


def test_keys_do_nothing_while_the_terminal_is_too_small(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, seed=6)
            await lift_curtain(pilot)
            screen = table(app)
            await pilot.resize_terminal(70, 20)
            await pilot.pause()
            await press(pilot, "5", "enter")
            assert screen.state.kind is DecisionKind.TURN  # nothing was taken blindly
            assert screen.match.record.actions == []
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await press(pilot, "5")
            assert screen.match.record.actions == ["take 5"]

    asyncio.run(scenario())


def test_the_end_screen_survives_resizing(tmp_path: Path) -> None:
    match = random_match(4, 17, lambda s: s.is_over)

    async def scenario() -> None:
        from app_driver import TableApp

        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            await cycle_sizes(pilot, lambda text: "Standings" in text or "Game over" in text)

    asyncio.run(scenario())
