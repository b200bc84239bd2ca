"""The game state and its decision machine.

At every moment exactly one decision is pending (:class:`DecisionKind`), always the
active player's. :meth:`GameState.legal_actions` lists every legal answer to it (plus
the 3-for-1 exchanges, open at any moment of one's own turn) and
:meth:`GameState.apply` checks an action, then moves the game on. An illegal action
raises :class:`~orbis_tui.engine.errors.IllegalAction` and changes nothing.

The state is mutable for speed; :meth:`GameState.copy` is cheap (every tile and
placed tile is immutable and shared), which is what search and undo build on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final

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
from .colors import COLORS, NUM_COLORS, ZERO, Count, bounded_multisets, covers, letters
from .decision import Decision, decide
from .errors import IllegalAction
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
from .kinds import value
from .pyramid import ROW_SIZES, TOP_ROW, PlacedTile, Position, Pyramid
from .rules import (
    DEATH_PRICE,
    DECISION_RULE,
    EXCHANGE_RATE,
    LOVE_GIFT,
    MARKET_ADJACENT,
    REALM_LIMIT,
    DecisionKind,
)
from .setup import MARKET_SIZE, ROUNDS, Deal, setup_for
from .tiles import Catalog, EffectKind, GodId, Tile

ROW_ONE_SIZE = ROW_SIZES[1]

# One worshiper of each color, as a count.
_ONE_OF: tuple[Count, ...] = tuple(
    tuple(int(c == color) for c in range(NUM_COLORS)) for color in range(NUM_COLORS)
)
_EXCHANGES = tuple(tuple(Exchange(give, get) for get in COLORS if get != give) for give in COLORS)
_TAKES = tuple(TakeTile(cell) for cell in range(MARKET_SIZE))
_TAKE_GOD = {god: TakeGod(god) for god in GodId}
_GAINS = tuple(ChooseGain(color) for color in COLORS)
_LOVE_CHOICES = tuple(
    ChooseWorshipers(c) for c in bounded_multisets((LOVE_GIFT,) * NUM_COLORS, LOVE_GIFT)
)
_DECLINE = Decline()
_GO_WILD = GoWild()


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


class PlayerState:
    """One player's universe (pyramid), realm, reduction tokens and god."""

    __slots__ = ("god", "god_cancelled", "name", "pyramid", "realm", "reductions", "turns")

    def __init__(self, name: str) -> None:
        self.name = name
        self.realm: list[int] = [0] * NUM_COLORS
        self.pyramid: Pyramid = {}
        self.reductions: list[bool] = [False] * NUM_COLORS
        self.god: GodId | None = None
        self.god_cancelled = False
        self.turns = 0

    def copy(self) -> PlayerState:
        other = PlayerState.__new__(PlayerState)
        other.name = self.name
        other.realm = self.realm[:]
        other.pyramid = self.pyramid.copy()
        other.reductions = self.reductions[:]
        other.god = self.god
        other.god_cancelled = self.god_cancelled
        other.turns = self.turns
        return other

    @property
    def realm_count(self) -> Count:
        return tuple(self.realm)

    @property
    def worshipers(self) -> int:
        return sum(self.realm)

    @property
    def region_tiles(self) -> int:
        return len(self.pyramid)

    def effective_cost(self, tile: Tile) -> Count:
        """The colored part of a tile's cost after reduction tokens (R-EFF-FARM)."""
        red = self.reductions
        if True not in red:
            return tile.cost
        cost = tile.cost
        return tuple(0 if red[c] else cost[c] for c in range(NUM_COLORS))


@value  # built several times a turn: see kinds.py
class Take:
    """The region tile being taken this turn: from which market ``cell`` (0-8), whether
    it has become a wilderness, and where it was placed (``None`` until it is)."""

    cell: int
    tile: Tile
    wild: bool = False
    pos: Position | None = None


