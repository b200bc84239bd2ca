"""Every finished turn of a match in plain words: who took what, what its effects did,
the worshipers and the CP before and after.

The history screen lists them grouped by player; the hand-over shows the ones played
since a person's last turn; the turn confirmation shows the turn being ended. Built
from the match's record, replayed once and then followed action by action (a finished
turn never changes: undo stops at the turn in progress).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...engine import (
    Cancelled,
    Count,
    Erupted,
    Event,
    Gained,
    GainedMany,
    GameState,
    GodCancelled,
    GodId,
    Outlook,
    Placed,
    PlayerScore,
    Prospect,
    ReductionTaken,
    Refilled,
    Tile,
    TookGod,
    TookTile,
    TurnEnded,
    TurnStarted,
    Validated,
    final_scores,
    outlooks,
    parse_action,
)
from ...i18n import fill
from ...i18n import gettext as _
from ...records import Match, start_state
from ...words import event_lines, god_name, god_reason_words, name_of, tile_label, worshiper_words
from .. import texts, texts_screens

# What a summary leaves out: the refill reveals the next tile (hidden until the turn is
# confirmed), and the turn markers say nothing about what was done.
_NOT_TOLD = (Refilled, TurnStarted, TurnEnded)
# What the effects (and the god) did, for the short summaries. A tile left unpaid is
# not among them: what was taken already says "as a wilderness".
_EFFECTS = (
    ReductionTaken,
    Gained,
    Cancelled,
    Validated,
    Erupted,
    GodCancelled,
    GainedMany,
)


@dataclass(frozen=True)
class SeatStanding:
    """What a player's CP now is made of, as far as other players can change it: the
    temple token (others' temples) and the god (others' counts)."""

    cp: int
    temples: int
    token: int
    god: GodId | None
    god_points: int
    god_cp: int
    god_prospect: Prospect
    god_reason: str
    god_missing: tuple[str, ...] = ()  # the parts of its balance (God of Equilibrium)


def seat_standings(views: Sequence[Outlook]) -> tuple[SeatStanding, ...]:
    return tuple(
        SeatStanding(
            v.total,
            v.temple_count,
            v.temple_token,
            v.god.god,
            v.god.points,
            v.god.cp,
            v.god.prospect,
            v.god.reason,
            v.god.missing,
        )
        for v in views
    )


@dataclass(frozen=True)
class TurnSummary:
    seat: int
    name: str
    round: int
    took: str  # the tile or god taken, in words
    lines: tuple[str, ...]  # what happened, one sentence each
    effects: tuple[str, ...]  # what its effects did (validated, cancelled, gained...)
    cp_before: int
    cp_after: int
    realm_before: Count
    realm_after: Count
    standings: tuple[SeatStanding, ...] = ()  # every seat's, when the turn ended
    god_taken: GodId | None = None
    losses: tuple[str, ...] = ()  # own forests and god the turn made impossible
    # The computer level that played this turn for its absent person (a table played
    # apart: the record's stand_ins), None when the seat's own player played it.
    stand_in: str | None = None

    @property
    def headline(self) -> str:
        if self.stand_in is not None:
            level = texts.level_name(self.stand_in)
            return _(texts.SUMMARY_HEAD_STAND_IN).format(
                level=level, name=self.name, took=self.took
            )
        return _(texts.SUMMARY_HEAD).format(name=self.name, took=self.took)

    @property
    def cp_line(self) -> str:
        return _(texts.SUMMARY_CP).format(before=self.cp_before, after=self.cp_after)

    @property
    def realm_line(self) -> str:
        if self.realm_before == self.realm_after:
            return _(texts.SUMMARY_REALM_SAME).format(now=worshiper_words(self.realm_after))
        return _(texts.SUMMARY_REALM).format(
            before=worshiper_words(self.realm_before), after=worshiper_words(self.realm_after)
        )


def summarize(
    words: GameState,
    seat: int,
    round_number: int,
    events: Sequence[Event],
    before: tuple[int, Count],
    after: tuple[int, Count],
    standings: tuple[SeatStanding, ...] = (),
    losses: tuple[str, ...] = (),
) -> TurnSummary:
    """The summary of one turn from its events; ``before``/``after`` are (CP, realm).
    ``words`` is any state of the game (for names and tiles); ``standings``: every
    seat's when the turn ended; ``losses``: see :func:`made_impossible`."""
    took = ""
    god_taken = None
    for event in events:
        match event:
            case TookTile(tile=tile):
                took = tile_label(words.catalog.tile_by_id[tile])
            case Placed(wild=True):  # face down (R-TAKE-3, R-TAKE-4): say so
                took = _(texts.SUMMARY_TOOK_WILD).format(tile=took)
            case TookGod(god=god):
                took = _(texts.SUMMARY_GOD).format(god=god_name(words, god))
                god_taken = god
    told = [e for e in events if not isinstance(e, _NOT_TOLD)]
    return TurnSummary(
        seat=seat,
        name=words.players[seat].name,
        round=round_number,
        took=took or _(texts.SUMMARY_NOTHING),
        lines=tuple(event_lines(words, told)),
        effects=tuple(event_lines(words, [e for e in events if isinstance(e, _EFFECTS)])),
        cp_before=before[0],
        cp_after=after[0],
        realm_before=before[1],
        realm_after=after[1],
        standings=standings,
        god_taken=god_taken,
        losses=losses,
    )


