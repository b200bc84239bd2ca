"""Names and paths are data, a folder kept by another window is asked about, and a game
the autosave could not keep is offered to be saved before quitting."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from app_driver import new_game_screen, press, screen_text, start_new_game, table
from textual import events
from textual.widgets import Input, Static

from orbis_tui.player_names import MAX_NAME_LENGTH
from orbis_tui.saves import SaveStore
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.history import HistoryScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.players import PlayersScreen
from orbis_tui.tui.screens.question import PathScreen, QuestionScreen
from orbis_tui.tui.screens.score import ScoreScreen

MARKUP_NAMES = ["[/]", "[bold red]Bo"]


def test_names_that_look_like_markup_are_shown_as_they_are_everywhere(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path, seed=11)
        async with app.run_test(size=(100, 32)) as pilot:
            await start_new_game(pilot, 2, 11, names=MARKUP_NAMES, kinds={2: 1})
            screen = table(pilot.app)
            assert screen.handing_over and "[/]" in screen_text(app)
            await press(pilot, "enter", "1", "enter", "enter")  # take, place, end the turn
            for _ in range(200):  # the computer's turn, then the person's again
                await pilot.pause(0.02)
                if screen.state.current == 0 and screen.state.turn > 1:
                    break
            await pilot.pause()
            # alone against the computer there is no curtain: the log names it literally
            assert not screen.handing_over and "[bold red]Bo" in screen_text(app)
            for key, kind in (("p", PlayersScreen), ("t", HistoryScreen), ("v", ScoreScreen)):
                await pilot.press(key)
                await pilot.pause()
                if isinstance(app.screen, kind):
                    assert "[/]" in screen_text(app)
                    await pilot.press("escape")
                    await pilot.pause()

    asyncio.run(scenario())
    saved = json.loads((tmp_path / "autosave.json").read_text(encoding="utf-8"))
    assert saved["setup"]["players"] == MARKUP_NAMES

    async def resume() -> None:  # the saved game opens again, names intact
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "[/]" in screen_text(app)

    asyncio.run(resume())


def test_a_name_the_rules_refuse_is_explained_on_the_new_game_screen(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await new_game_screen(pilot)
            assert screen.query_one("#name1", Input).max_length == MAX_NAME_LENGTH
            screen.query_one("#name1", Input).value = "Ada"
            screen.query_one("#name2", Input).value = " ada "
            await press(pilot, "enter")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)  # nothing started
            error = str(screen.query_one("#form-error", Static).render())
            assert "Seat 2" in error and "already" in error
            assert app.focused is screen.query_one("#name2", Input)
            screen.query_one("#name2", Input).value = "Bo\x1b]0;x\x07"
            await press(pilot, "enter")
            await pilot.pause()
            assert "control character" in str(screen.query_one("#form-error", Static).render())
            assert not (tmp_path / "autosave.json").exists()

    asyncio.run(scenario())


def test_a_folder_kept_by_another_window_is_asked_about(tmp_path: Path) -> None:
    first = SaveStore(tmp_path)
    assert first.acquire().state.value == "held"

    async def scenario(answer_keys: list[str]) -> OrbisApp:
        app = OrbisApp(tmp_path)
        app.lock = app.store.acquire()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen)
            assert "open in another window" in " ".join(screen_text(app).split())
            await pilot.press(*answer_keys)
            await pilot.pause()
            if app.is_running:
                assert isinstance(app.screen, NewGameScreen)
                assert app.store.read_only
        return app

    try:
        read_only = asyncio.run(scenario(["enter"]))
        assert read_only.store.read_only
        quit_app = asyncio.run(scenario(["right", "enter"]))
        assert not quit_app.store.read_only
        assert quit_app.return_code in (0, None)
    finally:
        first.release()


def test_quitting_a_game_the_autosave_lost_offers_to_save_it_elsewhere(tmp_path: Path) -> None:
    data = tmp_path / "data"
    elsewhere = tmp_path / "kept.json"
    elsewhere.write_text("an older file\n", encoding="utf-8")

    async def scenario() -> None:
        app = OrbisApp(data, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "enter")  # the curtain
            app.store.flush()
            # From now on the autosave cannot be written (as a full disk would refuse it):
            # a folder stands where the file was.
            (data / "autosave.json").unlink()
            (data / "autosave.json").mkdir()
            try:
                await press(pilot, "1")
                await pilot.pause()
                assert app.store.failure is not None
                await press(pilot, "q")
                await pilot.pause()
                assert isinstance(app.screen, QuestionScreen)
                assert "not on disk" in screen_text(app)
                await press(pilot, "enter")  # save a record
                await pilot.pause()
                assert isinstance(app.screen, PathScreen)
                field = app.screen.query_one(Input)
                field.value = str(elsewhere)
                await press(pilot, "enter")
                await pilot.pause()
                assert isinstance(app.screen, QuestionScreen)  # it exists: replace?
                assert "already exists" in screen_text(app)
                await press(pilot, "left", "enter")  # Replace it
                await pilot.pause()
            finally:
                (data / "autosave.json").rmdir()
        assert not app.is_running

    asyncio.run(scenario())
    record = json.loads(elsewhere.read_text(encoding="utf-8"))
    assert record["actions"] == ["take 1"]


def test_quitting_with_every_action_on_disk_asks_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "enter", "1")
            await press(pilot, "q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_the_end_screen_asks_before_replacing_a_file(tmp_path: Path) -> None:
    from app_driver import random_match

    match = random_match(2, 3, lambda s: s.is_over)
    target = tmp_path / "game.json"
    target.write_text("precious\n", encoding="utf-8")

    class EndApp(OrbisApp):
        def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual's event
            event.prevent_default()  # not the new-game screen
            self.push_screen(EndScreen(match, self.store))

    async def scenario(keys: list[str]) -> None:
        app = EndApp(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            app.screen.query_one(Input).value = str(target)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen)
            await pilot.press(*keys)
            await pilot.pause()

    asyncio.run(scenario(["escape"]))  # cancel: the file stays as it was
    assert target.read_text(encoding="utf-8") == "precious\n"
    asyncio.run(scenario(["left", "enter"]))  # replace it
    assert json.loads(target.read_text(encoding="utf-8"))["actions"] == match.record.actions


def test_a_seed_no_game_is_dealt_from_is_explained_on_the_new_game_screen(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await new_game_screen(pilot)
            seed = screen.query_one("#seed", Input)
            assert seed.max_length == len("-9223372036854775808")
            seed.value = "17014118346046923173"  # the longest the field takes, too large
            await press(pilot, "enter")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)  # nothing started
            error = str(screen.query_one("#form-error", Static).render())
            assert "from -9223372036854775808 to 9223372036854775807" in error
            assert not (tmp_path / "autosave.json").exists()

    asyncio.run(scenario())
