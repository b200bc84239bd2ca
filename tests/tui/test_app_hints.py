"""Hints at the table: the a key shows the search's three best options for the
decision, notes in the record that a hint was shown, plays a suggestion on its
number, and says why when it cannot help (hints off, a computer's turn)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import (
    TableApp,
    lift_curtain,
    press,
    reach_end_screen,
    region_words,
    screen_text,
    table,
)
from textual.pilot import Pilot

from orbis_tui.analysis import hints as advice
from orbis_tui.engine import DecisionKind
from orbis_tui.i18n import fill, gettext
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui import texts_learn
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.screens.hint import HintScreen


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fixed, small search: the same hint every time, and quickly."""
    monkeypatch.setattr(advice, "HINT_ITERATIONS", 60)


def fresh(seed: int = 5) -> Match:
    return Match.start(setup_for_game(["Ada", "Bo"], seed, 0))


def run(app: TableApp, scenario) -> None:
    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await scenario(pilot)

    asyncio.run(go())


async def wait_for_hint(pilot: Pilot) -> HintScreen:
    screen = pilot.app.screen
    assert isinstance(screen, HintScreen), f"expected the hint, not {screen!r}"
    for _ in range(200):
        if screen.options is not None:
            await pilot.pause()
            return screen
        await pilot.pause(0.05)
    raise AssertionError("the hint never came")


def test_the_hint_key_shows_three_options_with_margins_and_notes_it(tmp_path: Path) -> None:
    match = fresh()

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = await wait_for_hint(pilot)
        assert hint.options is not None and len(hint.options) == 3
        margins = [o.margin for o in hint.options]
        assert margins == sorted(margins, reverse=True)
        shown = screen_text(pilot.app)
        for rank, option in enumerate(hint.options, start=1):
            assert f"{rank} {option.reason[:30]}" in " ".join(shown.split())
        assert "expected margin" in shown and "±" in shown
        assert gettext(texts_learn.HINT_KEYS) in shown
        assert match.record.hints == [0]  # the decision at action 0 had a hint
        await press(pilot, "escape")
        assert not isinstance(pilot.app.screen, HintScreen)
        assert match.record.actions == []  # closing plays nothing

    run(TableApp(match, tmp_path), scenario)


def test_a_suggestion_is_played_by_its_number(tmp_path: Path) -> None:
    match = fresh()

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = await wait_for_hint(pilot)
        assert hint.options is not None
        second = hint.options[1]
        await press(pilot, "2")
        await pilot.pause()
        assert isinstance(pilot.app.screen, type(table(pilot.app)))
        played = match.record.actions[: len(second.actions)]
        from orbis_tui.engine import format_action

        assert played == [format_action(a) for a in second.actions]

    run(TableApp(match, tmp_path), scenario)


def test_same_hint_for_the_same_position(tmp_path: Path) -> None:
    state = fresh(9).state
    first = advice.best_options(state)
    again = advice.best_options(state)
    assert [o.actions for o in first] == [o.actions for o in again]
    assert [o.margin for o in first] == [o.margin for o in again]


def test_the_hint_key_says_why_when_hints_are_off(tmp_path: Path) -> None:
    match = fresh()
    seats = [Seat("Ada", hints=False), Seat("Bo")]

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        await pilot.pause()
        assert not isinstance(pilot.app.screen, HintScreen)
        assert gettext(texts_learn.HINT_OFF).format(name="Ada") in [
            n.message for n in pilot.app._notifications
        ]
        assert match.record.hints is None

    run(TableApp(match, tmp_path, seats), scenario)


def test_the_hint_key_says_why_on_a_computers_turn(tmp_path: Path) -> None:
    match = fresh()
    seats = [Seat("Ada", "easy"), Seat("Bo")]

    async def scenario(pilot: Pilot) -> None:
        screen = table(pilot.app)
        assert not screen.seat.human
        await press(pilot, "a")
        assert not isinstance(pilot.app.screen, HintScreen)
        assert gettext(texts_learn.HINT_BOT) in [n.message for n in pilot.app._notifications]

    app = TableApp(match, tmp_path, seats)
    app.settings.pace = "slow"
    run(app, scenario)


