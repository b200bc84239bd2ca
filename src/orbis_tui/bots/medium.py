"""The medium opponent: a greedy player that looks one whole turn ahead.

At the start of its turn it tries every market tile and every god left, finishes each
turn on a copy of the state with the best of a few sensible sub-choices (the
:class:`~.planner.Planner`), evaluates each finished turn with
:mod:`orbis_tui.bots.heuristics` and plays the best one, one decision at a time. The
evaluation weighs immediate CP, the worshiper economy, the pyramid's placement
potential and the timing of the god turn.
"""

from __future__ import annotations

import random

from ..engine import Action, DecisionKind, GameState
from .fair import decision_rng
from .heuristics import DEFAULT_WEIGHTS, Weights
from .plan import PlanFollower
from .planner import Planner

_TURN = DecisionKind.TURN


class PlanningBot:
    """A bot that plans each decision's answer to the end of its turn and then plays the
    plan one decision at a time. The start of a turn is :meth:`plan_turn`'s to choose;
    the decisions after it are finished greedily by the :class:`Planner`.

    Planning looks past the end of the turn (the refill of the market), so it works on
    a copy whose hidden pile order is drawn from the public position (see :mod:`.fair`).
    """

    name = "planning"

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.seed = seed
        self.planner = Planner(weights)
        self.follower = PlanFollower()

    def choose(self, state: GameState) -> Action:
        action = self.follower.next(state)
        if action is not None:
            return action
        rng = decision_rng(self.seed, state)
        world = state.resample_hidden(rng)
        if world.kind is _TURN:
            actions = self.plan_turn(world, rng)
        else:
            actions = self.planner.complete(world, world.current)[0]
        return self.follower.start(state, actions)

    def plan_turn(self, world: GameState, rng: random.Random) -> list[Action]:
        """The actions of the whole turn starting in ``world`` (a copy of the position
        with its hidden pile order drawn by ``rng``)."""
        raise NotImplementedError


class MediumBot(PlanningBot):
    """Greedy one-turn lookahead with a hand-written evaluation (level "medium")."""

    name = "medium"

    def plan_turn(self, world: GameState, rng: random.Random) -> list[Action]:
        plans = self.planner.turn_plans(world)
        top = plans[0].value
        # Equal plans are broken by the seed, so seats differ from game to game.
        tied = [p for p in plans if p.value >= top - 1e-9]
        return rng.choice(tied).actions
