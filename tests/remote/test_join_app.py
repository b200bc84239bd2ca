"""``orbis join``'s app against a real table server: a whole turn by keyboard."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen

from .server_helpers import new_table, running_server


def test_a_seat_plays_its_turn_by_keyboard_and_sees_the_computer_answer(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            app = JoinApp(link, tmp_path / "data")
            async with app.run_test(size=(80, 24)) as pilot:
                screen = None
                for _ in range(200):
                    if isinstance(app.screen, RemoteTableScreen):
                        screen = app.screen
                        break
                    await pilot.pause(0.02)
                assert screen is not None
                start = room.count
                for _ in range(400):  # the computer may start: wait for this seat's turn
                    if screen.my_turn and not screen.handing_over:
                        break
                    if screen.handing_over:
                        await pilot.press("enter")
                    await pilot.pause(0.02)
                assert screen.my_turn
                turn = screen.state.turn
                for _ in range(400):  # Enter does what the panel proposes, then ends the turn
                    if room.match.state.turn != turn:
                        break
                    await pilot.press("enter")
                    await pilot.pause(0.05)
                assert room.count > start
                for _ in range(400):  # the computer answers; the screen shows it
                    if room.match.state.current == 0 and screen.state.turn == room.match.state.turn:
                        break
                    await pilot.pause(0.02)
                assert screen.state.public_signature() == room.match.state.public_signature()
                assert screen.match.record.actions == room.record.actions
                await pilot.press("q")

    asyncio.run(main())


async def _wait(condition: Callable[[], bool], seconds: float = 60) -> None:
    """Wait for ``condition`` (no app running), failing after ``seconds``."""
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("waited in vain")


async def _until(pilot: Any, condition: Callable[[], bool], seconds: float = 60) -> None:
    """Wait for ``condition``, failing after ``seconds``."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("waited in vain")


def test_a_seat_opened_elsewhere_says_so_and_takes_it_back(tmp_path: Path) -> None:
    from orbis_tui.remote import protocol as p
    from orbis_tui.tui.join_screens import ReplacedScreen

    from .raw import raw_socket

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            app = JoinApp(link, throwaway=True)
            try:
                async with app.run_test(size=(80, 24)) as pilot:
                    await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                    async with raw_socket(link) as elsewhere:
                        await elsewhere.next("table")
                        await _until(pilot, lambda: isinstance(app.screen, ReplacedScreen))
                        keys = {b.binding.action for b in app.active_bindings.values()}
                        assert "take_back" in keys and "quit" in keys
                        assert not keys & {"stand_in", "end_turn", "undo", "hint", "confirm"}
                        await pilot.press("enter")
                        assert await elsewhere.closed_with() == p.REPLACED
                    await _until(
                        pilot,
                        lambda: isinstance(app.screen, RemoteTableScreen) and 0 in room.here,
                    )
                    await pilot.press("q")
            finally:
                app.cleanup()


def test_back_after_a_lost_connection_the_seat_reads_what_happened_while_away(
    tmp_path: Path,
) -> None:
    """The connection drops (as SeatLink reports it), the table plays on, and when the
    whole table comes back the seat's player sees every turn played meanwhile."""
    from orbis_tui.remote import protocol as p
    from orbis_tui.tui.screens.since import SinceScreen

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            app = JoinApp(link, tmp_path / "data")
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                await _until(pilot, lambda: screen.my_turn and not screen.handing_over)
                assert screen.my_turn
                app._on_status("lost", "")  # what SeatLink says when the connection drops
                turn = screen.state.turn
                for _ in range(400):  # the turn is played, and the computer answers
                    if room.match.state.turn > turn + 1:
                        break
                    if screen.my_turn and room.match.state.turn == turn:
                        await pilot.press("enter")
                    await pilot.pause(0.05)
                assert room.match.state.turn > turn + 1
                app._send(p.sync())  # back: the server sends the whole table
                await _until(pilot, lambda: isinstance(app.screen, SinceScreen))
                since = app.screen
                assert isinstance(since, SinceScreen) and since.away
                assert len(since.turns) >= 2  # this seat's turn and the computer's
                await pilot.press("escape")
                await pilot.press("q")

    asyncio.run(main())


def test_joining_again_after_a_restart_shows_what_happened_meanwhile(tmp_path: Path) -> None:
    """The app kept the actions this seat saw (in the data folder); started again, it
    opens on the turns played since then, as after a lost connection."""
    from orbis_tui.records import Match
    from orbis_tui.tui.core.history import TurnHistory
    from orbis_tui.tui.screens.since import SinceScreen
    from orbis_tui.tui.seen import SeenTables

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            seen = SeenTables(tmp_path / "data")
            app = JoinApp(link, tmp_path / "data")
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                assert not any(isinstance(s, SinceScreen) for s in app.screen_stack)
                await _until(pilot, lambda: seen.last(link.server, link.table, 0) is not None)
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                await _until(pilot, lambda: screen.my_turn and not screen.handing_over)
                turn = screen.state.turn
                for _ in range(400):  # Enter does what the panel proposes, then ends the turn
                    if room.match.state.turn != turn:
                        break
                    await pilot.press("enter")
                    await pilot.pause(0.05)
                await pilot.press("q")
            # the computer answers while this seat's app is closed
            await _wait(lambda: room.match.state.turn > turn + 1 or room.match.state.is_over)
            history = TurnHistory(Match(room.record))
            assert len(history.update()) >= 2
            seen.note(link.server, link.table, 0, 0)
            again = JoinApp(link, tmp_path / "data")
            async with again.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: isinstance(again.screen, SinceScreen))
                since = again.screen
                assert isinstance(since, SinceScreen) and since.away
                assert len(since.turns) >= 2
                await pilot.press("escape")
                await pilot.press("q")

    asyncio.run(main())


def test_a_server_never_reached_is_named_on_the_waiting_screen(tmp_path: Path) -> None:
    """The first connection fails (a wrong port, a server not running): the screen
    says which server it cannot reach, not that a connection was lost."""
    import socket

    from textual.widgets import Static

    from orbis_tui.remote.links import Link
    from orbis_tui.tui.join_screens import WaitingScreen

    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    server = f"http://127.0.0.1:{port}"
    app = JoinApp(Link(server, "play", "abcdefghijkl", "t" * 43), throwaway=True)

    def said() -> str:
        screen = app.screen
        if not isinstance(screen, WaitingScreen):
            return ""
        return str(screen.query_one("#join-status", Static).render())

    async def main() -> None:
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: "cannot be reached" in said())
                assert f"The table server {server} cannot be reached (" in said()
                assert not any("was lost" in str(n.message) for n in app._notifications)
                await pilot.press("q")
        finally:
            app.cleanup()

    asyncio.run(main())
