"""Jobs for worker processes that fail in each way a job can (the tests of
orbis_tui.processes and of the searches and reviews on it): a worker finds them by
name, as it finds every job's function."""

from __future__ import annotations

import multiprocessing
import os
import signal
import struct
import threading
import time
from pathlib import Path

from orbis_tui.analysis.ahead import turn_jobs
from orbis_tui.analysis.parallel import dispatch_order
from orbis_tui.analysis.review import TurnJudgements, _turn_cost, _TurnJob
from orbis_tui.analysis.review import _judge_turn as judge_turn
from orbis_tui.bots.forest import Forest, Grown
from orbis_tui.bots.forest import grow as grow_trees
from orbis_tui.bots.planner import Planner
from orbis_tui.records import GameRecord
from orbis_tui.sim.balance import _worker as balance_game
from orbis_tui.sim.tournament import _worker as tournament_game

# How judge_or_fail fails ("raise" or "end") and at which turn (the game's, from 0, or
# "every").
FAULT = "ORBIS_TEST_FAULT"
FAULT_TURN = "ORBIS_TEST_FAULT_TURN"


class Unbuildable(Exception):
    """An exception (an object of any class would do) that is pickled but cannot be
    rebuilt: its class asks for two arguments, and its pickle gives the message alone."""

    def __init__(self, message: str, detail: int) -> None:
        super().__init__(message)
        self.detail = detail


def in_a_worker() -> bool:
    return multiprocessing.parent_process() is not None


def echo(value: object) -> object:
    return value


def unbuildable_result(value: object) -> Unbuildable:
    return Unbuildable(f"the result of {value}", 1)


def unpicklable_result(value: object) -> object:
    return threading.Lock()


def raise_value(value: object) -> None:
    raise ValueError(f"no {value}")


def raise_unbuildable(value: object) -> None:
    raise Unbuildable(f"raised for {value}", 1)


def end_process(value: object) -> None:
    os._exit(3)


def kill_process(value: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def killed_if(killed: bool) -> bool:
    """Kill the worker when ``killed``; else answer at once."""
    if killed:
        os.kill(os.getpid(), signal.SIGKILL)
    return killed


def half_a_result(killed: bool) -> bytes:
    """A result big enough to be sent in two writes (its length, then its bytes); when
    ``killed``, on a worker, the worker sends its length and half its bytes and is then
    killed, as a worker killed in the middle of sending its result."""
    if killed and in_a_worker():
        from multiprocessing import connection

        def half_then_killed(self: connection.Connection, buffer: bytes) -> None:
            whole = bytes(buffer)
            self._send(struct.pack("!i", len(whole)))  # type: ignore[attr-defined]
            self._send(whole[: len(whole) // 2])  # type: ignore[attr-defined]
            os.kill(os.getpid(), signal.SIGKILL)

        connection.Connection._send_bytes = half_then_killed  # type: ignore[attr-defined]
    return b"x" * 100_000


def sleep_or_raise(seconds: float) -> float:
    """Take ``seconds``, or raise at once when they are below 0."""
    if seconds < 0:
        raise ValueError("a job failed at once")
    time.sleep(seconds)
    return seconds


def judge_or_fail(job: _TurnJob) -> TurnJudgements:
    """The review's judgement of a turn, but the turn :data:`FAULT_TURN` names fails
    as :data:`FAULT` says: it raises an exception that cannot be rebuilt, or it ends
    its worker process (in the tests' own process it raises instead)."""
    turn = job.decisions[0][0].state.turn
    if os.environ.get(FAULT_TURN) not in (str(turn), "every"):
        return judge_turn(job)
    if os.environ.get(FAULT) == "end" and in_a_worker():
        os._exit(3)
    raise Unbuildable(f"turn {turn} failed", 1)


def turn_judged(record: GameRecord, per_option: int, place: int) -> int:
    """The turn of ``record`` a review's processes take at ``place`` (0: first, -1:
    last; the longest go first). On two processes, another turn is judged by the time
    the last one starts."""
    jobs = [job for _, job in turn_jobs(record, per_option=per_option)]
    assert len(jobs) >= 3
    return jobs[dispatch_order(jobs, _turn_cost)[place]].decisions[0][0].state.turn


def grow_unbuildable(forest: Forest, planner: Planner | None = None) -> Grown:
    """The trees grown, as the expert's search grows them; on a worker, answered as a
    result the asking process cannot rebuild."""
    grown = grow_trees(forest, planner)
    if in_a_worker():
        return [(0, Unbuildable("a forest", 1))]  # type: ignore[list-item]
    return grown


def grow_or_raise(forest: Forest, planner: Planner | None = None) -> Grown:
    """The trees grown, as the expert's search grows them; on a worker, the search
    raises an exception the asking process cannot rebuild."""
    if in_a_worker():
        raise Unbuildable("the search failed", 1)
    return grow_trees(forest, planner)


def game_or_killed(job: tuple[object, ...]) -> object:
    """A game of ``orbis balance`` or ``orbis tournament``, played as their own worker
    plays it; but the worker playing the game :data:`FAULT_TURN` names (a balance
    game's seed, a tournament game's number from 0) is killed, as one killed from
    outside."""
    balance = len(job) == 4  # players, seed, level, tiles
    if str(job[1] if balance else job[0]) == os.environ.get(FAULT_TURN) and in_a_worker():
        os.kill(os.getpid(), signal.SIGKILL)
    return balance_game(job) if balance else tournament_game(job)  # type: ignore[arg-type]


def answer_or_end_once_heard(job: tuple[str, bool]) -> str:
    """Job (a file's path, whether to end): answer at once; or wait until this process
    has heard the other job's answer (the file is written then), and end the worker."""
    path, end = job
    if not end:
        return "answered"
    while not Path(path).exists():
        time.sleep(0.01)
    os._exit(3)