def test_hints_while_placing_suggest_spots(tmp_path: Path) -> None:
    match = fresh()
    while match.state.kind is not DecisionKind.PLACE:
        match.play(match.state.decision_actions()[0])

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = await wait_for_hint(pilot)
        assert hint.options
        assert all("place" in o.reason.lower() for o in hint.options)

    run(TableApp(match, tmp_path), scenario)


def test_hints_off_for_a_seat_on_the_new_game_screen_stay_with_the_game(
    tmp_path: Path,
) -> None:
    from app_driver import focus, new_game_screen, type_text

    from orbis_tui.tui.app import OrbisApp
    from orbis_tui.tui.widgets.choice import Choice

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            form = await new_game_screen(pilot)
            assert form.query_one("#hints1", Choice).value == 0  # hints by default
            for n, name in ((1, "Ada"), (2, "Bo")):
                await focus(pilot, f"name{n}")
                await pilot.press("ctrl+a", "ctrl+k")
                await type_text(pilot, name)
            await focus(pilot, "hints1")
            await pilot.press("right")  # hints -> no hints
            await focus(pilot, "first")
            await pilot.press("right")  # at random -> Ada
            await focus(pilot, "seed")
            await type_text(pilot, "4")
            await pilot.press("enter")
            await pilot.pause()
            screen = table(app)
            assert screen.match.record.setup.no_hints == [0]
            assert [s.hints for s in screen.seats] == [False, True]
            await lift_curtain(pilot)
            await press(pilot, "a")
            assert gettext(texts_learn.HINT_OFF).format(name="Ada") in [
                n.message for n in app._notifications
            ]
            screen.session.flush()
        # the saved game opens again with the same choice
        again = OrbisApp(tmp_path)
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = table(again)
            assert [s.hints for s in screen.seats] == [False, True]

    asyncio.run(scenario())


def test_a_record_naming_a_seat_that_does_not_exist_for_no_hints_is_refused() -> None:
    from orbis_tui.records import RecordError, load_record

    record = fresh().record
    record.setup.no_hints = [2]
    with pytest.raises(RecordError, match=r"setup.no_hints\[0\]: 2 is not a seat \(0 to 1\)"):
        load_record(record.to_json())


def test_the_hint_key_on_the_end_screen_says_the_game_is_over(tmp_path: Path) -> None:
    from orbis_tui.tui.screens.end import EndScreen

    match = fresh()
    while not match.state.is_over:
        match.play(match.state.decision_actions()[0])

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await reach_end_screen(pilot)
            assert isinstance(app.screen, EndScreen)
            await press(pilot, "a")
            assert gettext(texts_learn.HINT_OVER) in [n.message for n in app._notifications]

    asyncio.run(go())


def test_escape_stops_the_search_and_notes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(advice, "HINT_ITERATIONS", 10**7)  # far more than a test waits for
    match = fresh()

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = pilot.app.screen
        assert isinstance(hint, HintScreen) and hint.options is None
        await pilot.pause(0.2)
        await press(pilot, "escape")
        assert not isinstance(pilot.app.screen, HintScreen)
        assert gettext(texts_learn.HINT_STOPPED) in [n.message for n in pilot.app._notifications]

        def searching() -> list[object]:
            return [w for w in pilot.app.workers if w.group == "hint" and w.is_running]

        for _ in range(100):  # the worker sees the cancellation and ends
            if not searching():
                break
            await pilot.pause(0.05)
        assert not searching()
        assert hint.options is None
        assert match.record.hints is None  # no hint was shown

    run(TableApp(match, tmp_path), scenario)


