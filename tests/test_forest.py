"""Root parallelism (orbis_tui.bots.forest): the expert's search as independent trees
whose root statistics are summed, grown here or on kept worker processes
(orbis_tui.processes). The same seed and size give the same move, whatever the number
of processes and the order the trees finish in; the workers end with their parent."""

from __future__ import annotations

import os
from collections.abc import Iterator
from multiprocessing.pool import Pool
from typing import Any

import pytest

import worker_faults as faults
from hostile import finishes_within
from orbis_tui import processes
from orbis_tui.bots import ExpertBot
from orbis_tui.bots.expert import EXPERT_TREES, TABLE_SETTINGS
from orbis_tui.bots.fair import decision_rng
from orbis_tui.bots.forest import MIN_TREE_ROUNDS, Forest, tree_count, tree_sizes
from orbis_tui.bots.ismcts import (
    Candidate,
    SearchResult,
    SearchSettings,
    TurnSearch,
    merge_results,
    root_candidates,
)
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.engine import GameState, TakeTile
from orbis_tui.processes import (
    KeptPool,
    RaisedInWorker,
    SearchWorkers,
    WorkerLost,
    available_cores,
    use_search_workers,
)
from test_expert import midgame
from test_parallel import _all_end, _pids_once_started, _running

WAIT = 120.0  # seconds at most for a search on workers: a bound, the search ends the wait


@pytest.fixture
def two_workers() -> Iterator[None]:
    previous = use_search_workers(SearchWorkers(per_search=2, pool=2))
    yield
    use_search_workers(previous)


def searched(bot: ExpertBot, state: GameState) -> tuple[object, list[tuple[object, ...]], int]:
    """The bot's move and every root candidate's statistics, exactly."""
    action = bot.choose(state)
    assert bot.last is not None
    return action, _stats(bot.last), bot.last.iterations


def _stats(result: SearchResult) -> list[tuple[object, ...]]:
    return [(c.actions, c.visits, c.total, c.squares, c.margins, c.wins) for c in result.candidates]


# ------------------------------------------------------------------ the merge
def _tree(totals: list[float], alive: list[int]) -> SearchResult:
    candidates = [Candidate((TakeTile(cell),), 1, total) for cell, total in enumerate(totals)]
    return SearchResult(0, candidates, iterations=len(totals), alive=alive)


def test_the_merge_sums_tree_after_tree_in_their_numbers_order_whatever_order_they_came() -> None:
    """Floats whose sum depends on its order: 1e16 + 1 - 1e16 is 0, 1e16 - 1e16 + 1 is 1.
    Trees that finish in another order must give the very same sums."""
    trees = {0: _tree([1e16, 2.0], [0]), 1: _tree([1.0, 2.0], [1]), 2: _tree([-1e16, 2.0], [0])}
    orders = [[0, 1, 2], [2, 1, 0], [1, 2, 0]]
    merged = [merge_results({n: trees[n] for n in order}) for order in orders]
    assert [m.candidates[0].total for m in merged] == [0.0, 0.0, 0.0]  # (1e16 + 1) - 1e16
    assert [m.candidates[1].visits for m in merged] == [3, 3, 3]
    assert all(m.alive == [0, 1] and m.iterations == 6 for m in merged)


def test_the_merge_of_one_tree_chooses_as_the_tree() -> None:
    tree = _tree([3.0, 5.0, 4.0], [0, 2])
    assert merge_results({0: tree}).best().actions == tree.best().actions == (TakeTile(2),)


def test_trees_over_other_candidates_are_not_merged() -> None:
    with pytest.raises(ValueError, match="tree 1 searched other root candidates"):
        merge_results({0: _tree([1.0], []), 1: _tree([1.0, 2.0], [])})


# ------------------------------------------------------------------ sizes
def test_a_fixed_size_is_split_between_the_trees_and_small_ones_grow_fewer_trees() -> None:
    assert tree_sizes(10, 3) == [4, 3, 3]
    assert tree_sizes(None, 2) == [None, None]
    candidates = 5
    enough = MIN_TREE_ROUNDS * candidates
    assert tree_count(SearchSettings(iterations=4 * enough, trees=4), candidates) == 4
    assert tree_count(SearchSettings(iterations=2 * enough + 1, trees=4), candidates) == 2
    assert tree_count(SearchSettings(iterations=enough - 1, trees=4), candidates) == 1
    assert tree_count(SearchSettings(time_budget=0.1, trees=4), candidates) == 4
    with pytest.raises(ValueError, match="at least one tree"):
        SearchSettings(iterations=1, trees=0)


