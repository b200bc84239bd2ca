"""A seat's side of a table played apart: the connection, and the table rebuilt from it.

:class:`SeatLink` keeps one websocket to the table server open for a link, says
``hello``, hands every message on, and connects again by itself when the connection
drops (the server restarted, the network went away), waiting a little longer each
time. It stops for good when the server says the link opens no seat, or that the
seat was opened from another place. :class:`TableMirror` keeps a :class:`Match`
in step with what the server sends: the whole public record when the seat connects,
then each change (``moved``: the new entries and the tiles they turned face up),
which is played on the same match (the engine checks it again). A change that does
not follow from the table this seat has is :class:`OutOfStep`: the seat connects
again and gets the whole table.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

from ..engine import GameState, parse_action
from ..records import GameRecord, Match
from . import protocol as p
from .links import Link

T = TypeVar("T")


@dataclass
class TableView:
    """One ``table`` or ``moved`` message taken up: whose screen it is, the public
    record, the seats."""

    seat: int | None
    count: int
    record: GameRecord
    seats: list[p.SeatInfo]
    final: GameRecord | None = None
    seeded: bool = False  # dealt from a seed given to the server
    table: str | None = None  # the table's id (a whole table says it; a change does not)
    rematch: p.RematchInfo | None = None  # at the end: the rematch asked, if any
    rebuilt: bool = True  # the mirror's match is a new one (not the one played on)
    turn_time: float | None = None  # seconds per turn, if the table has a clock


class OutOfStep(ValueError):
    """A change that does not follow from the table this seat has."""


def record_from_plain(plain: Any) -> GameRecord:
    """A record sent by the server, checked as a record file would be (raises
    RecordError or ValueError)."""
    return GameRecord.from_plain(plain, "table")


def parse_table(message: p.Table) -> TableView:
    """The view of a whole table (its records checked: RecordError or ValueError)."""
    final = message.final
    return TableView(
        message.seat,
        message.count,
        record_from_plain(message.record),
        list(message.seats),
        record_from_plain(final) if final is not None else None,
        seeded=message.seeded,
        table=message.table,
        rematch=message.rematch,
        turn_time=message.turn_time,
    )


class TableMirror:
    """The table as this seat knows it: a match replayed from the public record, then
    played on as the server sends its changes."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.behind = False  # a change could not be followed: the whole table is asked for
        self.turn_time: float | None = None  # the table's, as its whole table said it

    def take(self, message: p.Table | p.Moved) -> TableView | None:
        """Take up a ``table`` or ``moved`` message. A table that cannot be read raises
        ValueError or RecordError. A change that cannot be followed raises
        :class:`OutOfStep` (the caller asks for the whole table: ``protocol.sync``);
        the changes after it are passed over (None) until the whole table comes."""
        if isinstance(message, p.Moved):
            if self.behind:
                return None
            try:
                return self._moved(message)
            except Exception as exc:  # anything: the whole table puts it right
                self.behind = True
                raise OutOfStep(str(exc)) from exc
        view = parse_table(message)
        self.behind = False
        self.turn_time = view.turn_time
        view.rebuilt = self.update(view.record)
        if not view.rebuilt:
            assert self.match is not None
            view.record = self.match.record
        return view

    def update(self, record: GameRecord) -> bool:
        """Take ``record`` up; True when the match was rebuilt (not only played on)."""
        match = self.match
        if match is not None and _follows(match, record):
            assert record.setup.deal is not None
            _turn_up(match, [list(p) for p in record.setup.deal.piles], replace_all=True)
            for entry in record.actions[len(match.record.actions) :]:
                match.play(parse_action(entry))
            match.record.hints = record.hints
            match.record.stand_ins = record.stand_ins
            return False
        self.match = Match(record)
        return True

    def _moved(self, message: p.Moved) -> TableView:
        match = self.match
        if match is None:
            raise OutOfStep("a change before the table")
        start, count, back, entries = message.start, message.count, message.back, message.entries
        actions = match.record.actions
        if start != len(actions) or count != start - back + len(entries):
            raise OutOfStep(f"a change from {start} actions to a table of {len(actions)}")
        for _ in range(back):
            if not match.can_undo():
                raise OutOfStep("an undo past the turn")
            match.undo()
        if any(message.drawn):
            _turn_up(match, [list(d) for d in message.drawn], replace_all=False)
        for entry in entries:
            match.play(parse_action(entry))  # IllegalAction, NotationError: ValueErrors
        match.record.hints = list(message.hints) if message.hints is not None else None
        stand_ins = message.stand_ins
        match.record.stand_ins = [dict(s) for s in stand_ins] if stand_ins is not None else None
        return TableView(
            message.seat,
            count,
            match.record,
            list(message.seats),
            rebuilt=False,
            turn_time=self.turn_time,
        )


def _follows(match: Match, record: GameRecord) -> bool:
    """Whether ``record`` is ``match`` played on: the same setup (but the order of the
    tiles this seat has not seen turned up), its actions and then more."""
    mine = match.record
    if record.actions[: len(mine.actions)] != mine.actions or mine.setup.deal is None:
        return False
    deal = record.setup.deal
    if deal is None or replace_deal_piles(mine.setup, deal.piles) != record.setup:
        return False
    state = match.state
    return all(
        tuple(tile.id for tile in pile[:pos]) == theirs[:pos]
        for pile, pos, theirs in zip(state.piles, state.pile_pos, deal.piles, strict=True)
    )


