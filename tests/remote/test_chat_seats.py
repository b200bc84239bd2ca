"""The table's messages at a seat's screen: ``/`` in ``orbis join``'s app, ``say`` in
``orbis join --plain``; a message too long is refused there with the reason and sent
nowhere; a muted seat's messages are hidden, and stay hidden (the settings keep it)."""

from __future__ import annotations

import asyncio
import json
import queue
from pathlib import Path

from orbis_tui.remote import protocol as p
from orbis_tui.tui.core.settings import SettingsFile
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen
from orbis_tui.tui.screens.chat import ChatScreen

from .raw import raw_socket
from .server_helpers import new_table, running_server
from .test_join_app import _until
from .test_plain_join import Output


def test_chat_by_keyboard_in_the_app_with_a_refusal_and_a_mute_kept(tmp_path: Path) -> None:
    config = tmp_path / "config"

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            link, other = links
            assert link is not None and other is not None
            app = JoinApp(link, tmp_path / "data", config_dir=config)
            async with app.run_test(size=(100, 30)) as pilot, raw_socket(other) as bo:
                await bo.next("table")
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                table = app.screen
                assert isinstance(table, RemoteTableScreen)
                keys = {b.binding.action for b in app.active_bindings.values()}
                assert "chat" in keys
                await pilot.press("slash")
                await _until(pilot, lambda: isinstance(app.screen, ChatScreen))
                # a paste of 10 kB: refused here, with the reason; nothing is sent
                screen = app.screen
                assert isinstance(screen, ChatScreen)
                field = screen.query_one("#chat-input")
                field.value = "y" * 10_000  # type: ignore[attr-defined]
                await pilot.press("enter")
                problem = str(screen.query_one("#chat-problem").render())
                assert "200" in problem and "10000" in problem
                assert field.value == "y" * 10_000  # type: ignore[attr-defined]  # kept
                field.value = ""  # type: ignore[attr-defined]
                await pilot.press(*"[bold]hi[/]", "enter")
                line = (await bo.next("chat"))["lines"][-1]
                assert (line["seat"], line["text"]) == (0, "[bold]hi[/]")
                await bo.send(p.say("hello \x1b[31mAda"))
                await _until(pilot, lambda: any("hello Ada" in s for s in table.log_lines()))
                names = [s.name for s in table.seats]
                assert f"» {names[1]}: hello Ada" in table.log_lines()
                # muted on this screen: the lines go, and the settings keep it
                await pilot.press(*f"/mute {names[1]}", "enter")
                await _until(pilot, lambda: not any("hello Ada" in s for s in table.log_lines()))
                kept = json.loads((config / "settings.json").read_text())
                assert kept["muted"] == [f"{link.table}:1"]
                await bo.send(p.say("still here"))
                await bo.next("chat")
                await pilot.press("escape")
                await pilot.press("q")
            # the app again: the seat is still muted there, its lines hidden
            app = JoinApp(link, tmp_path / "data", config_dir=config)
            async with app.run_test(size=(100, 30)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                await _until(pilot, lambda: len(app.chat.lines) == 3)
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                log = screen.log_lines()
                assert any("[bold]hi[/]" in s for s in log)
                assert not any("hello Ada" in s or "still here" in s for s in log)
                await pilot.press("q")

    asyncio.run(main())


def test_say_mute_and_unmute_in_plain_text_and_the_others_lines_printed(tmp_path: Path) -> None:
    from orbis_tui.plain.join import PlainJoin

    out = Output()

    class Lines:
        """Types what the test hands it, line by line."""

        def __init__(self) -> None:
            self.lines: asyncio.Queue[str] | None = None
            self.typed: list[str] = []
            import queue

            self.queue: queue.Queue[str] = queue.Queue()

        def readline(self) -> str:
            """The next typed line; at the end, "" (the end of input) for good."""
            import queue

            try:
                return self.queue.get(timeout=60)
            except queue.Empty:
                return ""

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            link, other = links
            assert link is not None and other is not None
            typed = Lines()
            settings = SettingsFile(tmp_path / "config")
            seat = PlainJoin(link, typed, out, settings=settings)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            async with raw_socket(other) as bo:
                await bo.next("table")
                await _wait(lambda: "At the table of" in out.text)
                typed.queue.put("say good \x1b]0;x\x07luck\n")
                line = (await bo.next("chat"))["lines"][-1]
                assert (line["seat"], line["text"]) == (0, "good luck")
                typed.queue.put("say " + "z" * 10_000 + "\n")
                await _wait(lambda: "this one has 10000" in out.text)
                await bo.send(p.say("thanks"))
                await _wait(lambda: ": thanks" in out.text)
                # muted here, kept in the settings; then shown again
                typed.queue.put("mute Player 2\n")
                await _wait(lambda: "messages are hidden" in out.text)
                kept = json.loads((tmp_path / "config" / "settings.json").read_text())
                assert kept["muted"] == [f"{link.table}:1"]
                await bo.send(p.say("hidden words"))
                await _wait(lambda: any(c.text == "hidden words" for c in seat.chat.lines))
                typed.queue.put("unmute Player 2\n")
                await _wait(lambda: "shown again" in out.text)
                await bo.send(p.say("visible again"))
                await _wait(lambda: ": visible again" in out.text)
                assert "hidden words" not in out.text
                typed.queue.put("quit\n")
                typed.queue.put("")  # then the end of input: the reading thread ends too
                assert await asyncio.wait_for(running, 60) == 0
            assert len(await server.store.chat(link.table)) == 4  # the long one never went
            assert "\x1b" not in out.text

    asyncio.run(main())


def test_say_sends_a_text_starting_with_a_slash_as_it_is(tmp_path: Path) -> None:
    """The plain seat's ``say`` sends its text as a message, whatever it starts with:
    ``say /mute Player 2`` is said to the table and hides nobody's messages (the app's
    chat box reads ``/mute``; this seat has ``mute`` for that)."""
    from orbis_tui.plain.join import PlainJoin

    out = Output()
    typed: queue.Queue[str] = queue.Queue()

    class Lines:
        def readline(self) -> str:
            try:
                return typed.get(timeout=60)
            except queue.Empty:
                return ""

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            link, other = links
            assert link is not None and other is not None
            settings = SettingsFile(tmp_path / "config")
            seat = PlainJoin(link, Lines(), out, settings=settings)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            async with raw_socket(other) as bo:
                await bo.next("table")
                await _wait(lambda: "At the table of" in out.text)
                for text in ("/mute Player 2", "/unmute Player 2", "/me waves"):
                    typed.put(f"say {text}\n")
                    line = (await bo.next("chat"))["lines"][-1]
                    assert (line["seat"], line["text"]) == (0, text)
                await bo.send(p.say("still heard"))
                await _wait(lambda: ": still heard" in out.text)
                assert "messages are hidden" not in out.text
                kept = tmp_path / "config" / "settings.json"
                assert not kept.exists() or not json.loads(kept.read_text()).get("muted")
                typed.put("quit\n")
                typed.put("")
                assert await asyncio.wait_for(running, 60) == 0

    asyncio.run(main())


async def _wait(check: object, seconds: float = 60) -> None:
    async with asyncio.timeout(seconds):
        while not check():  # type: ignore[operator]
            await asyncio.sleep(0.02)


def test_a_watcher_reads_the_messages_and_has_no_key_to_write_one(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 2)
            assert links[0] is not None
            app = JoinApp(watch, tmp_path / "data", config_dir=tmp_path / "config")
            async with app.run_test(size=(100, 30)) as pilot, raw_socket(links[0]) as ada:
                await ada.next("table")
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                table = app.screen
                assert isinstance(table, RemoteTableScreen)
                await ada.send(p.say("hello watchers"))
                await _until(pilot, lambda: any("hello watchers" in s for s in table.log_lines()))
                keys = {b.binding.action for b in app.active_bindings.values()}
                assert "chat" not in keys
                await pilot.press("slash")
                await pilot.pause()
                assert not isinstance(app.screen, ChatScreen)
                await pilot.press("q")

    asyncio.run(main())


def test_chat_with_only_muted_players_having_spoken_does_not_say_nothing_was_said(
    tmp_path: Path,
) -> None:
    """``chat`` at a plain seat where only a muted player spoke: it says that only the
    muted have spoken, not 'Nothing said yet.' (which was not true)."""
    from orbis_tui.plain.join import PlainJoin

    from .test_plain_join import Scripted

    out = Output()
    said = "Only the players whose messages you hid have said something."

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            link, other = links
            assert link is not None and other is not None
            async with raw_socket(other) as bo:
                await bo.next("table")
                await bo.send(p.say("psst"))
                await bo.next("chat")
                script = [("At the table of", "mute Player 2"), ("messages are hidden", "chat")]
                settings = SettingsFile(tmp_path / "config")
                typed = Scripted(out, script, lambda: said in out.text)
                seat = PlainJoin(link, typed, out, settings=settings)  # type: ignore[arg-type]
                assert await asyncio.wait_for(seat.run(), 60) == 0

    asyncio.run(main())
    assert "Nothing said yet." not in out.text
