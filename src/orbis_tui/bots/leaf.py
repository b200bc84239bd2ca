"""A learned evaluation for the leaves of the expert's search.

The hand-written evaluation (:mod:`.heuristics`) adds up its parts with weight one:
immediate CP, the temple token, the god, the worshipers, the reduction tokens, the
tiles still to come and the open spots. The learned evaluation weighs the same parts
anew, and lets each weight change with the share of the game the seat has left:

    value = sum_k (a_k + b_k * left) * part_k + c + d * left

with one set of numbers per table size, fitted by least squares to the final scores
of self-play games (``tools/fit_leaf.py``, which prints how well each evaluation
predicts the final scores and margins of games it was not fitted on). The numbers
ship as data (``data/leaf_weights.json``); the inference is the sum above in plain
Python, as cheap as the hand evaluation. A finished game is scored as it ends.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine import ROUNDS, GameState
from ..tiles import data_dir
from .heuristics import (
    DEFAULT_WEIGHTS,
    TERM_NAMES,
    Context,
    Weights,
    evaluate,
    seat_terms,
    temple_tokens,
)

LEAF_FILE = "leaf_weights.json"


def leaf_features(terms: Sequence[float], left: float) -> list[float]:
    """The inputs of the fitted sum: every part, every part times ``left``, 1, ``left``."""
    return [*terms, *(t * left for t in terms), 1.0, left]


def position_features(state: GameState, w: Weights = DEFAULT_WEIGHTS) -> list[list[float]]:
    """:func:`leaf_features` of every seat of an unfinished game, in seat order."""
    ctx = Context(state)
    tokens = temple_tokens(state, ctx)
    return [
        leaf_features(seat_terms(state, seat, ctx, tokens, w), ctx.remaining[seat] / ROUNDS)
        for seat in range(state.num_players)
    ]


@dataclass(frozen=True, slots=True)
class LeafModel:
    """The fitted numbers, one list per table size (see the module documentation)."""

    coefficients: dict[int, tuple[float, ...]]
    weights: Weights = DEFAULT_WEIGHTS  # the hand weights the parts are computed with

    def evaluate(self, state: GameState) -> list[float]:
        """The value of every seat, in seat order (the final score once the game is over)."""
        if state.is_over:
            return evaluate(state, self.weights)
        coefficients = self.coefficients[state.num_players]
        return [
            sum(c * x for c, x in zip(coefficients, features, strict=True))
            for features in position_features(state, self.weights)
        ]

    def as_json(self) -> dict[str, object]:
        return {
            "terms": list(TERM_NAMES),
            "coefficients": {str(n): list(c) for n, c in sorted(self.coefficients.items())},
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> LeafModel:
        if data.get("terms") != list(TERM_NAMES):
            raise ValueError("the leaf weights were fitted on other parts of the evaluation")
        raw = data["coefficients"]
        assert isinstance(raw, dict)
        size = 2 * len(TERM_NAMES) + 2
        coefficients = {}
        for players, values in raw.items():
            numbers = tuple(float(v) for v in values)
            if len(numbers) != size:
                raise ValueError(f"{players} players: {len(numbers)} leaf weights, not {size}")
            coefficients[int(players)] = numbers
        return cls(coefficients)


_shipped: LeafModel | None = None


def shipped_leaf(path: Path | None = None) -> LeafModel:
    """The fitted model that ships with the game (read once)."""
    global _shipped
    if path is not None:
        return LeafModel.from_json(json.loads(path.read_text(encoding="utf-8")))
    if _shipped is None:
        _shipped = shipped_leaf(data_dir() / LEAF_FILE)
    return _shipped
