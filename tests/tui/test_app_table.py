"""The table shows what the engine knows: warnings before a choice, a turn confirmed
before the refill shows, the history, what computer players did, and keys that say
why they do nothing."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
from pathlib import Path

import pytest
from app_driver import (
    NAMES,
    TableApp,
    lift_curtain,
    press,
    random_match,
    region_words,
    screen_text,
    table,
)
from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from orbis_tui.engine import (
    Color,
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
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.core.settings import Settings, SettingsFile
from orbis_tui.tui.screens.history import HistoryScreen
from orbis_tui.tui.screens.score import ScoreScreen
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.widgets.curtain import HandOverCurtain
from orbis_tui.tui.widgets.info import GameLog
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
        assert "CP now:" in words and "worshipers:" in words
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


# ---------------------------------------------------------------- following the game
def test_the_log_scrolls_and_the_history_lists_every_turn_by_player(tmp_path: Path) -> None:
    match = random_match(3, 2024, lambda s: s.kind is DecisionKind.TURN and s.turn >= 9)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        log = screen.query_one(GameLog)
        await pilot.pause()
        newest = region_words(pilot.app, log)
        assert log.back == 0 and log.can_scroll_back  # at its end, with more above
        await press(pilot, "pageup")
        await pilot.pause()
        assert log.back > 0 and region_words(pilot.app, log) != newest
        assert "PgDn" in region_words(pilot.app, log)  # newer lines wait below
        await press(pilot, "pagedown")
        await pilot.pause()
        assert log.back == 0 and region_words(pilot.app, log) == newest
        await press(pilot, "t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HistoryScreen)
        text = screen_text(pilot.app)
        state = screen.state
        for player in state.players:
            assert player.name in text
        turns = screen.session.history.by_player()
        assert sum(len(t) for t in turns) == 9
        first = turns[0][0]
        assert first.took in text and "CP now:" in text

    run(TableApp(match, tmp_path), scenario)


def _one_person_and_two_computers(monkeypatch: pytest.MonkeyPatch) -> tuple[Match, list[Seat]]:
    """Ada at the keyboard against two computer players who move at once."""
    from orbis_tui.tui.core.seats import bot_levels
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)
    level = bot_levels()[0]
    return Match.start(setup_for_game(NAMES[:3], 9, 0)), [
        Seat("Ada"),
        Seat("Bo", level),
        Seat("Cy", level),
    ]


async def _play_the_first_turn(pilot: Pilot) -> TableScreen:
    """The person's first turn: the tile in cell 1, then Enter until the turn is done."""
    screen = table(pilot.app)
    await press(pilot, "1")
    while screen.state.current == 0 and not screen.confirming:
        await press(pilot, "enter")
    return screen


