"""Options compared on common samples: the same imagined piles, the same continuation.

The search of :mod:`.search` ranks the options of a decision, but its figures are the
best of many noisy estimates (the maximum is flattered) and each option's future is
explored by its own tree, so two options' estimates differ by noise as well as by
their merit. Here the options a hint shows or a review compares are played again:

- in the same **worlds**, orders of the face-down piles drawn from what the player can
  see (:meth:`~orbis_tui.engine.GameState.resample_hidden`). The worlds of a decision
  depend on the seed, the game turn, the seat and the tiles already revealed, not on
  the decision inside the turn: a hint at the payment sees the same worlds as the hint
  at the take before it, so its numbers carry on from one step to the next;
- with the same **continuation**: every seat plays the greedy planner's turn
  (:mod:`orbis_tui.bots.rollout`) for :data:`HORIZON_ROUNDS` rounds, or to the end of
  the game when it is near, then the position is valued by the evaluation
  (:mod:`orbis_tui.bots.heuristics`, the final score at the end).

The difference of two options is then measured world by world (a paired difference),
and its error is the spread of those differences, not of the margins themselves.
Before the end of the game the evaluation has an error of its own, which no number
of samples removes: :data:`EVALUATION_ERROR` is its size, measured by
``benchmarks/bench_calibration.py`` against playouts to the end.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..bots.heuristics import evaluate
from ..bots.rollout import QuickPlanner
from ..bots.victory import WIN_VALUE, outcomes
from ..collector import collection_paused
from ..engine import Action, GameState, PlayerScore, final_scores

HORIZON_ROUNDS = 2  # greedy rounds played after the option's own turn (hints)
FINISH_ROUNDS = 3  # ... or on to the end when at most this many rounds remain
# CP: the evaluation's own error on a difference of two options at that horizon: the
# root mean square of the horizon's difference minus the playouts' to the end, over
# the decisions of benchmarks/bench_calibration.py (2.7 at 2 rounds, 4.5 at 1).
EVALUATION_ERROR = 2.7


@dataclass(frozen=True, slots=True)
class Futures:
    """One option played in each world: the seat's utility at the horizon (the margin
    plus :data:`~orbis_tui.bots.victory.WIN_VALUE` times the victory), per world, and
    its margin and victory apart."""

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    exact: bool  # every world reached the end of the game: no evaluation error
    finals: tuple[PlayerScore, ...] = ()  # the seat's final score in each world, if exact
    margins: tuple[float, ...] = ()  # the seat's margin in each world
    wins: tuple[float, ...] = ()  # its victory: a share at the end, a chance before

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else math.nan

    @property
    def margin(self) -> float:
        """The mean margin (CP)."""
        return sum(self.margins) / len(self.margins) if self.margins else math.nan

    @property
    def win(self) -> float:
        """The mean victory: the chance of winning (a shared victory shared)."""
        return sum(self.wins) / len(self.wins) if self.wins else math.nan

    def extended(self, more: Futures) -> Futures:
        """These futures and ``more`` (the same option on other worlds) as one."""
        return joined(self.actions, [self, more])

    @property
    def margin_stderr(self) -> float:
        """The error of :attr:`margin`, as :attr:`stderr` is of :attr:`mean`."""
        evaluation = 0.0 if self.exact else EVALUATION_ERROR
        return math.hypot(standard_error(self.margins), evaluation)

    @property
    def stderr(self) -> float:
        """The error of :attr:`mean`: sampling, and the evaluation's own when not exact."""
        return math.hypot(standard_error(self.values), 0.0 if self.exact else EVALUATION_ERROR)


def turn_worlds(state: GameState, seed: int, count: int, start: int = 0) -> list[GameState]:
    """Worlds ``start`` to ``start + count`` of the turn under way in ``state``: copies
    with the unseen part of the piles in an order drawn from the seed, the turn, the
    seat and the number of tiles revealed (the same for every decision of a turn)."""
    key = f"{seed}/{state.turn}/{state.current}/{tuple(state.pile_pos)}".encode()
    digest = hashlib.blake2b(key, digest_size=8).digest()
    rng = random.Random(int.from_bytes(digest, "little"))
    worlds = [state.resample_hidden(rng) for _ in range(start + count)]
    return worlds[start:]


