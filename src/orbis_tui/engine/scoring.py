"""End-of-game scoring (RULES.md section 8) as a full breakdown, never just a number."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .colors import Color
from .pyramid import PlacedTile, Position, Pyramid, neighbor_positions
from .tiles import Catalog, EffectKind, GodId

STONE_CP = 1


@dataclass(frozen=True, slots=True)
class TileScore:
    position: Position
    tile_id: str
    points: int
    reason: (
        str  # validated | plain | stone | cancelled | forest_unmet | wilderness | wilderness_idle
    )


@dataclass(frozen=True, slots=True)
class GodScore:
    god: GodId | None
    points: int
    reason: str  # e.g. "flat", "most_irrigations", "not_most", "cancelled", "no_god"


@dataclass(slots=True)
class PlayerScore:
    seat: int
    name: str
    tiles: list[TileScore]
    temple_token: int
    temple_count: int
    god: GodScore
    worshipers: int
    counts: dict[str, int] = field(default_factory=dict)  # validated effects, wilderness
    categories: dict[str, int] = field(default_factory=dict)  # points per category
    rank: int = 0
    won: bool = False
    tie_break_used: bool = False

    @property
    def total(self) -> int:
        return sum(t.points for t in self.tiles) + self.temple_token + self.god.points


def _tile_score(pyr: Pyramid, pos: Position, placed: PlacedTile, idle: bool) -> TileScore:
    tile = placed.tile
    if placed.wild:
        return TileScore(
            pos, tile.id, 0 if idle else -1, "wilderness_idle" if idle else "wilderness"
        )
    if placed.cancelled:
        return TileScore(pos, tile.id, 0, "cancelled")
    effect = tile.effect
    if effect.kind is EffectKind.FOREST and not forest_validated(pyr, pos, placed):
        return TileScore(pos, tile.id, 0, "forest_unmet")
    if effect.kind is EffectKind.STONE:
        return TileScore(pos, tile.id, tile.cp + STONE_CP, "stone")
    validated = effect.kind in (
        EffectKind.FOREST,
        EffectKind.VILLAGE,
        EffectKind.VOLCANO,
        EffectKind.IRRIGATION,
    )
    return TileScore(pos, tile.id, tile.cp, "validated" if validated else "plain")


def forest_matching(pyr: Pyramid, pos: Position, placed: PlacedTile) -> int:
    """How many neighbors of a forest show one of its colors (a wilderness shows all)."""
    colors = placed.tile.effect.colors
    matching = 0
    for n in neighbor_positions(pos):
        other = pyr.get(n)
        if other is not None and (other.wild or other.tile.color in colors):
            matching += 1
    return matching


def forest_validated(pyr: Pyramid, pos: Position, placed: PlacedTile) -> bool:
    """R-EFF-FOREST: enough neighbors show one of the forest's colors."""
    return forest_matching(pyr, pos, placed) >= placed.tile.effect.count


# The effects counted by their kind's name once validated (forests need a check), and
# the kinds effect_counts tells apart first, looked up once (a module global; in Python
# 3.11 reading an enum member through its class runs a descriptor, some 0.2 us): the
# computer players count every pyramid they imagine.
_COUNTED = {EffectKind.VILLAGE: 0, EffectKind.VOLCANO: 1, EffectKind.IRRIGATION: 2}
_TEMPLE, _FOREST = EffectKind.TEMPLE, EffectKind.FOREST
_WHITE = Color.WHITE


def effect_counts(pyr: Pyramid) -> dict[str, int]:
    """Validated villages, volcanoes, irrigations, forests; temples; wilderness tiles."""
    counted = [0, 0, 0]  # in the order of _COUNTED
    forest = temple = wilderness = 0
    for pos, placed in pyr.items():
        if placed.wild:
            wilderness += 1
            continue
        kind = placed.tile.effect.kind
        if kind is _TEMPLE:
            temple += 1
        elif placed.cancelled:
            continue
        elif kind is _FOREST:
            if forest_validated(pyr, pos, placed):
                forest += 1
        elif kind in _COUNTED:
            counted[_COUNTED[kind]] += 1
    return {
        "village": counted[0],
        "volcano": counted[1],
        "irrigation": counted[2],
        "forest": forest,
        "temple": temple,
        "wilderness": wilderness,
    }


def highest_mystic(pyr: Pyramid) -> int:
    """The highest mystic value among the white tiles (R-END-3), 0 without one."""
    best = 0
    for placed in pyr.values():
        mystic = placed.tile.mystic
        if mystic and mystic > best and not placed.wild and placed.tile.color is _WHITE:
            best = mystic
    return best


# The gods that score for the most validated effects of a kind (a key of effect_counts).
MOST_GODS = {
    GodId.OCEANS: "irrigation",
    GodId.FIRE: "volcano",
    GodId.NATURE: "forest",
    GodId.HARVESTS: "village",
}


