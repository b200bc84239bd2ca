"""Jobs on worker processes, and a pool of them kept between searches.

The worker processes are :mod:`orbis_tui.pools`'s: spawned fresh, niced, ignoring
Ctrl+C, dying with the process that started them, stopped for sure. The review's jobs
(:mod:`orbis_tui.analysis.parallel`) and the computer games of ``orbis tournament`` and
``orbis balance`` (:mod:`orbis_tui.sim.pool`) run on such processes, and the expert's
trees on a pool of them kept from one search to the next (:func:`kept_pool`), which a
table may start ahead of its first search (:func:`warm_kept_pool`).

A job sent to them (:func:`each_result`, :func:`send_job`) always ends for the process
that waits for it: its result, or its own exception raised there as it was raised in
the worker; :class:`NotCarried` when the job or its result could not be carried between
the processes (a class one side cannot rebuild: before, the worker ended, or the pool's
thread reading the results did, and the wait never did); :class:`WorkerLost` when a
worker ended during its job (killed, or the job ended the process), noticed within
:data:`POLL_SECONDS`, naming the jobs it had taken.
"""

from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import queue
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing.pool import Pool
from multiprocessing.reduction import ForkingPickler
from multiprocessing.synchronize import Semaphore
from typing import Any, TypeVar

from .pools import WorkerPool, note_start, start_resource_tracker
from .pools import background_worker as background_worker
from .pools import close_pool as close_pool
from .pools import die_with_parent as die_with_parent
from .pools import started_pool as started_pool
from .pools import stop_pool as stop_pool
from .pools import watch_parent as watch_parent

Job = TypeVar("Job")
Result = TypeVar("Result")

log = logging.getLogger(__name__)


# ------------------------------------------------------------ jobs sent to the workers
class WorkerLost(RuntimeError):
    """The worker processes could not do a job: none could be started, one ended
    before its job was done, or the job or its result could not be carried between the
    processes (:class:`NotCarried`). The job itself may well succeed in the asking
    process. ``jobs``: the numbers (in the jobs asked for) of the jobs concerned, as
    far as they are known: those a lost worker had taken, or the one not carried."""

    def __init__(self, message: str, jobs: Sequence[int] = ()) -> None:
        super().__init__(message)
        self.jobs = tuple(jobs)


class NotCarried(WorkerLost):
    """A job or its result could not be carried between the processes: pickled on one
    side, or rebuilt on the other (an object of a class that side cannot rebuild). The
    worker goes on with its next job."""


class RaisedInWorker(RuntimeError):
    """A job raised an exception that could not be carried back as it was: its type's
    name and its message, as the worker said them."""


class WorkerTraceback(Exception):
    """Where in its worker process a job's exception was raised (that exception's cause,
    as the asking process raises it)."""


POLL_SECONDS = 0.1  # how often a wait looks whether a worker was lost
# How long, once a worker is found lost, the answers already sent are waited for: the
# pool's own thread hands them over, later on a busy machine.
LOST_GRACE = 1.0

# What a worker answers for a job (see run_sealed): its outcome, the result or the
# exception pickled, the exception's words and where it was raised.
Answer = tuple[str, bytes, str, str]
_DONE, _RAISED, _UNREAD, _UNSENT = "done", "raised", "unread", "unsent"


def worker_pids(pool: Pool) -> set[int]:
    """The ids of ``pool``'s worker processes (one that ended is replaced by a new one,
    so a set that loses an id has lost a worker)."""
    workers = getattr(pool, "_pool", ())  # multiprocessing keeps them there
    return {int(worker.pid) for worker in workers if worker.pid is not None}


def send_job(
    pool: Pool,
    function: Callable[[Job], Result],
    job: Job,
    done: Callable[[Result], None],
    failed: Callable[[BaseException], None],
) -> None:
    """``function(job)`` on one of ``pool``'s workers; then, in the pool's own thread,
    ``done(result)``, or ``failed(error)``: the job's exception, :class:`NotCarried` or
    :class:`RaisedInWorker`. A worker lost during the job calls neither: look at
    :func:`worker_pids`. A job that cannot be pickled here raises :class:`NotCarried`."""

    def answered(answer: Answer) -> None:
        try:
            result: Result = _opened(answer)
        except Exception as exc:
            failed(exc)
            return
        done(result)

    sealed = _sealed(function, job)
    pool.apply_async(run_sealed, (sealed,), callback=answered, error_callback=failed)


