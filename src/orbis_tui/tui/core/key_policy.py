"""Which of the table's keys work now, and why a key that does not is idle.

One pure function, :func:`judge`, answers both questions for an action of the table
(the name and parameters a key binding calls): the key bar shows the keys it enables,
and a key pressed in vain tells the player the reason it gives. It reads only what it
is handed in a :class:`KeyContext`: the game, the choice in progress and what the table
shows; it changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import DecisionKind, GameState, GodId, TakeGod
from ...i18n import gettext as _
from .. import texts, texts_learn, texts_screens
from .controller import Controller

# What Enter does, per decision (the key bar shows the matching label).
CONFIRM_LABELS = (
    "take",
    "take_god",
    "pay",
    "wild_now",
    "exchange_now",
    "place",
    "gain",
    "return",
    "erupt",
    "love",
    "discard",
    "why_not",
)
REFUSE_LABELS = ("wild", "decline", "decline_god")

# Keys that would answer the decision: while a finished turn waits for Enter, they say so.
_ANSWERING = frozenset(
    {"confirm", "refuse", "toggle_wild", "pay_anyway", "exchange", "take_cell", "add_color"}
)
_ALWAYS = frozenset({"players", "coach", "history", "score", "settings"})
_PLACE_ENTER = {
    DecisionKind.PLACE: "place",
    DecisionKind.GAIN: "gain",
    DecisionKind.VILLAGE: "return",
    DecisionKind.DEATH: "return",
    DecisionKind.VOLCANO: "erupt",
    DecisionKind.LOVE: "love",
    DecisionKind.DISCARD: "discard",
}


# A flag, or how to read it: the table asks for its costly ones (a widget query, the
# match's undo) only when a key that depends on them is judged, not for every binding.
Flag = bool | Callable[[], bool]


def _now(flag: Flag) -> bool:
    return flag() if callable(flag) else flag


@dataclass(frozen=True, slots=True)
class KeyContext:
    """Everything the table's keys depend on."""

    state: GameState
    choice: Controller  # the choice in progress (read, never changed here)
    name: str  # the player of the seat to move
    human: bool  # a person decides the seat to move here, at this table
    hints: bool  # that person may ask for hints
    confirming: bool  # a finished turn waits for Enter
    can_undo: Flag
    handing_over: bool  # the hand-over curtain hides the table
    too_small: bool  # the terminal is too small to play in
    hurrying: bool  # the computer players already move without pausing
    side_overflows: Flag  # the log or the coach has more to show below
    hints_instead: str | None = None  # why this table never gives hints (the walkthrough)
    bot_moves: bool | None = None  # a computer player moves here (None: whoever is not human)
    panel_scrolls: Callable[[int], bool] | None = None  # the panel has a page that way
    since: Flag = False  # turns were played since this player's last one

    @property
    def bot_turn(self) -> bool:
        return not self.human if self.bot_moves is None else self.bot_moves


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a key works now; when it does not, the reason told to the player who
    presses it (None: the key is silently idle)."""

    enabled: bool
    reason: str | None = None


ENABLED = Verdict(True)
IDLE = Verdict(False)


def _idle(reason: str | None) -> Verdict:
    return Verdict(False, reason)


def _either(enabled: bool, reason: str | None = None) -> Verdict:
    return ENABLED if enabled else _idle(reason)


def judge(action: str, parameters: tuple[object, ...], context: KeyContext) -> Verdict:
    """Whether the table's ``action(parameters)`` works now, or why not."""
    if context.too_small:
        return IDLE
    if action == "new_game":
        return ENABLED
    if action == "since":
        return _either(_now(context.since), _(texts.IDLE_SINCE))
    if action == "ready" or context.handing_over:
        return _either(action == "ready" and context.handing_over)
    state = context.state
    kind = state.kind
    if action in _ALWAYS:
        return ENABLED
    if action == "scroll_panel":
        scrolls = context.panel_scrolls
        direction = int(str(parameters[0]))
        return _either(scrolls is not None and scrolls(direction), _(texts.IDLE_PANEL_SCROLL))
    if action == "scroll_side":
        return _either(parameters[0] == -1 or _now(context.side_overflows))
    if action == "hurry":
        return _either(context.bot_turn and kind is not DecisionKind.OVER and not context.hurrying)
    if action == "hint":
        reason = why_no_hint(context)
        return _either(reason is None, reason)
    if context.confirming:
        if action in ("end_turn", "undo"):
            return ENABLED
        if kind is not DecisionKind.OVER and action in _ANSWERING:
            return _idle(_(texts_screens.IDLE_CONFIRMING))
        return IDLE
    if action == "end_turn" or kind is DecisionKind.OVER or not context.human:
        return IDLE
    return _deciding(action, parameters, context)


