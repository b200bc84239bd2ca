"""The pending decision as one value: what is asked, and every answer with its outcome.

``state.decision`` (see :class:`~orbis_tui.engine.state.GameState`) is what the table,
the coach and the walkthrough read. It lists every answer the table can offer, legal
and refused alike, in display order; each :class:`Option` says why it is refused (the
engine's :class:`~orbis_tui.engine.errors.IllegalAction`, with its rule) or what it
will lead to (:mod:`~orbis_tui.engine.consequences`). The legal options are exactly
:meth:`~orbis_tui.engine.state.GameState.decision_actions`, in the same order; the
3-for-1 exchanges open now are in :attr:`Decision.exchanges`.

Computer players may keep to ``decision_actions()``, which is cheaper.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import pyramid as geometry
from .actions import (
    Action,
    Decline,
    Exchange,
    GoWild,
    Pay,
    Place,
    TakeGod,
    TakeTile,
)
from .colors import NUM_COLORS, ZERO, Count
from .consequences import (
    Consequence,
    DeathRefused,
    DeathUnaffordable,
    EffectRefused,
    ForestOutlook,
    ForestSealed,
    GodLost,
    IrrigationFails,
    OnlyAsWilderness,
    PaymentLost,
    RealmOverflow,
    ReturnUnaffordable,
    TempleUncounted,
    TokenAlreadyHeld,
    VolcanoFails,
    VolcanoRefused,
    WildernessCost,
)
from .errors import IllegalAction
from .outlook import REGION_TILES, GodLoss, Sealing, forest_free, god_loss, open_forests, sealed_by
from .preview import exchanges_to_pay, why_unpayable
from .pyramid import PlacedTile, Position, Pyramid
from .rules import (
    DEATH_PRICE,
    DECISION_RULE,
    EXCHANGE_RATE,
    LOVE_GIFT,
    MARKET_ADJACENT,
    REALM_LIMIT,
    DecisionKind,
)
from .scoring import MOST_GODS, effect_counts, forest_matching
from .tiles import EffectKind, God, GodId, Tile

if TYPE_CHECKING:
    from .player import PlayerState
    from .state import GameState

WILDERNESS_POINTS = -1  # R-END-2


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to the pending decision: legal (``refusal`` is None) or refused."""

    action: Action
    refusal: IllegalAction | None = None
    warnings: tuple[Consequence, ...] = ()

    @property
    def legal(self) -> bool:
        return self.refusal is None

    @property
    def loses_value(self) -> bool:
        """Whether a warning says this answer throws something away."""
        return any(w.loses_value for w in self.warnings)


@dataclass(frozen=True, slots=True)
class Decision:
    """What the pending decision asks of whom, and every answer the table can offer.

    The numbers it asks for: ``due`` and ``due_any`` (the cost to pay, after reduction
    tokens; ``any_from``: the worshipers of each color that may pay the "any" symbols,
    what the realm holds beyond ``due``), ``returns`` (a village's or the God of
    Death's worshipers), ``discard`` (down to the realm limit), ``removals`` (a
    volcano's), ``gift`` (worshipers to choose from the aether: 1 for a gain, 5 for the
    Goddess of Love). ``tile`` is the region tile being taken, if any.
    """

    kind: DecisionKind
    player: int
    rule: str
    options: tuple[Option, ...]
    exchanges: tuple[Exchange, ...] = ()
    tile: Tile | None = None
    due: Count = ZERO
    due_any: int = 0
    any_from: Count = ZERO
    returns: int = 0
    discard: int = 0
    removals: Count = ZERO
    gift: int = 0
    must_take_god: bool = False

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


def shared_losses(options: Iterable[Option | None]) -> set[Consequence]:
    """The warnings that lose value on every one of ``options``."""
    common: set[Consequence] | None = None
    for option in options:
        if option is None:
            continue
        losing = {w for w in option.warnings if w.loses_value}
        common = losing if common is None else common & losing
    return common or set()


