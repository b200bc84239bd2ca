"""``orbis join --notify-command CMD``: CMD runs once each time the seat's turn comes,
with the alert's text as its last argument and in ``ORBIS_NOTIFY_TEXT`` (never through
a shell), and not again when the connection comes back in the same turn; not for the
turn that is already the seat's when it is opened (its player is at the screen)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from orbis_tui.plain import texts
from orbis_tui.plain.join import PlainJoin
from orbis_tui.remote import protocol as p
from orbis_tui.remote.alerts import TEXT_ENV, NotifyCommandError, TurnAlert, notify_argv
from orbis_tui.words.worshipers import spell_colors

from .server_helpers import new_table, running_server
from .test_plain_join import NUMBERED, Output

# The player's command: one line per run, its last argument and the environment's text.
SCRIPT = f"""
import os, sys
with open(sys.argv[1], "a", encoding="utf-8") as out:
    out.write(sys.argv[-1] + "|" + os.environ["{TEXT_ENV}"] + "\\n")
"""


class Player:
    """Answers each question with its first open option until the seat's third turn;
    then has the server drop the connection, and once the same turn is asked again
    after it came back, leaves."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.seat: PlainJoin | None = None
        self.drop: object = None  # called (from this thread) to drop the connection
        self.turns: set[int] = set()
        self.dropped = False
        self.asked_again = False

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            if text is None:
                return ""
            if not text.endswith("> "):
                continue
            assert self.seat is not None and self.seat.session is not None
            turn = self.seat.session.state.turn
            self.turns.add(turn)
            if len(self.turns) == 3 and not self.dropped:
                self.dropped = True
                self.out.text = ""
                self.drop()  # type: ignore[operator]
                continue  # the same turn is shown again once the seat is back
            if self.dropped:
                self.asked_again = True
                return "quit\n"
            lines = text.splitlines()
            start = max(i for i, line in enumerate(lines) if line.endswith("Options:"))
            numbers = [m.group(1) for line in lines[start:] if (m := NUMBERED.match(line))]
            return numbers[0] + "\n"


def test_the_notify_command_runs_once_per_turn_not_again_on_a_reconnect(tmp_path: Path) -> None:
    script = tmp_path / "notify.py"
    script.write_text(SCRIPT)
    said = tmp_path / "said.txt"
    out = Output()
    player = Player(out)
    runs: list[int] = []

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            loop = asyncio.get_running_loop()

            def drop() -> None:
                loop.call_soon_threadsafe(room.here[0].close, p.SHUTDOWN, "dropped")

            player.drop = drop
            argv = notify_argv(f"{sys.executable} {script} {said}")
            seat = PlainJoin(link, player, out, notify=argv)  # type: ignore[arg-type]
            player.seat = seat
            alert = seat.turn_alert
            assert alert is not None
            opened_at = _openings(alert)  # the turn the seat was opened in
            assert await asyncio.wait_for(seat.run(), 300) == 0
            assert player.asked_again
            assert seat.turn_alert is not None
            # the seat's turns 1, 2 and 3, the third once; the first not if the seat
            # opened in it (whoever starts is drawn at random)
            expected = 2 if opened_at[0] in player.turns else 3
            assert seat.turn_alert.runs == expected
            runs.append(expected)
            async with asyncio.timeout(60):  # the runs end on their own
                while len(_lines(said)) < expected:
                    await asyncio.sleep(0.02)

    before = spell_colors(True)
    try:
        asyncio.run(main())
    finally:
        spell_colors(before)
    text = "Orbis: your turn, Player 1"
    assert _lines(said) == [f"{text}|{text}"] * runs[0]
    assert texts.JOIN_GOODBYE.split(";")[0] in out.text


def _openings(alert: TurnAlert) -> list[object]:
    """The turns ``alert`` is told the seat was opened in, as it is told them."""
    opened: list[object] = []
    seen = alert.seen

    def recorded(key: object) -> None:
        opened.append(key)
        seen(key)

    alert.seen = recorded  # type: ignore[method-assign]
    return opened


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def test_a_notify_command_that_cannot_run_is_refused_at_start(tmp_path: Path) -> None:
    with pytest.raises(NotifyCommandError, match="not a program found"):
        notify_argv("no-such-program-orbis --flag")
    with pytest.raises(NotifyCommandError, match="quotation"):
        notify_argv("notify-send 'unclosed")
    answer = subprocess.run(
        [sys.executable, "-m", "orbis_tui", "join", "--notify-command", "no-such-program-orbis",
         "http://127.0.0.1:1/play/abc/def"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )  # fmt: skip
    assert answer.returncode == 2
    assert "--notify-command" in answer.stderr and "no-such-program-orbis" in answer.stderr


def test_the_apps_notify_command_runs_once_per_turn_not_again_on_a_reconnect(
    tmp_path: Path,
) -> None:
    from orbis_tui.tui.join import JoinApp
    from orbis_tui.tui.join_screens import RemoteTableScreen

    from .test_join_app import _until

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            argv = notify_argv(f"{sys.executable} -c pass")
            app = JoinApp(link, tmp_path / "data", notify=argv)
            alert = app.turn_alert
            assert alert is not None
            kinds: list[object] = []  # the server's messages, as the app takes them
            said = app._server_said

            def taken(data: p.ServerMessage | p.Unreadable) -> None:
                kinds.append(data.t if not isinstance(data, p.Unreadable) else None)
                said(data)

            app._server_said = taken  # type: ignore[method-assign]
            opened_at = _openings(alert)  # the turn the seat was opened in
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                await _until(pilot, lambda: screen.my_turn)
                # opened in its own turn, the seat's player is at the screen: no alert
                alerted = 0 if opened_at == [screen.state.turn] else 1
                assert alert.runs == alerted
                first = room.here[0]
                first.close(p.SHUTDOWN, "dropped")  # the connection comes back
                await _until(pilot, lambda: room.here.get(0) not in (None, first))
                await _until(pilot, lambda: kinds.count("table") == 2)  # the table again
                assert alert.runs == alerted  # the same turn: not again
                turn = screen.state.turn
                while room.match.state.turn == turn:  # Enter plays what the panel proposes
                    await pilot.press("enter")
                    await pilot.pause(0.05)
                await _until(pilot, lambda: screen.my_turn and screen.state.turn > turn + 1)
                assert alert.runs == alerted + 1
                await pilot.press("q")

    asyncio.run(main())
