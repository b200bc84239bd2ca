"""Independent jobs run on the machine's processors: the review's turns.

A review spends nearly all its time playing futures, one decision after another, on a
single processor. The decisions of different turns share nothing (each turn has its
own worlds and its own cache of futures), so their jobs can run at the same time in
processes of their own. The results are the same, whatever the number of processes
and the order they finish in: each job is computed from its own inputs alone.

The processes are :mod:`orbis_tui.processes`'s: spawned, at a lower priority (the
window drawing the progress stays quick), ignoring Ctrl+C, which stops the review in
the main process (and the workers with it), and ending with the process that started
them, however it ends: a review killed with ``kill -9`` leaves no worker computing on.
A job that fails there (its exception, a worker lost, a job or a result that cannot be
carried between the processes: see :func:`orbis_tui.processes.each_result`) stops the
others at once and is raised in the process that asked.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..processes import close_pool, each_result, started_pool, stop_pool

Job = TypeVar("Job")
Result = TypeVar("Result")

MAX_WORKERS = 4  # more processes than this hardly speed a review of one game up


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
    the jobs still running are then stopped at once. A job that fails stops them too,
    and its failure is raised here (on processes, as soon as it happens: the job's
    exception, or :class:`orbis_tui.processes.WorkerLost` when its worker was lost or
    the job or its result could not be carried between the processes)."""
    if workers <= 1 or len(jobs) <= 1:
        for number, job in enumerate(jobs):
            if cancel is not None and cancel():
                return False
            done(number, function(job))
        return True
    order = dispatch_order(jobs, cost)
    pool = started_pool(min(workers, len(jobs)))
    left = len(jobs)
    try:
        for place, result in each_result(pool, function, [jobs[n] for n in order], cancel):
            done(order[place], result)
            left -= 1
    finally:
        # every job done: the workers are told to end; else (cancelled, or an error)
        # they are stopped at once, a job under way left unfinished
        if left == 0:
            close_pool(pool)
        else:
            stop_pool(pool)
    return left == 0


def dispatch_order(jobs: Sequence[Job], cost: Callable[[Job], float] | None) -> list[int]:
    """The numbers of ``jobs`` in the order the processes take them: by ``cost``,
    highest first, equal costs (or no ``cost``) in their order."""
    numbers = list(range(len(jobs)))
    if cost is not None:
        costs = [cost(job) for job in jobs]
        numbers.sort(key=lambda number: -costs[number])  # a stable sort
    return numbers
