"""The game log: plain sentences for every action, kept in step with undo."""

from __future__ import annotations

from ..engine import Event, GameState, TurnEnded, parse_action
from ..records import Match
from ..records.model import start_state
from . import texts
from .describe import event_lines


class LogBook:
    """The events of every action of the record and their sentences, plus the opening line."""

    def __init__(self, match: Match) -> None:
        state = start_state(match.record.setup)
        self._words = state.copy()  # names and tiles, to put events into words
        self._names = [p.name for p in state.players]
        self.opening = [texts.LOG["turn_started"].format(name=state.player.name)]
        self.entries: list[tuple[list[Event], list[str]]] = []
        for text in match.record.actions:
            events = state.apply(parse_action(text))
            self.entries.append((events, event_lines(state, events)))
        self._lines: list[str] | None = None

    def add(self, state: GameState, events: list[Event]) -> list[str]:
        lines = event_lines(state, events)
        self.entries.append((events, lines))
        self._lines = None
        return lines

    def undo(self) -> None:
        if self.entries:
            self.entries.pop()
        self._lines = None

    def lines(self) -> list[str]:
        if self._lines is None:
            out = list(self.opening)
            for _, entry in self.entries:
                out.extend(entry)
            self._lines = out
        return self._lines

    def since_turn_of(self, seat: int, limit: int = 12) -> list[str]:
        """What happened since ``seat``'s previous turn ended (for the hand-over)."""
        recent: list[str] = list(self.opening)
        for events, lines in self.entries:
            ended = [
                i for i, e in enumerate(events) if isinstance(e, TurnEnded) and e.player == seat
            ]
            if ended:
                recent = event_lines(self._words, events[ended[-1] + 1 :])
            else:
                recent.extend(lines)
        # The line that opens this seat's own turn says nothing new.
        if recent and recent[-1] == texts.LOG["turn_started"].format(name=self._names[seat]):
            recent = recent[:-1]
        return recent[-limit:]
