"""The app's expert thinks on the processors the app may run on (its trees on kept
worker processes) and its turn lands on the table as any computer turn does."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from app_driver import play_turn_keys, start_new_game

from orbis_tui import processes
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.seats import bot_levels


def test_the_experts_turn_in_the_app_is_thought_on_every_core_and_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)
    monkeypatch.setattr(processes, "_search_workers", None)  # as in a fresh app
    expert = bot_levels().index("expert") + 1

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_new_game(pilot, 2, 77, kinds={2: expert})
            assert processes.search_workers() == processes.every_core()
            rng = random.Random(5)
            while screen.seat.human:  # the person plays until the computer's turn
                await play_turn_keys(pilot, rng)
            turn = screen.match.state.turn
            for _ in range(1200):  # the expert thinks 1.5 s (workers start on the first)
                if screen.seat.human or screen.match.state.turn != turn:
                    break
                await pilot.pause(0.05)
            assert screen.match.state.turn != turn  # the expert's whole turn was played
            kept = processes._kept
            if processes.available_cores() >= 2:  # its trees grew on worker processes
                assert kept is not None and kept.alive and len(kept.pids()) >= 2
            assert screen.match.record.setup.seats == ["human", "expert"]

    asyncio.run(scenario())
