"""Every tile's outlook: it scores now, it can still score, or it can no longer score.

One value per pyramid, read by the table, the CP breakdown, the end screen, the coach,
hints and the review, so that they all say the same thing. The points it counts are
the scoring's own (:func:`~orbis_tui.engine.scoring.score_game`), so "CP now" and the
final breakdown agree with it at every moment; what it adds is what is still possible.

Only a forest waits for the end to be judged (R-EFF-FOREST): its neighbours are all the
spots around it that the finished pyramid will hold. A player places exactly 14 region
tiles in a pyramid of 14 spots, so the finished pyramid is full: it is the 14 spots over
one window of five bottom-row columns, one that holds the bottom row as it is now
(R-PLACE-1). Every empty neighbour spot in that window will hold a tile, and a
wilderness there matches every color (R-PLACE-3), so a forest can still be validated
exactly when, for some window, its matching neighbours plus its empty neighbour spots
in the window reach the number it needs. Every other tile is settled when it is placed
(an irrigation, village or volcano is validated or cancelled at once).

The god (R-GOD-1) scores now or not; it can no longer score when the counts can no
longer come out right, judged by bounds that only ever err towards "can still".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .pyramid import ROW_SIZES, PlacedTile, Position, Pyramid, neighbor_positions
from .scoring import MOST_GODS, GodScore, PlayerScore, TileScore, forest_matching
from .tiles import EffectKind, GodId, Tile

REGION_TILES = sum(ROW_SIZES.values())  # a finished pyramid: every spot holds a tile
_WIDTH = ROW_SIZES[1]


class Prospect(StrEnum):
    SCORES = "scores"  # counts now, and nothing can change it (a wilderness: its -1)
    OPEN = "open"  # does not count now, and still can
    LOST = "lost"  # can no longer count


@dataclass(frozen=True, slots=True)
class TileOutlook:
    """One pyramid tile: what it counts now (``points``, the scoring's), what it would
    count once it scores (``cp``), and ``prospect``. ``reason`` is the scoring's reason
    (``plain``, ``validated``, ``stone``, ``wilderness``, ``wilderness_idle``,
    ``cancelled``) or, for a forest not validated, ``forest_open`` / ``forest_sealed``.
    For a forest: ``have`` matching neighbours of the ``need``, and ``free`` empty
    neighbour spots the finished pyramid can still hold (the most any bottom row allows).
    """

    position: Position
    tile: Tile
    prospect: Prospect
    points: int
    cp: int
    reason: str
    have: int = 0
    need: int = 0
    free: int = 0

    @property
    def missing(self) -> int:
        """Matching neighbours a forest still needs (0 when validated)."""
        return max(0, self.need - self.have)


@dataclass(frozen=True, slots=True)
class GodOutlook:
    """The player's god: ``points`` now (the scoring's), ``cp`` when it scores, and its
    ``prospect``; ``reason`` is the scoring's (``most_forest``, ``not_most_forest``...);
    ``missing``: the parts of the God of Equilibrium's balance not held yet."""

    god: GodId | None
    prospect: Prospect
    points: int
    cp: int
    reason: str
    missing: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outlook:
    """A player's whole outlook: every tile, the temple token, the god."""

    seat: int
    tiles: tuple[TileOutlook, ...]
    temple_count: int
    temple_token: int
    god: GodOutlook

    @property
    def total(self) -> int:
        """CP now: what the final scoring would give if the game ended now."""
        return sum(t.points for t in self.tiles) + self.temple_token + self.god.points

    def tile_at(self, position: Position) -> TileOutlook | None:
        return next((t for t in self.tiles if t.position == position), None)

    @property
    def open(self) -> tuple[TileOutlook, ...]:
        return tuple(t for t in self.tiles if t.prospect is Prospect.OPEN)

    @property
    def lost(self) -> tuple[TileOutlook, ...]:
        return tuple(t for t in self.tiles if t.prospect is Prospect.LOST)

    @property
    def forests(self) -> tuple[TileOutlook, ...]:
        return tuple(t for t in self.tiles if t.tile.effect.kind is EffectKind.FOREST)


# ---------------------------------------------------------------------- forests
def windows(pyramid: Pyramid, extra: Position | None = None) -> range:
    """The first columns of the bottom rows the finished pyramid may still have
    (``extra``: a spot taken as if a tile were placed there)."""
    cols = [c for (r, c) in pyramid if r == 1]
    if extra is not None and extra[0] == 1:
        cols.append(extra[1])
    if not cols:
        return range(-_WIDTH + 1, 1)  # the first tile opens column 0
    return range(max(cols) - _WIDTH + 1, min(cols) + 1)