def stand_in_of(
    stand_ins: Sequence[dict[str, Any]] | None, seat: int, start: int, end: int
) -> str | None:
    """The computer level that played an action from ``start`` up to (not including)
    ``end`` for ``seat``'s absent person, as a record's ``stand_ins`` keep it; None if
    the person played them all."""
    for entry in stand_ins or ():
        begun, until = entry.get("from"), entry.get("to")
        if entry.get("seat") != seat or type(begun) is not int:
            continue
        if begun < end and (type(until) is not int or until > start):
            return str(entry.get("level"))
    return None


def made_impossible(start: GameState, after: GameState, seat: int) -> tuple[str, ...]:
    """What ``seat``'s own turn, from ``start`` to ``after``, made unable to score: its
    forests sealed (the forest placed this turn too, when no spot could validate it) and
    its god, in the outlook's words (the warnings said it before)."""
    before = outlooks(start)[seat]
    now = outlooks(after)[seat]
    could = {t.position for t in before.tiles if t.prospect is not Prospect.LOST}
    placed = {t.position for t in before.tiles}
    lines = [
        _(texts_screens.OUTLOOK_FOREST_LOST).format(
            tile=name_of(t.tile), cp=t.cp, have=t.have, need=t.need
        )
        for t in now.forests
        if t.prospect is Prospect.LOST
        and t.reason == "forest_sealed"
        and (t.position in could or t.position not in placed)
    ]
    god = now.god
    could_score = before.god.god is None or before.god.prospect is not Prospect.LOST
    if god.god is not None and god.prospect is Prospect.LOST and could_score:
        reason = god_reason_words(god.reason)
        name = god_name(after, god.god)
        lines.append(_(texts.SUMMARY_GOD_LOST).format(god=name, cp=god.cp, reason=reason))
    return tuple(lines)


def standing(
    state: GameState, seat: int, scores: list[PlayerScore] | None = None
) -> tuple[int, Count]:
    """(CP now, realm) of ``seat``; ``scores``: the state's final scores, if known."""
    if scores is None:
        scores = final_scores(state)
    return scores[seat].total, state.players[seat].realm_count


