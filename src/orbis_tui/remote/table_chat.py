"""The messages said at one table: kept in the store, sent to every connection.

A :class:`TableChat` belongs to one room. It reads the recent messages from the store
when the first connection arrives and sends them to each connection that arrives; it
takes what a seat says (refused to that seat, with the reason, when it is too long,
empty, too fast, or the store is away: a watcher says nothing), keeps it, and sends it
to every connection; and it passes on, once, a message said at another server process.
It reads the room's action count and connections when it needs them, so that it never
holds the table's state itself.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable
from typing import Any

from . import protocol as p
from .chat import MAX_CHAT, RECENT_CHAT, ChatBudget, ChatLine, clean_chat
from .connection import WATCHER, Connection
from .store_types import StoreUnavailable, TableStore

log = logging.getLogger("orbis.host")


class TableChat:
    def __init__(
        self,
        table_id: str,
        store: TableStore,
        *,
        clock: Callable[[], float],
        count: Callable[[], int],
        connections: Callable[[], Iterable[Connection]],
    ) -> None:
        self.id = table_id
        self.store = store
        self.clock = clock  # for each seat's budget of messages
        self.count = count  # the table's action count now (a message is said at it)
        self.connections = connections  # every seat's and watcher's connection now
        # The recent messages said at the table (read from the store when the first
        # connection arrives), and how many each seat may still say now.
        self.lines: list[ChatLine] | None = None
        self._budgets: dict[int, ChatBudget] = {}

    async def send_recent(self, conn: Connection) -> None:
        """Send a connection that arrived the recent messages (read from the store the
        first time; a store away now leaves them for the next time)."""
        if self.lines is None:
            try:
                self.lines = await self.store.chat(self.id, RECENT_CHAT)
            except StoreUnavailable as exc:
                log.warning("table %s: its messages cannot be read now: %s", self.id, exc)
                return
        if self.lines:
            conn.send(chat_message(self.lines, recent=True))

    async def say(self, seat: int, conn: Connection, text: str) -> None:
        """``seat`` says ``text`` to the table: kept, then sent to every connection; or
        refused to that seat, with the reason."""
        refusal: dict[str, Any] | None = None
        cleaned = clean_chat(text[: MAX_CHAT * 4])
        if seat == WATCHER:
            refusal = {"code": p.WATCHING, "reason": "a watcher cannot speak at the table"}
        elif len(text) > MAX_CHAT or len(cleaned) > MAX_CHAT:
            refusal = {
                "code": p.CHAT_TOO_LONG,
                "reason": f"a message holds at most {MAX_CHAT} characters, not {len(text)}",
                "limit": MAX_CHAT,
            }
        elif not cleaned:
            refusal = {"code": p.CHAT_TOO_LONG, "reason": "an empty message", "limit": MAX_CHAT}
        else:
            budget = self._budgets.setdefault(seat, ChatBudget(self.clock))
            wait = budget.spend()
            if wait:
                refusal = {
                    "code": p.CHAT_TOO_FAST,
                    "reason": f"too many messages: wait {math.ceil(wait)} s",
                    "wait": math.ceil(wait),
                }
        if refusal is None:
            try:
                line = await self.store.say(self.id, seat, self.count(), cleaned)
            except StoreUnavailable as exc:
                log.warning("table %s: a message not kept: %s", self.id, exc)
                refusal = {
                    "code": p.STORE_AWAY,
                    "reason": "the table's store cannot be reached: nothing was kept",
                }
            else:
                self.heard(line)
                return
        conn.send(p.encode(p.Refused(count=self.count(), **refusal)))

    def heard(self, line: ChatLine) -> None:
        """A message was said here or at another server process: every connection is
        sent it (once: a line already heard is passed over)."""
        if self.lines is not None:
            if any(kept.id == line.id for kept in self.lines):
                return
            self.lines = [*self.lines, line][-RECENT_CHAT:]
        message = chat_message([line])
        for conn in self.connections():
            conn.send(message)

    async def catch_up(self) -> None:
        """Messages said at other server processes may have been missed: read them."""
        if self.lines is None:
            return
        known = {line.id for line in self.lines}
        for line in await self.store.chat(self.id, RECENT_CHAT):
            if line.id not in known:
                self.heard(line)


def chat_message(lines: list[ChatLine], *, recent: bool = False) -> str:
    """The ``chat`` message that carries ``lines`` (``recent``: said before the
    connection arrived)."""
    infos = [p.ChatLineInfo(id=c.id, seat=c.seat, at=c.at, text=c.text) for c in lines]
    return p.encode(p.Chat(lines=infos, recent=recent))
