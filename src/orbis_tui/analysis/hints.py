"""Hints: the best options of the pending decision, in words, from the strongest search.

:func:`best_options` asks :func:`.search.analyse` for the best few options of the
decision the current player faces, then plays each again on the same
:data:`HINT_WORLDS` worlds of the turn (:mod:`.paired`): their chances of winning and
expected final CP margins are compared on common samples (ranked by the victory first
and the margin second, :mod:`orbis_tui.bots.victory`), and, as the worlds are those of
the whole turn, the next decision's hint carries the same numbers on. The uncertainty
shown includes the evaluation's own error, not only the sampling. Each option also gets
one line saying what it does (exchanges first, if any), what it is good for and what it
risks. It runs for about :data:`HINT_BUDGET` seconds unless ``HINT_ITERATIONS`` fixes
the search's size (tests do, so that a hint is the same every time).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import Action, GameState

if TYPE_CHECKING:  # the search loads when a hint is asked for, not with the app
    from .paired import Futures
    from .search import OptionEstimate

HINT_COUNT = 3
HINT_ITERATIONS: int | None = None  # None: search for HINT_BUDGET seconds
SEARCH_SHARE = 0.6  # of the budget: the search that picks the options; then the worlds
HINT_WORLDS = 12  # the common worlds on which the options picked are played again
MIN_WORLDS = 4  # ... at least, when the time is up


@dataclass(frozen=True)
class HintOption:
    actions: tuple[Action, ...]  # to play in order: exchanges first, then the answer
    margin: float  # the expected final CP margin (own CP minus the best other's)
    stderr: float  # its error: the worlds' sampling and the evaluation's own
    reason: str  # what it does and risks, in one line
    win: float = math.nan  # the chance of winning (a shared victory shared)
    # the rank (from 1) of a better-placed option whose futures ended exactly as this
    # one's on every world played (often the same position reached in another order:
    # a god now and a tile next turn, or the other way round); 0: none
    same_as: int = 0


def best_options(
    state: GameState,
    *,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    seed: int = 0,
) -> list[HintOption]:
    """The best :data:`HINT_COUNT` options of the decision pending in ``state`` (best
    first); ``state`` is not changed. Fewer when the search was cancelled early."""
    from ..words import option_reason
    from .search import HINT_BUDGET, analyse

    started = time.perf_counter()
    searched = HINT_ITERATIONS is None
    result = analyse(
        state,
        iterations=HINT_ITERATIONS,
        time_budget=HINT_BUDGET * SEARCH_SHARE if searched else None,
        top=HINT_COUNT,
        seed=seed,
        progress=None if progress is None else lambda share: progress(share * SEARCH_SHARE),
        cancel=cancel,
    )
    found = [option for option in result.options if option.visits > 0]
    if cancel is not None and cancel():  # stopped: what the search found so far
        return [
            HintOption(
                o.actions,
                o.margin,
                o.stderr,
                option_reason(state, o.actions, o.actions + o.rest),
                o.win,
            )
            for o in found
        ]
    futures = _replayed(state, found, seed, started + HINT_BUDGET if searched else None, progress)
    # the victory first, the margin second (the futures' utility), the search's order
    # between equals
    ranked = sorted(zip(found, futures, strict=True), key=lambda pair: -pair[1].mean)
    return [
        HintOption(
            actions=option.actions,
            margin=future.margin,
            stderr=future.margin_stderr,
            reason=option_reason(state, option.actions, option.actions + option.rest),
            win=future.win,
            same_as=_same_as([f for _, f in ranked[:rank]], future),
        )
        for rank, (option, future) in enumerate(ranked)
    ]


def _same_as(better: Sequence[Futures], futures: Futures) -> int:
    """The rank (from 1) of the first of ``better`` whose every world ended as
    ``futures``' did (the same utility, margin and victory); 0 when none did."""
    ended = (futures.values, futures.margins, futures.wins)
    for rank, other in enumerate(better, start=1):
        if (other.values, other.margins, other.wins) == ended:
            return rank
    return 0


def _replayed(
    state: GameState,
    found: Sequence[OptionEstimate],
    seed: int,
    deadline: float | None,
    progress: Callable[[float], None] | None,
) -> list[Futures]:
    """Each option played on the turn's worlds, world by world, so that every option
    always has the same worlds; past ``deadline`` (when given) it stops after
    :data:`MIN_WORLDS`."""
    from ..bots.rollout import QuickPlanner
    from .paired import joined, play_futures, turn_worlds

    planner = QuickPlanner()
    worlds = turn_worlds(state, seed, HINT_WORLDS)
    plans = [option.actions + option.rest for option in found]
    played: list[list[Futures]] = [[] for _ in plans]
    for count, world in enumerate(worlds, start=1):
        for plan, into in zip(plans, played, strict=True):
            into.append(play_futures(state, plan, [world], planner))
        if progress is not None:
            progress(SEARCH_SHARE + (1 - SEARCH_SHARE) * count / len(worlds))
        if deadline is not None and count >= MIN_WORLDS and time.perf_counter() >= deadline:
            break
    return [joined(tuple(plan), into) for plan, into in zip(plans, played, strict=True)]
