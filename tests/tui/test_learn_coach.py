"""The coach in a normal game: key c shows what the decision asks and why each dimmed
option is unavailable, with the walkthrough's texts."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import App

from orbis_tui.engine import Color, Exchange
from orbis_tui.i18n import gettext
from orbis_tui.learn import Coach, load_script
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import SaveStore
from orbis_tui.tui import texts_learn
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.widgets.coach_panel import CoachPanel, coach_text

SIZE = (80, 24)


class TableHarness(App[None]):
    CSS_PATH = OrbisApp.CSS_PATH  # the screens' styles are the app's

    def __init__(self, match: Match, root: Path) -> None:
        super().__init__()
        self.match = match
        self.store = SaveStore(root)

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.match, self.store, [Seat("Ada"), Seat("Bo")]))


def a_match() -> Match:
    match = Match.start(setup_for_game(["Ada", "Bo"], seed=11, first_player=0))
    for text in ("take 1", "place 1,0", "take 2", "place 1,0"):
        match.play(_parse(text))
    return match


def _parse(text: str):
    from orbis_tui.engine import parse_action

    return parse_action(text)


def test_the_coach_text_lists_unavailable_options_with_the_walkthrough_texts():
    script = load_script()
    coach = Coach(script)
    match = a_match()
    text = coach_text(coach, match.state).plain
    assert script.phase_text(match.state.kind) in text
    reason = coach.explain(match.state, Exchange(Color.RED, Color.BLUE))
    assert reason is not None and reason.rule == "R-TURN-2"
    # no color has 3 worshipers: the five exchanges are summed up in one line
    assert gettext(texts_learn.COACH_NO_EXCHANGE) in text
    assert "(R-TURN-2)" in text
    rule_text = script.rule_text("R-TURN-2")
    assert rule_text is not None and rule_text in text


def test_key_c_toggles_the_coach_in_place_of_the_log(tmp_path: Path):
    async def scenario() -> None:
        app = TableHarness(a_match(), tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if screen.handing_over:  # the hand-over before the first turn
                await pilot.press("enter")
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            assert not screen.query(CoachPanel)  # built when first asked for
            assert not screen.has_class("-coach")
            await pilot.press("c")
            await pilot.pause()
            assert screen.has_class("-coach")
            panel = screen.query_one(CoachPanel)
            order = [child.id for child in screen.query_one("#right").children]
            assert order.index("coach") == order.index("log") + 1  # in the log's place
            assert panel.region.height > 0
            assert screen.query_one("#log").region.height == 0
            shown = str(panel.query_one("#coach-text").render())
            assert "R-TURN-2" in shown
            # the coach follows the game: move to the pyramid spot decision
            await pilot.press("3")
            await pilot.pause()
            shown = str(panel.query_one("#coach-text").render())
            assert load_script().phase_text(screen.state.kind) in shown
            await pilot.press("c")
            await pilot.pause()
            assert not screen.has_class("-coach")
            assert screen.query_one("#log").region.height > 0

    asyncio.run(scenario())


def test_the_coach_says_what_is_pending_when_the_turn_waits_for_enter(tmp_path: Path):
    from app_driver import TableApp, press

    async def scenario() -> None:
        app = TableApp(a_match(), tmp_path, confirm=True)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if screen.handing_over:
                await press(pilot, "enter")
            await press(pilot, "c", "1")
            for _ in range(10):
                if screen.confirming:
                    break
                await press(pilot, "enter")
            assert screen.confirming
            shown = str(screen.query_one(CoachPanel).query_one("#coach-text").render())
            assert gettext(texts_learn.COACH_TURN_DONE) in shown
            assert load_script().phase_text(screen.state.kind) not in shown
            await press(pilot, "u")  # taken back: the coach explains the decision again
            shown = str(screen.query_one(CoachPanel).query_one("#coach-text").render())
            assert gettext(texts_learn.COACH_TURN_DONE) not in shown

    asyncio.run(scenario())
