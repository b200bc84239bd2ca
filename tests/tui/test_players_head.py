"""The players view at 80×24: each board's first line (name, computer level, CP, god)
fits its column in every language, in a shorter form where the long one would be cut
("4 SP jet…")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, press, random_match

from orbis_tui import i18n
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.screens.players import PlayersScreen


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_every_board_head_fits_at_80_columns(tmp_path: Path, lang: str) -> None:
    match = random_match(
        4, 7, lambda s: sum(p.god is not None for p in s.players) >= 2 and s.current == 0
    )
    seats = [Seat("Ada"), Seat("Bo", "hard"), Seat("Cy", "expert"), Seat("Dee", "easy")]
    i18n.set_language(lang)

    async def go() -> list[str]:
        app = TableApp(match, tmp_path, seats)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await press(pilot, "p")
            await pilot.pause()
            assert isinstance(app.screen, PlayersScreen)
            heads = app.screen.query(".board-head").results()
            return [
                line
                for widget in heads
                for line in [" ".join(str(widget.render_line(0).text).split())]
                if widget.region.y == heads_first_line(widget)
            ]

    try:
        shown = asyncio.run(go())
    finally:
        i18n.set_language("en")
    assert shown and not [line for line in shown if "…" in line], shown


def heads_first_line(widget) -> int:
    """The row of a board's first head line (its second holds the realm)."""
    return widget.parent.region.y + 1
