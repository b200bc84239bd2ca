"""Worker processes of the machine's processors: started fresh, niced, dying with us.

Processes are started with ``spawn`` (a fresh interpreter, not a copy of this one:
the app runs threads, which a forked copy would inherit in an unknown state). The
worker processes run at a lower priority, so the window drawing the progress stays
quick, and ignore Ctrl+C, which stops the work in the main process (and the workers
with it). They end with the process that started them, however it ends: a program
killed with ``kill -9`` leaves no worker computing on (see :func:`die_with_parent`).
The review's jobs (:mod:`orbis_tui.analysis.parallel`) run on such processes.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from multiprocessing import resource_tracker
from multiprocessing.pool import Pool
from pathlib import Path

WORKER_NICENESS = 5
PARENT_WATCH_SECONDS = 0.5  # how often a worker looks whether its parent still lives
PR_SET_PDEATHSIG = 1  # prctl's option: the signal sent when the parent thread ends


def started_pool(workers: int) -> Pool:
    """A pool of ``workers`` processes that ignore Ctrl+C from their first instant.

    The processes inherit the starting thread's blocked signals, so Ctrl+C is blocked
    while they start (a Ctrl+C then waits in this process, and is raised here once they
    have started) until each ignores it (:func:`background_worker`)."""
    context = multiprocessing.get_context("spawn")
    if not hasattr(signal, "pthread_sigmask"):  # no POSIX signals: no Ctrl+C to shield
        return context.Pool(workers, initializer=background_worker, initargs=(os.getpid(),))
    _start_resource_tracker()  # first: starting it unblocks Ctrl+C, whatever was blocked
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return context.Pool(workers, initializer=background_worker, initargs=(os.getpid(),))
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


def background_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    die_with_parent(parent)


def die_with_parent(parent: int) -> None:
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
    watch = threading.Thread(target=watch_parent, args=(parent,), daemon=True)
    watch.start()


def watch_parent(parent: int, every: float = PARENT_WATCH_SECONDS) -> None:
    """Wait until this process is no longer ``parent``'s child, then end the process."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)
