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
same markets come back turn after turn in a review's many continuations). The mover's
pyramid facts (validated effects, mystic value, points, open spots) are kept for each
pyramid met, which the same continuations meet again and again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..engine import Action, GameState, GodId, Pyramid, Tile
from .compiled import mypyc_attr
from .grown import RootFacts, grown_facts, root_facts
from .heuristics import (
    DEFAULT_WEIGHTS,
    Context,
    PyramidFacts,
    Weights,
    color_need,
    pyramid_facts,
    seat_value,
    temple_tokens,
)
from .planner import Planner, TurnPlan

Planned = TypeVar("Planned")
_IDLENESS = GodId.IDLENESS  # looked up once (see heuristics.py)

# The color wishes and the pyramids a planner remembers (about a kilobyte each: some
# 20 MB at most for both) before it starts afresh.
_MOST_NEEDS = 10_000
_MOST_PYRAMIDS = 10_000


@mypyc_attr(allow_interpreted_subclasses=True)
class QuickPlanner(Planner):
    """:class:`~.planner.Planner` with the other seats valued once per turn (when a
    turn's planning starts: :meth:`turn_plans` or the outermost :meth:`complete`)."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(weights)
        self._frozen = False
        self._best_other = 0.0
        self._base: Context | None = None
        self._tokens: dict[tuple[int, int, int], list[int]] = {}
        self._needs: dict[tuple[int, ...], tuple[tuple[Tile | None, ...], list[float]]] = {}
        self._count = 0
        self._root = (0, 0, 0)  # the mover, the number of its pyramid, the pyramid's size
        # Each root's number and a copy of it (which keeps its tiles alive).
        self._roots: dict[tuple[object, ...], tuple[int, Pyramid]] = {}
        self._root_pyramid: Pyramid = {}
        self._rooted: dict[tuple[int, bool, bool], RootFacts] = {}  # by number, idle, over
        self._facts: dict[tuple[object, ...], tuple[Tile, PyramidFacts]] = {}

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
        facts = self._pyramid_facts(state, seat)
        ctx = Context.updated(state, seat, base, facts)
        # The others' temples and mystic values are the base's: the tokens depend on
        # the mover's alone.
        mine = (seat, ctx.counts[seat]["temple"], ctx.mystic[seat])
        tokens = self._tokens.get(mine)
        if tokens is None:
            tokens = self._tokens[mine] = temple_tokens(state, ctx)
        need = self.need(state, seat)
        value = seat_value(state, seat, ctx, tokens, self.weights, need, facts)
        return value - self._best_other

    def _pyramid_facts(self, state: GameState, seat: int) -> PyramidFacts:
        """The facts of the seat's pyramid, remembered across turns and worlds.

        During a turn only the mover's pyramid changes, and only by the tile placed
        this turn: added last (a dict keeps its order), then maybe cancelled. So the
        pyramid is the one at the start of the planning (numbered by its content) and
        its last tile, which makes a short key.
        """
        player = state.players[seat]
        pyramid = player.pyramid
        idle = player.god is _IDLENESS
        over = state.is_over
        mover, root, size = self._root
        grown = len(pyramid) - size
        if seat != mover or not pyramid or not 0 <= grown <= 1:
            return pyramid_facts(pyramid, idle, self.weights, over)
        pos = next(reversed(pyramid))
        last = pyramid[pos]
        key = (root, grown, pos, id(last.tile), last.wild, last.cancelled, idle, over)
        known = self._facts.get(key)
        if known is None:
            if len(self._facts) >= _MOST_PYRAMIDS:
                self._facts.clear()
            if grown:
                # The root's facts with the new tile: only it and the forests are
                # looked at (the same facts as a whole pass; see grown_facts).
                facts = grown_facts(self._root_facts(idle, over), pyramid, idle, self.weights, over)
            else:
                facts = pyramid_facts(pyramid, idle, self.weights, over)
            # The entry keeps the tile alive, so no other tile takes its id.
            known = self._facts[key] = (last.tile, facts)
        return known[1]

    def _root_facts(self, idle: bool, over: bool) -> RootFacts:
        """The :class:`RootFacts` of the mover's pyramid at the start of the planning."""
        number, root = self._root[1], self._root_pyramid
        key = (number, idle, over)
        known = self._rooted.get(key)
        if known is None:
            known = self._rooted[key] = root_facts(root, idle, self.weights, over)
        return known

    def _number_root(self, state: GameState) -> None:
        """Number the mover's pyramid at the start of a planning by its content."""
        me = state.current
        pyramid = state.players[me].pyramid
        content = tuple((pos, id(p.tile), p.wild, p.cancelled) for pos, p in pyramid.items())
        known = self._roots.get(content)
        if known is None:
            if len(self._roots) >= _MOST_PYRAMIDS:
                self._roots.clear()
                self._facts.clear()  # their keys hold the numbers of these roots
                self._rooted.clear()
            # Numbers are never reused; the entry's copy of the pyramid keeps the tiles
            # (whose ids make the content) alive.
            self._count += 1
            known = self._roots[content] = (self._count, dict(pyramid))
        self._root = (me, known[0], len(pyramid))
        self._root_pyramid = known[1]

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
        self._number_root(state)
        self._frozen = True
        try:
            return plan()
        finally:
            self._frozen = False
            self._base = None