def extra_losses(option: Option, common: set[Consequence]) -> list[Consequence]:
    """What ``option`` loses beyond ``common``, the losses every option shares."""
    return [w for w in option.warnings if w.loses_value and w not in common]


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
            options=_turn_options(state, player),
            must_take_god=state.must_take_god(),
            **base,
        )
    if kind is DecisionKind.PAY:
        due, due_any = state.payment_due()
        return Decision(
            options=_pay_options(state, player),
            due=due,
            due_any=due_any,
            any_from=tuple(max(0, player.realm[c] - due[c]) for c in range(NUM_COLORS)),
            **base,
        )
    if kind is DecisionKind.PLACE:
        return Decision(options=_place_options(state, player), **base)
    if kind is DecisionKind.GAIN:
        return Decision(options=_plain(state), gift=1, **base)
    if kind is DecisionKind.LOVE:
        return Decision(options=_plain(state), gift=LOVE_GIFT, **base)
    if kind is DecisionKind.DISCARD:
        return Decision(
            options=_plain(state),
            discard=state.discard_needed(),
            **base,
        )
    if kind in (DecisionKind.VILLAGE, DecisionKind.DEATH, DecisionKind.VOLCANO):
        removals = ZERO
        if kind is DecisionKind.VOLCANO and state.take is not None:
            removals = state.take.tile.effect.remove
        return Decision(
            options=_refusable(state),
            returns=state.returns_needed(),
            removals=removals,
            **base,
        )
    return Decision(options=(), **base)


# ---------------------------------------------------------------------- the turn
def _turn_options(state: GameState, player: PlayerState) -> tuple[Option, ...]:
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


# ---------------------------------------------------------------------- the god
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
        sealed = _sealed_everywhere(pyramid, forests, wild_spots, PlacedTile(tile, wild=True))
        god = _god_everywhere(watch, as_wild)
        return (OnlyAsWilderness(tile, tile.color), *sealed, *god)
    sealed = _sealed_everywhere(pyramid, forests, spots, PlacedTile(tile))
    sealed += _forest_lost_everywhere(player, spots, tile)
    god = ()
    if isinstance(watch, GodWatch):
        payable = _worshipers_after_paying(state, cell, tile) is not None
        as_itself = [(s, _placed_as_itself(player, s, tile)) for s in spots] if payable else []
        god = _god_everywhere(watch, as_itself + as_wild)
    return sealed + god + _effect_at_take(state, cell, tile)


def _god_everywhere(
    watch: GodWatch | bool | None, placements: list[tuple[Position, PlacedTile]]
) -> tuple[Consequence, ...]:
    """The god lost whichever of ``placements`` is made (nothing when one keeps it)."""
    if not isinstance(watch, GodWatch) or not placements:
        return ()
    loss = watch.lost_by(placements)
    return () if loss is None else (watch.warning(loss, every=len(placements) > 1),)


def _placed_as_itself(player: PlayerState, spot: Position, tile: Tile) -> PlacedTile:
    """The tile as it would stand at ``spot``: cancelled at once when it is an
    irrigation with nothing of its color beneath (R-EFF-IRRIGATION)."""
    effect = tile.effect
    if effect.kind is EffectKind.IRRIGATION:
        assert effect.color is not None
        return PlacedTile(tile, False, not _irrigation_fed(player, spot, effect.color))
    return PlacedTile(tile)


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
            _irrigation_fed(player, pos, effect.color)
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


