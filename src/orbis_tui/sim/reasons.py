"""Plain words for an option of a decision: what it does, what it risks, and why another
option would have been better. For hints (:func:`option_reason`) and reviews
(:func:`loss_reason`).

Both read the engine's own knowledge: the consequences each option of
``state.decision`` carries (an effect that will be cancelled, a payment that will be
lost...) and the events the actions produce when played on a copy of the state. The
state itself is never changed. The sentences are in :mod:`.review_texts`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    LETTERS,
    Action,
    Cancelled,
    ChooseGain,
    ChooseWorshipers,
    Consequence,
    DeathUnaffordable,
    Decline,
    Discard,
    EffectKind,
    EffectRefused,
    Erupt,
    Event,
    Exchange,
    GameState,
    GodCancelled,
    GodId,
    GoWild,
    IrrigationFails,
    Pay,
    PaymentLost,
    Place,
    Position,
    Pyramid,
    ReturnUnaffordable,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    Validated,
    VolcanoFails,
    WildernessCost,
    cancelled_text,
    color_in_sentence,
    final_scores,
)
from ..i18n import TranslatedDict, choose, gettext
from . import review_texts as texts

Actions = Action | Sequence[Action]
# the tables of templates, answering in the language in use
_ACTION = TranslatedDict(texts.ACTION)
_LOSS = TranslatedDict(texts.LOSS)


def option_reason(state: GameState, actions: Actions) -> str:
    """One line: what playing ``actions`` (exchanges first, then the answer to the
    pending decision, then optionally more of the turn) does, and what it risks."""
    played = _as_tuple(actions)
    seat = state.current
    after, events = _play(state, played)
    does = describe_actions(state, played)
    outcome = _outcomes(state, seat, events)
    points = _cp(after, seat) - _cp(state, seat)
    if points:
        outcome.append(gettext(texts.POINTS_NOW).format(points=points))
    line = _sentence(texts.OUTCOME_SEP.join([does, *outcome]))
    cancelled = any(isinstance(e, Cancelled | GodCancelled) for e in events)
    risks = [] if cancelled else [w.message for w in _warnings(state, played)]
    if risks:
        line += " " + gettext(texts.RISK_PREFIX) + " ".join(risks)
    return line


def loss_reason(
    state: GameState, played: Actions, best: Actions, *, loss: float | None = None
) -> str:
    """One line: why ``best`` was better than ``played`` at the decision pending in
    ``state``. Each may run on to the end of the turn (what was played after, how the
    search went on), which lets the comparison see the turn's outcome. ``loss`` (in CP)
    is the search's estimate, used when nothing more concrete tells the two apart."""
    played_actions, best_actions = _as_tuple(played), _as_tuple(best)
    seat = state.current
    best_words = describe_actions(state, _through_answer(best_actions))
    played_after, played_events = _play(state, played_actions)
    best_after, best_events = _play(state, best_actions)
    best_validated = {e.tile for e in best_events if isinstance(e, Validated) and e.player == seat}
    best_cancelled = {e.tile for e in best_events if isinstance(e, Cancelled) and e.player == seat}
    for event in played_events:
        if getattr(event, "player", seat) != seat:
            continue
        if isinstance(event, Cancelled) and event.tile not in best_cancelled:
            return _cancelled_reason(state, event, best_words, event.tile in best_validated)
        if isinstance(event, GodCancelled) and not any(
            isinstance(e, GodCancelled) for e in best_events
        ):
            return _sentence(_LOSS["death"].format(best=best_words))
    warned = _lost_value_warning(state, played_actions, best_actions, best_words, best_validated)
    if warned:
        return warned
    played_validated = {
        e.tile for e in played_events if isinstance(e, Validated) and e.player == seat
    }
    for tile_id in sorted(best_validated - played_validated):
        name = state.catalog.tile_by_id[tile_id].name
        return _sentence(_LOSS["validates"].format(best=best_words, name=name))
    gained = _cp(best_after, seat) - _cp(played_after, seat)
    if gained > 0:
        return _sentence(_LOSS["more_cp"].format(best=best_words, diff=gained))
    kept = best_after.players[seat].worshipers - played_after.players[seat].worshipers
    if kept > 0:
        values = {"best": best_words, "diff": kept}
        return _sentence(choose(texts.MORE_WORSHIPERS, values).format(**values))
    if loss is not None and loss > 0:
        return _sentence(_LOSS["search"].format(best=best_words, loss=loss))
    return _sentence(_LOSS["search_plain"].format(best=best_words))


