"""The game being played at the table, apart from how it is drawn.

A :class:`GameSession` holds the match, its autosave, who sits where, the finished
turns, and the turn waiting for confirmation. Every action goes to the engine; an
action that would end a person's turn can be held back (``confirm`` in
:meth:`GameSession.submit`): it is tried on a copy of the state, and the table shows
what the turn did, without the refill that would reveal the next tile, until the
player confirms it (then it is played into the match and saved) or drops it. Nothing
held back is saved, which is right: nothing was committed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    Refilled,
    TurnEnded,
    format_action,
)
from ...records import Match
from ...saves import SaveStore
from .history import TurnHistory, TurnSummary, made_impossible, standing, summarize
from .logbook import LogBook
from .seats import Seat


@dataclass(frozen=True)
class Pending:
    """An action that ends the turn, tried on a copy and waiting for confirmation."""

    action: Action
    after: GameState  # the copy, with the action played (its refill must stay hidden)
    summary: TurnSummary  # the whole turn, this action included
    hidden_cells: tuple[int, ...]  # market cells refilled: shown empty until confirmed


class GameSession:
    """A game played here: every seat's decisions are made on this screen (a person's)
    or by this app's computer players."""

    plays_bots = True  # this app moves the computer seats (a remote table moves its own)
    # A person's first turn on this screen opens behind the hand-over curtain (a table
    # played apart has no keyboard to hand over: each player has their own screen).
    curtain_first = True

    def __init__(
        self, match: Match, store: SaveStore | None, seats: list[Seat], *, autosave: bool = True
    ) -> None:
        self.match = match
        self.store = store
        self.seats = seats
        self.autosave = autosave and store is not None
        self.logbook = LogBook(match)
        self.history = TurnHistory(match)
        self.pending: Pending | None = None
        self.version = 0  # grows with every change the table must show
        self.save_error: OSError | None = None

    # ------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def seat(self) -> Seat:
        return self.seats[self.state.current]

    @property
    def shown(self) -> GameState:
        """The state the table draws: the pending turn's, while one waits."""
        return self.pending.after if self.pending is not None else self.match.state

    def decides(self, seat: int) -> bool:
        """Whether ``seat``'s decisions are made on this screen, by a person."""
        return self.seats[seat].human

    @property
    def humans(self) -> int:
        return sum(1 for s in self.seats if s.human)

    # ------------------------------------------------------------ playing
    def submit(self, action: Action, *, confirm: bool = False) -> IllegalAction | None:
        """Play ``action`` (or hold it back for confirmation, when it ends the turn and
        ``confirm`` asks for it); an illegal one changes nothing and its reason is
        returned."""
        state = self.state
        reason = state.why_not(action)
        if reason is not None:
            return reason
        if confirm and self.pending is None:
            trial = state.copy()
            events = trial.apply(action)
            if any(isinstance(e, TurnEnded) for e in events):
                self.pending = self._pending(action, trial, events)
                self.version += 1
                return None
        self._commit(action)
        return None

    def _pending(self, action: Action, after: GameState, events: list[Event]) -> Pending:
        state = self.state
        seat = state.current
        start = self.history.turn_start_state
        turn_events = [
            e for happened in self.match.events[self.match.turn_start :] for e in happened
        ]
        turn_events.extend(events)
        summary = summarize(
            after,
            seat,
            state.round,
            turn_events,
            standing(start, seat),
            standing(after, seat),
            losses=made_impossible(start, after, seat),
        )
        hidden = tuple(e.cell for e in events if isinstance(e, Refilled))
        return Pending(action, after, summary, hidden)

    def confirm(self) -> None:
        """Play the pending action into the match: the turn ends, the refill shows."""
        pending = self.pending
        if pending is None:
            return
        self.pending = None
        self._commit(pending.action)

    def _commit(self, action: Action) -> None:
        self.match.play(action)
        self.version += 1
        self._save()

    def can_undo(self) -> bool:
        return self.pending is not None or self.match.can_undo()

    def undo(self) -> str | None:
        """Drop the pending action, else take back the last action of the turn."""
        if self.pending is not None:
            action, self.pending = self.pending.action, None
            self.version += 1
            return format_action(action)
        if not self.match.can_undo():
            return None
        undone = self.match.undo()
        self.version += 1
        self._save()
        return undone

    def undo_on_its_way(self) -> str | None:
        """The action whose taking back was asked and not yet answered (at a table
        played apart, the server's answer comes a moment later); None here."""
        return None

    def note_hint(self) -> None:
        """A hint was shown for the decision pending: the record keeps it."""
        self.match.note_hint()
        self._save()

    def take_seat(self, seat: int) -> None:
        """A person takes over a computer seat (its player failed)."""
        self.seats[seat] = Seat(self.seats[seat].name)
        self.version += 1

    # ------------------------------------------------------------ saving
    def _save(self) -> None:
        store = self.store
        if not self.autosave or store is None:
            return
        store.save_soon(self.match.record)
        error = store.take_error()
        if error is not None:
            self.save_error = error

    def save_now(self) -> None:
        """The autosave holds every action played so far (the first one too)."""
        if self.autosave and self.store is not None:
            self.store.save_soon(self.match.record)

    def flush(self) -> None:
        if self.store is not None:
            self.store.flush()

    def take_save_error(self) -> OSError | None:
        error, self.save_error = self.save_error, None
        return error
