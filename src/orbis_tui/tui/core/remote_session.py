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
from ...i18n import fill
from ...i18n import gettext as _
from ...records import GameRecord, Match
from ...remote import protocol as p
from ...remote.chat import MAX_CHAT, ChatLine, ChatLog, clean_chat
from ...remote.client import TableMirror, TableView
from .. import texts
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
        self.table_id = view.table  # the table's id: a rematch is another
        self.send = send
        self.view = view
        self.final: GameRecord | None = view.final
        self._asked: int | None = None  # the action count an intent was sent at
        self._undo_asked: int | None = None  # the action count a take-back was sent at
        self._view_at = self.clock()  # when the seats' grace periods were counted
        self.chat = ChatLog()  # the table's messages (the app hands over its own)
        self.muted: set[int] = set()  # the seats whose messages are not shown here
        self.on_mute: Callable[[set[int]], None] | None = None  # keeps them (settings)

    # ------------------------------------------------------------ the table moves
    def take_view(self, view: TableView) -> None:
        """The server sent the table: take it up."""
        self.view = view
        self.table_id = view.table or self.table_id
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
        self._asked = self._undo_asked = None
        self.version += 1

    def _use(self, match: Match) -> None:
        self.match = match
        self.logbook = LogBook(match)
        self.history = TurnHistory(match)

    def refused(self) -> None:
        """The server refused the last intent: another may be sent."""
        self._asked = self._undo_asked = None

    # ------------------------------------------------------------ who decides here
    def decides(self, seat: int) -> bool:
        seats = self.view.seats
        return seat == self.my_seat and (seat >= len(seats) or seats[seat].stand_in is None)

    @property
    def humans(self) -> int:
        return 1  # one person at this screen: no keyboard to pass

    clock = staticmethod(time.monotonic)  # the tests' own clock replaces it

    def away(self) -> list[int]:
        """The persons' seats whose player is away and not stood in for."""
        return [
            n
            for n, info in enumerate(self.view.seats)
            if info.kind == HUMAN and not info.here and not info.stand_in
        ]

    def absent(self) -> list[int]:
        """The seats of :meth:`away` that can be handed to a computer now (their grace
        is over)."""
        return [n for n in self.away() if not self.handover_in(n)]

    def handover_in(self, seat: int) -> int:
        """Whole seconds until ``seat`` can be handed to a computer (the server's count
        when it sent the table, counted down here)."""
        seats = self.view.seats
        wait = seats[seat].handover_in if seat < len(seats) else 0
        if wait <= 0:
            return 0
        return max(0, math.ceil(wait - (self.clock() - self._view_at)))

    def clock_left(self, seat: int) -> int | None:
        """Whole seconds ``seat`` has left to move (the server's count when it sent the
        table, counted down here); None when no clock runs for it."""
        seats = self.view.seats
        left = seats[seat].clock if seat < len(seats) else None
        if left is None:
            return None
        return max(0, math.ceil(left - (self.clock() - self._view_at)))

    @property
    def turn_time(self) -> float | None:
        """The seconds each person's turn has at this table (None: it has no clock)."""
        return self.view.turn_time

    def times_ran_out(self, seat: int) -> int:
        """How many times ``seat``'s time ran out and a computer took it over (the
        record's stand-ins that the clock began)."""
        return sum(
            1
            for entry in self.match.record.stand_ins or ()
            if entry.get("seat") == seat and entry.get("clock")
        )

    def out_of_time(self, seat: int) -> bool:
        """Whether a computer plays ``seat`` because its person's time ran out."""
        seats = self.view.seats
        return seat < len(seats) and seats[seat].out_of_time

    def rematch(self) -> p.RematchInfo:
        """The rematch as the server told it: ``yes`` (the seats that said yes), ``by``
        (who asked), ``declined`` (who said no to the last one asked)."""
        rematch = self.view.rematch
        return rematch if rematch is not None and self.final is not None else p.RematchInfo()

    def rematch_asked(self) -> bool:
        return bool(self.rematch().yes)

    def answer_rematch(self, yes: bool) -> None:
        """Ask for a rematch or say yes to it (``yes``), or say no."""
        self.send(p.rematch(yes))

    def take_my_seat_back(self) -> None:
        """This seat's time ran out and a computer plays it: play it again."""
        if self.my_seat is not None:
            self.send(p.stand_in(self.my_seat, None))

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
        count = len(self.match.record.actions)
        if self._undo_asked != count:  # a second ask would be refused as out of date
            self._undo_asked = count
            self.send(p.undo(count))
        return self.match.record.actions[-1]

    def undo_on_its_way(self) -> str | None:
        actions = self.match.record.actions
        if self.pending is None and self._undo_asked == len(actions) and actions:
            return actions[-1]
        return None

    def note_hint(self) -> None:
        self.send(p.hint(len(self.match.record.actions)))

    def take_seat(self, seat: int) -> None:
        """Nothing to do: the server's computer players do not fail over to here."""

    def hand_to_computer(self, seat: int, level: str | None) -> None:
        self.send(p.stand_in(seat, level))

    # ------------------------------------------------------------ the table's messages
    def name_of(self, seat: int) -> str:
        """A seat's name as a line may show it (one line, no escapes)."""
        name = self.view.seats[seat].name if 0 <= seat < len(self.view.seats) else "?"
        return clean_chat(name) or "?"

    def chat_text(self, line: ChatLine) -> str:
        return _(texts.CHAT_LINE).format(name=self.name_of(line.seat), text=line.text)

    def heard(self, lines: list[ChatLine]) -> list[ChatLine]:
        """Of the messages just taken, those shown here (not a muted seat's)."""
        return [line for line in lines if line.seat not in self.muted]

    def chat_lines(self) -> list[str]:
        """The messages shown here, as lines."""
        return [self.chat_text(line) for line in self.heard(self.chat.lines)]

    def chat_none(self) -> str:
        """What is said when no message is shown here: nothing was said, or only the
        players muted here have spoken."""
        return _(texts.CHAT_ALL_MUTED if self.chat.lines else texts.CHAT_NONE)

    def log_lines(self) -> list[str]:
        """The game log with the messages shown here, each after the action it was
        said after."""
        logbook = self.logbook
        out = list(logbook.opening)
        said = self.heard(self.chat.lines)
        pending = sorted(said, key=lambda line: (line.at, line.id))
        for number, (_events, lines) in enumerate(logbook.entries()):
            while pending and pending[0].at <= number:
                out.append(self.chat_text(pending.pop(0)))
            out.extend(lines)
        out.extend(self.chat_text(line) for line in pending)
        return out

    def say(self, text: str, *, commands: bool = True) -> str | None:
        """What was typed to the table: sent, or what to tell the player instead (a
        message too long, a seat muted or shown again). ``commands``: ``/mute NAME``
        and ``/unmute NAME`` are the chat box's own commands, not messages; without,
        every text is a message, sent as it is (the plain seat's ``say`` has commands
        of its own for that)."""
        words = text.split(maxsplit=1)
        if commands and words and words[0] in ("/mute", "/unmute"):
            return self.mute(words[1] if len(words) > 1 else "", words[0] == "/mute")
        if len(text) > MAX_CHAT:
            return fill(texts.CHAT_TOO_LONG, limit=MAX_CHAT, length=len(text))
        if not clean_chat(text):
            return ""
        self.send(p.say(text))
        return None

    def mute(self, name: str, muted: bool, hidden: Callable[[str], str] | None = None) -> str:
        """Hide (or show again) the messages of the seat called ``name``; what to say
        (``hidden`` says it of the seat's name once its messages are hidden: the plain
        seat names its own command to show them again)."""
        others = [n for n in range(len(self.seats)) if n != self.my_seat]
        wanted = clean_chat(name).casefold()
        found = [n for n in others if self.name_of(n).casefold() == wanted]
        if not found and wanted.isdigit():
            found = [n for n in others if n + 1 == int(wanted)]
        if not found:
            names = ", ".join(self.name_of(n) for n in others)
            return _(texts.CHAT_NO_SUCH_SEAT).format(name=clean_chat(name), names=names)
        seat = found[0]
        if muted:
            self.muted.add(seat)
        else:
            self.muted.discard(seat)
        if self.on_mute is not None:
            self.on_mute(set(self.muted))
        self.version += 1
        if muted and hidden is not None:
            return hidden(self.name_of(seat))
        if muted:
            return _(texts.CHAT_MUTED).format(name=self.name_of(seat))
        return _(texts.CHAT_UNMUTED).format(name=self.name_of(seat))


def _seats(view: TableView) -> list[Seat]:
    """The seats as this screen shows them: a seat a computer plays for its absent
    person shows as that computer's."""
    return [Seat(info.name, info.stand_in or info.kind) for info in view.seats]
