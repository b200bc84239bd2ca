"""Root parallelism: one decision searched by several independent trees.

The expert's search (:mod:`.ismcts`) is split into ``trees`` independent trees over
the same root candidates, each with random numbers of its own (the first tree the
decision's, as a single search has them, the others :func:`.fair.tree_rng`'s). Their
root statistics are summed, tree after tree in the order of their numbers
(:func:`.ismcts.merge_results`), and the move is chosen on the sums. The trees share
nothing while they grow, so they can grow at the same time on worker processes
(:mod:`orbis_tui.processes`); the program says how many a search may use
(:func:`orbis_tui.processes.use_search_workers`), never the bot.

With a fixed number of iterations, the trees' sizes are fixed too (the iterations
split between them), and each tree grows from its own inputs alone: the move depends
on the seed, the number of trees and the iterations, not on how many processes grew
them nor in which order they finished. With a time budget, each tree stops when the
budget is spent (a worker growing several trees grows them in turn), so more
processes grow more iterations, and the move is not reproducible (as with one tree).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from ..engine import Action, GameState
from ..processes import WorkerLost, kept_pool, search_workers, warm_kept_pool
from .heuristics import Weights
from .ismcts import SearchResult, SearchSettings, TurnSearch, merge_results
from .planner import Planner
from .rollout import QuickPlanner

log = logging.getLogger(__name__)

# A tree grows at least this many rounds of the root candidates, so that each tree
# gets past the sequential halving's first cut (after 3 rounds): a fixed search too
# small for that is grown as fewer trees (as one, when it cannot give two that much).
MIN_TREE_ROUNDS = 4


def tree_count(settings: SearchSettings, candidates: int) -> int:
    """How many trees a search of ``candidates`` root candidates grows: ``trees``, or
    with a fixed size fewer, so that each gets :data:`MIN_TREE_ROUNDS` rounds."""
    if settings.trees <= 1 or settings.iterations is None:
        return settings.trees
    return max(1, min(settings.trees, settings.iterations // (MIN_TREE_ROUNDS * candidates)))


def tree_sizes(iterations: int | None, trees: int) -> list[int | None]:
    """Each tree's iterations: ``iterations`` split as evenly as can be (the first
    trees one more), or None (a time budget) for each."""
    if iterations is None:
        return [None] * trees
    share, more = divmod(iterations, trees)
    return [share + (1 if number < more else 0) for number in range(trees)]


@dataclass(frozen=True)
class Tree:
    number: int
    rng: random.Random
    iterations: int | None


@dataclass(frozen=True)
class Forest:
    """Trees to grow from ``world`` over the same root ``candidates`` (one worker's
    share of a search, or the whole search in one process)."""

    world: GameState
    candidates: tuple[tuple[Action, ...], ...]
    settings: SearchSettings
    weights: Weights
    trees: tuple[Tree, ...]


Grown = list[tuple[int, SearchResult]]


@cache
def _planner(weights: Weights) -> Planner:
    """A worker's planner, kept from one search to the next (what it keeps changes no
    plan: see :mod:`.rollout`)."""
    return QuickPlanner(weights)


def grow(forest: Forest, planner: Planner | None = None) -> Grown:
    """Grow the trees of ``forest``, each to its size, or with a time budget in turn
    until the budget is spent (each tree at least one round); returns each tree's
    number and result. ``extras["cpu_seconds"]`` is the processor time they took (in
    turn: shared evenly)."""
    if planner is None:
        planner = _planner(forest.weights)
    searches = [
        (
            tree.number,
            TurnSearch(
                forest.world,
                forest.candidates,
                tree.rng,
                replace(forest.settings, iterations=tree.iterations),
                planner,
            ),
        )
        for tree in forest.trees
    ]
    if forest.settings.iterations is not None:
        grown: Grown = []
        for number, search in searches:
            start = time.thread_time()
            result = search.run()
            result.extras["cpu_seconds"] = time.thread_time() - start
            grown.append((number, result))
        return grown
    return _in_turn(searches, forest.settings.time_budget or 0.0, len(forest.candidates))


def _in_turn(searches: list[tuple[int, TurnSearch]], budget: float, minimum: int) -> Grown:
    """Grow the searches an iteration each in turn until ``budget`` seconds are spent,
    each at least ``minimum`` iterations (one round of its candidates)."""
    clock = time.perf_counter
    start, cpu = clock(), time.thread_time()
    deadline = start + budget
    done = [0] * len(searches)
    growing = True
    while growing:
        growing = False
        late = clock() >= deadline
        for index, (_number, search) in enumerate(searches):
            if late and done[index] >= minimum:
                continue
            search.iterate()
            done[index] += 1
            growing = True
    seconds = clock() - start
    share = (time.thread_time() - cpu) / len(searches)
    grown: Grown = []
    for (number, search), count in zip(searches, done, strict=True):
        result = search.result
        result.iterations = count
        result.seconds = seconds
        result.extras["cpu_seconds"] = share
        grown.append((number, result))
    return grown


def search_pool(trees: int) -> tuple[int, int]:
    """The workers a search of ``trees`` trees grows them on, as the program allows,
    and the size of the kept pool it asks for; (0, 0): it grows them here."""
    allowed = search_workers()
    workers = 0 if allowed is None else min(trees, allowed.per_search)
    if allowed is None or not (workers >= 2 or (workers == 1 and allowed.apart)):
        return 0, 0
    return workers, allowed.pool if allowed.apart else workers


def warm_search_workers(trees: int) -> threading.Event | None:
    """Start the worker processes a search of ``trees`` trees will grow them on, ahead
    of it, each importing this module (:func:`orbis_tui.processes.warm_kept_pool`:
    returns at once, the event set when they are up); None when it would grow them
    here, as with one processor or in a program that allows no workers."""
    _workers, size = search_pool(trees)
    return warm_kept_pool(size, preload=(__name__,)) if size else None


def search_trees(
    world: GameState,
    candidates: Sequence[Sequence[Action]],
    settings: SearchSettings,
    weights: Weights,
    rngs: Sequence[random.Random],
    planner: Planner,
) -> SearchResult:
    """The merged result of ``len(rngs)`` trees (tree ``i`` with ``rngs[i]``), grown on
    worker processes when the program allows (as many as it allows, at most one per
    tree), else here one after the other; here too when the workers cannot be had, one
    is lost during the search, or the trees or their results cannot be carried between
    the processes (:class:`~orbis_tui.processes.WorkerLost`): the same move, a slower
    turn. An exception of the search itself is raised here, as it would be here."""
    sizes = tree_sizes(settings.iterations, len(rngs))
    trees = [Tree(n, rng, size) for n, (rng, size) in enumerate(zip(rngs, sizes, strict=True))]
    plans = tuple(tuple(c) for c in candidates)
    workers, size = search_pool(len(trees))
    if workers:
        shares = [
            Forest(world, plans, settings, weights, tuple(trees[first::workers]))
            for first in range(workers)
        ]
        try:
            grown = kept_pool(size).run(grow, shares)
        except WorkerLost as lost:  # grow them here: a slower turn, the same move
            log.warning("the search's worker processes are lost, searching here: %s", lost)
        else:
            return merge_results(dict(result for share in grown for result in share))
    forest = Forest(world, plans, settings, weights, tuple(trees))
    return merge_results(dict(grow(forest, planner)))