class GameState:
    """A game in progress. Build one with :func:`orbis_tui.engine.game.new_game`."""

    __slots__ = (
        "_decision",
        "_history",
        "_record",
        "catalog",
        "current",
        "deal",
        "first_player",
        "gods_available",
        "kind",
        "market",
        "market_worshipers",
        "pile_pos",
        "piles",
        "players",
        "take",
        "turn",
    )

    def __init__(self, catalog: Catalog, deal: Deal, names: Sequence[str], first_player: int = 0):
        setup_for(len(names))
        if not 0 <= first_player < len(names):
            raise ValueError(f"first player must be a seat from 0 to {len(names) - 1}")
        tiles = catalog.tile_by_id
        self.catalog = catalog
        self.deal = deal
        self.players = [PlayerState(name) for name in names]
        self.first_player = first_player
        self.current = first_player
        self.turn = 0
        self.market: list[Tile | None] = [tiles[i] for i in deal.market]
        self.market_worshipers: list[Count] = [ZERO] * MARKET_SIZE
        self.piles: tuple[tuple[Tile, ...], ...] = tuple(
            tuple(tiles[i] for i in pile) for pile in deal.piles
        )
        self.pile_pos = [0, 0, 0]
        self.gods_available: list[GodId] = list(deal.gods)
        self.kind = DecisionKind.TURN
        self.take: Take | None = None
        self._history: list[_Undo] = []
        self._record = True
        self._decision: Decision | None = None

    # ------------------------------------------------------------------ copying
    def copy(self, *, history: bool = False, record: bool | None = None) -> GameState:
        """An independent copy. Without ``history`` the copy cannot :meth:`undo` past
        this point, which keeps copying cheap for searches. With ``record=False`` the
        copy (and every copy made from it, unless told otherwise) keeps no undo record
        at all: a search's scratch position, which never takes a move back, then saves
        the cost of noting what every move changed. By default a copy records when
        this state does."""
        other = GameState.__new__(GameState)
        other._record = self._record if record is None else record
        other.catalog = self.catalog
        other.deal = self.deal
        other.players = [p.copy() for p in self.players]
        other.first_player = self.first_player
        other.current = self.current
        other.turn = self.turn
        other.market = self.market[:]
        other.market_worshipers = self.market_worshipers[:]
        other.piles = self.piles
        other.pile_pos = self.pile_pos[:]
        other.gods_available = self.gods_available[:]
        other.kind = self.kind
        other.take = self.take
        other._history = self._history[:] if history else []
        other._decision = self._decision
        return other

    def signature(self) -> tuple[object, ...]:
        """Everything that makes this state what it is, for comparing two states: the
        position and the order of the tiles still face down (not the tiles already drawn,
        which lie in the market and the pyramids)."""
        (one, two, three), (first, second, third) = self.piles, self.pile_pos
        return (*self._position(), (one[first:], two[second:], three[third:]))

    def public_signature(self) -> tuple[object, ...]:
        """What every player can see: the whole position but the order of the tiles still
        face down in the piles, of which only the set is public (see :meth:`unseen`)."""
        return (*self._position(), tuple(t.id for t in self.unseen()))

    def _position(self) -> tuple[object, ...]:
        take = self.take
        piles, pos = self.piles, self.pile_pos
        return (
            self.current,
            self.turn,
            self.kind,
            tuple(t.id if t else None for t in self.market),
            tuple(self.market_worshipers),
            (len(piles[0]) - pos[0], len(piles[1]) - pos[1], len(piles[2]) - pos[2]),
            tuple(self.gods_available),
            None if take is None else (take.cell, take.tile.id, take.wild, take.pos),
            tuple(
                (
                    tuple(p.realm),
                    tuple(
                        sorted(
                            (pos, t.tile.id, t.wild, t.cancelled) for pos, t in p.pyramid.items()
                        )
                    ),
                    tuple(p.reductions),
                    p.god,
                    p.god_cancelled,
                    p.turns,
                )
                for p in self.players
            ),
        )

    # ------------------------------------------------------------------ history
    @property
    def move_stack(self) -> list[Action]:
        """The actions applied to this state (since it was made or copied), oldest first."""
        return [entry[_ACTION] for entry in self._history]

    def can_undo(self) -> bool:
        return bool(self._history)

    def actions_this_turn(self) -> int:
        """How many of the applied actions (see :attr:`move_stack`) belong to the turn
        in progress: all of them can be taken back without undoing a refill."""
        turn = self.turn
        count = 0
        for entry in reversed(self._history):
            if entry[_TURN] != turn:
                break
            count += 1
        return count

    def undo(self) -> Action:
        """Take back the last applied action exactly, and return it (like a ``pop``).

        Raises ``IndexError`` when there is nothing to take back. Undo knows nothing of
        hidden information: how far a table lets its players go back is its own policy.
        """
        entry = self._history.pop()
        _restore(self, entry)
        self._decision = None
        return entry[_ACTION]

    # ------------------------------------------------------------------ hidden information
    def unseen(self) -> list[Tile]:
        """The tiles still face down in the piles, in a canonical order (level, then id).

        Which tiles they are is public (the tile set is known and every drawn tile was
        seen); only their order is hidden.
        """
        rest: list[Tile] = []
        for pile, pos in zip(self.piles, self.pile_pos, strict=True):
            rest.extend(sorted(pile[pos:], key=_tile_id))
        return rest

    def resample_hidden(self, rng: random.Random) -> GameState:
        """A copy in which the unseen part of every pile is put in a random order.

        The order is drawn from a canonical order (by tile id), so the copy depends only
        on what the players can see and on ``rng``, never on the real hidden order. This
        is how a fair computer player imagines the piles.
        """
        other = self.copy()
        piles = []
        for pile, pos in zip(self.piles, self.pile_pos, strict=True):
            rest = sorted(pile[pos:], key=_tile_id)
            rng.shuffle(rest)
            piles.append(pile[:pos] + tuple(rest))
        other.piles = tuple(piles)
        return other

    # ------------------------------------------------------------------ queries
    @property
    def decision(self) -> Decision:
        """The pending decision as one value: what it asks, and every answer the table
        can offer with its refusal or its consequences (see :mod:`.decision`)."""
        if self._decision is None:
            self._decision = decide(self)
        return self._decision

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def player(self) -> PlayerState:
        """The active player."""
        return self.players[self.current]

    @property
    def is_over(self) -> bool:
        return self.kind is DecisionKind.OVER

    @property
    def round(self) -> int:
        """The current round, 1 to 15."""
        return min(self.turn // self.num_players + 1, ROUNDS)

    @property
    def total_turns(self) -> int:
        return ROUNDS * self.num_players

    def pile_sizes(self) -> tuple[int, ...]:
        """Tiles left face down in the level 1, 2 and 3 piles."""
        return tuple(len(p) - i for p, i in zip(self.piles, self.pile_pos, strict=True))

    def must_take_god(self) -> bool:
        """R-TURN-1: a player on their 15th turn without a god must take one."""
        player = self.players[self.current]
        return player.god is None and player.turns >= ROUNDS - 1

    def payment_due(self) -> tuple[Count, int]:
        """(colored cost after reductions, number of "any" symbols) of the taken tile."""
        if self.take is None:
            return ZERO, 0
        tile = self.take.tile
        return self.player.effective_cost(tile), tile.cost_any

    def discard_needed(self) -> int:
        return max(0, self.player.worshipers - REALM_LIMIT)

    def volcano_sources(self) -> list[int]:
        """Market cells a volcano may take worshipers from: all but the taken one."""
        taken = -1 if self.take is None else self.take.cell
        return [c for c in range(MARKET_SIZE) if c != taken]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal answer to the pending decision, then the open exchanges."""
        kind = self.kind
        if kind is DecisionKind.OVER:
            return []
        player = self.players[self.current]
        actions: list[Action] = self._answers(kind, player)
        realm = player.realm
        if max(realm) >= EXCHANGE_RATE:
            for give in range(NUM_COLORS):
                if realm[give] >= EXCHANGE_RATE:
                    actions.extend(_EXCHANGES[give])
        return actions

    def decision_actions(self) -> list[Action]:
        """The legal answers to the pending decision, without the exchanges."""
        if self.kind is DecisionKind.OVER:
            return []
        return self._answers(self.kind, self.players[self.current])

    def _answers(self, kind: DecisionKind, player: PlayerState) -> list[Action]:
        if kind is DecisionKind.TURN:
            actions: list[Action]
            god = player.god
            if god is not None or player.turns < ROUNDS - 1:  # else R-TURN-1: a god now
                actions = [_TAKES[c] for c, tile in enumerate(self.market) if tile is not None]
            else:
                actions = []
            if god is None:
                actions.extend([_TAKE_GOD[g] for g in self.gods_available])
            return actions
        if kind is DecisionKind.PAY:
            return self._pay_options(player)
        if kind is DecisionKind.PLACE:
            return self._place_options(player)
        if kind is DecisionKind.DISCARD:
            excess = self.discard_needed()
            return list(_discards(_capped(player.realm, excess), excess))
        if kind is DecisionKind.GAIN:
            return list(_GAINS)
        if kind is DecisionKind.VILLAGE or kind is DecisionKind.DEATH:
            need = self.returns_needed()
            return list(_returns(_capped(player.realm, need), need))
        if kind is DecisionKind.VOLCANO:
            return [*(Erupt(r) for r in self._volcano_options()), _DECLINE]
        if kind is DecisionKind.LOVE:
            return list(_LOVE_CHOICES)
        return []

    def _pay_options(self, player: PlayerState) -> list[Action]:
        """Every payment, then going wild."""
        assert self.take is not None
        tile = self.take.tile
        due = player.effective_cost(tile)
        realm = player.realm
        left = (
            realm[0] - due[0],
            realm[1] - due[1],
            realm[2] - due[2],
            realm[3] - due[3],
            realm[4] - due[4],
        )
        if min(left) < 0:
            return [_GO_WILD]
        any_count = tile.cost_any
        return list(_payments(_capped(left, any_count), any_count))

    def _place_options(self, player: PlayerState) -> list[Action]:
        pyr = player.pyramid
        take = self.take
        assert take is not None
        # geometry.wild_spots in one pass over the pyramid: the row-1 ends, then the
        # supported spots above (R-PLACE-1, R-PLACE-2)
        cols: list[int] = []
        above: list[Position] = []
        for pos in pyr:
            r, c = pos
            if r == 1:
                cols.append(c)
            if r < TOP_ROW and (r, c + 1) in pyr and (r + 1, c) not in pyr:
                above.append((r + 1, c))
        if not cols:
            spots = [(1, 0)]
        elif len(cols) >= ROW_ONE_SIZE:
            spots = []
        else:
            spots = [(1, min(cols) - 1), (1, max(cols) + 1)]
        above.sort()
        spots += above
        places = _PLACES
        if take.wild:
            return [places[pos][1] if pos in places else _place(pos, True) for pos in spots]
        # the colored spots are some of them, in order (R-PLACE-3, as geometry.color_fits)
        color = take.tile.color
        actions: list[Action] = []
        for pos in spots:
            r, c = pos
            if r > 1:
                left, right = pyr[(r - 1, c)], pyr[(r - 1, c + 1)]
                if not (left.wild or left.tile.color == color) and not (
                    right.wild or right.tile.color == color
                ):
                    continue
            actions.append(places[pos][0] if pos in places else _place(pos, False))
        actions.extend([places[pos][1] if pos in places else _place(pos, True) for pos in spots])
        return actions

    def returns_needed(self) -> int:
        """How many worshipers the pending village (its count) or God of Death (six)
        asks to return; 0 in any other decision."""
        if self.kind is DecisionKind.VILLAGE:
            assert self.take is not None
            return self.take.tile.effect.count
        return DEATH_PRICE if self.kind is DecisionKind.DEATH else 0

    def _volcano_options(self) -> list[tuple[tuple[int, Count], ...]]:
        """Every way to pick the volcano's worshipers from the other market cells."""
        assert self.take is not None
        need = self.take.tile.effect.remove
        cells = self.volcano_sources()
        per_color: list[list[list[int]]] = []  # for each needed color, the ways to split it
        for color in range(NUM_COLORS):
            if need[color]:
                avail = [self.market_worshipers[cell][color] for cell in cells]
                per_color.append([[color, *split] for split in _splits(need[color], avail)])
        options: list[tuple[tuple[int, Count], ...]] = []

        def combine(index: int, table: list[list[int]]) -> None:
            if index == len(per_color):
                removal = tuple(
                    (cell, tuple(row)) for cell, row in zip(cells, table, strict=True) if any(row)
                )
                options.append(removal)
                return
            for color, *split in per_color[index]:
                for row, n in zip(table, split, strict=True):
                    row[color] += n
                combine(index + 1, table)
                for row, n in zip(table, split, strict=True):
                    row[color] -= n

        combine(0, [[0] * NUM_COLORS for _ in cells])
        return options

    def volcano_possible(self) -> bool:
        assert self.take is not None
        need = self.take.tile.effect.remove
        for color in range(NUM_COLORS):
            if need[color]:
                have = sum(self.market_worshipers[c][color] for c in self.volcano_sources())
                if have < need[color]:
                    return False
        return True

    # ------------------------------------------------------------------ why not
    def why_not(self, action: Action) -> IllegalAction | None:
        """The reason ``action`` is illegal now, or None if it is legal. Never raises."""
        try:
            self._check(action)
        except IllegalAction as reason:
            return reason
        return None

    def is_legal(self, action: Action) -> bool:
        return self.why_not(action) is None

    def _check(self, action: Action) -> None:
        kind = self.kind
        if kind is DecisionKind.OVER:
            raise IllegalAction("R-TURN-1", "game_over")
        player = self.players[self.current]
        check = _CHECKS_BY_KIND[kind].get(type(action))
        if check is None:
            if type(action) is Exchange:
                self._check_exchange(player, action)
                return
            raise IllegalAction(
                DECISION_RULE[kind], "not_now", action=type(action).__name__, decision=kind.value
            )
        check(self, player, action)

    def _check_exchange(self, player: PlayerState, action: Exchange) -> None:
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

    def _check_take_tile(self, player: PlayerState, action: TakeTile) -> None:
        if not 0 <= action.cell < MARKET_SIZE:
            raise IllegalAction("R-SETUP-1", "bad_cell", cell=action.cell)
        if self.must_take_god():
            raise IllegalAction("R-TURN-1", "must_take_god")
        if self.market[action.cell] is None:
            raise IllegalAction("R-SETUP-4", "empty_cell", cell=action.cell + 1)

    def _check_take_god(self, player: PlayerState, action: TakeGod) -> None:
        if player.god is not None:
            held = self.catalog.god_by_id[player.god].source_name  # its message id
            raise IllegalAction("R-TURN-1", "god_already", god=player.god.value, name=held)
        if action.god not in self.gods_available:
            raise IllegalAction(
                "R-SETUP-2", "god_unavailable", god=getattr(action.god, "value", action.god)
            )

    def _check_pay(self, player: PlayerState, action: Pay) -> None:
        assert self.take is not None
        tile = self.take.tile
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

    def _check_go_wild(self, player: PlayerState, action: GoWild) -> None:
        return None

    def _check_place(self, player: PlayerState, action: Place) -> None:
        assert self.take is not None
        tile = self.take.tile
        pyr = player.pyramid
        pos = (action.row, action.col)
        if self.take.wild and not action.wild:
            raise IllegalAction("R-TAKE-3", "must_place_wild")
        if not 1 <= action.row <= geometry.TOP_ROW:
            raise IllegalAction("R-PLACE-2", "bad_row", row=action.row)
        if pos in pyr:
            raise IllegalAction("R-PLACE-2", "occupied", row=action.row, col=action.col)
        if action.row == 1:
            spots = geometry.row_one_spots(pyr)
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
        missing = [p for p in below if p not in pyr]
        if missing:
            raise IllegalAction(
                "R-PLACE-2",
                "no_support",
                row=action.row,
                col=action.col,
                missing=", ".join(f"{r},{c}" for r, c in missing),
                side="both"
                if len(missing) == 2
                else ("left" if missing[0] == below[0] else "right"),
            )
        if not action.wild and not geometry.color_fits(pyr, pos, tile.color):
            raise IllegalAction(
                "R-PLACE-3",
                "color_mismatch",
                color=tile.color.label,
                left=pyr[below[0]].tile.color.label,
                right=pyr[below[1]].tile.color.label,
            )

    def _check_gain(self, player: PlayerState, action: ChooseGain) -> None:
        if action.color not in COLORS:
            raise IllegalAction("R-EFF-GAIN", "bad_color")

    def _check_return(self, player: PlayerState, action: ReturnWorshipers) -> None:
        rule = "R-EFF-VILLAGE" if self.kind is DecisionKind.VILLAGE else "R-GOD-2"
        _check_multiset(rule, action.colors, self.returns_needed(), player)

    def _check_erupt(self, player: PlayerState, action: Erupt) -> None:
        take = self.take
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
            if not covers(self.market_worshipers[cell], count):
                raise IllegalAction(
                    "R-EFF-VOLCANO",
                    "volcano_short",
                    cell=cell + 1,
                    want=letters(count),
                    have=letters(self.market_worshipers[cell]),
                )
            for c in range(NUM_COLORS):
                taken[c] += count[c]
        if tuple(taken) != need:
            raise IllegalAction(
                "R-EFF-VOLCANO", "volcano_total", need=letters(need), given=letters(_safe(taken))
            )

    def _check_decline(self, player: PlayerState, action: Decline) -> None:
        return None

    def _check_love(self, player: PlayerState, action: ChooseWorshipers) -> None:
        _check_count("R-GOD-2", "love_count", action.colors, LOVE_GIFT)

    def _check_discard(self, player: PlayerState, action: Discard) -> None:
        _check_multiset("R-TURN-3", action.colors, self.discard_needed(), player)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` and play it. Returns what happened, in order, as events."""
        self._check(action)
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Play ``action`` as :meth:`apply` does, without checking it first.

        Only for an action known to be legal: one of :meth:`legal_actions` of this very
        position, or one a caller built by the rules (a search's greedy answers, which
        it plays millions of times). An illegal one is not refused: it leaves a state
        the rules cannot reach.
        """
        if self._record:
            self._history.append(_saved(self, action))
        self._decision = None
        events: list[Event] = []
        _APPLY[type(action)](self, action, events)
        return events

    def _apply_exchange(self, action: Exchange, events: list[Event]) -> None:
        realm = self.player.realm
        realm[action.give] -= EXCHANGE_RATE
        realm[action.get] += 1
        events.append(Exchanged(self.current, action.give, action.get))
        if self.kind is DecisionKind.DISCARD and self.discard_needed() == 0:
            self._end_turn(events)

    def _apply_take_tile(self, action: TakeTile, events: list[Event]) -> None:
        cell = action.cell
        tile = self.market[cell]
        assert tile is not None
        me = self.current
        events.append(TookTile(me, tile.id, cell))
        # R-TAKE-1 generate
        mw = self.market_worshipers
        color = tile.color
        one = _ONE_OF[color]
        for adj in MARKET_ADJACENT[cell]:
            w = mw[adj]
            mw[adj] = (w[0] + one[0], w[1] + one[1], w[2] + one[2], w[3] + one[3], w[4] + one[4])
        events.append(Generated(me, color, MARKET_ADJACENT[cell]))
        # R-TAKE-2 collect
        collected = mw[cell]
        if any(collected):
            realm = self.player.realm
            for c in range(NUM_COLORS):
                realm[c] += collected[c]
            mw[cell] = ZERO
        events.append(Collected(me, collected))
        self.market[cell] = None
        self.take = Take(cell, tile)
        # R-TAKE-3: a tile that costs nothing needs no payment decision.
        if tile.cost_any == 0 and not any(self.player.effective_cost(tile)):
            self.kind = DecisionKind.PLACE
        else:
            self.kind = DecisionKind.PAY

    def _apply_pay(self, action: Pay, events: list[Event]) -> None:
        assert self.take is not None
        due = self.player.effective_cost(self.take.tile)
        realm = self.player.realm
        for c in range(NUM_COLORS):
            realm[c] -= due[c] + action.any_colors[c]
        paid = tuple(due[c] + action.any_colors[c] for c in range(NUM_COLORS))
        events.append(Paid(self.current, paid))
        self.kind = DecisionKind.PLACE

    def _apply_go_wild(self, action: GoWild, events: list[Event]) -> None:
        assert self.take is not None
        take = self.take
        self.take = Take(take.cell, take.tile, True, take.pos)
        events.append(WentWild(self.current))
        self.kind = DecisionKind.PLACE

    def _apply_place(self, action: Place, events: list[Event]) -> None:
        take = self.take
        assert take is not None
        tile = take.tile
        player = self.player
        pos = (action.row, action.col)
        wild = action.wild
        me = self.current
        self.take = Take(take.cell, tile, take.wild or wild, pos)
        player.pyramid[pos] = PlacedTile(tile, wild)
        events.append(Placed(me, tile.id, pos[0], pos[1], wild))
        if wild:
            self._after_effect(events)
            return
        # R-TAKE-5 effect
        effect = tile.effect
        kind = effect.kind
        if kind is EffectKind.FARM:
            assert effect.color is not None
            events.append(ReductionTaken(me, effect.color, player.reductions[effect.color]))
            player.reductions[effect.color] = True
        elif kind is EffectKind.GAIN:
            if effect.color is None:
                self.kind = DecisionKind.GAIN
                return
            player.realm[effect.color] += effect.count
            events.append(Gained(me, effect.color, effect.count))
        elif kind is EffectKind.VILLAGE:
            if player.worshipers >= effect.count:
                self.kind = DecisionKind.VILLAGE
                return
            self._cancel(pos, "village_short", events, need=effect.count, have=player.worshipers)
        elif kind is EffectKind.VOLCANO:
            if self.volcano_possible():
                self.kind = DecisionKind.VOLCANO
                return
            self._cancel(pos, "volcano_impossible", events, need=letters(effect.remove))
        elif kind is EffectKind.IRRIGATION:
            assert effect.color is not None
            if pos[0] == 1:
                self._cancel(pos, "irrigation_row1", events, color=effect.color.label)
            elif not any(player.pyramid[p].has_color(effect.color) for p in geometry.beneath(pos)):
                self._cancel(pos, "irrigation_dry", events, color=effect.color.label)
            else:
                events.append(Validated(me, tile.id))
        self._after_effect(events)

    def _cancel(self, pos: Position, reason: str, events: list[Event], **details: object) -> None:
        player = self.player
        placed = player.pyramid[pos]
        player.pyramid[pos] = PlacedTile(placed.tile, placed.wild, True)
        events.append(Cancelled(self.current, placed.tile.id, reason, details))

    def _apply_gain(self, action: ChooseGain, events: list[Event]) -> None:
        self.player.realm[action.color] += 1
        events.append(Gained(self.current, action.color, 1))
        self._after_effect(events)

    def _apply_return(self, action: ReturnWorshipers, events: list[Event]) -> None:
        realm = self.player.realm
        for c in range(NUM_COLORS):
            realm[c] -= action.colors[c]
        events.append(Returned(self.current, action.colors))
        if self.kind is DecisionKind.VILLAGE:
            assert self.take is not None
            events.append(Validated(self.current, self.take.tile.id))
        self._after_effect(events)

    def _apply_erupt(self, action: Erupt, events: list[Event]) -> None:
        mw = self.market_worshipers
        for cell, count in action.removals:
            mw[cell] = tuple(mw[cell][c] - count[c] for c in range(NUM_COLORS))
        events.append(Erupted(self.current, action.removals))
        assert self.take is not None
        events.append(Validated(self.current, self.take.tile.id))
        self._after_effect(events)

    def _apply_decline(self, action: Decline, events: list[Event]) -> None:
        if self.kind is DecisionKind.DEATH:
            self.player.god_cancelled = True
            events.append(GodCancelled(self.current, GodId.DEATH))
        else:
            assert self.take is not None and self.take.pos is not None
            self._cancel(self.take.pos, "declined", events)
        self._after_effect(events)

    def _apply_take_god(self, action: TakeGod, events: list[Event]) -> None:
        player = self.player
        god = GodId(action.god)
        self.gods_available.remove(god)
        player.god = god
        self.take = None
        events.append(TookGod(self.current, god))
        if god is GodId.LOVE:
            self.kind = DecisionKind.LOVE
            return
        if god is GodId.DEATH:
            if player.worshipers >= DEATH_PRICE:
                self.kind = DecisionKind.DEATH
                return
            player.god_cancelled = True
            events.append(GodCancelled(self.current, god, DEATH_PRICE, player.worshipers))
        self._after_effect(events)

    def _apply_love(self, action: ChooseWorshipers, events: list[Event]) -> None:
        realm = self.player.realm
        for c in range(NUM_COLORS):
            realm[c] += action.colors[c]
        events.append(GainedMany(self.current, action.colors))
        self._after_effect(events)

    def _apply_discard(self, action: Discard, events: list[Event]) -> None:
        realm = self.player.realm
        for c in range(NUM_COLORS):
            realm[c] -= action.colors[c]
        events.append(Discarded(self.current, action.colors))
        self._end_turn(events)

    def _after_effect(self, events: list[Event]) -> None:
        """R-TAKE-6 / R-TURN-3: the realm limit, then the end of the turn."""
        if self.player.worshipers > REALM_LIMIT:
            self.kind = DecisionKind.DISCARD
            return
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        me = self.current
        # R-TAKE-7 refill
        take = self.take
        if take is not None:
            cell = take.cell
            pile_pos = self.pile_pos
            for level, pile in enumerate(self.piles):
                pos = pile_pos[level]
                if pos < len(pile):
                    tile = pile[pos]
                    self.market[cell] = tile
                    pile_pos[level] = pos + 1
                    events.append(Refilled(me, cell, tile.id))
                    break
            self.market_worshipers[cell] = ZERO
        self.players[me].turns += 1
        self.take = None
        turn = self.turn = self.turn + 1
        events.append(TurnEnded(me))
        players = len(self.players)
        if turn >= ROUNDS * players:
            self.kind = DecisionKind.OVER
            events.append(GameOver(me))
            return
        self.current = (self.first_player + turn) % players
        self.kind = DecisionKind.TURN
        events.append(TurnStarted(self.current))


# The placements at every spot a pyramid can have (as the tile, as a wilderness): one
# value per spot, made once (searches list them all at every placement they imagine).
# Row-1 columns are relative to the first tile, so within four of it either way.
_PLACES: dict[Position, tuple[Place, Place]] = {
    (row, col): (Place(row, col, False), Place(row, col, True))
    for row in range(1, TOP_ROW + 1)
    for col in range(-ROW_ONE_SIZE, ROW_ONE_SIZE + 1)
}


def _place(pos: Position, wild: bool) -> Place:
    """The placement at ``pos``, made once."""
    places = _PLACES.get(pos)
    if places is None:
        places = _PLACES[pos] = (Place(pos[0], pos[1], False), Place(pos[0], pos[1], True))
    return places[wild]


def _capped(realm: Sequence[int], size: int) -> Count:
    """``realm`` with no color above ``size``: choosing ``size`` worshipers from it has
    the same answers (in the same order), and far fewer realms need remembering."""
    return (
        min(realm[0], size),
        min(realm[1], size),
        min(realm[2], size),
        min(realm[3], size),
        min(realm[4], size),
    )


# The answers that choose worshipers, made once for each realm (capped: see _capped) and
# number: the same few come back all game long, and a search asks for them often.
@lru_cache(maxsize=8192)
def _payments(left: Count, any_count: int) -> tuple[Action, ...]:
    """Every way to pay ``any_count`` "any" symbols from ``left``, then going wild."""
    return (*(Pay(c) for c in bounded_multisets(left, any_count)), _GO_WILD)


@lru_cache(maxsize=8192)
def _discards(realm: Count, excess: int) -> tuple[Action, ...]:
    return tuple(Discard(c) for c in bounded_multisets(realm, excess))


@lru_cache(maxsize=8192)
def _returns(realm: Count, need: int) -> tuple[Action, ...]:
    """Every way to return ``need`` worshipers from ``realm``, then declining."""
    return (*(ReturnWorshipers(c) for c in bounded_multisets(realm, need)), _DECLINE)


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


def _splits(total: int, avail: list[int]) -> list[list[int]]:
    """Every way to take ``total`` items from bins holding ``avail`` items each."""
    results: list[list[int]] = []
    current = [0] * len(avail)
    suffix = [0] * (len(avail) + 1)
    for i in range(len(avail) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i]

    def fill(i: int, left: int) -> None:
        if left == 0:
            results.append(current[:])
            return
        if i == len(avail) or suffix[i] < left:
            return
        for n in range(min(left, avail[i]), -1, -1):
            current[i] = n
            fill(i + 1, left - n)
        current[i] = 0

    fill(0, total)
    return results


# Each takes the state, the player and an action of its key's type.
_CHECKS: dict[type, Callable[[GameState, PlayerState, Any], None]] = {
    TakeTile: GameState._check_take_tile,
    TakeGod: GameState._check_take_god,
    Pay: GameState._check_pay,
    GoWild: GameState._check_go_wild,
    Place: GameState._check_place,
    ChooseGain: GameState._check_gain,
    ReturnWorshipers: GameState._check_return,
    Erupt: GameState._check_erupt,
    Decline: GameState._check_decline,
    ChooseWorshipers: GameState._check_love,
    Discard: GameState._check_discard,
}

# For each decision, the check of each action type that answers it (see _ANSWERS).
_CHECKS_BY_KIND: dict[DecisionKind, dict[type, Callable[[GameState, PlayerState, Any], None]]] = {
    kind: {answer: _CHECKS[answer] for answer in answers} for kind, answers in _ANSWERS.items()
}

# The actions that may change the pyramid and the reduction tokens (a placement; a
# refused village or volcano), and those that change the market other than by the
# refill at the end of a turn (see _Undo).
_CHANGES_PYRAMID = frozenset({Place, Decline})
_CHANGES_MARKET = frozenset({TakeTile, Erupt})

_APPLY: dict[type, Callable[[GameState, Any, list[Event]], None]] = {
    Exchange: GameState._apply_exchange,
    TakeTile: GameState._apply_take_tile,
    TakeGod: GameState._apply_take_god,
    Pay: GameState._apply_pay,
    GoWild: GameState._apply_go_wild,
    Place: GameState._apply_place,
    ChooseGain: GameState._apply_gain,
    ReturnWorshipers: GameState._apply_return,
    Erupt: GameState._apply_erupt,
    Decline: GameState._apply_decline,
    ChooseWorshipers: GameState._apply_love,
    Discard: GameState._apply_discard,
}


def _tile_id(tile: Tile) -> str:
    return tile.id


# What apply() keeps to take an action back exactly (see GameState.undo): a plain tuple
# (the cheapest thing to build, at every action), of every field the action may change,
# as it was before. An action changes only the active player; the market only a take
# (the generation and the collection), an eruption (its removals) and the end of a turn
# (the refill of the taken tile's cell, empty since the take: _restore empties it
# again); the gods left only a god's take; the reduction tokens and the pyramid only a
# placement or a refusal. Fields an action cannot change are not copied (None).
_Undo = tuple[
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
_ACTION: Final = 0
_TURN: Final = 2


def _saved(state: GameState, action: Action) -> _Undo:
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


def _restore(state: GameState, entry: _Undo) -> None:
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
