"""The mistakes a review finds, said in the game's order though its turns are judged in
any order (orbis_tui.analysis.review_order.InTurnOrder): the plain seat's review holds a
turn back only while an earlier one is still being judged."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from orbis_tui.analysis import MoveReview
from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.review import review_record
from orbis_tui.analysis.review_order import InTurnOrder, judged_turns
from orbis_tui.plain.advice import found_line, mistakes_said
from orbis_tui.records import GameRecord, load_record

RECORD = Path(__file__).resolve().parent / "golden" / "eager-3p.record.json"


def _record() -> GameRecord:
    return load_record(RECORD.read_text(encoding="utf-8"))[0]


def _mistake(turn: int, seat: int = 0) -> MoveReview:
    return MoveReview(
        index=turn, turn=turn, seat=seat, kind="turn", played=("take 1",), best=("take 2",),
        played_margin=-2.0, best_margin=1.0, stderr=0.5, loss=3.0, mistake=True, reason="",
        hinted=False, verdict="mistake",
    )  # fmt: skip


@pytest.mark.parametrize("seats", [None, [1]])
def test_the_turns_named_are_those_the_review_hands_over(
    monkeypatch: pytest.MonkeyPatch, seats: list[int] | None
) -> None:
    """One per job the review runs, in the jobs' order (the jobs are caught, not run)."""
    jobs: list[Any] = []

    def caught(function: object, given: list[Any], *args: object, **kwargs: object) -> bool:
        jobs.extend(given)
        return False  # as if stopped before any was judged

    monkeypatch.setattr(review_module, "run_jobs", caught)
    record = _record()
    review_record(record, seats=seats, per_option=1)
    turns = [job.decisions[0][0].state.turn + 1 for job in jobs]
    for job, turn in zip(jobs, turns, strict=True):  # a job is one turn
        assert {d.state.turn + 1 for d, _ in job.decisions} == {turn}
    assert judged_turns(record, seats) == tuple(turns)
    assert len(turns) > 10 and turns == sorted(set(turns))


def test_a_turn_judged_early_waits_only_for_the_turns_before_it() -> None:
    handed: list[int] = []
    order = InTurnOrder([2, 3, 5, 7], lambda moves: handed.append(moves[0].turn))
    order((_mistake(2),))
    assert handed == [2]  # nothing before it: at once
    order((_mistake(5),))
    order((_mistake(7),))
    assert handed == [2]  # 3 is still being judged
    order((_mistake(3),))
    assert handed == [2, 3, 5, 7]
    order((_mistake(4),))  # a turn not named: at once, never lost
    assert handed == [2, 3, 5, 7, 4]


def test_a_review_stopped_releases_what_it_held_back_in_the_games_order() -> None:
    """Stopped while turn 3 is still being judged, the turns judged after it are handed
    on in the game's order (none lost, none twice), and the count says how far it got."""
    handed: list[int] = []
    order = InTurnOrder([2, 3, 5, 7], lambda moves: handed.append(moves[0].turn))
    order((_mistake(7),))
    order((_mistake(2),))
    order((_mistake(5),))
    assert handed == [2]
    assert (order.arrived, order.total) == (3, 4)
    order.release_held()
    assert handed == [2, 5, 7]
    order.release_held()  # nothing held any more: nothing said twice
    assert handed == [2, 5, 7]


def test_the_plain_seats_review_says_the_mistakes_in_the_games_order() -> None:
    """Each turn's judgements as the review hands them over, the later turns first: each
    mistake is said as soon as every turn before it is judged, in the game's order."""
    record = _record()
    first, second, third = judged_turns(record)[:3]
    said: list[str] = []
    judged = mistakes_said(said.append, record)
    names = record.setup.players
    lines = {t: found_line(_mistake(t, seat=t % len(names)), names) for t in (first, third)}
    judged((_mistake(third, seat=third % len(names)),))
    assert said == []  # the turns before it are still being judged
    judged((_mistake(first, seat=first % len(names)),))
    assert said == [lines[first]]  # at once: no turn before it
    fine = replace(_mistake(second), mistake=False, loss=0.2, verdict="fine")
    judged((fine,))  # no mistake to say, but the turn is judged: the later one follows
    assert said == [lines[first], lines[third]]
