"""``orbis join --plain``: another player leaving the table, coming back, and their
seat handed to a computer once their grace is over, as the app's seat has them (its
``m``); the help lists the commands of a seat played apart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from orbis_tui.plain.join import PlainJoin
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import Link, parse_link
from orbis_tui.remote.table_server import TableServer
from orbis_tui.tui.core.remote_session import RemoteSession

from .raw import raw_socket
from .server_helpers import running_server, url
from .test_plain_join import Output, Scripted

LEFT = "Bo has left the table: their seat can be handed to a computer in 30 s"
ABSENT = "Bo is away: type computer and a level (easy, medium, hard, expert)"


class Clock:
    """A clock the test moves (the server's, or the seat's count of the grace)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _ada_and_bo(server: TableServer) -> tuple[Link, Link]:
    answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"])
    ada, bo = (parse_link(seat["link"]) for seat in answer["seats"])
    return ada, bo


async def _until(out: Output, text: str) -> None:
    for _ in range(1000):
        if text in out.text:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"never said {text!r}:\n{out.text}")


def test_the_plain_seat_says_who_left_and_hands_their_seat_to_a_computer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    server_clock, seat_clock = Clock(), Clock()
    monkeypatch.setattr(RemoteSession, "clock", staticmethod(seat_clock))
    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=server_clock) as server:
            ada, bo = await _ada_and_bo(server)
            room = server.rooms[ada.table]
            script = [(ABSENT, "computer"), ("Which computer level?", "computer easy")]

            def done() -> bool:
                return "The computer (easy) plays for Bo until they return." in out.text

            seat = PlainJoin(ada, Scripted(out, script, done), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            await _until(out, "At the table of Ada, Bo")  # Bo not come yet
            async with raw_socket(bo) as b:
                await b.next("table")
                await _until(out, "Bo has taken their seat at the table.")  # the first time
            assert "Bo is back" not in out.text
            await _until(out, LEFT)  # Bo's connection dropped
            assert ABSENT not in out.text  # not during the grace
            server_clock.now += 30.0
            seat_clock.now += 30.0
            assert await asyncio.wait_for(running, 60) == 0
            assert room.stand_in(1) == "easy"

    asyncio.run(main())
    text = out.text
    assert text.count(ABSENT) == 1
    assert "for example: computer medium." in text
    assert "Which computer level? Type computer and one of: easy, medium, hard, expert." in text
    assert " m " not in text and "m:" not in text  # the app's key is not this seat's


def test_the_plain_seats_help_lists_the_commands_of_a_table_played_apart(
    tmp_path: Path,
) -> None:
    """The help lists the commands of a seat played apart, and says what quit does
    there: it leaves the seat, the server keeping the game."""
    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            ada, bo = await _ada_and_bo(server)
            script = [("At the table of", "help"), ("At the table:", "computer hard")]
            said = "Everyone is at the table: no seat can be handed to a computer."

            def done() -> bool:
                return said in out.text

            seat = PlainJoin(ada, Scripted(out, script, done), out)  # type: ignore[arg-type]
            async with raw_socket(bo) as b:  # Bo is here
                await b.next("table")
                assert await asyncio.wait_for(seat.run(), 60) == 0

    asyncio.run(main())
    text = out.text
    table = text.split("\nAt the table:\n")[1]
    for command in ("say TEXT", "chat", "mute NAME", "unmute NAME", "time", "computer LEVEL"):
        assert f"\n{command}: " in f"\n{table}", command
    for command in ("back", "rematch", "accept", "decline"):
        assert f"\n{command}: " in table, command
    assert "(LEVEL: easy, medium, hard, expert)" in table
    save_line = next(line for line in text.splitlines() if line.startswith("save:"))
    assert "once the game is over" in save_line, save_line
    assert "Everyone is at the table: no seat can be handed to a computer." in text
    # quitting leaves the seat: the game is kept on the server, not saved here
    quit_line = next(line for line in text.splitlines() if line.startswith("quit:"))
    assert "the server keeps the game" in quit_line, quit_line
    assert "save" not in quit_line, quit_line


class _CountingLosses(PlainJoin):
    """A plain seat that counts the connection's failed tries."""

    losses = 0

    def _status(self, code: str, reason: str) -> bool:
        if code == "lost":
            self.losses += 1
        return super()._status(code, reason)


def test_a_lost_connection_is_said_once_and_its_return_too(tmp_path: Path) -> None:
    """The server stops: the plain seat says so once, however often it tries again in
    vain, and says when it is connected again (as the app's seat does)."""
    from contextlib import AsyncExitStack

    from .server_helpers import free_port

    port = free_port()
    out = Output()
    lost = "The connection to the table was lost: connecting again…"
    back = "Connected to the table again."

    async def main() -> None:
        async with AsyncExitStack() as first:
            server = await first.enter_async_context(running_server(tmp_path / "t.db", port))
            ada, _bo = await _ada_and_bo(server)
            script = Scripted(out, [], lambda: back in out.text)
            seat = _CountingLosses(ada, script, out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            await _until(out, "At the table of Ada, Bo")
            await first.aclose()  # the server stops
            for _ in range(1000):  # it tries to connect again, in vain, three times
                if seat.losses >= 3:
                    break
                await asyncio.sleep(0.02)
            assert seat.losses >= 3
        async with running_server(tmp_path / "t.db", port):
            await _until(out, back)
            await asyncio.wait_for(running, 30)
        assert out.text.count(lost) == 1
        assert out.text.count(back) == 1

    asyncio.run(main())


def test_a_player_taking_their_seat_does_not_ask_the_plain_seat_its_question_again(
    tmp_path: Path,
) -> None:
    """The seat to move hears its options once: another player coming to the table is
    said in a line, and the question stands (a screen reader used to read every option
    again)."""
    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            ada, bo = await _ada_and_bo(server)
            if server.rooms[ada.table].match.state.current == 1:  # the one to move plays here
                ada, bo = bo, ada
            script = [("has taken their seat at the table.", "time")]

            def done() -> bool:
                return "This table has no time per turn." in out.text

            seat = PlainJoin(ada, Scripted(out, script, done), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            await _until(out, "Options:")
            async with raw_socket(bo) as b:
                await b.next("table")
                assert await asyncio.wait_for(running, 60) == 0

    asyncio.run(main())
    assert out.text.count("Options:") == 1, out.text


def test_a_link_that_opens_no_seat_is_not_said_to_take_the_player_back(
    tmp_path: Path,
) -> None:
    """A link with a wrong token: the plain seat says the link opens no seat, and ends
    with a failure, not with 'your link takes you back'."""
    import secrets
    from dataclasses import replace

    out = Output()

    async def main() -> int:
        async with running_server(tmp_path / "t.db") as server:
            ada, _bo = await _ada_and_bo(server)
            wrong = replace(ada, token=secrets.token_urlsafe(32))
            seat = PlainJoin(wrong, Scripted(out, [], lambda: False), out)  # type: ignore[arg-type]
            return await asyncio.wait_for(seat.run(), 60)

    assert asyncio.run(main()) == 1
    assert "This link opens no seat at this table server" in out.text
    assert "your link takes you back" not in out.text


def test_a_server_never_reached_is_named_not_said_to_be_lost() -> None:
    """The first connection fails (a wrong port, a server not running): the seat says
    which server it cannot reach and why, not that a connection was lost."""
    import socket

    with socket.socket() as free:  # a port nobody listens on
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    server = f"http://127.0.0.1:{port}"
    link = Link(server, "play", "abcdefghijkl", "t" * 43)
    out = Output()

    def said() -> bool:
        return "cannot be reached" in out.text

    async def main() -> int:
        seat = PlainJoin(link, Scripted(out, [], said), out)  # type: ignore[arg-type]
        return await asyncio.wait_for(seat.run(), 60)

    asyncio.run(main())
    assert f"The table server {server} cannot be reached (" in out.text
    assert "was lost" not in out.text


def test_a_watcher_is_told_it_watches_and_that_a_move_is_not_its_to_play(
    tmp_path: Path,
) -> None:
    """The watching link at a plain seat: it says at once that it watches (not 'your
    seat: -'), and a move typed is answered that a watcher cannot play (not whose turn
    it is)."""
    from .server_helpers import new_table

    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            _links, watch, _ = await new_table(server, 2)
            script = [("you are watching", "take 1")]

            def done() -> bool:
                return "You are watching this table: you cannot play." in out.text

            seat = PlainJoin(watch, Scripted(out, script, done), out)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 60) == 0

    asyncio.run(main())
    assert "you are watching, and cannot play." in out.text
    assert "your seat: -" not in out.text and "not yours" not in out.text
