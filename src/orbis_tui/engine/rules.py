"""The rules' numbers and the kinds of decision a game can wait for.

Below the game state and everything that reads it (the decision, the preview, the
invariants), so that they all take these from one place.
"""

from __future__ import annotations

from enum import StrEnum

from .setup import MARKET_SIDE, MARKET_SIZE

REALM_LIMIT = 10
EXCHANGE_RATE = 3
LOVE_GIFT = 5
DEATH_PRICE = 6

# Orthogonal neighbors of each market cell, numbered row by row from the top left.
MARKET_ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        r * MARKET_SIDE + c
        for r, c in (
            (cell // MARKET_SIDE - 1, cell % MARKET_SIDE),
            (cell // MARKET_SIDE + 1, cell % MARKET_SIDE),
            (cell // MARKET_SIDE, cell % MARKET_SIDE - 1),
            (cell // MARKET_SIDE, cell % MARKET_SIDE + 1),
        )
        if 0 <= r < MARKET_SIDE and 0 <= c < MARKET_SIDE
    )
    for cell in range(MARKET_SIZE)
)


class DecisionKind(StrEnum):
    TURN = "turn"  # take a region tile or a god
    PAY = "pay"  # pay the cost (choosing colors for "any") or go wild
    PLACE = "place"  # choose a pyramid spot, as the tile or as a wilderness
    GAIN = "gain"  # choose the color of an "any color" proselytism worshiper
    VILLAGE = "village"  # return worshipers or cancel the village
    VOLCANO = "volcano"  # choose market worshipers to remove or cancel the volcano
    LOVE = "love"  # choose the Goddess of Love's five worshipers
    DEATH = "death"  # return six worshipers or cancel the God of Death
    DISCARD = "discard"  # return worshipers down to the realm limit
    OVER = "over"  # the game has ended


# The rule a decision belongs to, cited when an action does not answer it.
DECISION_RULE = {
    DecisionKind.TURN: "R-TURN-1",
    DecisionKind.PAY: "R-TAKE-3",
    DecisionKind.PLACE: "R-TAKE-4",
    DecisionKind.GAIN: "R-EFF-GAIN",
    DecisionKind.VILLAGE: "R-EFF-VILLAGE",
    DecisionKind.VOLCANO: "R-EFF-VOLCANO",
    DecisionKind.LOVE: "R-GOD-2",
    DecisionKind.DEATH: "R-GOD-2",
    DecisionKind.DISCARD: "R-TURN-3",
    DecisionKind.OVER: "R-TURN-1",
}


__all__ = [
    "DEATH_PRICE",
    "DECISION_RULE",
    "EXCHANGE_RATE",
    "LOVE_GIFT",
    "MARKET_ADJACENT",
    "REALM_LIMIT",
    "DecisionKind",
]
