"""``orbis tables --watch``: a player's turns at every table they joined, watched from
one process that needs no open seat, so that a turn reaches them away from the screen
(through ``--notify-command``) while no terminal of theirs is open on the game.

It asks each table's server whose turn it is (the same request as ``orbis tables``)
every ``every`` seconds, and alerts each of the player's turns once: not again at the
next ask, nor after the watcher lost and found a server again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from .host_client import SeatStatus, seat_statuses
from .joined import load_joined
from .links import Link

MIN_EVERY = 10.0  # seconds between asks, at the least: the servers are other people's


async def watch_turns(
    data_dir: Path,
    alert: Callable[[Link, SeatStatus], None],
    *,
    every: float = 60.0,
    rounds: int | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> None:
    """Ask every joined table ``rounds`` times (None: until cancelled), ``every``
    seconds apart; ``alert`` once for each turn that is this machine's player's."""
    alerted: dict[str, int] = {}  # a link's turn last alerted
    done = 0
    while rounds is None or done < rounds:
        tables = load_joined(data_dir).tables
        statuses = await seat_statuses([t.link for t in tables])
        for joined, status in zip(tables, statuses, strict=True):
            if not isinstance(status, SeatStatus) or not status.yours or status.number is None:
                continue
            key = str(joined.link)
            if alerted.get(key) != status.number:
                alerted[key] = status.number
                alert(joined.link, status)
        done += 1
        if rounds is None or done < rounds:
            await sleep(max(every, MIN_EVERY))
