"""A seat's side of a table played apart: the connection, and the table rebuilt from it.

:class:`SeatLink` keeps one websocket to the table server open for a link, says
``hello``, hands every message on, and connects again by itself when the connection
drops (the server restarted, the network went away), waiting a little longer each
time. It stops for good when the server says the link opens no seat, or that the
seat was opened from another place. :class:`TableMirror` keeps a :class:`Match`
in step with the public records the server sends: new actions are played on it (the
engine checks them again), anything else rebuilds it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import parse_action
from ..records import GameRecord, Match
from . import protocol as p
from .links import Link


@dataclass
class TableView:
    """One ``table`` message: whose screen it is, the public record, the seats."""

    seat: int | None
    count: int
    record: GameRecord
    seats: list[dict[str, Any]]
    final: GameRecord | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)


def record_from_plain(plain: Any) -> GameRecord:
    """A record sent by the server, checked as a record file would be (raises
    RecordError or ValueError)."""
    from ..records.model import _checked_record

    return _checked_record(json.dumps(plain), "table")


def parse_table(message: dict[str, Any]) -> TableView:
    seat = message.get("seat")
    if seat is not None and type(seat) is not int:
        raise ValueError("seat")
    final = message.get("final")
    seats = message.get("seats")
    count = message.get("n")
    if not isinstance(seats, list) or type(count) is not int:
        raise ValueError("table")
    return TableView(
        seat,
        count,
        record_from_plain(message.get("record")),
        seats,
        record_from_plain(final) if final is not None else None,
        message,
    )


class TableMirror:
    """The table as this seat knows it: a match replayed from the public record."""

    def __init__(self) -> None:
        self.match: Match | None = None

    def update(self, record: GameRecord) -> bool:
        """Take ``record`` up; True when the match was rebuilt (not only played on)."""
        match = self.match
        if (
            match is not None
            and match.record.setup == record.setup
            and record.actions[: len(match.record.actions)] == match.record.actions
        ):
            for entry in record.actions[len(match.record.actions) :]:
                match.play(parse_action(entry))
            match.record.hints = record.hints
            match.record.stand_ins = record.stand_ins
            return False
        self.match = Match(record)
        return True


class SeatLink:
    """The connection of one seat (or watcher) to its table, reconnecting on its own."""

    def __init__(
        self,
        link: Link,
        on_message: Callable[[dict[str, Any]], None],
        on_status: Callable[[str, str], None],
    ) -> None:
        self.link = link
        self.on_message = on_message
        self.on_status = on_status  # (code, reason): "connected", "lost", a bye's code
        self._ws: Any = None
        self._stopped = False

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

    def stop(self) -> None:
        self._stopped = True
        ws = self._ws
        if ws is not None and not ws.closed:
            asyncio.get_running_loop().create_task(ws.close())

    async def run(self) -> None:
        """Stay connected until stopped, or until the server turns this link away."""
        import aiohttp

        wait = 0.25
        async with aiohttp.ClientSession() as session:
            while not self._stopped:
                final = False
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
                            try:
                                data = json.loads(message.data)
                            except ValueError:
                                continue
                            if not isinstance(data, dict):
                                continue
                            if data.get("t") == "bye":
                                code = str(data.get("code"))
                                self.on_status(code, str(data.get("reason", "")))
                                final = code in (p.BAD_TOKEN, p.REPLACED, p.BAD_MESSAGE)
                                continue
                            if data.get("t") == "table" and wait != 0.25:
                                wait = 0.25
                            if data.get("t") == "table" and not self.connected_once:
                                self.connected_once = True
                            self.on_message(data)
                except (TimeoutError, aiohttp.ClientError, OSError):
                    pass
                finally:
                    self._ws = None
                if final or self._stopped:
                    return
                self.on_status("lost", "")
                await asyncio.sleep(wait)
                wait = min(wait * 2, 5.0)

    connected_once = False


async def create_table_request(
    server: str, players: int, seats: dict[int, str], names: list[str] | None = None
) -> dict[str, Any]:
    """Ask ``server`` for a new table; its answer (the links), or ValueError."""
    import aiohttp

    body: dict[str, Any] = {"players": players, "seats": {str(k): v for k, v in seats.items()}}
    if names:
        body["names"] = names
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
