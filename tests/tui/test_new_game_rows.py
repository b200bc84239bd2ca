"""The new-game screen's seats, from the keyboard at 80×24: the focused field shows
without color (a choice's arrows, a text field underlined, the row's marker), and Up
and Down go to the same field of the row above or below, as the key bar and the help
line under the form say."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from app_driver import screen_text
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from orbis_tui import i18n
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.screens.new_game import FOCUS_MARK, NewGameScreen
from orbis_tui.tui.widgets.choice import Choice


def _line(app: OrbisApp, widget: Widget) -> str:
    return screen_text(app).splitlines()[widget.region.y]


def _underlined(app: OrbisApp, widget: Widget) -> bool:
    """Whether every cell the widget shows is underlined (an attribute, not a color)."""
    strip = app.screen._compositor.render_strips()[widget.region.y]
    seen, x = [], 0
    for segment in strip:
        end = x + segment.cell_length
        if end > widget.region.x and x < widget.region.right:
            seen.append(bool(segment.style is not None and segment.style.underline))
        x = end
    return bool(seen) and all(seen)


async def _settled(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


Check = Callable[[OrbisApp, NewGameScreen, Pilot[None]], Awaitable[None]]


def _run(tmp_path: Path, language: str, check: Check) -> None:
    i18n.set_language(language)

    async def go() -> None:
        app = OrbisApp(tmp_path / "data")
        async with app.run_test(size=(80, 24)) as pilot:
            await _settled(pilot)
            assert isinstance(app.screen, NewGameScreen)
            await check(app, app.screen, pilot)

    try:
        asyncio.run(go())
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_focused_field_of_a_seat_shows_without_color(tmp_path: Path, language: str) -> None:
    async def check(app: OrbisApp, screen: NewGameScreen, pilot: Pilot[None]) -> None:
        name1, name2 = screen.query_one("#name1"), screen.query_one("#name2")
        kind1, hints1 = screen.query_one("#kind1"), screen.query_one("#hints1")
        for field in (kind1, hints1):
            field.focus()
            await _settled(pilot)
            seat1, seat2 = _line(app, kind1), _line(app, screen.query_one("#kind2"))
            # the focused choice alone has its arrows, and its row the marker
            assert seat1.count("‹") == 1 and seat1.count("›") == 1, seat1
            shown = seat1[field.region.x : field.region.right]
            assert "‹" in shown and "›" in shown, (shown, seat1)
            assert seat1.lstrip().startswith(FOCUS_MARK.strip()), seat1
            assert "‹" not in seat2 and not seat2.lstrip().startswith(FOCUS_MARK.strip())
            assert not _underlined(app, name1)
        name1.focus()
        await _settled(pilot)
        seat1 = _line(app, name1)
        assert "‹" not in seat1 and seat1.lstrip().startswith(FOCUS_MARK.strip()), seat1
        assert _underlined(app, name1) and not _underlined(app, name2)
        assert not _underlined(app, screen.query_one("#seed"))

    _run(tmp_path, language, check)


@pytest.mark.parametrize("language", ["en", "de"])
def test_up_and_down_go_to_the_same_field_of_the_next_row(tmp_path: Path, language: str) -> None:
    async def check(app: OrbisApp, screen: NewGameScreen, pilot: Pilot[None]) -> None:
        bar = screen_text(app).splitlines()[-1]
        assert f"↑↓ {gettext(texts.KEY['row'])}" in bar, bar
        keys = " ".join(str(screen.query_one("#keys", Static).content).split())
        assert keys == " ".join(gettext(texts_screens.NEW_KEYS).split()) and "↑↓" in keys

        async def press(key: str) -> str | None:
            await pilot.press(key)
            await _settled(pilot)
            return app.focused.id if app.focused is not None else None

        assert app.focused is not None and app.focused.id == "count"
        screen.query_one("#count", Choice).value = 1  # three seats
        await _settled(pilot)
        assert [await press("down") for _ in range(3)] == ["name1", "name2", "name3"]
        assert await press("tab") == "kind3"
        assert [await press("up") for _ in range(2)] == ["kind2", "kind1"]
        assert await press("tab") == "hints1"
        assert await press("down") == "hints2"
        screen.query_one("#kind3", Choice).value = 1  # a computer: no hints to set
        await _settled(pilot)
        assert await press("down") == "kind3"  # the nearest field of that row
        assert await press("down") == "first"  # a row of one field
        assert [await press("down") for _ in range(4)] == ["seed", "start", "apart", "learn"]
        assert await press("down") == "learn"  # the last row: the focus stays
        assert [await press("up") for _ in range(4)] == ["apart", "start", "seed", "first"]
        assert await press("up") == "name3"  # the field in the same column
        assert await press("tab") == "kind3"
        assert [await press("up") for _ in range(3)] == ["kind2", "kind1", "count"]
        assert await press("down") == "name1"

    _run(tmp_path, language, check)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_the_help_line_fits_one_line_at_80_columns(tmp_path: Path, language: str) -> None:
    """The line under the form says, in one line at 80 columns, what the key bar does
    not: Tab, where Up and Down go, and that Enter starts; the key bar says the rest
    (Ctrl+S starts, ? help, q quit)."""

    async def check(app: OrbisApp, screen: NewGameScreen, pilot: Pilot[None]) -> None:
        keys = screen.query_one("#keys", Static)
        line = _line(app, keys).strip()
        assert keys.region.height == 1 and line == gettext(texts_screens.NEW_KEYS), line
        assert all(key in line for key in ("Tab", "↑↓", "Enter")), line
        bar = screen_text(app).splitlines()[-1]
        for key, word in (("?", "help"), ("q", "quit"), ("↑↓", "row")):
            assert f"{key} {gettext(texts.KEY[word])}" in bar, bar
        assert gettext(texts.KEY["start"]) in bar, bar

    _run(tmp_path, language, check)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_a_focused_rows_label_keeps_a_space_before_its_choice(
    tmp_path: Path, language: str
) -> None:
    """'▸ Who starts‹ [at random]' ran the label into the arrow: each label of the form
    keeps a blank column before its field."""

    async def check(app: OrbisApp, screen: NewGameScreen, pilot: Pilot[None]) -> None:
        for field in ("count", "first"):
            screen.query_one(f"#{field}").focus()
            await _settled(pilot)
            line = _line(app, screen.query_one(f"#{field}"))
            assert " ‹" in line and line[line.index("‹") - 1] == " ", line
            label = line.split("‹")[0].strip()
            assert label.startswith(FOCUS_MARK.strip()) and "…" not in label, line

    _run(tmp_path, language, check)