def _god_score(
    god: GodId | None,
    cancelled: bool,
    me: dict[str, int],
    all_counts: list[dict[str, int]],
    catalog: Catalog,
) -> GodScore:
    printed = catalog.god_by_id[god].cp if god is not None else 0
    return god_score(god, cancelled, me, all_counts, printed)


def god_score(
    god: GodId | None,
    cancelled: bool,
    me: dict[str, int],
    all_counts: Sequence[dict[str, int]],
    printed: int,
) -> GodScore:
    """What ``god`` (printed ``printed`` CP) scores for counts ``me`` among ``all_counts``
    (every player's :func:`effect_counts`, ``me``'s included)."""
    if god is None:
        return GodScore(None, 0, "no_god")
    if god in MOST_GODS:
        key = MOST_GODS[god]
        best = max(c[key] for c in all_counts)
        if me[key] >= 1 and me[key] == best:
            return GodScore(god, printed, f"most_{key}")
        return GodScore(god, 0, f"not_most_{key}")
    if god is GodId.TECHNOLOGY:
        fewest = min(c["wilderness"] for c in all_counts)
        if me["wilderness"] == fewest:
            return GodScore(god, printed, "fewest_wilderness")
        return GodScore(god, 0, "not_fewest_wilderness")
    if god is GodId.EQUILIBRIUM:
        if me["village"] and me["temple"] and me["volcano"]:
            return GodScore(god, printed, "balanced")
        return GodScore(god, 0, "unbalanced")
    if god is GodId.DEATH and cancelled:
        return GodScore(god, 0, "cancelled")
    return GodScore(god, printed, "flat")


def score_game(
    catalog: Catalog,
    names: list[str],
    pyramids: list[Pyramid],
    gods: list[GodId | None],
    gods_cancelled: list[bool],
    worshipers: list[int],
    temple_tokens: tuple[int, ...],
) -> list[PlayerScore]:
    """Score every player; the result is in seat order with ranks filled in."""
    counts = [effect_counts(p) for p in pyramids]
    scores: list[PlayerScore] = []
    for seat, pyr in enumerate(pyramids):
        idle = gods[seat] is GodId.IDLENESS
        tiles = [_tile_score(pyr, pos, placed, idle) for pos, placed in sorted(pyr.items())]
        score = PlayerScore(
            seat=seat,
            name=names[seat],
            tiles=tiles,
            temple_token=0,
            temple_count=counts[seat]["temple"],
            god=_god_score(gods[seat], gods_cancelled[seat], counts[seat], counts, catalog),
            worshipers=worshipers[seat],
            counts=counts[seat],
        )
        scores.append(score)
    # R-END-3 temple tokens: more temples first, then the highest mystic value.
    awarded = temple_token_awards(
        [s.temple_count for s in scores], [highest_mystic(p) for p in pyramids], temple_tokens
    )
    for s in scores:
        s.temple_token = awarded[s.seat]
        s.categories = _categories(s, pyramids[s.seat])
    _rank(scores)
    return scores


def temple_token_awards(
    temples: Sequence[int], mystics: Sequence[int], tokens: Iterable[int]
) -> list[int]:
    """R-END-3: the temple token of every seat (0 for none), given each seat's temples
    and highest mystic value: more temples first, then the higher mystic value; the
    biggest tokens go first, seats without a temple get none."""
    if not any(temples):
        return [0] * len(temples)
    order = sorted(
        (seat for seat in range(len(temples)) if temples[seat] > 0),
        key=lambda seat: (-temples[seat], -mystics[seat]),
    )
    awarded = [0] * len(temples)
    for seat, token in zip(order, sorted(tokens, reverse=True), strict=False):
        awarded[seat] = token
    return awarded


def _categories(score: PlayerScore, pyr: Pyramid) -> dict[str, int]:
    cats: dict[str, int] = {}
    for t in score.tiles:
        key = (
            "wilderness"
            if t.reason.startswith("wilderness")
            else pyr[t.position].tile.effect.kind.value
        )
        cats[key] = cats.get(key, 0) + t.points
    cats["temple_token"] = score.temple_token
    cats["god"] = score.god.points
    return cats


def _rank(scores: list[PlayerScore]) -> None:
    """R-END-5: most CP; then most worshipers; still tied, a shared place."""
    top_total = max(s.total for s in scores)
    tied_on_points = [s for s in scores if s.total == top_total]
    for s in scores:
        s.rank = 1 + sum(1 for o in scores if (o.total, o.worshipers) > (s.total, s.worshipers))
        s.won = s.rank == 1
        s.tie_break_used = len(tied_on_points) > 1 and s.total == top_total
