"""A quicker greedy planner for the expert's look-ahead.

While one seat plays its turn, the other seats' pyramids, realms and gods do not
change; only the market around them does. The planner that plays the turns inside
the expert's search therefore values the other seats once, at the start of the turn,
and judges each way of finishing the turn by the mover's own value against that best
other value. With two players that halves the cost of the evaluations a greedy turn
makes, with four it divides it by almost four; the search then plays more turns in the
same time. (Each search iteration's final position is still valued in full.)

For the same reason the table facts of the other seats (their validated effects, their
highest mystic) are counted once a turn, the temple tokens once for each count of the
mover's temples and mystic value, and the mover's wish for each worshiper color,
which depends on the market and its reduction tokens only, once per market it meets
(for the evaluations and for the turn's own choices of what to pay, gain or give; the
same markets come back turn after turn in a review's many continuations).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..engine import Action, GameState
from .heuristics import Context, color_need, seat_value, temple_tokens
from .medium import Planner, TurnPlan

Planned = TypeVar("Planned")

# The color wishes a planner remembers (under a kilobyte each) before it starts afresh.
_MOST_NEEDS = 20_000


class QuickPlanner(Planner):
    """:class:`~.medium.Planner` with the other seats valued once per turn (when a
    turn's planning starts: :meth:`turn_plans` or the outermost :meth:`complete`)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._frozen = False
        self._best_other = 0.0
        self._base: Context | None = None
        self._tokens: dict[tuple[int, int, int], list[int]] = {}
        self._needs: dict[tuple, tuple[tuple, list[float]]] = {}

    def turn_plans(self, state: GameState) -> list[TurnPlan]:
        return self._planning(state, lambda: Planner.turn_plans(self, state))

    def complete(self, state: GameState, me: int) -> tuple[list[Action], float]:
        if self._frozen:
            return super().complete(state, me)
        return self._planning(state, lambda: Planner.complete(self, state, me))

    def margin(self, state: GameState, seat: int) -> float:
        base = self._base
        if not self._frozen or base is None:
            return super().margin(state, seat)
        ctx = Context.updated(state, seat, base)
        # The others' temples and mystic values are the base's: the tokens depend on
        # the mover's alone.
        mine = (seat, ctx.counts[seat]["temple"], ctx.mystic[seat])
        tokens = self._tokens.get(mine)
        if tokens is None:
            tokens = self._tokens[mine] = temple_tokens(state, ctx)
        value = seat_value(state, seat, ctx, tokens, self.weights, self.need(state, seat))
        return value - self._best_other

    def need(self, state: GameState, seat: int) -> list[float]:
        if not self._frozen:
            return color_need(state, seat)
        market = state.market
        key = (seat, *map(id, market), *state.players[seat].reductions)
        known = self._needs.get(key)
        if known is not None:
            return known[1]
        if len(self._needs) >= _MOST_NEEDS:
            self._needs.clear()
        need = color_need(state, seat)
        # The entry keeps the market's tiles alive, so no other tile can take their ids
        # (the key) while it lasts.
        self._needs[key] = (tuple(market), need)
        return need

    def _planning(self, state: GameState, plan: Callable[[], Planned]) -> Planned:
        me = state.current
        ctx = Context(state)
        tokens = temple_tokens(state, ctx)
        self._best_other = max(
            seat_value(state, seat, ctx, tokens, self.weights)
            for seat in range(state.num_players)
            if seat != me
        )
        self._base = ctx
        self._tokens.clear()
        self._frozen = True
        try:
            return plan()
        finally:
            self._frozen = False
            self._base = None