class TurnHistory:
    """The finished turns of ``match``, kept in step as it is played."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._state = start_state(match.record.setup)
        self._done = 0  # actions of the record replayed here
        self._turn: list[Event] = []
        self._before = standing(self._state, self._state.current)
        self._round = self._state.round
        self._start = seat_standings(outlooks(self._state))
        self.turns: list[TurnSummary] = []
        self.ends: list[int] = []  # the action count at the end of each turn

    def take_piles(self, piles: tuple[tuple[Tile, ...], ...]) -> None:
        """The match's face-down piles were put in another order (a seat of a table
        played apart learns the order only as tiles are turned up): replay on with it.
        The tiles drawn here so far are the same in both."""
        self._state.piles = piles

    @property
    def turn_start_state(self) -> GameState:
        """The state where the turn in progress began (do not change it)."""
        self.update()
        return self._state

    def update(self) -> list[TurnSummary]:
        """Take in the turns finished since the last call; returns every turn."""
        match = self.match
        finished = match.turn_start
        state = self._state
        for text in match.record.actions[self._done : finished]:
            seat = state.current
            events = state.apply(parse_action(text))
            self._done += 1
            self._turn.extend(events)
            if any(isinstance(e, TurnEnded) for e in events):
                scores = final_scores(state)  # once for the end of this turn and the next's start
                after = standing(state, seat, scores)
                every = seat_standings(outlooks(state, scores))
                turn = summarize(state, seat, self._round, self._turn, self._before, after, every)
                start = self.ends[-1] if self.ends else 0
                level = stand_in_of(match.record.stand_ins, seat, start, self._done)
                self.turns.append(turn if level is None else replace(turn, stand_in=level))
                self.ends.append(self._done)
                self._turn = []
                if not state.is_over:
                    self._before = standing(state, state.current, scores)
                    self._round = state.round
        return self.turns

    def turns_within(self, actions: int) -> int:
        """How many turns the first ``actions`` actions of the game finished."""
        self.update()
        return sum(1 for end in self.ends if end <= actions)

    def since_turn_of(self, seat: int) -> list[TurnSummary]:
        """The turns played since ``seat``'s last one (all of them if it has not played)."""
        turns = self.update()
        last = max((i for i, t in enumerate(turns) if t.seat == seat), default=-1)
        return turns[last + 1 :]

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a turn of this game yet."""
        return any(t.seat == seat for t in self.update())

    def done_to(self, seat: int) -> list[str]:
        """What the turns since ``seat``'s last one did to it, one sentence each: every
        change of its CP now (its temple token, its god) with who caused it, and the gods
        taken that it can no longer take. Empty when nothing changed for it."""
        turns = self.update()
        last = max((i for i, t in enumerate(turns) if t.seat == seat), default=-1)
        before = turns[last].standings[seat] if last >= 0 else self._start[seat]
        start = before
        words = self._state
        lines: list[str] = []
        for turn in turns[last + 1 :]:
            if not turn.standings:
                continue
            now = turn.standings[seat]
            other = turn.name
            if turn.god_taken is not None and now.god is None:
                god = god_name(words, turn.god_taken)
                lines.append(_(texts_screens.YOU_GOD_TAKEN).format(other=other, god=god))
            if now.token != before.token:
                template = (
                    texts_screens.YOU_TEMPLE_FELL
                    if now.token < before.token
                    else texts_screens.YOU_TEMPLE_ROSE
                )
                lines.append(
                    fill(
                        template,
                        before=before.token,
                        after=now.token,
                        other=other,
                        count=turn.standings[turn.seat].temples,
                        mine=now.temples,
                    )
                )
            if now.god is not None and now.god == before.god:
                line = _god_change(words, before, now, other)
                if line:
                    lines.append(line)
            before = now
        if before.cp != start.cp or lines:
            head = _(texts_screens.HANDOVER_TO_YOU).format(
                name=words.players[seat].name, before=start.cp, after=before.cp
            )
            lines.insert(0, head)
        return lines

    def by_player(self) -> list[list[TurnSummary]]:
        turns = self.update()
        return [[t for t in turns if t.seat == seat] for seat in range(len(self._state.players))]


def _god_change(words: GameState, before: SeatStanding, now: SeatStanding, other: str) -> str:
    """How a player's god stands after another player's turn, when that changed."""
    assert now.god is not None
    reason = god_reason_words(now.god_reason, now.god_missing)
    values = {"god": god_name(words, now.god), "cp": now.god_cp, "other": other, "reason": reason}
    if now.god_points > before.god_points:
        return _(texts_screens.YOU_GOD_BACK).format(**values)
    if now.god_prospect is Prospect.LOST and before.god_prospect is not Prospect.LOST:
        return _(texts_screens.YOU_GOD_LOST).format(**values)
    if now.god_points < before.god_points:
        return _(texts_screens.YOU_GOD_FAILS).format(**values)
    return ""