def describe_actions(state: GameState, actions: Actions) -> str:
    """The actions in words, each read in the state it is played in ('exchange 3 red for
    1 blue, then take Hissing Vent (red, 3 CP) from cell 4')."""
    parts: list[str] = []
    current = state.copy()
    for action in _as_tuple(actions):
        parts.append(_action_words(current, action))
        if current.is_over or not current.is_legal(action):
            break
        current.apply(action)
    return gettext(texts.THEN).join(parts)


# ---------------------------------------------------------------------- words
def _action_words(state: GameState, action: Action) -> str:
    words = _ACTION
    if isinstance(action, TakeTile):
        tile = state.market[action.cell]
        if tile is None:
            return words["take"].format(tile="?", color="?", cp=0, cell=action.cell + 1)
        lying = state.market_worshipers[action.cell]
        fields = {"tile": tile.name, "color": gettext(tile.color.label), "cp": tile.cp}
        if any(lying):
            return words["take_collect"].format(
                **fields, cell=action.cell + 1, worshipers=_worshipers(lying)
            )
        return words["take"].format(**fields, cell=action.cell + 1)
    if isinstance(action, TakeGod):
        god = state.catalog.god_by_id[action.god]
        return words["god"].format(god=god.name, cp=god.cp)
    if isinstance(action, Pay):
        due, _ = state.payment_due() if state.take is not None else ((0,) * 5, 0)
        total = tuple(d + a for d, a in zip(due, action.any_colors, strict=True))
        if not any(total):
            return words["pay_nothing"]
        return words["pay"].format(worshipers=_worshipers(total))
    if isinstance(action, GoWild):
        return words["wild"].format(tile=_taken_name(state))
    if isinstance(action, Place):
        spot = spot_words(state.player.pyramid, (action.row, action.col))
        key = "place_wild" if action.wild or (state.take and state.take.wild) else "place"
        return words[key].format(tile=_taken_name(state), spot=spot)
    if isinstance(action, ChooseGain):
        return words["gain"].format(color=color_in_sentence(action.color.label))
    if isinstance(action, ReturnWorshipers):
        return words["return"].format(
            worshipers=_worshipers(action.colors), name=_refused_name(state)
        )
    if isinstance(action, Erupt):
        removals = texts.LIST_SEP.join(
            words["removal"].format(worshipers=_worshipers(count), cell=cell + 1)
            for cell, count in action.removals
        )
        return words["erupt"].format(removals=removals)
    if isinstance(action, Decline):
        return words["decline"].format(name=_refused_name(state))
    if isinstance(action, ChooseWorshipers):
        return words["love"].format(worshipers=_worshipers(action.colors))
    if isinstance(action, Discard):
        return words["discard"].format(worshipers=_worshipers(action.colors))
    if isinstance(action, Exchange):
        return words["exchange"].format(
            give=color_in_sentence(action.give.label), get=color_in_sentence(action.get.label)
        )
    return str(action)


def spot_words(pyramid: Pyramid, pos: Position) -> str:
    """Where a spot is, in words a player can check against the drawing."""
    row, col = pos
    if row == 1:
        cols = [c for (r, c) in pyramid if r == 1]
        if not cols:
            return gettext(texts.SPOT_FIRST)
        return gettext(texts.SPOT_LEFT if col < min(cols) else texts.SPOT_RIGHT)
    names = []
    for beneath in ((row - 1, col), (row - 1, col + 1)):
        placed = pyramid.get(beneath)
        if placed is None:
            names.append("?")
        else:
            names.append(gettext(texts.WILD_NAME) if placed.wild else placed.tile.name)
    return gettext(texts.SPOT_ON).format(row=row, left=names[0], right=names[1])


def _worshipers(count: Sequence[int]) -> str:
    parts = [f"{n}{LETTERS[c]}" for c, n in enumerate(count) if n]
    return " ".join(parts) if parts else gettext(texts.NOTHING)


def _taken_name(state: GameState) -> str:
    return state.take.tile.name if state.take is not None else "?"


def _refused_name(state: GameState) -> str:
    """The tile, or the God of Death, a village/volcano/Death decision is about."""
    if state.take is not None:
        return state.take.tile.name
    return state.catalog.god_by_id[GodId.DEATH].name


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


# ---------------------------------------------------------------------- outcomes
def _as_tuple(actions: Actions) -> tuple[Action, ...]:
    if hasattr(actions, "_fields"):  # one action: actions are named tuples
        return (actions,)  # type: ignore[return-value]
    return tuple(actions)


