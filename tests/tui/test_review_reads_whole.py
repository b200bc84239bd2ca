"""The review screen at 80×24, in every language: what it says is read whole, on the
panel's first page or on the pages after it, never cut short with an ellipsis."""

from __future__ import annotations

import asyncio
import re

import pytest
from app_driver import press, region_words, screen_text

from orbis_tui import i18n
from orbis_tui.analysis.review import GameReview, MoveReview, PlayerSummary
from orbis_tui.bots import make_bot
from orbis_tui.engine import format_action, parse_action
from orbis_tui.i18n import fill
from orbis_tui.records import GameRecord, Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui.core.replay_book import ReplayBook
from orbis_tui.tui.screens.review import ReviewScreen
from orbis_tui.tui.viewer import ReviewApp
from orbis_tui.tui.widgets.panel import FittedPanel
from orbis_tui.words.texts import FUTURE_WINS

SIZE = (80, 24)


def played_record() -> GameRecord:
    """A whole game of two seeded computer players."""
    match = Match.start(setup_for_game(["Ada", "Bo"], 7, 0))
    bots = [make_bot("easy", 1), make_bot("medium", 2)]
    while not match.state.is_over:
        match.play(bots[match.state.current].choose(match.state.copy()))
    return match.record


def long_review(record: GameRecord) -> GameReview:
    """A review with a clear mistake at the first decision of each of the first eight
    turns, each with a long reason (the futures' chances, said twice), and a lesson of
    three points for each player: more than the panels hold at 80×24."""
    book = ReplayBook(record)
    moves = []
    for turn in range(1, 9):
        index = next(p for p, m in enumerate(book.moments) if m.turn == turn)
        before = book.state(index)
        played = parse_action(record.actions[index])
        other = next(o.action for o in before.decision.options if o.legal and o.action != played)
        chances = fill(FUTURE_WINS, best_win=0.45, played_win=0.32)
        move = MoveReview(
            index=index, turn=before.turn + 1, seat=before.current, kind="turn",
            played=(record.actions[index],), best=(format_action(other),),
            played_margin=-2.0, best_margin=1.0, stderr=0.5, loss=1.5 + turn,
            mistake=True, reason=f"{chances}; {chances}", hinted=False, verdict="mistake",
        )  # fmt: skip
        moves.append(move)
    small = [
        MoveReview(
            index=m.index + 1,
            turn=m.turn,
            seat=m.seat,
            kind="place",
            played=(),
            best=(),
            played_margin=0.0,
            best_margin=0.3,
            stderr=0.5,
            loss=0.3,
            mistake=False,
            reason="",
            hinted=False,
            verdict="unclear",
        )
        for m in moves
    ]
    names = tuple(record.setup.players)
    lesson = tuple(fill(FUTURE_WINS, best_win=0.5, played_win=0.1) for _ in "abc")
    players = tuple(
        PlayerSummary(
            seat,
            names[seat],
            20,
            sum(m.loss for m in [*moves, *small] if m.seat == seat),
            4,
            tuple(m for m in moves if m.seat == seat),
            lesson,
        )
        for seat in range(2)
    )
    every = tuple(sorted([*moves, *small], key=lambda m: m.index))
    return GameReview(names, players, every, {"complete": True})


async def pages(pilot, panel: FittedPanel, key: str) -> list[str]:
    """The words of each page of ``panel``, turned with ``key``."""
    said = [region_words(pilot.app, panel)]
    while panel.can_scroll(1):
        await press(pilot, key)
        said.append(region_words(pilot.app, panel))
    return said


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_every_total_and_reason_of_the_review_reads_whole_at_80x24(lang: str) -> None:
    assert i18n.set_language(lang) == lang
    record = played_record()
    review = long_review(record)  # its reasons and lessons in the language

    async def go() -> None:
        app = ReviewApp(record, analyse=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            screen.use_review(review)
            for move in [*review.moves[:4:2], None]:  # two mistakes, then the end
                screen.go_to(screen.book.last if move is None else move.index)
                await pilot.pause()
                cut = [line for line in screen_text(app).splitlines() if "…" in line]
                assert cut == [], "\n".join(cut)
                # each player's total, whole on the first page of the list or a later one
                mistakes = screen.query_one("#mistakes", FittedPanel)
                totals = [
                    line.plain
                    for line in screen._mistakes_lines()
                    if re.match(r"(Ada|Bo): ", line.plain)
                ]
                assert len(totals) == 2
                shown = await pages(pilot, mistakes, "full_stop")
                for total in totals:
                    assert any(words(total) in page for page in shown), (total, shown)
                # the judgement read on from page to page: every word of it, in order
                analysis = screen.query_one("#analysis", FittedPanel)
                read = " ".join(await pages(pilot, analysis, "plus"))
                for line in analysis.plain_lines():
                    for word in line.split():
                        assert word in read, (word, read)
                screen.go_to(0)  # back to the first pages
                await pilot.pause()

    asyncio.run(go())


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_a_percentage_keeps_its_sign_on_its_line(lang: str) -> None:
    """German and Russian write "45 %" with a no-break space: at any width the review's
    reasons wrap elsewhere, never leaving the "%" at the start of a line."""
    assert i18n.set_language(lang) == lang
    record = played_record()
    review = long_review(record)

    async def go(width: int) -> list[str]:
        app = ReviewApp(record, analyse=False)
        async with app.run_test(size=(width, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            screen.use_review(review)
            screen.go_to(review.moves[0].index)
            await pilot.pause()
            analysis = screen.query_one("#analysis", FittedPanel)
            region = analysis.content_region
            rows = []
            for _ in range(analysis.pages):
                lines = screen_text(app).splitlines()[region.y : region.bottom]
                rows += [line[region.x : region.right] for line in lines]
                await press(pilot, "plus")
            return rows

    for width in range(80, 100):
        rows = asyncio.run(go(width))
        assert any("%" in row for row in rows)
        assert not [row for row in rows if row.lstrip().startswith("%")], (width, rows)