def replace_deal_piles(setup: Any, piles: Any) -> Any:
    from dataclasses import replace

    return replace(setup, deal=replace(setup.deal, piles=tuple(tuple(p) for p in piles)))


def _turn_up(match: Match, order: list[list[str]], *, replace_all: bool) -> None:
    """Put the tiles about to be turned up first among the unseen ones of each pile
    (``order``: per pile, the tiles, after those already drawn when ``replace_all``);
    the rest stay in the canonical order. The record's deal says the same, so a replay
    of it gives this very state."""
    state: GameState = match.state
    piles = []
    for pile, pos, wanted in zip(state.piles, state.pile_pos, order, strict=True):
        unseen = {tile.id: tile for tile in pile[pos:]}
        first = wanted[pos:] if replace_all else wanted
        if len(set(first)) != len(first) or not set(first) <= unseen.keys():
            raise OutOfStep("a tile turned up that is not face down")
        rest = sorted(unseen.keys() - set(first))
        piles.append(pile[:pos] + tuple(unseen[i] for i in [*first, *rest]))
    state.piles = tuple(piles)
    match.record.setup = replace_deal_piles(
        match.record.setup, [[t.id for t in pile] for pile in piles]
    )


class SeatLink:
    """The connection of one seat (or watcher) to its table, reconnecting on its own."""

    def __init__(
        self,
        link: Link,
        on_message: Callable[[p.ServerMessage | p.Unreadable], None],
        on_status: Callable[[str, str], None],
    ) -> None:
        self.link = link
        self.on_message = on_message
        # (code, reason): "connected", "lost" (with the error, if one broke it), a bye's code
        self.on_status = on_status
        self._ws: Any = None
        self._stopped = False
        # Tasks this link started (a message sent, the connection closed): kept until
        # they end, so that none is collected half way.
        self.tasks: set[asyncio.Task[Any]] = set()

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed

    async def send(self, text: str) -> bool:
        ws = self._ws
        if ws is None or ws.closed:
            return False
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):
            return False
        return True

    def post(self, text: str) -> asyncio.Task[bool]:
        """Send ``text`` without waiting: :meth:`send` in a task this link keeps."""
        return self._keep(self.send(text))

    def stop(self) -> asyncio.Task[Any] | None:
        """Stay disconnected from now on; the connection is closed by the task returned
        (kept by this link until it ends), if one was open."""
        self._stopped = True
        ws = self._ws
        if ws is not None and not ws.closed:
            return self._keep(ws.close())
        return None

    def _keep(self, job: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        task = asyncio.get_running_loop().create_task(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def run(self) -> None:
        """Stay connected until stopped, or until the server turns this link away."""
        import aiohttp

        wait = 0.25
        async with aiohttp.ClientSession() as session:
            while not self._stopped:
                final = moved = False
                failed = ""  # why the connection could not be made, or broke
                try:
                    async with session.ws_connect(
                        self.link.websocket,
                        heartbeat=20.0,
                        max_msg_size=8 * 1024 * 1024,
                    ) as ws:
                        self._ws = ws
                        await ws.send_str(p.hello(self.link.table, self.link.token))
                        async for message in ws:
                            if message.type is not aiohttp.WSMsgType.TEXT:
                                continue
                            data = p.decode_server(message.data)
                            if data is None:
                                continue  # a kind of a newer server's: passed over
                            if isinstance(data, p.Bye):
                                self.on_status(data.code, data.reason)
                                final = data.code in p.FINAL_BYES
                                moved = data.code == p.MOVED
                                continue
                            if isinstance(data, p.Table):
                                wait = 0.25
                            self.on_message(data)
                except (TimeoutError, aiohttp.ClientError, OSError) as exc:
                    failed = str(exc) or type(exc).__name__
                finally:
                    self._ws = None
                if final or self._stopped:
                    return
                if moved:  # a rematch: the same link opens the new table, at once
                    wait = 0.25
                    continue
                self.on_status("lost", failed)
                await asyncio.sleep(wait)
                wait = min(wait * 2, 5.0)


async def create_table_request(
    server: str,
    players: int,
    seats: dict[int, str],
    names: list[str] | None = None,
    turn_time: tuple[float, str] | None = None,
) -> dict[str, Any]:
    """Ask ``server`` for a new table (``turn_time``: seconds per turn and the computer
    level that plays a seat whose time ran out); its answer (the links), or ValueError."""
    import aiohttp

    body: dict[str, Any] = {"players": players, "seats": {str(k): v for k, v in seats.items()}}
    if names:
        body["names"] = names
    if turn_time is not None:
        body["turn_time"], body["clock_level"] = turn_time
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{server.rstrip('/')}/tables", json=body) as response,
    ):
        with contextlib.suppress(aiohttp.ContentTypeError):
            answer = await response.json()
            if response.status == 200 and isinstance(answer, dict):
                return answer
            if isinstance(answer, dict) and "error" in answer:
                raise ValueError(str(answer["error"]))
        raise ValueError(f"the server answered {response.status}")
