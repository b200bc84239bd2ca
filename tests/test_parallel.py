"""Jobs run on several processes: the review's turns (orbis_tui.analysis.parallel)."""

from __future__ import annotations

import contextlib
import io
import math
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hostile import finishes_within
from orbis_tui.analysis.parallel import MAX_WORKERS, dispatch_order, run_jobs, worker_count


def test_every_job_is_done_once_with_its_own_result_whatever_the_processes() -> None:
    jobs = [3, 7, 1, 12, 5]
    for workers in (1, 2):
        results: dict[int, int] = {}
        assert run_jobs(math.factorial, jobs, workers, results.__setitem__)
        assert results == {n: math.factorial(job) for n, job in enumerate(jobs)}


def test_with_a_cost_the_longest_jobs_go_first_and_each_result_keeps_its_number() -> None:
    """A long job started last leaves the other processes idle while it runs."""
    jobs = [3, 9, 1, 12, 9, 5]
    assert dispatch_order(jobs, None) == [0, 1, 2, 3, 4, 5]
    assert dispatch_order(jobs, float) == [3, 1, 4, 5, 0, 2]  # equal costs in order
    for workers in (1, 2):
        results: dict[int, int] = {}
        assert run_jobs(math.factorial, jobs, workers, results.__setitem__, cost=float)
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


# ---------------------------------------------------------------- a parent killed with -9
_KILLED_PARENT = """
import threading, time
from multiprocessing import resource_tracker
from hostile import tell_and_wait
from orbis_tui.analysis.parallel import run_jobs

def tell():  # the resource tracker's process id, once it runs
    while resource_tracker._resource_tracker._pid is None:
        time.sleep(0.05)
    print("tracker", resource_tracker._resource_tracker._pid, flush=True)

threading.Thread(target=tell, daemon=True).start()
run_jobs(tell_and_wait, [600, 600], 2, lambda number, result: None)
"""

_WATCHED_CHILD = """
import os
from orbis_tui.processes import watch_parent
parent = os.getppid()  # before saying it runs: the test kills the parent once it has
print(os.getpid(), flush=True)
watch_parent(parent, every=0.05)
"""

_PARENT_OF_A_WATCHER = f"""
import subprocess, sys, time
subprocess.Popen([sys.executable, "-c", {_WATCHED_CHILD!r}])
time.sleep(600)
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie left for a parent to reap does not)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the process
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return fields[0] != "Z"


def _all_end(pids: list[int], deadline_seconds: float = 60.0) -> bool:
    """Whether the processes all end within the deadline (those that do not are then
    ended, so that a failing test leaves nothing computing)."""
    deadline = time.monotonic() + deadline_seconds
    while any(_running(pid) for pid in pids):
        if time.monotonic() > deadline:
            for pid in pids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            return False
        time.sleep(0.05)
    return True


def _pids_once_started(script: str, lines: int) -> tuple[subprocess.Popen[str], list[int]]:
    """Start ``script``, and read the process ids it prints on its first ``lines`` lines
    (each ends with one)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent)}
    parent = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env
    )
    assert parent.stdout is not None
    pids = []
    for _ in range(lines):
        line = finishes_within(180, parent.stdout.readline)
        assert isinstance(line, str) and line.strip(), "the processes did not start"
        pids.append(int(line.split()[-1]))
    return parent, pids


def test_workers_end_when_their_parent_is_killed() -> None:
    """`kill -9` of a review: its workers and the resource tracker end with it, instead
    of computing for minutes as children of the init process."""
    parent, pids = _pids_once_started(_KILLED_PARENT, 3)  # two jobs and the tracker
    assert len(pids) == 3 and all(_running(pid) for pid in pids)
    parent.kill()
    parent.wait()
    assert _all_end(pids), [pid for pid in pids if _running(pid)]


def test_the_watch_of_the_parent_ends_a_process_without_the_kernels_signal() -> None:
    """The watch alone (no death signal asked for, as on other systems) ends the child."""
    parent, pids = _pids_once_started(_PARENT_OF_A_WATCHER, 1)
    assert _running(pids[0])
    parent.kill()
    parent.wait()
    assert _all_end(pids)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl is Linux's")
def test_a_worker_asks_the_kernel_to_end_it_with_its_parent() -> None:
    script = """
import ctypes, os, signal
from orbis_tui.processes import die_with_parent
die_with_parent(os.getppid())
libc = ctypes.CDLL(None)
sent = ctypes.c_int()
libc.prctl(2, ctypes.byref(sent), 0, 0, 0)  # PR_GET_PDEATHSIG
print(sent.value == signal.SIGKILL)
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.stdout.strip() == "True", done.stderr


def test_workers_are_stopped_even_when_one_was_killed_while_waiting_for_a_job() -> None:
    """A worker waiting for its next job holds its queue's lock; killed then, it never
    gives it back, and ``Pool.terminate`` alone would wait for that lock for ever."""
    from orbis_tui.processes import started_pool, stop_pool

    pool = started_pool(1)
    assert pool.apply(abs, (-2,)) == 2
    (worker,) = pool._pool  # type: ignore[attr-defined]
    lock = pool._inqueue._rlock  # type: ignore[attr-defined]
    for _ in range(600):  # until the worker is back waiting, holding the lock
        if not lock.acquire(block=False):
            break
        lock.release()
        time.sleep(0.05)
    else:
        pytest.fail("the worker never waited for a job")
    os.kill(worker.pid, signal.SIGKILL)
    worker.join()
    assert finishes_within(60, lambda: stop_pool(pool)) is None


def test_workers_are_stopped_even_when_one_was_killed_while_it_sent_its_result() -> None:
    """A worker holds the lock of the results' queue while it sends a result; killed
    then, it never gives it back, and the end of the results that ``Pool.terminate``
    sends would wait for that lock for ever (here this process holds it, as the lost
    worker would)."""
    from orbis_tui.processes import started_pool, stop_pool

    pool = started_pool(1)
    assert pool.apply(abs, (-2,)) == 2
    lock = pool._outqueue._wlock  # type: ignore[attr-defined]
    assert lock.acquire(timeout=60)
    try:
        assert finishes_within(60, lambda: stop_pool(pool)) is None
    finally:
        lock.release()


def test_workers_done_with_every_job_are_told_to_end_and_end_by_themselves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once every job is done the workers end by themselves (exit code 0), not by a
    stop: a stop gives their queue a fresh lock, and a worker still waiting under the
    old one could take part of what the stop reads, leaving it waiting for ever."""
    from multiprocessing.pool import Pool

    from orbis_tui.analysis import parallel
    from orbis_tui.processes import started_pool

    pools: list[Pool] = []

    def kept(workers: int) -> Pool:
        pool = started_pool(workers)
        pools.append(pool)
        return pool

    monkeypatch.setattr(parallel, "started_pool", kept)
    results: dict[int, int] = {}
    assert run_jobs(math.factorial, [3, 7, 1, 12], 2, results.__setitem__)
    (pool,) = pools
    workers = pool._pool  # type: ignore[attr-defined]
    assert len(workers) == 2
    assert [worker.exitcode for worker in workers] == [0, 0]
    assert multiprocessing.active_children() == []
