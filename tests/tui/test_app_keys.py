"""Keys and clicks: each decision answered by keyboard (or mouse), with the engine's
reasons shown for what cannot be done and only the possible keys listed."""

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
from textual.pilot import Pilot

from orbis_tui.engine import DecisionKind, EffectKind, Exchange, GameState, Pay, Place
from orbis_tui.i18n import gettext
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui import texts
from orbis_tui.tui.core.controller import Pick
from orbis_tui.tui.core.describe import GOD_KEYS, phase_line
from orbis_tui.tui.screens.exchange import ExchangeScreen
from orbis_tui.tui.screens.players import PlayersScreen
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.widgets.market import MarketBoard
from orbis_tui.tui.widgets.panel import DecisionPanel
from orbis_tui.tui.widgets.pyramid import PyramidView
from orbis_tui.tui.widgets.supply import SupplyBar
from orbis_tui.words import message_of, name_of


def pick_of(screen: TableScreen) -> Pick:
    """The worshipers being chosen at the table."""
    pick = screen.ui.pick
    assert pick is not None
    return pick


def run(match: Match, root: Path, scenario, size=(80, 24)) -> None:
    async def go() -> None:
        app = TableApp(match, root)
        async with app.run_test(size=size) as pilot:
            await lift_curtain(pilot)
            await scenario(pilot)

    asyncio.run(go())


def panel(screen: TableScreen) -> DecisionPanel:
    return screen.query_one(DecisionPanel)


def fresh(seed: int = 5, players: int = 2) -> Match:
    return Match.start(setup_for_game(["Ada", "Bo", "Cy", "Dee"][:players], seed, 0))


