"""The new-game screen's choices (who starts, who plays each seat, the seed) and the
end screen's ways out (a new game, quitting)."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest
from app_driver import (
    TableApp,
    focus,
    new_game_screen,
    press,
    random_match,
    region_words,
    table,
    type_text,
)
from textual.widgets import Input, Label, Static

from orbis_tui.engine import DecisionKind, first_player_for
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.seats import bot_levels
from orbis_tui.tui.core.settings import PACES
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.widgets.choice import Choice

# With this seed "at random" would let seat 1 start: choosing seat 2 must show.
SEED = 2


def test_who_starts_and_a_computer_seat_are_taken_from_the_new_game_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = bot_levels()
    if "hard" not in levels:
        pytest.skip("no hard computer player in this build")
    assert first_player_for(SEED, 2) == 0
    monkeypatch.setitem(PACES, "normal", 60.0)  # the computer waits: look first

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            for n, name in ((1, "Ada"), (2, "Bo")):
                await focus(pilot, f"name{n}")
                await pilot.press("ctrl+a", "ctrl+k")
                await type_text(pilot, name)
            await focus(pilot, "kind2")
            await pilot.press(*["right"] * (levels.index("hard") + 1))
            await focus(pilot, "first")
            await pilot.press("right", "right")  # at random -> Ada -> Bo
            assert app.screen.query_one("#first", Choice).value == 2
            await focus(pilot, "seed")
            await pilot.press("ctrl+a", "ctrl+k")
            await type_text(pilot, str(SEED))
            await pilot.press("enter")
            await pilot.pause()
            screen = table(app)
            record = screen.match.record
            assert record.setup.seed == SEED
            assert record.setup.first_player == 1
            assert screen.state.current == 1 and screen.state.player.name == "Bo"
            assert [s.kind for s in screen.seats] == ["human", "hard"]
            assert record.setup.seats == ["human", "hard"]
            assert record.actions == []  # the computer has not moved yet
            players = region_words(app, screen.query_one("#players"))
            assert "Bo ⚙" in players and "Ada ⚙" not in players  # the computer is marked
            await press(pilot, "ctrl+n")  # back to the new-game screen
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            # the last table is remembered: names and who plays each seat
            assert app.screen.query_one("#name2", Input).value == "Bo"
            kind = app.screen.query_one("#kind2", Choice)
            assert kind.options[kind.value] == "hard"
            # the focused field is marked without relying on color
            await focus(pilot, "seed")
            labels = [str(label.content) for label in app.screen.query(".label").results(Static)]
            assert [text for text in labels if text.startswith("▸")] == ["▸ Seed"]

    asyncio.run(scenario())


def test_orbis_help_lists_the_play_options() -> None:
    from orbis_tui.cli import build_parser

    text = build_parser().format_help()
    for option in ("--players", "--seed", "--data-dir"):
        assert option in text


def started_seed(root: Path) -> int:
    """Start a game with the seed field left empty; returns the game's seed."""
    seeds = []

    async def scenario() -> None:
        app = OrbisApp(root)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await focus(pilot, "seed")
            seed_field = pilot.app.focused
            assert isinstance(seed_field, Input)
            assert seed_field.value == ""
            await pilot.press("enter")
            await pilot.pause()
            seeds.append(table(app).match.record.setup.seed)

    asyncio.run(scenario())
    (seed,) = seeds
    assert isinstance(seed, int)
    return seed


