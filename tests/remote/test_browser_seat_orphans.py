"""A browser seat's ``orbis join`` ends with its table server, even one killed with
SIGKILL: no orphan goes on holding the seat."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link

from .server_helpers import free_port, stop_process

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_a_browser_seats_process_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    scratch = tmp_path / "tmp"  # where the seat's throwaway folder is made
    scratch.mkdir()
    server = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "host", "--port", str(port),
         "--store", str(tmp_path / "t.db")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "TMPDIR": str(scratch)},
    )  # fmt: skip
    try:
        assert server.stdout is not None
        assert "hosted at" in server.stdout.readline().decode()

        async def open_seat() -> None:
            answer = await create_table_request(f"http://127.0.0.1:{port}", 2, {})
            link = parse_link(answer["seats"][0]["link"])
            terminal = f"ws://127.0.0.1:{port}/terminal/play/{link.table}/{link.token}"
            async with aiohttp.ClientSession() as http:
                ws = await http.ws_connect(terminal)
                while (await ws.receive(timeout=60)).type is not aiohttp.WSMsgType.BINARY:
                    pass
                children = _children(server.pid)
                assert len(children) == 1
                assert len(list(scratch.glob("orbis-seat-*"))) == 1
                # The seat's secret is in its environment, never on its command line.
                command_line = Path(f"/proc/{children[0]}/cmdline").read_bytes()
                assert link.token.encode() not in command_line
                assert b"--browser-seat" in command_line
                server.send_signal(signal.SIGKILL)
                server.wait()
                deadline = time.monotonic() + 30
                while _alive(children[0]):
                    assert time.monotonic() < deadline, "the seat's process outlived its server"
                    await asyncio.sleep(0.1)
                assert list(scratch.glob("orbis-seat-*")) == []  # its folder went with it

        asyncio.run(open_seat())
    finally:
        stop_process(server, 5)
