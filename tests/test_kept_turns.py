"""Judged turns kept on disk: a review stopped and opened again, a game resumed, and
``orbis review`` of a game played here take them as they are, and the review is the
same; what is found on disk is checked before it is believed."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from orbis_tui.analysis import JudgedAhead, KeptTurns, ReviewCache
from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.ahead import turn_jobs
from orbis_tui.analysis.kept_turns import turn_from_json, turn_to_json
from orbis_tui.analysis.review import TurnJudgements, review_record
from orbis_tui.records import GameRecord, replay
from test_review import opening
from test_review_ahead import SIZE, WAIT, counting_turns_judged


def test_a_review_keeps_its_turns_and_the_next_one_judges_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = opening(2)
    kept = ReviewCache.in_data_folder(tmp_path).turns
    first = review_record(record, per_option=SIZE, workers=1, kept=kept)
    turns = len(turn_jobs(record, per_option=SIZE))
    assert len(list((tmp_path / "reviews" / "turns").glob("*.json"))) == turns
    judged = counting_turns_judged(monkeypatch)
    again = review_record(record, per_option=SIZE, workers=1, kept=kept)
    assert again == first and judged == []


def test_a_review_stopped_half_way_keeps_what_it_judged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancelled after its first turn, the review covers that turn; opened again, it
    judges only the others, and equals a review judged from nothing."""
    record = opening(2)
    kept = KeptTurns(tmp_path)
    told: list[int] = []
    stopped = review_record(
        record,
        per_option=SIZE,
        workers=1,
        kept=kept,
        judged=lambda moves: told.append(len(moves)),
        cancel=lambda: bool(told),
    )
    assert stopped.settings["complete"] is False and stopped.moves
    judged = counting_turns_judged(monkeypatch)
    whole = review_record(record, per_option=SIZE, workers=1, kept=kept)
    assert whole.settings["complete"] is True
    assert len(judged) == len(turn_jobs(record, per_option=SIZE)) - len(told)
    monkeypatch.undo()
    assert whole == review_record(record, per_option=SIZE, workers=1)


def test_a_resumed_game_sends_no_turn_judged_before(tmp_path: Path) -> None:
    """The turns judged while the game was first played are found on disk when it is
    resumed: none is sent to the worker again, and the review has them all."""
    record = opening(2)
    state = replay(record)
    first = JudgedAhead(per_option=SIZE, quiet=False, kept=KeptTurns(tmp_path))
    try:
        first.game_moved(record, state)
        assert first.wait(WAIT)
        before = first.known()
    finally:
        first.close()
    assert before
    resumed = JudgedAhead(per_option=SIZE, quiet=False, kept=KeptTurns(tmp_path))
    try:
        resumed.game_moved(record, state)
        assert resumed.wait(WAIT)
        assert resumed.known() == before
        assert resumed._pool is None  # no worker was started: nothing was left to judge
    finally:
        resumed.close()


def test_a_kept_turn_that_does_not_fit_the_record_is_judged_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A damaged file, or one whose moves are not the record's, is ignored with a note
    in the log, and the turn is judged again and written over it."""
    record = opening(2)
    kept = KeptTurns(tmp_path)
    fresh = review_record(record, per_option=SIZE, workers=1, kept=kept)
    key = turn_jobs(record, per_option=SIZE)[0][0]
    path = kept.path(key)
    good = path.read_text()
    other = GameRecord(setup=record.setup, actions=["god fire", *record.actions[1:]])
    with pytest.raises(ValueError, match="was not played in the record"):
        turn_from_json(good, other)
    for damaged in ("{not json", good.replace('"iterations": ', '"iterations": -'), "[]"):
        path.write_text(damaged)
        with caplog.at_level(logging.WARNING, logger="orbis_tui.analysis.kept_turns"):
            assert kept.get(key, record) is None
        assert path.name in caplog.text
        caplog.clear()
        assert review_record(record, per_option=SIZE, workers=1, kept=kept) == fresh
        assert path.read_text() == good


def test_a_turn_reads_back_as_it_was_written() -> None:
    record = opening(2)
    judgements = review_module._judge_turn(turn_jobs(record, per_option=SIZE)[0][1])
    assert turn_from_json(turn_to_json(judgements), record) == judgements


def test_only_the_newest_turns_are_kept(tmp_path: Path) -> None:
    record = opening(2)
    kept = KeptTurns(tmp_path, limit=1)
    written: list[str] = []
    put = kept.put

    def noted(key: str, judgements: TurnJudgements) -> None:
        written.append(key)
        put(key, judgements)

    kept.put = noted  # type: ignore[method-assign]
    review_record(record, per_option=SIZE, workers=1, kept=kept)
    assert len(written) == len(turn_jobs(record, per_option=SIZE)) > 1
    assert list(tmp_path.glob("*.json")) == [kept.path(written[-1])]


def test_a_read_only_folder_is_read_and_never_written(tmp_path: Path) -> None:
    record = opening(2)
    review_record(record, per_option=SIZE, workers=1, kept=KeptTurns(tmp_path))
    files = {path: path.read_bytes() for path in tmp_path.glob("*.json")}
    reader = ReviewCache(tmp_path / "elsewhere", writable=False).turns
    review_record(record, per_option=SIZE, workers=1, kept=reader)
    assert not (tmp_path / "elsewhere").exists()
    read_only = KeptTurns(tmp_path, writable=False)
    key = turn_jobs(record, per_option=SIZE)[0][0]
    assert read_only.get(key, record) is not None
    assert {path: path.read_bytes() for path in tmp_path.glob("*.json")} == files
