"""Playing an answer (see :meth:`~orbis_tui.engine.state.GameState.apply`): the seven
phases of a take (R-TAKE-1..7), the effects, the gods, the realm limit and the end of a
turn, each reported as events; and what is kept to take an action back exactly."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import pyramid as geometry
from .actions import (
    Action,
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
from .colors import NUM_COLORS, ZERO, Count, letters
from .events import (
    Cancelled,
    Collected,
    Discarded,
    Erupted,
    Event,
    Exchanged,
    Gained,
    GainedMany,
    GameOver,
    Generated,
    GodCancelled,
    Paid,
    Placed,
    ReductionTaken,
    Refilled,
    Returned,
    TookGod,
    TookTile,
    TurnEnded,
    TurnStarted,
    Validated,
    WentWild,
)
from .player import Take
from .pyramid import PlacedTile, Position, Pyramid
from .rules import DEATH_PRICE, EXCHANGE_RATE, MARKET_ADJACENT, REALM_LIMIT, DecisionKind
from .setup import ROUNDS
from .tiles import EffectKind, GodId, Tile

if TYPE_CHECKING:
    from .state import GameState

# One worshiper of each color, as a count.
_ONE_OF: tuple[Count, ...] = tuple(
    tuple(int(c == color) for c in range(NUM_COLORS)) for color in range(NUM_COLORS)
)

# Enum members looked up once, as module globals: in Python 3.11 reading one through
# its class (``DecisionKind.TURN``) runs a descriptor, some 0.2 us, a global 0.015 us;
# the engine asks at every action.
_TURN, _PAY, _PLACE, _GAIN = (
    DecisionKind.TURN,
    DecisionKind.PAY,
    DecisionKind.PLACE,
    DecisionKind.GAIN,
)
_VILLAGE, _VOLCANO, _LOVE = DecisionKind.VILLAGE, DecisionKind.VOLCANO, DecisionKind.LOVE
_DEATH, _DISCARD, _OVER = DecisionKind.DEATH, DecisionKind.DISCARD, DecisionKind.OVER
_FARM, _IRRIGATION = EffectKind.FARM, EffectKind.IRRIGATION
_EFFECT_GAIN, _EFFECT_VILLAGE = EffectKind.GAIN, EffectKind.VILLAGE
_EFFECT_VOLCANO = EffectKind.VOLCANO
_GOD_LOVE, _GOD_DEATH = GodId.LOVE, GodId.DEATH


def _apply_exchange(state: GameState, action: Exchange, events: list[Event]) -> None:
    realm = state.player.realm
    realm[action.give] -= EXCHANGE_RATE
    realm[action.get] += 1
    events.append(Exchanged(state.current, action.give, action.get))
    if state.kind is _DISCARD and state.discard_needed() == 0:
        _end_turn(state, events)


def _apply_take_tile(state: GameState, action: TakeTile, events: list[Event]) -> None:
    cell = action.cell
    tile = state.market[cell]
    assert tile is not None
    me = state.current
    events.append(TookTile(me, tile.id, cell))
    # R-TAKE-1 generate
    mw = state.market_worshipers
    color = tile.color
    one = _ONE_OF[color]
    for adj in MARKET_ADJACENT[cell]:
        w = mw[adj]
        mw[adj] = (w[0] + one[0], w[1] + one[1], w[2] + one[2], w[3] + one[3], w[4] + one[4])
    events.append(Generated(me, color, MARKET_ADJACENT[cell]))
    # R-TAKE-2 collect
    player = state.players[me]
    collected = mw[cell]
    if collected != ZERO:
        realm = player.realm
        for c in range(NUM_COLORS):
            realm[c] += collected[c]
        mw[cell] = ZERO
    events.append(Collected(me, collected))
    state.market[cell] = None
    state.take = Take(cell, tile)
    # R-TAKE-3: a tile that costs nothing needs no payment decision.
    if tile.cost_any == 0 and player.effective_cost(tile) == ZERO:
        state.kind = _PLACE
    else:
        state.kind = _PAY


def _apply_pay(state: GameState, action: Pay, events: list[Event]) -> None:
    assert state.take is not None
    due = state.player.effective_cost(state.take.tile)
    realm = state.player.realm
    for c in range(NUM_COLORS):
        realm[c] -= due[c] + action.any_colors[c]
    paid = tuple(due[c] + action.any_colors[c] for c in range(NUM_COLORS))
    events.append(Paid(state.current, paid))
    state.kind = _PLACE


def _apply_go_wild(state: GameState, action: GoWild, events: list[Event]) -> None:
    assert state.take is not None
    take = state.take
    state.take = Take(take.cell, take.tile, True, take.pos)
    events.append(WentWild(state.current))
    state.kind = _PLACE


def _apply_place(state: GameState, action: Place, events: list[Event]) -> None:
    take = state.take
    assert take is not None
    tile = take.tile
    me = state.current
    player = state.players[me]
    pos = (action.row, action.col)
    wild = action.wild
    state.take = Take(take.cell, tile, take.wild or wild, pos)
    player.pyramid[pos] = PlacedTile(tile, wild)
    player.placed(pos)
    events.append(Placed(me, tile.id, pos[0], pos[1], wild))
    if wild:
        _after_effect(state, events)
        return
    # R-TAKE-5 effect
    effect = tile.effect
    kind = effect.kind
    if kind is _FARM:
        assert effect.color is not None
        events.append(ReductionTaken(me, effect.color, player.reductions[effect.color]))
        player.reductions[effect.color] = True
    elif kind is _EFFECT_GAIN:
        if effect.color is None:
            state.kind = _GAIN
            return
        player.realm[effect.color] += effect.count
        events.append(Gained(me, effect.color, effect.count))
    elif kind is _EFFECT_VILLAGE:
        if player.worshipers >= effect.count:
            state.kind = _VILLAGE
            return
        _cancel(state, pos, "village_short", events, need=effect.count, have=player.worshipers)
    elif kind is _EFFECT_VOLCANO:
        if state.volcano_possible():
            state.kind = _VOLCANO
            return
        _cancel(state, pos, "volcano_impossible", events, need=letters(effect.remove))
    elif kind is _IRRIGATION:
        assert effect.color is not None
        if pos[0] == 1:
            _cancel(state, pos, "irrigation_row1", events, color=effect.color.label)
        elif not any(player.pyramid[p].has_color(effect.color) for p in geometry.beneath(pos)):
            _cancel(state, pos, "irrigation_dry", events, color=effect.color.label)
        else:
            events.append(Validated(me, tile.id))
    _after_effect(state, events)


def _cancel(
    state: GameState, pos: Position, reason: str, events: list[Event], **details: object
) -> None:
    player = state.player
    placed = player.pyramid[pos]
    player.pyramid[pos] = PlacedTile(placed.tile, placed.wild, True)
    events.append(Cancelled(state.current, placed.tile.id, reason, details))


def _apply_gain(state: GameState, action: ChooseGain, events: list[Event]) -> None:
    state.player.realm[action.color] += 1
    events.append(Gained(state.current, action.color, 1))
    _after_effect(state, events)


def _apply_return(state: GameState, action: ReturnWorshipers, events: list[Event]) -> None:
    realm = state.player.realm
    for c in range(NUM_COLORS):
        realm[c] -= action.colors[c]
    events.append(Returned(state.current, action.colors))
    if state.kind is _VILLAGE:
        assert state.take is not None
        events.append(Validated(state.current, state.take.tile.id))
    _after_effect(state, events)


def _apply_erupt(state: GameState, action: Erupt, events: list[Event]) -> None:
    mw = state.market_worshipers
    for cell, count in action.removals:
        mw[cell] = tuple(mw[cell][c] - count[c] for c in range(NUM_COLORS))
    events.append(Erupted(state.current, action.removals))
    assert state.take is not None
    events.append(Validated(state.current, state.take.tile.id))
    _after_effect(state, events)


def _apply_decline(state: GameState, action: Decline, events: list[Event]) -> None:
    if state.kind is _DEATH:
        state.player.god_cancelled = True
        events.append(GodCancelled(state.current, _GOD_DEATH))
    else:
        assert state.take is not None and state.take.pos is not None
        _cancel(state, state.take.pos, "declined", events)
    _after_effect(state, events)


def _apply_take_god(state: GameState, action: TakeGod, events: list[Event]) -> None:
    player = state.player
    god = GodId(action.god)
    state.gods_available.remove(god)
    player.god = god
    state.take = None
    events.append(TookGod(state.current, god))
    if god is _GOD_LOVE:
        state.kind = _LOVE
        return
    if god is _GOD_DEATH:
        if player.worshipers >= DEATH_PRICE:
            state.kind = _DEATH
            return
        player.god_cancelled = True
        events.append(GodCancelled(state.current, god, DEATH_PRICE, player.worshipers))
    _after_effect(state, events)


def _apply_love(state: GameState, action: ChooseWorshipers, events: list[Event]) -> None:
    realm = state.player.realm
    for c in range(NUM_COLORS):
        realm[c] += action.colors[c]
    events.append(GainedMany(state.current, action.colors))
    _after_effect(state, events)


def _apply_discard(state: GameState, action: Discard, events: list[Event]) -> None:
    realm = state.player.realm
    for c in range(NUM_COLORS):
        realm[c] -= action.colors[c]
    events.append(Discarded(state.current, action.colors))
    _end_turn(state, events)


def _after_effect(state: GameState, events: list[Event]) -> None:
    """R-TAKE-6 / R-TURN-3: the realm limit, then the end of the turn."""
    if sum(state.players[state.current].realm) > REALM_LIMIT:
        state.kind = _DISCARD
        return
    _end_turn(state, events)


def _end_turn(state: GameState, events: list[Event]) -> None:
    me = state.current
    # R-TAKE-7 refill
    take = state.take
    if take is not None:
        cell = take.cell
        pile_pos = state.pile_pos
        for level, pile in enumerate(state.piles):
            pos = pile_pos[level]
            if pos < len(pile):
                tile = pile[pos]
                state.market[cell] = tile
                pile_pos[level] = pos + 1
                events.append(Refilled(me, cell, tile.id))
                break
        state.market_worshipers[cell] = ZERO
    state.players[me].turns += 1
    state.take = None
    turn = state.turn = state.turn + 1
    events.append(TurnEnded(me))
    players = len(state.players)
    if turn >= ROUNDS * players:
        state.kind = _OVER
        events.append(GameOver(me))
        return
    state.current = (state.first_player + turn) % players
    state.kind = _TURN
    events.append(TurnStarted(state.current))


# The actions that may change the pyramid and the reduction tokens (a placement; a
# refused village or volcano), and those that change the market other than by the
# refill at the end of a turn (see Undo).
_CHANGES_PYRAMID = frozenset({Place, Decline})
_CHANGES_MARKET = frozenset({TakeTile, Erupt})

APPLY: dict[type, Callable[[GameState, Any, list[Event]], None]] = {
    Exchange: _apply_exchange,
    TakeTile: _apply_take_tile,
    TakeGod: _apply_take_god,
    Pay: _apply_pay,
    GoWild: _apply_go_wild,
    Place: _apply_place,
    ChooseGain: _apply_gain,
    ReturnWorshipers: _apply_return,
    Erupt: _apply_erupt,
    Decline: _apply_decline,
    ChooseWorshipers: _apply_love,
    Discard: _apply_discard,
}


# What apply() keeps to take an action back exactly (see GameState.undo): a plain tuple
# (the cheapest thing to build, at every action), of every field the action may change,
# as it was before. An action changes only the active player; the market only a take
# (the generation and the collection), an eruption (its removals) and the end of a turn
# (the refill of the taken tile's cell, empty since the take: _restore empties it
# again); the gods left only a god's take; the reduction tokens and the pyramid only a
# placement or a refusal. Fields an action cannot change are not copied (None).
Undo = tuple[
    Action,  # the action
    int,  # current
    int,  # turn
    DecisionKind,  # kind
    "Take | None",  # take
    "list[Tile | None] | None",  # the market
    "list[Count] | None",  # the market's worshipers
    list[int],  # pile_pos
    "list[GodId] | None",  # the gods left
    list[int],  # the player's realm
    "GodId | None",  # the player's god
    bool,  # god_cancelled
    int,  # turns
    "list[bool] | None",  # the player's reductions
    "Pyramid | None",  # the player's pyramid
]
ACTION: Final = 0
TURN: Final = 2


def saved(state: GameState, action: Action) -> Undo:
    player = state.players[state.current]
    kind = type(action)
    market = kind in _CHANGES_MARKET
    pyramid = kind in _CHANGES_PYRAMID
    return (
        action,
        state.current,
        state.turn,
        state.kind,
        state.take,
        state.market[:] if market else None,
        state.market_worshipers[:] if market else None,
        state.pile_pos[:],
        state.gods_available[:] if kind is TakeGod else None,
        player.realm[:],
        player.god,
        player.god_cancelled,
        player.turns,
        player.reductions[:] if pyramid else None,
        player.pyramid.copy() if pyramid else None,
    )


def restore(state: GameState, entry: Undo) -> None:
    """Put ``state`` back as it was before the entry's action. Every list is copied
    again: the entry may be shared with a copy's history."""
    (
        _action,
        state.current,
        state.turn,
        state.kind,
        take,
        market,
        worshipers,
        pile_pos,
        gods,
        realm,
        god,
        god_cancelled,
        turns,
        reductions,
        pyramid,
    ) = entry
    state.take = take
    if market is not None and worshipers is not None:
        state.market = market[:]
        state.market_worshipers = worshipers[:]
    elif take is not None:
        # a refill at the end of the turn filled the taken cell, empty until then
        # (and without worshipers: they were collected, and nothing generates on it)
        state.market[take.cell] = None
    state.pile_pos = pile_pos[:]
    if gods is not None:
        state.gods_available = gods[:]
    player = state.players[state.current]
    player.realm = realm[:]
    player.god = god
    player.god_cancelled = god_cancelled
    player.turns = turns
    if reductions is not None and pyramid is not None:
        player.reductions = reductions[:]
        player.pyramid = pyramid.copy()
