"""The one game loop of every simulation: bots answer every decision to the end."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..bots import Bot
from ..engine import GameState, problems


class InvariantBroken(AssertionError):
    pass


@dataclass
class Played:
    """What a finished game cost: decisions, and seconds by seat label, per turn (all
    the decisions of one turn together) and per decision."""

    decisions: int = 0
    turn_seconds: dict[str, list[float]] = field(default_factory=dict)
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)


def play_out(
    state: GameState,
    bots: Sequence[Bot],
    labels: Sequence[str] | None = None,
    check: bool = False,
) -> Played:
    """Play ``state`` to the end with a bot per seat, timing every choice by the label
    of the seat that made it (seats may share a label; default: the seat number). With
    ``check``, every invariant is verified after each action (:class:`InvariantBroken`)."""
    names = [str(seat) for seat in range(len(bots))] if labels is None else list(labels)
    played = Played(
        turn_seconds={label: [] for label in names},
        decision_seconds={label: [] for label in names},
    )
    this_turn = 0.0
    turn = state.turn
    clock = time.perf_counter
    while not state.is_over:
        seat = state.current
        start = clock()
        action = bots[seat].choose(state)
        spent = clock() - start
        played.decision_seconds[names[seat]].append(spent)
        this_turn += spent
        state.apply(action)
        played.decisions += 1
        if state.turn != turn or state.is_over:
            played.turn_seconds[names[seat]].append(this_turn)
            this_turn = 0.0
            turn = state.turn
        if check:
            found = problems(state)
            if found:
                raise InvariantBroken(f"decision {played.decisions}: {found}")
    return played
