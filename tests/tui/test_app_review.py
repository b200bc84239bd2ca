"""The review: stepping through a record move by move and turn by turn, the table drawn
as it was, the search's judgement beside it, jumps to the biggest mistakes, the end
screen's r, and ``orbis replay --view``."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
from pathlib import Path
from typing import NamedTuple

import pytest
from app_driver import TableApp, press, reach_end_screen, region_words, screen_text
from textual.pilot import Pilot
from textual.worker import WorkerState

import worker_faults as faults
from orbis_tui import cli
from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.review import MoveReview
from orbis_tui.bots import make_bot
from orbis_tui.i18n import fill, gettext
from orbis_tui.records import GameRecord, Match, replay
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui import texts_learn
from orbis_tui.tui.core.replay_book import ReplayBook
from orbis_tui.tui.screens import review as review_screen
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.players import PlayersScreen
from orbis_tui.tui.screens.review import ReviewScreen
from orbis_tui.tui.viewer import ReviewApp

ACTIONS = 60  # a short record keeps the review quick


def bot_record(actions: int | None = ACTIONS, seed: int = 7) -> GameRecord:
    """A game of two seeded computer players (cut after ``actions``), a hint noted at 5."""
    match = Match.start(setup_for_game(["Ada", "Bo"], seed, 0))
    bots = [make_bot("easy", 1), make_bot("medium", 2)]
    while not match.state.is_over and (actions is None or len(match.record.actions) < actions):
        match.play(bots[match.state.current].choose(match.state.copy()))
    match.record.hints = [5]
    return match.record


@pytest.fixture(autouse=True)
def _reviews_kept_apart(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Reviews are kept in the data folder: each test has its own, never the user's."""
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "kept"))


@pytest.fixture(autouse=True)
def small_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_screen, "PER_OPTION", 3)  # enough to find clear mistakes
    # the moves compared are played to the end on a few common worlds, not a review's many
    monkeypatch.setattr(review_module, "FIRST_WORLDS", 4)
    monkeypatch.setattr(review_module, "MAX_WORLDS", 8)
    monkeypatch.setattr(review_module, "MANY_WORLDS_FACTOR", 1)  # no more for unclear ones


def run_viewer(record: GameRecord, scenario, analyse: bool = True) -> None:
    async def go() -> None:
        app = ReviewApp(record, analyse=analyse)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await scenario(pilot)

    asyncio.run(go())


async def analysed(pilot: Pilot) -> ReviewScreen:
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    # The analysis is the screen's worker: wait for it to end, however long a busy machine
    # takes (its size is fixed by small_review), then for its message to the screen.
    await pilot.app.workers.wait_for_complete()
    while screen.analysing:
        await pilot.pause()
    return screen


def analysis(pilot: Pilot) -> str:
    """The words of the analysis panel, as shown."""
    return region_words(pilot.app, pilot.app.screen.query_one("#analysis"))


def test_the_book_gives_every_position_as_a_replay_would() -> None:
    record = bot_record(None)
    book = ReplayBook(record)
    for position in [0, 1, 9, 10, 11, 37, 36, 55, book.last, 3]:
        assert book.state(position).signature() == replay(record, position).signature()


def test_turn_steps_land_on_the_first_move_of_a_turn() -> None:
    book = ReplayBook(bot_record())
    position = book.turn_start(0, 1)
    assert book.moments[position].turn == 2 and book.moments[position - 1].turn == 1
    middle = position + 1
    assert book.turn_start(middle, -1) == position  # back to this turn's start first
    assert book.turn_start(position, -1) == 0


