"""The app as a browser tab runs it (``orbis serve``): quitting asks first, a new game
needs no key the browser keeps, a read-only tab says so on every screen, and nothing
tells the page's visitor where the server keeps its files."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import press, screen_text, start_new_game, table
from textual.pilot import Pilot

from orbis_tui.i18n import gettext
from orbis_tui.saves import LockOutcome, LockState, SaveStore, save_text
from orbis_tui.tui import texts, texts_help, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.question import QuestionScreen

pytestmark = pytest.mark.slow  # the app as a browser tab runs it: run by --all


async def shows(pilot: Pilot[None], needle: str, line: int | None = None) -> bool:
    """Whether the screen shows ``needle`` (on line ``line``) within a few seconds."""
    for _ in range(50):
        lines = screen_text(pilot.app).splitlines()
        if lines and needle in ("\n".join(lines) if line is None else lines[line]):
            return True
        await pilot.pause(0.05)
    return False


class BrowserApp(OrbisApp):
    """The app with Textual's web driver, as far as the app can tell."""

    @property
    def is_web(self) -> bool:
        return True


def test_q_in_a_browser_asks_first_and_enter_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            for key in ("q", "ctrl+q"):
                await press(pilot, key)
                assert app.is_running
                assert isinstance(app.screen, QuestionScreen)
                assert gettext(texts_screens.LEAVE_PAGE_TITLE) in screen_text(app)
                await press(pilot, "enter")  # the default answer: stay
                assert app.is_running
                assert table(app) is app.screen

    asyncio.run(scenario())


def test_q_twice_in_a_browser_quits(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "q", "q")
            await pilot.pause()
            assert not app.is_running


