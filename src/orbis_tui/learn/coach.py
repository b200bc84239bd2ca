"""The coach: what the pending decision asks, and why each unavailable option is so.

The walkthrough and the coach share these texts: a refused move in the walkthrough is
explained by :func:`Coach.explain`, exactly as the coach explains a dimmed option in a
normal game. The engine gives the reason (its rule id and a sentence with the numbers);
the walkthrough file adds the plain explanation of that rule and of each decision.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import (
    COLORS,
    DECISION_RULE,
    NUM_COLORS,
    Action,
    Color,
    DecisionKind,
    Exchange,
    GameState,
    GoWild,
    IllegalAction,
    Pay,
    Place,
    TakeGod,
    TakeTile,
    geometry,
    preview_take,
)
from .script import Script, load_script
from .words import describe


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move is not possible now."""

    rule: str  # the rule id, e.g. "R-PLACE-3"
    code: str  # the engine's reason code
    message: str  # the engine's sentence, with the numbers
    rule_text: str | None  # the plain explanation of the rule


@dataclass(frozen=True, slots=True)
class Option:
    """One option the table shows for the pending decision, legal or not."""

    action: Action
    label: str
    reason: Reason | None  # None: the option is available
    note: str | None = None  # available, but worth knowing (e.g. it will become a wilderness)

    @property
    def available(self) -> bool:
        return self.reason is None


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's view of the pending decision."""

    kind: DecisionKind
    phase: str  # what the decision asks, in words
    rule: str  # the rule the decision belongs to
    rule_text: str | None
    options: tuple[Option, ...]

    @property
    def unavailable(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if not o.available)


class Coach:
    """Explanations for any game state, from the walkthrough file's texts."""

    def __init__(self, script: Script | None = None) -> None:
        self.script = script if script is not None else load_script()

    # ------------------------------------------------------------ single answers
    def phase(self, kind: DecisionKind) -> str:
        return self.script.phase_text(kind)

    def rule_text(self, rule: str) -> str | None:
        return self.script.rule_text(rule)

    def reason(self, error: IllegalAction) -> Reason:
        return Reason(error.rule, error.code, error.message, self.rule_text(error.rule))

    def explain(self, state: GameState, action: Action) -> Reason | None:
        """Why ``action`` is not legal now, or None when it is."""
        error = state.why_not(action)
        return None if error is None else self.reason(error)

    def describe(self, state: GameState, action: Action) -> str:
        return describe(action, state, self.script.words)

    # ------------------------------------------------------------ the whole decision
    def advise(self, state: GameState) -> Advice:
        kind = state.kind
        rule = DECISION_RULE[kind]
        options = [self._option(state, a) for a in self._candidates(state)]
        return Advice(kind, self.phase(kind), rule, self.rule_text(rule), tuple(options))

    def _option(self, state: GameState, action: Action) -> Option:
        reason = self.explain(state, action)
        note = None
        if reason is None and isinstance(action, TakeTile):
            preview = preview_take(state, action.cell)
            if not preview.affordable:
                note = self._unaffordable_note(state, action, preview.exchanges_needed)
        if isinstance(action, Exchange):
            label = self.script.words.exchange_from.format(give=action.give.label)
        else:
            label = self.describe(state, action)
        return Option(action, label, reason, note)

    def _unaffordable_note(self, state: GameState, take: TakeTile, exchanges: int | None) -> str:
        """A take that is legal but that the player cannot pay for right away."""
        copy = state.copy()
        copy.apply(take)
        payment = Pay(tuple(0 for _ in range(NUM_COLORS)))  # type: ignore[arg-type]
        error = copy.why_not(payment)
        text = error.message if error is not None else ""
        if exchanges:
            return f"{text} {exchanges} exchange(s) would make it payable.".strip()
        return f"{text} It would become a wilderness.".strip()

    def _candidates(self, state: GameState) -> list[Action]:
        """The options the table shows for the pending decision, in display order."""
        kind = state.kind
        actions: list[Action] = []
        if kind is DecisionKind.TURN:
            actions.extend(TakeTile(cell) for cell in range(len(state.market)))
            actions.extend(TakeGod(god) for god in state.gods_available)
        elif kind is DecisionKind.PAY:
            actions.append(_representative_pay(state))
            actions.append(GoWild())
        elif kind is DecisionKind.PLACE:
            actions.extend(Place(r, c) for r, c in _spots_on_show(state))
        if kind is not DecisionKind.OVER:
            # One exchange per color given; the color received does not change legality.
            actions.extend(Exchange(give, _other(give)) for give in COLORS)
        return actions


def _other(color: Color) -> Color:
    return COLORS[(color + 1) % NUM_COLORS]


def _representative_pay(state: GameState) -> Pay:
    """A payment to judge: the first legal one, or the colored cost with 'any' from the
    most plentiful leftovers (so the refusal names what is missing)."""
    for action in state.decision_actions():
        if isinstance(action, Pay):
            return action
    due, any_count = state.payment_due()
    left = [max(0, state.player.realm[c] - due[c]) for c in range(NUM_COLORS)]
    chosen = [0] * NUM_COLORS
    for _ in range(any_count):
        best = max(range(NUM_COLORS), key=lambda c: left[c])
        chosen[best] += 1
        left[best] = max(0, left[best] - 1)
    return Pay(tuple(chosen))  # type: ignore[arg-type]


def _spots_on_show(state: GameState) -> list[tuple[int, int]]:
    """The empty spots a player might aim at, legal or not: the ends of the bottom row,
    and every spot above that touches a tile and could one day be supported."""
    pyramid = state.player.pyramid
    cols = sorted(c for r, c in pyramid if r == 1)
    if not cols:
        return [(1, 0)]
    spots: list[tuple[int, int]] = []
    if len(cols) < geometry.ROW_SIZES[1]:
        spots.extend([(1, cols[0] - 1), (1, cols[-1] + 1)])
    for row in range(2, geometry.TOP_ROW + 1):
        below = sorted(c for r, c in pyramid if r == row - 1)
        for col in range(below[0] - 1, below[-1] + 1) if below else ():
            touching = (row - 1, col) in pyramid or (row - 1, col + 1) in pyramid
            if touching and geometry.could_hold(pyramid, (row, col)):
                spots.append((row, col))
    return spots
