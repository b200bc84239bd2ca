"""A connection as a table sees it: a seat's or a watcher's, and the seat a watcher has.

The room, its messages and its chat send to connections only through this protocol,
which the table server's websocket (:class:`~orbis_tui.remote.seat_socket.SeatConnection`)
and the tests' fakes provide: sending never waits for the reader. A watcher sits at
the seat number WATCHER, which a message sent to it names as no seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class Connection(Protocol):
    """A seat's or a watcher's open connection, as the room sees it."""

    def send(self, text: str) -> None: ...  # queued: never waits for the reader
    def send_table(self, whole: Callable[[], str], change: str | None) -> None:
        """The table moved: ``change`` says how (None: only ``whole()`` says it)."""

    def close(self, code: str, reason: str) -> None: ...


WATCHER = -1  # the seat of a watcher's connection


def seat_field(seat: int) -> int | None:
    """The seat a message to ``seat``'s connection names (None for a watcher)."""
    return None if seat == WATCHER else seat
