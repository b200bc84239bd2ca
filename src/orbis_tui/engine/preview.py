"""Answers about a choice before it is made, without changing the game.

The app uses these to show what taking a market cell would do; computer players use
them to judge a move cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import pyramid as geometry
from .actions import Exchange, Pay, TakeTile
from .colors import NUM_COLORS, Color, Count, letters
from .errors import IllegalAction
from .pyramid import Position
from .rules import EXCHANGE_RATE, MARKET_ADJACENT, DecisionKind
from .tiles import Tile

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class TakePreview:
    cell: int
    tile: Tile
    collected: Count  # worshipers waiting on the cell, collected in phase 2
    generated_cells: tuple[int, ...]  # cells that receive a worshiper in phase 1
    cost: Count  # colored cost after reduction tokens
    cost_any: int
    saved: Count  # colored symbols reduction tokens cancel
    affordable: bool  # payable from the realm right after collecting
    exchanges_needed: int | None  # fewest 3-for-1 exchanges that make it payable; None: never
    colored_spots: tuple[Position, ...]
    wild_spots: tuple[Position, ...]
    blocked: IllegalAction | None  # why the tile cannot be taken now, if it cannot


def exchanges_to_pay(have: Count, need: Count, any_count: int) -> int | None:
    """The fewest 3-for-1 exchanges (R-TURN-2) after which ``have`` pays ``need`` + any.

    Each missing colored worshiper takes one exchange of three surplus worshipers of a
    single color; the "any" symbols take whatever surplus is left. None: impossible.
    """
    deficit = 0
    surplus = [0] * NUM_COLORS
    for c in range(NUM_COLORS):
        diff = have[c] - need[c]
        if diff < 0:
            deficit -= diff
        else:
            surplus[c] = diff
    if sum(s // EXCHANGE_RATE for s in surplus) < deficit:
        return None
    if sum(surplus) - EXCHANGE_RATE * deficit < any_count:
        return None
    return deficit


def exchange_toward_payment(have: Count, need: Count, any_count: int) -> Exchange | None:
    """An exchange (R-TURN-2) that leaves ``have`` one exchange closer to paying
    ``need`` + any, taking from the color with the most to spare; None when no exchange
    is needed or none can make the payment."""
    needed = exchanges_to_pay(have, need, any_count)
    if not needed:
        return None
    get = next(c for c in range(NUM_COLORS) if have[c] < need[c])
    spare = sorted(range(NUM_COLORS), key=lambda c: need[c] - have[c])
    for give in spare:
        if have[give] - need[give] < EXCHANGE_RATE:
            continue
        after = list(have)
        after[give] -= EXCHANGE_RATE
        after[get] += 1
        if exchanges_to_pay(tuple(after), need, any_count) == needed - 1:
            return Exchange(Color(give), Color(get))
    return None


def preview_take(state: GameState, cell: int) -> TakePreview:
    """What taking market ``cell`` (0-8) would do for the active player right now."""
    tile = state.market[cell]
    if tile is None:
        raise ValueError(f"market cell {cell + 1} is empty")
    player = state.player
    collected = state.market_worshipers[cell]
    after = tuple(player.realm[c] + collected[c] for c in range(NUM_COLORS))
    cost = player.effective_cost(tile)
    saved = tuple(tile.cost[c] - cost[c] for c in range(NUM_COLORS))
    needed = exchanges_to_pay(after, cost, tile.cost_any)
    return TakePreview(
        cell=cell,
        tile=tile,
        collected=collected,
        generated_cells=MARKET_ADJACENT[cell],
        cost=cost,
        cost_any=tile.cost_any,
        saved=saved,
        affordable=needed == 0,
        exchanges_needed=needed,
        colored_spots=tuple(geometry.colored_spots(player.pyramid, tile.color)),
        wild_spots=tuple(geometry.wild_spots(player.pyramid)),
        blocked=state.why_not(TakeTile(cell)),
    )


def why_unpayable(state: GameState) -> IllegalAction | None:
    """Why the tile being paid for cannot be paid in any way (R-TAKE-3); ``None`` when
    some payment is possible or nothing is being paid for."""
    if state.kind is not DecisionKind.PAY:
        return None
    if any(isinstance(a, Pay) for a in state.decision_actions()):
        return None
    due, any_count = state.payment_due()
    have = letters(state.player.realm_count)
    if not any_count:
        return IllegalAction("R-TAKE-3", "cannot_afford_plain", need=letters(due), have=have)
    if not sum(due):
        return IllegalAction("R-TAKE-3", "cannot_afford_only_any", any=any_count, have=have)
    return IllegalAction(
        "R-TAKE-3", "cannot_afford_with_any", need=letters(due), any=any_count, have=have
    )
