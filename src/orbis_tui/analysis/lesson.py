"""The lesson of a game, per player: the two or three things that decided the result.

Found by replaying the record and reading the review, each finding with a weight in CP
so that the biggest come first:

- the clear mistakes, and what they cost in all (the review's own losses);
- running short of worshipers: the round from which most of the player's turns began
  with at most one worshiper (weighed by the wildernesses taken from then on);
- the god: when it came and what it scored, against the best other god (or none taken);
- the category where the strongest opponent (the winner; the runner-up for the
  winner) scored most over the player, with level-3 tiles counted for each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import GameState, PlayerScore, TookGod, TurnStarted, final_scores
from ..i18n import choose, format_numbers, gettext
from ..records import GameRecord, start_state
from ..words import name_of
from . import texts

LESSONS = 3  # findings kept per player
SHORT = 1  # worshipers at a turn's start that count as running short
NOTABLE = 1.0  # CP: a smaller finding is not a lesson


@dataclass(frozen=True, slots=True)
class Finding:
    cp: float  # how much it weighed, in CP
    text: str


@dataclass(slots=True)
class _Trace:
    """What the replay noted for one seat."""

    starts: list[tuple[int, int]]  # (round, worshipers) at the start of each own turn
    god_round: int | None = None


def game_lessons(
    record: GameRecord, losses: Mapping[int, Sequence[tuple[int, float]]]
) -> dict[int, tuple[str, ...]]:
    """Per seat, its lesson (up to :data:`LESSONS` sentences, biggest first). ``losses``
    gives, per seat reviewed, the (round, CP lost) of each of its clear mistakes."""
    state, traces = _replayed(record)
    scores = final_scores(state)
    lessons: dict[int, tuple[str, ...]] = {}
    for seat in losses:
        findings = [
            *_mistakes(losses[seat]),
            *_short(state, seat, traces[seat]),
            *_god(state, seat, scores, traces),
            *_gap(state, seat, scores),
        ]
        findings = [f for f in findings if f.cp >= NOTABLE]
        findings.sort(key=lambda f: -f.cp)
        lessons[seat] = tuple(f.text for f in findings[:LESSONS])
    return lessons


def _replayed(record: GameRecord) -> tuple[GameState, list[_Trace]]:
    from ..engine import parse_action

    state = start_state(record.setup)
    traces = [_Trace([]) for _ in range(state.num_players)]
    traces[state.current].starts.append((1, state.players[state.current].worshipers))
    for text in record.actions:
        for event in state.apply(parse_action(text)):
            if isinstance(event, TurnStarted):
                seat = event.player
                traces[seat].starts.append((_round(state), state.players[seat].worshipers))
            elif isinstance(event, TookGod):
                traces[event.player].god_round = _round(state)
    return state, traces


def _round(state: GameState) -> int:
    return state.turn // state.num_players + 1


def _fill(template: str | tuple[str, str, str], **values: object) -> str:
    return format_numbers(choose(template, values), **values)


def _mistakes(losses: Sequence[tuple[int, float]]) -> list[Finding]:
    if not losses:
        return []
    total = sum(loss for _, loss in losses)
    rounds = texts.LIST_SEP.join(str(r) for r in sorted({r for r, _ in losses}))
    text = _fill(texts.LESSON_MISTAKES, count=len(losses), loss=total, rounds=rounds)
    return [Finding(total, text)]


def _short(state: GameState, seat: int, trace: _Trace) -> list[Finding]:
    """From which round most of the seat's turns began with at most one worshiper."""
    starts = trace.starts
    for index, (round_, _) in enumerate(starts):
        rest = starts[index:]
        short = sum(1 for _, worshipers in rest if worshipers <= SHORT)
        if len(rest) >= 2 and starts[index][1] <= SHORT and 2 * short > len(rest):
            wild = sum(
                1 for t in final_scores(state)[seat].tiles if t.reason.startswith("wilderness")
            )
            text = _fill(texts.LESSON_SHORT, round=round_, short=short, turns=len(rest))
            return [Finding(max(short / 2, float(wild)), text)]
    return []


def _god(
    state: GameState, seat: int, scores: Sequence[PlayerScore], traces: Sequence[_Trace]
) -> list[Finding]:
    own = scores[seat].god
    best_other = max(s.god.points for s in scores if s.seat != seat)
    if own.god is None:
        return [Finding(float(best_other), gettext(texts.LESSON_NO_GOD))]
    if own.points >= best_other:
        return []
    name = name_of(state.catalog.god_by_id[own.god])
    values = {"god": name, "round": traces[seat].god_round or 0, "points": own.points}
    return [Finding(float(best_other - own.points), _fill(texts.LESSON_GOD, **values))]


def _gap(state: GameState, seat: int, scores: Sequence[PlayerScore]) -> list[Finding]:
    """The category where the strongest opponent scored most over the seat."""
    ranked = sorted(scores, key=lambda s: (s.rank, s.seat))
    rival = next(s for s in ranked if s.seat != seat)
    own = scores[seat]
    gaps = {
        key: rival.categories.get(key, 0) - own.categories.get(key, 0)
        for key in set(rival.categories) | set(own.categories)
    }
    key = max(sorted(gaps), key=lambda k: gaps[k])
    findings = []
    if gaps[key] > 0:
        values = {
            "category": gettext(texts.CATEGORY.get(key, key)),
            "name": rival.name,
            "theirs": rival.categories.get(key, 0),
            "yours": own.categories.get(key, 0),
        }
        findings.append(Finding(float(gaps[key]), _fill(texts.LESSON_CATEGORY, **values)))
    high = [_level3(state, s.seat) for s in (rival, own)]
    if high[0] > high[1]:
        values = {"name": rival.name, "theirs": high[0], "yours": high[1]}
        findings.append(Finding(float(high[0] - high[1]), _fill(texts.LESSON_LEVEL3, **values)))
    return findings


def _level3(state: GameState, seat: int) -> int:
    pyramid = state.players[seat].pyramid
    return sum(1 for placed in pyramid.values() if not placed.wild and placed.tile.level == 3)
