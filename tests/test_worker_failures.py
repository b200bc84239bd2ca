"""A job on worker processes that fails, in any way, ends the wait for it at once with
what went wrong: a job its worker cannot rebuild, a result this process cannot rebuild
or the worker cannot pickle, an exception (one this process cannot rebuild too), a
worker that ends during its job. For the review's jobs (orbis_tui.analysis.parallel),
the expert's kept workers (orbis_tui.processes.KeptPool), the turns judged ahead and
the review itself. Each wait is bounded (``finishes_within``): before, most of these
waited for ever."""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import worker_faults as faults
from hostile import finishes_within
from orbis_tui.analysis import JudgedAhead, ReviewFailed
from orbis_tui.analysis import ahead as ahead_module
from orbis_tui.analysis import review as review_module
from orbis_tui.analysis.ahead import turn_jobs
from orbis_tui.analysis.parallel import run_jobs
from orbis_tui.processes import KeptPool, NotCarried, RaisedInWorker, WorkerLost
from orbis_tui.records import replay
from test_review import opening

WAIT = 120.0  # seconds at most: a bound for a loaded machine; the failure ends the wait
# Turns judged for real on one worker process, niced below the machine's other work: two
# programs busy on both processors slow it tenfold (162 s measured, 14 s on a quiet one).
JUDGING_WAIT = 900.0
SIZE = 2  # search iterations per option: small keeps the reviews quick

FAILURES = [
    pytest.param(
        faults.echo,
        [1, faults.Unbuildable("a job", 1)],
        NotCarried,
        r"could not read its job: TypeError: .*missing 1 required positional argument",
        id="a job its worker cannot rebuild",
    ),
    pytest.param(
        faults.unbuildable_result,
        [1, 2],
        NotCarried,
        r"result of a worker process could not be read here: TypeError",
        id="a result this process cannot rebuild",
    ),
    pytest.param(
        faults.unpicklable_result,
        [1, 2],
        NotCarried,
        r"could not send its result back: TypeError: cannot pickle",
        id="a result its worker cannot pickle",
    ),
    pytest.param(faults.raise_value, [1, 2], ValueError, r"^no [12]$", id="an exception"),
    pytest.param(
        faults.raise_unbuildable,
        [1, 2],
        RaisedInWorker,
        r"^Unbuildable: raised for [12]$",
        id="an exception this process cannot rebuild",
    ),
    pytest.param(
        faults.end_process, [1, 2], WorkerLost, "ended during its job", id="a job ends its process"
    ),
    pytest.param(
        faults.kill_process, [1, 2], WorkerLost, "ended during its job", id="a worker killed"
    ),
    pytest.param(
        faults.half_a_result,
        [False, True],
        WorkerLost,
        "ended during its job",
        id="a worker killed while it sends its result",
    ),
]


def failure_of(work: Callable[[], object]) -> BaseException:
    outcome = finishes_within(WAIT, work)
    assert isinstance(outcome, BaseException), f"no failure: {outcome!r}"
    return outcome


@pytest.mark.parametrize(("function", "jobs", "raised", "words"), FAILURES)
def test_a_review_job_that_fails_ends_the_run_at_once_with_what_went_wrong(
    function: Callable[[object], object], jobs: Sequence[object], raised: type, words: str
) -> None:
    failure = failure_of(lambda: run_jobs(function, jobs, 2, lambda n, r: None))
    assert type(failure) is raised and re.search(words, str(failure)), repr(failure)
    assert multiprocessing.active_children() == []  # the workers were stopped


@pytest.mark.parametrize(("function", "jobs", "raised", "words"), FAILURES)
def test_a_kept_workers_job_that_fails_ends_the_wait_and_only_a_lost_worker_stops_them(
    function: Callable[[object], object], jobs: Sequence[object], raised: type, words: str
) -> None:
    """A job or a result that cannot be carried, or an exception, leaves the workers
    able to take the next search; a lost worker stops them (its job never answers)."""
    pool = KeptPool(2)
    try:
        failure = failure_of(lambda: pool.run(function, jobs))
        assert type(failure) is raised and re.search(words, str(failure)), repr(failure)
        if raised is WorkerLost:
            assert not pool.alive
        else:
            assert pool.alive
            assert finishes_within(WAIT, lambda: pool.run(faults.echo, [5, 6])) == [5, 6]
    finally:
        finishes_within(WAIT, pool.close)  # the stop too: before, one could wait for ever


