"""The turns of a review in the game's order: which turns a review hands over as it
judges them (:func:`judged_turns`), and a go-between that passes them on in that order
though several processes finish them in any (:class:`InTurnOrder`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from ..records import GameRecord
from .review import MoveReview, _by_turn, _decisions, _seats_asked


def judged_turns(record: GameRecord, seats: Iterable[int] | None = None) -> tuple[int, ...]:
    """The turns (from 1) whose judgements :func:`review_record` hands to its
    ``judged``, in the game's order: each turn with a decision of the ``seats`` asked
    (default: all) that had a choice."""
    wanted = set(_seats_asked(seats, len(record.setup.players)))
    decisions = [d for d in _decisions(record) if d.state.current in wanted and d.judged]
    return tuple(turn[0].state.turn + 1 for turn in _by_turn(decisions))


class InTurnOrder:
    """What hands ``judged`` each turn's judgements in the order of ``turns`` (the
    game's, :func:`judged_turns`), though the turns are judged in any order: a turn
    judged is handed on at once when every turn before it was, else held back until
    the last of those is judged. A turn not among ``turns`` is handed on at once."""

    def __init__(
        self, turns: Iterable[int], judged: Callable[[tuple[MoveReview, ...]], None]
    ) -> None:
        self._waiting = deque(turns)
        self._expected = set(self._waiting)
        self._held: dict[int, tuple[MoveReview, ...]] = {}
        self._judged = judged
        self.total = len(self._expected)
        self.arrived = 0  # of the turns expected

    def __call__(self, moves: tuple[MoveReview, ...]) -> None:
        if not moves or moves[0].turn not in self._expected:
            self._judged(moves)
            return
        self.arrived += 1
        self._held[moves[0].turn] = moves
        while self._waiting and self._waiting[0] in self._held:
            self._judged(self._held.pop(self._waiting.popleft()))

    def release_held(self) -> None:
        """Hand on the turns held back, in the game's order, though a turn before them
        was never judged: for a review stopped before its end, so that nothing judged
        goes unsaid."""
        for turn in sorted(self._held):
            self._judged(self._held.pop(turn))
