"""The easy opponent: near-random play that still looks like an attempt.

It picks a market tile or a god at random, pays whenever it can (else goes wild),
places the tile at a random spot where it keeps its color, and answers every other
decision at random. It never exchanges worshipers except where the payment needs it.
"""

from __future__ import annotations

from ..engine import Action, DecisionKind, GameState, GoWild, Place
from .choices import pay_sequence
from .fair import decision_rng
from .plan import PlanFollower


class EasyBot:
    name = "easy"

    def __init__(self, seed: int | None = None, pay_chance: float = 0.8) -> None:
        self.seed = seed
        self.pay_chance = pay_chance
        self.follower = PlanFollower()

    def choose(self, state: GameState) -> Action:
        action = self.follower.next(state)
        if action is not None:
            return action
        rng = decision_rng(self.seed, state)
        kind = state.kind
        if kind is DecisionKind.PAY:
            need = [1.0] * 5
            pay = pay_sequence(state, need)
            if pay is not None and rng.random() < self.pay_chance:
                return self.follower.start(state, pay)
            return GoWild()
        actions = state.decision_actions()
        if kind is DecisionKind.PLACE:
            colored = [a for a in actions if isinstance(a, Place) and not a.wild]
            return rng.choice(colored or actions)
        return rng.choice(actions)
