"""The pending decision as one value: what is asked, and every answer with its outcome.

``state.decision`` (see :class:`~orbis_tui.engine.state.GameState`) is what the table,
the coach and the walkthrough read. It lists every answer the table can offer, legal
and refused alike, in display order; each :class:`~orbis_tui.engine.option.Option`
says why it is refused (the engine's :class:`~orbis_tui.engine.errors.IllegalAction`,
with its rule) or what it will lead to (:mod:`~orbis_tui.engine.consequences`). The
legal options are exactly :meth:`~orbis_tui.engine.state.GameState.decision_actions`,
in the same order; the 3-for-1 exchanges open now are in :attr:`Decision.exchanges`.

The options of each kind of decision are made beside it: the turn's in
:mod:`.turn_options`, the payment's in :mod:`.pay_options`, the placement's in
:mod:`.place_options` (what a spot does to forests and irrigations in
:mod:`.spot_warnings`, to the god in :mod:`.god_watch`); the others, and the value
itself, here.

Computer players may keep to ``decision_actions()``, which is cheaper.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import Action, Decline, Exchange, GoWild
from .colors import NUM_COLORS, ZERO, Count
from .consequences import (
    Consequence,
    DeathRefused,
    EffectRefused,
    VolcanoRefused,
)
from .god_watch import god_lost
from .option import Option, extra_losses, shared_losses
from .outlook import god_loss
from .pay_options import pay_options
from .place_options import place_options
from .pyramid import PlacedTile
from .rules import DECISION_RULE, LOVE_GIFT, DecisionKind
from .scoring import effect_counts
from .tiles import GodId, Tile
from .turn_options import turn_options

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class PickSpec:
    """What the player picks: ``count`` worshipers, at most ``limit[c]`` of each color
    ``c``; ``limit`` is ``None`` when they come from the supply (any color, no bound)."""

    count: int
    limit: Count | None


@dataclass(frozen=True, slots=True)
class Decision:
    """What the pending decision asks of whom, and every answer the table can offer.

    ``pick`` says, for every decision answered with a multiset of worshipers, how many
    the player picks and from which limit (``None`` elsewhere): the "any" symbols of a
    payment, from what the realm holds beyond the colored cost (R-TAKE-3); a gain's
    one, and the Goddess of Love's five, from the supply (R-EFF-GAIN, R-GOD-2); a
    village's or the God of Death's returns, and a discard down to the realm limit,
    from the realm (R-EFF-VILLAGE, R-GOD-2, R-TURN-3). The numbers the table shows
    are read from it: ``due_any`` and ``any_from``, ``returns``, ``discard``.

    Besides: ``due`` (the colored cost to pay, after reduction tokens), ``removals`` (a
    volcano's). ``tile`` is the region tile being taken, if any.
    """

    kind: DecisionKind
    player: int
    rule: str
    options: tuple[Option, ...]
    exchanges: tuple[Exchange, ...] = ()
    tile: Tile | None = None
    due: Count = ZERO
    pick: PickSpec | None = None
    removals: Count = ZERO
    must_take_god: bool = False

    @property
    def due_any(self) -> int:
        """The number of "any" symbols to pay (0 unless paying)."""
        return self.pick.count if self.kind is DecisionKind.PAY and self.pick else 0

    @property
    def any_from(self) -> Count:
        """The worshipers of each color that may pay the "any" symbols (R-TAKE-3)."""
        pick = self.pick
        if self.kind is not DecisionKind.PAY or pick is None or pick.limit is None:
            return ZERO
        return pick.limit

    @property
    def returns(self) -> int:
        """How many worshipers a village or the God of Death asks back (else 0)."""
        returning = self.kind in (DecisionKind.VILLAGE, DecisionKind.DEATH)
        return self.pick.count if returning and self.pick else 0

    @property
    def discard(self) -> int:
        """How many worshipers go back down to the realm limit (else 0)."""
        return self.pick.count if self.kind is DecisionKind.DISCARD and self.pick else 0

    @property
    def legal_options(self) -> tuple[Option, ...]:
        return tuple(o for o in self.options if o.legal)

    def option(self, action: Action) -> Option | None:
        """The option that plays ``action``, if the table offers it."""
        for option in self.options:
            if option.action == action:
                return option
        return None

    @property
    def refusal(self) -> Option | None:
        """The answer that refuses: leave the tile unpaid, or cancel an effect or god."""
        for option in self.options:
            if option.legal and isinstance(option.action, GoWild | Decline):
                return option
        return None

    def safest(self, candidates: Iterable[Option] | None = None) -> Option | None:
        """The first legal option (of ``candidates``, else of all) that loses nothing;
        else the first that loses only what every one of them loses (a wilderness's
        point, say, but no forest besides); else the first legal one.

        One rule does it: the first that loses nothing beyond :func:`shared_losses`,
        which are none as soon as one option loses nothing."""
        pool = [o for o in (self.options if candidates is None else candidates) if o.legal]
        common = shared_losses(pool)
        return next((o for o in pool if not extra_losses(o, common)), pool[0] if pool else None)


def decide(state: GameState) -> Decision:
    """The pending decision of ``state`` (read it as ``state.decision``)."""
    kind = state.kind
    player = state.player
    exchanges = (
        tuple(a for a in state.legal_actions() if isinstance(a, Exchange))
        if kind is not DecisionKind.OVER
        else ()
    )
    base: dict[str, Any] = {
        "kind": kind,
        "player": state.current,
        "rule": DECISION_RULE[kind],
        "exchanges": exchanges,
        "tile": state.take.tile if state.take is not None else None,
    }
    if kind is DecisionKind.TURN:
        return Decision(
            options=turn_options(state, player),
            must_take_god=state.must_take_god(),
            **base,
        )
    if kind is DecisionKind.PAY:
        due, due_any = state.payment_due()
        beyond = tuple(max(0, player.realm[c] - due[c]) for c in range(NUM_COLORS))
        return Decision(
            options=pay_options(state, player),
            due=due,
            pick=PickSpec(due_any, beyond),
            **base,
        )
    if kind is DecisionKind.PLACE:
        return Decision(options=place_options(state, player), **base)
    if kind is DecisionKind.GAIN:
        return Decision(options=_plain(state), pick=PickSpec(1, None), **base)
    if kind is DecisionKind.LOVE:
        return Decision(options=_plain(state), pick=PickSpec(LOVE_GIFT, None), **base)
    if kind is DecisionKind.DISCARD:
        pick = PickSpec(state.discard_needed(), player.realm_count)
        return Decision(options=_plain(state), pick=pick, **base)
    if kind in (DecisionKind.VILLAGE, DecisionKind.DEATH):
        pick = PickSpec(state.returns_needed(), player.realm_count)
        return Decision(options=_refusable(state), pick=pick, **base)
    if kind is DecisionKind.VOLCANO:
        removals = state.take.tile.effect.remove if state.take is not None else ZERO
        return Decision(options=_refusable(state), removals=removals, **base)
    return Decision(options=(), **base)


# ---------------------------------------------------------------------- the rest
def _plain(state: GameState) -> tuple[Option, ...]:
    return tuple(Option(action) for action in state.decision_actions())


def _refusable(state: GameState) -> tuple[Option, ...]:
    """The answers to a village, volcano or God of Death; refusing says what is lost."""
    options = []
    for action in state.decision_actions():
        if not isinstance(action, Decline):
            options.append(Option(action))
            continue
        options.append(Option(action, None, (_refusal_cost(state), *_god_if_refused(state))))
    return tuple(options)


def _god_if_refused(state: GameState) -> tuple[Consequence, ...]:
    """A village or volcano refused is cancelled: what that does to the god."""
    take = state.take
    player = state.player
    god = player.god
    if take is None or take.pos is None or god is None or god is GodId.DEATH:
        return ()
    if player.god_cancelled:
        return ()
    seat = state.current
    counts = [effect_counts(p.pyramid) for p in state.players]
    pyramids = [p.pyramid for p in state.players]
    if god_loss(seat, god, counts, pyramids) is not None:
        return ()
    pyramid = dict(player.pyramid)
    pyramid[take.pos] = PlacedTile(take.tile, False, True)
    counts[seat] = effect_counts(pyramid)
    pyramids[seat] = pyramid
    loss = god_loss(seat, god, counts, pyramids)
    if loss is None:
        return ()
    printed = state.catalog.god_by_id[god]
    return (god_lost(state, printed, loss),)


def _refusal_cost(state: GameState) -> Consequence:
    if state.kind is DecisionKind.DEATH:
        god = state.catalog.god_by_id[GodId.DEATH]
        return DeathRefused(god, god.cp)
    assert state.take is not None
    tile = state.take.tile
    if state.kind is DecisionKind.VOLCANO:
        return VolcanoRefused(tile, tile.cp)
    return EffectRefused(tile, tile.cp)


__all__ = ["Decision", "PickSpec", "decide"]
