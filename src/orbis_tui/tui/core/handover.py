"""Whether the hand-over curtain covers the table as a person's turn begins, and what
it tells them; apart from the curtain that draws it.

People sharing one keyboard always pass it on behind the curtain. A person alone
against the computer sees it only on the first turn of the session (a shared screen),
or, when the settings ask for it, after the computer players moved. A table played
apart (each player at their own screen) has nothing to hide on its first turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .history import TurnSummary
from .session import GameSession


@dataclass(frozen=True)
class HandOver:
    """What the curtain says to the player about to take the keyboard."""

    name: str
    round_number: int
    recent: Sequence[TurnSummary]  # the turns played since theirs
    resumed: bool  # the game was resumed from its save: say so
    pass_keyboard: bool  # people share the keyboard: a word to pass it on
    to_you: Sequence[str]  # what the other players did to them
    played_before: bool  # they have a last turn to speak of


def hand_over(
    session: GameSession, *, handover_alone: bool, first: bool, resumed: bool
) -> HandOver | None:
    """The curtain for the person to move now, or None when the table stays open.

    ``first``: the first turn shown since the table opened; ``resumed``: the game came
    from its save; ``handover_alone``: the setting that shows the curtain to a person
    playing alone whenever the computer players moved."""
    state = session.state
    seat = state.current
    several = session.humans > 1
    recent = session.history.since_turn_of(seat)
    to_you = session.history.done_to(seat)
    if first and not resumed:
        recent, to_you = [], []
    first = first and session.curtain_first
    if not (several or first or (recent and handover_alone)):
        return None
    return HandOver(
        name=session.seat.name,
        round_number=state.round,
        recent=recent,
        resumed=first and resumed,
        pass_keyboard=several,
        to_you=to_you,
        played_before=session.history.has_played(seat),
    )