def test_one_person_sees_what_the_computers_did_without_passing_the_keyboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the setting that asks for it (off by default: see the next test)."""
    match, seats = _one_person_and_two_computers(monkeypatch)

    async def scenario(pilot: Pilot) -> None:
        screen = await _play_the_first_turn(pilot)
        for _ in range(1500):  # up to 30 s on a loaded machine; usually a fraction of that
            if screen.handing_over:
                break
            await pilot.pause(0.02)
        assert screen.handing_over and screen.state.current == 0
        await pilot.pause()  # the curtain drawn (later on a busy machine)
        await pilot.pause()
        curtain = screen_text(pilot.app)
        assert "Bo took" in curtain and "Cy took" in curtain and "CP now:" in curtain
        assert "Pass the keyboard" not in curtain
        assert gettext(texts_screens.HANDOVER_PLAY) in curtain
        assert screen.query_one(HandOverCurtain).has_class("-shown")

    app = TableApp(match, tmp_path, seats)
    app.settings.handover_alone = True
    run(app, scenario)


def test_one_person_against_the_computer_gets_no_curtain_every_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, seats = _one_person_and_two_computers(monkeypatch)

    async def scenario(pilot: Pilot) -> None:
        screen = await _play_the_first_turn(pilot)
        for _ in range(1500):  # up to 30 s on a loaded machine; usually a fraction of that
            if screen.state.current == 0 and screen.state.turn > 1:
                break
            await pilot.pause(0.02)
        await pilot.pause()
        assert screen.state.current == 0 and not screen.handing_over
        log = " ".join(screen.session.logbook.lines())
        assert "Bo took" in log and "Cy took" in log  # what they did is told all the same

    run(TableApp(match, tmp_path, seats), scenario)


def test_cp_now_opens_a_breakdown(tmp_path: Path) -> None:
    match = random_match(2, 31, lambda s: s.kind is DecisionKind.TURN and s.turn >= 14)

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "v")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ScoreScreen)
        text = screen_text(pilot.app)
        assert (
            gettext(texts_screens.SCORE_NOW) in text
            and gettext(texts_screens.SCORE_PROJECTED) in text
        )
        assert "temple token" in text

    run(TableApp(match, tmp_path), scenario)


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


# ---------------------------------------------------------------- settings and seats
def test_settings_persist_in_the_config_folder(tmp_path: Path) -> None:
    match = Match.start(setup_for_game(NAMES[:2], 5, 0))

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "s")
        await pilot.pause()
        await press(pilot, "tab", "tab", "right")  # computer pace: one step faster
        await press(pilot, "escape")

    run(TableApp(match, tmp_path), scenario)
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["pace"] == "fast"
    assert SettingsFile(tmp_path / "config").load().pace == "fast"
    assert Settings.from_dict({"pace": "warp", "confirm_turn": "yes"}) == Settings()


def test_a_settings_file_that_cannot_be_used_is_told_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    os.mkfifo(tmp_path / "config" / "settings.json")  # read, it would wait forever

    async def go() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            said = " ".join(notices(app))
            assert "settings.json was not used (not a regular file (a pipe))" in said
            await press(pilot, "enter")  # the new-game screen starts a game as usual
            await lift_curtain(pilot)
            await press(pilot, "1")
            if table(app)._wilderness_warned is not None:  # the deal's cell 1: nothing pays it
                await press(pilot, "1")  # the second press takes it
            assert table(app).match.record.actions == ["take 1"]

    asyncio.run(go())


def test_a_failing_computer_player_hands_its_seat_to_a_person(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.tui.core.settings import PACES

    monkeypatch.setitem(PACES, "normal", 0.0)
    match = Match.start(setup_for_game(NAMES[:2], 5, 1))  # Bo starts

    class Broken:
        def choose(self, state: GameState) -> object:
            raise RuntimeError("out of ideas")

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        for _ in range(500):
            if screen.seat.human:
                break
            await pilot.pause(0.02)
        assert screen.seat.human and screen.state.current == 1
        assert any("out of ideas" in n for n in notices(pilot.app))
        assert screen.match.record.actions == []  # nothing lost; the game goes on by hand
        await lift_curtain(pilot)
        await press(pilot, "1")
        assert screen.match.record.actions == ["take 1"]

    import orbis_tui.tui.bot_driver as driver_module

    app = TableApp(match, tmp_path, [Seat("Ada"), Seat("Bo", "easy")])
    monkeypatch.setattr(driver_module, "make_bot", lambda level, seed, seat: Broken())
    run(app, scenario)


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


def _pay_default_is(default: str, payable: bool):
    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PAY:
            return False
        ui = Controller()
        ui.reset(s)
        return ui.pay_default(s) == default and ui.payable(s) == payable

    return wanted


def test_enter_offers_the_exchange_that_pays_rather_than_a_wilderness(tmp_path: Path) -> None:
    """R-TURN-2, R-TAKE-3: when exchanges pay the tile, Enter is not 'Wilderness'."""
    from orbis_tui.tui.screens.exchange import ExchangeScreen

    match = random_match(2, 0, _pay_default_is("exchange", payable=False))

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        keybar = screen_text(pilot.app).splitlines()[-1]
        assert f"⏎ {texts.KEY['exchange_now']}" in keybar and "Wilderness" in keybar
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ExchangeScreen)
        assert screen.match.record.actions[-1] != "wild"
        suggested = pilot.app.screen.suggested
        assert suggested is not None and "⏎" in screen_text(pilot.app)
        needed = screen.ui.exchanges_would_pay(screen.state)
        await press(pilot, "enter")  # makes the suggested exchange
        await pilot.pause()
        assert screen.match.record.actions[-1].startswith("exchange")
        assert screen.state.player.realm_count[suggested.get] >= 1
        assert screen.ui.exchanges_would_pay(screen.state) == needed - 1 or screen.ui.payable(
            screen.state
        )

    run(TableApp(match, tmp_path), scenario)


def test_enter_keeps_the_worshipers_when_paying_would_be_lost(tmp_path: Path) -> None:
    """R-TAKE-4: a tile with no spot for its color is left unpaid by Enter; y pays anyway."""
    match = random_match(2, 9, _pay_default_is("wild", payable=True))

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        assert "payment is lost" in words
        keybar = screen_text(pilot.app).splitlines()[-1]
        assert "⏎ Wilderness" in keybar and texts.KEY["pay_anyway"] in keybar
        realm = list(screen.state.player.realm)
        await press(pilot, "enter")
        assert screen.match.record.actions[-1] == "wild"
        assert list(screen.state.player.realm) == realm  # nothing paid, nothing lost

    run(TableApp(match, tmp_path), scenario)


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
        for heading, _text, _refs in texts_help.HELP_GUIDE:
            assert heading in help_text
        assert name_of(god) in help_text and " ".join(summary_of(god).split()[:4]) in help_text

    run(TableApp(match, tmp_path), scenario)


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


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_exchange_dialog_keeps_each_line_whole_at_80x24(lang: str, tmp_path: Path) -> None:
    """R-TURN-2: once the color to give is chosen, its question and each of the five
    colors to get stay on a line of their own (the same color's refusal once wrapped,
    leaving 'color.' alone on a line)."""
    from orbis_tui import i18n
    from orbis_tui.tui import chips
    from orbis_tui.tui.screens.exchange import ExchangeScreen

    i18n.set_language(lang)
    match = random_match(2, 0, _pay_default_is("exchange", payable=False))

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "e")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, ExchangeScreen)
        give = next(c for c in range(5) if match.state.player.realm_count[c] >= 3)
        await press(pilot, chips.KEYS[give])
        await pilot.pause()
        body = dialog.query_one("#exchange-body", Static)
        region = body.content_region
        rows = screen_text(pilot.app).splitlines()[region.y : region.bottom]
        lines = [row[region.x : region.right].rstrip() for row in rows]
        assert lines[0].strip() and not lines[1].strip(), lines  # the realm, a blank line
        assert lines[2].endswith(")"), lines  # the question, whole on its line
        options = lines[3:8]
        assert all(line.startswith("  ") and line.strip() for line in options), lines
        assert not "".join(lines[8:]).strip(), lines  # nothing wrapped below
        assert gettext(texts_screens.EXCHANGE_SAME) in options[give], lines

    run(TableApp(match, tmp_path), scenario)


def _cell_unpayable(cell: int):
    from orbis_tui.engine import preview_take

    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.TURN or s.must_take_god() or s.turn < 6:
            return False
        preview = preview_take(s, cell)
        return (
            preview.blocked is None and not preview.affordable and preview.exchanges_needed is None
        )

    return wanted


@pytest.mark.parametrize("keys", [("enter",), ("5",)])
def test_a_tile_nothing_pays_is_taken_only_after_a_warning(
    keys: tuple[str, ...], tmp_path: Path
) -> None:
    """R-TAKE-3, R-END-2: Enter (or the cell's digit) on a tile that no payment, not even
    an exchange, pays, first warns that it would become a wilderness; pressed again, it
    takes the tile."""
    match = random_match(2, 3, _cell_unpayable(4))

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        assert screen.ui.cursor == 4
        actions = list(screen.match.record.actions)
        await press(pilot, *keys)
        assert screen.match.record.actions == actions  # nothing taken yet
        said = [n.message for n in pilot.app._notifications]
        assert any("wilderness" in m and "Cell 5" in m and "-1 CP" in m for m in said), said
        await press(pilot, *keys)
        assert screen.match.record.actions == [*actions, "take 5"]  # cells count from 1
        assert screen.state.kind is DecisionKind.PAY

    run(TableApp(match, tmp_path), scenario)


def test_a_tile_one_can_pay_is_taken_at_once(tmp_path: Path) -> None:
    from orbis_tui.engine import preview_take

    match = random_match(2, 3, lambda s: s.kind is DecisionKind.TURN and s.turn >= 6)
    cell = next(c for c in range(9) if preview_take(match.state, c).affordable)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        await press(pilot, str(cell + 1))
        assert screen.match.record.actions[-1] == f"take {cell + 1}"

    run(TableApp(match, tmp_path), scenario)


def test_a_crowded_cell_s_worshipers_are_listed_by_color_once_it_is_selected(
    tmp_path: Path,
) -> None:
    """R-TAKE-2: a cell too narrow for its worshipers shows their number, 5●; selected,
    the panel lists them by color, the ones its take would collect."""
    from orbis_tui.tui import chips

    def crowded(s: GameState) -> bool:
        return s.kind is DecisionKind.TURN and any(
            sum(w) >= 5 and sum(1 for n in w if n) >= 3 for w in s.market_worshipers
        )

    match = random_match(2, 11, crowded)
    state = match.state
    cell = next(
        c
        for c, w in enumerate(state.market_worshipers)
        if sum(w) >= 5 and sum(1 for n in w if n) >= 3
    )

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        assert f"{sum(state.market_worshipers[cell])}●" in screen_text(pilot.app)
        row, col = divmod(cell, 3)
        keys = ["up"] * (1 - row) + ["down"] * (row - 1) + ["left"] * (1 - col)
        await press(pilot, *keys, *["right"] * (col - 1))
        assert screen.ui.cursor == cell
        await pilot.pause()
        words = region_words(pilot.app, screen.query_one(DecisionPanel))
        for color, count in enumerate(state.market_worshipers[cell]):
            if count:
                assert f"{count}{chips.letter(Color(color))}" in words, words

    run(TableApp(match, tmp_path), scenario)
