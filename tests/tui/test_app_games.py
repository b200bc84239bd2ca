"""Whole games of 2, 3 and 4 players, played with the keyboard alone to the end screen."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from app_driver import play_to_end, play_turn_keys, screen_text, start_new_game

from orbis_tui.engine import final_scores
from orbis_tui.records import read_record_file
from orbis_tui.saves import AUTOSAVE_NAME
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.table import TableScreen


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 32), (4, 43)])
def test_a_whole_game_by_keyboard_reaches_the_end_screen(
    players: int, seed: int, tmp_path: Path
) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, players, seed)
            keys = await play_to_end(pilot, seed)
            screen = app.screen
            assert isinstance(screen, EndScreen)
            state = screen.match.state
            assert state.is_over
            assert [p.name for p in state.players] == ["Ada", "Bo", "Cy", "Dee"][:players]
            # every seat ends with 14 region tiles and a god (R-TURN-1)
            assert all(p.region_tiles == 14 and p.god is not None for p in state.players)
            # the end screen shows the standings and every player's total
            await pilot.pause()
            text = screen_text(app)
            assert "Game over" in text
            rows = [line.split() for line in text.splitlines()]
            for score in final_scores(state):  # the standings table lists everyone
                assert [str(score.rank), score.name, str(score.total)] in [r[:3] for r in rows]
            assert keys > 14 * players
            # the autosave holds the finished game; replaying it gives the same result
            app.store.flush()
            record, replayed = read_record_file(tmp_path / AUTOSAVE_NAME)
            assert replayed.is_over
            assert [s.total for s in final_scores(replayed)] == [
                s.total for s in final_scores(state)
            ]
            saved = json.loads((tmp_path / AUTOSAVE_NAME).read_text())
            assert saved["result"] is not None
            assert record.setup.seed == seed

    asyncio.run(scenario())


@pytest.mark.slow
def test_a_game_against_a_computer_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from orbis_tui.tui.core.seats import bot_levels
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_new_game(pilot, 2, 77, kinds={2: 1})  # seat 2: the first level
            assert [s.kind for s in screen.seats] == ["human", bot_levels()[0]]
            await play_to_end(pilot, 77, limit=5000)
            shown = app.screen  # the table, or the end screen over it
            assert isinstance(shown, TableScreen | EndScreen)
            state = shown.match.state
            assert state.is_over
            record = shown.match.record
            assert record.setup.seats == ["human", bot_levels()[0]]

    asyncio.run(scenario())


def test_computer_moves_wait_at_a_readable_pace_and_f_skips_ahead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 60.0)  # nobody would wait this long

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_new_game(pilot, 2, 77, kinds={2: 1})
            rng = random.Random(5)
            while screen.seat.human:  # the person plays until the computer's turn
                await play_turn_keys(pilot, rng)
            before = len(screen.match.actions)
            await pilot.pause(0.3)
            assert len(screen.match.actions) == before  # still pausing, as people follow
            assert screen.check_action("hurry", ()) is True
            await pilot.press("f")
            for _ in range(200):
                if screen.seat.human:
                    break
                await pilot.pause(0.05)
            assert screen.seat.human  # the computer's turn went by without the pauses
            assert len(screen.match.actions) > before
            assert screen.check_action("hurry", ()) is False  # a person's turn: nothing to skip

    asyncio.run(scenario())
