"""Taking and paying at the table: what Enter offers at a payment, the exchange dialog,
a tile nothing pays taken only after a warning, a crowded cell's worshipers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import (
    TableApp,
    lift_curtain,
    press,
    random_match,
    region_words,
    screen_text,
    table,
)
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from orbis_tui.engine import (
    Color,
    DecisionKind,
    GameState,
)
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.controller import Controller
from orbis_tui.tui.widgets.panel import DecisionPanel


def run(app: OrbisApp, scenario, size=(80, 24)) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await lift_curtain(pilot)
            await scenario(pilot)

    asyncio.run(go())


def notices(app: App) -> list[str]:
    return [str(n.message) for n in app._notifications]


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


def test_the_exchange_that_pays_the_tile_says_so_not_a_step(tmp_path: Path) -> None:
    """R-TURN-2: the panel says "1 exchange of 3-for-1 pays it"; the dialog Enter opens
    says the same of that exchange, not "a step toward paying"."""
    from orbis_tui.tui.screens.exchange import ExchangeScreen

    def one_pays(s: GameState) -> bool:
        if not _pay_default_is("exchange", payable=False)(s):
            return False
        ui = Controller()
        ui.reset(s)
        return ui.exchanges_would_pay(s) == 1

    match = random_match(2, 0, one_pays)

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, ExchangeScreen)
        shown = " ".join(screen_text(pilot.app).split())
        assert "then the tile is paid" in shown and "a step toward" not in shown

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


def _cell_2_unpayable_at_the_start(s: GameState) -> bool:
    """The deal of seed 3: nothing pays cell 2's tile, cell 1's is free."""
    from orbis_tui.engine import preview_take

    unpaid = preview_take(s, 1)
    assert unpaid.blocked is None and not unpaid.affordable and unpaid.exchanges_needed is None
    assert preview_take(s, 0).affordable
    return True


def test_the_warning_about_a_cell_goes_when_another_tile_is_taken(tmp_path: Path) -> None:
    """The warning that cell 2's tile would become a wilderness is about that take: once
    another tile is taken, paying for it and placing it show no warning about cell 2,
    while a notice that still applies stays."""
    match = random_match(2, 3, _cell_2_unpayable_at_the_start)

    async def scenario(pilot: Pilot) -> None:
        app = pilot.app
        screen = table(app)
        assert "Cell 2" not in " ".join(notices(app))
        app.notify("kept notice", timeout=30)
        await press(pilot, "2")
        assert screen.match.record.actions == []  # only warned
        assert any("Cell 2" in n for n in notices(app)), notices(app)
        await press(pilot, "1")
        assert screen.match.record.actions == ["take 1"]
        await pilot.pause()
        assert not any("Cell 2" in n for n in notices(app)), notices(app)
        assert "Cell 2" not in screen_text(app)
        assert "kept notice" in notices(app)

    run(TableApp(match, tmp_path), scenario)


@pytest.mark.parametrize("away", [("right",), ("E",), ("right", "left")])
def test_the_warning_about_a_cell_goes_when_the_cursor_leaves_it(
    away: tuple[str, ...], tmp_path: Path
) -> None:
    """Moving the cursor off the warned cell (or choosing a god) takes the warning off the
    screen; the cell's key then warns again before taking it."""
    match = random_match(2, 3, _cell_2_unpayable_at_the_start)

    async def scenario(pilot: Pilot) -> None:
        app = pilot.app
        screen = table(app)
        await press(pilot, "2")
        assert any("Cell 2" in n for n in notices(app)), notices(app)
        await press(pilot, *away)
        await pilot.pause()
        assert not any("Cell 2" in n for n in notices(app)), notices(app)
        assert "Cell 2" not in screen_text(app)
        await press(pilot, "2")
        assert screen.match.record.actions == []  # warned again, not taken
        assert any("Cell 2" in n for n in notices(app)), notices(app)
        await press(pilot, "2")
        assert screen.match.record.actions == ["take 2"]
        assert not any("Cell 2" in n for n in notices(app)), notices(app)

    run(TableApp(match, tmp_path), scenario)
