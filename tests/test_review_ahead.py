"""The review prepared while the game is played: turns judged as they end, taken by the
review as they are, and the review the same as one judged from nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from orbis_tui.analysis import JudgedAhead
from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.ahead import turn_jobs
from orbis_tui.analysis.review import TurnJudgements, _TurnJob, review_record
from orbis_tui.engine import parse_action
from orbis_tui.records import GameRecord, replay
from test_review import opening, planted

SIZE = 2  # search iterations per option: small keeps the tests quick
WAIT = 300.0  # seconds at most for the worker: an event, not a pause; only a hang hits it


@pytest.fixture
def ahead() -> Iterator[JudgedAhead]:
    # at the review's priority: at the lowest, a loaded machine can starve it for minutes
    judged = JudgedAhead(per_option=SIZE, quiet=False)
    yield judged
    judged.close()


def within_turn(record: GameRecord) -> GameRecord:
    """``record`` and the first action of the turn after it (the turn is under way)."""
    return GameRecord(setup=record.setup, actions=planted()[0].actions[: len(record.actions) + 1])


def test_the_turns_over_are_judged_and_the_turn_under_way_is_not(ahead: JudgedAhead) -> None:
    record = within_turn(opening(2))
    state = replay(record)
    over = [job for _, job in turn_jobs(record, per_option=SIZE) if turn_of(job) < state.turn]
    assert over and len(over) < len(turn_jobs(record, per_option=SIZE))
    ahead.game_moved(record, state)
    ahead.game_moved(record, state)
    assert ahead.wait(WAIT) and ahead.pending == 0
    assert ahead.sent == len(ahead.known()) == len(over)  # each turn sent once


def test_the_review_takes_the_turns_judged_ahead_and_is_the_same(
    ahead: JudgedAhead, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The turns judged while the game was played are not judged again, and the review
    is the one judged from nothing (each turn's judgements handed over too)."""
    final = opening(2)
    fresh = review_record(final, per_option=SIZE, workers=1)
    played = GameRecord(setup=final.setup, actions=[])
    state = replay(played)
    # the game played here, the turns sent as they end; the last action is played only
    # once the game is reviewed, so its turn is judged then
    for text in final.actions[:-1]:
        state.apply(parse_action(text))
        played.actions.append(text)
        ahead.game_moved(played, state)
    assert ahead.wait(WAIT)
    known = ahead.known()
    judged_here = counting_turns_judged(monkeypatch)
    handed: list[int] = []
    review = review_record(
        final,
        per_option=SIZE,
        workers=1,
        known=known,
        judged=lambda moves: handed.extend(m.index for m in moves),
    )
    assert review == fresh
    assert sorted(handed) == [m.index for m in review.moves]
    all_turns = turn_jobs(final, per_option=SIZE)
    assert known and len(known) + len(judged_here) == len(all_turns)
    assert [turn_of(job) for job in judged_here] == [max(turn_of(j) for _, j in all_turns)]


def test_a_turn_is_known_by_what_its_judgement_depends_on() -> None:
    """The same turn of the same game has the same key whatever came after it; a hint
    shown at one of its decisions, another size of search or another deal is another."""
    short, longer = opening(2), opening(4)
    keys = [key for key, _ in turn_jobs(short, per_option=SIZE)]
    assert [key for key, _ in turn_jobs(longer, per_option=SIZE)][: len(keys)] == keys
    first = turn_jobs(short, per_option=SIZE)[0][1].decisions[0][0].index
    hinted = GameRecord(setup=short.setup, actions=short.actions, hints=[first])
    assert turn_jobs(hinted, per_option=SIZE)[0][0] != keys[0]
    assert turn_jobs(short, per_option=SIZE + 1)[0][0] != keys[0]
    assert turn_jobs(short, per_option=SIZE, seed=1)[0][0] != keys[0]


def test_closed_it_sends_nothing_and_keeps_what_was_judged(ahead: JudgedAhead) -> None:
    record = opening(2)
    ahead.close()
    ahead.game_moved(record, replay(record))
    assert ahead.wait(WAIT) and ahead.sent == 0 and ahead.known() == {}


def counting_turns_judged(monkeypatch: pytest.MonkeyPatch) -> list[_TurnJob]:
    """The turns the review judges from now on, in this process (the review's own
    function, counted): a turn taken as judged before is not among them."""
    judged: list[_TurnJob] = []
    original = review_module._judge_turn

    def counted(job: _TurnJob) -> TurnJudgements:
        judged.append(job)
        return original(job)

    monkeypatch.setattr(review_module, "_judge_turn", counted)
    return judged


def turn_of(job: _TurnJob) -> int:
    return job.decisions[0][0].state.turn


def test_a_closed_one_waits_for_nothing_and_a_record_it_cannot_read_loses_nothing(
    ahead: JudgedAhead,
) -> None:
    """Closed while a turn is being judged, nothing waits for that turn; a move it cannot
    replay is passed over (the review judges those turns itself)."""
    record = opening(2)
    broken = GameRecord(setup=record.setup, actions=["not an action"])
    ahead.game_moved(broken, replay(record))
    ahead.game_moved(record, replay(record))
    ahead.close()
    assert ahead.wait(WAIT) and ahead.pending == 0
