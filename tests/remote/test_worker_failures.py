"""A remote table's work in the background that fails unexpectedly (dealing a table
apart, asking the servers for the tables joined, a seat's connection) says what failed,
in one line, and the app stays open where the player was."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input

from orbis_tui.i18n import gettext
from orbis_tui.remote.joined import remember_joined
from orbis_tui.remote.links import parse_link
from orbis_tui.tui import joined_words, texts
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import LinkBrokeScreen
from orbis_tui.tui.my_tables import MyTablesApp, MyTablesScreen
from orbis_tui.tui.screens.apart import PlayApartScreen
from orbis_tui.tui.screens.new_game import NewGameScreen

LINK = "http://127.0.0.1:9/play/TABLEid/" + "t" * 43


def broken(*args: object, **kwargs: object) -> object:
    raise RuntimeError("it broke\nsecond line")


WAIT = 60.0  # seconds at most: a bound for a loaded machine; the event ends the wait


async def until(pilot: Pilot[Any], check: Callable[[], bool]) -> None:
    """Until ``check()`` holds, the app going on meanwhile (a bound only)."""
    async with asyncio.timeout(WAIT):
        while not check():
            await pilot.pause(0.02)


async def noticed(pilot: Pilot[Any], said: str) -> list[str]:
    """The notices shown, once ``said`` is among them."""
    await until(pilot, lambda: said in [n.message for n in pilot.app._notifications])
    return [n.message for n in pilot.app._notifications]


async def apart_dialog(pilot: Pilot[Any]) -> PlayApartScreen:
    """The "play apart" dialog, opened from the new game's form."""
    app = pilot.app
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    app.screen.query_one("#apart", Button).press()
    await until(pilot, lambda: isinstance(app.screen, PlayApartScreen))
    dialog = app.screen
    assert isinstance(dialog, PlayApartScreen)
    return dialog


def test_dealing_a_table_that_fails_says_why_and_the_dialog_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.remote import client

    monkeypatch.setattr(client, "create_table_request", broken)

    async def main() -> None:
        app = OrbisApp(tmp_path / "data", names=["Ada", "Bo"], players=2, config_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            dialog = await apart_dialog(pilot)
            dialog.query_one("#server", Input).value = "127.0.0.1:1"
            dialog.action_deal()
            said = gettext(texts.APART_BROKE).format(error="RuntimeError: it broke")
            assert said in await noticed(pilot, said)
            assert str(dialog.query_one("#apart-status").render()) == said
            assert app.is_running and app.return_code is None
            assert not dialog.dealt  # its button may try again
            await pilot.press("escape")  # back to the new game
            assert isinstance(app.screen, NewGameScreen)

    asyncio.run(main())


def test_a_dealt_table_whose_links_cannot_be_shown_says_so_and_deals_no_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.remote import client

    asked: list[int] = []

    async def odd_answer(*args: object, **kwargs: object) -> dict[str, object]:
        asked.append(1)
        return {"seats": 5}  # not a list of seats

    monkeypatch.setattr(client, "create_table_request", odd_answer)

    async def main() -> None:
        app = OrbisApp(tmp_path / "data", names=["Ada", "Bo"], players=2, config_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            dialog = await apart_dialog(pilot)
            dialog.action_deal()
            error = "TypeError: 'int' object is not iterable"
            said = gettext(texts.APART_SHOW_BROKE).format(error=error)
            assert said in await noticed(pilot, said)
            assert app.is_running and app.return_code is None
            assert not dialog.query_one("#deal", Button).display
            dialog.action_deal()  # a second table would be dealt for nothing
            await pilot.pause()
            assert asked == [1]
            await pilot.press("escape")
            assert isinstance(app.screen, NewGameScreen)

    asyncio.run(main())


def test_the_tables_list_whose_asking_fails_says_why_and_still_joins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.tui import my_tables

    monkeypatch.setattr(my_tables, "seat_statuses", broken)
    remember_joined(tmp_path / "data", parse_link(LINK), now=1.0)

    async def main() -> None:
        app = MyTablesApp(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            said = gettext(joined_words.ASK_BROKE).format(error="RuntimeError: it broke")
            assert said in await noticed(pilot, said)
            screen = app.screen
            assert isinstance(screen, MyTablesScreen)
            assert str(screen.query_one("#my-tables-said").render()) == said
            await pilot.pause()
            row = screen.query_one("#my-tables", DataTable).get_row_at(0)
            assert row[1] == gettext(joined_words.NOT_ASKED)
            assert app.is_running and app.return_code is None
            await pilot.press("enter")  # the table is still joined from the list
            await pilot.pause()
            assert app.chosen == parse_link(LINK)

    asyncio.run(main())


def test_a_seat_whose_connection_fails_says_why_and_connects_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.remote.client import SeatLink

    tries: list[int] = []

    async def fails(self: SeatLink) -> None:
        tries.append(1)
        raise RuntimeError("it broke\nsecond line")

    monkeypatch.setattr(SeatLink, "run", fails)

    async def main() -> None:
        app = JoinApp(parse_link(LINK), tmp_path / "data", config_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            said = gettext(texts.JOIN_BROKE).format(error="RuntimeError: it broke")
            assert said in await noticed(pilot, said)
            assert isinstance(app.screen, LinkBrokeScreen)
            assert str(app.screen.query_one("#join-status").render()) == said
            assert app.is_running and app.return_code is None
            await pilot.press("enter")  # connects again (and fails again here)
            await until(pilot, lambda: len(tries) == 2 and isinstance(app.screen, LinkBrokeScreen))
            assert len(tries) == 2 and isinstance(app.screen, LinkBrokeScreen)
            assert sum(isinstance(s, LinkBrokeScreen) for s in app.screen_stack) == 1
            assert app.is_running

    asyncio.run(main())
