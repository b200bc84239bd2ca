"""The decisions of a game record, as the review judges them: the state before each,
the actions that answered it (exchanges made first included) and the seat's later
actions in the same turn, grouped by turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import (
    Action,
    DecisionKind,
    Exchange,
    GameState,
    Pay,
    exchanges_to_pay,
    parse_action,
)
from ..records import GameRecord, start_state


@dataclass(frozen=True, slots=True)
class _Decision:
    """A decision of the record: the state before it and the actions that answered it."""

    index: int  # the answering action
    first: int  # the first action (an exchange, if any were made first)
    state: GameState
    answer: tuple[Action, ...]  # exchanges first, then the answer
    rest: tuple[Action, ...]  # the seat's actions after it in the same turn
    options: int  # legal answers (exchanges aside)

    @property
    def judged(self) -> bool:
        """A choice was made: more than one answer, or exchanges before the answer."""
        return self.options > 1 or len(self.answer) > 1


def _by_turn(decisions: Sequence[_Decision]) -> list[list[_Decision]]:
    turns: list[list[_Decision]] = []
    for decision in decisions:
        if turns and turns[-1][0].state.turn == decision.state.turn:
            turns[-1].append(decision)
        else:
            turns.append([decision])
    return turns


def _decisions(record: GameRecord) -> list[_Decision]:
    """Every decision of the record that was answered, in order, with the state before
    it. Exchanges made first belong to the decision they prepare."""
    state = start_state(record.setup)
    actions = [parse_action(text) for text in record.actions]
    found: list[_Decision] = []
    i = 0
    while i < len(actions):
        before = state.copy()
        asked = (state.current, state.turn, state.kind)
        options = choices(state)
        first = i
        while True:
            action = actions[i]
            state.apply(action)
            i += 1
            answered = (state.current, state.turn, state.kind) != asked
            if not isinstance(action, Exchange) or answered or i == len(actions):
                break
        if isinstance(action, Exchange) and not answered:
            break  # the record stops before the answer to this decision
        found.append(_Decision(i - 1, first, before, tuple(actions[first:i]), (), options))
    return _with_rest(found, actions)


def forced_answers(record: GameRecord) -> tuple[int, ...]:
    """The action numbers of the record's decisions that had a single answer (and no
    exchange made before it): the review does not judge them (:attr:`GameReview.forced`
    lists those of the seats it reviewed)."""
    return tuple(d.index for d in _decisions(record) if not d.judged)


def choices(state: GameState) -> int:
    """How many answers the decision pending in ``state`` offers (exchanges aside), with
    one more for a payment that no answer makes yet but 3-for-1 exchanges would
    (R-TURN-2): going wild there is a choice, not the only answer, and is judged."""
    answers = state.decision_actions()
    count = len(answers)
    if state.kind is DecisionKind.PAY and not any(isinstance(a, Pay) for a in answers):
        due, due_any = state.payment_due()
        if exchanges_to_pay(tuple(state.player.realm), due, due_any) is not None:
            count += 1
    return count


def _with_rest(found: list[_Decision], actions: list[Action]) -> list[_Decision]:
    """Each decision with the seat's later actions of the same turn (for the reasons)."""
    out = []
    for number, decision in enumerate(found):
        rest: list[Action] = []
        for later in found[number + 1 :]:
            if later.state.current != decision.state.current:
                break
            if later.state.turn != decision.state.turn:
                break
            rest.extend(later.answer)
        out.append(
            _Decision(
                decision.index,
                decision.first,
                decision.state,
                decision.answer,
                tuple(rest),
                decision.options,
            )
        )
    return out
