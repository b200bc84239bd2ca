"""``orbis join --plain``: a seat of a table played apart, line by line, at a real
table server; a whole game against the server's computer player."""

from __future__ import annotations

import asyncio
import queue
import re
import threading
from pathlib import Path

import pytest

from orbis_tui.plain.join import JOIN_OVER, PlainJoin
from orbis_tui.plain.seat import over_commands
from orbis_tui.words.worshipers import spell_colors

from .server_helpers import new_table, running_server

NUMBERED = re.compile(r"^(?:> )?([0-9]+)\. (?!not possible)")


class Typist:
    """Types an open option's number each time the seat prints its prompt, and a
    command while the other player decides; the end of the input once the game is
    over. ``readline`` runs in the seat's input thread: it waits for the prompt."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.commands = ["board", "history", "fly away"]

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            if text is None:
                return ""
            lines = text.splitlines()
            if any(over_commands(JOIN_OVER) in line for line in lines[-3:]):
                return ""
            if text.endswith("> "):
                start = max(i for i, line in enumerate(lines) if line.endswith("Options:"))
                numbers = [
                    m.group(1) for line in lines[start:] if (m := NUMBERED.match(line)) is not None
                ]
                return numbers[0] + "\n"
            if self.commands and "is deciding" in lines[-1]:
                return self.commands.pop(0) + "\n"


class Output:
    """What the seat writes, with a way for the typist to wait for more."""

    def __init__(self) -> None:
        self.text = ""
        self.changed: queue.Queue[None] = queue.Queue()
        self.closed = False

    def write(self, text: str) -> int:
        self.text += text
        self.changed.put(None)
        return len(text)

    def flush(self) -> None:
        pass

    def wait(self) -> str | None:
        try:
            self.changed.get(timeout=60)
        except queue.Empty:
            return None
        while not self.changed.empty():
            self.changed.get_nowait()
        return self.text


@pytest.mark.slow  # a whole game at a server
def test_a_whole_game_at_a_table_server_line_by_line(tmp_path: Path) -> None:
    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            seat = PlainJoin(link, Typist(out), out)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 600) == 0
            assert room.match.state.is_over
            assert seat.session is not None
            assert seat.session.match.record.actions == room.record.actions

    before = spell_colors(True)
    try:
        asyncio.run(main())
    finally:
        spell_colors(before)
    text = out.text
    assert "At the table of" in text
    assert "Since your last turn:" in text
    assert "Final standings" in text
    assert "\x1b" not in text
    assert threading.active_count() >= 1