def test_arrows_and_page_keys_step_through_the_game(tmp_path: Path) -> None:
    record = bot_record()

    async def scenario(pilot: Pilot) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        assert f"move 1/{ACTIONS}" in screen_text(pilot.app)
        await press(pilot, "right", "right")
        assert screen.position == 2
        assert f"move 3/{ACTIONS}" in screen_text(pilot.app)
        await press(pilot, "left")
        assert screen.position == 1
        await press(pilot, "pagedown")
        turn_start = screen.book.turn_start(1, 1)
        assert screen.position == turn_start
        assert screen.book.moments[turn_start].turn == 2
        await press(pilot, "pagedown", "pageup")
        assert screen.position == turn_start
        await press(pilot, "p")  # every player's pyramid, as it was
        players = pilot.app.screen
        assert isinstance(players, PlayersScreen)
        assert players.state.turn == screen.book.state(screen.position).turn
        await press(pilot, "escape")
        assert pilot.app.screen is screen and isinstance(screen, ReviewScreen)
        await press(pilot, "end")
        assert screen.position == ACTIONS
        assert gettext(texts_learn.REVIEW_UNFINISHED) in analysis(pilot)
        await press(pilot, "right")
        assert screen.position == ACTIONS
        assert gettext(texts_learn.REVIEW_AT_END) in [n.message for n in pilot.app._notifications]

    run_viewer(record, scenario, analyse=False)


@pytest.mark.slow
def test_the_review_judges_moves_and_m_jumps_to_the_biggest_mistake(tmp_path: Path) -> None:
    record = bot_record()

    async def scenario(pilot: Pilot) -> None:
        screen = await analysed(pilot)
        review = screen.review
        assert review is not None and review.settings["complete"]
        mistakes = [m for m in review.moves if m.mistake]
        assert mistakes, "the seeded game has mistakes to find"
        biggest = max(mistakes, key=lambda m: m.loss)
        await press(pilot, "m")
        assert screen.position == biggest.index
        shown = analysis(pilot)
        assert f"lost {biggest.loss:.1f} CP" in shown
        assert gettext(texts_learn.REVIEW_MISTAKE) in shown
        # at 80x24 the list under the market still shows the mistake jumped to, and a
        # panel too short for everything says so in its last line
        listed = region_words(pilot.app, screen.query_one("#mistakes"))
        assert f"▸ round {(biggest.turn - 1) // len(review.names) + 1}" in listed
        assert f"−{biggest.loss:.1f} CP" in listed
        if not listed.endswith(gettext(texts_learn.REVIEW_MISTAKES_MORE)):  # nothing left out
            assert listed.count("CP lost") >= len(review.players), listed
        # the legend says that a victory counts as 10 CP in the losses (docs/review.md)
        legend = [line.plain for line in screen._mistakes_lines()]
        assert "CP lost counts a win as 10 CP." in legend
        await press(pilot, "end")
        shown = analysis(pilot)
        page = shown
        for _ in range(20):  # at 80x24 the rest is read with +, as the panel's last line says
            if "▾" not in page:  # "▴ - back · the end" on the last page
                break
            await press(pilot, "+")
            page = analysis(pilot)
            shown += " " + page
        for player in review.players:
            if player.lesson:  # every player's lesson, its first point at least
                assert gettext(texts_learn.REVIEW_LESSON).format(name=player.name) in shown
                assert " ".join(player.lesson[0].split()[:4]) in shown, shown
        if len(mistakes) > 1:
            second = sorted(mistakes, key=lambda m: -m.loss)[1]
            await press(pilot, "m")
            assert screen.position == second.index
        await press(pilot, "home", "n")
        assert screen.position == min(m.index for m in mistakes if m.index > 0)
        hinted = next(m for m in review.moves if m.hinted)
        screen.go_to(hinted.index)
        await pilot.pause()
        assert gettext(texts_learn.REVIEW_HINTED) in analysis(pilot)

    run_viewer(record, scenario)


def test_escape_stops_the_analysis_and_the_game_still_steps(tmp_path: Path) -> None:
    async def scenario(pilot: Pilot) -> None:
        first = pilot.app.screen
        assert isinstance(first, ReviewScreen) and first.analysing
        await press(pilot, "escape")
        screen = await analysed(pilot)
        assert screen.review is not None and not screen.review.settings["complete"]
        assert isinstance(pilot.app.screen, ReviewScreen)  # stopping does not leave
        await press(pilot, "right")
        assert screen.position == 1

    run_viewer(bot_record(None), scenario)


