"""What a spot of the pyramid does to the tile placed there and to the forests beside it.

R-EFF-FOREST: the forests a placement leaves unable to be validated, and the outlook of
a forest placed; R-EFF-IRRIGATION: whether an irrigation is fed where it lands. The
turn's, the payment's and the placement's options (:mod:`.turn_options`,
:mod:`.pay_options`, :mod:`.place_options`) warn with these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import pyramid as geometry
from .consequences import Consequence, ForestOutlook, ForestSealed
from .outlook import Sealing, forest_free, sealed_by
from .pyramid import PlacedTile, Position, Pyramid
from .scoring import forest_matching
from .tiles import EffectKind, Tile

if TYPE_CHECKING:
    from .player import PlayerState


def placed_as_itself(player: PlayerState, spot: Position, tile: Tile) -> PlacedTile:
    """The tile as it would stand at ``spot``: cancelled at once when it is an
    irrigation with nothing of its color beneath (R-EFF-IRRIGATION)."""
    effect = tile.effect
    if effect.kind is EffectKind.IRRIGATION:
        assert effect.color is not None
        return PlacedTile(tile, False, not irrigation_fed(player, spot, effect.color))
    return PlacedTile(tile)


def irrigation_fed(player: PlayerState, pos: Position, color: int) -> bool:
    """R-EFF-IRRIGATION: a tile of ``color`` (or a wilderness) lies right beneath ``pos``."""
    if pos[0] == 1:
        return False
    pyramid = player.pyramid
    return any(p in pyramid and pyramid[p].has_color(color) for p in geometry.beneath(pos))


def forests_sealed(
    pyramid: Pyramid,
    forests: list[tuple[Position, PlacedTile]],
    spot: Position,
    placed: PlacedTile,
    spots: int = 0,
) -> tuple[Consequence, ...]:
    """R-EFF-FOREST: the player's forests that placing ``placed`` at ``spot`` leaves
    unable to be validated (``spots``: on a take, how many spots all do so)."""
    if not forests:
        return ()
    return tuple(
        _forest_sealed(s, placed, spots) for s in sealed_by(pyramid, forests, spot, placed)
    )


def _forest_sealed(sealing: Sealing, placed: PlacedTile, spots: int) -> ForestSealed:
    color = None if placed.wild else placed.tile.color
    return ForestSealed(
        sealing.forest,
        sealing.forest.cp,
        color,
        sealing.have,
        sealing.need,
        sealing.free,
        sealing.beside,
        spots,
        sealing.forest.effect.colors,
    )


def forests_sealed_everywhere(
    pyramid: Pyramid,
    forests: list[tuple[Position, PlacedTile]],
    spots: list[Position],
    placed: PlacedTile,
) -> tuple[Consequence, ...]:
    """When every one of ``spots`` seals a forest, what the least costly of them seals;
    nothing when one of them seals none."""
    if not forests or not spots:
        return ()
    least: tuple[Consequence, ...] | None = None
    least_cp = 0
    for spot in spots:
        sealed = sealed_by(pyramid, forests, spot, placed)
        if not sealed:
            return ()
        cp = sum(s.forest.cp for s in sealed)
        if least is None or cp < least_cp:
            least = tuple(_forest_sealed(s, placed, len(spots)) for s in sealed)
            least_cp = cp
    return least or ()


def forest_lost_everywhere(
    player: PlayerState, spots: list[Position], tile: Tile
) -> tuple[Consequence, ...]:
    """R-EFF-FOREST: when ``tile`` is a forest that none of ``spots`` (its spots as
    itself) can validate, the outlook of the most hopeful of them; nothing else."""
    if tile.effect.kind is not EffectKind.FOREST or not spots:
        return ()
    best: ForestOutlook | None = None
    for spot in spots:
        outlook = forest_outlook(player, spot, tile)
        if outlook.reachable:
            return ()
        if best is None or outlook.have + outlook.open_spots > best.have + best.open_spots:
            best = outlook
    assert best is not None
    return (ForestOutlook(best.tile, best.have, best.need, best.open_spots, len(spots)),)


def forest_outlook(player: PlayerState, pos: Position, tile: Tile) -> ForestOutlook:
    pyramid = dict(player.pyramid)
    placed = PlacedTile(tile)
    pyramid[pos] = placed
    have = forest_matching(pyramid, pos, placed)
    return ForestOutlook(tile, have, tile.effect.count, forest_free(pyramid, pos))


__all__ = [
    "forest_lost_everywhere",
    "forest_outlook",
    "forests_sealed",
    "forests_sealed_everywhere",
    "irrigation_fed",
    "placed_as_itself",
]
