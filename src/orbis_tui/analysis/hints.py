"""Hints: the best options of the pending decision, in words, from the strongest search.

:func:`best_options` asks :func:`.search.analyse` for the options of the
decision the current player faces, and describes the best few: the expected final CP margin
with its uncertainty, and one line saying what the option does (exchanges first, if
any) and what it risks. It runs for :data:`HINT_BUDGET` seconds unless ``HINT_ITERATIONS`` fixes the
search's size (tests do, so that a hint is the same every time).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import Action, GameState

HINT_COUNT = 3
HINT_ITERATIONS: int | None = None  # None: search for HINT_BUDGET seconds


@dataclass(frozen=True)
class HintOption:
    actions: tuple[Action, ...]  # to play in order: exchanges first, then the answer
    margin: float  # the expected final CP margin (own CP minus the best other's)
    stderr: float  # its standard error (inf when too few visits)
    reason: str  # what it does and risks, in one line


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

    result = analyse(
        state,
        iterations=HINT_ITERATIONS,
        time_budget=HINT_BUDGET if HINT_ITERATIONS is None else None,
        top=HINT_COUNT,
        seed=seed,
        progress=progress,
        cancel=cancel,
    )
    out = []
    for option in result.options:
        if option.visits == 0:
            continue
        out.append(
            HintOption(
                actions=option.actions,
                margin=option.margin,
                stderr=option.stderr,
                reason=option_reason(state, option.actions),
            )
        )
    return out
