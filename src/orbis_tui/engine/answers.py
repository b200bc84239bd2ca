"""The legal answers to the pending decision (see
:meth:`~orbis_tui.engine.state.GameState.legal_actions`): every market cell and god, every
payment, every spot, every discard, return and eruption. The answers that choose
worshipers are made once for each realm and number, and every placement once."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING

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
from .colors import COLORS, NUM_COLORS, Count, bounded_multisets
from .pyramid import ROW_SIZES, TOP_ROW, Position
from .rules import LOVE_GIFT, DecisionKind
from .setup import MARKET_SIZE, ROUNDS
from .tiles import GodId

if TYPE_CHECKING:
    from .player import PlayerState
    from .state import GameState

ROW_ONE_SIZE = ROW_SIZES[1]
EXCHANGES = tuple(tuple(Exchange(give, get) for get in COLORS if get != give) for give in COLORS)
_TAKES = tuple(TakeTile(cell) for cell in range(MARKET_SIZE))
_NO_TILES = (None,) * MARKET_SIZE
_TAKE_GOD = {god: TakeGod(god) for god in GodId}
_GAINS = tuple(ChooseGain(color) for color in COLORS)
_LOVE_CHOICES = tuple(
    ChooseWorshipers(c) for c in bounded_multisets((LOVE_GIFT,) * NUM_COLORS, LOVE_GIFT)
)
_DECLINE = Decline()
_GO_WILD = GoWild()

# Enum members looked up once, as module globals: in Python 3.11 reading one through
# its class (``DecisionKind.TURN``) runs a descriptor, some 0.2 us, a global 0.015 us;
# the engine asks at every action.
(_TURN, _PAY, _PLACE, _GAIN, _VILLAGE, _VOLCANO, _LOVE, _DEATH, _DISCARD) = (
    DecisionKind.TURN,
    DecisionKind.PAY,
    DecisionKind.PLACE,
    DecisionKind.GAIN,
    DecisionKind.VILLAGE,
    DecisionKind.VOLCANO,
    DecisionKind.LOVE,
    DecisionKind.DEATH,
    DecisionKind.DISCARD,
)


def answers(state: GameState, kind: DecisionKind, player: PlayerState) -> list[Action]:
    if kind is _TURN:
        actions: list[Action]
        god = player.god
        if god is not None or player.turns < ROUNDS - 1:  # else R-TURN-1: a god now
            # the takes of the cells that hold a tile, picked in C (itertools.compress)
            actions = list(compress(_TAKES, map(is_not, state.market, _NO_TILES)))
        else:
            actions = []
        if god is None:
            actions.extend([_TAKE_GOD[g] for g in state.gods_available])
        return actions
    if kind is _PAY:
        return _pay_options(state, player)
    if kind is _PLACE:
        return _place_options(state, player)
    if kind is _DISCARD:
        excess = state.discard_needed()
        return list(_discards(_capped(player.realm, excess), excess))
    if kind is _GAIN:
        return list(_GAINS)
    if kind is _VILLAGE or kind is _DEATH:
        need = state.returns_needed()
        return list(_returns(_capped(player.realm, need), need))
    if kind is _VOLCANO:
        return [*(Erupt(r) for r in _volcano_options(state)), _DECLINE]
    if kind is _LOVE:
        return list(_LOVE_CHOICES)
    return []


def _pay_options(state: GameState, player: PlayerState) -> list[Action]:
    """Every payment, then going wild."""
    assert state.take is not None
    tile = state.take.tile
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


def _place_options(state: GameState, player: PlayerState) -> list[Action]:
    pyr = player.pyramid
    take = state.take
    assert take is not None
    ends, above = player.open_spots()
    spots = ends + above
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


def _volcano_options(state: GameState) -> list[tuple[tuple[int, Count], ...]]:
    """Every way to pick the volcano's worshipers from the other market cells."""
    assert state.take is not None
    need = state.take.tile.effect.remove
    cells = state.volcano_sources()
    per_color: list[list[list[int]]] = []  # for each needed color, the ways to split it
    for color in range(NUM_COLORS):
        if need[color]:
            avail = [state.market_worshipers[cell][color] for cell in cells]
            per_color.append([[color, *split] for split in _splits(need[color], avail)])
    options: list[tuple[tuple[int, Count], ...]] = []
    _combine(0, per_color, cells, [[0] * NUM_COLORS for _ in cells], options)
    return options


def _combine(
    index: int,
    per_color: list[list[list[int]]],
    cells: list[int],
    table: list[list[int]],
    options: list[tuple[tuple[int, Count], ...]],
) -> None:
    """Add to ``options`` every removal that takes the colors from ``index`` on by one
    of their splits, on top of the removal ``table`` (cell by cell) made so far.

    A function of the module, not one nested in its caller: a nested function that
    calls itself is a reference cycle, which only the garbage collector frees, and
    searches list volcano answers many thousand times."""
    if index == len(per_color):
        removal = tuple(
            (cell, tuple(row)) for cell, row in zip(cells, table, strict=True) if any(row)
        )
        options.append(removal)
        return
    for color, *split in per_color[index]:
        for row, n in zip(table, split, strict=True):
            row[color] += n
        _combine(index + 1, per_color, cells, table, options)
        for row, n in zip(table, split, strict=True):
            row[color] -= n


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
    a, b, c, d, e = realm  # conditionals: a call of min() costs several times more
    return (
        a if a < size else size,
        b if b < size else size,
        c if c < size else size,
        d if d < size else size,
        e if e < size else size,
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


def _splits(total: int, avail: list[int]) -> list[list[int]]:
    """Every way to take ``total`` items from bins holding ``avail`` items each."""
    results: list[list[int]] = []
    suffix = [0] * (len(avail) + 1)
    for i in range(len(avail) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + avail[i]

    _fill(0, total, avail, suffix, [0] * len(avail), results)
    return results


def _fill(
    i: int,
    left: int,
    avail: list[int],
    suffix: list[int],
    current: list[int],
    results: list[list[int]],
) -> None:
    """Add to ``results`` every way to take ``left`` items from the bins from ``i`` on
    (``suffix[i]``: what they hold together), after ``current``'s take from the bins
    before (a function of the module for the reason :func:`_combine` gives)."""
    if left == 0:
        results.append(current[:])
        return
    if i == len(avail) or suffix[i] < left:
        return
    for n in range(min(left, avail[i]), -1, -1):
        current[i] = n
        _fill(i + 1, left - n, avail, suffix, current, results)
    current[i] = 0
