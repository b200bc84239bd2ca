"""A bare websocket to the table server, for tests that send exactly what they mean."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp

from orbis_tui.remote import protocol as p
from orbis_tui.remote.links import Link


class Raw:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws

    async def send(self, text: str) -> None:
        await self.ws.send_str(text)

    async def next(self, kind: str | None = None, timeout: float = 10.0) -> dict[str, Any]:
        """The next message (of ``kind``; "change": a whole table or a ``moved``); a
        closed connection raises ConnectionError."""
        kinds = ("table", "moved") if kind == "change" else (kind,)
        while True:
            message = await self.ws.receive(timeout=timeout)
            if message.type is not aiohttp.WSMsgType.TEXT:
                raise ConnectionError(str(message.type))
            data: dict[str, Any] = json.loads(message.data)
            if kind is None or data["t"] in kinds:
                return data

    async def closed_with(self, timeout: float = 10.0) -> str | None:
        """The bye's code, once the server has closed the connection."""
        code = None
        while True:
            message = await self.ws.receive(timeout=timeout)
            if message.type is aiohttp.WSMsgType.TEXT:
                data = json.loads(message.data)
                if data["t"] == "bye":
                    code = data["code"]
                continue
            return code


async def chat_heard(name: str, conn: Raw, seconds: float = 30.0) -> dict[str, Any]:
    """The next chat message ``conn`` is sent; if none comes within ``seconds``, a
    failure that names the connection and every message it got meanwhile (a refusal
    whole, the others by kind)."""
    seen: list[str] = []
    try:
        async with asyncio.timeout(seconds):
            while True:
                message = await conn.next(timeout=seconds)
                if message["t"] == "chat":
                    return message
                seen.append(message["t"] if message["t"] != "refused" else str(message))
    except TimeoutError:
        raise AssertionError(f"{name} heard no chat in {seconds} s; it got {seen}") from None


@asynccontextmanager
async def raw_socket(link: Link, hello: bool = True) -> AsyncIterator[Raw]:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(link.websocket, max_msg_size=8 * 1024 * 1024) as ws,
    ):
        raw = Raw(ws)
        if hello:
            await raw.send(p.hello(link.table, link.token))
        yield raw


def as_change(data: dict[str, Any]) -> p.Table | p.Moved:
    """A ``table`` or ``moved`` message received as JSON, read as a seat reads it."""
    message = p.decode_server(json.dumps(data))
    assert isinstance(message, p.Table | p.Moved), message
    return message


def as_table(data: dict[str, Any]) -> p.Table:
    message = as_change(data)
    assert isinstance(message, p.Table)
    return message


def count_of(message: p.ServerMessage | p.Unreadable) -> int:
    """The action count a ``table`` or ``moved`` message says (else 0)."""
    return message.count if isinstance(message, p.Table | p.Moved) else 0
