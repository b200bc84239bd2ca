"""A review once computed is kept in the data folder and reopens at once; a kept file
that is damaged or does not fit the record is ignored with a note; at 80×24 the
review's analysis (every reason, the lesson of the game) is read with ] and [."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from app_driver import press, region_words
from test_app_review import bot_record

from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.review_cache import FOLDER, ReviewCache, review_key
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts_learn
from orbis_tui.tui.screens import review as review_screen
from orbis_tui.tui.screens.review import ReviewScreen
from orbis_tui.tui.viewer import ReviewApp
from orbis_tui.tui.widgets.panel import FittedPanel


@pytest.fixture(autouse=True)
def small_review(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(review_screen, "PER_OPTION", 3)
    monkeypatch.setattr(review_module, "FIRST_WORLDS", 4)
    monkeypatch.setattr(review_module, "MAX_WORLDS", 8)
    monkeypatch.setattr(review_module, "MANY_WORLDS_FACTOR", 1)  # no more for unclear ones
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "data"))


def small(record):
    return review_module.review_record(record, per_option=2, workers=1)


def test_a_kept_review_is_read_back_whole_and_checked_against_its_record(tmp_path: Path) -> None:
    record = bot_record(30)
    review = small(record)
    cache = ReviewCache(tmp_path / FOLDER)
    key = review_key(record, per_option=2)
    assert cache.save(key, review) is None
    kept = cache.load(key, record)
    assert kept.note is None and kept.review is not None
    assert kept.review.to_json() == review.to_json()
    # another record, or other parameters, is another key
    other = bot_record(30, seed=8)
    assert review_key(other, per_option=2) != key
    assert review_key(record, per_option=3) != key
    assert review_key(record, per_option=2, lang="de") != key
    # the file of one record is never taken for another's
    assert cache.load(key, other).review is None
    assert "players" in (cache.load(key, other).note or "") or cache.load(key, other).note


def test_a_damaged_or_forged_kept_review_is_ignored_with_a_note(tmp_path: Path) -> None:
    record = bot_record(30)
    review = small(record)
    cache = ReviewCache(tmp_path / FOLDER)
    key = review_key(record, per_option=2)
    path = cache.path(key)
    path.parent.mkdir(parents=True)
    path.write_text("{ not json")
    kept = cache.load(key, record)
    assert kept.review is None and kept.note is not None and path.name in kept.note
    data = json.loads(review.to_json())
    assert data["moves"], "the game has decisions judged"
    data["moves"][0]["played"] = ["take 9"]  # a move the record never played
    path.write_text(json.dumps(data))
    kept = cache.load(key, record)
    assert kept.review is None and "not played" in (kept.note or "")
    data = json.loads(review.to_json())
    data["moves"][0]["loss"] = -3.0
    path.write_text(json.dumps(data))
    assert cache.load(key, record).review is None
    path.unlink()
    path.mkdir()  # not a file at all
    assert cache.load(key, record).review is None
    # an unfinished review is not kept
    unfinished = review_module.GameReview(
        review.names, review.players, review.moves, {**review.settings, "complete": False}
    )
    path.rmdir()
    assert cache.save(key, unfinished) is None and not path.exists()


@pytest.mark.slow  # a review computed first
def test_the_review_reopens_at_once_and_every_reason_and_the_lesson_scroll_into_view(
    tmp_path: Path,
) -> None:
    from dataclasses import replace

    record = bot_record(60)
    computed = review_module.review_record(record, per_option=3, workers=1)
    # the lesson of the game, long enough for several pages of the 80×24 panel
    lessons = [f"point {n} of what decided the game, worded at length to wrap" for n in range(6)]
    players = tuple(replace(p, lesson=tuple(lessons)) for p in computed.players)
    review = replace(computed, players=players)
    first = {"review": review.to_json()}
    folder = tmp_path / "data" / FOLDER
    ReviewCache(folder).save(review_key(record, per_option=3), review)

    async def reopen() -> None:
        app = ReviewApp(record)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, ReviewScreen)
            assert not screen.analysing  # no analysis started: the kept one shows
            assert screen.review is not None and screen.review.to_json() == first["review"]
            panel = screen.query_one("#analysis", FittedPanel)
            # every reason of a mistake, whole, on the pages ] shows
            for move in [m for m in screen.review.moves if m.reason][:4]:
                screen.go_to(move.index)
                await pilot.pause()
                words = await read_all(pilot, panel)
                assert " ".join(move.reason.split()) in words
            await press(pilot, "end")
            words = await read_all(pilot, panel)
            for player in screen.review.players:
                if player.lesson:
                    assert gettext(texts_learn.REVIEW_LESSON).format(name=player.name) in words
                    for point in player.lesson:
                        assert " ".join(point.split()) in words

    asyncio.run(reopen())


async def read_all(pilot, panel: FittedPanel) -> str:
    """The words of every page of ``panel``, from the first, read with ] (each line
    whole on some page: a page repeats the last row of the one before)."""
    while panel.can_scroll(-1):
        await press(pilot, "[")
    pages = [region_words(pilot.app, panel)]
    while panel.can_scroll(1):
        await press(pilot, "]")
        pages.append(region_words(pilot.app, panel))
    return " ".join(pages)
