"""The walkthrough in the app, driven by keyboard only (Textual's Pilot)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from app_driver import screen_text
from textual.app import App
from textual.pilot import Pilot

from orbis_tui.engine import (
    COLORS,
    Action,
    ChooseGain,
    ChooseWorshipers,
    Count,
    DecisionKind,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GodId,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    final_scores,
)
from orbis_tui.i18n import gettext
from orbis_tui.learn import Outcome, Walkthrough
from orbis_tui.tui import texts, texts_learn
from orbis_tui.tui.core.describe import GOD_KEYS
from orbis_tui.tui.learn_app import LearnApp
from orbis_tui.tui.screens.learn import LearnEndScreen, LearnTableScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.widgets.lesson_panel import LessonPanel

LETTERS = "rbogw"
SIZE = (80, 24)


def step_id(walkthrough: Walkthrough) -> str | None:
    """The id of the walkthrough's step (None: the walkthrough is over)."""
    step = walkthrough.step
    return None if step is None else step.id


def last_outcome(walkthrough: Walkthrough) -> Outcome | None:
    """How the learner's last move was taken (None: no move yet)."""
    last = walkthrough.last
    return None if last is None else last.outcome


def lesson(app: App) -> LearnTableScreen:
    """The walkthrough's table, on top of ``app``."""
    screen = app.screen
    assert isinstance(screen, LearnTableScreen), f"expected the lesson's table, not {screen!r}"
    return screen


def run(coroutine) -> None:
    asyncio.run(coroutine)


async def set_pick(pilot, screen: LearnTableScreen, target: Count) -> None:
    """Choose exactly ``target`` worshipers with the color keys."""
    pick = screen.ui.pick
    assert pick is not None
    for color in COLORS:
        for _ in range(pick.chosen[color]):
            await pilot.press(LETTERS[color].upper())
    for color in COLORS:
        for _ in range(target[color]):
            await pilot.press(LETTERS[color])
    assert screen.ui.pick is not None and screen.ui.pick.value == target


async def play_by_keys(pilot, screen: LearnTableScreen, action: Action) -> None:
    """Press the keys that make the table play ``action``."""
    state = screen.state
    ui = screen.ui
    match action:
        case TakeTile(cell=cell):
            await pilot.press(str(cell + 1))
        case TakeGod(god=god):
            await pilot.press(GOD_KEYS[god])
            await pilot.press("enter")
        case Exchange(give=give, get=get):
            await pilot.press("e", LETTERS[give], LETTERS[get])
        case Pay(any_colors=chosen):
            if any(chosen) or (ui.pick is not None and ui.pick.need):
                await set_pick(pilot, screen, chosen)
            await pilot.press("enter")
        case GoWild():
            await pilot.press("x")
        case Place(row=row, col=col, wild=wild):
            if wild != (ui.wild_mode or (state.take is not None and state.take.wild)):
                await pilot.press("x")
            for _ in range(12):
                here = ui.current_spot(screen.state)
                if here is not None and (here.row, here.col) == (row, col):
                    break
                await pilot.press("right")
            await pilot.press("enter")
        case ChooseGain(color=color):
            await pilot.press(LETTERS[color], "enter")
        case ReturnWorshipers(colors=colors) | Discard(colors=colors):
            await set_pick(pilot, screen, colors)
            await pilot.press("enter")
        case ChooseWorshipers(colors=colors):
            await set_pick(pilot, screen, colors)
            await pilot.press("enter")
        case Erupt():
            for _ in range(40):
                if ui.current_eruption(screen.state) == action:
                    break
                await pilot.press("down")
            await pilot.press("enter")
        case Decline():
            await pilot.press("x")


async def complete_by_keyboard(pilot, app: LearnApp) -> int:
    """Follow every step with key presses; returns how many keys were pressed."""
    for presses in range(400):
        screen = app.screen
        if isinstance(screen, NewGameScreen):
            return presses
        walkthrough: Walkthrough = screen.walkthrough  # type: ignore[attr-defined]
        before = (walkthrough.index, len(walkthrough.match.actions))
        if isinstance(screen, LearnTableScreen) and walkthrough.expects_move():
            action = walkthrough.suggestion()
            assert action is not None
            await play_by_keys(pilot, screen, action)
        else:
            await pilot.press("enter")
        await pilot.pause()
        after = (walkthrough.index, len(walkthrough.match.actions))
        assert after != before or isinstance(app.screen, NewGameScreen), (
            step_id(walkthrough) if walkthrough.step else "end",
            walkthrough.last,
        )
    raise AssertionError("the walkthrough did not end")