def in_window(position: Position, start: int) -> bool:
    """Whether the finished pyramid over bottom-row columns ``start``.. holds the spot."""
    r, c = position
    return 1 <= r <= len(ROW_SIZES) and start <= c and c + r - 1 <= start + _WIDTH - 1


def forest_free(pyramid: Pyramid, position: Position, extra: Position | None = None) -> int:
    """The most empty neighbour spots of ``position`` that one finished pyramid holds;
    ``extra``: a spot taken as if a tile were placed there."""
    empty = [n for n in neighbor_positions(position) if n not in pyramid and n != extra]
    if not empty:
        return 0
    return max(sum(1 for n in empty if in_window(n, start)) for start in windows(pyramid, extra))


def forest_standing(pyramid: Pyramid, position: Position, placed: PlacedTile) -> tuple[int, int]:
    """(matching neighbours now, empty neighbour spots still to come) of a forest."""
    return forest_matching(pyramid, position, placed), forest_free(pyramid, position)


def _forest_outlook(pyramid: Pyramid, score: TileScore, placed: PlacedTile) -> TileOutlook:
    tile = placed.tile
    have, free = forest_standing(pyramid, score.position, placed)
    need = tile.effect.count
    if have >= need:
        prospect, reason = Prospect.SCORES, score.reason
    elif have + free >= need:
        prospect, reason = Prospect.OPEN, "forest_open"
    else:
        prospect, reason = Prospect.LOST, "forest_sealed"
    return TileOutlook(
        score.position, tile, prospect, score.points, tile.cp, reason, have, need, free
    )


def open_forests(pyramid: Pyramid) -> list[tuple[Position, PlacedTile]]:
    """The forests of ``pyramid`` that are not validated yet and still can be."""
    out = []
    for pos, placed in pyramid.items():
        if placed.wild or placed.cancelled or placed.tile.effect.kind is not EffectKind.FOREST:
            continue
        have, free = forest_standing(pyramid, pos, placed)
        need = placed.tile.effect.count
        if have < need <= have + free:
            out.append((pos, placed))
    return out


@dataclass(frozen=True, slots=True)
class Sealing:
    """A forest a placement would seal: where it is, and how it would stand after."""

    position: Position
    forest: Tile
    have: int
    need: int
    free: int
    beside: bool  # the placement is one of its neighbours (else it ends the bottom row)


def sealed_by(
    pyramid: Pyramid,
    forests: Sequence[tuple[Position, PlacedTile]],
    spot: Position,
    placed: PlacedTile,
) -> list[Sealing]:
    """Which of ``forests`` (open ones, see :func:`open_forests`) placing ``placed`` at
    ``spot`` would leave unable to be validated: as their neighbour, or by ending the
    bottom row where too few of their neighbour spots remain."""
    out = []
    for pos, forest in forests:
        beside = spot in neighbor_positions(pos)
        if not beside and spot[0] != 1:
            continue  # neither a neighbour nor a change of the bottom row's extent
        effect = forest.tile.effect
        have = forest_matching(pyramid, pos, forest)
        matches = beside and (placed.wild or placed.tile.color in effect.colors)
        if matches:
            have += 1
        free = forest_free(pyramid, pos, spot)
        if have + free < effect.count:
            out.append(Sealing(pos, forest.tile, have, effect.count, free, beside and not matches))
    return out


# ---------------------------------------------------------------------- a player
def tile_outlook(pyramid: Pyramid, score: TileScore) -> TileOutlook:
    placed = pyramid[score.position]
    tile = placed.tile
    if score.reason in ("cancelled",):
        return TileOutlook(score.position, tile, Prospect.LOST, 0, tile.cp, score.reason)
    if not placed.wild and tile.effect.kind is EffectKind.FOREST:
        return _forest_outlook(pyramid, score, placed)
    return TileOutlook(
        score.position, tile, Prospect.SCORES, score.points, score.points, score.reason
    )