# ---------------------------------------------------------------------- paying
def _pay_options(state: GameState, player: PlayerState) -> tuple[Option, ...]:
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
    as_itself = _sealed_everywhere(pyramid, forests, spots, PlacedTile(tile))
    as_itself += _forest_lost_everywhere(player, spots, tile)
    as_wild = _sealed_everywhere(
        pyramid, forests, geometry.wild_spots(pyramid), PlacedTile(tile, wild=True)
    )
    watch = GodWatch.of(state)
    wild_placements = [(s, PlacedTile(tile, wild=True)) for s in geometry.wild_spots(pyramid)]
    god_if_wild = _god_everywhere(watch, wild_placements)
    god_if_paid = (
        god_if_wild
        if homeless
        else _god_everywhere(watch, [(s, _placed_as_itself(player, s, tile)) for s in spots])
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
                _wilderness_cost(player, tile, not homeless),
                *_temple_uncounted(player, tile, not homeless),
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


def _wilderness_cost(player: PlayerState, tile: Tile, avoidable: bool) -> WildernessCost:
    return WildernessCost(wilderness_points(player), tile.cp, avoidable)


def _temple_uncounted(
    player: PlayerState, tile: Tile, avoidable: bool
) -> tuple[TempleUncounted, ...]:
    """R-END-3: a temple tile left as a wilderness does not count for the temple token."""
    if tile.effect.kind is not EffectKind.TEMPLE:
        return ()
    return (TempleUncounted(tile, effect_counts(player.pyramid)["temple"], avoidable),)


# ---------------------------------------------------------------------- placing
def _place_options(state: GameState, player: PlayerState) -> tuple[Option, ...]:
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
                sealed = _sealed(pyramid, forests, (row, col), as_itself)
                effect = place_warnings(state, (row, col))
                placed = _placed_at(state, (row, col), effect)
                warnings = sealed + _god_everywhere(watch, [((row, col), placed)]) + effect
            options.append(Option(action, refusal, warnings))
    wild_warnings: tuple[Consequence, ...] = ()
    if not take.wild:
        due, due_any = state.payment_due()
        lost: list[Consequence] = [
            _wilderness_cost(player, tile, fits),
            *_temple_uncounted(player, tile, fits),
        ]
        if fits and (any(due) or due_any):
            lost.append(PaymentLost(tile, tile.color, due, due_any, placed=True))
        wild_warnings = tuple(lost)
    as_wild = PlacedTile(tile, wild=True)
    options.extend(
        Option(
            Place(r, c, True),
            None,
            _sealed(pyramid, forests, (r, c), as_wild)
            + _god_everywhere(watch, [((r, c), as_wild)])
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


def _sealed(
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


def _sealed_everywhere(
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
        if not _irrigation_fed(player, pos, effect.color):
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
        return (_forest_outlook(player, pos, tile),)
    return ()


def _irrigation_fed(player: PlayerState, pos: Position, color: int) -> bool:
    """R-EFF-IRRIGATION: a tile of ``color`` (or a wilderness) lies right beneath ``pos``."""
    if pos[0] == 1:
        return False
    pyramid = player.pyramid
    return any(p in pyramid and pyramid[p].has_color(color) for p in geometry.beneath(pos))


def _forest_lost_everywhere(
    player: PlayerState, spots: list[Position], tile: Tile
) -> tuple[Consequence, ...]:
    """R-EFF-FOREST: when ``tile`` is a forest that none of ``spots`` (its spots as
    itself) can validate, the outlook of the most hopeful of them; nothing else."""
    if tile.effect.kind is not EffectKind.FOREST or not spots:
        return ()
    best: ForestOutlook | None = None
    for spot in spots:
        outlook = _forest_outlook(player, spot, tile)
        if outlook.reachable:
            return ()
        if best is None or outlook.have + outlook.open_spots > best.have + best.open_spots:
            best = outlook
    assert best is not None
    return (ForestOutlook(best.tile, best.have, best.need, best.open_spots, len(spots)),)


def _forest_outlook(player: PlayerState, pos: Position, tile: Tile) -> ForestOutlook:
    pyramid = dict(player.pyramid)
    placed = PlacedTile(tile)
    pyramid[pos] = placed
    have = forest_matching(pyramid, pos, placed)
    return ForestOutlook(tile, have, tile.effect.count, forest_free(pyramid, pos))


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


__all__ = [
    "Decision",
    "GodWatch",
    "Option",
    "decide",
    "place_warnings",
    "take_warnings",
]
