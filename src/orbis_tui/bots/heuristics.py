"""A static evaluation of a game position, in creation points (CP), for every seat.

The computer opponents judge a choice by playing it on a copy of the state and
evaluating the result. The value of a seat adds up:

- **immediate CP**: what the pyramid scores now (forests count in proportion to the
  chance that they are still validated, see :func:`forest_chance`);
- **gods**: the god's points times the chance its condition holds at the end; a seat
  still without a god counts the best god left for it;
- **temple tokens**: the token the seat would get if the game ended now;
- **worshiper economy**: worshipers are worth a fraction of a CP while tiles remain to
  be bought, more when their color is wanted by the tiles on offer; reduction tokens
  are worth the symbols they will save;
- **placement potential**: open spots in the upper rows that many colors fit;
- **tiles to come**: each remaining region-tile turn is worth a fixed amount, which
  is what makes a god turn worth taking when the market offers little.

All the numbers a bot may tune live in :class:`Weights`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..engine import (
    DEATH_PRICE,
    LOVE_GIFT,
    MOST_GODS,
    NUM_COLORS,
    REALM_LIMIT,
    REGION_TILES_PER_PLAYER,
    ROUNDS,
    STONE_CP,
    TOP_ROW,
    Color,
    EffectKind,
    GameState,
    GodId,
    PlacedTile,
    Position,
    Pyramid,
    Tile,
    effect_counts,
    forest_matching,
    forest_validated,
    geometry,
    highest_mystic,
    temple_token_awards,
)


@dataclass(frozen=True, slots=True)
class Weights:
    """The tunable numbers of the evaluation (all in CP)."""

    worshiper: float = 0.45  # a worshiper while several tile turns remain
    worshiper_ramp: float = 4.0  # tile turns left below which worshipers lose value
    need_mix: float = 0.5  # share of a worshiper's value that depends on demand
    color_cap: int = 5  # worshipers of one color beyond this count as exchange fodder
    tie_break: float = 0.01  # a worshiper at the very end (R-END-5)
    reduction: float = 0.6  # share of the future symbols of its color a token saves
    flexibility: float = 0.25  # an open upper spot that every color fits
    slot: float = 2.5  # each region-tile turn still to come
    forest_chance: float = 0.45  # chance an open neighbor spot ends up matching
    god_risk: float = 0.75  # weight of the best god left (the rest on the second best)
    wild_penalty: float = 1.0  # a wilderness (R-END-2)

    def __reduce__(self) -> tuple[type[Weights], tuple[float | int, ...]]:
        # Rebuilt by its constructor when sent to a search's worker process: a frozen
        # class's fields cannot be set one by one (nor in the compiled build).
        return Weights, tuple(getattr(self, f.name) for f in fields(self))


DEFAULT_WEIGHTS = Weights()


class Context:
    """What the evaluation of one position needs about the whole table, computed once."""

    __slots__ = ("counts", "future_cost", "mystic", "remaining")

    def __init__(self, state: GameState | None = None) -> None:
        if state is None:  # a blank for updated() to fill in (see GameState.__init__)
            return
        self.counts = [effect_counts(p.pyramid) for p in state.players]
        self.mystic = [highest_mystic(p.pyramid) for p in state.players]
        self.future_cost = future_color_cost(state)
        self.remaining = [ROUNDS - p.turns for p in state.players]

    @classmethod
    def updated(
        cls, state: GameState, seat: int, base: Context, facts: PyramidFacts | None = None
    ) -> Context:
        """The context of ``state``, given ``base``: the context of an earlier position of
        the same turn, in which only ``seat``'s pyramid may have changed since (its
        :func:`pyramid_facts`, when the caller has them)."""
        ctx = cls()
        pyramid = state.players[seat].pyramid
        ctx.counts = base.counts[:]
        ctx.counts[seat] = effect_counts(pyramid) if facts is None else facts.counts
        ctx.mystic = base.mystic[:]
        ctx.mystic[seat] = highest_mystic(pyramid) if facts is None else facts.mystic
        ctx.future_cost = future_color_cost(state)
        ctx.remaining = [ROUNDS - p.turns for p in state.players]
        return ctx


# ---------------------------------------------------------------------- pyramid facts
@dataclass(frozen=True, slots=True)
class PyramidFacts:
    """What the evaluation reads of one pyramid alone, for a seat with or without the
    God of Idleness, during or at the end of the game (see :func:`pyramid_facts`)."""

    counts: dict[str, int]  # effect_counts
    mystic: int  # highest_mystic
    points: float  # pyramid_points
    open_colors: int  # the sum of open_spot_colors


def pyramid_facts(pyr: Pyramid, idle: bool, w: Weights, over: bool) -> PyramidFacts:
    """:func:`effect_counts`, :func:`highest_mystic`, :func:`pyramid_points` and the sum
    of :func:`open_spot_colors`, in one pass over the pyramid (the quick planner asks for
    the facts of every pyramid it imagines). Each is exactly that function's: the points
    are added up in the same order (a test compares them on many pyramids)."""
    counted = [0, 0, 0]  # validated villages, volcanoes, irrigations (scoring's _COUNTED)
    forest = temple = wilderness = mystic = open_colors = 0
    points = 0.0
    for pos, placed in pyr.items():
        r, c = pos
        if r < TOP_ROW and (r + 1, c) not in pyr:  # open_spot_colors
            right = pyr.get((r, c + 1))
            if right is not None:
                if placed.wild or right.wild:
                    open_colors += NUM_COLORS
                elif placed.tile.color == right.tile.color:
                    open_colors += 1
                else:
                    open_colors += 2
        if placed.wild:
            wilderness += 1
            if not idle:
                points -= w.wild_penalty
            continue
        tile = placed.tile
        if tile.mystic and tile.mystic > mystic and tile.color is _WHITE:
            mystic = tile.mystic
        kind = tile.effect.kind
        if kind is _TEMPLE:
            temple += 1
        if placed.cancelled:
            continue
        if kind is _FOREST:
            matching = forest_matching(pyr, pos, placed)
            validated = matching >= tile.effect.count
            if validated:
                forest += 1
            if over:
                if validated:
                    points += tile.cp
            else:
                need = tile.effect.count - matching
                points += tile.cp * _forest_chance(pyr, pos, need, w.forest_chance)
        elif kind is _STONE:
            points += tile.cp + STONE_CP
        else:
            points += tile.cp
            if kind in _COUNTED:
                counted[_COUNTED[kind]] += 1
    counts = {
        "village": counted[0],
        "volcano": counted[1],
        "irrigation": counted[2],
        "forest": forest,
        "temple": temple,
        "wilderness": wilderness,
    }
    return PyramidFacts(counts, mystic, points, open_colors)


def forest_chance(pyr: Pyramid, pos: Position, placed: PlacedTile, q: float) -> float:
    """The chance a forest ends validated: each open neighbor spot matches with ``q``."""
    need = placed.tile.effect.count - forest_matching(pyr, pos, placed)
    return _forest_chance(pyr, pos, need, q)


def _forest_chance(pyr: Pyramid, pos: Position, need: int, q: float) -> float:
    """:func:`forest_chance` of a forest that lacks ``need`` matching neighbours."""
    if need <= 0:
        return 1.0
    open_spots = geometry.open_neighbors(pyr, pos)
    if open_spots < need:
        return 0.0
    return _at_least(need, open_spots, q)


_AT_LEAST: dict[tuple[int, int, float], float] = {}


def _at_least(need: int, spots: int, q: float) -> float:
    """P(Binomial(spots, q) >= need), remembered: a few dozen cases come back all game."""
    key = (need, spots, q)
    total = _AT_LEAST.get(key)
    if total is None:
        total = 0.0
        for k in range(need, spots + 1):
            total += _binom(spots, k) * q**k * (1 - q) ** (spots - k)
        if len(_AT_LEAST) > 4096:  # a tuning run may try many values of q
            _AT_LEAST.clear()
        _AT_LEAST[key] = total
    return total


def _binom(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def open_spot_colors(pyr: Pyramid) -> list[int]:
    """For each supported empty spot above row 1, how many colors fit there."""
    fits = []
    for (r, c), placed in pyr.items():
        if r >= TOP_ROW or (r + 1, c) in pyr:
            continue
        right = pyr.get((r, c + 1))
        if right is None:
            continue
        if placed.wild or right.wild:
            fits.append(NUM_COLORS)
        elif placed.tile.color == right.tile.color:
            fits.append(1)
        else:
            fits.append(2)
    return fits


# ---------------------------------------------------------------------- the market
_FUTURE_CACHE: dict[tuple[int, ...], tuple[object, list[float]]] = {}


def future_color_cost(state: GameState) -> list[float]:
    """The mean colored cost per tile, by color, of the tiles still to be drawn.

    The result is cached on the piles (one object for a game and all its copies, a new
    one for each world a search imagines) and the pile positions: an imagined world may
    hold other tiles still to draw than the real game at the same positions, so a cache
    on the deal alone made a search's answer depend on the searches before it.
    """
    key = (id(state.piles), *state.pile_pos)
    cached = _FUTURE_CACHE.get(key)
    if cached is not None and cached[0] is state.piles:
        return cached[1]
    totals = [0.0] * NUM_COLORS
    n = 0
    for pile, pos in zip(state.piles, state.pile_pos, strict=True):
        for tile in pile[pos:]:
            cost = tile.cost
            for c in range(NUM_COLORS):
                totals[c] += cost[c]
            n += 1
    result = [t / n for t in totals] if n else [0.0] * NUM_COLORS
    if len(_FUTURE_CACHE) > 4096:
        _FUTURE_CACHE.clear()
    _FUTURE_CACHE[key] = (state.piles, result)
    return result


def color_need(state: GameState, seat: int) -> list[float]:
    """How much a seat wants each worshiper color now, from 0 to 1.

    Driven by the colored costs of the tiles on the market (weighted by their CP), after
    the seat's reduction tokens, plus a little for every color (future tiles).
    """
    reductions = state.players[seat].reductions
    need = [0.5] * NUM_COLORS
    wanted = _WANTS.get
    for tile in state.market:
        if tile is None:
            continue
        known = wanted(id(tile))  # _tile_wants, its lookup written out
        for c, want in _tile_wants(tile) if known is None else known[1]:
            if not reductions[c]:
                need[c] += want
    top = max(need)
    return [n / top for n in need]


_WANTS: dict[int, tuple[Tile, tuple[tuple[int, float], ...]]] = {}


def _tile_wants(tile: Tile) -> tuple[tuple[int, float], ...]:
    """(color, cost of that color times the tile's CP + 1) for each color the tile costs,
    worked out once per tile (the entry keeps the tile, so no other takes its id)."""
    known = _WANTS.get(id(tile))
    if known is None:
        weight = tile.cp + 1.0
        cost = tile.cost
        wants = tuple((c, cost[c] * weight) for c in range(NUM_COLORS) if cost[c])
        if len(_WANTS) > 4096:  # tile sets loaded again and again (tests)
            _WANTS.clear()
        known = _WANTS[id(tile)] = (tile, wants)
    return known[1]


# ---------------------------------------------------------------------- values
def worshiper_scale(tiles_left: int, w: Weights) -> float:
    if tiles_left <= 0:
        return 0.0
    share = tiles_left / w.worshiper_ramp
    return w.worshiper * (share if share < 1.0 else 1.0)  # min(1.0, share), written out


def realm_value(realm: list[int], need: list[float], scale: float, w: Weights) -> float:
    if scale == 0.0:
        return 0.0
    mix = w.need_mix
    cap = w.color_cap
    value = 0.0
    for c in range(NUM_COLORS):
        n = realm[c]
        if n <= cap:
            value += n * (1.0 - mix + mix * need[c])
        else:
            value += cap * (1.0 - mix + mix * need[c]) + (n - cap) / 3.0
    return scale * value


def god_chance(god: GodId, seat: int, ctx: Context, remaining: float) -> float:
    """The chance a conditional god scores at the end, judged from the counts now.

    ``remaining`` is the share of the game still to play, 0 at the end.
    """
    counts = ctx.counts
    mine = counts[seat]
    if god in MOST_GODS:
        key = MOST_GODS[god]
        best_other = 0  # max(...) over the other seats, written out: it runs very often
        for other, theirs in enumerate(counts):
            if other != seat and theirs[key] > best_other:
                best_other = theirs[key]
        have = mine[key]
        if remaining <= 0:
            return 1.0 if have >= 1 and have >= best_other else 0.0
        if have >= 1 and have > best_other:
            return 0.95 - 0.25 * remaining
        if have >= 1 and have == best_other:
            return 0.7 - 0.1 * remaining
        if have >= 1:
            return max(0.05, 0.6 * remaining - 0.15 * (best_other - have))
        return 0.55 * remaining if best_other == 0 else 0.4 * remaining
    if god is _TECHNOLOGY:
        fewest = 0  # min(...) over the other seats, written out as best_other above
        if len(counts) > 1:
            fewest = -1
            for other, theirs in enumerate(counts):
                if other != seat and (fewest < 0 or theirs["wilderness"] < fewest):
                    fewest = theirs["wilderness"]
        have = mine["wilderness"]
        if remaining <= 0:
            return 1.0 if have <= fewest else 0.0
        if have < fewest:
            return 0.9 - 0.2 * remaining
        if have == fewest:
            return 0.75 - 0.2 * remaining
        return max(0.05, 0.5 * remaining - 0.15 * (have - fewest))
    if god is _EQUILIBRIUM:
        missing = (mine["village"] == 0) + (mine["temple"] == 0) + (mine["volcano"] == 0)
        if missing == 0:
            return 1.0
        if remaining <= 0:
            return 0.0
        return (0.8 * remaining) ** missing
    return 1.0


def held_god_value(state: GameState, seat: int, ctx: Context, w: Weights) -> float:
    player = state.players[seat]
    god = player.god
    if god is None:
        return 0.0
    printed = state.catalog.god_by_id[god].cp
    if god is _DEATH and player.god_cancelled:
        return 0.0
    remaining = ctx.remaining[seat] / ROUNDS
    return printed * god_chance(god, seat, ctx, remaining)


def pending_god_value(state: GameState, seat: int, ctx: Context, w: Weights) -> float:
    """A seat without a god will take one: the value of the best ones left to it."""
    if not state.gods_available:
        return 0.0
    player = state.players[seat]
    remaining = max(0.0, (ctx.remaining[seat] - 1) / ROUNDS)
    values = []
    late = worshiper_scale(1, w)  # the god is usually taken later, with fewer turns left
    for god in state.gods_available:
        printed = state.catalog.god_by_id[god].cp
        if god is _LOVE:
            value = printed + LOVE_GIFT * late
        elif god is _DEATH:
            value = printed - DEATH_PRICE * late if player.worshipers >= 3 else printed * 0.6
        elif god is _IDLENESS:
            value = printed + w.wild_penalty * ctx.counts[seat]["wilderness"]
        else:
            value = printed * god_chance(god, seat, ctx, remaining)
        values.append(value)
    values.sort(reverse=True)
    if len(values) == 1:
        return values[0]
    return w.god_risk * values[0] + (1 - w.god_risk) * values[1]


def temple_tokens(state: GameState, ctx: Context) -> list[int]:
    """The temple token each seat would get if the game ended now (R-END-3)."""
    temples = [counts["temple"] for counts in ctx.counts]
    return temple_token_awards(temples, ctx.mystic, state.deal.temple_tokens)


def pyramid_points(pyr: Pyramid, idle: bool, w: Weights, over: bool) -> float:
    points = 0.0
    for pos, placed in pyr.items():
        if placed.wild:
            if not idle:
                points -= w.wild_penalty
            continue
        if placed.cancelled:
            continue
        tile = placed.tile
        kind = tile.effect.kind
        if kind is _FOREST:
            if over:
                if forest_validated(pyr, pos, placed):
                    points += tile.cp
            else:
                points += tile.cp * forest_chance(pyr, pos, placed, w.forest_chance)
        elif kind is _STONE:
            points += tile.cp + STONE_CP
        else:
            points += tile.cp
    return points


# Looked up once (a module global; in Python 3.11 reading an enum member through its
# class runs a descriptor, some 0.2 us): the evaluation runs for every position a
# search imagines.
_FOREST, _STONE = EffectKind.FOREST, EffectKind.STONE
_TEMPLE, _WHITE = EffectKind.TEMPLE, Color.WHITE
_COUNTED = {EffectKind.VILLAGE: 0, EffectKind.VOLCANO: 1, EffectKind.IRRIGATION: 2}
_TECHNOLOGY, _EQUILIBRIUM, _IDLENESS = GodId.TECHNOLOGY, GodId.EQUILIBRIUM, GodId.IDLENESS
_LOVE, _DEATH = GodId.LOVE, GodId.DEATH


def seat_value(
    state: GameState,
    seat: int,
    ctx: Context,
    tokens: list[int],
    w: Weights = DEFAULT_WEIGHTS,
    need: list[float] | None = None,
    facts: PyramidFacts | None = None,
) -> float:
    """The value of one seat, in CP (see the module documentation); ``need`` is the
    seat's :func:`color_need` and ``facts`` its pyramid's :func:`pyramid_facts`, when
    the caller already has them."""
    player = state.players[seat]
    pyr = player.pyramid
    over = state.is_over
    idle = player.god is _IDLENESS
    value = pyramid_points(pyr, idle, w, over) if facts is None else facts.points
    value += tokens[seat]
    if player.god is None:
        value += pending_god_value(state, seat, ctx, w)
    else:
        value += held_god_value(state, seat, ctx, w)
    if over:
        return value + w.tie_break * player.worshipers
    tiles_left = REGION_TILES_PER_PLAYER - len(pyr)
    scale = worshiper_scale(tiles_left, w)
    if need is None:
        need = color_need(state, seat)
    value += realm_value(player.realm, need, scale, w)
    value += w.tie_break * min(player.worshipers, REALM_LIMIT)
    if tiles_left:
        future = ctx.future_cost
        for c in range(NUM_COLORS):
            if player.reductions[c]:
                value += w.reduction * tiles_left * future[c] * w.worshiper
        value += w.slot * tiles_left
        open_colors = sum(open_spot_colors(pyr)) if facts is None else facts.open_colors
        value += w.flexibility * open_colors / NUM_COLORS
    return value


def evaluate(state: GameState, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """The value of every seat, in seat order."""
    ctx = Context(state)
    tokens = temple_tokens(state, ctx)
    return [seat_value(state, seat, ctx, tokens, w) for seat in range(state.num_players)]


def margin(values: list[float], seat: int) -> float:
    """A seat's value minus the best other seat's: what a player trying to win maximises."""
    best_other = max(v for i, v in enumerate(values) if i != seat)
    return values[seat] - best_other


# The parts of :func:`seat_value`, in the order :func:`seat_terms` gives them.
TERM_NAMES = (
    "pyramid",
    "temple_token",
    "god",
    "worshipers",
    "reductions",
    "tiles_to_come",
    "flexibility",
)


def seat_terms(
    state: GameState, seat: int, ctx: Context, tokens: list[int], w: Weights = DEFAULT_WEIGHTS
) -> list[float]:
    """:func:`seat_value` split into its parts (see :data:`TERM_NAMES`); they add up to
    it. A learned evaluation (:mod:`.leaf`) weighs them anew."""
    player = state.players[seat]
    pyr = player.pyramid
    over = state.is_over
    pyramid = pyramid_points(pyr, player.god is _IDLENESS, w, over)
    if player.god is None:
        god = pending_god_value(state, seat, ctx, w)
    else:
        god = held_god_value(state, seat, ctx, w)
    if over:
        return [pyramid, float(tokens[seat]), god, w.tie_break * player.worshipers, 0.0, 0.0, 0.0]
    tiles_left = REGION_TILES_PER_PLAYER - len(pyr)
    scale = worshiper_scale(tiles_left, w)
    worshipers = realm_value(player.realm, color_need(state, seat), scale, w)
    worshipers += w.tie_break * min(player.worshipers, REALM_LIMIT)
    reductions = slots = flexibility = 0.0
    if tiles_left:
        future = ctx.future_cost
        for c in range(NUM_COLORS):
            if player.reductions[c]:
                reductions += w.reduction * tiles_left * future[c] * w.worshiper
        slots = w.slot * tiles_left
        flexibility = w.flexibility * sum(open_spot_colors(pyr)) / NUM_COLORS
    return [pyramid, float(tokens[seat]), god, worshipers, reductions, slots, flexibility]
