"""Independent jobs run on the machine's processors: the review's turns.

A review spends nearly all its time playing futures, one decision after another, on a
single processor. The decisions of different turns share nothing (each turn has its
own worlds and its own cache of futures), so their jobs can run at the same time in
processes of their own. The results are the same, whatever the number of processes
and the order they finish in: each job is computed from its own inputs alone.

Processes are started with ``spawn`` (a fresh interpreter, not a copy of this one:
the app runs threads, which a forked copy would inherit in an unknown state). The
worker processes run at a lower priority, so the window drawing the progress stays
quick, and ignore Ctrl+C, which stops the review in the main process (and the workers
with it). They end with the process that started them, however it ends: a review
killed with ``kill -9`` leaves no worker computing on (see :func:`_die_with_parent`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing import resource_tracker
from multiprocessing.pool import Pool
from pathlib import Path
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

MAX_WORKERS = 4  # more processes than this hardly speed a review of one game up
POLL_SECONDS = 0.1  # how soon a cancel is noticed while the workers are busy
WORKER_NICENESS = 5
PARENT_WATCH_SECONDS = 0.5  # how often a worker looks whether its parent still lives
PR_SET_PDEATHSIG = 1  # prctl's option: the signal sent when the parent thread ends


def worker_count() -> int:
    """How many processes a review uses: the processors this process may run on, at
    most :data:`MAX_WORKERS`."""
    try:
        processors = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        processors = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, processors))


def run_jobs(
    function: Callable[[Job], Result],
    jobs: Sequence[Job],
    workers: int,
    done: Callable[[int, Result], None],
    cancel: Callable[[], bool] | None = None,
    cost: Callable[[Job], float] | None = None,
) -> bool:
    """``function(job)`` for each of ``jobs``, on up to ``workers`` processes (in this
    one when ``workers`` is 1 or there is a single job). ``done(number, result)`` is
    called in this process for each job as it finishes, not necessarily in order;
    ``number`` is the job's place in ``jobs``. ``function`` must be importable by name
    (a module's top-level function) and the jobs and results picklable.

    With ``cost`` (a job's expected work, in any unit), the processes take the jobs
    longest first (equal costs in their order): a long job started last would leave
    the other processes idle while it runs. In this process alone they run in order.

    Returns True when every job finished, False when ``cancel`` returned True first:
    the jobs still running are then stopped at once."""
    if workers <= 1 or len(jobs) <= 1:
        for number, job in enumerate(jobs):
            if cancel is not None and cancel():
                return False
            done(number, function(job))
        return True
    numbered = [(function, number, jobs[number]) for number in dispatch_order(jobs, cost)]
    with _started_pool(min(workers, len(jobs))) as pool:
        results = pool.imap_unordered(_run_numbered, numbered)
        left = len(jobs)
        while left:
            if cancel is not None and cancel():
                return False  # leaving the block terminates the workers
            try:
                number, result = results.next(POLL_SECONDS)
            except multiprocessing.TimeoutError:
                continue
            done(number, result)
            left -= 1
    return True


def dispatch_order(jobs: Sequence[Job], cost: Callable[[Job], float] | None) -> list[int]:
    """The numbers of ``jobs`` in the order the processes take them: by ``cost``,
    highest first, equal costs (or no ``cost``) in their order."""
    numbers = list(range(len(jobs)))
    if cost is not None:
        costs = [cost(job) for job in jobs]
        numbers.sort(key=lambda number: -costs[number])  # a stable sort
    return numbers


def _started_pool(workers: int) -> Pool:
    """A pool of ``workers`` processes that ignore Ctrl+C from their first instant.

    The processes inherit the starting thread's blocked signals, so Ctrl+C is blocked
    while they start (a Ctrl+C then waits in this process, and is raised here once they
    have started) until each ignores it (:func:`_background_worker`)."""
    context = multiprocessing.get_context("spawn")
    if not hasattr(signal, "pthread_sigmask"):  # no POSIX signals: no Ctrl+C to shield
        return context.Pool(workers, initializer=_background_worker, initargs=(os.getpid(),))
    _start_resource_tracker()  # first: starting it unblocks Ctrl+C, whatever was blocked
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return context.Pool(workers, initializer=_background_worker, initargs=(os.getpid(),))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (the process that cleans up after the
    workers) if it is not running. It is handed this process's error output by its file
    number; a full-screen app replaces ``sys.stderr`` with an object that has none
    (Textual's says -1, which the start refuses), and the terminal it draws on is no
    place for the tracker's warnings: it then gets the null device instead."""
    if _file_number(sys.stderr) >= 0:
        resource_tracker.ensure_running()
        return
    with Path(os.devnull).open("w") as nowhere, contextlib.redirect_stderr(nowhere):
        resource_tracker.ensure_running()


def _file_number(stream: object) -> int:
    try:
        return int(stream.fileno())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError, TypeError):
        return -1


def _run_numbered(numbered: tuple[Callable[[Job], Result], int, Job]) -> tuple[int, Result]:
    function, number, job = numbered
    return number, function(job)


def _background_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    _die_with_parent(parent)


def _die_with_parent(parent: int) -> None:
    """End this worker when ``parent``, the process that started it, ends.

    On Linux the kernel sends SIGKILL the moment the parent goes (``PR_SET_PDEATHSIG``).
    It watches the parent *thread* that started the worker, so a pool must end before
    the thread that made it does, as :func:`run_jobs`'s does. The parent may have gone
    before the signal was asked for: then it is already someone else's child, and ends
    at once. Everywhere, a thread of the worker also looks every
    :data:`PARENT_WATCH_SECONDS` whether it is still the parent's child (a system
    without the signal, or a parent gone in a way the kernel did not report)."""
    if sys.platform.startswith("linux"):
        import ctypes  # here: the app's start has no need of it

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)  # orphaned before the signal could be asked for
    watch = threading.Thread(target=_watch_parent, args=(parent,), daemon=True)
    watch.start()


def _watch_parent(parent: int, every: float = PARENT_WATCH_SECONDS) -> None:
    """Wait until this process is no longer ``parent``'s child, then end the process."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)