# Futures already played, by seat, horizon and the position at the end of the seat's
# turn (hidden pile order included): the continuation from there is the same.
# Each: the seat's margin, its victory and its final score (None before the end).
FutureCache = dict[tuple[object, ...], tuple[float, float, PlayerScore | None]]


def play_futures(
    state: GameState,
    actions: Sequence[Action],
    worlds: Sequence[GameState],
    planner: QuickPlanner | None = None,
    rounds: int | None = HORIZON_ROUNDS,
    cache: FutureCache | None = None,
) -> Futures:
    """``actions`` (to play from ``state``'s decision; the rest of the turn is finished
    greedily) played in each of ``worlds`` and continued to the horizon (``rounds``
    greedy rounds; None: to the end of the game).

    With a ``cache``, a world whose turn ends in a position met before (the same
    hidden pile order included) is not played on again: from the same position the
    greedy continuation is the same. The decisions of one turn share their worlds, so
    a take's future, finished the way the player then paid and placed, is the future
    of that payment and that placement."""
    planner = planner or QuickPlanner()
    seat = state.current
    values = []
    margins = []
    wins = []
    finals = []
    exact = True
    with collection_paused():
        for world in worlds:
            after = finish_turn(world, actions, planner)
            key = () if cache is None else (seat, rounds, after.signature())
            known = None if cache is None else cache.get(key)
            if known is None:
                continue_from(after, planner, rounds)
                final = final_scores(after)[seat] if after.is_over else None
                seat_margins, seat_wins = outcomes(after, evaluate(after, planner.weights))
                known = (seat_margins[seat], seat_wins[seat], final)
                if cache is not None:
                    cache[key] = known
            margin, win, final = known
            exact = exact and final is not None
            values.append(margin + WIN_VALUE * win)
            margins.append(margin)
            wins.append(win)
            if final is not None:
                finals.append(final)
    return Futures(
        tuple(actions),
        tuple(values),
        exact,
        tuple(finals) if exact else (),
        tuple(margins),
        tuple(wins),
    )


def joined(actions: tuple[Action, ...], parts: Sequence[Futures]) -> Futures:
    """The futures of ``parts`` (the same option on other worlds) as one."""
    exact = all(part.exact for part in parts)
    return Futures(
        actions,
        tuple(v for part in parts for v in part.values),
        exact,
        tuple(f for part in parts for f in part.finals) if exact else (),
        tuple(m for part in parts for m in part.margins),
        tuple(w for part in parts for w in part.wins),
    )


def finish_turn(world: GameState, actions: Sequence[Action], planner: QuickPlanner) -> GameState:
    """A copy of ``world`` with ``actions`` played and the seat's turn finished greedily.
    The copy keeps no undo record (a future is never taken back), and the planner's
    own answers are played unchecked (they are the engine's legal answers)."""
    after = world.copy(record=False)
    seat = after.current
    turn = after.turn
    for action in actions:
        if after.is_over or not after.is_legal(action):
            break
        after.apply(action)
    if not after.is_over and after.current == seat and after.turn == turn:
        for action in planner.complete(after, seat)[0]:
            after.apply_unchecked(action)
    return after


def continue_from(after: GameState, planner: QuickPlanner, rounds: int | None) -> None:
    """Every seat's greedy turns from ``after`` (changed) to the horizon."""
    players = after.num_players
    horizon = after.total_turns if rounds is None else after.turn + rounds * players
    finish = after.total_turns - FINISH_ROUNDS * players
    while not after.is_over and (after.turn < horizon or after.turn >= finish):
        for action in planner.turn_plans(after)[0].actions:
            after.apply_unchecked(action)


def paired_difference(better: Futures, worse: Futures) -> tuple[float, float]:
    """The mean of ``better - worse`` world by world, and its standard error (sampling,
    and the evaluation's own error unless both reached the end everywhere)."""
    diffs = [b - w for b, w in zip(better.values, worse.values, strict=True)]
    mean = sum(diffs) / len(diffs)
    evaluation = 0.0 if better.exact and worse.exact else EVALUATION_ERROR
    return mean, math.hypot(standard_error(diffs), evaluation)


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (inf below two)."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)
