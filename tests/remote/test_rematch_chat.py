"""The messages said at a table stay with it: after a rematch, the new table's game log
(and the plain seat's ``chat``) starts without the old table's messages, which were
placed there after the new game's actions of the same number."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orbis_tui.plain.join import PlainJoin
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import Link, parse_link
from orbis_tui.remote.seatbot import play_seat, random_chooser
from orbis_tui.remote.table_server import TableServer
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen, SeatEndScreen

from .raw import raw_socket
from .server_helpers import running_server, url
from .test_join_app import _until
from .test_plain_join import Output

SAID = "good game"


async def _played_and_said(server: TableServer) -> tuple[Link, Link]:
    """A whole game between two program seats; then Ada says SAID at its end."""
    answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"])
    ada, bo = (parse_link(s["link"]) for s in answer["seats"])
    await asyncio.gather(play_seat(ada, random_chooser(1)), play_seat(bo, random_chooser(2)))
    async with raw_socket(ada) as a:
        await a.next("table")
        await a.send(p.say(SAID))
        await a.next("chat")
    return ada, bo


def test_the_apps_log_at_the_rematch_holds_none_of_the_old_tables_messages(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            ada, bo = await _played_and_said(server)
            old = server.rooms[ada.table]
            app = JoinApp(bo, tmp_path / "data")
            async with app.run_test(size=(100, 30)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, SeatEndScreen))
                session = app.session
                assert session is not None
                await _until(pilot, lambda: any(SAID in line for line in session.log_lines()))
                async with raw_socket(ada) as asker:
                    await asker.next("table")
                    await asker.send(p.rematch(True))
                    end = app.screen
                    assert isinstance(end, SeatEndScreen)
                    await _until(pilot, lambda: end.check_action("rematch", ("yes",)) is True)
                    await pilot.press("n")  # accept
                    assert await asker.closed_with(timeout=30) == p.MOVED
                await _until(
                    pilot,
                    lambda: (
                        isinstance(app.screen, RemoteTableScreen)
                        and app.session is not None
                        and app.session.table_id == old.next_table
                    ),
                )
                new = app.session
                assert new is not None
                assert not any(SAID in line for line in new.log_lines())
                assert new.chat_lines() == []
                await pilot.press("q")

    asyncio.run(main())


class ChatAfterRematch:
    """Accepts the rematch once asked; at the new table, asks for the messages again
    (``chat``), then ends the input."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.steps = [
            ("asks for a rematch: type 1 or accept", "1"),
            ("The rematch is dealt: the same seats at a new table.", "chat"),
        ]

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            if text is None:
                return ""
            if self.steps and self.steps[0][0] in text:
                return self.steps.pop(0)[1] + "\n"
            dealt = text.rfind("The rematch is dealt")
            if not self.steps and dealt >= 0 and "Nothing said yet." in text[dealt:]:
                return ""
            if not self.steps and dealt >= 0 and SAID in text[dealt:]:
                return ""


def test_the_plain_seats_chat_at_the_rematch_holds_none_of_the_old_tables_messages(
    tmp_path: Path,
) -> None:
    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            ada, bo = await _played_and_said(server)
            seat = PlainJoin(bo, ChatAfterRematch(out), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            for _ in range(500):  # until the plain seat heard the old table's message
                if SAID in out.text:
                    break
                await asyncio.sleep(0.02)
            async with raw_socket(ada) as asker:
                await asker.next("table")
                await asker.send(p.rematch(True))
                assert await asker.closed_with(timeout=60) == p.MOVED
            assert await asyncio.wait_for(running, 120) == 0

    asyncio.run(main())
    after = out.text.split("The rematch is dealt: the same seats at a new table.")[1]
    assert SAID not in after
    assert "Nothing said yet." in after