@pytest.mark.slow
def test_the_whole_walkthrough_by_keyboard(tmp_path: Path):
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            walkthrough = lesson(app).walkthrough
            presses = await complete_by_keyboard(pilot, app)
            assert walkthrough.finished
            assert walkthrough.state.is_over
            assert presses > 50
            assert isinstance(app.screen, NewGameScreen)
        assert not (tmp_path / "learn.json").exists()

    run(scenario())


def test_a_wrong_key_is_explained_in_the_lesson_panel(tmp_path: Path):
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = lesson(app)
            walkthrough = screen.walkthrough
            await pilot.press("enter", "enter")
            assert step_id(walkthrough) == "first-take"
            await pilot.press("5")  # legal, but this lesson takes cell 2
            await pilot.pause()
            assert last_outcome(walkthrough) is Outcome.OFF_LESSON
            assert walkthrough.match.actions == []
            text = str(screen.query_one("#lesson-text").render())
            assert "Lantern Hill" in text
            await pilot.press("2")
            await pilot.pause()
            assert step_id(walkthrough) == "first-place"
            # an illegal spot: the engine's reason and its rule are shown
            assert walkthrough.play("place 2,0").outcome is Outcome.ILLEGAL
            screen.refresh_view()
            await pilot.pause()
            text = str(screen.query_one("#lesson-text").render())
            assert "R-PLACE-2" in text

    run(scenario())


def test_a_scrolled_lesson_stays_put_while_the_cursor_moves(tmp_path: Path):
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = lesson(app)
            walkthrough = screen.walkthrough
            await pilot.press("enter", "enter", "5")  # an answer makes the lesson long
            await pilot.pause()
            assert last_outcome(walkthrough) is Outcome.OFF_LESSON
            panel = screen.query_one(LessonPanel)
            assert panel.max_scroll_y > 0
            await pilot.press("pagedown")
            await pilot.pause()
            scrolled = panel.scroll_y
            assert scrolled > 0
            cursor = screen.ui.cursor
            await pilot.press("right")
            await pilot.pause()
            assert screen.ui.cursor != cursor  # the table was redrawn
            assert panel.scroll_y == scrolled
            # a new answer is shown from its top again
            await pilot.press("5")
            await pilot.pause()
            assert panel.scroll_y == 0

    run(scenario())


def test_step_back_leave_and_resume(tmp_path: Path):
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            walkthrough = lesson(app).walkthrough
            await pilot.press("enter", "enter", "2")
            await pilot.pause()
            assert step_id(walkthrough) == "first-place"
            await pilot.press("backspace")
            await pilot.pause()
            assert step_id(walkthrough) == "first-take"
            assert walkthrough.match.actions == []
            await pilot.press("2", "enter")
            await pilot.pause()
            assert step_id(walkthrough) == "refill"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
        assert (tmp_path / "learn.json").exists()

        again = LearnApp(tmp_path)
        async with again.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(again.screen, LearnTableScreen)
            resumed = lesson(again).walkthrough
            assert step_id(resumed) == "refill"
            assert resumed.match.actions[:2] == ["take 2", "place 1,0"]

    run(scenario())


def test_orbis_learn_opens_on_the_lesson_without_the_new_game_screen_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """The new-game screen once showed for a moment before the lesson: it is not even
    put up, until the learner leaves the walkthrough."""
    mounted: list[str] = []
    original = NewGameScreen.on_mount

    def on_mount(screen: NewGameScreen) -> None:
        mounted.append("new game")
        original(screen)

    monkeypatch.setattr(NewGameScreen, "on_mount", on_mount)

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            assert mounted == []
            assert [type(s).__name__ for s in app.screen_stack[1:]] == ["LearnTableScreen"]
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen) and mounted == ["new game"]

    run(scenario())