def test_the_expert_grows_its_trees_at_every_table_size_unless_told_one() -> None:
    for players in (2, 3, 4):
        assert TABLE_SETTINGS[players]["trees"] == EXPERT_TREES > 1
    state = midgame()
    bot = ExpertBot(5, iterations=4 * MIN_TREE_ROUNDS * 9)
    bot.choose(state)
    assert bot.last is not None and bot.last.extras["cpu_seconds"] > 0  # merged trees


def test_one_tree_is_the_single_search_of_before() -> None:
    """trees=1: the search the expert made before it had trees, number for number."""
    state = midgame()
    bot = ExpertBot(5, iterations=150, trees=1)
    action, stats, _ = searched(bot, state)
    rng = decision_rng(5, state)
    world = state.resample_hidden(rng)
    candidates = root_candidates(world, bot.planner, bot.settings.root_width)
    settings = bot.table_settings(state.num_players)
    alone = TurnSearch(world, candidates, rng, settings, QuickPlanner(bot.weights)).run()
    assert _stats(alone) == stats
    assert action == alone.best().actions[0]
    assert bot.last is not None
    assert "cpu_seconds" not in bot.last.extras


# ------------------------------------------------------------------ workers
@pytest.mark.usefixtures("two_workers")
def test_the_same_move_and_statistics_here_and_on_two_workers() -> None:
    """Four trees grown one after the other in this process, then on two worker
    processes (two trees each, finishing in any order): the same sums, the same move."""
    state = midgame()
    size = 4 * MIN_TREE_ROUNDS * 9
    previous = use_search_workers(None)
    here = searched(ExpertBot(5, iterations=size, trees=4), state)
    use_search_workers(previous)
    apart = searched(ExpertBot(5, iterations=size, trees=4), state)
    again = searched(ExpertBot(5, iterations=size, trees=4), state)  # the workers kept
    assert here == apart == again
    assert here[2] == size
    # and the trees were more than one: four trees differ from one of the same size
    assert searched(ExpertBot(5, iterations=size, trees=1), state)[1] != here[1]


@pytest.mark.usefixtures("two_workers")
def test_a_search_falls_back_to_this_process_when_no_worker_can_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = midgame()
    size = 2 * MIN_TREE_ROUNDS * 9
    here = searched(ExpertBot(7, iterations=size, trees=2), state)

    def no_pool(size: int) -> KeptPool:
        raise WorkerLost("no worker processes: refused")

    monkeypatch.setattr("orbis_tui.bots.forest.kept_pool", no_pool)
    assert searched(ExpertBot(7, iterations=size, trees=2), state) == here


