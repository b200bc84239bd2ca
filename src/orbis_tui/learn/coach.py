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
    IllegalAction,
    Option,
    Place,
    TakeTile,
    geometry,
    preview_take,
)
from ..words import color_in_sentence, message_of
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
class Advised:
    """One of the engine's options for the pending decision, put into words: its label,
    why it is refused (with the rule explained), or what is worth knowing about it."""

    option: Option  # the engine's: action, refusal, warnings
    label: str
    reason: Reason | None  # None: the option is available
    note: str | None = None  # available, but worth knowing (the engine's warnings)

    @property
    def action(self) -> Action:
        return self.option.action

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
    options: tuple[Advised, ...]

    @property
    def unavailable(self) -> tuple[Advised, ...]:
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
        return Reason(error.rule, error.code, message_of(error), self.rule_text(error.rule))

    def explain(self, state: GameState, action: Action) -> Reason | None:
        """Why ``action`` is not legal now, or None when it is."""
        error = state.why_not(action)
        return None if error is None else self.reason(error)

    def describe(self, state: GameState, action: Action) -> str:
        return describe(action, state, self.script.words)

    # ------------------------------------------------------------ the whole decision
    def advise(self, state: GameState) -> Advice:
        """The engine's options for the pending decision (``state.decision``), with the
        few the table also shows that the engine leaves out: spots that could be filled
        later, and one exchange per color given."""
        kind = state.kind
        rule = DECISION_RULE[kind]
        options = [self._advised(state, o) for o in _on_show(state)]
        return Advice(kind, self.phase(kind), rule, self.rule_text(rule), tuple(options))

    def _advised(self, state: GameState, option: Option) -> Advised:
        action = option.action
        reason = self.reason(option.refusal) if option.refusal is not None else None
        notes = [message_of(w) for w in option.warnings]
        if reason is None and isinstance(action, TakeTile):
            preview = preview_take(state, action.cell)
            if not preview.affordable:
                words = self.script.words
                if preview.exchanges_needed:
                    notes.append(words.unpaid_exchange.format(count=preview.exchanges_needed))
                else:
                    notes.append(words.unpaid)
        if isinstance(action, Exchange):
            label = self.script.words.exchange_from.format(
                give=color_in_sentence(action.give.label)
            )
        else:
            label = self.describe(state, action)
        return Advised(option, label, reason, " ".join(notes) or None)


def _on_show(state: GameState) -> list[Option]:
    """The options the table shows for the pending decision, in display order."""
    decision = state.decision
    options = list(decision.options)
    if state.kind is DecisionKind.PLACE:
        offered = {o.action for o in options}
        for row, col in _spots_on_show(state):
            place = Place(row, col)
            if place not in offered:
                options.append(Option(place, state.why_not(place)))
    if state.kind is not DecisionKind.OVER:
        # One exchange per color given; the color received does not change legality.
        for give in COLORS:
            legal = next((e for e in decision.exchanges if e.give == give), None)
            if legal is not None:
                options.append(Option(legal))
            else:
                refused = Exchange(give, _other(give))
                options.append(Option(refused, state.why_not(refused)))
    return options


def _other(color: Color) -> Color:
    return COLORS[(color + 1) % NUM_COLORS]


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
