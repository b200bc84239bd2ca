"""The table shows what the engine knows: warnings before a choice, a turn confirmed
before the refill shows, and keys that say why they do nothing. What the computers did
and the settings: ``test_app_table_seats.py``; taking and paying:
``test_app_table_paying.py``."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path

from app_driver import (
    NAMES,
    TableApp,
    lift_curtain,
    play_turn_keys,
    press,
    random_match,
    region_words,
    table,
)
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from orbis_tui.engine import (
    DecisionKind,
    GameState,
    Place,
    TakeTile,
    TurnEnded,
    VolcanoFails,
    geometry,
)
from orbis_tui.i18n import gettext
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui import texts, texts_help, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.controller import Controller
from orbis_tui.tui.widgets.market import MarketBoard
from orbis_tui.tui.widgets.panel import DecisionPanel
from orbis_tui.tui.widgets.pyramid import PyramidView
from orbis_tui.tui.widgets.supply import SupplyBar
from orbis_tui.words import name_of, summary_of


def run(app: OrbisApp, scenario, size=(80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await lift_curtain(pilot)
            await scenario(pilot)

    asyncio.run(go())


def notices(app: App) -> list[str]:
    return [str(n.message) for n in app._notifications]


# ---------------------------------------------------------------- warnings
def test_a_warned_take_is_marked_on_the_market_and_explained_in_the_panel(tmp_path: Path) -> None:
    """R-EFF-VOLCANO: the volcano's cancellation is told before the tile is taken."""

    def wanted(s: GameState) -> bool:
        return s.kind is DecisionKind.TURN and any(
            any(isinstance(w, VolcanoFails) for w in o.warnings) for o in s.decision.options
        )

    match = random_match(2, 0, wanted, frozen=True)
    option = next(
        o
        for o in match.state.decision.options
        if any(isinstance(w, VolcanoFails) for w in o.warnings)
    )
    assert isinstance(option.action, TakeTile)
    cell = option.action.cell

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        market = screen.query_one(MarketBoard)
        assert market.view is not None and cell in market.view.warned
        screen.ui.select_cell(cell)
        screen.changed()
        await pilot.pause()
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert "The volcano will be canceled" in words

    run(TableApp(match, tmp_path), scenario)


def test_a_warned_spot_is_marked_in_the_pyramid_and_explained(tmp_path: Path) -> None:
    """R-EFF-IRRIGATION: a spot where the irrigation has no water is marked and told."""

    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PLACE or s.take is None or s.take.wild:
            return False
        return s.take.tile.effect.kind.value == "irrigation" and any(
            o.loses_value for o in s.decision.legal_options
        )

    match = random_match(2, 5, wanted, frozen=True)
    warned = [
        (o.action.row, o.action.col)
        for o in match.state.decision.legal_options
        if isinstance(o.action, Place) and not o.action.wild and o.loses_value
    ]

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        view = screen.query_one(PyramidView).view
        assert view is not None and set(warned) <= set(view.warned)
        here = screen.ui.current_spot(screen.state)
        assert here is not None and (here.row, here.col) not in warned  # the default keeps it
        screen.ui.select_spot(screen.state, *warned[0])
        screen.changed()
        await pilot.pause()
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert "The irrigation will be canceled" in words

    run(TableApp(match, tmp_path), scenario)


def test_moving_between_spots_is_spatial_and_never_jumps_back() -> None:
    """Right always goes right, left always left, up always to a higher row."""
    rng = random.Random(4)
    checked = 0
    for game in range(5):
        match = Match.start(setup_for_game(NAMES[:2], 40 + game, 0))
        ui = Controller()
        while not match.state.is_over:
            state = match.state
            if state.kind is DecisionKind.PLACE:
                ui.reset(state)
                base = geometry.display_offset(state.player.pyramid)

                def x(p: Place, base: int = base) -> int:
                    return 2 * (p.col - base) + (p.row - 1)

                for direction in ("right", "left", "up", "down"):
                    ui.reset(state)
                    here = ui.current_spot(state)
                    for _ in range(8):
                        ui.move_spot(state, direction)
                        there = ui.current_spot(state)
                        assert here is not None and there is not None
                        if there == here:
                            break
                        checked += 1
                        if direction == "right":
                            assert x(there) > x(here)
                        elif direction == "left":
                            assert x(there) < x(here)
                        elif direction == "up":
                            assert there.row > here.row
                        else:
                            assert there.row < here.row
                        here = there
            match.play(rng.choice(state.decision_actions()))
    assert checked > 50