@pytest.mark.parametrize(
    ("how", "error"),
    [
        ("end", "WorkerLost: a worker process ended during its job"),
        ("raise", "RaisedInWorker: Unbuildable: turn {turn} failed"),
    ],
)
def test_a_failing_turn_stops_the_analysis_which_says_why_and_keeps_what_it_judged(
    monkeypatch: pytest.MonkeyPatch, how: str, error: str
) -> None:
    """Its worker process lost, or its judgement raising: the screen says so, as it
    says a stopped analysis, rather than analyzing for ever (the turns judged before
    stay: see test_worker_failures)."""
    record = bot_record()
    turn = faults.turn_judged(record, 3, 0)  # at once (3: small_review's size)
    monkeypatch.setenv(faults.FAULT, how)
    monkeypatch.setenv(faults.FAULT_TURN, str(turn))
    monkeypatch.setattr(review_module, "_judge_turn", faults.judge_or_fail)
    monkeypatch.setattr(review_module, "worker_count", lambda: 2)  # on any machine

    async def scenario(pilot: Pilot) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(2400):  # a bound only: the failure ends the wait
            if not screen.analysing:
                break
            await pilot.pause(0.05)
        assert not screen.analysing
        review = screen.review
        assert review is not None and review.settings["complete"] is False
        assert turn + 1 not in {move.turn for move in review.moves}
        said = fill(
            texts_learn.REVIEW_FAILED, done=len(review.moves), error=error.format(turn=turn)
        )
        for _ in range(200):  # a bound only: the notice is a message handled after
            if said in [n.message for n in pilot.app._notifications]:
                break
            await pilot.pause(0.05)
        assert said in [n.message for n in pilot.app._notifications]
        await press(pilot, "m")  # the biggest mistake found, if any: the screen answers
        assert isinstance(pilot.app.screen, ReviewScreen)

    run_viewer(record, scenario)


