"""The placement's options (R-TAKE-4): every spot for the tile being taken, as itself or
as a wilderness.

:func:`place_options` gives them for :class:`~orbis_tui.engine.decision.Decision`, each
with what it leads to: forests sealed, the god lost, what a wilderness costs and a
payment thrown away; :func:`place_warnings` says what the tile's effect will do at a
spot (a farm's token already held, an irrigation unfed, a village or volcano that cannot
be answered, a forest's outlook).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pyramid as geometry
from .actions import Place
from .colors import NUM_COLORS
from .consequences import (
    Consequence,
    IrrigationFails,
    PaymentLost,
    ReturnUnaffordable,
    TokenAlreadyHeld,
    VolcanoFails,
)
from .god_watch import GodWatch, god_everywhere
from .option import Option
from .outlook import open_forests
from .pay_options import temple_uncounted, wilderness_cost
from .pyramid import PlacedTile, Position
from .spot_warnings import forest_outlook, forests_sealed, irrigation_fed
from .tiles import EffectKind

if TYPE_CHECKING:
    from .player import PlayerState
    from .state import GameState


def place_options(state: GameState, player: PlayerState) -> tuple[Option, ...]:
    take = state.take
    assert take is not None
    tile = take.tile
    pyramid = player.pyramid
    wild_spots = geometry.wild_spots(pyramid)
    options: list[Option] = []
    fits = not take.wild and bool(geometry.colored_spots(pyramid, tile.color))
    forests = open_forests(pyramid)
    watch = GodWatch.of(state)
    if not take.wild:
        as_itself = PlacedTile(tile)
        for row, col in wild_spots:
            action = Place(row, col)
            refusal = state.why_not(action)
            warnings: tuple[Consequence, ...] = ()
            if refusal is None:
                sealed = forests_sealed(pyramid, forests, (row, col), as_itself)
                effect = place_warnings(state, (row, col))
                placed = _placed_at(state, (row, col), effect)
                warnings = sealed + god_everywhere(watch, [((row, col), placed)]) + effect
            options.append(Option(action, refusal, warnings))
    wild_warnings: tuple[Consequence, ...] = ()
    if not take.wild:
        due, due_any = state.payment_due()
        lost: list[Consequence] = [
            wilderness_cost(player, tile, fits),
            *temple_uncounted(player, tile, fits),
        ]
        if fits and (any(due) or due_any):
            lost.append(PaymentLost(tile, tile.color, due, due_any, placed=True))
        wild_warnings = tuple(lost)
    as_wild = PlacedTile(tile, wild=True)
    options.extend(
        Option(
            Place(r, c, True),
            None,
            forests_sealed(pyramid, forests, (r, c), as_wild)
            + god_everywhere(watch, [((r, c), as_wild)])
            + wild_warnings,
        )
        for r, c in wild_spots
    )
    return tuple(options)


def _placed_at(state: GameState, pos: Position, effect: tuple[Consequence, ...]) -> PlacedTile:
    """The tile being taken as it will stand at ``pos`` once placed as itself: cancelled
    at once when its effect cannot be done there (``effect``: its warnings)."""
    take = state.take
    assert take is not None
    fails = any(isinstance(w, IrrigationFails | VolcanoFails | ReturnUnaffordable) for w in effect)
    return PlacedTile(take.tile, False, fails)


def place_warnings(state: GameState, pos: Position) -> tuple[Consequence, ...]:
    """What placing the tile being taken at ``pos`` (as itself) will lead to."""
    take = state.take
    assert take is not None
    tile = take.tile
    player = state.player
    effect = tile.effect
    kind = effect.kind
    if kind is EffectKind.FARM:
        assert effect.color is not None
        if player.reductions[effect.color]:
            return (TokenAlreadyHeld(tile, effect.color),)
    elif kind is EffectKind.IRRIGATION:
        assert effect.color is not None
        if pos[0] == 1:
            return (IrrigationFails(tile, effect.color, row_one=True),)
        if not irrigation_fed(player, pos, effect.color):
            return (IrrigationFails(tile, effect.color),)
    elif kind is EffectKind.VILLAGE:
        if player.worshipers < effect.count:
            return (ReturnUnaffordable(tile, effect.count, player.worshipers),)
    elif kind is EffectKind.VOLCANO:
        if not state.volcano_possible():
            supply = [0] * NUM_COLORS
            for cell in state.volcano_sources():
                for c in range(NUM_COLORS):
                    if effect.remove[c]:
                        supply[c] += state.market_worshipers[cell][c]
            return (VolcanoFails(tile, effect.remove, tuple(supply)),)
    elif kind is EffectKind.FOREST:
        return (forest_outlook(player, pos, tile),)
    return ()


__all__ = ["place_options", "place_warnings"]
