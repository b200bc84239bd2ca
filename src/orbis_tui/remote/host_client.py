"""What a program asks a table server over HTTP besides playing: whose turn it is at a
link's table (``orbis tables``), and, with the host's key, the list of tables and a
new link for a seat (``orbis table list``, ``orbis table reissue``).

Every answer is checked before it is used; a server that cannot be reached, or that
answers something else, raises :class:`AskError` saying what happened in one line.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from .links import WATCH, Link

TIMEOUT = 8.0  # seconds for one request, connection included
MAX_ANSWER = 4 * 1024 * 1024  # bytes of an answer read


class AskError(Exception):
    """The server could not be asked, or refused (the reason in one line, in English,
    for logs). ``kind`` says what happened, for a screen to say it in its language:
    ``unreachable`` (``detail``: the connection's error), ``unreadable`` (an answer
    that is not the one asked for), ``key`` (the host's key refused), ``missing`` (no
    such table or seat), ``store`` (the server cannot reach its store just now) or
    ``refused`` (another refusal, its HTTP ``status``)."""

    def __init__(
        self, reason: str, kind: str = "unreadable", *, status: int = 0, detail: str = ""
    ) -> None:
        super().__init__(reason)
        self.kind = kind
        self.status = status
        self.detail = detail


# The refusals a table server answers by their HTTP status; any other is "refused".
_REFUSALS = {401: "key", 404: "missing", 503: "store"}


@dataclass(frozen=True)
class SeatStatus:
    """The table of a link, now: the players, whose turn it is (None: it is over)."""

    seat: int | None  # None: a watching link
    players: list[str]
    turn: int | None
    finished: bool
    left: float | None = None  # seconds the seat to move has left, at a table with a clock
    number: int | None = None  # the game's turn (which one is to be played)

    @property
    def yours(self) -> bool:
        return self.seat is not None and self.turn == self.seat and not self.finished


async def _ask(method: str, url: str, *, key: str | None = None, body: Any = None) -> Any:
    import aiohttp

    headers = {"Authorization": f"Bearer {key}"} if key is not None else {}
    timeout = aiohttp.ClientTimeout(total=TIMEOUT)
    try:
        async with (
            aiohttp.ClientSession(timeout=timeout) as session,
            session.request(method, url, json=body, headers=headers) as response,
        ):
            raw = await response.content.read(MAX_ANSWER)
            status = response.status
    except (aiohttp.ClientError, OSError, TimeoutError) as exc:
        detail = str(exc or type(exc).__name__)
        raise AskError(f"cannot reach the server: {detail}", "unreachable", detail=detail) from None
    import json

    try:
        answer = json.loads(raw)
    except ValueError:
        raise AskError(f"the server answered {status}, not in JSON", status=status) from None
    if status != 200 or not isinstance(answer, dict):
        error = answer.get("error") if isinstance(answer, dict) else None
        reason = str(error) if isinstance(error, str) else f"the server answered {status}"
        kind = _REFUSALS.get(status, "refused") if status != 200 else "unreadable"
        raise AskError(reason, kind, status=status)
    return answer


async def seat_status(link: Link) -> SeatStatus:
    body = {"table": link.table, "token": link.token, "watch": link.kind == WATCH}
    answer = await _ask("POST", f"{link.server}/seat-status", body=body)
    players, turn, seat = answer.get("players"), answer.get("turn"), answer.get("seat")
    if (
        not isinstance(players, list)
        or not all(type(name) is str for name in players)
        or (turn is not None and (type(turn) is not int or not 0 <= turn < len(players)))
        or (seat is not None and (type(seat) is not int or not 0 <= seat < len(players)))
        or type(answer.get("finished")) is not bool
    ):
        raise AskError("the server's answer is not a table's status")
    left, number = answer.get("left"), answer.get("number")
    if (left is not None and type(left) not in (int, float)) or (
        number is not None and type(number) is not int
    ):
        raise AskError("the server's answer is not a table's status")
    return SeatStatus(seat, players, turn, bool(answer["finished"]), left, number)


async def seat_statuses(links: list[Link]) -> list[SeatStatus | AskError]:
    """The status of every link's table, asked all at once."""
    found = await asyncio.gather(*(seat_status(link) for link in links), return_exceptions=True)
    return [f if isinstance(f, SeatStatus | AskError) else AskError(str(f)) for f in found]


async def host_tables(server: str, key: str) -> list[dict[str, Any]]:
    answer = await _ask("GET", f"{server.rstrip('/')}/host/tables", key=key)
    tables = answer.get("tables")
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise AskError("the server's answer is not a list of tables")
    return tables


async def reissue_link(server: str, key: str, table: str, seat: int) -> str:
    url = f"{server.rstrip('/')}/host/tables/{table}/seats/{seat}/link"
    answer = await _ask("POST", url, key=key)
    link = answer.get("link")
    if type(link) is not str:
        raise AskError("the server's answer holds no link")
    return link
