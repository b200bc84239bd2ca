"""What the player is putting together for the pending decision, before it is played.

The engine says what is legal; this module only keeps the player's current choice
(the market cursor, the worshipers picked so far, the pyramid spot, the volcano
option) with a sensible default for each decision, and turns it into an engine
action. Whether that action is legal is always asked of the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...engine import (
    COLORS,
    MARKET_SIDE,
    NUM_COLORS,
    ZERO,
    Action,
    ChooseGain,
    ChooseWorshipers,
    Count,
    DecisionKind,
    Discard,
    Erupt,
    Exchange,
    ForestOutlook,
    ForestSealed,
    GameState,
    GodId,
    GodLost,
    GoWild,
    Option,
    Pay,
    PickSpec,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakePreview,
    TakeTile,
    exchange_toward_payment,
    exchanges_to_pay,
    geometry,
    preview_take,
)
from .choices import fewest_first, most_plentiful

NEUTRAL_CELL = 4  # the market's middle: where a player's cursor starts
# Market cursor moves: (row step, column step).
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def _plentiful(realm: Count, spec: PickSpec) -> Count:
    assert spec.limit is not None
    return most_plentiful(spec.limit, spec.count)


def _lacking(realm: Count, spec: PickSpec) -> Count:
    return fewest_first(realm, spec.count)


# The worshipers a pick starts with, for each kind of decision that asks for some: the
# most plentiful of those the engine allows (a payment's "any" symbols, a village's or
# the God of Death's returns, a discard), or from the supply the colors the realm lacks
# most (a gain, the Goddess of Love's gift).
_DEFAULT_PICK: dict[DecisionKind, Callable[[Count, PickSpec], Count]] = {
    DecisionKind.PAY: _plentiful,
    DecisionKind.VILLAGE: _plentiful,
    DecisionKind.DEATH: _plentiful,
    DecisionKind.DISCARD: _plentiful,
    DecisionKind.GAIN: _lacking,
    DecisionKind.LOVE: _lacking,
}


@dataclass
class Pick:
    """A multiset of worshipers being chosen: ``need`` of them, at most ``limit`` each."""

    need: int
    limit: Count | None  # None: drawn from the aether, no limit
    chosen: list[int] = field(default_factory=lambda: [0] * NUM_COLORS)

    @property
    def total(self) -> int:
        return sum(self.chosen)

    @property
    def value(self) -> Count:
        return tuple(self.chosen)

    def can_add(self, color: int) -> bool:
        return self.limit is None or self.chosen[color] < self.limit[color]

    def add(self, color: int) -> bool:
        """One more of ``color``; when the pick is full, one of another color makes room."""
        if self.need == 0 or not self.can_add(color):
            return False
        if self.total < self.need:
            self.chosen[color] += 1
            return True
        others = [c for c in range(NUM_COLORS) if c != color and self.chosen[c] > 0]
        if not others:
            return False
        out = max(others, key=lambda c: (self.chosen[c], c))
        self.chosen[out] -= 1
        self.chosen[color] += 1
        return True

    def remove(self, color: int) -> bool:
        if self.chosen[color] <= 0:
            return False
        self.chosen[color] -= 1
        return True


class Controller:
    """The choice in progress for one table; reset whenever the game moves on."""

    def __init__(self) -> None:
        self.cursor = NEUTRAL_CELL  # market cell 0-8, kept for each player from turn to turn
        self._cursors: dict[int, int] = {}  # where each seat left it
        self._seat: int | None = None
        self.god: GodId | None = None  # a selected god replaces the market cursor
        self.pick: Pick | None = None
        self.spot = 0
        self.wild_mode = False
        self.volcano = 0
        self._preview: TakePreview | None = None
        self._preview_key: object = None
        self._token: object = None

    # ------------------------------------------------------------ keeping in step
    def sync(self, state: GameState, version: object) -> None:
        """Reset the defaults when the game has moved on (``version`` changed)."""
        if version == self._token:
            return
        self._token = version
        self.reset(state)

    def reset(self, state: GameState) -> None:
        kind = state.kind
        player = state.player
        realm = player.realm_count
        self.god = None
        self.pick = None
        self.spot = 0
        self.wild_mode = False
        self.volcano = 0
        self._preview = None
        if state.current != self._seat:  # another player's turn: their own cursor
            if self._seat is not None:
                self._cursors[self._seat] = self.cursor
            self._seat = state.current
            self.cursor = self._cursors.get(state.current, NEUTRAL_CELL)
        if kind is DecisionKind.TURN:
            decision = state.decision
            gods = [o.action.god for o in decision.options if isinstance(o.action, TakeGod)]
            if decision.must_take_god and gods:  # the first god the turn offers
                self.god = gods[0]
            elif state.market[self.cursor] is None:
                self.cursor = next((c for c, t in enumerate(state.market) if t), self.cursor)
        elif kind is DecisionKind.PLACE:
            self.wild_mode = not self.colored_spots(state)
            self.spot = self._safest_spot(state)
        elif (spec := state.decision.pick) is not None:  # how many, from what: the engine's
            self.pick = Pick(spec.count, spec.limit, list(_DEFAULT_PICK[kind](realm, spec)))

    # ------------------------------------------------------------ the market and gods
    def move_cursor(self, direction: str) -> bool:
        """Move the market cursor one cell; False at the market's edge (it does not
        wrap round onto a cell at the other side, which Enter would take)."""
        dr, dc = MOVES[direction]
        if self.god is not None:
            self.god = None
            return True
        row, col = divmod(self.cursor, MARKET_SIDE)
        row, col = row + dr, col + dc
        if not (0 <= row < MARKET_SIDE and 0 <= col < MARKET_SIDE):
            return False
        self.cursor = row * MARKET_SIDE + col
        return True

    def select_god(self, god: GodId) -> None:
        self.god = god

    def select_cell(self, cell: int) -> None:
        self.god = None
        self.cursor = cell

    def preview(self, state: GameState) -> TakePreview | None:
        """What taking the selected market cell would do, asked of the engine once per
        cell and state; ``None`` unless a tile is selected in a turn."""
        if state.kind is not DecisionKind.TURN or self.god is not None:
            return None
        if state.market[self.cursor] is None:
            return None
        key = (self.cursor, id(state))
        if self._preview is None or self._preview_key != key:
            self._preview = preview_take(state, self.cursor)
            self._preview_key = key
        return self._preview

    # ------------------------------------------------------------ paying
    def payable(self, state: GameState) -> bool:
        return any(isinstance(o.action, Pay) and o.legal for o in state.decision.options)

    def pay_option(self, state: GameState) -> Option | None:
        """The payment chosen now, as the engine's option (None when none is legal)."""
        if self.pick is None or not self.payable(state):
            return None
        return state.decision.option(Pay(self.pick.value))

    def exchanges_would_pay(self, state: GameState) -> int:
        """How many 3-for-1 exchanges would pay the tile (0: none would, or none needed)."""
        if self.payable(state) or not state.decision.exchanges:
            return 0
        due, any_count = state.payment_due()
        return exchanges_to_pay(state.player.realm_count, due, any_count) or 0

    def paying_exchange(self, state: GameState) -> Exchange | None:
        """The next exchange of those that would pay the tile (None: none would)."""
        if not self.exchanges_would_pay(state):
            return None
        due, any_count = state.payment_due()
        exchange = exchange_toward_payment(state.player.realm_count, due, any_count)
        return exchange if exchange is not None and state.is_legal(exchange) else None

    def pay_default(self, state: GameState) -> str:
        """What Enter does on a payment: 'pay', 'exchange' (an exchange pays the tile)
        or 'wild' (nothing pays it, or paying would be lost)."""
        option = self.pay_option(state)
        if option is not None:
            # A forest that every spot of the tile would seal (or, a forest itself, that
            # no spot can validate), or the god it would make impossible, is the tile's
            # to weigh against its own CP: the warning says so, and paying stays the
            # default.
            weighed = (ForestSealed, ForestOutlook, GodLost)
            wasted = any(w.loses_value and not isinstance(w, weighed) for w in option.warnings)
            return "wild" if wasted else "pay"
        return "exchange" if self.exchanges_would_pay(state) else "wild"

    # ------------------------------------------------------------ placing
    def colored_spots(self, state: GameState) -> list[Place]:
        return [a for a in state.decision_actions() if isinstance(a, Place) and not a.wild]

    def wild_spots(self, state: GameState) -> list[Place]:
        return [a for a in state.decision_actions() if isinstance(a, Place) and a.wild]

    def spots(self, state: GameState) -> list[Place]:
        return self.wild_spots(state) if self.wild_mode else self.colored_spots(state)

    def current_spot(self, state: GameState) -> Place | None:
        spots = self.spots(state)
        if not spots:
            return None
        self.spot %= len(spots)
        return spots[self.spot]

    def _safest_spot(self, state: GameState) -> int:
        """The engine's safest spot of this mode (:meth:`Decision.safest`): one whose
        placing loses nothing (an irrigation fed, a forest that can still be validated),
        else one that loses only what every spot of this mode loses."""
        decision = state.decision
        options = [decision.option(spot) for spot in self.spots(state)]
        safest = decision.safest(o for o in options if o is not None)
        return next((i for i, o in enumerate(options) if o is safest), 0)

    def toggle_wild(self, state: GameState) -> bool:
        """Switch between placing the tile and placing it as a wilderness."""
        if self.wild_mode and not self.colored_spots(state):
            return False
        here = self.current_spot(state)
        self.wild_mode = not self.wild_mode
        spots = self.spots(state)
        self.spot = 0
        if here is not None:
            for index, spot in enumerate(spots):
                if (spot.row, spot.col) == (here.row, here.col):
                    self.spot = index
        return True

    def move_spot(self, state: GameState, direction: str) -> bool:
        """Move among the legal spots only, by where they sit in the drawing; False when
        there is none that way."""
        spots = self.spots(state)
        if len(spots) < 2:
            return False
        here = self.current_spot(state)
        assert here is not None
        base = geometry.display_offset(state.player.pyramid)

        def x(p: Place) -> int:  # in half-tile steps
            return 2 * (p.col - base) + (p.row - 1)

        hx, hr = x(here), here.row
        dr, dc = MOVES[direction]
        best: tuple[tuple[int, int], int] | None = None
        for index, spot in enumerate(spots):
            if index == self.spot:
                continue
            sx, sr = x(spot), spot.row
            if dc:  # along the row first; another row only when this one has none
                if (sx - hx) * dc <= 0:
                    continue
                score = (abs(sr - hr), abs(sx - hx))
            else:  # the nearest row in that direction, then the nearest spot in it
                if (sr - hr) * -dr <= 0:  # rows grow upwards on screen
                    continue
                score = (abs(sr - hr), abs(sx - hx))
            if best is None or score < best[0]:
                best = (score, index)
        if best is None:
            return False
        self.spot = best[1]
        return True

    def select_spot(self, state: GameState, row: int, col: int) -> bool:
        for index, spot in enumerate(self.spots(state)):
            if (spot.row, spot.col) == (row, col):
                self.spot = index
                return True
        return False

    # ------------------------------------------------------------ the volcano
    def volcano_options(self, state: GameState) -> list[Erupt]:
        return [a for a in state.decision_actions() if isinstance(a, Erupt)]

    def move_volcano(self, state: GameState, step: int) -> None:
        options = self.volcano_options(state)
        if options:
            self.volcano = (self.volcano + step) % len(options)

    def current_eruption(self, state: GameState) -> Erupt | None:
        options = self.volcano_options(state)
        if not options:
            return None
        self.volcano %= len(options)
        return options[self.volcano]

    # ------------------------------------------------------------ the answer
    def confirm(self, state: GameState) -> Action | None:
        """The action Enter plays now (it may still be illegal: ask the engine)."""
        kind = state.kind
        pick = self.pick
        if kind is DecisionKind.TURN:
            if self.god is not None:
                return TakeGod(self.god)
            return TakeTile(self.cursor)
        if kind is DecisionKind.PAY:
            assert pick is not None
            default = self.pay_default(state)
            if default == "pay":
                return Pay(pick.value)
            return GoWild() if default == "wild" else None
        if kind is DecisionKind.PLACE:
            return self.current_spot(state)
        if kind is DecisionKind.GAIN:
            assert pick is not None
            chosen = [c for c in COLORS if pick.chosen[c]]
            return ChooseGain(chosen[0]) if chosen else None
        if kind in (DecisionKind.VILLAGE, DecisionKind.DEATH):
            assert pick is not None
            return ReturnWorshipers(pick.value)
        if kind is DecisionKind.VOLCANO:
            return self.current_eruption(state)
        if kind is DecisionKind.LOVE:
            assert pick is not None
            return ChooseWorshipers(pick.value)
        if kind is DecisionKind.DISCARD:
            assert pick is not None
            return Discard(pick.value)
        return None

    def refuse(self, state: GameState) -> Action | None:
        """The action x plays, where the engine offers one: leave the tile unpaid, or
        cancel an effect or the god."""
        refusal = state.decision.refusal
        return refusal.action if refusal is not None else None

    def picks_colors(self, state: GameState) -> bool:
        """Whether the color keys mean something in the pending decision."""
        kind = state.kind
        if kind is DecisionKind.PAY:
            return self.pick is not None and self.pick.need > 0 and self.payable(state)
        return state.decision.pick is not None  # a gain, returns, a gift, a discard

    def add_color(self, state: GameState, color: int) -> bool:
        if self.pick is None:
            return False
        if state.kind is DecisionKind.GAIN:
            self.pick.chosen = [0] * NUM_COLORS
            self.pick.chosen[color] = 1
            return True
        return self.pick.add(color)

    def remove_color(self, color: int) -> bool:
        return self.pick.remove(color) if self.pick is not None else False


__all__ = ["ZERO", "Controller", "Pick"]
