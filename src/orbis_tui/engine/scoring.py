"""End-of-game scoring (RULES.md section 8) as a full breakdown, never just a number."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import pyramid as geometry
from .pyramid import PlacedTile, Position, Pyramid
from .tiles import Catalog, Color, EffectKind, GodId

GOD_BONUS = 3
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


def forest_validated(pyr: Pyramid, pos: Position, placed: PlacedTile) -> bool:
    """R-EFF-FOREST: enough neighbors show one of the forest's colors."""
    effect = placed.tile.effect
    matching = sum(
        1 for n in geometry.neighbors(pyr, pos) if any(n.has_color(c) for c in effect.colors)
    )
    return matching >= effect.count


def effect_counts(pyr: Pyramid) -> dict[str, int]:
    """Validated villages, volcanoes, irrigations, forests; temples; wilderness tiles."""
    counts = {
        "village": 0,
        "volcano": 0,
        "irrigation": 0,
        "forest": 0,
        "temple": 0,
        "wilderness": 0,
    }
    for pos, placed in pyr.items():
        if placed.wild:
            counts["wilderness"] += 1
            continue
        kind = placed.tile.effect.kind
        if kind is EffectKind.TEMPLE:
            counts["temple"] += 1
        elif placed.cancelled:
            continue
        elif kind is EffectKind.FOREST:
            counts["forest"] += forest_validated(pyr, pos, placed)
        elif kind.value in counts:
            counts[kind.value] += 1
    return counts


def highest_mystic(pyr: Pyramid) -> int:
    return max(
        (p.tile.mystic or 0 for p in pyr.values() if not p.wild and p.tile.color is Color.WHITE),
        default=0,
    )


_MOST_GODS = {
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
    if god is None:
        return GodScore(None, 0, "no_god")
    printed = catalog.god_by_id[god].cp
    if god in _MOST_GODS:
        key = _MOST_GODS[god]
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
    order = sorted(
        (s for s in scores if s.temple_count > 0),
        key=lambda s: (-s.temple_count, -highest_mystic(pyramids[s.seat])),
    )
    tokens = sorted(temple_tokens, reverse=True)
    for s, token in zip(order, tokens, strict=False):
        s.temple_token = token
    for s in scores:
        s.categories = _categories(s, pyramids[s.seat])
    _rank(scores)
    return scores


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
