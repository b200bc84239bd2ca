"""The new-game screen's "Play apart": a table dealt on a real server, its links shown
to copy, the server's address remembered; and a seat's own screen, which has no
hand-over curtain and names the player's turn in the terminal's title."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, Label, Select

from orbis_tui import i18n
from orbis_tui.i18n import gettext
from orbis_tui.remote.links import parse_link
from orbis_tui.tui import texts
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen
from orbis_tui.tui.screens.apart import PlayApartScreen, server_address
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.widgets.choice import Choice

from .server_helpers import new_table, running_server, url


def test_server_addresses() -> None:
    assert server_address(" example.org:8765/ ") == "http://example.org:8765"
    assert server_address("https://tables.example.org") == "https://tables.example.org"
    assert server_address("ftp://example.org") is None
    assert server_address("http://a b") is None
    assert server_address("") is None


def test_play_apart_deals_the_table_and_shows_the_links(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            app = OrbisApp(
                tmp_path / "data", names=["Ada", "Bo", "Cy"], players=3, config_dir=tmp_path
            )
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                form = app.screen
                assert isinstance(form, NewGameScreen)
                form.query_one("#kind3", Choice).value = 1  # Cy: a computer player
                form.query_one("#apart", Button).press()
                for _ in range(50):
                    if isinstance(app.screen, PlayApartScreen):
                        break
                    await pilot.pause(0.02)
                dialog = app.screen
                assert isinstance(dialog, PlayApartScreen)
                dialog.query_one("#server", Input).value = "127.0.0.1:1"  # nothing there
                await pilot.press("enter")
                for _ in range(200):
                    if "did not deal" in str(dialog.query_one("#apart-status").render()):
                        break
                    await pilot.pause(0.02)
                assert gettext(texts.APART_NO_ANSWER) in str(
                    dialog.query_one("#apart-status").render()
                )
                assert not dialog.links
                dialog.query_one("#server", Input).value = url(server)
                dialog.query_one("#turn-time", Input).value = "soon"
                dialog.action_deal()
                said = str(dialog.query_one("#apart-status").render())
                assert said == gettext(texts.APART_BAD_TURN_TIME).format(text="soon", none="none")
                dialog.query_one("#turn-time", Input).value = "2m"  # a live game's clock
                dialog.query_one("#clock-level", Select).value = "hard"
                dialog.query_one("#deal", Button).focus()
                await pilot.pause(0.3)  # a button takes a press again once its last one shows
                await pilot.press("enter")
                for _ in range(200):
                    if dialog.links:
                        break
                    await pilot.pause(0.02)
                links = [parse_link(link) for link in dialog.links.values()]
                assert [link.kind for link in links] == ["play", "play", "watch"]
                room = server.rooms[links[0].table]
                assert room.kinds == ["human", "human", level_of(app)]
                assert room.record.setup.players == ["Ada", "Bo", "Cy"]
                assert room.turn_clock is not None
                assert (room.turn_clock.seconds, room.turn_clock.level) == (120, "hard")
                copied: list[str] = []
                app.copy_to_clipboard = copied.append  # type: ignore[method-assign,assignment]
                await pilot.press("enter")  # the first link's Copy has the focus
                assert copied == [str(links[0])]
                await pilot.press("escape")
                assert isinstance(app.screen, NewGameScreen)
            settings = json.loads((tmp_path / "settings.json").read_text())
            assert settings["server"] == url(server)

    asyncio.run(main())


def level_of(app: OrbisApp) -> str:
    from orbis_tui.tui.core.seats import bot_levels

    return bot_levels()[0]


def test_a_seat_opens_on_the_table_and_its_turn_names_the_title(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            room = server.rooms[links[0].table]
            mine = room.match.state.current
            link = links[mine]
            assert link is not None
            app = JoinApp(link, tmp_path / "data")
            async with app.run_test(size=(80, 24)) as pilot:
                for _ in range(200):
                    if isinstance(app.screen, RemoteTableScreen):
                        break
                    await pilot.pause(0.02)
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                await pilot.pause(0.1)
                assert screen.my_turn and not screen.handing_over
                assert app.title == gettext(texts.YOUR_TURN_TITLE)
                turn = screen.state.turn
                for _ in range(400):  # Enter does what the panel proposes, then ends the turn
                    if room.match.state.turn != turn:
                        break
                    await pilot.press("enter")
                    await pilot.pause(0.05)
                for _ in range(200):
                    if screen.state.turn != turn:
                        break
                    await pilot.pause(0.02)
                assert not screen.my_turn and not screen.handing_over
                assert app.title == texts.APP_TITLE

    asyncio.run(main())


async def open_play_apart(app: OrbisApp, pilot: Pilot[None]) -> PlayApartScreen:
    """The new-game screen's "Play apart" pressed, once its dialog is up."""
    await pilot.pause()
    app.screen.query_one("#apart", Button).press()
    async with asyncio.timeout(60):
        while not isinstance(app.screen, PlayApartScreen):
            await pilot.pause(0.02)
    return app.screen


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_the_play_apart_labels_read_whole_at_80_by_24(tmp_path: Path, language: str) -> None:
    """Each field of the dialog is named in full: before, "Time per turn" was cut to
    "Time per", its value right behind it ("Time pernone")."""
    assert i18n.set_language(language) == language

    async def main() -> None:
        app = OrbisApp(tmp_path / "data", names=["Ada", "Bo"], players=2, config_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_play_apart(app, pilot)
            await pilot.pause()
            for label in app.screen.query(".apart-label").results(Label):
                text = str(label.render())
                assert len(text) <= label.content_size.width, text

    try:
        asyncio.run(main())
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(("language", "word"), [("de", "keine"), ("ru", "нет")])
def test_no_clock_is_offered_and_read_in_the_players_language(
    tmp_path: Path, language: str, word: str
) -> None:
    """The time per turn shows the language's word for no clock, and dealing with it
    deals a table without one; before, the field said "none" in every language."""
    assert i18n.set_language(language) == language

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            app = OrbisApp(tmp_path / "data", names=["Ada", "Bo"], players=2, config_dir=tmp_path)
            async with app.run_test(size=(80, 24)) as pilot:
                dialog = await open_play_apart(app, pilot)
                field = dialog.query_one("#turn-time", Input)
                assert field.value == word
                field.value = "bald"
                dialog.action_deal()
                said = str(dialog.query_one("#apart-status").render())
                assert said.startswith("bald: ") and said.rstrip(".").endswith(word)
                field.value = word.upper()
                dialog.query_one("#server", Input).value = url(server)
                dialog.action_deal()
                async with asyncio.timeout(60):
                    while not dialog.links:
                        await pilot.pause(0.02)
                table = parse_link(next(iter(dialog.links.values()))).table
                assert server.rooms[table].turn_clock is None

    try:
        asyncio.run(main())
    finally:
        i18n.set_language("en")
