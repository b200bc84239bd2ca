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
    """Each turn of this seat is said to be done once the server has played it, once."""
    out = Output()
    turns: list[int] = []

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
            turns.extend(t.seat for t in seat.session.history.update())

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
    assert text.count("Your turn is done: you took ") == turns.count(0) > 5
    assert threading.active_count() >= 1


class OneTurn:
    """Plays the first option at each prompt until this seat's turn is done, then ends
    the input (with ``turns=0``: at once, at the first prompt or wait)."""

    def __init__(self, out: Output, turns: int = 1) -> None:
        self.out = out
        self.turns = turns

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            asked = text is not None and (text.endswith("> ") or "is deciding" in text)
            if text is None or (asked and text.count("Your turn is done") >= self.turns):
                return ""
            lines = text.splitlines()
            if text.endswith("> "):
                start = max(i for i, line in enumerate(lines) if line.endswith("Options:"))
                numbers = [
                    m.group(1) for line in lines[start:] if (m := NUMBERED.match(line)) is not None
                ]
                return numbers[0] + "\n"


def test_joining_again_after_a_restart_says_what_happened_meanwhile(tmp_path: Path) -> None:
    """The actions a seat saw are kept in the data folder (0600); joining again, the
    turns played since then are said at once, before anything else is asked."""
    from orbis_tui.records import Match
    from orbis_tui.tui.history import TurnHistory
    from orbis_tui.tui.seen import SeenTables

    seen = SeenTables(tmp_path / "data")
    first, again = Output(), Output()
    noted: list[object] = []

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            seat = PlainJoin(link, OneTurn(first), first, seen=seen)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 300) == 0
            assert seen.path.stat().st_mode & 0o777 == 0o600
            assert seen.last(link.server, link.table, 0) is not None
            # what the seat saw: the table at the end of its first turn
            history = TurnHistory(Match(room.record))
            mine = next(i for i, turn in enumerate(history.update()) if turn.seat == 0)
            seen_at = history.ends[mine]  # the end of this seat's first turn (either may start)
            seen.note(link.server, link.table, 0, seen_at)
            noted.extend([history.ends, room.record.actions[:8]])
            while room.count <= seen_at or room.match.state.current != 0:  # the computer plays
                await asyncio.sleep(0.01)
            back = PlainJoin(link, OneTurn(again, turns=0), again, seen=seen)  # type: ignore[arg-type]
            assert await asyncio.wait_for(back.run(), 300) == 0
            assert (seen.last(link.server, link.table, 0) or 0) > seen_at  # noted again

    before = spell_colors(True)
    try:
        asyncio.run(main())
    finally:
        spell_colors(before)
    assert "While you were away" not in first.text  # nothing kept the first time
    assert "While you were away (1 turn):" in again.text, (noted, again.text)
    assert again.text.index("While you were away") < again.text.index("Options:")
