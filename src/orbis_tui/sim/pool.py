"""Running many independent games, on one core or on worker processes.

The worker processes are :mod:`orbis_tui.processes`'s, as the review's are: spawned
fresh (a game takes its settings from its job, not from this process), ignoring
Ctrl+C (which stops the run here, and the workers with it) and ending with this
process. Each job is sent sealed, and whatever happens to it ends the wait for it: a
game's own exception is raised here as it was raised there; a worker lost during its
games (killed, out of memory) or a game or its result that cannot be carried between
the processes raises :class:`GamesLost`, naming the games, and stops the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from ..processes import WorkerLost, close_pool, each_result, started_pool, stop_pool

Job = TypeVar("Job")
Done = TypeVar("Done")


class GamesLost(RuntimeError):
    """The worker processes could not play some games: ``games``, the jobs of the
    games concerned (empty when it is not known which), ``cause``: what went wrong."""

    def __init__(self, games: Sequence[object], cause: WorkerLost) -> None:
        super().__init__(str(cause))
        self.games = list(games)
        self.cause = cause


def run_jobs(worker: Callable[[Job], Done], work: Iterable[Job], jobs: int = 1) -> Iterator[Done]:
    """``worker`` on every job: in order on this core when ``jobs`` is 1, else on
    ``jobs`` worker processes, as the jobs finish (``worker`` must be a module
    function, the jobs and what they give picklable)."""
    if jobs <= 1:
        for job in work:
            yield worker(job)
        return
    listed = list(work)
    if not listed:
        return
    pool = started_pool(min(jobs, len(listed)))
    left = len(listed)
    try:
        for _number, done in each_result(pool, worker, listed):
            left -= 1
            yield done
    except WorkerLost as lost:
        raise GamesLost([listed[number] for number in lost.jobs], lost) from lost
    finally:
        # every job done: the workers are told to end; else (an error, or the caller
        # stopped reading) they are stopped at once, the games under way left unplayed
        if left == 0:
            close_pool(pool)
        else:
            stop_pool(pool)
