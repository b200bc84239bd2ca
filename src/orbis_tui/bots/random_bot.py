"""The easiest opponent: a uniformly random legal action."""

from __future__ import annotations

import random

from ..engine import Action, GameState


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(state.legal_actions())
