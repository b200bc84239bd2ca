"""The turns of a review in the game's order: which turns a review hands over as it
judges them (:func:`judged_turns`), and a go-between that passes them on in that order
though several processes finish them in any (:func:`in_turn_order`)."""

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


def in_turn_order(
    turns: Iterable[int], judged: Callable[[tuple[MoveReview, ...]], None]
) -> Callable[[tuple[MoveReview, ...]], None]:
    """What hands ``judged`` each turn's judgements in the order of ``turns`` (the
    game's, :func:`judged_turns`), though the turns are judged in any order: a turn
    judged is handed on at once when every turn before it was, else held back until
    the last of those is judged. A turn not among ``turns`` is handed on at once."""
    waiting = deque(turns)
    expected = set(waiting)
    held: dict[int, tuple[MoveReview, ...]] = {}

    def arrived(moves: tuple[MoveReview, ...]) -> None:
        if not moves or moves[0].turn not in expected:
            judged(moves)
            return
        held[moves[0].turn] = moves
        while waiting and waiting[0] in held:
            judged(held.pop(waiting.popleft()))

    return arrived