def test_an_analysis_that_fails_outside_its_turns_says_so_and_the_game_still_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An exception of the analysis itself (not of a turn's judgement) is said, in one
    line, in a notice and in the analysis panel, rather than closing the viewer: the
    game is still stepped through."""
    import orbis_tui.analysis as analysis_package

    def broken(record: GameRecord, **asked: object) -> object:
        raise RuntimeError("the review broke")

    monkeypatch.setattr(analysis_package, "review_record", broken)

    async def scenario(pilot: Pilot) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(200):  # a bound only: the failure ends the wait
            if not screen.analysing:
                break
            await pilot.pause(0.05)
        assert not screen.analysing and screen.failed == "RuntimeError: the review broke"
        said = gettext(texts_learn.REVIEW_BROKE).format(error=screen.failed)
        for _ in range(200):  # a bound only: the notice is a message handled after
            if said in [n.message for n in pilot.app._notifications]:
                break
            await pilot.pause(0.05)
        assert said in [n.message for n in pilot.app._notifications]
        assert pilot.app.is_running and isinstance(pilot.app.screen, ReviewScreen)
        await press(pilot, "right", "right")
        assert screen.position == 2
        here = gettext(texts_learn.REVIEW_BROKE_HERE).format(error=screen.failed)
        assert " ".join(here.split()) in " ".join(analysis(pilot).split())

    run_viewer(bot_record(), scenario)


class MidRun(NamedTuple):
    """A stand-in review (see :func:`judging_one_turn_then_waiting`)."""

    early: MoveReview  # judged at once
    late: MoveReview  # judged once the gate opens
    forced: tuple[int, ...]  # the steps with a single answer
    gate: threading.Event  # set by the test: the rest of the analysis may end


def judging_one_turn_then_waiting(
    record: GameRecord,
    monkeypatch: pytest.MonkeyPatch,
    reason: str = "Reason of the mistake at {index}.",
) -> MidRun:
    """The review screen's analysis made a stand-in: it judges a mistake of an early
    turn at once, then waits for the gate, judges a mistake of a late turn and ends."""
    import orbis_tui.analysis as analysis_package
    from orbis_tui.analysis import GameReview, PlayerSummary, forced_answers
    from orbis_tui.engine import Exchange, format_action, parse_action

    book = ReplayBook(record)
    forced = forced_answers(record)
    judged_steps = [
        n
        for n in range(2, len(record.actions))
        if n not in forced and not isinstance(parse_action(record.actions[n]), Exchange)
    ]

    def mistake(index: int, loss: float) -> MoveReview:
        state = book.state(index)
        played = parse_action(record.actions[index])
        other = next(o.action for o in state.decision.legal_options if o.action != played)
        return MoveReview(
            index=index,
            turn=state.turn + 1,
            seat=state.current,
            kind=state.kind.value,
            played=(record.actions[index],),
            best=(format_action(other),),
            played_margin=-3.0,
            best_margin=loss - 3.0,
            stderr=0.5,
            loss=loss,
            mistake=True,
            reason=reason.format(index=index),
            hinted=False,
            verdict="mistake",
        )

    early, late = mistake(judged_steps[0], 4.0), mistake(judged_steps[-1], 6.0)
    assert book.moments[early.index].turn != book.moments[late.index].turn
    gate = threading.Event()

    def stand_in(record_: GameRecord, *, progress, judged, cancel, **size) -> GameReview:
        judged((early,))
        progress(0.5)
        gate.wait(timeout=60)  # a guard against a test that fails to set it
        judged((late,))
        players = tuple(
            PlayerSummary(seat, name, 2, 5.0, 1, (), ("Point one of the lesson.",))
            for seat, name in enumerate(record_.setup.players)
        )
        settings = {"complete": True}
        names = tuple(record_.setup.players)
        return GameReview(names, players, (early, late), settings, forced)

    monkeypatch.setattr(analysis_package, "review_record", stand_in)
    return MidRun(early, late, forced, gate)


async def first_turn_judged(pilot: Pilot, run: MidRun) -> ReviewScreen:
    """The review screen once the stand-in's first turn is shown, the analysis running."""
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    while run.early.index not in screen._by_position:  # the first turn's message
        assert [w.state for w in pilot.app.workers] == [WorkerState.RUNNING]
        await pilot.pause()
    return screen


def test_a_turn_judged_mid_run_shows_at_once_and_the_rest_comes_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While the analysis runs, a step whose turn is judged shows its verdict, CP lost
    and reason, m and n jump among the mistakes found so far (saying that more may
    come), a step not judged yet says so, and each player's CP lost and the lesson wait
    for the end. The review is a stand-in that judges one turn, then waits for the test."""
    record = bot_record()
    run = judging_one_turn_then_waiting(record, monkeypatch)
    early, late, forced, gate = run

    async def scenario(pilot: Pilot) -> None:
        try:
            screen = await first_turn_judged(pilot, run)
            assert screen.analysing and screen.review is None
            await press(pilot, "m")  # the one mistake found so far
            assert screen.position == early.index
            notes = [n.message for n in pilot.app._notifications]
            assert gettext(texts_learn.REVIEW_JUMP_SO_FAR) in notes
            shown = analysis(pilot)
            assert "lost 4.0 CP" in shown and gettext(texts_learn.REVIEW_MISTAKE) in shown
            assert f"Reason of the mistake at {early.index}." in shown
            listed = region_words(pilot.app, screen.query_one("#mistakes"))
            round_ = (early.turn - 1) // 2 + 1
            assert f"▸ round {round_} {record.setup.players[early.seat]}: −4.0 CP" in listed
            assert gettext(texts_learn.REVIEW_MISTAKES_SO_FAR) in listed
            assert gettext(texts_learn.REVIEW_SUMMARY_LATER) in listed
            assert "CP lost =" not in listed and "no CP lost" not in listed
            await press(pilot, "home", "n")
            assert screen.position == early.index
            screen.go_to(late.index)
            await pilot.pause()
            assert gettext(texts_learn.REVIEW_PENDING) in analysis(pilot)
            if forced:
                screen.go_to(forced[0])
                await pilot.pause()
                assert gettext(texts_learn.REVIEW_FORCED) in analysis(pilot)
            await press(pilot, "end")
            assert gettext(texts_learn.REVIEW_LESSON_LATER) in analysis(pilot)
            assert screen.analysing  # all of it before the review ended
        finally:
            gate.set()
        await analysed(pilot)
        assert "Point one of the lesson." in analysis(pilot)
        screen.go_to(late.index)
        await pilot.pause()
        assert "lost 6.0 CP" in analysis(pilot)
        listed = region_words(pilot.app, screen.query_one("#mistakes"))
        assert gettext(texts_learn.REVIEW_MISTAKES_SO_FAR) not in listed
        assert "CP lost" in listed  # each player's, at the end

    run_viewer(record, scenario)


def test_r_on_the_end_screen_opens_the_review_and_escape_comes_back(tmp_path: Path) -> None:
    record = bot_record(None)
    match = Match(record)
    assert match.state.is_over

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await reach_end_screen(pilot)
            assert isinstance(app.screen, EndScreen)
            await press(pilot, "r")
            assert isinstance(app.screen, ReviewScreen)
            await press(pilot, "escape")  # stops the analysis
            await analysed(pilot)
            await press(pilot, "escape")  # leaves
            assert isinstance(app.screen, EndScreen)

    asyncio.run(go())


def test_orbis_replay_view_opens_the_viewer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    path.write_text(bot_record().to_json(), encoding="utf-8")
    opened: list[tuple[GameRecord, bool]] = []

    def fake_viewer(record: GameRecord, *, analyse: bool = True) -> int:
        opened.append((record, analyse))
        return 0

    import orbis_tui.tui.viewer as viewer

    monkeypatch.setattr(viewer, "run_viewer", fake_viewer)
    assert cli.main(["replay", str(path), "--view", "--no-analysis"]) == 0
    assert len(opened) == 1
    assert opened[0][0].actions == json.loads(path.read_text())["actions"]
    assert opened[0][1] is False


async def _pages(pilot: Pilot, panel, key: str) -> list[str]:
    """Every row ``panel`` shows, page after page, turned with ``key`` (+ or .)."""
    rows: list[str] = []
    for _ in range(40):
        region = panel.content_region
        shown = screen_text(pilot.app).splitlines()[region.y : region.bottom]
        rows.extend(row[region.x : region.right].rstrip() for row in shown)
        if not panel.can_scroll(1):
            break
        await press(pilot, key)
    return rows


def test_every_reason_and_lesson_is_read_by_scrolling_with_keys_every_layout_types() -> None:
    """At 80×24 the analysis panel shows the review's own sheet (the judgement, then
    at the end the lessons), every row of it on a page that + turns to (no AltGr, as ]
    needs on a German keyboard); the mistakes list pages with the full stop."""
    from orbis_tui.analysis import GameReview
    from orbis_tui.analysis.review import MoveReview, PlayerSummary
    from orbis_tui.engine import format_action
    from orbis_tui.tui.review_sheet import judgement_sheet, lesson_sheet
    from orbis_tui.tui.widgets.panel import FittedPanel, render_line

    record = bot_record(actions=40)
    book = ReplayBook(record)
    reason = " ".join(f"Reason {n}: the futures played say so, in many words." for n in range(9))
    moves = []
    for index in range(0, 36, 3):
        state = book.state(index)
        played = record.actions[index]
        other = next(o.action for o in state.decision.options if o.legal)
        moves.append(
            MoveReview(
                index=index,
                turn=state.turn + 1,
                seat=state.current,
                kind=state.kind.value,
                played=(played,),
                best=(format_action(other),),
                played_margin=-3.0,
                best_margin=1.0,
                stderr=0.5,
                loss=4.0 + index / 10,
                mistake=True,
                reason=reason,
                hinted=False,
                verdict="mistake",
            )
        )
    lesson = tuple(f"Point {n} of the lesson, long enough to wrap onto a second row." for n in "12")
    players = tuple(
        PlayerSummary(seat, name, 6, 20.0, 6, tuple(m for m in moves if m.seat == seat)[:3], lesson)
        for seat, name in enumerate(record.setup.players)
    )
    settings = {"analyser": "expert", "per_option": 3, "time_budget": None, "seed": 0}
    review = GameReview(tuple(record.setup.players), players, tuple(moves), settings)

    def rows_of(pilot: Pilot, panel: FittedPanel, lines) -> list[str]:
        width = panel.content_size.width
        texts_ = [render_line(line) for line in lines]
        return [r.plain.rstrip() for t in texts_ for r in t.wrap(pilot.app.console, width) if r]

    async def scenario(pilot: Pilot) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        screen.use_review(review)
        move = moves[1]
        screen.go_to(move.index)
        await pilot.pause()
        panel = screen.query_one("#analysis", FittedPanel)
        sheet = judgement_sheet(book.state(move.index), move, name=review.names[move.seat])
        expected = rows_of(pilot, panel, sheet)
        assert len(expected) > panel.content_size.height  # it needs scrolling at 80×24
        assert screen.active_bindings["plus"].enabled
        rows = await _pages(pilot, panel, "+")
        assert [row for row in expected if row not in rows] == []
        await press(pilot, "-")  # and back
        assert panel.page == panel.pages - 2
        await press(pilot, "end")
        lessons = rows_of(pilot, panel, lesson_sheet(review, over=book.state(book.last).is_over))
        rows = await _pages(pilot, panel, "+")
        assert [row for row in lessons if row not in rows] == []
        mistakes = screen.query_one("#mistakes", FittedPanel)
        assert mistakes.pages > 1  # six mistakes listed and two players' losses
        assert screen.active_bindings["full_stop"].enabled
        await press(pilot, ".")
        assert mistakes.page == 1
        await press(pilot, ",")
        assert mistakes.page == 0

    run_viewer(record, scenario, analyse=False)


def test_a_move_the_review_cannot_judge_gets_no_tick_beside_not_clear() -> None:
    """A move whose futures ended about as well as the search's choice, but too noisy to
    tell (verdict unclear), reads "Best: …", its loss and "not clear", never "✓ as good
    as the search's choice" followed by "too uncertain to call it … fine"."""
    from orbis_tui.analysis.review import UNCLEAR
    from orbis_tui.engine import format_action
    from orbis_tui.tui.review_sheet import judgement_sheet

    record = bot_record(actions=10)
    book = ReplayBook(record)
    state = book.state(0)
    other = next(
        o.action
        for o in state.decision.options
        if o.legal and format_action(o.action) != record.actions[0]
    )
    move = MoveReview(
        index=0,
        turn=1,
        seat=state.current,
        kind=state.kind.value,
        played=(record.actions[0],),
        best=(format_action(other),),
        played_margin=1.0,
        best_margin=1.01,
        stderr=1.7,
        loss=0.01,
        mistake=False,
        reason="not clear: in the futures played the loss lies between 0.0 and 3.4 CP",
        hinted=False,
        verdict=UNCLEAR,
    )
    text = [line.text for line in judgement_sheet(state, move, name="Ada")]
    assert gettext(texts_learn.REVIEW_AS_GOOD) not in text
    assert any(t.startswith("Best: ") for t in text)
    assert fill(texts_learn.REVIEW_LOST, loss=0.01, stderr=1.7) in text
    fine = dataclasses.replace(move, verdict="fine", reason="")
    assert gettext(texts_learn.REVIEW_AS_GOOD) in [
        line.text for line in judgement_sheet(state, fine, name="Ada")
    ]
