"""The deciding player's god while it can still score, and what a placement does to it.

R-GOD-1: a god scores only while its condition can still be met. The turn's, the
payment's and the placement's options (:mod:`.turn_options`, :mod:`.pay_options`,
:mod:`.place_options`) warn with :class:`~orbis_tui.engine.consequences.GodLost` when
every way of placing the tile loses it; :class:`GodWatch` answers that cheaply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consequences import Consequence, GodLost
from .outlook import REGION_TILES, GodLoss, god_loss
from .pyramid import PlacedTile, Position, Pyramid
from .scoring import MOST_GODS, effect_counts
from .tiles import God, GodId

if TYPE_CHECKING:
    from .state import GameState


class GodWatch:
    """The deciding player's god while it can still score, and what a placement would do
    to it (R-GOD-1): :meth:`lost_by` says why it could no longer score after every one
    of some placements. ``None`` from :meth:`of` when no placement can lose it (no god,
    a god already lost, or one far enough from its limit), which is most of the time."""

    __slots__ = ("counts", "god", "printed", "pyramids", "seat", "state")

    def __init__(self, state: GameState, counts: list[dict[str, int]]) -> None:
        self.state = state
        self.seat = state.current
        god = state.player.god
        assert god is not None
        self.god = god
        self.printed = state.catalog.god_by_id[god]
        self.counts = counts
        self.pyramids = [p.pyramid for p in state.players]

    @classmethod
    def of(cls, state: GameState) -> GodWatch | None:
        player = state.player
        god = player.god
        if god is None or player.god_cancelled or god is GodId.DEATH:
            return None
        seat = state.current
        counts = [effect_counts(p.pyramid) for p in state.players]
        pyramids = [p.pyramid for p in state.players]
        if god_loss(seat, god, counts, pyramids) is not None:
            return None  # already lost: nothing more to lose
        if _safe_for_one_more(seat, god, counts, pyramids):
            return None
        return cls(state, counts)

    def lost_by(self, placements: list[tuple[Position, PlacedTile]]) -> GodLoss | None:
        """Why the god could no longer score after each of ``placements`` (spot and tile
        placed), when it could no longer after every one of them; else None."""
        found = None
        for spot, placed in placements:
            pyramid = dict(self.pyramids[self.seat])
            pyramid[spot] = placed
            counts = list(self.counts)
            counts[self.seat] = effect_counts(pyramid)
            pyramids = list(self.pyramids)
            pyramids[self.seat] = pyramid
            loss = god_loss(self.seat, self.god, counts, pyramids)
            if loss is None:
                return None
            found = found or loss
        return found

    def warning(self, loss: GodLoss, every: bool = False) -> GodLost:
        return god_lost(self.state, self.printed, loss, every)


def god_lost(state: GameState, god: God, loss: GodLoss, every: bool = False) -> GodLost:
    leader = state.players[loss.leader].name if loss.leader is not None else ""
    return GodLost(
        god,
        god.cp,
        loss.condition,
        leader,
        loss.theirs,
        loss.reach,
        loss.left,
        loss.missing,
        every,
        loss.parts,
    )


def _safe_for_one_more(
    seat: int, god: GodId, counts: list[dict[str, int]], pyramids: list[Pyramid]
) -> bool:
    """Whether the god keeps a chance after any one more tile in ``seat``'s pyramid,
    counting nothing the tile could add (a quick test before trying each placement)."""
    mine = counts[seat]
    left = REGION_TILES - len(pyramids[seat]) - 1
    others = [i for i in range(len(counts)) if i != seat]
    if god in MOST_GODS:
        key = MOST_GODS[god]
        return mine[key] + left >= max([1] + [counts[i][key] for i in others])
    if god is GodId.TECHNOLOGY:
        reach = [counts[i]["wilderness"] + REGION_TILES - len(pyramids[i]) for i in others]
        return mine["wilderness"] + 1 <= min(reach, default=mine["wilderness"] + 1)
    if god is GodId.EQUILIBRIUM:
        missing = sum(1 for key in ("village", "temple", "volcano") if not mine[key])
        return missing <= left
    return True


def god_everywhere(
    watch: GodWatch | bool | None, placements: list[tuple[Position, PlacedTile]]
) -> tuple[Consequence, ...]:
    """The god lost whichever of ``placements`` is made (nothing when one keeps it)."""
    if not isinstance(watch, GodWatch) or not placements:
        return ()
    loss = watch.lost_by(placements)
    return () if loss is None else (watch.warning(loss, every=len(placements) > 1),)


__all__ = ["GodWatch", "god_everywhere", "god_lost"]
