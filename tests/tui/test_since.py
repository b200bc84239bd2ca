"""At the start of a turn the player can read every turn played since their own, in
full and scrolling (d, on the hand-over curtain and at the table)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app_driver import TableApp, lift_curtain, press, random_match, region_words, table

from orbis_tui.engine import DecisionKind
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts
from orbis_tui.tui.screens.since import SinceScreen


def test_d_lists_every_turn_since_the_players_last_one_from_the_curtain(tmp_path: Path) -> None:
    match = random_match(3, 5, lambda s: s.kind is DecisionKind.TURN and s.turn > 6)

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            seat = screen.state.current
            for _ in range(30):  # Enter answers each decision of the turn with its default
                if screen.handing_over:
                    break
                await press(pilot, "enter")
            assert screen.handing_over
            nxt = screen.state.current
            assert nxt != seat
            shown = screen.query_one("#curtain")
            for _ in range(100):  # until the curtain is laid out
                if shown.content_region.area:
                    break
                await pilot.pause()
            curtain = region_words(pilot.app, shown)
            assert gettext(texts.HANDOVER_SINCE_KEY) in curtain
            turns = screen.session.history.since_turn_of(nxt)
            assert len(turns) == 2  # the two others played since (3 players)
            await press(pilot, "d")
            since = pilot.app.screen
            assert isinstance(since, SinceScreen)
            await pilot.pause()
            text = str(since.query_one("#since-text").render())
            for turn in turns:
                assert turn.headline in text
                for line in turn.effects:
                    assert line in text
            await press(pilot, "escape")
            assert pilot.app.screen is screen and screen.handing_over

    asyncio.run(go())


def test_d_says_why_when_nobody_played_since(tmp_path: Path) -> None:
    match = random_match(2, 1, lambda s: True)  # the first turn of the game

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            await press(pilot, "d")
            assert pilot.app.screen is screen
            said = [str(n.message) for n in pilot.app._notifications]
            assert gettext(texts.IDLE_SINCE) in said

    asyncio.run(go())