def test_arrows_and_hjkl_move_the_cursor_and_enter_takes(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        assert screen.ui.cursor == 4
        await press(pilot, "up", "left")
        assert screen.ui.cursor == 0
        await press(pilot, "j", "l", "l")
        assert screen.ui.cursor == 5
        await press(pilot, "enter")
        assert screen.match.record.actions == ["take 6"]

    run(fresh(), tmp_path, scenario)


def test_the_selected_cell_previews_the_take(tmp_path: Path) -> None:
    match = random_match(2, 12, lambda s: s.kind is DecisionKind.TURN and s.turn >= 4)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        state = screen.state
        from orbis_tui.engine import preview_take

        for cell in range(9):
            screen.ui.select_cell(cell)  # the cursor, as the arrows would leave it
            screen.refresh_view()
            await pilot.pause()
            text = screen_text(pilot.app)
            tile = state.market[cell]
            assert tile is not None
            p = preview_take(state, cell)
            assert name_of(tile) in text
            if p.affordable:
                assert "you can pay it" in text
            elif p.exchanges_needed is not None:
                assert "of 3-for-1 would pay it" in text
            else:
                assert gettext(texts.PANEL_UNAFFORDABLE) in text
            if p.colored_spots:
                count = len(p.colored_spots)
                assert f"{count} spot{'s' if count > 1 else ''} for it" in text

    run(match, tmp_path, scenario)


def test_a_god_is_picked_with_its_own_key_then_enter(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        god = screen.state.gods_available[-1]
        await press(pilot, GOD_KEYS[god])
        assert screen.ui.god == god
        name = name_of(screen.state.catalog.god_by_id[god])
        await pilot.pause()
        assert name in screen_text(pilot.app)
        await press(pilot, "enter")
        assert screen.match.record.actions[0] == f"god {god.value}"

    run(fresh(seed=8), tmp_path, scenario)


def test_on_the_last_turn_without_a_god_only_gods_can_be_taken(tmp_path: Path) -> None:
    match = random_match(
        2,
        4,
        lambda s: s.kind is DecisionKind.TURN and s.must_take_god(),
        avoid_gods=True,
    )

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        before = list(screen.match.record.actions)
        await press(pilot, "3")  # refused: digits are not offered now
        assert screen.match.record.actions == before
        text = screen_text(pilot.app)
        assert "Last turn and no god yet" in text
        assert screen.ui.god is not None  # preselected
        await press(pilot, "enter")
        assert screen.match.record.actions[-1].startswith("god ")

    run(match, tmp_path, scenario)


def test_an_unpayable_tile_shows_the_engines_reason_and_enter_makes_it_wild(
    tmp_path: Path,
) -> None:
    match = random_match(
        2,
        6,
        lambda s: (
            s.kind is DecisionKind.PAY and not any(isinstance(a, Pay) for a in s.decision_actions())
        ),
    )

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        state = screen.state
        await pilot.pause()
        text = " ".join(screen_text(pilot.app).split())
        assert "(or leave it wild)" in text  # the status line
        assert "✗ Pay:" in text
        assert "Pay " not in " ".join(text.split("⏎")[1:])[:5]  # no Pay key offered
        await press(pilot, "enter")
        assert screen.match.record.actions[-1] == "wild"
        assert state.take is not None and state.take.wild

    run(match, tmp_path, scenario)


def test_any_color_symbols_are_paid_with_the_chosen_colors(tmp_path: Path) -> None:
    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PAY:
            return False
        pays = [a for a in s.decision_actions() if isinstance(a, Pay)]
        return len(pays) >= 2  # more than one way to pay the 'any' symbols

    match = random_match(2, 2, wanted)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        state = screen.state
        default = screen.ui.pick.value if screen.ui.pick else None
        options = [a.any_colors for a in state.decision_actions() if isinstance(a, Pay)]
        assert default in options  # the default is one of the engine's answers
        other = next(o for o in options if o != default)
        # pick exactly `other` with the color keys
        for c in range(5):
            while pick_of(screen).chosen[c] > other[c]:
                await press(pilot, "RBOGW"[c])
        for c in range(5):
            while pick_of(screen).chosen[c] < other[c]:
                await press(pilot, "rbogw"[c])
        assert pick_of(screen).value == other
        await press(pilot, "enter")
        assert screen.state.kind is not DecisionKind.PAY
        last = screen.match.record.actions[-1]
        assert last.startswith("pay")

    run(match, tmp_path, scenario)


def test_spots_are_chosen_among_legal_ones_and_illegal_ones_say_why(tmp_path: Path) -> None:
    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PLACE or s.take is None or s.take.wild:
            return False
        colored = [a for a in s.decision_actions() if isinstance(a, Place) and not a.wild]
        wild = [a for a in s.decision_actions() if isinstance(a, Place) and a.wild]
        return len(colored) >= 2 and len(wild) > len(colored)

    match = random_match(2, 14, wanted)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        state = screen.state
        legal = {(a.row, a.col) for a in screen.ui.colored_spots(state)}
        seen = set()
        for key in ["right", "left", "up", "down", "l", "h", "k", "j"] * 2:
            await press(pilot, key)
            here = screen.ui.current_spot(state)
            assert here is not None and (here.row, here.col) in legal
            seen.add((here.row, here.col))
        assert len(seen) >= 2
        blocked = [a for a in screen.ui.wild_spots(state) if (a.row, a.col) not in legal]
        reason = state.why_not(Place(blocked[0].row, blocked[0].col))
        assert reason is not None
        # the whole reason, even at 80x24 where the panel has six lines
        assert " ".join(message_of(reason).split()) in region_words(pilot.app, panel(screen))
        # x switches to placing it as a wilderness, which may go anywhere supported
        await press(pilot, "x")
        assert screen.ui.wild_mode
        await press(pilot, "x")
        assert not screen.ui.wild_mode
        here = screen.ui.current_spot(state)
        await press(pilot, "enter")
        assert screen.match.record.actions[-1] == f"place {here.row},{here.col}"

    run(match, tmp_path, scenario)


def test_clicks_select_and_a_second_click_acts(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        board = screen.query_one(MarketBoard)
        # the middle of cell 9 (bottom right)
        ox, oy, cw, ch = board._geometry
        x, y = ox + 2 * (cw + 1) + cw // 2, oy + 2 * (ch + 1) + 1
        await pilot.click(MarketBoard, offset=(x, y))
        assert screen.ui.cursor == 8 and screen.match.record.actions == []
        await pilot.click(MarketBoard, offset=(x, y))
        assert screen.match.record.actions == ["take 9"]
        assert screen.state.kind is DecisionKind.PLACE
        await pilot.pause()
        view = screen.query_one(PyramidView)
        bx, by, _, _, pos = view._boxes[0]
        await pilot.click(PyramidView, offset=(bx + 1, by))
        await pilot.click(PyramidView, offset=(bx + 1, by))
        assert screen.match.record.actions[-1].startswith(f"place {pos[0]},{pos[1]}")
        # the next player clicks a god twice to take it
        await press(pilot, "enter")  # hand-over
        supply = screen.query_one(SupplyBar)
        _, start, _, god = supply._god_spans[0]
        await pilot.click(SupplyBar, offset=(start + 1, 0))
        assert screen.ui.god == god
        await pilot.click(SupplyBar, offset=(start + 1, 0))
        assert screen.match.record.actions[-1] == f"god {god.value}"

    run(fresh(seed=3), tmp_path, scenario)


def test_the_key_bar_lists_only_what_is_possible_now(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot) -> None:
        await pilot.pause()
        bar = screen_text(pilot.app).splitlines()[-1]
        assert "Take" in bar
        for absent in ("Undo", "Exchange", "Place", "Wilderness"):
            assert absent not in bar
        await press(pilot, "1")
        await pilot.pause()
        bar = screen_text(pilot.app).splitlines()[-1]
        assert "Undo" in bar
        assert "Take" not in bar

    run(fresh(), tmp_path, scenario)


def test_effect_decisions_by_keyboard(tmp_path: Path) -> None:
    """Village, volcano and God of Death can be refused with x; the love gift and a
    discard take their default with Enter."""
    kinds = {
        DecisionKind.VILLAGE: "x",
        DecisionKind.VOLCANO: "x",
        DecisionKind.DEATH: "x",
        DecisionKind.LOVE: "enter",
        DecisionKind.DISCARD: "enter",
        DecisionKind.GAIN: "enter",
    }
    # random 4-player games that reach each decision (seed 30 is the one with Death)
    seeds = {kind: 30 if kind is DecisionKind.DEATH else 31 for kind in kinds}
    done = []
    for kind, key in kinds.items():

        def reaches(s: GameState, k: DecisionKind = kind) -> bool:
            return s.kind is k

        match = random_match(4, seeds[kind], reaches, limit=4000)

        async def scenario(pilot: Pilot, kind: DecisionKind = kind, key: str = key) -> None:
            screen = table(pilot.app)
            assert screen.state.kind is kind
            await pilot.pause()
            assert phase_line(screen.state) in screen_text(pilot.app)
            before = len(screen.match.record.actions)
            await press(pilot, key)
            assert len(screen.match.record.actions) == before + 1
            last = screen.match.record.actions[-1]
            expected = {
                "x": "decline",
                "enter": {"love": "love", "discard": "discard", "gain": "gain"}.get(kind.value),
            }[key]
            assert expected is not None and last.startswith(expected), last

        run(match, tmp_path / kind.value, scenario)
        done.append(kind)
    assert done == list(kinds)  # all six kinds were answered


def test_a_volcano_offers_the_engines_ways_and_shows_them_on_the_board(tmp_path: Path) -> None:
    def wanted(s: GameState) -> bool:
        return s.kind is DecisionKind.VOLCANO and len(s.decision_actions()) >= 3

    match = random_match(4, 77, wanted, limit=6000)

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        state = screen.state
        first = screen.ui.current_eruption(state)
        await press(pilot, "down")
        second = screen.ui.current_eruption(state)
        assert first != second
        assert state.take is not None and state.take.tile.effect.kind is EffectKind.VOLCANO
        await pilot.pause()
        assert "−" in screen_text(pilot.app)  # the board marks what would be removed
        # the panel's title says which of the ways is shown, never "(2/3)", read as a count
        title = region_words(pilot.app, screen.query_one(DecisionPanel))
        total = len(screen.ui.volcano_options(state))
        assert f"way 2 of {total}" in title and f"(2/{total})" not in title, title
        await press(pilot, "enter")
        assert screen.match.record.actions[-1].startswith("erupt")

    run(match, tmp_path, scenario)


def test_ctrl_t_switches_to_the_light_look_and_back(tmp_path: Path) -> None:
    from orbis_tui.tui import palette

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "ctrl+t")
        assert pilot.app.theme == "textual-light" and palette.LIGHT
        assert "Take" in screen_text(pilot.app)
        await press(pilot, "ctrl+t")
        assert pilot.app.theme == "textual-dark" and not palette.LIGHT

    run(fresh(), tmp_path, scenario)


def test_the_players_screen_shows_every_pyramid(tmp_path: Path) -> None:
    match = random_match(4, 8, lambda s: s.kind is DecisionKind.TURN and s.turn >= 12)

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "p")
        await pilot.pause()
        assert isinstance(pilot.app.screen, PlayersScreen)
        text = screen_text(pilot.app)
        state = table_state(pilot)
        for player in state.players:
            assert player.name in text
        # one pyramid view per player, in seat order, each showing that player's tiles
        views = list(pilot.app.screen.query(PyramidView))
        assert len(views) == state.num_players
        pyramids = [p.pyramid for p in state.players]
        assert all(pyramids[i] != pyramids[j] for i in range(4) for j in range(i))
        for view, pyramid in zip(views, pyramids, strict=True):
            assert view.pyramid == pyramid and pyramid
        await press(pilot, "escape")
        await pilot.pause()
        assert table(pilot.app).state is not None

    run(match, tmp_path, scenario)


def table_state(pilot: Pilot) -> GameState:
    from orbis_tui.tui.screens.table import TableScreen

    for screen in pilot.app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen.state
    raise AssertionError("no table")


def test_the_hand_over_curtain_lets_no_key_act_for_the_next_player(tmp_path: Path) -> None:
    """Nobody acts in someone else's turn by accident: behind the curtain a digit, e and
    u do nothing, although each would act once the curtain is lifted."""
    match = random_match(
        2,
        9,
        lambda s: (
            s.kind is DecisionKind.TURN
            and not s.must_take_god()
            and s.market[2] is not None
            and sum(n // 3 for n in s.player.realm) >= 2  # room for two exchanges
        ),
    )
    match.play(next(a for a in match.state.legal_actions() if isinstance(a, Exchange)))
    assert match.can_undo() and any(isinstance(a, Exchange) for a in match.state.legal_actions())

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = table(app)
            assert screen.handing_over
            before = list(screen.match.record.actions)
            for key in ("3", "e", "u"):
                await press(pilot, key)
                await pilot.pause()
                assert app.screen is screen, key  # no exchange dialog either
                assert screen.handing_over, key
                assert screen.match.record.actions == before, key
            assert any("press Enter" in str(n.message) for n in app._notifications)  # and why
            await press(pilot, "enter")  # the player is ready: now the same keys act
            assert not screen.handing_over
            await press(pilot, "e")
            await pilot.pause()
            assert isinstance(app.screen, ExchangeScreen)
            await press(pilot, "escape")
            await pilot.pause()
            assert app.screen is screen
            await press(pilot, "u")
            assert screen.match.record.actions == before[:-1]
            await press(pilot, "3")
            assert screen.match.record.actions == [*before[:-1], "take 3"]

    asyncio.run(go())


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_key_bar_names_the_digits_that_take_at_once(lang: str, tmp_path: Path) -> None:
    """R-TAKE-1..7: the digits take that market cell's tile at once; at 80×24, in every
    language, the key bar says so beside Enter's take, and names them nowhere else."""
    from orbis_tui import i18n
    from orbis_tui.engine import preview_take

    i18n.set_language(lang)
    match = random_match(2, 3, lambda s: s.kind is DecisionKind.TURN and s.turn >= 6)

    async def scenario(pilot: Pilot) -> None:
        bar = screen_text(pilot.app).splitlines()[-1]
        take = f"⏎ {gettext(texts.KEY['take'])}"
        digits = f"1–9 {gettext(texts.KEY['take_cell'])}"
        assert take in bar and digits in bar, bar
        assert bar.index(take) < bar.index(digits)
        assert gettext(texts.KEY["quit"]) in bar, bar  # the way out still shows
        cell = next(c for c in range(9) if preview_take(match.state, c).affordable)
        await press(pilot, str(cell + 1))  # taken: the next decision takes no digit
        assert table(pilot.app).state.kind is not DecisionKind.TURN
        assert "1–9" not in screen_text(pilot.app).splitlines()[-1]

    run(match, tmp_path, scenario)