def test_seats_appear_as_the_player_count_grows_and_keep_what_was_typed(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await new_game_screen(pilot)

            def shown() -> list[str]:
                return [row.id or "" for row in screen.query(".seat") if row.display]

            assert shown() == ["seat1", "seat2"]
            await focus(pilot, "count")
            await pilot.press("right", "right")  # 4 players
            assert shown() == ["seat1", "seat2", "seat3", "seat4"]
            labels = [str(row.query_one(".label", Label).content) for row in screen.query(".seat")]
            assert labels == ["  Seat 1", "  Seat 2", "  Seat 3", "  Seat 4"]  # lined up
            await focus(pilot, "name3")
            await pilot.press("ctrl+a", "ctrl+k")
            await type_text(pilot, "Cy")
            await focus(pilot, "count")
            await pilot.press("left", "left")  # back to 2: seats 3 and 4 hide
            assert shown() == ["seat1", "seat2"]
            await pilot.press("right")  # 3 again: what seat 3 held is still there
            assert shown() == ["seat1", "seat2", "seat3"]
            assert screen.query_one("#name3", Input).value == "Cy"
            order = []  # Tab goes through the seats in order, the added one in its place
            while app.focused is not None and app.focused.id != "seed":
                await pilot.press("tab")
                order.append(app.focused.id if app.focused is not None else None)
            names_in_order = [ident for ident in order if (ident or "").startswith("name")]
            assert names_in_order == ["name1", "name2", "name3"]
            await type_text(pilot, "7")
            await pilot.press("enter")
            await pilot.pause()
            names = [p.name for p in table(app).state.players]
            assert len(names) == 3 and names.count("Cy") == 1

    asyncio.run(scenario())


def test_an_empty_seed_starts_a_game_on_a_random_seed(tmp_path: Path) -> None:
    seeds = {started_seed(tmp_path / str(n)) for n in range(3)}
    assert len(seeds) == 3


def end_app(root: Path) -> TableApp:
    return TableApp(random_match(2, 31, lambda s: s.is_over), root)


def test_n_on_the_end_screen_opens_a_new_game(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = end_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            await press(pilot, "n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert not any(isinstance(s, EndScreen) for s in app.screen_stack)
            # and that game can be played
            await focus(pilot, "seed")
            await pilot.press("enter")
            await pilot.pause()
            assert table(app).state.kind is DecisionKind.TURN
            assert table(app).match.record.actions == []

    asyncio.run(scenario())


def test_q_on_the_end_screen_quits(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = end_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            assert app.return_code is None
            await press(pilot, "q")
            assert app.return_code == 0

    asyncio.run(scenario())


def test_the_app_turns_garbage_collection_back_on_once_its_first_frame_shows(
    tmp_path: Path,
) -> None:
    """`orbis` starts the app with collection off (see cli.main); the app must not
    leave it off for the game."""

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await new_game_screen(pilot)
            assert gc.isenabled()

    gc.disable()
    try:
        asyncio.run(scenario())
    finally:
        gc.enable()


def test_who_starts_names_every_seat_as_the_game_will_name_it(tmp_path: Path) -> None:
    """A seat just added is offered as 'Player 3', like the others, not 'Seat 3'; a
    name typed or cleared shows at once."""

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await new_game_screen(pilot)
            await focus(pilot, "count")
            await pilot.press("right")  # 3 players
            await pilot.pause()
            first = screen.query_one("#first", Choice)
            names = [screen.query_one(f"#name{n}", Input) for n in (1, 2, 3)]
            expected = [field.value.strip() or f"Player {n}" for n, field in enumerate(names, 1)]
            assert first.options[1:4] == expected
            await focus(pilot, "name3")
            await pilot.press("ctrl+a", "ctrl+k")
            await type_text(pilot, "Cy")
            assert first.options[3] == "Cy"
            await pilot.press("ctrl+a", "ctrl+k")
            await pilot.pause()
            assert first.options[3] == "Player 3"

    asyncio.run(scenario())


def test_on_the_end_screen_t_shows_every_turn_and_a_table_key_says_what_is_left(
    tmp_path: Path,
) -> None:
    """The history (t) is still wanted once the game is over; u, p, v or a cell's number,
    keys of the table, say what the end screen offers instead of doing nothing."""
    from orbis_tui.i18n import gettext
    from orbis_tui.tui import texts_screens
    from orbis_tui.tui.screens.history import HistoryScreen

    async def scenario() -> None:
        app = end_app(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            end = app.screen
            assert isinstance(end, EndScreen)
            for key in ("u", "p", "v", "5"):
                app._notifications.clear()
                await press(pilot, key)
                assert app.screen is end
                said = [str(n.message) for n in app._notifications]
                assert said == [gettext(texts_screens.END_IDLE)], key
            await press(pilot, "t")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            await press(pilot, "escape")
            assert app.screen is end

    asyncio.run(scenario())
