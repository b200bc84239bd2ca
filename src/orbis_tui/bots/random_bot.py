"""The easiest opponent: a uniformly random legal action."""

from __future__ import annotations

from ..engine import Action, GameState
from .fair import decision_rng


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: GameState) -> Action:
        return decision_rng(self.seed, state).choice(state.legal_actions())