def _deciding(action: str, parameters: tuple[object, ...], context: KeyContext) -> Verdict:
    """The keys of a person's decision, no turn waiting for Enter."""
    state = context.state
    kind = state.kind
    ui = context.choice
    if action == "confirm":
        return _either(parameters[0] == confirm_label(state, ui))
    if action == "refuse":
        label = refuse_label(state, ui)
        if label is None and not _toggles_wild(state, ui):
            return _idle(_(texts_screens.IDLE_REFUSE))  # x does nothing at this decision
        return _either(parameters[0] == label)
    if action == "pay_anyway":
        return _either(
            kind is DecisionKind.PAY and ui.pay_default(state) == "wild" and ui.payable(state)
        )
    if action == "toggle_wild":
        mode = "colored" if ui.wild_mode else "wild"
        return _either(_toggles_wild(state, ui) and parameters[0] == mode)
    if action == "exchange":
        return _either(bool(state.decision.exchanges), _(texts_screens.IDLE_EXCHANGE))
    if action == "undo":
        return _either(_now(context.can_undo), _(texts_screens.NOTHING_TO_UNDO))
    if action == "move":
        if kind is DecisionKind.TURN or kind is DecisionKind.PLACE:
            return ENABLED
        return _either(kind is DecisionKind.VOLCANO and parameters[0] in ("up", "down"))
    if action == "take_cell":
        if kind is not DecisionKind.TURN:
            return _idle(_(texts_screens.IDLE_MARKET))
        return _either(not state.must_take_god(), _(texts_screens.IDLE_MUST_GOD))
    if action == "select_god":
        god = GodId(str(parameters[0]))
        # the turn's options hold one for each god still on the table (R-TURN-1)
        offered = kind is DecisionKind.TURN and state.decision.option(TakeGod(god)) is not None
        return _either(offered)
    if action in ("add_color", "remove_color"):
        return _either(ui.picks_colors(state), _(texts_screens.IDLE_COLOR))
    return ENABLED


def _toggles_wild(state: GameState, ui: Controller) -> bool:
    """Whether x switches between placing the tile and placing it as a wilderness: the
    decision offers both ways."""
    if state.kind is not DecisionKind.PLACE:
        return False
    return bool(ui.colored_spots(state)) and bool(ui.wild_spots(state))


def confirm_label(state: GameState, ui: Controller) -> str | None:
    """What Enter does now (one of :data:`CONFIRM_LABELS`), None when nothing."""
    kind = state.kind
    if kind is DecisionKind.TURN:
        # a god or tile the turn refuses (R-TURN-1): Enter says why, and the bar says so
        action = ui.confirm(state)
        option = state.decision.option(action) if action is not None else None
        if option is None or not option.legal:
            return "why_not"
        return "take_god" if ui.god is not None else "take"
    if kind is DecisionKind.PAY:
        default = ui.pay_default(state)
        return {"pay": "pay", "exchange": "exchange_now"}.get(default, "wild_now")
    return _PLACE_ENTER.get(kind)


def refuse_label(state: GameState, ui: Controller) -> str | None:
    """What x refuses now (one of :data:`REFUSE_LABELS`), None when nothing."""
    if ui.refuse(state) is None:
        return None
    if state.kind is DecisionKind.PAY:
        return "wild"
    return "decline_god" if state.kind is DecisionKind.DEATH else "decline"


def why_no_hint(context: KeyContext) -> str | None:
    """Why the hint key does nothing now; None when a hint can be shown."""
    if context.hints_instead is not None:
        return context.hints_instead
    if context.state.is_over:
        return _(texts_learn.HINT_OVER)
    if not context.human:
        return _(texts_learn.HINT_BOT)
    if not context.hints:
        return _(texts_learn.HINT_OFF).format(name=context.name)
    if context.confirming:
        return _(texts_learn.HINT_CONFIRMING)
    return None


__all__ = [
    "CONFIRM_LABELS",
    "ENABLED",
    "IDLE",
    "REFUSE_LABELS",
    "Flag",
    "KeyContext",
    "Verdict",
    "confirm_label",
    "judge",
    "refuse_label",
    "why_no_hint",
]
