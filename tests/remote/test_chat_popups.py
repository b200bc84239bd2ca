"""Which messages pop up on a seat's screen: every one said after it connected (the
first of the table too), never the recent ones it is sent on connecting; and a
watcher is sent those recent ones as a seat is."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orbis_tui.remote import protocol as p
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen

from .raw import raw_socket
from .server_helpers import new_table, running_server
from .test_join_app import _until


def _popped(app: JoinApp, words: str) -> bool:
    return any(words in str(n.message) for n in app._notifications)


def test_the_first_message_at_a_table_pops_up_and_the_recent_ones_do_not(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 3)
            ada, bo_link, cy_link = links
            assert ada is not None and bo_link is not None and cy_link is not None
            async with raw_socket(bo_link) as bo, raw_socket(cy_link) as cy:
                await bo.next("table")
                await cy.next("table")
                app = JoinApp(ada, tmp_path / "data", config_dir=tmp_path / "config")
                async with app.run_test(size=(80, 24)) as pilot:
                    await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                    await bo.send(p.say("first words"))  # the table's first message
                    await _until(pilot, lambda: _popped(app, "first words"))
                    await pilot.press("q")
                await cy.send(p.say("while away"))
                while "while away" not in [c["text"] for c in (await cy.next("chat"))["lines"]]:
                    pass  # (the first words come first): kept once Cy is sent it
                app = JoinApp(ada, tmp_path / "data", config_dir=tmp_path / "config")
                async with app.run_test(size=(80, 24)) as pilot:
                    await _until(pilot, lambda: len(app.chat.lines) == 2)
                    await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                    table = app.screen
                    assert isinstance(table, RemoteTableScreen)
                    assert any("while away" in line for line in table.log_lines())
                    await bo.send(p.say("said now"))
                    await _until(pilot, lambda: _popped(app, "said now"))
                    # the ones said before it came are in the log, and never popped up
                    assert not _popped(app, "while away") and not _popped(app, "first words")
                    await pilot.press("q")

    asyncio.run(main())


def test_a_watcher_is_sent_the_recent_messages_then_each_one_said(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 2)
            assert links[0] is not None
            async with raw_socket(links[0]) as ada:
                await ada.next("table")
                await ada.send(p.say("before the watcher"))
                await ada.next("chat")
                async with raw_socket(watch) as watcher:
                    await watcher.next("table")
                    recent = await watcher.next("chat")
                    assert recent["recent"] is True
                    assert [line["text"] for line in recent["lines"]] == ["before the watcher"]
                    await ada.send(p.say("after"))
                    said = await watcher.next("chat")
                    assert "recent" not in said
                    assert [line["text"] for line in said["lines"]] == ["after"]

    asyncio.run(main())