def test_a_hint_whose_search_fails_says_so_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search's exception is said (in one line) in the hint's box and a notice,
    rather than closing the app: Esc closes the box and the player plays on."""
    from orbis_tui.tui.screens import hint as hint_screen

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the search broke\nsecond line")

    monkeypatch.setattr(hint_screen, "best_options", broken)
    match = fresh()

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = pilot.app.screen
        assert isinstance(hint, HintScreen)
        for _ in range(200):  # a bound only: the failure ends the wait
            if hint.failed is not None:
                break
            await pilot.pause(0.05)
        said = gettext(texts_learn.HINT_FAILED).format(error="RuntimeError: the search broke")
        for _ in range(200):  # the notice is a message handled after
            if said in [n.message for n in pilot.app._notifications]:
                break
            await pilot.pause(0.05)
        assert said in [n.message for n in pilot.app._notifications]
        await pilot.pause()
        box = " ".join(region_words(pilot.app, hint.query_one("#hint-status")).split())
        assert box == said
        assert pilot.app.is_running and pilot.app.return_code is None
        await press(pilot, "escape")
        screen = table(pilot.app)
        assert pilot.app.screen is screen and match.record.hints is None
        await press(pilot, "1")  # the game goes on: the first cell is taken
        await pilot.pause()
        assert len(match.record.actions) >= 1

    run(TableApp(match, tmp_path), scenario)


def test_a_single_suggestion_names_only_its_key_and_a_missing_number_says_why(
    tmp_path: Path,
) -> None:
    match = fresh()
    while len(match.state.decision_actions()) > 1:  # seed 5: an unpayable tile, 5 actions in
        match.play(match.state.decision_actions()[0])
    assert match.state.kind is DecisionKind.PAY

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = await wait_for_hint(pilot)
        assert hint.options is not None and len(hint.options) == 1
        shown = screen_text(pilot.app)
        assert gettext(texts_learn.HINT_KEYS_ONE) in shown
        assert gettext(texts_learn.HINT_KEYS) not in shown
        await press(pilot, "2")
        assert isinstance(pilot.app.screen, HintScreen)  # nothing played, the hint stays
        assert fill(texts_learn.HINT_NO_SUCH, number=2) in [
            n.message for n in pilot.app._notifications
        ]
        assert len(match.record.actions) == 5

    run(TableApp(match, tmp_path), scenario)


def test_the_keys_line_names_only_the_digits_that_play_a_suggestion() -> None:
    from orbis_tui.tui.screens.hint import hint_keys

    assert [hint_keys(n) for n in range(4)] == [
        texts_learn.HINT_KEYS_NONE,
        texts_learn.HINT_KEYS_ONE,
        texts_learn.HINT_KEYS_TWO,
        texts_learn.HINT_KEYS,
    ]


def test_long_options_scroll_at_80x24_and_the_keys_stay_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three options whose reasons take many lines do not fit at 80x24: before, the
    keys line and the last option's chances were cut off. Now the options scroll
    under the title while the keys that play them stay on the screen."""
    from orbis_tui.analysis import HintOption
    from orbis_tui.engine import TakeTile
    from orbis_tui.tui.screens import hint as hint_screen

    long_reason = " ".join(["A reason that goes on and on, as a real one can."] * 6)
    options = [
        HintOption((TakeTile(cell),), 1.0 - cell, 0.5, f"Option {cell + 1}. {long_reason}", 0.4)
        for cell in range(3)
    ]
    monkeypatch.setattr(hint_screen, "best_options", lambda state, **_: options)

    async def scenario(pilot: Pilot) -> None:
        await press(pilot, "a")
        hint = await wait_for_hint(pilot)
        keys = gettext(texts_learn.HINT_KEYS)
        assert keys in screen_text(pilot.app)
        scroll = hint.query_one("#hint-scroll")
        assert scroll.max_scroll_y > 0  # there is more than the box shows
        last = fill(texts_learn.HINT_CHANCES, chance=0.4, margin=-1.0, stderr=0.5).strip()
        assert last not in screen_text(pilot.app)
        await press(pilot, "end")
        await pilot.wait_for_scheduled_animations()  # the scroll glides to the end
        for _ in range(200):  # a bound only: on a loaded machine the glide takes frames
            if scroll.scroll_y == scroll.max_scroll_y:
                break
            await pilot.pause(0.05)
        assert scroll.scroll_y == scroll.max_scroll_y
        shown = screen_text(pilot.app)
        assert last in shown and keys in shown
        await press(pilot, "3")  # the keys still play a suggestion
        assert not isinstance(pilot.app.screen, HintScreen)

    run(TableApp(fresh(), tmp_path), scenario)
