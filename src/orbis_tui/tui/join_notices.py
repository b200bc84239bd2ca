"""What a seat joined to a table played apart is told when the table changes around
it: who asked for a rematch, who is still to say yes, who said no; who took their
seat, left the table or came back, whose seat a computer now plays (handed to it, or
its time ran out), that this seat's own time ran out, and whose computer player could
not move (and which level plays the seat now, if any). Functions from the table
before and after to the notices; :class:`~.join.JoinApp` shows them, and the plain
seat says them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..i18n import gettext as _
from ..levels import HUMAN
from ..remote import protocol as p
from ..remote.client import TableView
from . import texts
from .core.remote_session import RemoteSession


@dataclass(frozen=True, slots=True)
class SeatPresence:
    """A seat as last told: whether its person is here, the computer level playing it
    for them (None: nobody), whether they have been at the table (as far as this
    screen knows: seen here, or said to have left) and whether they were said to have
    left and are not back yet."""

    here: bool
    stand_in: str | None
    been: bool = False
    away: bool = False
    failed: str | None = None  # its computer player could not move: the error


Presence = list[SeatPresence]


@dataclass(frozen=True, slots=True)
class Notice:
    """One thing to tell; ``warning``: it concerns this seat itself (shown longer);
    ``error``: something went wrong at the table (shown longer, to every seat)."""

    text: str
    warning: bool = False
    error: bool = False


def presence_of(view: TableView, before: Presence | None = None) -> Presence:
    """Who is at the table in ``view``, and who plays for whom; ``before``: as last
    told (who had been at the table, who was said to have left)."""
    out = []
    for n, s in enumerate(view.seats):
        was = before[n] if before is not None and n < len(before) else None
        been = s.here or s.left or (was is not None and was.been)
        away = not s.here and (s.left or (was is not None and was.away))
        out.append(SeatPresence(s.here, s.stand_in, been, away, s.failed))
    return out


def _seat_number(value: Any, seats: int) -> int | None:
    """``value`` if it is the number of one of ``seats`` seats."""
    return value if type(value) is int and 0 <= value < seats else None


def rematch_notices(session: RemoteSession, before: p.RematchInfo) -> list[str]:
    """Who asked for a rematch (not this seat), who is still to say yes (once this
    seat said it), and who said no, since the rematch was ``before``."""
    out = []
    now, my_seat = session.rematch(), session.my_seat
    names = [s.name for s in session.seats]
    by = _seat_number(now.by, len(names))
    if now.yes and by is not None and by not in (before.by, my_seat):
        out.append(_(texts.REMATCH_ASKED).format(name=names[by]))
    waiting = [
        names[n] for n, s in enumerate(session.view.seats) if s.kind == HUMAN and n not in now.yes
    ]
    if now.yes and my_seat in now.yes and waiting:
        out.append(_(texts.REMATCH_WAITING).format(names=", ".join(waiting)))
    declined = _seat_number(now.declined, len(names))
    if declined is not None and declined not in (before.declined, my_seat):
        out.append(_(texts.REMATCH_DECLINED).format(name=names[declined]))
    return out


def presence_notices(
    before: Presence, view: TableView, handover_in: Callable[[int], int]
) -> list[Notice]:
    """What changed at the table since it was ``before``: for this seat, that its time
    ran out and a computer plays it; for the others, that a computer plays one (its
    time ran out, or it was handed over), that its player took their seat for the
    first time, left (and how long the grace before it may be handed over:
    ``handover_in``) or came back. A player the server does not say left (it was
    started again, and their screen is connecting again) is not said to have left,
    nor to be back once they are."""
    out = []
    now = presence_of(view, before)
    for seat, (was, is_now) in enumerate(zip(before, now, strict=False)):
        name = view.seats[seat].name
        kind = view.seats[seat].kind
        if is_now.failed is not None and (was.failed, was.stand_in) != (
            is_now.failed,
            is_now.stand_in,
        ):
            out.append(Notice(_failed_words(name, was.stand_in or kind, is_now), error=True))
            continue
        if seat == view.seat:
            changed = was.stand_in != is_now.stand_in
            if changed and is_now.stand_in is not None and view.seats[seat].out_of_time:
                level = texts.level_name(is_now.stand_in)
                out.append(Notice(_(texts.CLOCK_MINE_RAN_OUT).format(level=level), warning=True))
            continue
        if was.stand_in != is_now.stand_in and is_now.stand_in is not None:
            if kind != HUMAN:  # a computer's seat: the seats list shows who plays it
                continue
            level = texts.level_name(is_now.stand_in)
            if view.seats[seat].out_of_time:
                template = _(texts.CLOCK_RAN_OUT)
            else:
                template = _(texts.STAND_IN_STARTED)
            out.append(Notice(template.format(name=name, level=level)))
        elif is_now.here and not was.here:
            if was.away:
                out.append(Notice(_(texts.SEAT_BACK).format(name=name)))
            elif not was.been:
                out.append(Notice(_(texts.SEAT_JOINED).format(name=name)))
        elif was.here and not is_now.here and view.seats[seat].left:
            wait = handover_in(seat)
            if wait:
                text = _(texts.SEAT_AWAY_GRACE).format(name=name, seconds=wait)
            else:
                text = _(texts.SEAT_AWAY).format(name=name)
            out.append(Notice(text))
    return out


def _failed_words(name: str, level: str, now: SeatPresence) -> str:
    """That the computer player ``level`` could not move at ``name``'s seat, its error,
    and which level plays the seat now (or that none does)."""
    failed = texts.level_name(level) if level != HUMAN else "?"
    if now.stand_in is None:
        return _(texts.BOT_FAILED_APART_NONE).format(name=name, level=failed, error=now.failed)
    weaker = texts.level_name(now.stand_in)
    return _(texts.BOT_FAILED_APART).format(
        name=name, level=failed, error=now.failed, weaker=weaker
    )