# ---------------------------------------------------------------- the turn confirmation
def _placing() -> Match:
    return random_match(
        2,
        7,
        lambda s: (
            s.kind is DecisionKind.PLACE and s.turn >= 8 and s.take is not None and not s.take.wild
        ),
    )


def _ends_turn(match: Match) -> bool:
    state = match.state.copy()
    here = Controller()
    here.reset(match.state)
    action = here.confirm(match.state)
    assert action is not None
    return any(isinstance(e, TurnEnded) for e in state.apply(action))


def test_the_turn_waits_for_enter_before_the_refill_shows(tmp_path: Path) -> None:
    match = _placing()
    assert _ends_turn(match)
    taken = match.state.take
    assert taken is not None

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        actions = list(screen.match.record.actions)
        await press(pilot, "enter")  # place: the last decision of the turn
        assert screen.confirming
        assert screen.match.record.actions == actions  # nothing committed, nothing saved
        pending = screen.session.pending
        assert pending is not None and pending.hidden_cells
        market = screen.query_one(MarketBoard).view
        assert market is not None and set(pending.hidden_cells) <= set(market.hidden)
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert "CP: " in words and "worshipers:" in words
        await press(pilot, "u")  # drops the pending placement: choose again
        assert not screen.confirming and screen.state.kind is DecisionKind.PLACE
        await press(pilot, "enter", "enter")  # place again, then end the turn
        assert not screen.confirming
        assert len(screen.match.record.actions) == len(actions) + 1
        assert screen.state.current != taken and screen.handing_over

    run(TableApp(match, tmp_path, confirm=True), scenario)


def test_the_pile_count_drops_only_when_the_take_is_confirmed(tmp_path: Path) -> None:
    """R-TAKE-7: the refill is drawn from a pile at the end of the turn; while the turn
    waits for Enter, the piles beside the market still count the tile not yet shown."""
    match = _placing()
    before = match.state.pile_sizes()

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        supply = screen.query_one(SupplyBar)
        assert supply.view is not None and supply.view.piles == before
        await press(pilot, "enter")  # place: the turn waits for confirmation
        assert screen.confirming
        assert screen.session.shown.pile_sizes() != before  # the copy has drawn its refill
        assert supply.view.piles == before
        await press(pilot, "enter")  # confirmed: the refill shows, the pile drops
        assert not screen.confirming
        assert sum(supply.view.piles) == sum(before) - 1

    run(TableApp(match, tmp_path, confirm=True), scenario)


def test_turn_confirmation_can_be_turned_off(tmp_path: Path) -> None:
    match = _placing()

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        turn = screen.state.turn
        await press(pilot, "enter")
        assert not screen.confirming and screen.state.turn == turn + 1

    run(TableApp(match, tmp_path, confirm=False), scenario)


def test_the_last_turn_of_the_game_is_confirmed_too(tmp_path: Path) -> None:
    from orbis_tui.tui.screens.end import EndScreen

    def ends_the_game(s: GameState) -> bool:
        if s.is_over:
            return False
        ui = Controller()
        ui.reset(s)
        action = ui.confirm(s)
        if action is None or s.why_not(action) is not None:
            return False
        trial = s.copy()
        trial.apply(action)
        return trial.is_over

    match = random_match(2, 31, ends_the_game)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        await press(pilot, "enter")
        assert screen.confirming and not screen.state.is_over
        assert not isinstance(pilot.app.screen, EndScreen)
        await press(pilot, "enter")
        await pilot.pause()
        assert screen.match.state.is_over
        assert isinstance(pilot.app.screen, EndScreen)

    run(TableApp(match, tmp_path, confirm=True), scenario)


# ---------------------------------------------------------------- keys that do nothing
def test_a_key_that_does_nothing_now_says_why(tmp_path: Path) -> None:
    match = Match.start(setup_for_game(NAMES[:2], 5, 0))

    async def scenario(pilot: Pilot) -> None:
        app = pilot.app
        await press(pilot, "e")  # nobody has 3 worshipers of a color yet
        await press(pilot, "r")  # nothing asks for a color at the start of a turn
        await pilot.pause()
        said = notices(app)
        assert (
            gettext(texts_screens.IDLE_EXCHANGE) in said
            and gettext(texts_screens.IDLE_COLOR) in said
        )

    run(TableApp(match, tmp_path), scenario)


