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
from collections.abc import Sequence

from .actions import (
    Action,
    Exchange,
)
from .answers import EXCHANGES, answers
from .applying import ACTION, APPLY, TURN, Undo, restore, saved
from .checks import CHECKS_BY_KIND, check_exchange
from .colors import NUM_COLORS, ZERO, Count
from .decision import Decision, decide
from .errors import IllegalAction
from .events import (
    Event,
)
from .player import PlayerState, Take
from .rules import (
    DEATH_PRICE,
    DECISION_RULE,
    EXCHANGE_RATE,
    REALM_LIMIT,
    DecisionKind,
)
from .setup import MARKET_SIZE, ROUNDS, Deal, setup_for
from .tiles import Catalog, GodId, Tile

# Enum members looked up once, as module globals: in Python 3.11 reading one through
# its class (``DecisionKind.TURN``) runs a descriptor, some 0.2 us, a global 0.015 us;
# the engine asks at every action.
_TURN, _OVER = DecisionKind.TURN, DecisionKind.OVER
_VILLAGE, _DEATH = DecisionKind.VILLAGE, DecisionKind.DEATH


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

    def __init__(
        self,
        catalog: Catalog | None = None,
        deal: Deal | None = None,
        names: Sequence[str] = (),
        first_player: int = 0,
    ):
        if catalog is None or deal is None:
            # A blank for copy() and turn_copy() to fill in: every field is theirs to set.
            # (A compiled build cannot make an instance without its __init__.)
            return
        setup_for(len(names))
        if not 0 <= first_player < len(names):
            raise ValueError(f"first player must be a seat from 0 to {len(names) - 1}")
        tile = catalog.tile_by_id.__getitem__
        self.catalog = catalog
        self.deal = deal
        self.players = [PlayerState(name) for name in names]
        self.first_player = first_player
        self.current = first_player
        self.turn = 0
        self.market: list[Tile | None] = list(map(tile, deal.market))
        self.market_worshipers: list[Count] = [ZERO] * MARKET_SIZE
        self.piles: tuple[tuple[Tile, ...], ...] = tuple(
            tuple(map(tile, pile)) for pile in deal.piles
        )
        self.pile_pos = [0, 0, 0]
        self.gods_available: list[GodId] = list(deal.gods)
        self.kind = _TURN
        self.take: Take | None = None
        self._history: list[Undo] = []
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
        other = GameState()
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

    def turn_copy(self) -> GameState:
        """A scratch copy for finishing the active seat's turn (a planner's), which
        keeps no undo record and shares the other seats' parts with this state: only
        the active seat's part is copied, the one thing a turn changes but the market,
        the piles' positions and the gods left (copied too). Only for playing the
        active seat's answers on it up to the end of its turn: an answer of another seat
        played on the copy would change this state as well."""
        other = GameState()
        other._record = False
        other.catalog = self.catalog
        other.deal = self.deal
        current = self.current
        players = other.players = self.players[:]
        players[current] = players[current].copy()
        other.first_player = self.first_player
        other.current = current
        other.turn = self.turn
        other.market = self.market[:]
        other.market_worshipers = self.market_worshipers[:]
        other.piles = self.piles
        other.pile_pos = self.pile_pos[:]
        other.gods_available = self.gods_available[:]
        other.kind = self.kind
        other.take = self.take
        other._history = []
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
        return [entry[ACTION] for entry in self._history]

    def can_undo(self) -> bool:
        return bool(self._history)

    def actions_this_turn(self) -> int:
        """How many of the applied actions (see :attr:`move_stack`) belong to the turn
        in progress: all of them can be taken back without undoing a refill."""
        turn = self.turn
        count = 0
        for entry in reversed(self._history):
            if entry[TURN] != turn:
                break
            count += 1
        return count

    def undo(self) -> Action:
        """Take back the last applied action exactly, and return it (like a ``pop``).

        Raises ``IndexError`` when there is nothing to take back. Undo knows nothing of
        hidden information: how far a table lets its players go back is its own policy.
        """
        entry = self._history.pop()
        restore(self, entry)
        self._decision = None
        return entry[ACTION]

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
        return self.kind is _OVER

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
        if kind is _OVER:
            return []
        player = self.players[self.current]
        actions: list[Action] = answers(self, kind, player)
        realm = player.realm
        if max(realm) >= EXCHANGE_RATE:
            for give in range(NUM_COLORS):
                if realm[give] >= EXCHANGE_RATE:
                    actions.extend(EXCHANGES[give])
        return actions

    def decision_actions(self) -> list[Action]:
        """The legal answers to the pending decision, without the exchanges."""
        if self.kind is _OVER:
            return []
        return answers(self, self.kind, self.players[self.current])

    def returns_needed(self) -> int:
        """How many worshipers the pending village (its count) or God of Death (six)
        asks to return; 0 in any other decision."""
        if self.kind is _VILLAGE:
            assert self.take is not None
            return self.take.tile.effect.count
        return DEATH_PRICE if self.kind is _DEATH else 0

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
        if kind is _OVER:
            raise IllegalAction("R-TURN-1", "game_over")
        player = self.players[self.current]
        check = CHECKS_BY_KIND[kind].get(type(action))
        if check is None:
            if type(action) is Exchange:
                check_exchange(self, player, action)
                return
            raise IllegalAction(
                DECISION_RULE[kind], "not_now", action=type(action).__name__, decision=kind.value
            )
        check(self, player, action)

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` and play it. Returns what happened, in order, as events."""
        # _check written out: this runs at every decision of a game.
        check = CHECKS_BY_KIND[self.kind].get(type(action))
        if check is None:  # an exchange, the game over, or an action of another decision
            self._check(action)
        else:
            check(self, self.players[self.current], action)
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> list[Event]:
        """Play ``action`` as :meth:`apply` does, without checking it first.

        Only for an action known to be legal: one of :meth:`legal_actions` of this very
        position, or one a caller built by the rules (a search's greedy answers, which
        it plays millions of times). An illegal one is not refused: it leaves a state
        the rules cannot reach.
        """
        if self._record:
            self._history.append(saved(self, action))
        self._decision = None
        events: list[Event] = []
        APPLY[type(action)](self, action, events)
        return events


def _tile_id(tile: Tile) -> str:
    return tile.id
