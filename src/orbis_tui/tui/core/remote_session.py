"""A seat at a table played apart: the table screen's session fed by a table server.

:class:`RemoteSession` is a :class:`GameSession` whose match is the table as this seat
knows it (rebuilt from the server's public record, see
:mod:`orbis_tui.remote.client`): the table, the panel, the warnings, the coach and
the hints read it as they read a local match. Only this seat's decisions are made on
this screen; an action is checked by the engine here first (so a refusal is shown at
once, with its rule), then sent to the server as an intent, and shows once the server
has stored it and sent the new table back. The turn waiting for confirmation stays
on this screen until it is confirmed. Computer seats are played by the server.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from ...engine import Action, IllegalAction, format_action
from ...records import GameRecord, Match
from ...remote import protocol as p
from ...remote.client import TableMirror, TableView
from .history import TurnHistory
from .logbook import LogBook
from .seats import HUMAN, Seat
from .session import GameSession


class RemoteSession(GameSession):
    plays_bots = False  # the server plays the computer seats
    curtain_first = False  # this player's own screen: nothing to hide, no one to wait for

    def __init__(self, mirror: TableMirror, view: TableView, send: Callable[[str], None]) -> None:
        """``mirror`` has taken ``view`` up: it is the table this session starts at."""
        self.mirror = mirror
        assert self.mirror.match is not None
        super().__init__(self.mirror.match, None, _seats(view), autosave=False)
        self.my_seat = view.seat
        self.send = send
        self.view = view
        self.final: GameRecord | None = view.final
        self._asked: int | None = None  # the action count an intent was sent at
        self._view_at = self.clock()  # when the seats' grace periods were counted

    # ------------------------------------------------------------ the table moves
    def take_view(self, view: TableView) -> None:
        """The server sent the table: take it up."""
        self.view = view
        self._view_at = self.clock()
        self.seats[:] = _seats(view)
        if view.final is not None:
            self.final = view.final
            self._use(Match(view.final))
        elif view.rebuilt:
            assert self.mirror.match is not None
            self._use(self.mirror.match)
        else:  # played on: the tiles just turned up may have changed the piles' order
            self.history.take_piles(self.match.state.piles)
        if self.pending is not None and len(self.match.record.actions) != self._pending_at:
            self.pending = None  # the table moved under the turn being confirmed
        self._asked = None
        self.version += 1

    def _use(self, match: Match) -> None:
        self.match = match
        self.logbook = LogBook(match)
        self.history = TurnHistory(match)

    def refused(self) -> None:
        """The server refused the last intent: another may be sent."""
        self._asked = None

    # ------------------------------------------------------------ who decides here
    def decides(self, seat: int) -> bool:
        info = self.view.seats[seat] if seat < len(self.view.seats) else {}
        return seat == self.my_seat and info.get("stand_in") is None

    @property
    def humans(self) -> int:
        return 1  # one person at this screen: no keyboard to pass

    clock = staticmethod(time.monotonic)  # the tests' own clock replaces it

    def away(self) -> list[int]:
        """The persons' seats whose player is away and not stood in for."""
        return [
            n
            for n, info in enumerate(self.view.seats)
            if info.get("kind") == HUMAN and not info.get("here") and not info.get("stand_in")
        ]

    def absent(self) -> list[int]:
        """The seats of :meth:`away` that can be handed to a computer now (their grace
        is over)."""
        return [n for n in self.away() if not self.handover_in(n)]

    def handover_in(self, seat: int) -> int:
        """Whole seconds until ``seat`` can be handed to a computer (the server's count
        when it sent the table, counted down here)."""
        info = self.view.seats[seat] if seat < len(self.view.seats) else {}
        wait = info.get("handover_in")
        if type(wait) is not int or wait <= 0:
            return 0
        return max(0, math.ceil(wait - (self.clock() - self._view_at)))

    # ------------------------------------------------------------ playing
    def submit(self, action: Action, *, confirm: bool = False) -> IllegalAction | None:
        self._pending_at = len(self.match.record.actions)
        return super().submit(action, confirm=confirm)

    _pending_at = -1

    def _commit(self, action: Action) -> None:
        count = len(self.match.record.actions)
        if self._asked == count:
            return  # an intent at this count is on its way
        self._asked = count
        self.send(p.act(count, format_action(action)))

    def undo(self) -> str | None:
        if self.pending is not None:
            return super().undo()
        if not self.match.can_undo():
            return None
        self.send(p.undo(len(self.match.record.actions)))
        return self.match.record.actions[-1]

    def note_hint(self) -> None:
        self.send(p.hint(len(self.match.record.actions)))

    def take_seat(self, seat: int) -> None:
        """Nothing to do: the server's computer players do not fail over to here."""

    def hand_to_computer(self, seat: int, level: str | None) -> None:
        self.send(p.stand_in(seat, level))


def _seats(view: TableView) -> list[Seat]:
    """The seats as this screen shows them: a seat a computer plays for its absent
    person shows as that computer's."""
    return [
        Seat(str(info.get("name", "?")), str(info.get("stand_in") or info.get("kind", HUMAN)))
        for info in view.seats
    ]