@pytest.mark.usefixtures("two_workers")
@pytest.mark.parametrize("fault", ["a share its worker cannot rebuild", "trees not rebuilt here"])
def test_a_search_its_workers_cannot_carry_is_grown_here_and_plays_the_same_move(
    monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    """At once (before, trees that could not be rebuilt here were waited for ever), and
    the workers are kept for the next search (a share they could not read ended one)."""
    state = midgame()
    size = 2 * MIN_TREE_ROUNDS * 9
    previous = use_search_workers(None)
    here = searched(ExpertBot(7, iterations=size, trees=2), state)
    use_search_workers(previous)
    if fault == "a share its worker cannot rebuild":
        unbuildable = (faults.Unbuildable, ("a share",))
        monkeypatch.setattr(Forest, "__reduce__", lambda self: unbuildable, raising=False)
    else:
        monkeypatch.setattr("orbis_tui.bots.forest.grow", faults.grow_unbuildable)
    bot = ExpertBot(7, iterations=size, trees=2)
    assert finishes_within(WAIT, lambda: searched(bot, state)) == here
    kept = processes._kept
    assert kept is not None and kept.alive


@pytest.mark.usefixtures("two_workers")
def test_an_exception_of_the_search_on_a_worker_reaches_the_expert_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One this process cannot rebuild, even: it is said as the worker said it."""
    monkeypatch.setattr("orbis_tui.bots.forest.grow", faults.grow_or_raise)
    bot = ExpertBot(7, iterations=2 * MIN_TREE_ROUNDS * 9, trees=2)
    failure = finishes_within(WAIT, lambda: bot.choose(midgame()))
    assert isinstance(failure, RaisedInWorker), repr(failure)
    assert str(failure) == "Unbuildable: the search failed"


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_worker_that_dies_during_its_job_is_noticed_not_waited_for() -> None:
    pool = KeptPool(1)
    try:
        assert pool.run(abs, [-3, 4]) == [3, 4]
        with pytest.raises(WorkerLost, match="ended during its job"):
            pool.run(os._exit, [1])
        assert not pool.alive
    finally:
        pool.close()


def _stop_cut_short(inqueue: Any, _task_handler: object, _size: int) -> None:
    """CPython's stop as it goes when a worker started meanwhile reads the workers'
    queue at the same time: it takes the queue's lock, then reads a piece of a job."""
    inqueue._rlock.acquire()
    raise EOFError("Ran out of input")


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_a_stop_cut_short_after_a_lost_worker_is_finished_and_leaves_nothing_running(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Pool, "_help_stuff_finish", staticmethod(_stop_cut_short))
    pool = KeptPool(1)
    first = pool.pids()
    with pytest.raises(WorkerLost, match="ended during its job"):
        pool.run(os._exit, [1])
    pool.close()  # the stop's thread has ended: the stop is over, not left waiting
    inner: Any = pool._pool
    left = first | pool.pids()  # the lost worker's and its replacement's, if one started
    assert [pid for pid in left if _running(pid)] == []
    threads = (inner._worker_handler, inner._task_handler, inner._result_handler)
    assert [thread.name for thread in threads if thread.is_alive()] == []


def test_the_cores_counted_are_those_this_process_may_run_on() -> None:
    cores = available_cores()
    assert cores >= 1
    if hasattr(os, "sched_getaffinity"):
        assert cores == len(os.sched_getaffinity(0))


_KILLED_PLAYER = """
import os
from test_expert import midgame
from orbis_tui.bots import ExpertBot
from orbis_tui.processes import SearchWorkers, kept_pool, use_search_workers

if __name__ == "__main__":
    use_search_workers(SearchWorkers(per_search=2, pool=2))
    ExpertBot(5, iterations=72, trees=2).choose(midgame())
    for pid in sorted(kept_pool(2).pids()):
        print("worker", pid, flush=True)
    import time
    time.sleep(600)
"""


def test_the_kept_workers_end_when_their_parent_is_killed() -> None:
    """The workers are kept between turns, not between lives: `kill -9` of the program
    ends them too."""
    parent, pids = _pids_once_started(_KILLED_PLAYER, 2)
    assert len(set(pids)) == 2 and all(_running(pid) for pid in pids)
    parent.kill()
    parent.wait()
    assert _all_end(pids), [pid for pid in pids if _running(pid)]


def test_a_fresh_rng_per_tree_depends_on_the_tree_and_the_public_position() -> None:
    from orbis_tui.bots.fair import tree_rng

    state = midgame()
    draws = {tree_rng(5, state, n).random() for n in range(1, 4)}
    assert len(draws) == 3
    assert tree_rng(5, state, 2).random() == tree_rng(5, state.copy(), 2).random()
    assert tree_rng(5, state, 1).random() != decision_rng(5, state).random()  # not tree 0's
    assert tree_rng(6, state, 1).random() != tree_rng(5, state, 1).random()


def test_a_table_server_bounds_each_tables_workers_and_keeps_searches_out_of_its_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from orbis_tui import processes

    for cores, per_table in [(1, 1), (2, 1), (3, 1), (8, 4)]:
        monkeypatch.setattr(processes, "available_cores", lambda cores=cores: cores)
        assert processes.shared_by_tables() == SearchWorkers(per_table, cores, apart=True)


def test_a_search_on_one_worker_apart_runs_there_with_the_same_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table server's search leaves its process even on one worker (its trees grown
    in turn there), and plays the move grown here."""
    from orbis_tui import processes

    state = midgame()
    size = 2 * MIN_TREE_ROUNDS * 9
    monkeypatch.setattr(processes, "_search_workers", None)
    here = searched(ExpertBot(9, iterations=size, trees=2), state)
    use_search_workers(SearchWorkers(per_search=1, pool=1, apart=True))
    asked: list[int] = []
    real = processes.kept_pool

    def counted(size: int) -> KeptPool:
        asked.append(size)
        return real(size)

    monkeypatch.setattr("orbis_tui.bots.forest.kept_pool", counted)
    assert searched(ExpertBot(9, iterations=size, trees=2), state) == here
    assert asked == [1]


def test_the_kept_pool_is_reused_while_large_enough_and_replaced_when_more_are_asked() -> None:
    from orbis_tui.processes import kept_pool

    small = kept_pool(1)
    assert kept_pool(1) is small and small.alive
    large = kept_pool(2)
    assert large is not small and not small.alive and large.size == 2
    assert kept_pool(1) is large  # a search that needs fewer uses it as it is
    assert large.run(abs, [-1, -2, -3]) == [1, 2, 3]
