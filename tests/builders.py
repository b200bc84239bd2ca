"""Small builders for hand-made game situations.

Rule tests do not depend on the shipped (reconstructed) tile list: they build their own
tiles with :func:`tile` and lay out a position with :func:`position`, which goes through
the engine's validated position builder (``build_position``): a position that no game
played by the rules could reach is refused, so a test never starts from one. The
builder fills in what a test does not care about (plain tiles for the other market
cells and the piles, gods, whose turn it is). Tests that only score pyramids use
:func:`scored`, which checks each pyramid the same way. The market cells are numbered
0-8 row by row from the top left::

    0 1 2
    3 4 5
    6 7 8
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import pytest

from orbis_tui.engine import (
    DEATH_PRICE,
    LOVE_GIFT,
    NO_EFFECT,
    REGION_TILES_PER_PLAYER,
    SETUPS,
    Action,
    Catalog,
    ChooseGain,
    ChooseWorshipers,
    Color,
    Count,
    Deal,
    DecisionKind,
    Decline,
    Discard,
    Effect,
    EffectKind,
    Erupt,
    Exchange,
    GameState,
    God,
    GodId,
    GoWild,
    IllegalAction,
    Pay,
    Place,
    PlacedTile,
    PlayerScore,
    Position,
    PositionSpec,
    Pyramid,
    ReturnWorshipers,
    SeatSpec,
    Spot,
    TakeGod,
    TakeTile,
    Tile,
    TileSet,
    bounded_multisets,
    build_position,
    check_pyramid,
    game_from_deal,
    parse_letters,
    score_game,
)
from orbis_tui.tiles import new_game

R, B, O, G, W = Color.RED, Color.BLUE, Color.ORANGE, Color.GREEN, Color.WHITE  # noqa: E741
NAMES = ("Ann", "Ben", "Cy", "Di")

# The god table of RULES.md section 7: printed CP of each god.
GOD_CP = {
    GodId.LOVE: 1,
    GodId.APPRENTICE: 2,
    GodId.OCEANS: 3,
    GodId.IDLENESS: 1,
    GodId.FIRE: 3,
    GodId.TECHNOLOGY: 3,
    GodId.NATURE: 3,
    GodId.EQUILIBRIUM: 3,
    GodId.HARVESTS: 3,
    GodId.DEATH: 3,
}
GODS = tuple(God(g, g.value.title(), cp) for g, cp in GOD_CP.items())

# Every spot of a full pyramid, bottom row first.
FULL_PYRAMID: tuple[Position, ...] = tuple(
    (row, col) for row, size in ((1, 5), (2, 4), (3, 3), (4, 2)) for col in range(size)
)


def count(text: str) -> Count:
    """'RRB' -> (2, 1, 0, 0, 0)."""
    return parse_letters(text)


def tile(
    tile_id: str,
    color: Color,
    *,
    cost: str = "",
    any_cost: int = 0,
    cp: int = 0,
    effect: Effect = NO_EFFECT,
    level: int = 1,
    mystic: int | None = None,
) -> Tile:
    return Tile(
        id=tile_id,
        level=level,
        color=color,
        tile_set=TileSet.BASE,
        cost=count(cost),
        cost_any=any_cost,
        cp=cp,
        effect=effect,
        mystic=mystic,
        source_name=tile_id,
    )


def plain(tile_id: str, color: Color, cp: int = 0) -> Tile:
    """A free tile without an effect."""
    return tile(tile_id, color, cp=cp)


# Effect shorthands.
def gain(color: Color | None, n: int = 1) -> Effect:
    return Effect(EffectKind.GAIN, color, n)


def farm(color: Color) -> Effect:
    return Effect(EffectKind.FARM, color)


def village(n: int) -> Effect:
    return Effect(EffectKind.VILLAGE, count=n)


def forest(colors: Iterable[Color], n: int) -> Effect:
    return Effect(EffectKind.FOREST, colors=tuple(sorted(set(colors))), count=n)


def volcano(remove: str) -> Effect:
    return Effect(EffectKind.VOLCANO, remove=count(remove))


def irrigation(color: Color) -> Effect:
    return Effect(EffectKind.IRRIGATION, color)


TEMPLE = Effect(EffectKind.TEMPLE)
STONE = Effect(EffectKind.STONE)


# ---------------------------------------------------------------- positions

# The gods a position offers when a test does not say, first ones first.
DEFAULT_GODS = (GodId.APPRENTICE, GodId.LOVE, GodId.DEATH, GodId.IDLENESS, GodId.OCEANS)


@dataclass(frozen=True)
class Laid:
    """A pyramid entry: a tile, or a color for a plain filler tile of that color."""

    what: Tile | Color
    wild: bool = False
    cancelled: bool = False


def wild(what: Tile | Color) -> Laid:
    return Laid(what, wild=True)


def cancelled(what: Tile | Color) -> Laid:
    return Laid(what, cancelled=True)


Content = Tile | Color | Laid


@dataclass(frozen=True)
class Seat:
    """One player in a :func:`position`: pyramid entries by spot, realm letters, god."""

    pyramid: Mapping[Position, Content] = field(default_factory=dict)
    realm: str = ""
    god: GodId | None = None
    god_cancelled: bool = False
    reductions: str | None = None  # the tokens held as letters; None: those farms gave


def copy_of(the_tile: Tile, tag: object) -> Tile:
    """Another tile just like ``the_tile`` (a tile lies in one place only)."""
    return replace(the_tile, id=f"{the_tile.id}.{tag}")


def rows(n: int, color: Color = R) -> dict[Position, Content]:
    """The first ``n`` spots of a pyramid (bottom row first) holding plain ``color`` tiles."""
    return dict.fromkeys(FULL_PYRAMID[:n], color)


class _Tiles:
    """The tiles a hand-made position uses, which become its catalog."""

    def __init__(self) -> None:
        self.by_id: dict[str, Tile] = {}

    def add(self, the_tile: Tile) -> str:
        known = self.by_id.setdefault(the_tile.id, the_tile)
        assert known == the_tile, f"two different tiles share the id {the_tile.id}"
        return the_tile.id

    def spot(self, seat: int, pos: Position, content: Content) -> Spot:
        laid = content if isinstance(content, Laid) else Laid(content)
        what = laid.what
        if not isinstance(what, Tile):  # a color: a plain filler tile of its own
            what = plain(f"~{Color(what).letter}{seat}:{pos[0]},{pos[1]}", Color(what))
        return Spot(self.add(what), laid.wild, laid.cancelled)

    def catalog(self) -> Catalog:
        return Catalog(tuple(self.by_id.values()), GODS)


def position(
    market: Mapping[int, Tile] | None = None,
    *,
    players: int = 2,
    seats: Mapping[int, Seat] | Sequence[Seat] = (),
    cells: Mapping[int, str] | None = None,
    piles: Sequence[Sequence[Tile]] | None = None,
    gods: Sequence[GodId] | None = None,
    to_move: int | None = None,
    filler_color: Color = W,
) -> GameState:
    """A game at the start of a turn, checked by the engine's position builder.

    ``market`` puts chosen tiles in chosen cells (the others get free plain tiles of
    ``filler_color``, ``M0``-``M8``) and ``cells`` worshipers on cells; ``seats`` gives
    players their pyramids, realms and gods (a list, or a mapping from seat); a seat
    left out has played as many turns as the busiest seat given, all plain red tiles,
    so that it is seat 0's turn. ``piles``
    are the level 1, 2 and 3 piles in drawing order; by default they hold plain white
    tiles, one per take left. ``gods`` are the gods still offered (default: the first
    of :data:`DEFAULT_GODS` nobody holds). ``to_move`` defaults to the seat that the
    turn counts call for (seat 0 when all have played as many turns).
    """
    table = _Tiles()
    market = dict(market or {})
    market_ids = tuple(
        table.add(market.get(cell) or plain(f"M{cell}", filler_color)) for cell in range(9)
    )
    by_seat = dict(seats) if isinstance(seats, Mapping) else dict(enumerate(seats))
    busiest = max((len(s.pyramid) + (s.god is not None) for s in by_seat.values()), default=0)
    chosen = [by_seat.get(i) or Seat(rows(busiest)) for i in range(players)]
    seat_specs = tuple(
        SeatSpec(
            name=NAMES[i],
            pyramid={pos: table.spot(i, pos, content) for pos, content in seat.pyramid.items()},
            realm=seat.realm,
            god=seat.god,
            god_cancelled=seat.god_cancelled,
            reductions=seat.reductions,
        )
        for i, seat in enumerate(chosen)
    )
    if piles is None:
        top = max(table.by_id[i].level for i in table.by_id)
        left = REGION_TILES_PER_PLAYER * players - sum(s.tiles for s in seat_specs)
        refills = [tile(f"P{i}", W, level=top) for i in range(left)]
        piles = [refills if level == top else [] for level in (1, 2, 3)]
    pile_ids = tuple(tuple(table.add(t) for t in pile) for pile in piles)
    held = [seat.god for seat in chosen if seat.god is not None]
    if gods is None:
        gods = [g for g in DEFAULT_GODS if g not in held][: players + 1 - len(held)]
    if to_move is None:
        to_move = _next_seat([s.turns for s in seat_specs])
    spec = PositionSpec(
        seats=seat_specs,
        market=market_ids,
        piles=pile_ids,
        gods=tuple(gods),
        market_worshipers={cell: text for cell, text in (cells or {}).items()},
        to_move=to_move,
    )
    return build_position(table.catalog(), spec)


def _next_seat(turns: list[int]) -> int:
    """The seat right after those that have played one turn more (0 when none has)."""
    for seat, played in enumerate(turns):
        if played < turns[seat - 1]:
            return seat
    return 0


def laid_pyramid(table: _Tiles, seat: int, entries: Mapping[Position, Content]) -> Pyramid:
    return {
        pos: PlacedTile(table.by_id[spot.tile], spot.wild, spot.cancelled)
        for pos, content in entries.items()
        for spot in (table.spot(seat, pos, content),)
    }


def scored(
    pyramids: Sequence[Mapping[Position, Content]],
    gods: Sequence[GodId | None] | None = None,
    *,
    god_cancelled: Mapping[int, bool] | None = None,
    realms: Sequence[str] | None = None,
) -> list[PlayerScore]:
    """The engine's scoring of players holding these pyramids (each checked against
    R-PLACE-1..3 and the cancelled flags first), gods and realms."""
    players = len(pyramids)
    table = _Tiles()
    built = [laid_pyramid(table, seat, entries) for seat, entries in enumerate(pyramids)]
    for seat, pyr in enumerate(built):
        check_pyramid(pyr, NAMES[seat])
    return score_game(
        table.catalog(),
        list(NAMES[:players]),
        built,
        list(gods or [None] * players),
        [(god_cancelled or {}).get(seat, False) for seat in range(players)],
        [len(text) for text in (realms or [""] * players)],
        SETUPS[players].temple_tokens,
    )


# ---------------------------------------------------------------- hand edits
# Unchecked helpers that write a state's fields directly, for tests of computer
# players that still build their situations this way. Rule tests use position().


def make_game(
    market: Mapping[int, Tile] | None = None,
    *,
    players: int = 2,
    first: int = 0,
    piles: Sequence[Sequence[Tile]] | None = None,
    gods: Sequence[GodId] | None = None,
    extra: Iterable[Tile] = (),
    filler_color: Color = W,
) -> GameState:
    """A fresh game on a hand-made deal.

    ``market`` puts chosen tiles in chosen cells (the others get free plain tiles of
    ``filler_color``); ``piles`` are the level 1, 2, 3 piles in drawing order (default:
    a few plain tiles each); ``extra`` are tiles the test will put into pyramids by hand.
    """
    market = dict(market or {})
    cells = [market.get(cell) or plain(f"M{cell}", filler_color) for cell in range(9)]
    if piles is None:
        piles = [[plain(f"P{level}-{i}", W) for i in range(4)] for level in (1, 2, 3)]
    if gods is None:
        gods = (GodId.APPRENTICE, GodId.LOVE, GodId.DEATH, GodId.IDLENESS, GodId.OCEANS)[
            : players + 1
        ]
    tiles: dict[str, Tile] = {}
    for t in [*cells, *(t for pile in piles for t in pile), *extra]:
        assert tiles.get(t.id, t) == t, f"two different tiles share the id {t.id}"
        tiles[t.id] = t
    catalog = Catalog(tuple(tiles.values()), GODS)
    the_deal = Deal(
        market=tuple(t.id for t in cells),
        piles=tuple(tuple(t.id for t in pile) for pile in piles),
        gods=tuple(gods),
        temple_tokens=SETUPS[players].temple_tokens,
    )
    return game_from_deal(catalog, the_deal, NAMES[:players], first)


def set_realm(state: GameState, seat: int, worshipers: str) -> None:
    state.players[seat].realm = list(count(worshipers))


def realm(state: GameState, seat: int | None = None) -> Count:
    return state.players[state.current if seat is None else seat].realm_count


def set_cell(state: GameState, cell: int, worshipers: str) -> None:
    state.market_worshipers[cell] = count(worshipers)


def put(
    state: GameState,
    seat: int,
    pos: Position,
    the_tile: Tile,
    *,
    wild: bool = False,
    cancelled: bool = False,
) -> None:
    """Put a tile straight into a pyramid (no rules checked: a test's starting point)."""
    state.players[seat].pyramid[pos] = PlacedTile(the_tile, wild, cancelled)


def fill_pyramid(
    state: GameState, seat: int, tiles: Mapping[Position, Tile | None], filler: Tile
) -> None:
    """Fill all 14 spots: ``tiles`` where given (None = a wilderness of ``filler``)."""
    for pos in FULL_PYRAMID:
        if pos in tiles:
            chosen = tiles[pos]
            put(state, seat, pos, chosen or filler, wild=chosen is None)
        else:
            put(state, seat, pos, filler)


def expect_illegal(state: GameState, action: Action, rule: str) -> IllegalAction:
    """``action`` is refused citing ``rule``, and refusing it changes nothing."""
    before = state.signature()
    reason = state.why_not(action)
    assert reason is not None, f"{action} should be illegal"
    assert reason.rule == rule, f"{action}: expected {rule}, got {reason}"
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == rule
    assert state.signature() == before
    assert action not in state.legal_actions()
    return caught.value


def legal(state: GameState, action: Action) -> None:
    """Apply an action the test expects to be legal, checking it is listed as such."""
    assert state.why_not(action) is None, str(state.why_not(action))
    assert action in state.legal_actions()
    state.apply(action)


def random_game(
    players: int, seed: int, first: int = 0
) -> tuple[GameState, list[Action], list[GameState]]:
    """A random legal game on the shipped tiles: final state, actions, and every state."""
    state = new_game(list(NAMES[:players]), seed=seed, first_player=first)
    rng = random.Random(seed)
    actions: list[Action] = []
    states = [state.copy()]
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
        states.append(state.copy())
    return state, actions, states


# ---------------------------------------------------------------- action generators


def _multisets(size: int, cap: int = 3) -> list[Count]:
    if size < 0:
        return []
    return list(bounded_multisets((min(cap, size),) * 5, size))


def decision_need(state: GameState) -> int:
    """How many worshipers the pending decision deals in (0 when none)."""
    kind = state.kind
    if kind is DecisionKind.PAY and state.take is not None:
        return state.take.tile.cost_any
    if kind is DecisionKind.VILLAGE and state.take is not None:
        return state.take.tile.effect.count
    if kind is DecisionKind.DEATH:
        return DEATH_PRICE
    if kind is DecisionKind.LOVE:
        return LOVE_GIFT
    if kind is DecisionKind.DISCARD:
        return state.discard_needed()
    return 0


def candidate_actions(state: GameState) -> list[Action]:
    """A wide net of well-formed actions around the present decision, legal or not.

    Every legal action is among them; most of the others are near misses (a column
    too far, one worshiper too many, the wrong decision, a god already gone...).
    """
    need = decision_need(state)
    sizes = sorted({max(0, need - 1), need, need + 1, 1})
    counts = [c for size in sizes for c in _multisets(size)]
    cols = [c for (_, c) in state.player.pyramid] or [0]
    actions: list[Action] = [
        *(TakeTile(cell) for cell in range(-1, 10)),
        *(TakeGod(g) for g in GodId),
        *(Exchange(give, get) for give in Color for get in Color),
        GoWild(),
        Decline(),
        *(
            Place(row, col, wild)
            for row in range(0, 6)
            for col in range(min(cols) - 2, max(cols) + 3)
            for wild in (False, True)
        ),
        *(ChooseGain(c) for c in Color),
        *(Pay(c) for c in counts),
        *(ReturnWorshipers(c) for c in counts),
        *(ChooseWorshipers(c) for c in counts),
        *(Discard(c) for c in counts),
    ]
    erupts = [a for a in state.legal_actions() if isinstance(a, Erupt)]
    for erupt in erupts:
        assert state.take is not None  # a volcano's decision: its tile is being taken
        actions.extend(erupt_variants(erupt, state.take.cell))
    return actions


def erupt_variants(erupt: Erupt, taken: int) -> list[Erupt]:
    """Near misses of a legal volcano removal."""
    removals = list(erupt.removals)
    variants = [Erupt(tuple(reversed(removals)))]
    for i, (cell, colors) in enumerate(removals):
        for color in Color:
            more = list(colors)
            more[color] += 1
            variants.append(Erupt((*removals[:i], (cell, tuple(more)), *removals[i + 1 :])))
            if colors[color]:
                less = list(colors)
                less[color] -= 1
                rest = [
                    *removals[:i],
                    *([(cell, tuple(less))] if any(less) else []),
                    *removals[i + 1 :],
                ]
                variants.append(Erupt(tuple(rest)))
        for other in (taken, cell + 1, 9):
            if other != cell:
                moved = dict(removals)
                moved[other] = moved.pop(cell)
                variants.append(Erupt(tuple(sorted(moved.items()))))
    return variants


def random_illegal(state: GameState, rng: random.Random) -> Action | None:
    """A random action that is not legal now (None if the net catches none)."""
    legal_now = set(state.legal_actions())
    pool = [a for a in candidate_actions(state) if a not in legal_now]
    return rng.choice(pool) if pool else None


def at_decision(kind: DecisionKind) -> GameState:
    """A hand-made state with ``kind`` pending and a busy realm, market and pyramid."""
    market = {
        0: tile("PAY", G, cost="GB", any_cost=2),
        1: tile("GAIN", R, effect=gain(None)),
        2: tile("VIL", O, effect=village(3)),
        3: tile("VOLC", R, effect=volcano("BBG")),
        4: plain("PLAIN", B),
    }
    if kind is DecisionKind.OVER:  # both players have played their 15 turns
        seats = [Seat(rows(14), god=GodId.APPRENTICE), Seat(rows(14), god=GodId.LOVE)]
        state = position(market, seats=seats)
        assert state.kind is kind
        return state
    pyramid: dict[Position, Content] = {(1, 0): B, (1, 1): B, (1, 2): B, (2, 1): B, (1, 3): wild(R)}
    cells = {5: "BBG", 6: "BG", 7: "GGB", 8: "B"}
    if kind is DecisionKind.DISCARD:
        cells[4] = "WWW"
    state = position(market, seats=[Seat(pyramid, realm="RRRRBBGGWW")], cells=cells)
    cell = {
        DecisionKind.PAY: 0,
        DecisionKind.GAIN: 1,
        DecisionKind.VILLAGE: 2,
        DecisionKind.VOLCANO: 3,
        DecisionKind.PLACE: 4,
        DecisionKind.DISCARD: 4,
    }.get(kind)
    if cell is not None:
        state.apply(TakeTile(cell))
        if kind not in (DecisionKind.PAY, DecisionKind.PLACE):
            state.apply(Place(1, -1))
    elif kind is DecisionKind.LOVE:
        state.apply(TakeGod(GodId.LOVE))
    elif kind is DecisionKind.DEATH:
        state.apply(TakeGod(GodId.DEATH))
    assert state.kind is kind
    return state