def test_the_end_screen_teaches_scoring_and_steps_back_to_the_table(tmp_path: Path):
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            walkthrough = lesson(app).walkthrough
            while step_id(walkthrough) != "scoring":
                if walkthrough.expects_move():
                    move = walkthrough.suggestion()
                    assert move is not None
                    walkthrough.play(move)
                else:
                    walkthrough.proceed()
            lesson(app)._after_change()
            await pilot.pause()
            assert isinstance(app.screen, LearnEndScreen)
            await pilot.press("backspace")
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            assert step_id(lesson(app).walkthrough) == "god"

    run(scenario())


def test_learn_to_play_from_the_new_game_screen(tmp_path: Path):
    from orbis_tui.tui.app import OrbisApp

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("ctrl+l")
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert lesson(app).walkthrough.index == 1
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            # the button resumes where it was left
            app.screen.query_one("#learn").press()
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            assert lesson(app).walkthrough.index == 1

    run(scenario())


def test_the_key_bar_says_when_the_lesson_scrolls(tmp_path: Path) -> None:
    """A lesson longer than its panel lists PgDn until its end is in view."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(10):
                await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LearnTableScreen)
            panel = screen.query_one(LessonPanel)
            panel.styles.height = 3  # a lesson longer than its panel
            await pilot.pause()
            await pilot.pause()
            screen.refresh_bindings()
            await pilot.pause()
            assert panel.max_scroll_y > 0
            assert texts.KEY["lesson_scroll"] in screen_text(app).splitlines()[-1]
            for _ in range(20):
                await pilot.press("pagedown")
            await pilot.pause()
            assert panel.scroll_y == panel.max_scroll_y
            assert screen.check_action("lesson_scroll", (1,)) is False

    asyncio.run(scenario())


def test_a_walkthrough_whose_place_cannot_be_kept_says_so_and_goes_on(tmp_path: Path):
    (tmp_path / "learn.json").mkdir()  # the progress file cannot be written there

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            shown: list[str] = []
            for _ in range(40):  # told once the first screen is up (later on a busy machine)
                await pilot.pause(0.05)
                shown = [n.message for n in app._notifications]
                if any("cannot be kept" in message for message in shown):
                    break
            assert any("cannot be kept" in message for message in shown)
            walkthrough = lesson(app).walkthrough
            await pilot.press("enter", "enter", "2")
            await pilot.pause()
            assert step_id(walkthrough) == "first-place"  # the lesson goes on
            await pilot.press("escape")
            await pilot.pause()
            shown = [n.message for n in app._notifications]
            assert not any("Walkthrough saved" in message for message in shown)

    run(scenario())


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('{"version": "1", "step": 2, "starts"', "Expecting"),
        ('{"version": "1", "step": -1, "starts": [], "actions": []}', "step:"),
        ('{"version": "1", "step": 3, "starts": [0], "actions": []}', "do not fit"),
    ],
    ids=["cut-short", "bad-field", "not-fitting"],
)
def test_a_damaged_place_in_the_walkthrough_is_told_and_kept(
    tmp_path: Path, text: str, problem: str
) -> None:
    from orbis_tui.learn import load_script

    version = load_script().version
    damaged = text.replace('"version": "1"', f'"version": "{version}"')
    (tmp_path / "learn.json").write_text(damaged)

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            shown: list[str] = []
            for _ in range(40):  # told once the first screen is up (later on a busy machine)
                await pilot.pause(0.05)
                shown = [str(n.message) for n in app._notifications]
                if any("could not be used" in message for message in shown):
                    break
            told = [message for message in shown if "could not be used" in message]
            assert told and problem in told[0] and "starts over" in told[0]
            kept = list(tmp_path.glob("learn.damaged-*.json"))
            assert len(kept) == 1 and kept[0].read_text() == damaged
            assert kept[0].name in told[0]
            assert step_id(lesson(app).walkthrough) == "goal"  # from the start

    run(scenario())


def test_the_hint_key_in_the_walkthrough_points_to_the_lessons_tips(tmp_path: Path):
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            await pilot.press("a")
            assert isinstance(app.screen, LearnTableScreen)  # no hint box
            assert gettext(texts_learn.HINT_LEARN) in [n.message for n in app._notifications]
            assert app.screen.match.record.hints is None

    run(scenario())


async def follow_until(
    pilot: Pilot[None], app: LearnApp, wanted: Callable[[LearnTableScreen], bool]
) -> LearnTableScreen:
    """Follow the steps by keyboard until ``wanted(screen)`` holds on the table."""
    for _ in range(400):
        screen = app.screen
        assert isinstance(screen, LearnTableScreen), "the wanted moment never came"
        if wanted(screen):
            return screen
        walkthrough = screen.walkthrough
        if walkthrough.expects_move():
            action = walkthrough.suggestion()
            assert action is not None
            await play_by_keys(pilot, screen, action)
        else:
            await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("the wanted moment never came")


@pytest.mark.slow  # the walkthrough followed far
def test_the_walkthrough_shows_the_learner_s_real_cp_now(tmp_path: Path) -> None:
    """'0 CP now' with a pyramid of scoring tiles was wrong: the card follows the game."""

    def scoring(screen: LearnTableScreen) -> bool:
        return final_scores(screen.state)[0].total >= 5

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = await follow_until(pilot, app, scoring)
            await pilot.pause()
            total = final_scores(screen.state)[0].total
            card = " ".join(screen_text(app).split())
            assert f"{total} CP now" in card

    run(scenario())


def notices(app: LearnApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def at_step(step_id: str) -> Callable[[LearnTableScreen], bool]:
    return lambda screen: (
        screen.walkthrough.step is not None and (screen.walkthrough.step.id == step_id)
    )


@pytest.mark.slow  # the walkthrough followed to its god
def test_u_and_f_say_why_they_do_nothing_in_the_walkthrough(tmp_path: Path) -> None:
    """In the Goddess of Love's choice (and anywhere in the walkthrough) u does not undo,
    and f has no computer to hurry: each says so instead of doing nothing."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = await follow_until(pilot, app, at_step("god"))
            await pilot.press(GOD_KEYS[GodId.LOVE], "enter")
            await pilot.pause()
            assert screen.state.kind is DecisionKind.LOVE
            app._notifications.clear()
            await pilot.press("u")
            await pilot.pause()
            assert any("Backspace" in n for n in notices(app)), notices(app)
            app._notifications.clear()
            await pilot.press("f")
            await pilot.pause()
            assert any("walkthrough" in n for n in notices(app)), notices(app)
            assert screen.state.kind is DecisionKind.LOVE  # nothing else happened

    run(scenario())