@pytest.mark.parametrize("function", [faults.half_a_result, faults.killed_if])
def test_a_lost_worker_is_said_with_the_job_it_had_taken(
    function: Callable[[bool], object],
) -> None:
    """The one job whose worker was lost, not those of the worker that lives on (the
    result it sent before the other worker was lost, the job it took after)."""
    jobs = [False, True, False]
    failure = failure_of(lambda: run_jobs(function, jobs, 2, lambda n, r: None))
    assert isinstance(failure, WorkerLost) and failure.jobs == (1,), repr(failure)


def test_an_answer_handed_over_after_its_worker_was_found_lost_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One worker answers, the other then ends; the pool's own thread hands the answer
    over late, as on a busy machine, after the loss is seen: the answer is kept before
    the loss is raised (a review keeps that turn judged; it used to lose it)."""
    import orbis_tui.processes as processes

    heard = tmp_path / "heard"
    handed = processes._arrived

    def late(arrived: Any, number: int, answer: Any) -> None:
        heard.write_text("heard")  # the other worker ends now
        time.sleep(0.8)  # the loss is seen within a look or two (0.1 s each)
        handed(arrived, number, answer)

    monkeypatch.setattr(processes, "_arrived", late)
    kept: list[tuple[int, object]] = []
    jobs = [(str(heard), False), (str(heard), True)]
    failure = failure_of(
        lambda: run_jobs(faults.answer_or_end_once_heard, jobs, 2, lambda n, r: kept.append((n, r)))
    )
    assert isinstance(failure, WorkerLost) and failure.jobs == (1,), repr(failure)
    assert kept == [(0, "answered")]


def test_an_exception_in_a_job_comes_at_once_while_an_earlier_job_runs_on() -> None:
    pool = KeptPool(2)
    try:
        failure = failure_of(lambda: pool.run(faults.sleep_or_raise, [600.0, -1.0]))
        assert isinstance(failure, ValueError) and str(failure) == "a job failed at once"
        assert "Traceback" in str(failure.__cause__)  # where the worker raised it
    finally:
        pool.close()


def test_a_job_that_cannot_be_pickled_here_is_not_sent() -> None:
    pool = KeptPool(1)
    try:
        failure = failure_of(lambda: pool.run(faults.echo, [1, lambda: 2]))
        assert isinstance(failure, NotCarried) and "could not be sent" in str(failure)
        assert finishes_within(WAIT, lambda: pool.run(faults.echo, [3])) == [3]
    finally:
        pool.close()


def test_a_kept_worker_killed_while_it_waits_for_a_job_does_not_hold_up_the_next_run() -> None:
    """Killed then, it never gives back the lock of the workers' queue: its replacement
    could never take a job, and the next search would wait for ever."""
    pool = KeptPool(1)
    try:
        assert pool.run(faults.echo, [1]) == [1]
        first = pool.pids()
        (worker,) = first
        lock = pool._pool._inqueue._rlock  # type: ignore[union-attr]
        for _ in range(2400):  # until the worker waits for its next job, holding the lock
            if not lock.acquire(block=False):
                break
            lock.release()
            time.sleep(0.05)
        else:
            pytest.fail("the worker never waited for a job")
        os.kill(worker, signal.SIGKILL)
        for _ in range(2400):  # until it is replaced (the pool looks every 0.1 s)
            if pool.pids() and not first & pool.pids():
                break
            time.sleep(0.05)
        else:
            pytest.fail("the killed worker was never replaced")
        failure = failure_of(lambda: pool.run(faults.echo, [2]))
        assert isinstance(failure, WorkerLost) and "while it waited for a job" in str(failure)
        assert not pool.alive
    finally:
        pool.close()


# ------------------------------------------------------------- turns judged ahead
@pytest.fixture
def failing_turn(monkeypatch: pytest.MonkeyPatch) -> Callable[[str, int | str], None]:
    """Make the review's judgement of one turn fail (see worker_faults.judge_or_fail),
    on two worker processes whatever the machine."""

    def fail(how: str, turn: int | str) -> None:
        monkeypatch.setenv(faults.FAULT, how)
        monkeypatch.setenv(faults.FAULT_TURN, str(turn))
        monkeypatch.setattr(review_module, "_judge_turn", faults.judge_or_fail)
        monkeypatch.setattr(ahead_module, "_judge_turn", faults.judge_or_fail)
        monkeypatch.setattr(review_module, "worker_count", lambda: 2)  # on any machine

    return fail


@pytest.fixture
def ahead() -> Iterator[JudgedAhead]:
    judged = JudgedAhead(per_option=SIZE, quiet=False)
    yield judged
    judged.close()


@pytest.mark.parametrize("how", ["raise", "end"])
def test_a_turn_judged_ahead_that_fails_is_left_to_the_review_and_nothing_waits_for_it(
    ahead: JudgedAhead, failing_turn: Callable[[str, int | str], None], how: str
) -> None:
    record = opening(3)
    failing_turn(how, 0)
    ahead.game_moved(record, replay(record))
    assert ahead.wait(JUDGING_WAIT) and ahead.pending == 0
    first = {key for key, job in turn_jobs(record, per_option=SIZE) if turn_of(job) == 0}
    assert ahead.sent == 3 and not first & set(ahead.known())


def turn_of(job: review_module._TurnJob) -> int:
    return job.decisions[0][0].state.turn


# ---------------------------------------------------------------------- the review
@pytest.mark.parametrize(
    ("how", "words"),
    [
        ("raise", r"^RaisedInWorker: Unbuildable: turn \d+ failed$"),
        ("end", "^WorkerLost: a worker process ended during its job$"),
    ],
)
def test_a_review_whose_turn_fails_stops_at_once_and_keeps_the_turns_judged(
    failing_turn: Callable[[str, int | str], None], how: str, words: str
) -> None:
    """The review raised holds the turns judged before, as a review stopped by a cancel
    would (and each as the whole review judges it)."""
    record = opening(3)
    whole = review_module.review_record(record, per_option=SIZE, workers=1)
    last = faults.turn_judged(record, SIZE, -1)
    failing_turn(how, last)
    failure = failure_of(lambda: review_module.review_record(record, per_option=SIZE, workers=2))
    assert isinstance(failure, ReviewFailed) and re.search(words, str(failure)), repr(failure)
    partial = failure.review
    assert partial.settings["complete"] is False
    assert partial.moves and set(partial.moves) < set(whole.moves)
    assert last + 1 not in {move.turn for move in partial.moves}  # the game's turns, from 1
    assert multiprocessing.active_children() == []


def test_orbis_review_says_a_failed_review_and_the_turns_it_keeps(
    failing_turn: Callable[[str, int | str], None],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from orbis_tui.cli import main

    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "kept"))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(opening(3).to_plain()), encoding="utf-8")
    failing_turn("end", faults.turn_judged(opening(3), SIZE, 0))
    status = finishes_within(WAIT, lambda: main(["review", str(path), "--size", str(SIZE)]))
    assert status == 1
    said = capsys.readouterr().err
    assert "orbis review: stopped by an error (WorkerLost: a worker process ended" in said
    assert "the same command judges only the others" in said


def test_the_plain_seat_says_a_failed_review_and_the_game_goes_on(
    failing_turn: Callable[[str, int | str], None], tmp_path: Path
) -> None:
    from test_plain import play

    failing_turn("end", "every")
    done = finishes_within(
        WAIT, lambda: play(tmp_path, players=2, seed=5, levels={2: "random"}, at_end=("review",))
    )
    assert isinstance(done, tuple), done
    status, text, _reader = done
    assert status == 0
    said = "The review stopped with an error (WorkerLost: a worker process ended during its job)"
    assert said in text and "Type review to try once more." in text
