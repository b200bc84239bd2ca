"""What an action does, in words, read in the state it is played in: 'exchange 3 red for
1 blue, then take Hissing Vent (red, 3 CP) from cell 4'. Hints, reviews and the review
screen describe options with it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import (
    STONE_CP,
    Action,
    ChooseGain,
    ChooseWorshipers,
    DecisionKind,
    Decline,
    Discard,
    EffectKind,
    Erupt,
    Exchange,
    GameState,
    GodId,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    WildernessCost,
    exchanges_to_pay,
)
from ..i18n import gettext
from . import texts
from .messages import color_in_sentence
from .names import name_of
from .spots import spot_words
from .worshipers import worshiper_words

Actions = Action | Sequence[Action]


def _words(key: str) -> str:
    """One of the actions' templates (:data:`.texts.ACTION`), in the language in use."""
    return gettext(texts.ACTION[key])


def describe_actions(state: GameState, actions: Actions) -> str:
    """The actions in words, each read in the state it is played in ('exchange 3 red for
    1 blue, then take Hissing Vent (red, 3 CP) from cell 4')."""
    parts: list[str] = []
    current = state.copy()
    for action in as_tuple(actions):
        parts.append(_action_words(current, action))
        if current.is_over or not current.is_legal(action):
            break
        current.apply(action)
    return gettext(texts.THEN).join(parts)


def _action_words(state: GameState, action: Action) -> str:
    parts = action_parts(state, action)
    if parts is None:
        return str(action)
    return _words(parts.key).format(**parts.values)


@dataclass(frozen=True, slots=True)
class ActionParts:
    """An action read in the state it is played in: ``key``, the template of
    :data:`.texts.ACTION` that says it, and ``values``, what any sentence about it may
    name. Beside the fields of those templates, ``values`` holds ``name`` (the tile or
    god taken, the tile refused) and ``colors`` (the worshipers the action itself names,
    in words: any colors paid, returned, loved, discarded); ``removals`` are an
    eruption's (cell, worshipers in words) pairs. Other wordings (the walkthrough's,
    :mod:`orbis_tui.learn.words`) read them too."""

    key: str
    values: Mapping[str, object]
    removals: tuple[tuple[int, str], ...] = ()


def action_parts(state: GameState, action: Action) -> ActionParts | None:
    """What ``action`` is and names, read in ``state`` (None: not an action of the game)."""
    if isinstance(action, TakeTile):
        tile = state.market[action.cell]
        if tile is None:
            return ActionParts(
                "take", {"tile": "?", "name": "?", "color": "?", "cp": 0, "cell": action.cell + 1}
            )
        lying = state.market_worshipers[action.cell]
        # A sacred stone prints 0 CP and scores its +1 at the end (R-EFF-STONE): say what it
        # brings, not "0 CP".
        cp = tile.cp + (STONE_CP if tile.effect.kind is EffectKind.STONE else 0)
        name = name_of(tile)
        fields: dict[str, object] = {
            "tile": name,
            "name": name,
            "color": gettext(tile.color.label),
            "cp": cp,
            "cell": action.cell + 1,
        }
        wild = wilderness_points(state, action)
        if wild is not None:
            key = "take_wild_collect" if any(lying) else "take_wild"
            return ActionParts(
                key, {**fields, "worshipers": worshiper_words(lying), "points": wild}
            )
        if any(lying):
            return ActionParts("take_collect", {**fields, "worshipers": worshiper_words(lying)})
        return ActionParts("take", fields)
    if isinstance(action, TakeGod):
        god = state.catalog.god_by_id[action.god]
        return ActionParts("god", {"god": name_of(god), "name": name_of(god), "cp": god.cp})
    if isinstance(action, Pay):
        due, _ = state.payment_due() if state.take is not None else ((0,) * 5, 0)
        total = tuple(d + a for d, a in zip(due, action.any_colors, strict=True))
        chosen = {"colors": worshiper_words(action.any_colors)}
        if not any(total):
            return ActionParts("pay_nothing", chosen)
        return ActionParts("pay", {**chosen, "worshipers": worshiper_words(total)})
    if isinstance(action, GoWild):
        return ActionParts("wild", {"tile": _taken_name(state)})
    if isinstance(action, Place):
        spot = spot_words(state.player.pyramid, (action.row, action.col))
        key = "place_wild" if action.wild or (state.take and state.take.wild) else "place"
        return ActionParts(key, {"tile": _taken_name(state), "spot": spot})
    if isinstance(action, ChooseGain):
        return ActionParts("gain", {"color": color_in_sentence(action.color.label)})
    if isinstance(action, ReturnWorshipers):
        said = worshiper_words(action.colors)
        values = {"worshipers": said, "colors": said, "name": _refused_name(state)}
        return ActionParts("return", values)
    if isinstance(action, Erupt):
        pairs = tuple((cell + 1, worshiper_words(count)) for cell, count in action.removals)
        removals = texts.LIST_SEP.join(
            _words("removal").format(worshipers=said, cell=cell) for cell, said in pairs
        )
        return ActionParts("erupt", {"removals": removals}, pairs)
    if isinstance(action, Decline):
        return ActionParts("decline", {"name": _refused_name(state)})
    if isinstance(action, ChooseWorshipers):
        said = worshiper_words(action.colors)
        return ActionParts("love", {"worshipers": said, "colors": said})
    if isinstance(action, Discard):
        said = worshiper_words(action.colors)
        return ActionParts("discard", {"worshipers": said, "colors": said})
    if isinstance(action, Exchange):
        return ActionParts(
            "exchange",
            {
                "give": color_in_sentence(action.give.label),
                "get": color_in_sentence(action.get.label),
            },
        )
    return None


def wilderness_points(state: GameState, take: TakeTile) -> int | None:
    """What the tile of ``take`` will score when it can only end as a wilderness: no spot
    of the pyramid takes its color, or it cannot be paid even with exchanges, once the
    worshipers lying on its cell are collected (-1, or 0 with the God of Idleness).
    ``None`` when it can be paid and placed."""
    if state.kind is not DecisionKind.TURN or not state.is_legal(take):
        return None
    after = state.copy()
    after.apply(take)
    if after.is_over or after.current != state.current or after.kind is not DecisionKind.PAY:
        return None
    cost = next(
        (w for o in after.decision.options for w in o.warnings if isinstance(w, WildernessCost)),
        None,
    )
    if cost is None:
        return None
    if not cost.avoidable:  # no spot takes its color
        return cost.points
    due, due_any = after.payment_due()
    if exchanges_to_pay(after.player.realm_count, due, due_any) is None:
        return cost.points
    return None


def _taken_name(state: GameState) -> str:
    return name_of(state.take.tile) if state.take is not None else "?"


def _refused_name(state: GameState) -> str:
    """The tile, or the God of Death, a village/volcano/Death decision is about."""
    if state.take is not None:
        return name_of(state.take.tile)
    return name_of(state.catalog.god_by_id[GodId.DEATH])


def as_tuple(actions: Actions) -> tuple[Action, ...]:
    if isinstance(actions, Sequence):
        return tuple(actions)
    return (actions,)
