"""Playing with the Russian keyboard layout on: the command keys work at their places
(ф is a, е is t, к on the end screen is r), the color letters к с о з б add worshipers
only while a color is chosen, and a Cyrillic letter that means nothing says to switch
the layout to Latin."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, press, random_match, table
from textual import events

from orbis_tui import i18n
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui import layout
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.exchange import ExchangeScreen
from orbis_tui.tui.screens.history import HistoryScreen
from orbis_tui.tui.screens.players import PlayersScreen
from orbis_tui.tui.screens.review import ReviewScreen


@pytest.fixture
def russian():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def test_each_cyrillic_letter_stands_for_the_latin_key_at_its_place() -> None:
    assert [layout.place_key(k) for k in "фемугачытйк"] == list("atveufxsnqr")
    assert layout.place_key("Ф") == "A"
    assert layout.place_key("shift+ф") == "A"
    assert layout.place_key("ж") is None  # ; on a Latin keyboard: no key of the game
    assert layout.place_key("a") is None
    assert layout.cyrillic("ё") and layout.cyrillic("shift+я") and not layout.cyrillic("q")


def fresh() -> Match:
    return Match.start(setup_for_game(["Ada", "Bo"], 5, 0))


def notices(app: OrbisApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.usefixtures("russian")
def test_the_table_reads_the_russian_layout_at_its_places(tmp_path: Path) -> None:
    async def go() -> None:
        app = TableApp(fresh(), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(app)
            realm = list(screen.state.player.realm_count)
            await press(pilot, "е")  # t: the history
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            await press(pilot, "escape")
            await pilot.pause()
            # з is the green letter and sits on p: no color is being chosen, so the players
            await press(pilot, "з")
            await pilot.pause()
            assert isinstance(app.screen, PlayersScreen)
            await press(pilot, "escape")
            await pilot.pause()
            await press(pilot, "с")  # the blue letter, on c: the coach
            await pilot.pause()
            assert screen.has_class("-coach")
            assert list(screen.state.player.realm_count) == realm
            assert screen.match.record.actions == []
            await press(pilot, "ж")  # nothing of the game sits there
            await pilot.pause()
            assert any("латиниц" in said for said in notices(app))

    asyncio.run(go())


@pytest.mark.usefixtures("russian")
def test_while_a_color_is_chosen_the_color_letters_are_colors(tmp_path: Path) -> None:
    """In the exchange (у, on e), с is blue again: the color being chosen, not the coach."""
    from orbis_tui.engine import Color, DecisionKind

    match = random_match(
        2, 3, lambda s: s.kind is DecisionKind.TURN and s.player.realm_count[Color.BLUE] >= 3
    )

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await press(pilot, "у")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ExchangeScreen)
            await press(pilot, "с")
            await pilot.pause()
            assert dialog.give is Color.BLUE

    asyncio.run(go())


@pytest.mark.usefixtures("russian")
def test_a_name_keeps_its_cyrillic_letters(tmp_path: Path) -> None:
    """The new-game form's name field takes ф as ф, not as a."""
    from textual.widgets import Input

    from orbis_tui.tui.screens.new_game import NewGameScreen

    async def go() -> None:
        app = OrbisApp(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            field = app.screen.query(Input).first()
            field.focus()
            field.value = ""
            await pilot.pause()
            await pilot.press("ф", "е")
            await pilot.pause()
            assert field.value == "фе"

    asyncio.run(go())


@pytest.mark.usefixtures("russian")
def test_k_on_the_end_screen_opens_the_review(tmp_path: Path) -> None:
    match = random_match(2, 3, lambda s: s.is_over)

    class EndApp(OrbisApp):
        def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual's event
            event.prevent_default()  # not the new-game screen
            self.push_screen(EndScreen(match, self.store))

    async def go() -> None:
        app = EndApp(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            await press(pilot, "к")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            await press(pilot, "escape")  # stop the analysis with the screen

    asyncio.run(go())


def test_the_end_screen_does_nothing_while_the_terminal_is_too_small(tmp_path: Path) -> None:
    """At 60×20 the end screen shows only the size notice: r and n must not act unseen."""
    match = random_match(2, 3, lambda s: s.is_over)

    class EndApp(OrbisApp):
        def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual's event
            event.prevent_default()  # not the new-game screen
            self.push_screen(EndScreen(match, self.store))

    async def go() -> None:
        app = EndApp(tmp_path / "data")
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, EndScreen)
            for key in ("r", "n"):
                await press(pilot, key)
                await pilot.pause()
                assert app.screen is screen, key
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await press(pilot, "r")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            await press(pilot, "escape")

    asyncio.run(go())
