"""Playing to win: the victory first, the CP margin second (R-END-5).

A player wants to win, not to win by much. Every search (the hard and expert levels,
hints and the review) values a position for a seat by its **utility**::

    utility = margin + WIN_VALUE * win

- ``margin`` is the seat's value minus the best other seat's, in CP (the evaluation's,
  which at the end of the game is the final score, worshipers left counting
  ``Weights.tie_break`` each);
- ``win`` is the seat's share of the victory: at the end of the game exactly as the
  rules rank (most CP; tied, most worshipers left; still tied, a shared victory, each of
  the ``k`` tied players counting ``1/k``); before the end, the chance that the margin
  ends above 0, read from the margin and the spread of final margins still to come
  (:func:`win_chance`).

At the end of the game a higher margin always means a win at least as good, so any
positive :data:`WIN_VALUE` ranks finished positions by the victory first (the tie-break
included) and the margin second. Over imagined futures it weighs a chance of winning
against CP: with 10 CP, a tenth more chance of winning is worth 1 CP of margin.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine import GameState

WIN_VALUE = 10.0  # CP: what a whole victory adds to the margin
# The spread (CP, one standard deviation) of the final margin around the evaluation's
# estimate: about SPREAD at the start of the game, shrinking with the square root of
# the share of the game left, never below SPREAD_FLOOR before the end. (The evaluation's
# root mean square error on the final margin is 6.8 to 7.4 CP over whole games,
# docs/bots.md, larger early and smaller late.)
SPREAD = 9.0
SPREAD_FLOOR = 1.0
# Values closer than this are equal: worshipers left count Weights.tie_break (0.01 CP).
EQUAL = 1e-6


def win_shares(values: Sequence[float]) -> list[float]:
    """Every seat's share of the victory when ``values`` are the final scores (with the
    worshipers left as the tie-break): 1/k for each of the k seats at the top, else 0."""
    top = max(values)
    winners = [v >= top - EQUAL for v in values]
    share = 1.0 / sum(winners)
    return [share if won else 0.0 for won in winners]


def spread(state: GameState) -> float:
    """The standard deviation of the final margin still to come, in CP (0 at the end)."""
    if state.is_over:
        return 0.0
    left = max(0, state.total_turns - state.turn) / max(1, state.total_turns)
    return SPREAD_FLOOR + SPREAD * math.sqrt(left)


def win_chance(margin: float, sigma: float) -> float:
    """The chance that a margin estimated at ``margin`` ends above 0 (normal spread)."""
    if sigma <= 0:
        return 1.0 if margin > EQUAL else (0.5 if margin >= -EQUAL else 0.0)
    return 0.5 * (1.0 + math.erf(margin / (sigma * math.sqrt(2.0))))


def margins_of(values: Sequence[float]) -> list[float]:
    """Every seat's value minus the best other seat's."""
    margins = []
    for seat, value in enumerate(values):
        best_other = max(v for other, v in enumerate(values) if other != seat)
        margins.append(value - best_other)
    return margins


def outcomes(state: GameState, values: Sequence[float]) -> tuple[list[float], list[float]]:
    """Every seat's margin and victory (its share, or its chance before the end), for
    ``values``, the evaluation of ``state``."""
    margins = margins_of(values)
    if state.is_over:
        return margins, win_shares(values)
    sigma = spread(state)
    return margins, [win_chance(m, sigma) for m in margins]


def utilities(state: GameState, values: Sequence[float]) -> list[float]:
    """Every seat's utility (see the module's text) for ``values``, the evaluation of
    ``state``."""
    margins, wins = outcomes(state, values)
    return [m + WIN_VALUE * w for m, w in zip(margins, wins, strict=True)]


def utility(state: GameState, values: Sequence[float], seat: int) -> float:
    """One seat's utility (see :func:`utilities`)."""
    return utilities(state, values)[seat]
