"""The payment's options (R-TAKE-3): every way to pay the tile being taken, or going wild.

:func:`pay_options` gives them for :class:`~orbis_tui.engine.decision.Decision`, each
with what it leads to: a tile paid that only a wilderness can hold, forests sealed, the
god lost, a village that cannot be answered, and what a wilderness costs at the end
(:func:`wilderness_points`, R-END-2) and leaves uncounted (R-END-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pyramid as geometry
from .actions import GoWild, Pay
from .colors import NUM_COLORS, Count
from .consequences import (
    Consequence,
    PaymentLost,
    ReturnUnaffordable,
    TempleUncounted,
    WildernessCost,
)
from .god_watch import GodWatch, god_everywhere
from .option import Option
from .outlook import open_forests
from .preview import why_unpayable
from .pyramid import PlacedTile
from .scoring import effect_counts
from .spot_warnings import forest_lost_everywhere, forests_sealed_everywhere, placed_as_itself
from .tiles import EffectKind, GodId, Tile

if TYPE_CHECKING:
    from .player import PlayerState
    from .state import GameState

WILDERNESS_POINTS = -1  # R-END-2


def pay_options(state: GameState, player: PlayerState) -> tuple[Option, ...]:
    take = state.take
    assert take is not None
    tile = take.tile
    due, due_any = state.payment_due()
    answers = state.decision_actions()
    pays = [a for a in answers if isinstance(a, Pay)]
    options: list[Option] = []
    pyramid = player.pyramid
    spots = geometry.colored_spots(pyramid, tile.color)
    homeless = not spots
    forests = open_forests(pyramid)
    as_itself = forests_sealed_everywhere(pyramid, forests, spots, PlacedTile(tile))
    as_itself += forest_lost_everywhere(player, spots, tile)
    as_wild = forests_sealed_everywhere(
        pyramid, forests, geometry.wild_spots(pyramid), PlacedTile(tile, wild=True)
    )
    watch = GodWatch.of(state)
    wild_placements = [(s, PlacedTile(tile, wild=True)) for s in geometry.wild_spots(pyramid)]
    god_if_wild = god_everywhere(watch, wild_placements)
    god_if_paid = (
        god_if_wild
        if homeless
        else god_everywhere(watch, [(s, placed_as_itself(player, s, tile)) for s in spots])
    )
    for pay in pays:
        warnings: list[Consequence] = list(as_wild if homeless else as_itself)
        warnings.extend(god_if_paid)
        if homeless:
            paid = tuple(due[c] + pay.any_colors[c] for c in range(NUM_COLORS))
            warnings.append(PaymentLost(tile, tile.color, paid, 0))
        elif tile.effect.kind is EffectKind.VILLAGE:
            left = player.worshipers - sum(due) - due_any
            if left < tile.effect.count:
                warnings.append(ReturnUnaffordable(tile, tile.effect.count, left))
        options.append(Option(pay, None, tuple(warnings)))
    if not pays:
        refusal = why_unpayable(state)
        assert refusal is not None
        options.append(Option(Pay(_plentiful_any(player, due, due_any)), refusal))
    options.append(
        Option(
            GoWild(),
            None,
            (
                wilderness_cost(player, tile, not homeless),
                *temple_uncounted(player, tile, not homeless),
                *as_wild,
                *god_if_wild,
            ),
        )
    )
    return tuple(options)


def _plentiful_any(player: PlayerState, due: Count, count: int) -> Count:
    """A way to pay ``count`` "any" symbols from what is left after ``due``, one at a
    time from the largest pile (it may not exist: it stands for a refused payment)."""
    left = [max(0, player.realm[c] - due[c]) for c in range(NUM_COLORS)]
    chosen = [0] * NUM_COLORS
    for _ in range(count):
        best = max(range(NUM_COLORS), key=lambda c: (left[c], -c))
        left[best] -= 1
        chosen[best] += 1
    return tuple(chosen)


def wilderness_points(player: PlayerState) -> int:
    """R-END-2: what each wilderness of ``player`` scores at the end (nothing lost with
    the Goddess of Idleness)."""
    return 0 if player.god is GodId.IDLENESS else WILDERNESS_POINTS


def wilderness_cost(player: PlayerState, tile: Tile, avoidable: bool) -> WildernessCost:
    return WildernessCost(wilderness_points(player), tile.cp, avoidable)


def temple_uncounted(
    player: PlayerState, tile: Tile, avoidable: bool
) -> tuple[TempleUncounted, ...]:
    """R-END-3: a temple tile left as a wilderness does not count for the temple token."""
    if tile.effect.kind is not EffectKind.TEMPLE:
        return ()
    return (TempleUncounted(tile, effect_counts(player.pyramid)["temple"], avoidable),)


__all__ = ["pay_options", "temple_uncounted", "wilderness_cost", "wilderness_points"]
