"""Running many independent games, on one core or on a pool of processes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

Job = TypeVar("Job")
Done = TypeVar("Done")


def run_jobs(
    worker: Callable[[Job], Done], work: Iterable[Job], jobs: int = 1, chunksize: int = 1
) -> Iterator[Done]:
    """``worker`` on every job: in order on this core when ``jobs`` is 1, else in a pool of
    ``jobs`` forked processes, as the jobs finish (``worker`` must be a module function)."""
    if jobs <= 1:
        for job in work:
            yield worker(job)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(worker, work, chunksize=chunksize)