@dataclass(frozen=True, slots=True)
class GodLoss:
    """Why a god can no longer score (R-GOD-1). ``condition``: the count it compares
    (a key of :data:`~orbis_tui.engine.scoring.MOST_GODS`' values, ``wilderness``,
    ``balance``, ``cancelled``). ``leader``: the player whose count settles it (the most
    of that kind, or the one who can end with the fewest wildernesses), with ``theirs``;
    ``reach``: the most (or, for wildernesses, the fewest) the player can end with;
    ``left``: the tiles the player still places; ``missing``: how many parts of a
    balance are not held (God of Equilibrium), ``parts`` which (see
    :func:`balance_missing`)."""

    condition: str
    leader: int | None = None
    theirs: int = 0
    reach: int = 0
    left: int = 0
    missing: int = 0
    parts: tuple[str, ...] = ()


# The parts of the God of Equilibrium's balance (R-GOD-1), as :func:`effect_counts` counts
# them: a validated village, a temple, a validated volcano.
BALANCE = ("village", "temple", "volcano")


def balance_missing(counts: dict[str, int]) -> tuple[str, ...]:
    """The parts of the balance that a pyramid with these counts lacks."""
    return tuple(key for key in BALANCE if not counts[key])


def god_loss(
    seat: int,
    god: GodId,
    counts: Sequence[dict[str, int]],
    pyramids: Sequence[Pyramid],
) -> GodLoss | None:
    """Why ``seat``'s ``god`` can no longer score with these counts and pyramids, or None
    while it still can (or scores). Bounds err towards "can still": a god called lost is
    lost whatever anybody does."""
    left = [REGION_TILES - len(p) for p in pyramids]
    mine = counts[seat]
    others = [i for i in range(len(counts)) if i != seat]
    if god is GodId.DEATH:
        return GodLoss("cancelled")
    if god in MOST_GODS:
        key = MOST_GODS[god]
        best = mine[key] + left[seat]
        if key == "forest":  # one placement can validate several waiting forests
            best += len(open_forests(pyramids[seat]))
        leader = max(others, key=lambda i: counts[i][key], default=None)
        theirs = counts[leader][key] if leader is not None else 0
        if best < max(1, theirs):
            return GodLoss(key, leader, theirs, best, left[seat])
        return None
    if god is GodId.TECHNOLOGY:
        fewest = min(others, key=lambda i: counts[i]["wilderness"] + left[i], default=None)
        if fewest is None:
            return None
        reach = counts[fewest]["wilderness"] + left[fewest]
        if reach < mine["wilderness"]:
            return GodLoss("wilderness", fewest, reach, mine["wilderness"], left[seat])
        return None
    if god is GodId.EQUILIBRIUM:
        parts = balance_missing(mine)
        if len(parts) > left[seat]:
            return GodLoss("balance", left=left[seat], missing=len(parts), parts=parts)
    return None


def god_outlook(
    seat: int,
    god_score: GodScore,
    cp: int,
    counts: Sequence[dict[str, int]],
    pyramids: Sequence[Pyramid],
) -> GodOutlook:
    god = god_score.god
    if god_score.points > 0 or god is None:
        prospect = Prospect.SCORES if god is not None else Prospect.OPEN
        return GodOutlook(god, prospect, god_score.points, cp, god_score.reason)
    lost = god_loss(seat, god, counts, pyramids) is not None
    prospect = Prospect.LOST if lost else Prospect.OPEN
    missing = balance_missing(counts[seat]) if god is GodId.EQUILIBRIUM else ()
    return GodOutlook(god, prospect, 0, cp, god_score.reason, missing)


def outlook_of(
    scores: Sequence[PlayerScore], pyramids: Sequence[Pyramid], god_cp: Sequence[int], seat: int
) -> Outlook:
    """The outlook of ``seat`` from every player's scores (``score_game``'s) and pyramid;
    ``god_cp`` is each player's god's printed CP (0 without one)."""
    score = scores[seat]
    pyramid = pyramids[seat]
    tiles = tuple(tile_outlook(pyramid, t) for t in score.tiles)
    counts = [s.counts for s in scores]
    god = god_outlook(seat, score.god, god_cp[seat], counts, pyramids)
    return Outlook(seat, tiles, score.temple_count, score.temple_token, god)


__all__ = [
    "GodLoss",
    "GodOutlook",
    "Outlook",
    "Prospect",
    "Sealing",
    "TileOutlook",
    "forest_free",
    "forest_standing",
    "god_loss",
    "god_outlook",
    "open_forests",
    "outlook_of",
    "sealed_by",
    "windows",
]
