"""Pools of worker processes: started fresh, niced, dying with us; and stopped for sure.

Processes are started with ``spawn`` (a fresh interpreter, not a copy of this one:
the app runs threads, which a forked copy would inherit in an unknown state). The
worker processes run at a lower priority, so the window drawing the progress stays
quick, and ignore Ctrl+C, which stops the work in the main process (and the workers
with it). They end with the process that started them, however it ends: a program
killed with ``kill -9`` leaves no worker computing on (see :func:`die_with_parent`).

A Ctrl+C while a pool starts waits until it has started, and is then raised with the
pool stopped: a worker still starting then would otherwise find the pool's locks gone
(the program ends and removes them) and say so with a traceback. Each worker notes the
jobs it takes (:class:`JobStarts`), so that the job of a worker lost can be named.
:func:`stop_pool` stops a pool whatever state its workers were lost in.

The jobs themselves (sent sealed, their failures, a pool kept between searches) are
:mod:`orbis_tui.processes`'s.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import logging
import multiprocessing
import os
import signal
import struct
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from multiprocessing.pool import TERMINATE, Pool
from multiprocessing.synchronize import Semaphore
from pathlib import Path
from typing import Any

WORKER_NICENESS = 5
PARENT_WATCH_SECONDS = 0.5  # how often a worker looks whether its parent still lives
PR_SET_PDEATHSIG = 1  # prctl's option: the signal sent when the parent thread ends
HELD_SECONDS = 1.0  # a lock of the pool's queues held longer at a stop: by a lost worker
STOP_SECONDS = 5.0  # a worker not ended this long after it was told to is killed
EXIT_WAIT_SECONDS = 30.0  # at most this long the program's end waits for a pool's start

log = logging.getLogger(__name__)


class WorkerPool(Pool):
    """A pool whose workers note each job they take (:class:`JobStarts`)."""

    def __init__(self, workers: int, initargs: tuple[Any, ...], starts: JobStarts) -> None:
        context = multiprocessing.get_context("spawn")
        super().__init__(workers, background_worker, initargs, context=context)
        self.starts = starts


def started_pool(
    workers: int, preload: Sequence[str] = (), started: Semaphore | None = None
) -> Pool:
    """A pool of ``workers`` processes that ignore Ctrl+C from their first instant.

    The processes inherit the starting thread's blocked signals, so Ctrl+C is blocked
    while they start until each ignores it (:func:`background_worker`). In this
    process a Ctrl+C during the start (which another thread may receive: a progress
    bar's) waits until the pool has started, then stops it, and is raised then. Each
    worker imports the modules ``preload`` names before its first job, then releases
    ``started``."""
    while True:
        held: list[int] = []
        with _starting(), _ctrl_c_held(held):
            pool = _new_pool(workers, tuple(preload), started)
        if not held:
            return pool
        stop_pool(pool)  # before the program ends and removes the pool's locks
        signal.raise_signal(signal.SIGINT)  # raises KeyboardInterrupt, as Ctrl+C does


def _new_pool(workers: int, preload: tuple[str, ...], started: Semaphore | None) -> Pool:
    context = multiprocessing.get_context("spawn")
    reader, writer = context.Pipe(duplex=False)
    initargs = (os.getpid(), preload, started, writer)
    starts = JobStarts(reader)
    if not hasattr(signal, "pthread_sigmask"):  # no POSIX signals: no Ctrl+C to shield
        return WorkerPool(workers, initargs, starts)
    start_resource_tracker()  # first: starting it unblocks Ctrl+C, whatever was blocked
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return WorkerPool(workers, initargs, starts)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def _ctrl_c_held(held: list[int]) -> Iterator[None]:
    """Ctrl+C noted in ``held`` rather than raised while the body runs (only the main
    thread raises it, and only there can its handler be changed). A Ctrl+C noted
    while the body fails is raised once its handler is back."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous in (signal.SIG_IGN, None):  # ignored, or not Python's to handle
        yield
        return
    signal.signal(signal.SIGINT, lambda number, _frame: held.append(number))
    try:
        yield
    except BaseException:
        signal.signal(signal.SIGINT, previous)
        if held:
            signal.raise_signal(signal.SIGINT)
        raise
    signal.signal(signal.SIGINT, previous)


_starts_under_way = 0
_starts_changed = threading.Condition()


@contextlib.contextmanager
def _starting() -> Iterator[None]:
    """A pool's start, counted: the program's end waits for it (see
    :func:`_wait_for_starts`)."""
    global _starts_under_way
    with _starts_changed:
        _starts_under_way += 1
    try:
        yield
    finally:
        with _starts_changed:
            _starts_under_way -= 1
            _starts_changed.notify_all()


def _wait_for_starts() -> None:
    """At the program's end, wait for the pools being started in other threads (a
    table's workers, say, warmed as the program is stopped): once started, their
    workers are stopped before their locks are removed, not while they look for them."""
    with _starts_changed:
        _starts_changed.wait_for(lambda: _starts_under_way == 0, EXIT_WAIT_SECONDS)


atexit.register(_wait_for_starts)  # after multiprocessing's own: so it runs before it


# ---------------------------------------------------------------- which job each took
_NOTE = struct.Struct("=qq")  # a worker's process id, the job's token


class JobStarts:
    """The jobs the workers of one pool took: each worker writes a note (its process
    id and the job's token, a few bytes written at once) to a pipe as it takes a job,
    never waiting (a full pipe loses the note); this process reads them as it waits
    for the jobs' results."""

    def __init__(self, reader: Connection) -> None:
        self._reader = reader  # kept: the pipe closes with it
        self._readable = True
        try:
            os.set_blocking(reader.fileno(), False)
        except (AttributeError, OSError, ValueError):  # a system whose pipes are not so
            self._readable = False  # read: the jobs of a lost worker are not named
        self._lock = threading.Lock()
        self._worker_of: dict[int, int] = {}
        self._rest = b""

    def read(self) -> None:
        """Take the notes written since the last read."""
        if not self._readable:
            return
        with self._lock:
            data = self._rest
            while True:
                try:
                    more = os.read(self._reader.fileno(), 65536)
                except (BlockingIOError, OSError, ValueError):
                    break
                if not more:
                    break
                data += more
            whole = len(data) - len(data) % _NOTE.size
            for pid, token in _NOTE.iter_unpack(data[:whole]):
                self._worker_of[token] = pid
            self._rest = data[whole:]

    def worker_of(self, token: int) -> int | None:
        """The process id of the worker that took the job ``token``, if it said so."""
        with self._lock:
            return self._worker_of.get(token)

    def forget(self, tokens: Sequence[int]) -> None:
        with self._lock:
            for token in tokens:
                self._worker_of.pop(token, None)


_notes: Connection | None = None  # in a worker: where it notes the jobs it takes


def note_start(token: int) -> None:
    """In a worker: note that this process takes the job ``token`` (see
    :class:`JobStarts`)."""
    if _notes is None or token <= 0:
        return
    with contextlib.suppress(OSError, ValueError):
        os.write(_notes.fileno(), _NOTE.pack(os.getpid(), token))


# ----------------------------------------------------------------------- the stop
def stop_pool(pool: Pool) -> None:
    """Stop ``pool``'s workers at once, whatever state a lost worker left the pool in.

    ``Pool.terminate`` can wait for ever after a worker ended (killed, or its job ended
    the process): for a lock of the pool's queues that worker held (the lock of the
    jobs' queue while it waits for a job, of the results' queue while it sends a
    result), or for the rest of a result it was sending (the pool's thread reading the
    results waits for bytes that never come). So the stop is done here, in CPython's
    order, but with the workers ended before anything waits on the queues: a lock of
    the results still held after :data:`HELD_SECONDS` is replaced (its holder is lost:
    a worker still sending would be done); the pool's threads are told to end, and no
    worker is started any more; the workers are ended; then only this process holds
    the queues, and closing its own ends wakes the threads that wait on them."""
    parts: Any = pool  # multiprocessing keeps them in attributes of its own
    finalizer = getattr(parts, "_terminate", None)
    if finalizer is None or not finalizer.still_active():
        return  # stopped already
    finalizer.cancel()  # the stop is done here, once
    parts._state = TERMINATE
    results = parts._outqueue
    held = getattr(results, "_wlock", None)
    if held is not None:
        if held.acquire(timeout=HELD_SECONDS):
            held.release()
        else:
            results._wlock = parts._ctx.Lock()
    threads = (parts._worker_handler, parts._task_handler, parts._result_handler)
    for thread in threads:
        thread._state = TERMINATE
    parts._change_notifier.put(None)  # wakes the worker handler
    here = threading.current_thread()
    if threads[0] is not here:  # then none restarts a worker behind our back
        threads[0].join()
    _end_workers(list(parts._pool))
    # Only this process holds the queues now: the task handler's writes to the jobs'
    # queue fail rather than wait for a reader, and the result handler reads the end.
    with contextlib.suppress(OSError):
        parts._inqueue._reader.close()
    if threads[1] is not here:
        threads[1].join()
    with contextlib.suppress(OSError):
        results._writer.close()
    if threads[2] is not here:
        threads[2].join()


def _end_workers(workers: list[Any]) -> None:
    for worker in workers:
        if worker.exitcode is None:
            worker.terminate()
    for worker in workers:
        worker.join(STOP_SECONDS)
        if worker.exitcode is None:
            log.info("a worker process did not end when told to: killed")
            worker.kill()
            worker.join()


def close_pool(pool: Pool, wait: float = 30.0) -> None:
    """End ``pool``'s workers once its jobs are done: each is told to finish and ends
    by itself. A worker not ended within ``wait`` seconds is stopped as
    :func:`stop_pool` stops them."""
    pool.close()
    deadline = time.monotonic() + wait
    workers: list[Any] = list(getattr(pool, "_pool", []))  # multiprocessing keeps them there
    for worker in workers:
        worker.join(max(0.0, deadline - time.monotonic()))
    if any(worker.is_alive() for worker in workers):
        log.info("the worker processes did not end when told to: stopped")
        stop_pool(pool)
        return
    pool.join()


def start_resource_tracker() -> None:
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


# ------------------------------------------------------------------- in the workers
def background_worker(
    parent: int,
    preload: Sequence[str] = (),
    started: Semaphore | None = None,
    notes: Connection | None = None,
) -> None:
    """A worker's start: Ctrl+C ignored, niced, ending with ``parent``; then the modules
    of ``preload`` imported (one that fails is left to the job that needs it: a worker
    that ended here would be replaced, to fail again), and ``started`` released. The
    jobs it takes are noted on ``notes`` (see :class:`JobStarts`)."""
    global _notes
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    die_with_parent(parent)
    if notes is not None:
        with contextlib.suppress(AttributeError, OSError, ValueError):
            os.set_blocking(notes.fileno(), False)  # a full pipe loses a note, never waits
            _notes = notes
    for name in preload:
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    if started is not None:
        started.release()


def die_with_parent(parent: int) -> None:
    """End this worker when ``parent``, the process that started it, ends.

    On Linux the kernel sends SIGKILL the moment the parent goes (``PR_SET_PDEATHSIG``).
    It watches the parent *thread* that started the worker, so a pool must end before
    the thread that made it does, as :func:`orbis_tui.analysis.parallel.run_jobs`'s
    does. The parent may have gone before the signal was asked for: then it is already
    someone else's child, and ends at once. Everywhere, a thread of the worker also
    looks every :data:`PARENT_WATCH_SECONDS` whether it is still the parent's child (a
    system without the signal, or a parent gone in a way the kernel did not report)."""
    if sys.platform.startswith("linux"):
        import ctypes  # here: the app's start has no need of it

        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)  # orphaned before the signal could be asked for
    watch = threading.Thread(target=watch_parent, args=(parent,), daemon=True)
    watch.start()


def watch_parent(parent: int, every: float = PARENT_WATCH_SECONDS) -> None:
    """Wait until this process is no longer ``parent``'s child, then end the process."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)
