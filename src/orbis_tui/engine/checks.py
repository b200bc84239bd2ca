"""The check of each answer (see :meth:`~orbis_tui.engine.state.GameState.why_not`):
each raises :class:`~orbis_tui.engine.errors.IllegalAction` with its rule and numbers,
and changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import pyramid as geometry
from .actions import (
    ChooseGain,
    ChooseWorshipers,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
)
from .colors import COLORS, NUM_COLORS, Count, covers, letters
from .errors import IllegalAction
from .rules import EXCHANGE_RATE, LOVE_GIFT, DecisionKind
from .setup import MARKET_SIZE, ROUNDS

if TYPE_CHECKING:
    from .player import PlayerState
    from .state import GameState

# Which action types answer which decision (exchanges answer none: they are extra).
_ANSWERS: dict[DecisionKind, tuple[type, ...]] = {
    DecisionKind.TURN: (TakeTile, TakeGod),
    DecisionKind.PAY: (Pay, GoWild),
    DecisionKind.PLACE: (Place,),
    DecisionKind.GAIN: (ChooseGain,),
    DecisionKind.VILLAGE: (ReturnWorshipers, Decline),
    DecisionKind.VOLCANO: (Erupt, Decline),
    DecisionKind.LOVE: (ChooseWorshipers,),
    DecisionKind.DEATH: (ReturnWorshipers, Decline),
    DecisionKind.DISCARD: (Discard,),
    DecisionKind.OVER: (),
}
_VILLAGE = DecisionKind.VILLAGE  # looked up once (see applying.py)


def check_exchange(state: GameState, player: PlayerState, action: Exchange) -> None:
    if action.give not in COLORS or action.get not in COLORS:
        raise IllegalAction("R-TURN-2", "bad_color")
    if action.give == action.get:
        raise IllegalAction("R-TURN-2", "exchange_same_color", color=action.give.label)
    if player.realm[action.give] < EXCHANGE_RATE:
        raise IllegalAction(
            "R-TURN-2",
            "exchange_short",
            color=action.give.label,
            have=player.realm[action.give],
        )


def _check_take_tile(state: GameState, player: PlayerState, action: TakeTile) -> None:
    if not 0 <= action.cell < MARKET_SIZE:
        raise IllegalAction("R-SETUP-1", "bad_cell", cell=action.cell)
    if player.god is None and player.turns >= ROUNDS - 1:  # state.must_take_god()
        raise IllegalAction("R-TURN-1", "must_take_god")
    if state.market[action.cell] is None:
        raise IllegalAction("R-SETUP-4", "empty_cell", cell=action.cell + 1)


def _check_take_god(state: GameState, player: PlayerState, action: TakeGod) -> None:
    if player.god is not None:
        held = state.catalog.god_by_id[player.god].source_name  # its message id
        raise IllegalAction("R-TURN-1", "god_already", god=player.god.value, name=held)
    if action.god not in state.gods_available:
        for other in state.players:
            if other.god == action.god:  # drawn for this game, but its holder took it
                held = state.catalog.god_by_id[action.god].source_name
                raise IllegalAction(
                    "R-SETUP-2", "god_taken", god=action.god.value, name=held, holder=other.name
                )
        raise IllegalAction(
            "R-SETUP-2", "god_unavailable", god=getattr(action.god, "value", action.god)
        )


def _check_pay(state: GameState, player: PlayerState, action: Pay) -> None:
    assert state.take is not None
    tile = state.take.tile
    chosen = action.any_colors
    _check_count("R-TAKE-3", "pay_any_count", chosen, tile.cost_any)
    due = player.effective_cost(tile)
    total = tuple(due[c] + chosen[c] for c in range(NUM_COLORS))
    if not covers(player.realm_count, total):
        have = letters(player.realm_count)
        if not tile.cost_any:
            raise IllegalAction("R-TAKE-3", "cannot_afford_plain", need=letters(due), have=have)
        raise IllegalAction(
            "R-TAKE-3",
            "cannot_afford",
            need=letters(due),
            any=tile.cost_any,
            chosen=letters(chosen),
            have=have,
        )


def _check_go_wild(state: GameState, player: PlayerState, action: GoWild) -> None:
    return None


def _check_place(state: GameState, player: PlayerState, action: Place) -> None:
    assert state.take is not None
    tile = state.take.tile
    pyr = player.pyramid
    pos = (action.row, action.col)
    if state.take.wild and not action.wild:
        raise IllegalAction("R-TAKE-3", "must_place_wild")
    if not 1 <= action.row <= geometry.TOP_ROW:
        raise IllegalAction("R-PLACE-2", "bad_row", row=action.row)
    if pos in pyr:
        raise IllegalAction("R-PLACE-2", "occupied", row=action.row, col=action.col)
    if action.row == 1:
        spots = player.open_spots()[0]  # the row-1 ends (geometry.row_one_spots)
        if not spots:
            raise IllegalAction("R-PLACE-1", "row_full", row=1)
        if pos not in spots:
            raise IllegalAction(
                "R-PLACE-1",
                "row1_gap",
                col=action.col,
                spots=", ".join(str(c) for _, c in spots),
            )
        return
    below = geometry.beneath(pos)
    left, right = pyr.get(below[0]), pyr.get(below[1])
    if left is None or right is None:
        missing = [p for p in below if p not in pyr]
        raise IllegalAction(
            "R-PLACE-2",
            "no_support",
            row=action.row,
            col=action.col,
            missing=", ".join(f"{r},{c}" for r, c in missing),
            side="both" if len(missing) == 2 else ("left" if missing[0] == below[0] else "right"),
        )
    color = tile.color
    # R-PLACE-3, as geometry.color_fits: a wilderness shows every color
    if action.wild or left.wild or left.tile.color == color or right.wild:
        return
    if right.tile.color != color:
        raise IllegalAction(
            "R-PLACE-3",
            "color_mismatch",
            color=color.label,
            left=left.tile.color.label,
            right=right.tile.color.label,
        )


def _check_gain(state: GameState, player: PlayerState, action: ChooseGain) -> None:
    if action.color not in COLORS:
        raise IllegalAction("R-EFF-GAIN", "bad_color")


def _check_return(state: GameState, player: PlayerState, action: ReturnWorshipers) -> None:
    rule = "R-EFF-VILLAGE" if state.kind is _VILLAGE else "R-GOD-2"
    _check_multiset(rule, action.colors, state.returns_needed(), player)


def _check_erupt(state: GameState, player: PlayerState, action: Erupt) -> None:
    take = state.take
    assert take is not None
    need = take.tile.effect.remove
    taken = [0] * NUM_COLORS
    last = -1
    for cell, count in action.removals:
        if cell == take.cell or not 0 <= cell < MARKET_SIZE:
            raise IllegalAction("R-EFF-VOLCANO", "volcano_cell", cell=cell + 1)
        if cell <= last or len(count) != NUM_COLORS or min(count) < 0 or not any(count):
            raise IllegalAction("R-EFF-VOLCANO", "volcano_form")
        last = cell
        if not covers(state.market_worshipers[cell], count):
            raise IllegalAction(
                "R-EFF-VOLCANO",
                "volcano_short",
                cell=cell + 1,
                want=letters(count),
                have=letters(state.market_worshipers[cell]),
            )
        for c in range(NUM_COLORS):
            taken[c] += count[c]
    if tuple(taken) != need:
        raise IllegalAction(
            "R-EFF-VOLCANO", "volcano_total", need=letters(need), given=letters(_safe(taken))
        )


def _check_decline(state: GameState, player: PlayerState, action: Decline) -> None:
    return None


def _check_love(state: GameState, player: PlayerState, action: ChooseWorshipers) -> None:
    _check_count("R-GOD-2", "love_count", action.colors, LOVE_GIFT)


def _check_discard(state: GameState, player: PlayerState, action: Discard) -> None:
    _check_multiset("R-TURN-3", action.colors, state.discard_needed(), player)


def _safe(count: Sequence[int]) -> Count:
    """A count made printable even when a caller built it wrong."""
    values = [max(0, int(n)) for n in list(count)[:NUM_COLORS]]
    values += [0] * (NUM_COLORS - len(values))
    return tuple(values)


def _check_count(rule: str, code: str, chosen: Count, need: int) -> None:
    """``chosen`` must be a count per color, none negative, ``need`` in all."""
    if len(chosen) != NUM_COLORS or min(chosen) < 0 or sum(chosen) != need:
        raise IllegalAction(rule, code, need=need, given=letters(_safe(chosen)))


def _check_multiset(rule: str, chosen: Count, need: int, player: PlayerState) -> None:
    _check_count(rule, "wrong_number", chosen, need)
    if not covers(player.realm_count, chosen):
        raise IllegalAction(
            rule, "not_in_realm", given=letters(chosen), have=letters(player.realm_count)
        )


# Each takes the state, the player and an action of its key's type.
_CHECKS: dict[type, Callable[[GameState, PlayerState, Any], None]] = {
    TakeTile: _check_take_tile,
    TakeGod: _check_take_god,
    Pay: _check_pay,
    GoWild: _check_go_wild,
    Place: _check_place,
    ChooseGain: _check_gain,
    ReturnWorshipers: _check_return,
    Erupt: _check_erupt,
    Decline: _check_decline,
    ChooseWorshipers: _check_love,
    Discard: _check_discard,
}

# For each decision, the check of each action type that answers it (see _ANSWERS).
CHECKS_BY_KIND: dict[DecisionKind, dict[type, Callable[[GameState, PlayerState, Any], None]]] = {
    kind: {answer: _CHECKS[answer] for answer in answers} for kind, answers in _ANSWERS.items()
}
