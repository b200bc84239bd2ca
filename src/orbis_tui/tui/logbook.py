"""The game log: plain sentences for every action, kept in step with undo."""

from __future__ import annotations

from ..engine.events import Event
from ..engine.notation import parse_action
from ..engine.state import GameState
from ..records import Match
from ..records.model import start_state
from . import texts
from .describe import event_lines


class LogBook:
    """One list of sentences per action of the record, plus the opening line."""

    def __init__(self, match: Match) -> None:
        state = start_state(match.record.setup)
        self.opening = [texts.LOG["turn_started"].format(name=state.player.name)]
        self.entries: list[list[str]] = []
        for text in match.record.actions:
            events = state.apply(parse_action(text))
            self.entries.append(event_lines(state, events))

        self._lines: list[str] | None = None

    def add(self, state: GameState, events: list[Event]) -> list[str]:
        lines = event_lines(state, events)
        self.entries.append(lines)
        self._lines = None
        return lines

    def undo(self) -> None:
        if self.entries:
            self.entries.pop()
        self._lines = None

    def lines(self) -> list[str]:
        if self._lines is None:
            out = list(self.opening)
            for entry in self.entries:
                out.extend(entry)
            self._lines = out
        return self._lines

    def since_turn_of(self, seat_name: str, names: list[str], limit: int = 12) -> list[str]:
        """What the others did since ``seat_name``'s previous turn ended (for the hand-over)."""
        lines = self.lines()
        markers = {texts.LOG["turn_started"].format(name=n) for n in names}
        mine = texts.LOG["turn_started"].format(name=seat_name)
        starts = [i for i, line in enumerate(lines) if line == mine]
        if len(starts) >= 2:
            after_mine = [i for i, line in enumerate(lines) if i > starts[-2] and line in markers]
            begin = after_mine[0] if after_mine else starts[-2]
        else:
            begin = 0
        recent = lines[begin:]
        if recent and recent[-1] == mine:
            recent = recent[:-1]
        return recent[-limit:]
