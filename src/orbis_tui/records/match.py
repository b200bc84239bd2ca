"""A game being played: its record and its state kept in step, with undo.

The app and the command line play through a :class:`Match`; every action goes to the
engine first and is written to the record only once the engine has accepted it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Action, Event, GameState, PlayerScore, final_scores, format_action
from .model import GameRecord, GameSetup, replay, start_state


class Match:
    def __init__(
        self,
        record: GameRecord,
        state: GameState | None = None,
        events: list[list[Event]] | None = None,
    ) -> None:
        """``state`` is the record already replayed, when the caller has it (with the
        ``events`` of its actions, if the replay kept them)."""
        self.record = record
        self._events = events if state is not None else None
        if state is None:
            self._events = []
            state = replay(record, events=self._events)
        self.state = state
        self.on_change: Callable[[Match], None] | None = None

    @property
    def events(self) -> list[list[Event]]:
        """What every action of the record did, in order (for the log and the history)."""
        if self._events is None:  # the state came replayed without them: replay once
            self._events = []
            replay(self.record, events=self._events)
        return self._events

    @classmethod
    def start(cls, setup: GameSetup) -> Match:
        match = cls(GameRecord(setup=setup), start_state(setup))
        match._events = []
        return match

    @property
    def turn_start(self) -> int:
        """Index of the first action of the turn in progress."""
        return len(self.record.actions) - self.state.actions_this_turn()

    @property
    def actions(self) -> list[str]:
        return self.record.actions

    def play(self, action: Action) -> list[Event]:
        """Apply ``action`` (raising IllegalAction, with nothing changed, if illegal)."""
        events = self.state.apply(action)
        self.record.actions.append(format_action(action))
        if self._events is not None:
            self._events.append(events)
        if self.state.is_over:
            self.record.result = [_standing(s) for s in final_scores(self.state)]
        if self.on_change:
            self.on_change(self)
        return events

    def note_hint(self) -> None:
        """Note in the record that a hint was shown at the decision now pending (none
        once the game is over)."""
        if self.state.is_over:
            return
        number = len(self.record.actions)
        hints = self.record.hints or []
        if number not in hints:
            self.record.hints = sorted([*hints, number])
            if self.on_change:
                self.on_change(self)

    def can_undo(self) -> bool:
        """Undo reaches back to the start of the current turn, never past a refill."""
        return len(self.record.actions) > self.turn_start and not self.state.is_over

    def undo(self) -> str:
        """Take back the last action of this turn; returns its notation."""
        if not self.can_undo():
            raise ValueError("nothing to undo in this turn")
        undone = self.record.actions.pop()
        if self.record.hints:
            # a hint at the decision now pending again stays; later ones are gone
            self.record.hints = [n for n in self.record.hints if n <= len(self.record.actions)]
        self.state.undo()
        if self._events:
            self._events.pop()
        if self.on_change:
            self.on_change(self)
        return undone

    def scores(self) -> list[PlayerScore]:
        return final_scores(self.state)


def _standing(score: PlayerScore) -> dict[str, object]:
    return {"seat": score.seat, "name": score.name, "total": score.total, "rank": score.rank}
