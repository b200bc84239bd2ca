"""The turn's options: every market cell and god, and what taking each will lead to.

:func:`turn_options` gives the options of a turn (R-TURN-1) for
:class:`~orbis_tui.engine.decision.Decision`; :func:`take_warnings` says what taking a
market cell now will lead to, as far as it is already certain: a tile only a
wilderness can hold, forests sealed, the god lost, an effect that will fail.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pyramid as geometry
from .actions import TakeGod, TakeTile
from .colors import NUM_COLORS, Count
from .consequences import (
    Consequence,
    DeathUnaffordable,
    IrrigationFails,
    OnlyAsWilderness,
    RealmOverflow,
    ReturnUnaffordable,
    TokenAlreadyHeld,
    VolcanoFails,
)
from .god_watch import GodWatch, god_everywhere, god_lost
from .option import Option
from .outlook import god_loss, open_forests
from .preview import exchanges_to_pay
from .pyramid import PlacedTile, Position
from .rules import DEATH_PRICE, EXCHANGE_RATE, LOVE_GIFT, MARKET_ADJACENT, REALM_LIMIT
from .scoring import effect_counts
from .spot_warnings import (
    forest_lost_everywhere,
    forests_sealed_everywhere,
    irrigation_fed,
    placed_as_itself,
)
from .tiles import EffectKind, GodId, Tile

if TYPE_CHECKING:
    from .player import PlayerState
    from .state import GameState


def turn_options(state: GameState, player: PlayerState) -> tuple[Option, ...]:
    options = []
    forests = open_forests(player.pyramid)
    watch = GodWatch.of(state)
    for cell, tile in enumerate(state.market):
        if tile is None:
            continue
        action = TakeTile(cell)
        refusal = state.why_not(action)
        warnings = () if refusal is not None else take_warnings(state, cell, forests, watch)
        options.append(Option(action, refusal, warnings))
    for god in state.gods_available:
        take_god = TakeGod(god)
        refusal = state.why_not(take_god)
        warnings = () if refusal is not None else _god_warnings(state, player, god)
        options.append(Option(take_god, refusal, warnings))
    return tuple(options)


def take_warnings(
    state: GameState,
    cell: int,
    forests: list[tuple[Position, PlacedTile]] | None = None,
    watch: GodWatch | bool | None = True,
) -> tuple[Consequence, ...]:
    """What taking market ``cell`` now will lead to, as far as it is already certain;
    ``forests``: the player's open forests, ``watch``: the god's (see :class:`GodWatch`),
    when already known."""
    tile = state.market[cell]
    assert tile is not None
    player = state.player
    pyramid = player.pyramid
    if forests is None:
        forests = open_forests(pyramid)
    if watch is True:
        watch = GodWatch.of(state)
    spots = geometry.colored_spots(pyramid, tile.color)
    wild_spots = geometry.wild_spots(pyramid)
    as_wild = [(spot, PlacedTile(tile, wild=True)) for spot in wild_spots]
    if not spots:
        sealed = forests_sealed_everywhere(
            pyramid, forests, wild_spots, PlacedTile(tile, wild=True)
        )
        god = god_everywhere(watch, as_wild)
        return (OnlyAsWilderness(tile, tile.color), *sealed, *god)
    sealed = forests_sealed_everywhere(pyramid, forests, spots, PlacedTile(tile))
    sealed += forest_lost_everywhere(player, spots, tile)
    god = ()
    if isinstance(watch, GodWatch):
        payable = _worshipers_after_paying(state, cell, tile) is not None
        as_itself = [(s, placed_as_itself(player, s, tile)) for s in spots] if payable else []
        god = god_everywhere(watch, as_itself + as_wild)
    return sealed + god + _effect_at_take(state, cell, tile)


def _effect_at_take(state: GameState, cell: int, tile: Tile) -> tuple[Consequence, ...]:
    player = state.player
    effect = tile.effect
    kind = effect.kind
    if kind is EffectKind.FARM:
        assert effect.color is not None
        if player.reductions[effect.color]:
            return (TokenAlreadyHeld(tile, effect.color),)
    elif kind is EffectKind.VOLCANO:
        available = _volcano_supply(state, cell, tile)
        if not _covers_needed(available, effect.remove):
            return (VolcanoFails(tile, effect.remove, available),)
    elif kind is EffectKind.IRRIGATION:
        assert effect.color is not None
        if not any(
            irrigation_fed(player, pos, effect.color)
            for pos in geometry.colored_spots(player.pyramid, tile.color)
        ):
            return (IrrigationFails(tile, effect.color, anywhere=True),)
    elif kind is EffectKind.VILLAGE:
        left = _worshipers_after_paying(state, cell, tile)
        if left is not None and left < effect.count:
            return (ReturnUnaffordable(tile, effect.count, left),)
    return ()


def _volcano_supply(state: GameState, cell: int, tile: Tile) -> Count:
    """The worshipers of the volcano's colors on the other cells once ``cell`` is taken:
    after this take's generation (R-TAKE-1) and collection (R-TAKE-2)."""
    need = tile.effect.remove
    supply = [0] * NUM_COLORS
    for other in range(len(state.market)):
        if other == cell:
            continue
        lying = state.market_worshipers[other]
        for c in range(NUM_COLORS):
            if need[c]:
                supply[c] += lying[c]
    if need[tile.color]:
        supply[tile.color] += len(MARKET_ADJACENT[cell])
    return tuple(supply)


def _covers_needed(have: Count, need: Count) -> bool:
    return all(have[c] >= need[c] for c in range(NUM_COLORS))


def _worshipers_after_paying(state: GameState, cell: int, tile: Tile) -> int | None:
    """How many worshipers the realm keeps after taking ``cell`` and paying for its tile
    the cheapest way (exchanges cost two each); ``None`` when it cannot be paid."""
    player = state.player
    collected = state.market_worshipers[cell]
    after = tuple(player.realm[c] + collected[c] for c in range(NUM_COLORS))
    due = player.effective_cost(tile)
    exchanges = exchanges_to_pay(after, due, tile.cost_any)
    if exchanges is None:
        return None
    return sum(after) - sum(due) - tile.cost_any - (EXCHANGE_RATE - 1) * exchanges


def _god_warnings(state: GameState, player: PlayerState, god: GodId) -> tuple[Consequence, ...]:
    if god is not GodId.DEATH:
        counts = [effect_counts(p.pyramid) for p in state.players]
        loss = god_loss(state.current, god, counts, [p.pyramid for p in state.players])
        if loss is not None:  # a god that can never score
            printed = state.catalog.god_by_id[god]
            return (god_lost(state, printed, loss),)
    if god is GodId.DEATH and player.worshipers < DEATH_PRICE:
        printed = state.catalog.god_by_id[god]
        return (DeathUnaffordable(printed, DEATH_PRICE, player.worshipers),)
    if god is GodId.LOVE and player.worshipers + LOVE_GIFT > REALM_LIMIT:
        total = player.worshipers + LOVE_GIFT
        return (RealmOverflow(total, total - REALM_LIMIT),)
    return ()


__all__ = ["take_warnings", "turn_options"]
