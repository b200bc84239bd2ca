"""The table's messages (docs/remote.md, "Messages at the table"): said by a seat, sent to
every screen with the seat, kept beside the table in its store (SQLite or PostgreSQL)
and sent again to a screen that connects, even after the server was killed; cleaned of
what a terminal would act on; refused when too long or too many."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

import pytest

from orbis_tui.remote import protocol as p
from orbis_tui.remote.chat import CHAT_BURST, MAX_CHAT, ChatLog, clean_chat
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.store import SqliteStore

from .raw import Raw, raw_socket
from .server_helpers import free_port, new_table, running_server, stop_process
from .test_kill_restart import _start_host


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def said(raw: Raw) -> list[dict[str, Any]]:
    """The lines of the next ``chat`` message."""
    lines: list[dict[str, Any]] = (await raw.next("chat"))["lines"]
    return lines


def test_a_message_reaches_every_screen_with_its_seat_and_a_watcher_cannot_speak(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 2)
            assert links[0] is not None and links[1] is not None
            async with (
                raw_socket(links[0]) as ada,
                raw_socket(links[1]) as bo,
                raw_socket(watch) as watcher,
            ):
                for each in (ada, bo, watcher):
                    await each.next("table")
                await ada.send(p.say("good luck"))
                for each in (ada, bo, watcher):
                    (line,) = await said(each)
                    assert (line["seat"], line["text"], line["at"]) == (0, "good luck", 0)
                await watcher.send(p.say("I am only watching"))
                refusal = await watcher.next("refused")
                assert refusal["code"] == p.WATCHING

    asyncio.run(main())


def test_messages_are_kept_and_sent_again_after_the_server_is_killed(
    store_kind: str, tmp_path: Path
) -> None:
    from .conftest import POSTGRES_URL

    store = str(tmp_path / "tables.db") if store_kind == "sqlite" else str(POSTGRES_URL)
    port = free_port()
    server = _start_host(store, port)
    try:

        async def before() -> list[str]:
            answer = await create_table_request(f"http://127.0.0.1:{port}", 2, {})
            links = [parse_link(s["link"]) for s in answer["seats"]]
            async with raw_socket(links[0]) as ada, raw_socket(links[1]) as bo:
                await ada.next("table")
                await bo.next("table")
                for text in ("first", "second"):
                    await bo.send(p.say(text))
                    assert (await said(ada))[0]["text"] == text  # stored, then sent
            return [s["link"] for s in answer["seats"]]

        seat_links = asyncio.run(before())
        server.send_signal(signal.SIGKILL)
        server.wait()
        server = _start_host(store, port)

        async def after() -> None:
            async with raw_socket(parse_link(seat_links[0])) as ada:
                await ada.next("table")
                lines = await said(ada)
                assert [(line["seat"], line["text"]) for line in lines] == [
                    (1, "first"),
                    (1, "second"),
                ]

        asyncio.run(after())
    finally:
        stop_process(server, 10)


def test_markup_escapes_and_direction_marks_are_shown_as_text(tmp_path: Path) -> None:
    hostile = (
        "[bold red]big[/] \x1b[2J\x1b]0;owned\x07\x9b31m"
        "\u202eevil\u202c \u2067x\u2069 \u200fok\r\nnext\x00\x07"
    )
    cleaned = "[bold red]big[/] evil x ok next"
    assert clean_chat(hostile) == cleaned

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None and links[1] is not None
            async with raw_socket(links[0]) as ada, raw_socket(links[1]) as bo:
                await ada.next("table")
                await bo.next("table")
                await ada.send(p.say(hostile))
                (line,) = await said(bo)
                assert line["text"] == cleaned
                # what the store keeps is the cleaned line too
                kept = await server.store.chat(links[0].table)
                assert [c.text for c in kept] == [cleaned]
                # nothing left to show: refused, not kept
                await ada.send(p.say("\x1b[31m\u202e\x07"))
                assert (await ada.next("refused"))["code"] == p.CHAT_TOO_LONG

    asyncio.run(main())
    # a screen cleans what it is sent again (a server of another version may not have)
    log = ChatLog()
    (line,) = log.take([{"id": 1, "seat": 0, "at": 0, "text": hostile}])
    assert line.text == cleaned


def test_a_message_too_long_is_refused_with_the_reason_and_the_connection_stays(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            async with raw_socket(links[0]) as ada:
                await ada.next("table")
                await ada.send(p.say("x" * (MAX_CHAT + 1)))
                refusal = await ada.next("refused")
                assert refusal["code"] == p.CHAT_TOO_LONG
                assert refusal["limit"] == MAX_CHAT
                assert refusal["reason"] == "a message holds at most 200 characters, not 201"
                await ada.send(p.say("x" * MAX_CHAT))  # the longest there is
                assert (await said(ada))[0]["text"] == "x" * MAX_CHAT
                assert await server.store.chat(links[0].table) != []

    asyncio.run(main())


def test_a_flood_of_messages_is_refused_beyond_the_seats_budget(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=clock) as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None and links[1] is not None
            async with raw_socket(links[0]) as ada, raw_socket(links[1]) as bo:
                await ada.next("table")
                await bo.next("table")
                for n in range(20):
                    await ada.send(p.say(f"spam {n}"))
                answers: list[dict[str, Any]] = []
                while len(answers) < 20:  # (a change of the table may come between)
                    answer = await ada.next()
                    if answer["t"] in ("chat", "refused"):
                        answers.append(answer)
                kinds = [a["t"] for a in answers]
                assert kinds.count("chat") == CHAT_BURST
                refusals = [a for a in answers if a["t"] == "refused"]
                assert len(refusals) == 20 - CHAT_BURST
                assert all(r["code"] == p.CHAT_TOO_FAST and r["wait"] >= 1 for r in refusals)
                # the other seat saw only what was kept, and Bo still may speak
                await bo.send(p.say("calm down"))
                texts = [
                    line["text"] for _ in range(int(CHAT_BURST) + 1) for line in await said(bo)
                ]
                assert texts == [f"spam {n}" for n in range(int(CHAT_BURST))] + ["calm down"]
                clock.now += 2.0  # one more in two seconds
                await ada.send(p.say("sorry"))
                assert (await said(ada))[-1]["text"] in ("calm down", "sorry")

    asyncio.run(main())


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_message_is_not_sent(text: str) -> None:
    assert clean_chat(text) == ""


def test_the_store_keeps_the_recent_messages_of_each_table(tmp_path: Path) -> None:
    async def main() -> None:
        store = SqliteStore(tmp_path / "t.db")
        try:
            for n in range(60):
                await store.say("one", n % 2, n, f"line {n}")
            await store.say("two", 0, 0, "elsewhere")
            recent = await store.chat("one", 50)
            assert [line.text for line in recent] == [f"line {n}" for n in range(10, 60)]
            assert [line.text for line in await store.chat("two")] == ["elsewhere"]
        finally:
            await store.close()

    asyncio.run(main())


def test_a_10_kB_frame_is_turned_away_and_the_table_goes_on(tmp_path: Path) -> None:
    """A seat's own screen refuses such a message before sending it (see
    test_chat_seats.py); a program that sends it anyway is closed by the websocket's
    own limit (1009, message too big), and nothing else changes."""

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None and links[1] is not None
            async with raw_socket(links[0]) as ada:
                await ada.next("table")
                await ada.send(p.say("z" * 10_000))
                closed = await ada.ws.receive(timeout=10)
                assert closed.data == 1009
            async with raw_socket(links[0]) as ada, raw_socket(links[1]) as bo:
                await ada.next("table")
                await bo.next("table")
                await ada.send(p.say("back"))
                assert (await said(bo))[-1]["text"] == "back"
            assert [line.text for line in await server.store.chat(links[0].table)] == ["back"]

    asyncio.run(main())
