"""A finished (or unfinished) game's record, to be stepped through position by position.

Position ``i`` is the table just before the record's action ``i`` was played (position
``len(actions)`` is the last one). States are replayed once, on opening; every tenth is
kept, and any other is rebuilt from the one before it, so stepping back and forth stays
quick without keeping hundreds of copies.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action, GameState, parse_action
from ...records import GameRecord, start_state

CHECKPOINT = 10


@dataclass(frozen=True)
class Moment:
    """Who decided what at one position: the seat to move and the game's turn (from 1)."""

    seat: int
    turn: int


class ReplayBook:
    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.actions: list[Action] = [parse_action(text) for text in record.actions]
        state = start_state(record.setup)
        self._kept: dict[int, GameState] = {}
        self.moments: list[Moment] = []
        for index, action in enumerate(self.actions):
            if index % CHECKPOINT == 0:
                self._kept[index] = state.copy()
            self.moments.append(Moment(state.current, state.turn + 1))
            state.apply(action)
        self._kept[len(self.actions)] = state
        self.moments.append(Moment(state.current, state.turn + 1))
        self._cache: tuple[int, GameState] | None = None

    @property
    def last(self) -> int:
        """The last position: after every action of the record."""
        return len(self.actions)

    def state(self, position: int) -> GameState:
        """The state at ``position`` (do not change it: it may be shared)."""
        position = max(0, min(position, self.last))
        kept = self._kept.get(position)
        if kept is not None:
            return kept
        cached = self._cache
        if cached is not None and cached[0] == position:
            return cached[1]
        if (
            cached is not None
            and cached[0] < position
            and cached[0] // CHECKPOINT == (position // CHECKPOINT)
        ):
            start, state = cached[0], cached[1].copy()
        else:
            start = position - position % CHECKPOINT
            state = self._kept[start].copy()
        for action in self.actions[start:position]:
            state.apply(action)
        self._cache = (position, state)
        return state

    def turn_start(self, position: int, step: int) -> int:
        """The first position of the turn ``step`` turns away from ``position``'s (-1 the
        turn before, or the start of this one if ``position`` is inside it; +1 the next)."""
        position = max(0, min(position, self.last))
        turn = self.moments[position].turn
        if step > 0:
            for later in range(position + 1, self.last + 1):
                if self.moments[later].turn > turn:
                    return later
            return self.last
        start = self._first_of_turn(position)
        if start < position:
            return start
        return self._first_of_turn(start - 1) if start > 0 else 0

    def _first_of_turn(self, position: int) -> int:
        turn = self.moments[position].turn
        while position > 0 and self.moments[position - 1].turn == turn:
            position -= 1
        return position
