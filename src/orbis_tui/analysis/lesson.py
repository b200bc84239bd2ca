"""The lesson of a game, per player: the two or three things that decided the result.

Found by replaying the record and reading the review, each finding with a weight in CP
so that the biggest come first:

- the clear mistakes, and what they cost in all (the review's own losses);
- running short of worshipers: the round from which most of the player's turns began
  with at most one worshiper (weighed by the wildernesses taken from then on);
- the god: when it came and what it scored, against the best other god (or none taken);
- the categories where the strongest opponent (the winner; the runner-up for the
  winner) scored most over the player (the temple token among them), with level-3 tiles
  counted for each;
- the player's forests that scored nothing (their printed CP lost);
- a tie on CP lost on the worshipers left (R-END-5).

It ends with what to do differently, in the game's terms, for the one or two findings
that weighed most (none for a finding of a CP or so: advice to fight for a point is
noise). A lesson says "you" to the player it is addressed to (the one seat
of a review of one seat), and names the player in a review of several.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..bots.victory import WIN_VALUE
from ..engine import GameState, PlayerScore, TookGod, TurnStarted, final_scores
from ..i18n import Template, fill, gettext
from ..levels import HUMAN
from ..records import GameRecord, start_state
from ..words import name_of
from . import texts

LESSONS = 3  # findings kept per player
SHORT = 1  # worshipers at a turn's start that count as running short
NOTABLE = 1.0  # CP: a smaller finding is not a lesson


ADVICE = 2  # things to do differently, from the findings that weighed most
ADVICE_FLOOR = 2.0  # CP: a finding lighter than this is said, but not worth advice


@dataclass(frozen=True, slots=True)
class Finding:
    cp: float  # how much it weighed, in CP
    text: str
    advice: str = ""  # what to do differently (a key of texts.ADVICE), if anything
    values: tuple[tuple[str, object], ...] = ()  # the advice's numbers and names


@dataclass(slots=True)
class _Trace:
    """What the replay noted for one seat."""

    starts: list[tuple[int, int]]  # (round, worshipers) at the start of each own turn
    god_round: int | None = None


def game_lessons(
    record: GameRecord,
    losses: Mapping[int, Sequence[tuple[int, float]]],
    addressed: int | None = None,
) -> dict[int, tuple[str, ...]]:
    """Per seat, its lesson (up to :data:`LESSONS` sentences, biggest first, then one
    saying what to do differently). ``losses`` gives, per seat reviewed, the (round, CP
    lost) of each of its clear mistakes. The lesson of ``addressed`` says "you"; the
    others name their player."""
    state, traces = _replayed(record)
    scores = final_scores(state)
    lessons: dict[int, tuple[str, ...]] = {}
    for seat in losses:
        say = _Say(seat == addressed, scores[seat].name)
        findings = [
            *_mistakes(losses[seat], scores[seat].total, _best_other(scores, seat)),
            *_tie_break(say, scores, seat),
            *_short(say, state, seat, traces[seat]),
            *_god(say, state, seat, scores, traces),
            *_forests(say, state, seat, scores),
            *_gap(say, state, seat, scores),
        ]
        findings = [f for f in findings if f.cp >= NOTABLE]
        findings.sort(key=lambda f: -f.cp)
        kept = findings[:LESSONS]
        lines = [f.text for f in kept]
        hints = _asks_hints(record, seat)
        advice = [
            fill(texts.ADVICE[f.advice], **dict(f.values))
            for f in kept
            if f.advice and f.cp >= ADVICE_FLOOR and (hints or f.advice != "mistakes")
        ]
        if advice:
            joined = texts.ADVICE_SEP.join(advice[:ADVICE])
            lines.append(say.fill(texts.LESSON_ADVICE, texts.LESSON_ADVICE_NAMED, advice=joined))
        lessons[seat] = tuple(lines)
    return lessons


def _asks_hints(record: GameRecord, seat: int) -> bool:
    """Whether "ask for a hint" is advice ``seat`` can take: a person who played with
    hints (a computer asks for none; a seat played without hints chose so)."""
    setup = record.setup
    person = setup.seats is None or seat >= len(setup.seats) or setup.seats[seat] == HUMAN
    return person and seat not in (setup.no_hints or [])


@dataclass(frozen=True, slots=True)
class _Say:
    """Whom a lesson is said to: the player ("you"), or of the player by name."""

    to_player: bool
    player: str

    def fill(
        self,
        to_them: Template,
        named: Template,
        **values: object,
    ) -> str:
        if self.to_player:
            return fill(to_them, **values)
        return fill(named, player=self.player, **values)


def _replayed(record: GameRecord) -> tuple[GameState, list[_Trace]]:
    from ..engine import parse_action

    state = start_state(record.setup)
    traces = [_Trace([]) for _ in range(state.num_players)]
    traces[state.current].starts.append((1, state.players[state.current].worshipers))
    for text in record.actions:
        played_in = _round(state)  # the events come after the turn may have ended
        for event in state.apply(parse_action(text)):
            if isinstance(event, TurnStarted):
                seat = event.player
                traces[seat].starts.append((_round(state), state.players[seat].worshipers))
            elif isinstance(event, TookGod):
                traces[event.player].god_round = played_in
    return state, traces


def _round(state: GameState) -> int:
    return state.turn // state.num_players + 1


def _mistakes(losses: Sequence[tuple[int, float]], own: int, best: int) -> list[Finding]:
    """The clear mistakes together, beside the final score (``own`` CP against the best
    other player's ``best``): their sum is of expected losses, not the final gap."""
    if not losses:
        return []
    total = sum(loss for _, loss in losses)
    numbers = sorted({r for r, _ in losses})
    rounds = fill(
        texts.LESSON_ROUNDS, count=len(numbers), rounds=texts.LIST_SEP.join(map(str, numbers))
    )
    text = fill(
        texts.LESSON_MISTAKES, count=len(losses), loss=total, rounds=rounds, own=own, best=best
    )
    return [Finding(total, text, "mistakes")]


def _best_other(scores: Sequence[PlayerScore], seat: int) -> int:
    return max(s.total for s in scores if s.seat != seat)


def _tie_break(say: _Say, scores: Sequence[PlayerScore], seat: int) -> list[Finding]:
    """R-END-5: the seat had the most CP with others and lost on the worshipers left."""
    own = scores[seat]
    if own.won or not own.tie_break_used:
        return []
    winner = max((s for s in scores if s.won), key=lambda s: s.worshipers)
    values = {"name": winner.name, "yours": own.worshipers, "theirs": winner.worshipers}
    text = say.fill(texts.LESSON_TIE_BREAK, texts.LESSON_TIE_BREAK_NAMED, **values)
    return [Finding(WIN_VALUE, text, "tie_break")]


def _forests(
    say: _Say, state: GameState, seat: int, scores: Sequence[PlayerScore]
) -> list[Finding]:
    """R-EFF-FOREST: the seat's forests that scored nothing, and their printed CP."""
    tiles = state.catalog.tile_by_id
    dead = [tiles[t.tile_id] for t in scores[seat].tiles if t.reason == "forest_unmet"]
    if not dead:
        return []
    cp = sum(tile.cp for tile in dead)
    names = texts.LIST_SEP.join(name_of(tile) for tile in dead)
    text = say.fill(
        texts.LESSON_FORESTS, texts.LESSON_FORESTS_NAMED, count=len(dead), names=names, cp=cp
    )
    return [Finding(float(cp), text, "forest")]


def _short(say: _Say, state: GameState, seat: int, trace: _Trace) -> list[Finding]:
    """From which round most of the seat's turns began with at most one worshiper."""
    starts = trace.starts
    for index, (round_, _) in enumerate(starts):
        rest = starts[index:]
        short = sum(1 for _, worshipers in rest if worshipers <= SHORT)
        if len(rest) >= 2 and starts[index][1] <= SHORT and 2 * short > len(rest):
            wild = sum(
                1 for t in final_scores(state)[seat].tiles if t.reason.startswith("wilderness")
            )
            values = {"round": round_, "short": short, "turns": len(rest)}
            text = say.fill(texts.LESSON_SHORT, texts.LESSON_SHORT_NAMED, **values)
            return [Finding(max(short / 2, float(wild)), text, "short")]
    return []


def _god(
    say: _Say,
    state: GameState,
    seat: int,
    scores: Sequence[PlayerScore],
    traces: Sequence[_Trace],
) -> list[Finding]:
    own = scores[seat].god
    best_other = max(s.god.points for s in scores if s.seat != seat)
    if own.god is None:
        text = say.fill(texts.LESSON_NO_GOD, texts.LESSON_NO_GOD_NAMED)
        return [Finding(float(best_other), text, "no_god")]
    if own.points >= best_other:
        return []
    name = name_of(state.catalog.god_by_id[own.god])
    values = {"god": name, "round": traces[seat].god_round or 0, "points": own.points}
    text = say.fill(texts.LESSON_GOD, texts.LESSON_GOD_NAMED, **values)
    return [Finding(float(best_other - own.points), text, "god")]


def _gap(say: _Say, state: GameState, seat: int, scores: Sequence[PlayerScore]) -> list[Finding]:
    """The categories where the strongest opponent scored over the seat, the temple
    token and the god among them (the god has a finding of its own), and the level-3
    tiles each took."""
    ranked = sorted(scores, key=lambda s: (s.rank, s.seat))
    rival = next(s for s in ranked if s.seat != seat)
    own = scores[seat]
    gaps = {
        key: rival.categories.get(key, 0) - own.categories.get(key, 0)
        for key in set(rival.categories) | set(own.categories)
    }
    findings = []
    for key in sorted(gaps, key=lambda k: (-gaps[k], k)):
        # the god and dead forests have findings of their own
        if gaps[key] <= 0 or key == "god":
            continue
        values = {
            "category": gettext(texts.CATEGORY.get(key, key)),
            "name": rival.name,
            "theirs": rival.categories.get(key, 0),
            "yours": own.categories.get(key, 0),
        }
        text = say.fill(texts.LESSON_CATEGORY, texts.LESSON_CATEGORY_NAMED, **values)
        advice = key if key in ("temple_token", "forest") else "category"
        findings.append(Finding(float(gaps[key]), text, advice, tuple(values.items())))
    high = [_level3(state, s.seat) for s in (rival, own)]
    if high[0] > high[1]:
        values = {"name": rival.name, "theirs": high[0], "yours": high[1]}
        text = say.fill(texts.LESSON_LEVEL3, texts.LESSON_LEVEL3_NAMED, **values)
        findings.append(Finding(float(high[0] - high[1]), text, "level3"))
    return findings


def _level3(state: GameState, seat: int) -> int:
    pyramid = state.players[seat].pyramid
    return sum(1 for placed in pyramid.values() if not placed.wild and placed.tile.level == 3)
