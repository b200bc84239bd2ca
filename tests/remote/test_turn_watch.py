"""``orbis tables --watch``: each of the player's turns at the tables joined is said
once, with no seat open (for --notify-command while no terminal is on the game)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from orbis_tui.engine import format_action
from orbis_tui.remote import protocol as p
from orbis_tui.remote.host_client import SeatStatus, seat_status
from orbis_tui.remote.joined import remember_joined
from orbis_tui.remote.links import Link
from orbis_tui.remote.turn_watch import watch_turns

from .raw import raw_socket
from .server_helpers import new_table, running_server


def test_each_turn_of_the_player_is_alerted_once_and_the_others_turns_not(
    tmp_path: Path,
) -> None:
    alerts: list[tuple[str, int | None]] = []

    async def no_wait(_seconds: float) -> None:
        return None

    def alert(link: Link, status: SeatStatus) -> None:
        alerts.append((link.token, status.number))

    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            links, _watch, _answer = await new_table(server, 2)
            first, second = links[0], links[1]
            assert first is not None and second is not None
            for link in (first, second):
                remember_joined(tmp_path / "data", link)
            now = await seat_status(first)
            mover = first if now.yours else second
            # asked three times in one turn: one alert, for the player to move only
            await watch_turns(tmp_path / "data", alert, rounds=3, sleep=no_wait)
            assert alerts == [(mover.token, now.number)]
            # that player plays their turn to its end: the other's turn comes
            room = server.rooms[mover.table]
            seat_number = room.match.state.current
            async with raw_socket(mover) as seat:
                await seat.next("table")
                while room.match.state.current == seat_number:
                    entry = format_action(room.match.state.decision_actions()[0])
                    await seat.send(p.act(room.count, entry))
                    await seat.next("moved")
            await watch_turns(tmp_path / "data", alert, rounds=2, sleep=no_wait)
            other = second if mover is first else first
            assert [a[0] for a in alerts] == [mover.token, other.token]

    asyncio.run(main())


def test_the_watch_command_says_there_is_nothing_to_watch(tmp_path: Path) -> None:
    env = {**os.environ, "ORBIS_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "orbis_tui", "tables", "--watch", "--every", "10"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "No table to watch" in done.stdout
