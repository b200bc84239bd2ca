"""The settings dialog read without color, at 80×24: each row's value stands between
brackets, and the focused row alone has the arrows ‹ › (as on the new-game screen)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from app_driver import TableApp, lift_curtain, press, random_match, screen_text

from orbis_tui.tui.screens.settings import SettingsScreen
from orbis_tui.tui.widgets.choice import Choice


def _shown(app: TableApp, choice: Choice) -> str:
    """What the choice shows on screen now, as plain text."""
    line = screen_text(app).splitlines()[choice.region.y]
    return line[choice.region.x : choice.region.right]


def _bracketed(app: TableApp, choice: Choice) -> list[str]:
    return re.findall(r"\[(.+?)\]", _shown(app, choice))


def test_each_rows_value_and_the_focused_row_show_without_color(tmp_path: Path) -> None:
    async def go() -> None:
        app = TableApp(random_match(2, 4, lambda s: s.turn >= 2), tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await press(pilot, "s")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            choices = list(screen.query(Choice).results())
            assert [c.id for c in choices] == [
                "look", "confirm", "pace", "handover", "review-ahead", "language"
            ]  # fmt: skip
            for focused in choices:
                focused.focus()
                await pilot.pause()
                for choice in choices:
                    shown = _shown(app, choice)
                    assert _bracketed(app, choice) == [choice.options[choice.value]], shown
                    assert ("‹" in shown and "›" in shown) == (choice is focused), shown
                    assert ("‹" in shown or "›" in shown) == (choice is focused), shown
            pace = screen.query_one("#pace", Choice)
            pace.focus()
            await pilot.pause()
            before = pace.value
            await press(pilot, "right")
            await pilot.pause()
            assert pace.value == before + 1  # the value changed, and its brackets with it
            assert _bracketed(app, pace) == [pace.options[before + 1]], _shown(app, pace)

    asyncio.run(go())
