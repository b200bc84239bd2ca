"""Jobs run on several processes: the review's turns (orbis_tui.analysis.parallel)."""

from __future__ import annotations

import math
import multiprocessing
import time

from orbis_tui.analysis.parallel import MAX_WORKERS, run_jobs, worker_count


def test_every_job_is_done_once_with_its_own_result_whatever_the_processes() -> None:
    jobs = [3, 7, 1, 12, 5]
    for workers in (1, 2):
        results: dict[int, int] = {}
        assert run_jobs(math.factorial, jobs, workers, results.__setitem__)
        assert results == {n: math.factorial(job) for n, job in enumerate(jobs)}


def test_a_cancel_stops_the_jobs_running_at_once_and_leaves_no_process() -> None:
    """Jobs that would sleep a minute each are stopped, not waited for."""
    finished: list[int] = []
    asked = 0

    def cancel() -> bool:
        nonlocal asked
        asked += 1
        return asked > 3  # the workers are busy by then

    assert not run_jobs(time.sleep, [60, 60, 60], 2, lambda n, _: finished.append(n), cancel)
    assert finished == []
    assert multiprocessing.active_children() == []


def test_a_cancel_before_the_first_job_runs_nothing() -> None:
    finished: list[int] = []
    assert not run_jobs(math.factorial, [1, 2], 1, lambda n, _: finished.append(n), lambda: True)
    assert finished == []


def test_a_review_uses_the_processors_it_may_run_on_within_a_bound() -> None:
    assert 1 <= worker_count() <= MAX_WORKERS
