"""What a seat at a table played apart last saw, kept across restarts.

Per server, table and seat, the number of the table's actions the seat had taken in
(and, for the plain seat, the number of the last message of the table it was told), in
``seen.json`` in the user's data folder (mode 0600: it names the tables one plays
at; no token is kept). Joining again after a restart, the turns played since then are
shown at once ("while you were away"), as after a lost connection.

A file that cannot be read or is not such a record counts as nothing seen (it is
written afresh); a write that fails loses only that memory, never the game.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ..files import read_text, write_atomic
from ..remote.chat import ChatLine

FILE = "seen.json"
LIMIT = 1 << 20  # bytes
KEPT = 200  # tables remembered, the most recent


class SeenTables:
    """The action counts seen, per table and seat, in ``data_dir``."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / FILE

    @staticmethod
    def key(server: str, table: str, seat: int) -> str:
        return f"{server}/{table}#{seat}"

    def _read(self) -> dict[str, int]:
        try:
            data = json.loads(read_text(self.path, LIMIT))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {
            k: v
            for k, v in data.items()
            if isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
        }

    def last(self, server: str, table: str, seat: int) -> int | None:
        """The action count the seat saw last; None: nothing kept."""
        return self._read().get(self.key(server, table, seat))

    def last_chat(self, server: str, table: str, seat: int) -> int | None:
        """The number of the table's last message the seat was told; None: none kept."""
        return self._read().get(self.key(server, table, seat) + "/chat")

    def note_chat(self, server: str, table: str, seat: int, number: int) -> None:
        """The seat has now been told the table's messages up to number ``number``."""
        self._keep(self.key(server, table, seat) + "/chat", number)

    def untold(self, server: str, table: str, seat: int, lines: list[ChatLine]) -> list[ChatLine]:
        """Of the table's messages just sent, those the seat was not told before (joining
        again, the recent ones are sent again); noted as told now."""
        if not lines:
            return lines
        told = self.last_chat(server, table, seat)
        self.note_chat(server, table, seat, max(line.id for line in lines))
        return lines if told is None else [line for line in lines if line.id > told]

    def note(self, server: str, table: str, seat: int, actions: int) -> None:
        """The seat has now seen ``actions`` actions of the table."""
        self._keep(self.key(server, table, seat), actions)

    def _keep(self, key: str, actions: int) -> None:
        seen = self._read()
        if seen.get(key) == actions:
            return
        seen.pop(key, None)
        seen[key] = actions  # the most recent last
        while len(seen) > KEPT:
            seen.pop(next(iter(seen)))
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists():  # created private: it names the tables played at
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
            self.path.chmod(0o600)
            write_atomic(self.path, json.dumps(seen, sort_keys=False), durable=False)
