"""The hard opponent: Monte-Carlo search over whole turns, with the piles reshuffled.

At the start of its turn the bot asks the greedy planner (:mod:`.medium`) for its best
few whole-turn plans. It then plays each candidate out on many *determinised* copies of
the game: the order of the face-down piles is hidden from every player, so each copy
reshuffles what is left of each pile (the contents are public, only the order is not),
starting from a canonical order, so the real hidden order never reaches the search
(see :meth:`~orbis_tui.engine.state.GameState.resample_hidden`).
After the candidate turn, every player continues with the greedy policy for a number
of turns (to the end of the game when it is near), and the position reached is scored
by its utility (:mod:`.victory`): the victory first (exact at the end of the game, a
chance before it), then the margin (the final score difference at the end, the
evaluation's margin otherwise).

All candidates share each reshuffle (paired sampling), which makes their differences
much less noisy than their values. Every few rounds the weaker half is dropped
(successive halving). The search stops after ``iterations`` rounds when given (the same
seed then always gives the same moves) or when the ``time_budget`` in seconds is spent.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..collector import collection_paused
from ..engine import Action, GameState
from ..options import check_search_size
from .heuristics import DEFAULT_WEIGHTS, Weights, evaluate
from .medium import PlanningBot
from .planner import TurnPlan
from .victory import utility

DEFAULT_TIME_BUDGET = 1.0


@dataclass(slots=True)
class SearchStats:
    """What the last search did (for the tournament report and the tests)."""

    candidates: int = 0
    rounds: int = 0
    rollouts: int = 0
    seconds: float = 0.0


class HardBot(PlanningBot):
    """Determinised Monte-Carlo search over whole-turn plans (level "hard")."""

    name = "hard"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = None,
        iterations: int | None = None,
        candidates: int = 6,
        depth: int = 6,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        super().__init__(seed, weights)
        time_budget, iterations = check_search_size(time_budget, iterations, DEFAULT_TIME_BUDGET)
        self.time_budget = time_budget
        self.iterations = iterations
        self.candidates = candidates
        self.depth = depth
        self.stats = SearchStats()

    def plan_turn(self, world: GameState, rng: random.Random) -> list[Action]:
        return self.search(world, rng)

    # ------------------------------------------------------------------ search
    def search(self, state: GameState, rng: random.Random) -> list[Action]:
        """The best of the candidate plans; ``state`` may be the real position or any
        copy of it: the search only ever looks at copies reshuffled by ``rng``."""
        start = time.perf_counter()
        deadline = start + self.time_budget if self.time_budget is not None else math.inf
        me = state.current
        plans = self.planner.turn_plans(state.resample_hidden(rng))
        alive = plans[: self.candidates]
        self.stats = SearchStats(candidates=len(alive))
        if len(alive) == 1:
            self.stats.seconds = time.perf_counter() - start
            return alive[0].actions
        totals = [0.0] * len(alive)
        rounds = 0
        next_cut = 4
        rollouts = 0
        limit = self.iterations if self.iterations is not None else math.inf
        clock = time.perf_counter
        with collection_paused():  # the rollouts make no reference cycles
            while rounds < limit:
                world = state.resample_hidden(rng)
                results = []
                for plan in alive:
                    if rounds > 0 and clock() >= deadline:
                        break  # an unfinished round is dropped: every candidate keeps its pairs
                    results.append(self.rollout(world, plan, me))
                rollouts += len(results)
                if len(results) < len(alive):
                    break
                for index, value in enumerate(results):
                    totals[index] += value
                rounds += 1
                if rounds == next_cut and len(alive) > 2:
                    ranked = sorted(range(len(alive)), key=lambda i: -totals[i])
                    keep = sorted(ranked[: (len(alive) + 1) // 2])
                    alive = [alive[i] for i in keep]
                    totals = [totals[i] for i in keep]
                    next_cut *= 2
        best = max(range(len(alive)), key=lambda i: totals[i])
        self.stats.rounds = rounds
        self.stats.rollouts = rollouts
        self.stats.seconds = time.perf_counter() - start
        return alive[best].actions

    def rollout(self, world: GameState, plan: TurnPlan, me: int) -> float:
        """Play ``plan`` on a copy of ``world``, then the greedy policy for every player
        for ``depth`` turns (or to the end), and score the position for ``me``."""
        state = world.copy(record=False)
        for action in plan.actions:
            state.apply(action)
        planner = self.planner
        turns = 0
        while not state.is_over and turns < self.depth:
            for action in planner.turn_plans(state)[0].actions:
                state.apply(action)
            turns += 1
        return utility(state, evaluate(state, planner.weights), me)