def test_a_market_key_on_a_turn_that_must_take_a_god_says_why(tmp_path: Path) -> None:
    """R-TURN-1: on the last turn without a god, a market key explains itself."""
    match = random_match(
        2, 21, lambda s: s.kind is DecisionKind.TURN and s.must_take_god(), avoid_gods=True
    )

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        actions = list(screen.match.record.actions)
        await press(pilot, "3")
        await pilot.pause()
        assert gettext(texts_screens.IDLE_MUST_GOD) in notices(pilot.app)
        assert screen.match.record.actions == actions

    run(TableApp(match, tmp_path), scenario)


# ---------------------------------------------------------------- what the panel says
def test_a_god_under_the_cursor_is_described_and_help_explains_cells_and_gods(
    tmp_path: Path,
) -> None:
    from orbis_tui.tui.core.describe import GOD_KEYS

    match = Match.start(setup_for_game(NAMES[:2], 5, 0))
    god = match.state.catalog.god_by_id[match.state.gods_available[0]]

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        await press(pilot, GOD_KEYS[god.id])
        await pilot.pause()
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert name_of(god) in words and " ".join(summary_of(god).split()[:5]) in words
        await press(pilot, "question_mark")
        await pilot.pause()
        console = Console(width=78, file=io.StringIO(), record=True)
        console.print(pilot.app.screen.query_one("#help-body Static", Static).content)
        help_text = " ".join(console.export_text().split())
        for drawing, _meaning in texts_help.HELP_CELL:
            assert " ".join(drawing.split()) in help_text
        # what the cell's marks mean: ! in its corner, ● and a crowded cell's 5●
        assert "! in the corner" in help_text and "5●" in help_text
        assert " ".join(gettext(texts_help.HELP_CELL_CROWDED).split()) in help_text
        # the players' list's marks: "Death×" in it is a canceled god, "5w" the worshipers
        assert "× after a god's name a canceled god" in help_text and "5w the" in help_text
        for heading, _text, _refs in texts_help.HELP_GUIDE:
            assert heading in help_text
        assert name_of(god) in help_text and " ".join(summary_of(god).split()[:4]) in help_text

    run(TableApp(match, tmp_path), scenario)


def _panel_overflows_with_a_warning_last(state: GameState) -> bool:
    from rich.console import Console

    from orbis_tui.tui.core.controller import Controller
    from orbis_tui.tui.widgets.panel import panel_lines

    if state.kind is not DecisionKind.PAY:
        return False
    ui = Controller()
    ui.reset(state)
    lines = panel_lines(state, ui, None)
    console = Console(width=200)
    tall = sum(len(line.wrap(console, 41)) for line in lines) > 6
    said = [row for line in lines[2:] for row in line.plain.split("\n")]
    return tall and not said[-1].startswith("!") and any(row.startswith("!") for row in said)


def test_a_crowded_decision_panel_keeps_every_warning_and_says_what_it_left_out(
    tmp_path: Path,
) -> None:
    """Never hide a warning: at 80×24 a panel with more lines than room drops the
    least needed ones (never a warning) and says the coach (c) shows them."""
    from orbis_tui.tui.core.controller import Controller
    from orbis_tui.tui.widgets.panel import panel_lines

    match = random_match(2, 11, _panel_overflows_with_a_warning_last)
    ui = Controller()
    ui.reset(match.state)
    rows = [row for line in panel_lines(match.state, ui, None) for row in line.plain.split("\n")]
    warnings = [row for row in rows if row.startswith("!")]

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        for warning in warnings:
            assert " ".join(warning.split()) in words
        assert gettext(texts.PANEL_MORE_COACH) in words

    run(TableApp(match, tmp_path), scenario)


def test_the_hand_over_curtain_is_not_covered_by_the_last_players_notices(tmp_path: Path) -> None:
    """A notice shown during one player's turn (a warning, a refusal) is theirs: once the
    curtain hands the keyboard over, it is gone, and the curtain's lines are whole."""
    match = random_match(2, 3, lambda s: s.kind is DecisionKind.TURN and s.turn >= 2)
    rng = random.Random(3)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        first = screen.state.current
        pilot.app.notify("a notice of this turn")
        await pilot.pause()
        assert notices(pilot.app)
        for _ in range(40):
            if screen.handing_over:
                break
            if screen.confirming:
                await press(pilot, "enter")
            else:
                await play_turn_keys(pilot, rng)
        assert screen.handing_over and screen.state.current != first
        assert notices(pilot.app) == []

    run(TableApp(match, tmp_path), scenario)