def each_result(
    pool: Pool,
    function: Callable[[Job], Result],
    jobs: Sequence[Job],
    cancel: Callable[[], bool] | None = None,
) -> Iterator[tuple[int, Result]]:
    """``function(job)`` for each of ``jobs`` on ``pool``'s workers, which take them in
    their order; each job's number and result as soon as it is done (not necessarily in
    order). Raised here as soon as it happens: a job's own exception, :class:`NotCarried`
    and :class:`RaisedInWorker` (see :func:`send_job`), or :class:`WorkerLost` when a
    worker ended meanwhile (its job would never answer). Ends early when ``cancel``
    returns True (asked every :data:`POLL_SECONDS` at most)."""
    sealed = [_sealed(function, job) for job in jobs]  # nothing is sent if one fails
    arrived: queue.SimpleQueue[tuple[int, Answer | BaseException]] = queue.SimpleQueue()
    before = worker_pids(pool)
    tokens = [next(_tokens) for _ in sealed]
    starts = pool.starts if isinstance(pool, WorkerPool) else None
    for number, one in enumerate(sealed):
        told = partial(_arrived, arrived, number)
        pool.apply_async(run_sealed, (one, tokens[number]), callback=told, error_callback=told)
    answered: set[int] = set()
    try:
        for _ in sealed:
            while True:
                if cancel is not None and cancel():
                    return
                if starts is not None:
                    starts.read()  # the pipe of notes never fills
                try:
                    number, answer = arrived.get(timeout=POLL_SECONDS)
                    break
                except queue.Empty:
                    lost = before - worker_pids(pool)
                    if lost:
                        # the results sent before the loss (the lost worker's own
                        # among them) may still be on their way: they are kept
                        for number, answer in _late(arrived, LOST_GRACE):
                            answered.add(number)
                            yield number, _result(number, answer)
                        if starts is not None:
                            starts.read()  # the lost worker's last note, too
                        taken = [
                            n
                            for n, token in enumerate(tokens)
                            if n not in answered
                            and starts is not None
                            and starts.worker_of(token) in lost
                        ]
                        message = "a worker process ended during its job"
                        raise WorkerLost(message, taken) from None
            answered.add(number)
            yield number, _result(number, answer)
    finally:
        if starts is not None:
            starts.forget(tokens)


def _result(number: int, answer: Answer | BaseException) -> Any:
    """Job ``number``'s result from its ``answer``; its failure raised."""
    if isinstance(answer, BaseException):
        raise answer
    try:
        return _opened(answer)
    except NotCarried as exc:
        exc.jobs = (number,)
        raise


def _late(
    arrived: queue.SimpleQueue[tuple[int, Answer | BaseException]], seconds: float
) -> Iterator[tuple[int, Answer | BaseException]]:
    """The answers that arrive within ``seconds``."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            yield arrived.get(timeout=left)
        except queue.Empty:
            return


def _arrived(
    arrived: queue.SimpleQueue[tuple[int, Answer | BaseException]],
    number: int,
    answer: Answer | BaseException,
) -> None:
    arrived.put((number, answer))


_tokens = itertools.count(1)  # each job's own number, for the notes of who took it


def run_sealed(sealed: bytes, token: int = 0) -> Answer:
    """In a worker: the job ``sealed`` (a function and its argument, pickled together)
    read and run, and its outcome in words and bytes that always reach the asking
    process: the result pickled; the exception it raised pickled (when it can be), its
    words and where it was raised; or why the job could not be read or its result not
    sent. So no job ends its worker but one that ends the process itself. The job
    ``token`` is noted as taken by this worker first (see :class:`.pools.JobStarts`)."""
    note_start(token)
    try:
        function, job = ForkingPickler.loads(sealed)
    except Exception as exc:
        return _UNREAD, b"", _said(exc), ""
    try:
        result = function(job)
    except Exception as exc:
        where = "".join(traceback.format_exception(exc))
        try:
            return _RAISED, _pickled(exc), _said(exc), where
        except Exception:
            return _RAISED, b"", _said(exc), where
    try:
        return _DONE, _pickled(result), "", ""
    except Exception as exc:
        return _UNSENT, b"", _said(exc), ""


def _sealed(function: Callable[[Job], Result], job: Job) -> bytes:
    try:
        return _pickled((function, job))
    except Exception as exc:
        raise NotCarried(f"a job could not be sent to a worker process: {_said(exc)}") from exc


def _opened(answer: Answer) -> Any:
    """The result a worker answered, or its failure raised here."""
    outcome, data, said, where = answer
    if outcome == _UNREAD:
        raise NotCarried(f"a worker process could not read its job: {said}")
    if outcome == _UNSENT:
        raise NotCarried(f"a worker process could not send its result back: {said}")
    try:
        value = ForkingPickler.loads(data) if data else None
    except Exception as exc:
        if outcome == _DONE:
            message = f"the result of a worker process could not be read here: {_said(exc)}"
            raise NotCarried(message) from None
        value = None
    if outcome == _DONE:
        return value
    if isinstance(value, Exception):
        raise value from WorkerTraceback(where)
    raise RaisedInWorker(said) from WorkerTraceback(where)


def _pickled(value: object) -> bytes:
    return bytes(ForkingPickler.dumps(value))


def _said(exc: BaseException) -> str:
    """An exception in words: its type's name and its message."""
    try:
        words = str(exc)
    except Exception:  # a message that cannot be made is left out
        words = ""
    return f"{type(exc).__name__}: {words}" if words else type(exc).__name__


