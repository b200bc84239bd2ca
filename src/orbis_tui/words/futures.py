"""Why one move was better, said from the futures that follow it: the same worlds played
to the end after the move played and after the best move, and which of the player's
tiles, temple token or god score differently in them ('after the best move Young Woods
scores in 9 futures of 10; after yours, in none')."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import GameState, PlayerScore
from ..i18n import fill
from . import texts
from .names import name_of

NOTABLE = 0.5  # CP: a smaller difference in the futures is not worth a sentence
NOTABLE_WIN = 0.05  # a smaller difference in the chance of winning is not worth one


@dataclass(frozen=True, slots=True)
class Difference:
    """One thing that scores differently in the two sets of futures."""

    cp: float  # mean CP it scores after the best move minus after the move played
    text: str


def future_differences(
    state: GameState, played: Sequence[PlayerScore], best: Sequence[PlayerScore]
) -> list[Difference]:
    """What scores differently after ``best`` than after ``played`` (final scores of one
    seat, world by world, the same worlds for both), biggest difference first."""
    count = min(len(played), len(best))
    if not count:
        return []
    played, best = played[:count], best[:count]
    found: list[Difference] = []
    tiles = state.catalog.tile_by_id
    for tile_id in sorted({t.tile_id for s in (*played, *best) for t in s.tiles}):
        after_best = [_tile_points(s, tile_id) for s in best]
        after_played = [_tile_points(s, tile_id) for s in played]
        gap = _mean(after_best) - _mean(after_played)
        if abs(gap) < NOTABLE:
            continue
        values = {
            "name": name_of(tiles[tile_id]),
            "count": count,
            "best_count": sum(1 for p in after_best if p is not None and p > 0),
            "played_count": sum(1 for p in after_played if p is not None and p > 0),
        }
        found.append(Difference(gap, fill(texts.FUTURE_TILE, **values)))
    god_gap = _mean([s.god.points for s in best]) - _mean([s.god.points for s in played])
    if abs(god_gap) >= NOTABLE:
        values = {
            "count": count,
            "best_count": sum(1 for s in best if s.god.points > 0),
            "played_count": sum(1 for s in played if s.god.points > 0),
        }
        found.append(Difference(god_gap, fill(texts.FUTURE_GOD, **values)))
    token_best = _mean([s.temple_token for s in best])
    token_played = _mean([s.temple_token for s in played])
    if abs(token_best - token_played) >= NOTABLE:
        values = {"best_mean": token_best, "played_mean": token_played}
        found.append(Difference(token_best - token_played, fill(texts.FUTURE_TEMPLE, **values)))
    wild_best = _mean([s.counts.get("wilderness", 0) for s in best])
    wild_played = _mean([s.counts.get("wilderness", 0) for s in played])
    wild_gap = _mean([s.categories.get("wilderness", 0) for s in best]) - _mean(
        [s.categories.get("wilderness", 0) for s in played]
    )
    if abs(wild_gap) >= NOTABLE:
        values = {"best_mean": wild_best, "played_mean": wild_played}
        found.append(Difference(wild_gap, fill(texts.FUTURE_WILDERNESS, **values)))
    found.sort(key=lambda d: -d.cp)
    return found


def futures_sentence(
    state: GameState, played: Sequence[PlayerScore], best: Sequence[PlayerScore]
) -> str | None:
    """The biggest gain of the best move in the futures, with the whole score's, in one
    sentence ('... after yours (in all, +3.2 CP on average for you)'); None when nothing
    stands out."""
    gains = [d for d in future_differences(state, played, best) if d.cp > 0]
    if not gains:
        return None
    total = _mean([s.total for s in best]) - _mean([s.total for s in played])
    said = texts.LIST_SEP.join(d.text for d in gains[:2])
    return fill(texts.FUTURES, what=said, total=total)


def victory_sentence(
    played_win: float,
    best_win: float,
    played: Sequence[PlayerScore] = (),
    best: Sequence[PlayerScore] = (),
) -> str | None:
    """What the best move does for the victory (R-END-5): the share of the futures it
    wins against the move played's, and, when ties on CP were broken in those futures,
    the worshipers left; None when the chances of winning hardly differ."""
    if not best_win - played_win >= NOTABLE_WIN:  # (False for NaN too)
        return None
    said = fill(texts.FUTURE_WINS, best_win=best_win, played_win=played_win)
    count = min(len(played), len(best))
    if count and any(s.tie_break_used for s in (*played[:count], *best[:count])):
        values = {
            "best_mean": _mean([s.worshipers for s in best[:count]]),
            "played_mean": _mean([s.worshipers for s in played[:count]]),
        }
        said += texts.LIST_SEP + fill(texts.FUTURE_TIE_BREAK, **values)
    return said


def _tile_points(score: PlayerScore, tile_id: str) -> int | None:
    return next((t.points for t in score.tiles if t.tile_id == tile_id), None)


def _mean(values: Sequence[float | int | None]) -> float:
    numbers = [0 if v is None else v for v in values]
    return sum(numbers) / len(numbers) if numbers else 0.0
