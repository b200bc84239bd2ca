"""A seat played by a program over the websocket, as a person's screen would play it.

For tests and the benchmark: it rebuilds the table from what the server sends
(:class:`~orbis_tui.remote.client.TableMirror`), and on its turn sends one intent
chosen by ``choose`` from the public state, with the action count it believes. It
measures the time from each intent to the table that answers it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, GameState, format_action
from ..levels import HUMAN
from . import protocol as p
from .client import OutOfStep, TableMirror
from .links import Link


@dataclass
class SeatRun:
    """What a played seat saw: the final record, its round trips, its refusals."""

    final: dict[str, Any] | None = None
    round_trips: list[float] = field(default_factory=list)
    answered_at: list[float] = field(default_factory=list)  # time.time() of each answer
    refusals: list[p.Refused] = field(default_factory=list)
    tables: int = 0  # table messages: whole ones and changes
    resyncs: int = 0  # changes it could not follow (the whole table was asked for)
    statuses: list[str] = field(default_factory=list)  # the connection's: "lost", ...


Chooser = Callable[[GameState], Action]


async def play_seat(
    link: Link,
    choose: Chooser,
    *,
    stop_after: int | None = None,
    timeout: float = 120.0,
    run: SeatRun | None = None,
    think: Callable[[], float] | None = None,
) -> SeatRun:
    """Play ``link``'s seat until the game is over (or ``stop_after`` actions are on
    the table: the seat then leaves, as a closed terminal would). ``think`` gives the
    seconds to wait before each decision, as a person would take (none: at once)."""
    import aiohttp

    run = run if run is not None else SeatRun()
    mirror = TableMirror()
    sent_at: float | None = None
    sent_count = -1
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(link.websocket, max_msg_size=8 * 1024 * 1024) as ws,
    ):
        await ws.send_str(p.hello(link.table, link.token))
        deadline = time.monotonic() + timeout
        while True:
            message = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
            if message.type is not aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"closed: {message.type}")
            data = p.decode_server(message.data)
            if isinstance(data, p.Bye):
                raise ConnectionError(f"bye: {data.code}: {data.reason}")
            if isinstance(data, p.Unreadable):
                raise ConnectionError(f"unreadable: {data.kind}: {data.reason}")
            if isinstance(data, p.Refused):
                run.refusals.append(data)
                sent_count = -1
                continue
            if not isinstance(data, p.Table | p.Moved):
                continue
            run.tables += 1
            try:
                view = mirror.take(data)
            except OutOfStep:
                run.resyncs += 1
                await ws.send_str(p.sync())
                continue
            if view is None:
                continue
            if sent_at is not None and view.count != sent_count:
                run.round_trips.append(time.perf_counter() - sent_at)
                run.answered_at.append(time.time())
                sent_at = None
            assert mirror.match is not None
            state = mirror.match.state
            if isinstance(data, p.Table) and data.final is not None:
                run.final = data.final
                return run
            if stop_after is not None and view.count >= stop_after:
                return run
            if state.current == view.seat and played_by_person(view, view.seat):
                if sent_count == view.count:
                    continue  # already asked at this count
                entry = format_action(choose(state))
                if think is not None:
                    await asyncio.sleep(think())
                sent_at, sent_count = time.perf_counter(), view.count
                await ws.send_str(p.act(view.count, entry))


def played_by_person(view: Any, seat: int) -> bool:
    """Whether ``seat`` is a person's and no computer level stands in for them."""
    info = view.seats[seat]
    return bool(info.kind == HUMAN and info.stand_in is None)


def random_chooser(seed: int) -> Chooser:
    """Any legal decision, at random (seeded)."""
    import random

    rng = random.Random(seed)

    def choose(state: GameState) -> Action:
        return rng.choice(state.decision_actions())

    return choose


async def _watch_once(link: Link) -> dict[str, Any]:
    """The first table a connection with ``link`` receives (for tests)."""
    import aiohttp

    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(link.websocket, max_msg_size=8 * 1024 * 1024) as ws,
    ):
        await ws.send_str(p.hello(link.table, link.token))
        while True:
            message = await ws.receive(timeout=10)
            data = p.decode_server(message.data)
            if isinstance(data, p.Table):
                return dict(json.loads(message.data))  # as sent, for the tests