# ------------------------------------------------------------------ a pool kept running
def available_cores() -> int:
    """The processors this process may run on (its affinity, not the machine's count)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13 and later
    if counter is not None:
        return max(1, int(counter() or 1))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on every system
        return max(1, os.cpu_count() or 1)


class KeptPool:
    """``size`` worker processes (:func:`started_pool`'s), kept between calls.

    They are started by a thread of their own that lives as long as the pool: the
    kernel ends a worker when the *thread* that started it ends (see
    :func:`die_with_parent`), and the callers (an app's thinking thread, a table
    server's) come and go. Any thread may call :meth:`run`. Each worker imports the
    modules ``preload`` names as it starts (:meth:`wait_started` waits for that)."""

    def __init__(self, size: int, preload: Sequence[str] = ()) -> None:
        self.size = size
        self.owner = os.getpid()  # a forked copy of this process must make its own
        self._pool: Pool | None = None
        self._error: BaseException | None = None
        self._ready = threading.Event()
        self._stop = threading.Event()
        self._started: Semaphore | None = None  # released by each worker once started
        self._up = 0  # the workers seen started
        self._workers: set[int] = set()  # their process ids, as they started
        self._counting = threading.Lock()
        self._keeper = threading.Thread(
            target=self._keep, args=(tuple(preload),), name="orbis-workers", daemon=True
        )
        self._keeper.start()
        self._ready.wait()
        if self._error is not None:
            raise WorkerLost(f"no worker processes: {self._error!r}") from self._error

    def _keep(self, preload: tuple[str, ...]) -> None:
        try:
            start_resource_tracker()  # before the semaphore, which it is told of
            self._started = multiprocessing.get_context("spawn").Semaphore(0)
            self._pool = started_pool(self.size, preload, self._started)
            self._workers = worker_pids(self._pool)
        except Exception as exc:  # no processes here (a sandbox, no semaphores, ...)
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self._stop.wait()
        stop_pool(self._pool)

    @property
    def alive(self) -> bool:
        return self._pool is not None and not self._stop.is_set()

    def pids(self) -> set[int]:
        """The worker processes' ids (a worker that ended is replaced by a new one)."""
        return worker_pids(self._pool) if self._pool is not None else set()

    def wait_started(self) -> bool:
        """Wait until each worker has started (and imported what the pool preloads);
        False when the pool was stopped first."""
        with self._counting:
            while self._up < self.size:
                if not self.alive or self._started is None:
                    return False
                if self._started.acquire(timeout=POLL_SECONDS):
                    self._up += 1
        return True

    def run(self, function: Callable[[Job], Result], jobs: Sequence[Job]) -> list[Result]:
        """``function(job)`` for each of ``jobs`` on the workers, the results in the
        jobs' order. Whatever goes wrong is raised as soon as it does
        (:func:`each_result`): an exception of ``function``; :class:`NotCarried` (the
        workers are kept); :class:`WorkerLost` when a worker ends meanwhile (killed from
        outside): the pool is stopped, as its job would never answer. So it is when a
        worker was lost between two calls: one killed while it waited for a job keeps the
        others from taking any."""
        pool = self._pool
        if pool is None or not self.alive:
            raise WorkerLost("the worker processes were stopped")
        if not self._workers <= worker_pids(pool):
            self.close()
            raise WorkerLost("a worker process ended while it waited for a job")
        results: dict[int, Result] = {}
        try:
            for number, result in each_result(pool, function, jobs, lambda: not self.alive):
                results[number] = result
        except NotCarried:
            raise
        except WorkerLost:
            self.close()
            raise
        if len(results) < len(jobs):  # another caller's lost worker stopped the pool
            raise WorkerLost("the worker processes were stopped")
        return [results[number] for number in range(len(jobs))]

    def close(self) -> None:
        """Stop the workers (at once: a job under way is not finished)."""
        self._stop.set()
        if threading.current_thread() is not self._keeper:
            self._keeper.join()


_kept: KeptPool | None = None
_kept_lock = threading.Lock()


def kept_pool(size: int, preload: Sequence[str] = ()) -> KeptPool:
    """This process's pool of at least ``size`` workers, started on first use and
    kept; a new one when more are asked, the old one was lost, or this is a forked
    copy of the process that started it. A new pool's workers import ``preload``'s
    modules as they start. Raises :class:`WorkerLost` when none can start."""
    global _kept
    with _kept_lock:
        kept = _kept
        if kept is not None and kept.owner == os.getpid() and kept.alive and kept.size >= size:
            return kept
        if kept is not None and kept.owner == os.getpid():
            kept.close()
        _kept = None
        _kept = KeptPool(size, preload)
        return _kept


def warm_kept_pool(size: int, preload: Sequence[str] = ()) -> threading.Event:
    """Start :func:`kept_pool` ``(size, preload)`` ahead of its first use, in a thread of
    its own, and return at once (the first search then finds its workers up rather than
    waiting for them to start). The event returned is set when the warming is over:
    every worker started and ``preload``'s modules imported in it, or the pool stopped,
    or it could not start (then a search starts it as it would have, or searches
    without). A pool kept and large enough is kept: warming twice starts one pool."""
    done = threading.Event()

    def warm() -> None:
        try:
            kept_pool(size, preload).wait_started()
        except Exception as exc:  # harmless: the search starts its workers itself
            log.info("the worker processes were not started ahead: %r", exc)
        finally:
            done.set()

    threading.Thread(target=warm, name="orbis-warm-workers", daemon=True).start()
    return done


def close_kept_pool() -> None:
    """Stop this process's kept workers, if it has any (a new pool starts when a search
    needs one again)."""
    global _kept
    with _kept_lock:
        kept, _kept = _kept, None
    if kept is not None and kept.owner == os.getpid():
        kept.close()


# ------------------------------------------------------- how many workers a search uses
@dataclass(frozen=True)
class SearchWorkers:
    """How a program lets a search (the expert's trees) use worker processes.

    ``per_search``: at most that many workers for one search (the pool is as large as
    the searches need, one at a time); ``apart``: a table server's, whose tables search
    at the same time: the pool is ``pool`` workers from the start, shared by them, and
    a search runs in a worker even when it uses one (the server's event loop must not
    wait on a search)."""

    per_search: int
    pool: int
    apart: bool = False


_search_workers: SearchWorkers | None = None


def search_workers() -> SearchWorkers | None:
    """The program's choice; None (the default): every search runs in the process
    that asks for it, one tree after the other."""
    return _search_workers


def use_search_workers(workers: SearchWorkers | None) -> SearchWorkers | None:
    """Set how searches use worker processes in this process; returns the choice it
    replaces (to put back)."""
    global _search_workers
    previous, _search_workers = _search_workers, workers
    return previous


def every_core(apart: bool = False) -> SearchWorkers:
    """A search may use every processor this process may run on."""
    cores = available_cores()
    return SearchWorkers(cores, cores, apart)


def shared_by_tables() -> SearchWorkers:
    """A table server's: workers on every processor, shared by all its tables; one
    table's search on at most half of them (at least one), so that a table thinking
    leaves processors to the others; and every search in a worker, never in the
    server's process, whose event loop serves every table."""
    cores = available_cores()
    return SearchWorkers(max(1, cores // 2), cores, apart=True)
