"""Dealing a new table: its deal, its seats' and watchers' secrets, its turn clock.

:func:`create_table` shuffles the piles from the operating system's randomness (or a
seed a server allows, for tests and replays), seats the persons and computer levels,
stores the new table and hands out its tokens once, in an :class:`Invitation`; only
their hashes are kept. A rematch deals through it too, seating the holders of the old
table's links. The table server calls it for ``POST /tables``; the room, for a rematch.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..levels import HUMAN
from ..records import GameRecord, GameSetup, setup_for_game
from .links import new_table_id, new_token, token_hash
from .store_types import StoredTable, TableStore, TurnClock

DEAL_BITS = 256  # random bits a table's piles are shuffled from (none kept)


@dataclass(frozen=True)
class Invitation:
    """A new table's secrets, handed out once: per seat (None for a computer seat) and
    for watching."""

    table: str
    seat_tokens: list[str | None]
    watch_token: str


async def create_table(
    store: TableStore,
    names: list[str],
    kinds: list[str],
    *,
    seed: int | None = None,
    first_player: int | None = None,
    turn_time: tuple[float, str] | None = None,
    seat_hashes: list[str | None] | None = None,
    watch_hash: str | None = None,
    now: Callable[[], float] = time.time,
) -> Invitation:
    """Deal a new table and store it; its tokens are handed out here, once.

    Without ``seed`` the piles are shuffled from DEAL_BITS random bits of the operating
    system, which are kept nowhere: the record holds the deal itself (and no seed), so
    nobody can predict the piles' order, nor find it from the opening market. A
    ``seed`` (a server that allows seeded tables, for tests and replays) is kept in the
    record, which the seats get only once the game is over. ``turn_time`` (seconds,
    computer level) gives the table a turn clock, running from ``now()`` for the first
    seat if a person's. ``seat_hashes`` and ``watch_hash``
    (a rematch) seat the holders of another table's links here: no token is handed
    out then (the invitation's are empty)."""
    rng = random.SystemRandom()
    first = rng.randrange(len(names)) if first_player is None else first_player
    setup: GameSetup = setup_for_game(
        list(names), secrets.randbits(DEAL_BITS) if seed is None else seed, first
    )
    setup.seed = seed
    setup.seats = list(kinds)
    table_id = new_table_id()
    if seat_hashes is None or watch_hash is None:
        tokens: list[str | None] = [new_token() if k == HUMAN else None for k in kinds]
        watch = new_token()
        seat_hashes = [token_hash(t) if t is not None else None for t in tokens]
        watch_hash = token_hash(watch)
    else:
        tokens, watch = [None] * len(kinds), ""
    clock = None
    if turn_time is not None:
        seconds, level = turn_time
        clock = TurnClock(seconds, level)
        if kinds[first] == HUMAN:
            clock.seat, clock.deadline = first, now() + seconds
    await store.create(
        StoredTable(
            table_id,
            GameRecord(setup=setup).to_json(),
            seat_hashes,
            watch_hash,
            clock=clock,
        )
    )
    return Invitation(table_id, tokens, watch)