def _through_answer(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The exchanges and the answer to the pending decision, without what follows."""
    for index, action in enumerate(actions):
        if not isinstance(action, Exchange):
            return actions[: index + 1]
    return actions


def _play(state: GameState, actions: tuple[Action, ...]) -> tuple[GameState, list[Event]]:
    """A copy of ``state`` with ``actions`` played (as far as they stay legal)."""
    after = state.copy()
    events: list[Event] = []
    for action in actions:
        if after.is_over or not after.is_legal(action):
            break
        events.extend(after.apply(action))
    return after, events


def _cp(state: GameState, seat: int) -> int:
    return final_scores(state)[seat].total


def _outcomes(state: GameState, seat: int, events: list[Event]) -> list[str]:
    out = []
    for event in events:
        if getattr(event, "player", None) != seat:
            continue
        if isinstance(event, Validated):
            name = state.catalog.tile_by_id[event.tile].name
            out.append(gettext(texts.VALIDATED).format(name=name))
        elif isinstance(event, Cancelled):
            name = state.catalog.tile_by_id[event.tile].name
            why = cancelled_text(event.reason, dict(event.details))
            out.append(gettext(texts.CANCELLED).format(name=name, why=why))
        elif isinstance(event, GodCancelled):
            god = state.catalog.god_by_id[event.god].name
            out.append(gettext(texts.GOD_CANCELLED).format(name=god))
    return out


def _warnings(state: GameState, actions: tuple[Action, ...]) -> list[Consequence]:
    """The consequences the table shows for the answer in ``actions`` (read after its
    exchanges), those that lose value first."""
    answer_part = _through_answer(actions)
    if not answer_part:
        return []
    before, _ = _play(state, answer_part[:-1])
    if before.is_over:
        return []
    option = before.decision.option(answer_part[-1])
    if option is None or not option.legal:
        return []
    return sorted(option.warnings, key=lambda w: not w.loses_value)


def _cancelled_reason(
    state: GameState, event: Cancelled, best_words: str, validated_by_best: bool
) -> str:
    tile = state.catalog.tile_by_id[event.tile]
    why = cancelled_text(event.reason, dict(event.details))
    loss = _LOSS
    if tile.effect.kind is EffectKind.IRRIGATION and validated_by_best:
        text = loss["irrigation"].format(name=tile.name, why=why, best=best_words)
    elif tile.effect.kind is EffectKind.VOLCANO and event.reason != "declined":
        text = loss["volcano"].format(name=tile.name, best=best_words)
    elif tile.effect.kind is EffectKind.VILLAGE and event.reason == "village_short":
        text = loss["village"].format(name=tile.name, best=best_words)
    elif event.reason == "declined":
        text = loss["refused"].format(name=tile.name, cp=tile.cp, best=best_words)
    else:
        text = loss["cancelled"].format(name=tile.name, why=why, best=best_words)
    return _sentence(text)


def _lost_value_warning(
    state: GameState,
    played: tuple[Action, ...],
    best: tuple[Action, ...],
    best_words: str,
    best_validated: set[str],
) -> str | None:
    """The reason from a warning the played answer carried and the best one did not."""
    best_codes = {w.code for w in _warnings(state, best) if w.loses_value}
    for warning in _warnings(state, played):
        if not warning.loses_value or warning.code in best_codes:
            continue
        loss = _LOSS
        if isinstance(warning, IrrigationFails) and warning.tile.id in best_validated:
            text = loss["irrigation_warned"].format(name=warning.tile.name, best=best_words)
        elif isinstance(warning, PaymentLost) and not warning.placed:
            text = loss["payment"].format(name=warning.tile.name, best=best_words)
        elif isinstance(warning, VolcanoFails):
            text = loss["volcano"].format(name=warning.tile.name, best=best_words)
        elif isinstance(warning, DeathUnaffordable):
            text = loss["death"].format(best=best_words)
        elif isinstance(warning, ReturnUnaffordable):
            text = loss["village"].format(name=warning.name, best=best_words)
        elif isinstance(warning, EffectRefused):
            text = loss["refused"].format(name=warning.name, cp=warning.cp, best=best_words)
        elif isinstance(warning, WildernessCost):
            text = loss["wilderness"].format(points=warning.points, cp=warning.cp, best=best_words)
        else:
            text = loss["warned"].format(warning=warning.message, best=best_words)
        return _sentence(text)
    return None