def test_a_digit_in_the_walkthrough_takes_or_explains_and_never_just_moves(
    tmp_path: Path,
) -> None:
    """1 … 9 take the tile in that cell, as on the table: a take the lesson refuses is
    explained and leaves the cursor on the cell the lesson points at."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = await follow_until(pilot, app, at_step("first-take"))
            await pilot.pause()
            assert screen.ui.cursor == 1  # the lesson points at cell 2
            await pilot.press("5")
            await pilot.pause()
            assert screen.walkthrough.step is not None
            assert screen.walkthrough.step.id == "first-take"
            assert screen.ui.cursor == 1
            assert "Lantern Hill is free" in " ".join(screen_text(app).split())
            await pilot.press("2")
            await pilot.pause()
            assert screen.walkthrough.step.id != "first-take"

    run(scenario())


def test_up_toward_no_spot_in_the_walkthrough_says_why(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await follow_until(pilot, app, at_step("first-place"))
            app._notifications.clear()
            await pilot.press("up")
            await pilot.pause()
            assert any("No spot" in n for n in notices(app)), notices(app)

    run(scenario())


@pytest.mark.slow  # the walkthrough followed to its exchange
def test_enter_in_the_exchange_dialog_makes_the_exchange_the_lesson_asks_for(
    tmp_path: Path,
) -> None:
    """The lesson asks for 3 orange for 1 blue; the dialog's Enter offered the exchange
    that pays the tile (3 red), and Enter, out of habit, was refused as not the lesson's."""

    def asks_an_exchange(screen: LearnTableScreen) -> bool:
        return isinstance(screen.walkthrough.expected_action(), Exchange)

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = await follow_until(pilot, app, asks_an_exchange)
            asked = screen.walkthrough.expected_action()
            assert isinstance(asked, Exchange)
            before = list(screen.state.player.realm_count)
            await pilot.press("e")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen
            after = list(screen.state.player.realm_count)
            assert after[asked.give] == before[asked.give] - 3, (before, after)
            assert after[asked.get] == before[asked.get] + 1, (before, after)
            assert not any("not this lesson" in n for n in notices(app))

    run(scenario())
