"""The expert's worker processes started ahead of its first search
(orbis_tui.processes.warm_kept_pool, orbis_tui.bots.forest.warm_search_workers), so
that its first turn does not wait for them to start. Every wait here is on an event."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from orbis_tui import processes
from orbis_tui.processes import KeptPool, SearchWorkers, use_search_workers, warm_kept_pool
from test_parallel import _all_end

UNUSED = "tabnanny"  # a module nothing here imports: a worker has it only when preloaded
WAIT = 120.0  # seconds: only a bound, so that a failing test does not hang the suite


def _loaded(name: str) -> bool:
    """A job for the workers: whether ``name`` is imported in the worker."""
    return name in sys.modules


def _counted_pools(monkeypatch: pytest.MonkeyPatch) -> list[KeptPool]:
    """The kept pools started from now on."""
    started: list[KeptPool] = []

    class Counted(KeptPool):
        def __init__(self, size: int, preload: tuple[str, ...] = ()) -> None:
            super().__init__(size, preload)
            started.append(self)

    monkeypatch.setattr(processes, "KeptPool", Counted)
    return started


def test_warming_returns_at_once_and_starts_the_kept_workers_each_with_its_modules() -> None:
    assert UNUSED not in sys.modules
    done = warm_kept_pool(2, preload=(UNUSED,))
    assert done.wait(WAIT)
    kept = processes._kept
    assert kept is not None and kept.alive and kept.size == 2 and len(kept.pids()) == 2
    assert kept.run(_loaded, [UNUSED] * 4) == [True] * 4  # every worker imported it
    processes.close_kept_pool()
    plain = processes.kept_pool(2)  # a pool started by a search preloads nothing
    assert plain.wait_started()
    assert plain.run(_loaded, [UNUSED] * 4) == [False] * 4


def test_warming_twice_starts_one_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    started = _counted_pools(monkeypatch)
    first, second = warm_kept_pool(2), warm_kept_pool(2)
    assert first.wait(WAIT) and second.wait(WAIT)
    assert len(started) == 1 and started[0] is processes._kept and started[0].alive
    assert warm_kept_pool(1).wait(WAIT)  # fewer: the pool kept is large enough
    assert len(started) == 1


def test_the_experts_search_after_warming_runs_on_the_warmed_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from orbis_tui.bots import ExpertBot, warm_expert_workers
    from test_expert import midgame

    use_search_workers(SearchWorkers(per_search=2, pool=2))
    started = _counted_pools(monkeypatch)
    done = warm_expert_workers(["human", "expert"])
    assert done is not None and done.wait(WAIT)
    (warmed,) = started
    workers = warmed.pids()
    assert warmed.run(_loaded, ["orbis_tui.bots.forest"] * 4) == [True] * 4
    bot = ExpertBot(5, iterations=72, trees=2)
    bot.choose(midgame())
    assert bot.last is not None and bot.last.extras.get("cpu_seconds") is not None
    assert started == [warmed] and processes._kept is warmed and warmed.pids() == workers


def test_nothing_is_warmed_where_no_search_would_use_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from orbis_tui.bots import warm_expert_workers
    from orbis_tui.bots.forest import search_pool, warm_search_workers

    started = _counted_pools(monkeypatch)
    use_search_workers(None)  # the plain seat, selfplay, ...: every search in the process
    assert warm_expert_workers(["human", "expert"]) is None
    use_search_workers(SearchWorkers(per_search=1, pool=1))  # one processor: here too
    assert search_pool(4) == (0, 0) and warm_search_workers(4) is None
    use_search_workers(SearchWorkers(per_search=2, pool=2))
    assert warm_expert_workers(["human", "hard", "medium"]) is None  # no expert seat
    assert started == []
    assert search_pool(4) == (2, 2) and search_pool(1) == (0, 0)
    use_search_workers(SearchWorkers(per_search=1, pool=3, apart=True))  # a table server's
    assert search_pool(4) == (1, 3)


def test_a_warming_that_cannot_start_the_workers_leaves_the_search_to_start_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_processes(*args: object) -> object:
        raise OSError("no processes here")

    real = processes.started_pool
    monkeypatch.setattr(processes, "started_pool", no_processes)
    assert warm_kept_pool(2).wait(WAIT)  # over, quietly
    assert processes._kept is None
    monkeypatch.setattr(processes, "started_pool", real)
    assert processes.kept_pool(2).run(abs, [-3]) == [3]  # as without the warming


_EXIT_WHILE_WARMING = """
import sys
from orbis_tui import processes

processes.warm_kept_pool(2, preload=("orbis_tui.bots.forest",))
if sys.argv[1] == "started":  # the workers run, and are still importing
    for pid in sorted(processes.kept_pool(2).pids()):
        print(pid, flush=True)
"""


@pytest.mark.parametrize("when", ["at-once", "started"])
def test_a_program_ends_at_once_while_its_workers_are_warming(when: str) -> None:
    """A program leaving while the warming is under way (its pool not started yet, or
    its workers still starting) ends, and leaves no worker behind."""
    done = subprocess.run(
        [sys.executable, "-c", _EXIT_WHILE_WARMING, when],
        cwd=Path(__file__).parent,
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 0, done.stderr
    pids = [int(line) for line in done.stdout.split()]
    assert len(pids) == (2 if when == "started" else 0)
    assert _all_end(pids)
