"""The game log: plain sentences for what every action of a match did.

The sentences are written from the match's own events (see
:attr:`orbis_tui.records.Match.events`), once per action, and follow undo.
"""

from __future__ import annotations

from ...engine import Event, TurnEnded
from ...records import Match, start_state
from ...words import event_lines, log_text


class LogBook:
    """The sentences of every action of ``match``, plus the opening line."""

    def __init__(self, match: Match) -> None:
        self.match = match
        state = start_state(match.record.setup)
        self._words = state  # names and tiles, to put events into words
        self.opening: list[str] = []
        self._written: list[tuple[list[Event], list[str]]] = []
        self.rewrite()

    def rewrite(self) -> None:
        """Write every sentence again (the language changed)."""
        self.opening = [log_text("turn_started").format(name=self._words.player.name)]
        self._written.clear()

    def entries(self) -> list[tuple[list[Event], list[str]]]:
        """(events, sentences) for every action of the match, kept in step with it."""
        events = self.match.events
        written = self._written
        keep = 0
        while keep < min(len(written), len(events)) and written[keep][0] is events[keep]:
            keep += 1
        del written[keep:]
        for happened in events[keep:]:
            written.append((happened, event_lines(self._words, happened)))
        return written

    def lines(self) -> list[str]:
        out = list(self.opening)
        for _, lines in self.entries():
            out.extend(lines)
        return out

    def since_turn_of(self, seat: int, limit: int = 12) -> list[str]:
        """What happened since ``seat``'s previous turn ended (for the hand-over)."""
        recent: list[str] = list(self.opening)
        for events, lines in self.entries():
            ended = [
                i for i, e in enumerate(events) if isinstance(e, TurnEnded) and e.player == seat
            ]
            if ended:
                recent = event_lines(self._words, events[ended[-1] + 1 :])
            else:
                recent.extend(lines)
        # The line that opens this seat's own turn says nothing new.
        names = [p.name for p in self._words.players]
        if recent and recent[-1] == log_text("turn_started").format(name=names[seat]):
            recent = recent[:-1]
        return recent[-limit:]
