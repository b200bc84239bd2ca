"""The greedy planner under every computer level and every look-ahead: it finishes the
pending turn with the best of a few sensible answers to each of its decisions (pay, or
go wild; every legal spot; the effect's choices; the discard), judged by the
evaluation's margin (:mod:`.heuristics`).

It is compiled in the compiled build (see docs/engine.md, "A compiled build"); the
quicker planner of the expert's search (:mod:`.rollout`), the tests and the benchmarks
derive classes of their own from it, which ``allow_interpreted_subclasses`` permits.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (
    DEATH_PRICE,
    Action,
    ChooseGain,
    DecisionKind,
    Decline,
    Erupt,
    GameState,
    GoWild,
    Place,
    ReturnWorshipers,
)
from .choices import (
    best_gain_color,
    discard_sequences,
    love_choice,
    pay_sequence,
    pick_to_give,
    volcano_choice,
)
from .compiled import mypyc_attr
from .heuristics import DEFAULT_WEIGHTS, Weights, color_need, evaluate, margin

# The kinds, looked up once (a module global; in Python 3.11 ``_PAY`` runs a
# descriptor, some 0.2 us): planning asks at every step.
_TURN, _OVER = DecisionKind.TURN, DecisionKind.OVER
_PAY, _PLACE, _GAIN = DecisionKind.PAY, DecisionKind.PLACE, DecisionKind.GAIN
_VILLAGE, _VOLCANO, _LOVE = DecisionKind.VILLAGE, DecisionKind.VOLCANO, DecisionKind.LOVE
_DEATH, _DISCARD = DecisionKind.DEATH, DecisionKind.DISCARD
_GOWILD, _DECLINE = GoWild(), Decline()


@dataclass(slots=True)
class TurnPlan:
    """A whole turn: its actions in order, and the value of the position it leads to."""

    actions: list[Action]
    value: float


@mypyc_attr(allow_interpreted_subclasses=True)
class Planner:
    """Finds the best way to finish the pending turn, judged by the evaluation's margin."""

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights

    def margin(self, state: GameState, seat: int) -> float:
        return margin(evaluate(state, self.weights), seat)

    def need(self, state: GameState, seat: int) -> list[float]:
        """The seat's wish for each worshiper color (:func:`~.heuristics.color_need`)."""
        return color_need(state, seat)

    # ------------------------------------------------------------------ turns
    def turn_plans(self, state: GameState) -> list[TurnPlan]:
        """Every tile and god the active player may take, each finished greedily;
        best first."""
        me = state.current
        plans = []
        for action in state.decision_actions():
            # A scratch copy sharing the other seats (see GameState.turn_copy): the
            # planner plays only this seat's answers on it, and stops at the turn's end.
            child = state.turn_copy()
            child.apply_unchecked(action)  # one of the engine's own legal answers
            rest, value = self._finish(child, me, True)
            plans.append(TurnPlan([action, *rest], value))
        plans.sort(key=lambda p: -p.value)
        return plans

    def complete(self, state: GameState, me: int) -> tuple[list[Action], float]:
        """The best way to answer the decisions left in ``me``'s turn, and its value
        (``state`` is left as it is)."""
        return self._finish(state, me, False)

    def _finish(self, state: GameState, me: int, scratch: bool) -> tuple[list[Action], float]:
        """:meth:`complete`; a ``scratch`` state is a copy of the planner's own, which it
        may change: its last answer is played on it instead of on yet another copy."""
        kind = state.kind
        if kind is _TURN or kind is _OVER or state.current != me:
            return [], self.margin(state, me)
        best: tuple[list[Action], float] | None = None
        options = self.options(state)
        last = len(options) - 1
        for index, seq in enumerate(options):
            child = state if scratch and index == last else state.turn_copy()
            for action in seq:
                child.apply_unchecked(action)  # the answers of options() are legal
            after = child.kind
            if after is _TURN or after is _OVER or child.current != me:
                value = self.margin(child, me)  # the turn is over: _finish's first case
                if best is None or value > best[1]:
                    best = (seq[:], value)
                continue
            rest, value = self._finish(child, me, True)
            if best is None or value > best[1]:
                best = ([*seq, *rest], value)
        assert best is not None
        return best

    # ------------------------------------------------------------------ sub-decisions
    def options(self, state: GameState) -> list[list[Action]]:
        """A few sensible answers to the pending sub-decision (each a short sequence)."""
        kind = state.kind
        me = state.current
        player = state.player
        if kind is _PAY:
            seqs: list[list[Action]] = []
            pay = pay_sequence(state, self.need(state, me))
            if pay is not None:
                seqs.append(pay)
            seqs.append([_GOWILD])
            return seqs
        if kind is _PLACE:
            places = state.decision_actions()
            colored = [a for a in places if isinstance(a, Place) and not a.wild]
            if colored:
                return [[a] for a in colored]
            return [[a] for a in places]
        if kind is _GAIN:
            return [[ChooseGain(best_gain_color(player.realm, self.need(state, me)))]]
        if kind is _VILLAGE:
            assert state.take is not None
            count = state.take.tile.effect.count
            give = pick_to_give(player.realm, count, self.need(state, me))
            return [[ReturnWorshipers(give)], [_DECLINE]]
        if kind is _VOLCANO:
            erupts = [a for a in state.decision_actions() if isinstance(a, Erupt)]
            return [[volcano_choice(state, erupts)]] if erupts else [[_DECLINE]]
        if kind is _LOVE:
            return [[love_choice(player.realm, self.need(state, me))]]
        if kind is _DEATH:
            give = pick_to_give(player.realm, DEATH_PRICE, self.need(state, me))
            return [[ReturnWorshipers(give)], [_DECLINE]]
        if kind is _DISCARD:
            return discard_sequences(state, self.need(state, me))
        raise ValueError(f"no options for a {kind.value} decision")
