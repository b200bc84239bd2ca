"""Jobs run on several processes: the review's turns (orbis_tui.analysis.parallel)."""

from __future__ import annotations

import io
import math
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

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


class _ScreenErrorOutput(io.StringIO):
    """What a full-screen app puts in ``sys.stderr``: no file behind it (-1, as Textual)."""

    def fileno(self) -> int:
        return -1


def run_with_screen_error_output() -> None:
    sys.stderr = _ScreenErrorOutput()
    results: dict[int, int] = {}
    assert run_jobs(math.factorial, [4, 5], 2, results.__setitem__)
    print(sorted(results.values()))


def test_jobs_run_from_inside_a_full_screen_app_whose_error_output_has_no_file() -> None:
    """In a fresh process, as the app is: multiprocessing's helper is started there."""
    code = "import test_parallel as t; t.run_with_screen_error_output()"
    tests = str(Path(__file__).parent)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tests, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[24,", "120]"]
