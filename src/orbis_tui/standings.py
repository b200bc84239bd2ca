"""Final standings with the full breakdown, as text (for the terminal) or JSON."""

from __future__ import annotations

from typing import Any

from .engine import GameState, PlayerScore, final_scores, outlooks
from .i18n import gettext, ngettext
from .printable import printable
from .words import god_reason, name_of, tile_reason


def standings_json(state: GameState) -> dict[str, Any]:
    scores = final_scores(state)
    return {
        "finished": state.is_over,
        "players": [_player_json(s, state) for s in scores],
    }


def _player_json(score: PlayerScore, state: GameState) -> dict[str, Any]:
    return {
        "seat": score.seat,
        "name": score.name,
        "rank": score.rank,
        "won": score.won,
        "total": score.total,
        "worshipers": score.worshipers,
        "tie_break_used": score.tie_break_used,
        "categories": score.categories,
        "temple_token": score.temple_token,
        "temple_count": score.temple_count,
        "god": {
            "id": score.god.god.value if score.god.god else None,
            "points": score.god.points,
            "reason": score.god.reason,
        },
        "tiles": [
            {
                "row": t.position[0],
                "col": t.position[1],
                "tile": t.tile_id,
                "points": t.points,
                "reason": t.reason,
            }
            for t in score.tiles
        ],
    }


def standings_text(state: GameState) -> str:
    """The standings for a terminal: names and ids from the record are shown literally."""
    every = final_scores(state)
    views = outlooks(state, every)
    scores = sorted(every, key=lambda s: (s.rank, s.seat))
    if state.is_over:
        lines = [gettext("Final standings")]
    else:
        lines = [gettext("Standings so far (game not finished)")]
    # Before the end, "winner" would be a promise: the seat is ahead, no more; seats
    # level at the top are none of them ahead.
    if state.is_over:
        leading = gettext(" (winner)")
    elif sum(s.won for s in scores) > 1:
        leading = gettext(" (tied for the lead)")
    else:
        leading = gettext(" (ahead)")
    for s in scores:
        mark = leading if s.won else ""
        tie = (
            ngettext(
                ", {count} worshiper left (tie-break)",
                ", {count} worshipers left (tie-break)",
                s.worshipers,
            ).format(count=s.worshipers)
            if s.tie_break_used
            else ""
        )
        line = gettext("{rank}. {name}: {cp} CP{winner}{tie}")
        lines.append(
            line.format(rank=s.rank, name=printable(s.name), cp=s.total, winner=mark, tie=tie)
        )
        pyramid = state.players[s.seat].pyramid
        view = views[s.seat]
        for t in s.tiles:
            row, col = t.position
            place = sorted(c for r, c in pyramid if r == row).index(col) + 1
            name = printable(name_of(state.catalog.tile_by_id[t.tile_id]))
            where = gettext("row {row} #{pos}").format(row=row, pos=place)
            seen = view.tile_at(t.position)
            why = tile_reason(t.reason, seen, over=state.is_over, points=t.points)
            lines.append(f"     {where:<10}  {name:<24}  {t.points:>+3}  {why}")
        god = (
            printable(name_of(state.catalog.god_by_id[s.god.god]))
            if s.god.god
            else gettext("no god")
        )
        temples = ngettext("{count} temple", "{count} temples", s.temple_count).format(
            count=s.temple_count
        )
        token = gettext("temple token")
        lines.append(f"     {token:<36}  {s.temple_token:>+3}  ({temples})")
        why = god_reason(view.god, over=state.is_over)
        if why == god:  # no god: said once
            why = ""
        lines.append(f"     {god:<36}  {s.god.points:>+3}  {why}".rstrip())
    return "\n".join(lines)
