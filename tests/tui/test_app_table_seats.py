"""The table follows the game and its seats: the log and the history, what computer
players did, the CP breakdown, the settings kept, and a computer player that fails."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from app_driver import (
    NAMES,
    TableApp,
    lift_curtain,
    press,
    random_match,
    region_words,
    screen_text,
    table,
)
from textual.app import App
from textual.pilot import Pilot

from orbis_tui.engine import (
    DecisionKind,
    GameState,
)
from orbis_tui.i18n import gettext
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui import texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.core.settings import Settings, SettingsFile
from orbis_tui.tui.screens.history import HistoryScreen
from orbis_tui.tui.screens.score import ScoreScreen
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.widgets.curtain import HandOverCurtain
from orbis_tui.tui.widgets.info import GameLog


def run(app: OrbisApp, scenario, size=(80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await lift_curtain(pilot)
            await scenario(pilot)

    asyncio.run(go())


def notices(app: App) -> list[str]:
    return [str(n.message) for n in app._notifications]


# ---------------------------------------------------------------- following the game
def test_the_log_scrolls_and_the_history_lists_every_turn_by_player(tmp_path: Path) -> None:
    match = random_match(3, 2024, lambda s: s.kind is DecisionKind.TURN and s.turn >= 9)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        log = screen.query_one(GameLog)
        await pilot.pause()
        newest = region_words(pilot.app, log)
        assert log.back == 0 and log.can_scroll_back  # at its end, with more above
        await press(pilot, "pageup")
        await pilot.pause()
        assert log.back > 0 and region_words(pilot.app, log) != newest
        assert "PgDn" in region_words(pilot.app, log)  # newer lines wait below
        await press(pilot, "pagedown")
        await pilot.pause()
        assert log.back == 0 and region_words(pilot.app, log) == newest
        await press(pilot, "t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HistoryScreen)
        text = screen_text(pilot.app)
        state = screen.state
        for player in state.players:
            assert player.name in text
        turns = screen.session.history.by_player()
        assert sum(len(t) for t in turns) == 9
        first = turns[0][0]
        assert first.took in text and "CP: " in text

    run(TableApp(match, tmp_path), scenario)


def _one_person_and_two_computers(monkeypatch: pytest.MonkeyPatch) -> tuple[Match, list[Seat]]:
    """Ada at the keyboard against two computer players who move at once."""
    from orbis_tui.tui.core.seats import bot_levels
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)
    level = bot_levels()[0]
    return Match.start(setup_for_game(NAMES[:3], 9, 0)), [
        Seat("Ada"),
        Seat("Bo", level),
        Seat("Cy", level),
    ]


async def _play_the_first_turn(pilot: Pilot) -> TableScreen:
    """The person's first turn: the tile in cell 1, then Enter until the turn is done."""
    screen = table(pilot.app)
    await press(pilot, "1")
    while screen.state.current == 0 and not screen.confirming:
        await press(pilot, "enter")
    return screen


def test_one_person_sees_what_the_computers_did_without_passing_the_keyboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the setting that asks for it (off by default: see the next test)."""
    match, seats = _one_person_and_two_computers(monkeypatch)

    async def scenario(pilot: Pilot) -> None:
        screen = await _play_the_first_turn(pilot)
        for _ in range(1500):  # up to 30 s on a loaded machine; usually a fraction of that
            if screen.handing_over:
                break
            await pilot.pause(0.02)
        assert screen.handing_over and screen.state.current == 0
        await pilot.pause()  # the curtain drawn (later on a busy machine)
        await pilot.pause()
        curtain = screen_text(pilot.app)
        assert "Bo took" in curtain and "Cy took" in curtain and "CP: " in curtain
        assert "Pass the keyboard" not in curtain
        assert gettext(texts_screens.HANDOVER_PLAY) in curtain
        assert screen.query_one(HandOverCurtain).has_class("-shown")

    app = TableApp(match, tmp_path, seats)
    app.settings.handover_alone = True
    run(app, scenario)


def test_one_person_against_the_computer_gets_no_curtain_every_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, seats = _one_person_and_two_computers(monkeypatch)

    async def scenario(pilot: Pilot) -> None:
        screen = await _play_the_first_turn(pilot)
        for _ in range(1500):  # up to 30 s on a loaded machine; usually a fraction of that
            if screen.state.current == 0 and screen.state.turn > 1:
                break
            await pilot.pause(0.02)
        await pilot.pause()
        assert screen.state.current == 0 and not screen.handing_over
        log = " ".join(screen.session.logbook.lines())
        assert "Bo took" in log and "Cy took" in log  # what they did is told all the same

    run(TableApp(match, tmp_path, seats), scenario)


def test_cp_now_opens_a_breakdown(tmp_path: Path) -> None:
    match = random_match(2, 31, lambda s: s.kind is DecisionKind.TURN and s.turn >= 14)

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "v")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScoreScreen)
        text = screen_text(pilot.app)
        assert (
            gettext(texts_screens.SCORE_NOW) in text
            and gettext(texts_screens.SCORE_PROJECTED) in text
        )
        assert "temple token" in text

    run(TableApp(match, tmp_path), scenario)


# ---------------------------------------------------------------- settings and seats
def test_settings_persist_in_the_config_folder(tmp_path: Path) -> None:
    match = Match.start(setup_for_game(NAMES[:2], 5, 0))

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "s")
        await pilot.pause()
        await press(pilot, "tab", "tab", "right")  # computer pace: one step faster
        await press(pilot, "escape")

    run(TableApp(match, tmp_path), scenario)
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["pace"] == "fast"
    assert SettingsFile(tmp_path / "config").load().pace == "fast"
    assert Settings.from_dict({"pace": "warp", "confirm_turn": "yes"}) == Settings()


def test_a_settings_file_that_cannot_be_used_is_told_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    os.mkfifo(tmp_path / "config" / "settings.json")  # read, it would wait forever

    async def go() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            said = " ".join(notices(app))
            assert "settings.json was not used (not a regular file (a pipe))" in said
            await press(pilot, "enter")  # the new-game screen starts a game as usual
            await lift_curtain(pilot)
            await press(pilot, "1")
            if table(app)._wilderness_warned is not None:  # the deal's cell 1: nothing pays it
                await press(pilot, "1")  # the second press takes it
            assert table(app).match.record.actions == ["take 1"]

    asyncio.run(go())


def test_a_failing_computer_player_hands_its_seat_to_a_person(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)
    match = Match.start(setup_for_game(NAMES[:2], 5, 1))  # Bo starts

    class Broken:
        def choose(self, state: GameState) -> object:
            raise RuntimeError("out of ideas")

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        for _ in range(500):
            if screen.seat.human:
                break
            await pilot.pause(0.02)
        assert screen.seat.human and screen.state.current == 1
        assert any("out of ideas" in n for n in notices(pilot.app))
        assert screen.match.record.actions == []  # nothing lost; the game goes on by hand
        await lift_curtain(pilot)
        await press(pilot, "1")
        assert screen.match.record.actions == ["take 1"]

    import orbis_tui.tui.bot_driver as driver_module

    app = TableApp(match, tmp_path, [Seat("Ada"), Seat("Bo", "easy")])
    monkeypatch.setattr(driver_module, "make_bot", lambda level, seed, seat: Broken())
    run(app, scenario)
