"""The app's expert thinks on the processors the app may run on (its trees on kept
worker processes, started as its table opens) and its turn lands on the table as any
computer turn does."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, cast

import pytest
from app_driver import play_turn_keys, start_new_game

import worker_faults as faults
from orbis_tui import processes
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.seats import bot_levels

if TYPE_CHECKING:
    from textual.screen import Screen

    from orbis_tui.tui.core.session import GameSession


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


def test_an_expert_whose_search_fails_on_its_workers_says_so_and_a_person_takes_the_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search's exception reaches the table, which says it and goes on, rather than
    showing the expert thinking for ever (one this process cannot rebuild, even)."""
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)
    monkeypatch.setattr(processes, "_search_workers", None)  # as in a fresh app
    monkeypatch.setattr(processes, "available_cores", lambda: 2)  # workers on any machine
    monkeypatch.setattr("orbis_tui.bots.forest.grow", faults.grow_or_raise)
    expert = bot_levels().index("expert") + 1

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_new_game(pilot, 2, 77, kinds={2: expert})
            rng = random.Random(5)
            while screen.seat.human:  # the person plays until the computer's turn
                await play_turn_keys(pilot, rng)
            turn = screen.match.state.turn
            for _ in range(2400):  # a bound only: the failure ends the wait
                if screen.seat.human:
                    break
                await pilot.pause(0.05)
            assert screen.seat.human and screen.match.state.turn == turn  # taken over
            # The notice is a message the app handles after the seat was taken over.
            said = ""
            for _ in range(200):  # a bound only
                said = " ".join(n.message for n in app._notifications)
                if said:
                    break
                await pilot.pause(0.05)
            assert "a computer player, stopped with an error" in said
            assert "(RaisedInWorker: Unbuildable: the search failed)" in said

    asyncio.run(scenario())


def _observed_warmings(monkeypatch: pytest.MonkeyPatch) -> list[threading.Event]:
    """The warmings asked for from now on (each one's event: set once it is over)."""
    warmed: list[threading.Event] = []
    real = processes.warm_kept_pool

    def observed(size: int, preload: Sequence[str] = ()) -> threading.Event:
        done = real(size, preload)
        warmed.append(done)
        return done

    monkeypatch.setattr("orbis_tui.bots.forest.warm_kept_pool", observed)
    return warmed


@pytest.mark.parametrize("level", ["expert", "hard"])
def test_a_table_with_an_expert_seat_starts_its_workers_before_the_experts_first_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    """The person moves first; meanwhile the expert's workers start (off the screen's
    thread). A table without an expert starts none."""
    monkeypatch.setattr(processes, "_search_workers", None)  # as in a fresh app
    monkeypatch.setattr(processes, "available_cores", lambda: 2)  # workers on any machine
    warmed = _observed_warmings(monkeypatch)
    computer = bot_levels().index(level) + 1

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_new_game(pilot, 2, 77, kinds={2: computer})
            await app.workers.wait_for_complete()
            assert screen.seat.human and screen.match.record.actions == []
            if level == "expert":
                (done,) = warmed
                assert done.wait(120)  # a bound only: the event ends the wait
                kept = processes._kept
                assert kept is not None and kept.alive and kept.size == 2
                assert len(kept.pids()) == 2
            else:
                assert warmed == [] and processes._kept is None
            assert screen.seat.human and screen.match.record.actions == []  # no turn yet

    asyncio.run(scenario())


def test_only_a_table_that_moves_its_own_computer_seats_starts_workers() -> None:
    """A seat at a table played apart shows the server's expert, which thinks there."""
    from orbis_tui.tui.bot_driver import BotDriver
    from orbis_tui.tui.core.seats import Seat

    asked: list[object] = []

    class Host:
        def run_worker(self, work: object, **options: object) -> None:
            asked.append(work)

    session = SimpleNamespace(plays_bots=False, seats=[Seat("A"), Seat("B", "expert")])
    driver = BotDriver(
        cast("Screen[None]", Host()),
        lambda: cast("GameSession", session),
        pause=lambda: 0.0,
        can_move=lambda: True,
        waiting=lambda: None,
        failed=lambda seat, error: None,
    )
    driver.warm_up()
    assert asked == []
    session.plays_bots = True
    driver.warm_up()
    assert len(asked) == 1
    session.seats = [Seat("A"), Seat("B")]  # people only: no computer to load
    driver.warm_up()
    assert len(asked) == 1
