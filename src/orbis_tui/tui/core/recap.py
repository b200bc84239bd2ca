"""The sheets of turns played: what happened since a player's last turn (the recap the
table and the plain seat say when a turn comes), and the summary of a turn about to
end (the panel's confirmation). Built of the lines of :mod:`.sheet_lines`; pure: no
Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...i18n import gettext as _
from .. import texts
from .history import TurnSummary
from .sheet_lines import CHOICE, Line, Seg, Tone, Topic, bad_line, line


def recap_sheet(recent: Sequence[TurnSummary], to_you: Sequence[str]) -> tuple[Line, ...]:
    """What happened since a player's last turn: each turn of the others (what it took,
    the CP before and after, what its effects did, as the lines of its block), then what
    those turns did to the player (the first line says the CP before and after)."""
    lines = []
    for turn in recent:
        head = (turn.headline, Seg(" · " + turn.cp_line, Tone.BOLD))
        effects = tuple(line(effect, Tone.DIM) for effect in turn.effects)
        lines.append(line(head, topic=Topic.DECISION, block=effects))
    for index, said in enumerate(to_you):
        if index == 0:
            lines.append(line(said, Tone.BOLD, CHOICE))
        else:
            lines.append(line(said, Tone.NOTE, CHOICE, Topic.NOTE))
    return tuple(lines)


def summary_sheet(summary: TurnSummary) -> tuple[Line, ...]:
    """The turn about to end: what it did, what it lost, the worshipers before and after."""
    head = (
        _(texts.SUMMARY_TOOK).format(took=summary.took),
        Seg(" · " + summary.cp_line, Tone.BOLD),
    )
    lines = [
        line(_(texts.CONFIRM_TITLE), Tone.BOLD, topic=Topic.DECISION),
        line(head, Tone.NOTE, CHOICE),
    ]
    lines.extend(line(effect) for effect in summary.effects)
    lines.extend(bad_line(_(texts.PANEL_WARNING).format(message=loss)) for loss in summary.losses)
    lines.append(line(summary.realm_line))
    return tuple(lines)