def test_ctrl_q_twice_in_a_browser_quits(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "ctrl+q", "ctrl+q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_quit_chosen_in_a_browser_quits(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "ctrl+q", "left", "enter")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_q_in_a_terminal_still_quits_at_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(scenario())


def test_n_sets_up_a_new_game_from_the_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "enter", "1")  # a tile taken: the game is worth resuming
            await press(pilot, "n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
        # the game in progress stays saved
        loaded = SaveStore(tmp_path).load()
        assert loaded.match is not None
        assert loaded.match.record.actions == ["take 1"]

    asyncio.run(scenario())


@pytest.mark.parametrize("kind", [OrbisApp, BrowserApp])
def test_escape_leaves_the_new_game_screen_for_the_game_in_progress(
    tmp_path: Path, kind: type[OrbisApp]
) -> None:
    async def scenario() -> None:
        app = kind(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "enter", "1")
            await press(pilot, "n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert gettext(texts.KEY["back_to_game"]) in screen_text(app)  # in the key bar
            await press(pilot, "escape")
            await pilot.pause()
            screen = table(app)
            assert app.screen is screen
            assert screen.session.match.record.actions == ["take 1"]

    asyncio.run(scenario())


def test_escape_does_nothing_on_the_first_new_game_screen(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert gettext(texts.KEY["back_to_game"]) not in screen_text(app)
            await press(pilot, "escape")
            assert isinstance(app.screen, NewGameScreen)

    asyncio.run(scenario())


@pytest.mark.parametrize("kind", [OrbisApp, BrowserApp])
def test_a_new_game_in_place_of_an_untouched_one_asks_first(
    tmp_path: Path, kind: type[OrbisApp]
) -> None:
    """ctrl+n then ctrl+s on a game nobody has played yet: the new game would take its
    place, so the app asks; "Back to the form" (the default) keeps it."""

    async def scenario() -> None:
        app = kind(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4, names=["Ada", "Bo"])
            await press(pilot, "enter")  # the curtain: round 1, nothing played
            await press(pilot, "ctrl+n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await press(pilot, "ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, QuestionScreen)
            said = screen_text(app)
            assert gettext(texts_screens.NEW_REPLACES_TITLE) in said
            assert "Ada, Bo, round 1/15" in said
            await press(pilot, "enter")  # the default: back to the form
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await press(pilot, "ctrl+s")
            await pilot.pause()
            await press(pilot, "left", "enter")  # Start the new game
            await pilot.pause()
            table(app)
        assert len(list((tmp_path / "records").glob("*.json"))) == 1  # the old one, kept

    asyncio.run(scenario())


def test_the_new_game_screen_offers_f2_not_ctrl_l_to_learn(tmp_path: Path) -> None:
    """A browser keeps ctrl+l for its address bar: the key bar offers F2."""

    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            bar = screen_text(app).splitlines()[-1]
            assert f"F2 {gettext(texts.KEY['learn'])}" in bar, bar
            assert "Ctrl+L" not in bar
            await press(pilot, "f2")
            await pilot.pause()
            assert not isinstance(app.screen, NewGameScreen)  # the walkthrough

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("kind", "said"), [(OrbisApp, texts_screens.CTRL_C), (BrowserApp, texts_screens.CTRL_C_WEB)]
)
def test_ctrl_c_says_what_quits(tmp_path: Path, kind: type[OrbisApp], said: str) -> None:
    async def scenario() -> None:
        app = kind(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "ctrl+c")
            await pilot.pause()
            notices = [n.message for n in app._notifications]
            assert notices == [gettext(said)]
            assert "ctrl+q" not in notices[0]

    asyncio.run(scenario())


def test_f1_opens_the_help(tmp_path: Path) -> None:
    from orbis_tui.tui.screens.help import HelpScreen

    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await start_new_game(pilot, 2, 4)
            await press(pilot, "f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)

    asyncio.run(scenario())


def test_the_help_names_n_for_a_new_game(tmp_path: Path) -> None:
    keys = [key for key, _meaning in texts_help.HELP_KEYS]
    assert "n / ctrl+n" in keys


def test_the_help_warns_that_a_browser_may_take_ctrl_q_for_itself() -> None:
    """Firefox on Linux quits itself on ctrl+q before the page sees it: the help says to
    use q, which always reaches the game and asks first."""
    meaning = dict(texts_help.HELP_KEYS)["q in a browser"]
    assert "ctrl+q" in meaning and "Firefox" in meaning


def test_a_read_only_tab_says_so_on_every_screen(tmp_path: Path) -> None:
    first = SaveStore(tmp_path)
    assert first.acquire().state is LockState.HELD

    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        app.lock = app.store.acquire()
        assert app.lock.state is LockState.ELSEWHERE
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            question = app.screen
            assert isinstance(question, QuestionScreen)
            assert question.question == save_text("open-elsewhere-web")
            assert str(tmp_path) not in question.question  # the server's folder is its own
            await press(pilot, "enter")  # open it read-only
            assert await shows(pilot, gettext(texts_screens.READ_ONLY_MARK), -1)
            assert isinstance(app.screen, NewGameScreen)
            await start_new_game(pilot, 2, 4)
            for _ in range(3):  # long after any toast has gone
                await press(pilot, "enter", "1")
                await pilot.pause(0.5)
            assert await shows(pilot, gettext(texts_screens.READ_ONLY_MARK), -1)
            await press(pilot, "question_mark", "escape")
            assert await shows(pilot, gettext(texts_screens.READ_ONLY_MARK), -1)

    try:
        asyncio.run(scenario())
    finally:
        first.release()


def test_a_tab_is_not_told_the_servers_folder_when_it_cannot_lock(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = BrowserApp(tmp_path, seed=4)
        app.lock = LockOutcome(LockState.UNAVAILABLE, f"permission denied: {tmp_path}")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = [n.message for n in app._notifications]
            assert save_text("no-lock-web") in shown
            assert not any(str(tmp_path) in message for message in shown)

    asyncio.run(scenario())


def test_a_terminal_still_names_its_folder(tmp_path: Path) -> None:
    first = SaveStore(tmp_path)
    assert first.acquire().state is LockState.HELD

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        app.lock = app.store.acquire()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            question = app.screen
            assert isinstance(question, QuestionScreen)
            assert str(tmp_path) in question.question

    try:
        asyncio.run(scenario())
    finally:
        first.release()


def test_saving_a_record_in_a_browser_shows_no_server_path_and_writes_only_there(
    tmp_path: Path,
) -> None:
    """The end screen's s in a browser: the file is kept on the server, among its
    records, under a name the page may choose; the page never sees a folder, and a
    path typed in (a home folder, ..) is refused."""
    import json

    from app_driver import random_match
    from textual import events
    from textual.widgets import Input

    from orbis_tui.tui.screens.end import EndScreen
    from orbis_tui.tui.screens.question import PathScreen

    match = random_match(2, 3, lambda s: s.is_over)
    data = tmp_path / "data"

    class EndApp(BrowserApp):
        def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual's event
            event.prevent_default()  # not the new-game screen
            self.push_screen(EndScreen(match, self.store))

    async def scenario() -> None:
        app = EndApp(data)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, PathScreen)
            field = app.screen.query_one(Input)
            assert "/" not in field.value and str(tmp_path) not in screen_text(app)
            assert str(Path.home()) not in screen_text(app)
            field.value = str(tmp_path / "elsewhere.json")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, PathScreen)  # refused: asked again
            assert not (tmp_path / "elsewhere.json").exists()
            app.screen.query_one(Input).value = "our-game.json"
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, PathScreen)
            said = " ".join(str(n.message) for n in app._notifications)
            assert "our-game.json" in said and str(tmp_path) not in said

    asyncio.run(scenario())
    saved = data / "records" / "our-game.json"
    assert json.loads(saved.read_text(encoding="utf-8"))["actions"] == match.record.actions
