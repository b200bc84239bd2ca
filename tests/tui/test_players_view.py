"""The players view at 80×24: every board shows its whole pyramid, and where three or
four boards and the gods' rules do not fit the screen, the view scrolls and says so."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, press, random_match, screen_text
from textual.containers import VerticalScroll
from textual.pilot import Pilot

from orbis_tui.records import Match
from orbis_tui.tiles import new_game
from orbis_tui.tui.screens.players import BOARD_HEIGHT, PlayersScreen, board_height
from orbis_tui.tui.widgets.pyramid import PyramidView


@asynccontextmanager
async def players_view(match: Match, root: Path) -> AsyncIterator[tuple[TableApp, Pilot]]:
    """The table of ``match`` at 80×24, its players view open."""
    app = TableApp(match, root)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift_curtain(pilot)
        await press(pilot, "p")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
        yield app, pilot


def drawn_tiles(view: PyramidView) -> int:
    """Tiles whose hexes are drawn whole: each has one ╱ on its top line and one on its
    bottom line."""
    lines = [str(view.render_line(y).text) for y in range(view.size.height)]
    return sum(line.count("╱") for line in lines) // 2


@pytest.mark.parametrize("players", [3, 4])
def test_every_board_shows_its_whole_pyramid_and_the_view_scrolls(
    tmp_path: Path, players: int
) -> None:
    match = random_match(players, 8, lambda s: s.turn >= 4 * players and s.current == 0)

    async def go() -> None:
        async with players_view(match, tmp_path) as (app, pilot):
            screen = app.screen
            pyramids = [p.pyramid for p in match.state.players]
            views = list(screen.query(PyramidView))
            assert sum(map(len, pyramids)) >= players  # tiles to show
            for view, pyramid in zip(views, pyramids, strict=True):
                assert view.size.height >= 8  # four rows of the small hexes
                assert drawn_tiles(view) == len(pyramid)
            body = screen.query_one(".players-body", VerticalScroll)
            assert body.max_scroll_y > 0
            assert "↑↓ PgUp/PgDn scroll" in screen_text(app)
            assert "The gods of this game" not in screen_text(app)
            await press(pilot, "end")  # the body has the focus: the keys scroll it
            await pilot.pause()
            assert "The gods of this game" in screen_text(app)

    asyncio.run(go())


def test_two_boards_fit_without_scrolling_and_the_title_says_no_scroll(tmp_path: Path) -> None:
    match = random_match(2, 8, lambda s: s.turn >= 8 and s.current == 0)

    async def go() -> None:
        async with players_view(match, tmp_path) as (app, _pilot):
            text = screen_text(app)
            assert "Every player's universe (p or Escape to close)" in text
            assert "The gods of this game" in text
            for view, player in zip(
                app.screen.query(PyramidView), match.state.players, strict=True
            ):
                assert drawn_tiles(view) == len(player.pyramid)

    asyncio.run(go())


def test_a_board_is_an_equal_share_of_the_screen_but_never_less_than_a_whole_pyramid() -> None:
    assert BOARD_HEIGHT == 11
    assert board_height(24, 2, 9) == 13  # 24 lines: the title, the gods' 9 and their rule
    assert board_height(24, 3, 9) == board_height(24, 4, 2) == BOARD_HEIGHT
    assert board_height(24, 2, 40) == 12  # the gods take at most 45% of the lines
    assert board_height(60, 4, 9) == 24


def test_a_drawing_too_short_for_four_rows_keeps_the_first_row() -> None:
    """The first row is the one every pyramid has: a squeezed drawing loses the top."""
    from orbis_tui.tui.widgets.canvas import Canvas

    state = new_game(["Ada", "Bo"], seed=4, first_player=0)
    while not state.players[0].pyramid:
        state.apply(state.legal_actions()[0])
    view = PyramidView()
    view.show(state.players[0].pyramid)
    canvas = Canvas(30, 3)
    view.draw(canvas)
    drawn = ["".join(row) for row in canvas.chars]
    assert "╱" in drawn[1] and "╱" in drawn[2]


def test_a_view_that_fits_gives_its_heads_the_whole_width(tmp_path: Path) -> None:
    """No scroll bar, no room kept for one: at two players the long head fits in German
    ("… 0 SP jetzt · Gott der Ernte", 39 columns of 80), as it did before the view could
    scroll."""
    from orbis_tui import i18n
    from orbis_tui.engine import parse_action
    from orbis_tui.records.model import setup_for_game

    match = Match.start(setup_for_game(["Spieler 1", "Spieler 2"], 4, 0))
    match.play(parse_action("god harvests"))
    i18n.set_language("de")

    async def go() -> str:
        async with players_view(match, tmp_path) as (app, _pilot):
            return screen_text(app)

    try:
        text = asyncio.run(go())
    finally:
        i18n.set_language("en")
    assert "Spieler 1  0 SP jetzt · Gott der Ernte" in text
