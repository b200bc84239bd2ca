"""Every tab's game process ends when its tab goes, whatever the tab sent or failed to
read; a malformed message is one short line in the server's log.

The first tests run ``orbis serve`` and its real game; the last ones serve a stand-in
game that misbehaves on purpose (it writes without end and ignores quit and SIGTERM),
in this process, with short grace periods.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

from orbis_tui.web import server as web_server
from orbis_tui.web.guard import RequestGuard
from served import NEW_GAME_TEXT, free_port, seconds_until_no_game, serving

pytestmark = pytest.mark.slow  # orbis serve and its game processes: run by --all

ELSEWHERE_TEXT = b"open elsewhere"


def wait_until_no_game(data_dir: Path, seconds: float) -> bool:
    return seconds_until_no_game(data_dir, seconds) is not None


@dataclass
class Served:
    url: str
    data_dir: Path
    log: Path
    process: subprocess.Popen[bytes]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    data_dir = (tmp_path / "data").resolve()
    log = tmp_path / "server.log"
    try:
        with serving(data_dir, log) as (url, process):
            yield Served(url, data_dir, log, process)
    except RuntimeError:
        pytest.fail(f"orbis serve did not start:\n{log.read_text()}")


async def tab(url: str, query: str, messages: list[str | bytes], wait_for: bytes) -> bytes:
    """Open a tab, wait for ``wait_for`` on its screen, send ``messages``, close it."""
    received = b""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{url}ws{query}", max_msg_size=0) as websocket,
    ):
        deadline = time.monotonic() + 20
        while wait_for not in received and time.monotonic() < deadline:
            message = await websocket.receive(timeout=deadline - time.monotonic())
            if message.type is not aiohttp.WSMsgType.BINARY:
                break
            received += message.data
        for outgoing in messages:
            if isinstance(outgoing, bytes):
                await websocket.send_bytes(outgoing)
            else:
                await websocket.send_str(outgoing)
        await asyncio.sleep(0.3)
    return received


HOSTILE_TABS = [
    ("", ["hello", "[]", "{}", '["launch", 1]', b"\x00\x01", '["stdin", 5]']),
    ("", [json.dumps(["resize", {"width": 1e9, "height": 1e9}])]),
    ("", [json.dumps(["resize", {"width": 3000, "height": 3000}]), '["stdin", "jjjj"]']),
    ("?width=1000000000&height=24", []),
    ("?width=3000&height=3000", []),
    ("", ["[" * 100_000 + "]" * 100_000]),
]


@pytest.mark.parametrize(("query", "messages"), HOSTILE_TABS)
def test_a_hostile_tabs_game_ends_with_it(
    served: Served, query: str, messages: list[str | bytes]
) -> None:
    shown = asyncio.run(tab(served.url, query, messages, NEW_GAME_TEXT))
    assert NEW_GAME_TEXT in shown  # the game was there to be ended
    assert wait_until_no_game(served.data_dir, 12), "a game outlived its tab"
    # The next tab's game has the data folder: nothing holds it.
    shown = asyncio.run(tab(served.url, "", [], NEW_GAME_TEXT))
    assert NEW_GAME_TEXT in shown
    assert ELSEWHERE_TEXT not in shown
    assert wait_until_no_game(served.data_dir, 12)
    time.sleep(0.3)
    log = served.log.read_text()
    assert "Traceback" not in log
    for line in log.splitlines()[2:]:  # after the two lines of the start
        assert line.startswith("WARNING  tab "), line
        assert len(line.rstrip()) < 120


def test_each_malformed_message_is_one_short_line(served: Served) -> None:
    asyncio.run(tab(served.url, "", ["hello", "[]", '["stdin", 5]'], NEW_GAME_TEXT))
    assert wait_until_no_game(served.data_dir, 12)
    time.sleep(0.3)
    lines = [line.rstrip() for line in served.log.read_text().splitlines()[2:]]
    assert [line.split(" sent ", 1)[1] for line in lines] == [
        "not JSON: ignored",
        "not a list that starts with a type a page sends: ignored",
        "'stdin.text': Input should be a valid string: ignored",
    ]


# ------------------------------------------------- a game that will not end by itself
STUBBORN_GAME = """
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
os.write(1, b"__GANGLION__\\n")
frame = b"x" * 60_000
while True:
    os.write(1, b"D" + len(frame).to_bytes(4, "big") + frame)
"""


def serve_in_process(command: str, play: object) -> None:
    """Serve ``command`` here on a free port while ``play(url)`` runs."""

    async def main() -> None:
        port = free_port()
        server = web_server.OrbisServer(
            command,
            host="127.0.0.1",
            port=port,
            guard=RequestGuard(loopback_only=True, port=port),
        )
        runner = aiohttp.web.AppRunner(await server._make_app())
        await runner.setup()
        site = aiohttp.web.TCPSite(runner, "127.0.0.1", port)
        await site.start()
        try:
            await play(f"http://127.0.0.1:{port}/")  # type: ignore[operator]
        finally:
            await runner.cleanup()

    asyncio.run(main())


@pytest.fixture
def short_graces(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web_server, "QUIT_GRACE", 0.5)
    monkeypatch.setattr(web_server, "TERM_GRACE", 0.5)


def stubborn_command(tmp_path: Path) -> tuple[str, Path]:
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN_GAME)
    return f"exec {sys.executable} {script}", script


def pids_running(script: Path) -> list[int]:
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if str(script).encode() in cmdline and "State:\tZ" not in (proc / "status").read_text():
                found.append(int(proc.name))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("ending", ["close", "drop"])
def test_a_game_that_ignores_quit_and_sigterm_is_killed(
    tmp_path: Path, short_graces: None, ending: str
) -> None:
    command, script = stubborn_command(tmp_path)
    after: list[list[int]] = []

    async def play(url: str) -> None:
        async with aiohttp.ClientSession() as session:
            websocket = await session.ws_connect(f"{url}ws", max_msg_size=0)
            await websocket.receive(timeout=10)  # the game writes
            await asyncio.sleep(0.5)  # and the tab stops reading it
            assert pids_running(script)
            if ending == "close":
                await websocket.close()
            else:
                assert websocket._response.connection is not None
                transport = websocket._response.connection.transport
                assert transport is not None
                transport.abort()
            deadline = time.monotonic() + 6
            while pids_running(script) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            after.append(pids_running(script))

    try:
        serve_in_process(command, play)
    finally:
        for pid in pids_running(script):
            os.kill(pid, signal.SIGKILL)
    assert after == [[]]
