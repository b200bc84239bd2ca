"""A seat played by a program the way a person's screen plays it when the connection
drops: for the tests that kill the table server mid-game."""

from __future__ import annotations

import asyncio
import contextlib

from orbis_tui.engine import format_action
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import OutOfStep, SeatLink, TableMirror, TableView
from orbis_tui.remote.links import Link
from orbis_tui.remote.seatbot import Chooser, SeatRun, played_by_person


async def play_seat_reconnecting(
    link: Link, choose: Chooser, *, timeout: float = 120.0, run: SeatRun | None = None
) -> SeatRun:
    """Play ``link``'s seat as a person's screen does, through a :class:`SeatLink`: when
    the connection drops (the server was killed), it connects again by itself and goes
    on from the whole table the server then sends."""
    run = run if run is not None else SeatRun()
    mirror = TableMirror()
    inbox: asyncio.Queue[p.ServerMessage | p.Unreadable] = asyncio.Queue()
    seat_link = SeatLink(link, inbox.put_nowait, lambda code, _reason: run.statuses.append(code))
    task = asyncio.create_task(seat_link.run())
    sent_count = -1
    view: TableView | None = None
    try:
        async with asyncio.timeout(timeout):
            while True:
                data = await inbox.get()
                if isinstance(data, p.Refused):
                    run.refusals.append(data)
                    sent_count = -1
                    if data.code != p.STORE_AWAY or view is None:
                        continue
                    await asyncio.sleep(0.2)  # nothing was kept: try again in a moment
                elif not isinstance(data, p.Table | p.Moved):
                    continue
                else:
                    run.tables += 1
                    if isinstance(data, p.Table):
                        sent_count = -1  # a new connection: an intent in flight may be lost
                    try:
                        view = mirror.take(data)
                    except OutOfStep:
                        run.resyncs += 1
                        await seat_link.send(p.sync())
                        continue
                if view is None:
                    continue
                if isinstance(data, p.Table) and data.final is not None:
                    run.final = data.final
                    return run
                assert mirror.match is not None
                state = mirror.match.state
                seat = view.seat
                if seat is None or state.current != seat or not played_by_person(view, seat):
                    continue
                if sent_count != view.count:
                    entry = format_action(choose(state))
                    if await seat_link.send(p.act(view.count, entry)):
                        sent_count = view.count
    finally:
        seat_link.stop()
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
