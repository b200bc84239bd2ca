"""The review prepared while the game is played: each turn judged once it is over.

A turn's judgement needs nothing that happens after it: the position before each of its
decisions, the moves played, the worlds drawn from what the player could see (see
:mod:`.review`). So a game played here can have its turns judged as they end, on one
worker process at the lowest priority, while the players think; when the game is over
and its review opens, the turns judged already are taken as they are
(``review_record(known=...)``) and only the last few are left to judge. The review is
the same either way: a turn is known by everything its judgement depends on
(:func:`.review.turn_key`), and judged by the very function the review runs.

With ``kept`` (:class:`.kept_turns.KeptTurns`), each turn judged is kept on disk and a
turn found kept there is taken without sending it: a game resumed later has none of its
turns judged twice, and a review of it from its record file finds them too.

The worker runs below the app and below the computer players' own workers, so an
expert thinking on every core is hardly slowed by it. Turns taken back are never judged
(only turns that are over are), and a turn judged for a position that an undo then
changed is simply never asked for. A turn whose judgement fails (it raises, or cannot
be carried to the worker or back) is left to the review, which judges it itself; so are
the turns being judged when the worker is lost (killed, say): a fresh worker judges the
turns that end after.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import threading
from functools import partial
from multiprocessing.pool import Pool

from ..engine import GameState
from ..processes import POLL_SECONDS, send_job, started_pool, stop_pool, worker_pids
from ..records import GameRecord
from .review import (
    TurnJudgements,
    TurnsKept,
    _budget,
    _decisions,
    _judge_turn,
    _turn_jobs,
    _TurnJob,
    turn_key,
)
from .search import REVIEW_PER_OPTION

NICENESS = 19  # the lowest priority there is: below the computer players' workers

log = logging.getLogger(__name__)

# Whether the app judges turns ahead where its settings ask for it, and at the lowest
# priority (see allow_judging_ahead).
_allowed = {"allowed": True, "quiet": True}


def judging_ahead_allowed() -> bool:
    """Whether the app judges turns ahead where its settings ask for it."""
    return _allowed["allowed"]


def allow_judging_ahead(allowed: bool, *, quiet: bool = True) -> bool:
    """Let the app judge turns ahead, or not (a test suite playing many games does
    not want a worker process per game), and at the lowest priority or at the review's
    (``quiet``: on a busy machine the lowest can wait minutes); returns whether it was
    allowed before."""
    before = _allowed["allowed"]
    _allowed.update(allowed=allowed, quiet=quiet)
    return before


class JudgedAhead:
    """The turns of a game played here, judged as each is over (:meth:`game_moved`), for
    the review to take (:meth:`known`).

    A thread of its own replays the record to find the turns that are over (the caller
    waits for nothing) and hands them to one worker process, which it starts at the
    first turn and keeps: a worker ends with the thread that started it (see
    :func:`orbis_tui.processes.die_with_parent`). The worker runs at the lowest priority
    unless ``quiet`` is False (then at the review's own; by default as
    :func:`allow_judging_ahead` says)."""

    def __init__(
        self,
        *,
        per_option: int = REVIEW_PER_OPTION,
        seed: int = 0,
        quiet: bool | None = None,
        kept: TurnsKept | None = None,
    ) -> None:
        self.per_option = per_option
        self.seed = seed
        self.kept = kept  # where turns judged are kept on disk, and found again
        self.quiet = _allowed["quiet"] if quiet is None else quiet
        self._lock = threading.Condition()
        self._judged: dict[str, TurnJudgements] = {}
        self._asked: set[str] = set()
        self._judging: set[str] = set()  # sent to the worker, neither judged nor lost
        self._moves: queue.Queue[tuple[GameRecord, GameState] | None] = queue.Queue()
        self._unread = 0  # moves handed over and not yet read by the thread
        self._thread: threading.Thread | None = None
        self._pool: Pool | None = None
        self._workers: set[int] = set()  # the worker's process id, as it started
        self._closed = False

    def game_moved(self, record: GameRecord, state: GameState) -> None:
        """``record`` has moved on to ``state``: its turns that are over and not sent
        yet go to the worker (copies of both are taken: the game may go on at once)."""
        with self._lock:
            if self._closed:
                return
            self._unread += 1
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._send_turns, name="judge-ahead", daemon=True
                )
                self._thread.start()
        played = GameRecord(
            setup=record.setup, actions=list(record.actions), hints=list(record.hints or ())
        )
        self._moves.put((played, state.copy()))

    def known(self) -> dict[str, TurnJudgements]:
        """The turns judged so far, by :func:`.review.turn_key`."""
        with self._lock:
            return dict(self._judged)

    @property
    def sent(self) -> int:
        """Turns sent to the worker so far."""
        with self._lock:
            return len(self._asked)

    @property
    def pending(self) -> int:
        """Moves not read yet, and turns sent to the worker and not judged yet (nor lost)."""
        with self._lock:
            return self._unread + len(self._judging)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every move is read and every turn sent is judged (or lost), at
        most ``timeout`` seconds; whether it is."""
        with self._lock:
            return self._lock.wait_for(lambda: self.pending == 0, timeout)

    def close(self) -> None:
        """Stop the worker (a turn it is judging is dropped); what was judged stays."""
        with self._lock:
            self._closed = True
            thread = self._thread
        if thread is not None:
            self._moves.put(None)
            thread.join()

    def _send_turns(self) -> None:
        """The thread: read each move and send its turns that are over; at the end,
        stop the worker (from this thread: a worker ends with the thread that started
        it, and must not be ended under the pool's feet). While turns are being judged
        it looks every :data:`POLL_SECONDS` whether the worker was lost."""
        try:
            while (move := self._next_move()) is not None:
                try:
                    if not self._closed:
                        self._send(*move)
                except Exception:  # the review judges those turns itself: only time is lost
                    log.exception("turns could not be sent to be judged ahead")
                finally:
                    with self._lock:
                        self._unread -= 1
                        self._lock.notify_all()
        finally:
            self._stop_worker()

    def _next_move(self) -> tuple[GameRecord, GameState] | None:
        """The next move handed over (None: the end), the worker looked after meanwhile."""
        while True:
            with self._lock:
                judging = bool(self._judging)
            try:
                return self._moves.get(timeout=POLL_SECONDS if judging else None)
            except queue.Empty:
                if self._pool is not None and not self._workers <= worker_pids(self._pool):
                    log.info("the worker judging turns ahead was lost: the review judges them")
                    self._stop_worker()  # the next turn over starts a fresh one

    def _stop_worker(self) -> None:
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None
        with self._lock:  # the turns being judged are dropped: nothing waits for them
            self._judging.clear()
            self._lock.notify_all()

    def _send(self, record: GameRecord, state: GameState) -> None:
        for key, job in turn_jobs(record, per_option=self.per_option, seed=self.seed):
            turn = job.decisions[0][0].state.turn
            if key in self._asked or not (state.is_over or turn < state.turn):
                continue
            found = self.kept.get(key, record) if self.kept is not None else None
            if found is not None:  # judged before (the game was resumed): taken as it is
                with self._lock:
                    self._asked.add(key)
                self._keep(key, found)
                continue
            if self._pool is None:
                self._pool = started_pool(1)
                self._workers = worker_pids(self._pool)
            with self._lock:
                self._asked.add(key)
                self._judging.add(key)
            try:
                send_job(
                    self._pool,
                    _judge_quietly if self.quiet else _judge_turn,
                    job,
                    partial(self._keep, key, judged_now=True),
                    partial(self._lost, key),
                )
            except Exception as exc:  # not sent (it cannot be carried): the review judges it
                self._lost(key, exc)

    def _keep(self, key: str, judgements: TurnJudgements, *, judged_now: bool = False) -> None:
        if judged_now and self.kept is not None:
            self.kept.put(key, judgements)
        with self._lock:
            self._judged[key] = judgements
            self._judging.discard(key)
            self._lock.notify_all()

    def _lost(self, key: str, error: BaseException) -> None:
        # the review judges the turn itself then: nothing is lost but the head start
        log.info("a turn could not be judged ahead: %r", error)
        with self._lock:
            self._judging.discard(key)
            self._lock.notify_all()


def turn_jobs(
    record: GameRecord, *, per_option: int = REVIEW_PER_OPTION, seed: int = 0
) -> list[tuple[str, _TurnJob]]:
    """Every turn of ``record`` that a review with these settings (every seat) would
    judge, by its :func:`turn_key`: what is judged while a game is played."""
    jobs = _turn_jobs(record, _decisions(record), _budget(per_option, None), seed)
    return [(turn_key(record, job), job) for job in jobs]


def _judge_quietly(job: _TurnJob) -> TurnJudgements:
    """:func:`.review._judge_turn`, at the lowest priority."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(NICENESS - os.nice(0))
    return _judge_turn(job)
