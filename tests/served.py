"""Running ``orbis serve`` for the tests and the benchmarks: a free loopback port, the
game processes a server started for a data folder, a server that answers.

Free of pytest: the benchmarks import it too (they put ``tests/`` on ``sys.path``).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SERVE = [sys.executable, "-m", "orbis_tui", "serve"]
NEW_GAME_TEXT = b"Start the game"  # on a tab's first screen


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def games_running(data_dir: Path) -> list[int]:
    """The ids of the game processes still running for ``data_dir``: started with
    ``--data-dir`` or with ``ORBIS_DATA_DIR`` set to it."""
    in_command = f"--data-dir\0{data_dir}".encode()
    in_environment = f"ORBIS_DATA_DIR={data_dir}".encode()
    found = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            command = (proc / "cmdline").read_bytes()
            if b"orbis_tui\0play" not in command or "State:\tZ" in (proc / "status").read_text():
                continue
            if in_command in command or in_environment in (proc / "environ").read_bytes().split(
                b"\0"
            ):
                found.append(int(proc.name))
        except OSError:  # ended meanwhile, or not ours to read
            continue
    return found


def seconds_until_no_game(data_dir: Path, grace: float) -> float | None:
    """Seconds until no game process of ``data_dir`` runs; None after ``grace``."""
    started = time.monotonic()
    while time.monotonic() - started < grace:
        if not games_running(data_dir):
            return time.monotonic() - started
        time.sleep(0.05)
    return None


def stop_process(process: subprocess.Popen[bytes] | subprocess.Popen[str], seconds: float) -> None:
    """Stop a server as Ctrl+C does; kill it if it has not ended after ``seconds``."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_for_page(
    url: str, process: subprocess.Popen[bytes] | subprocess.Popen[str], seconds: float = 30
) -> None:
    """Until the server answers ``GET /``; RuntimeError if it ends or takes too long."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("orbis serve did not start") from None
            time.sleep(0.05)


@contextmanager
def serving(data_dir: Path, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``orbis serve`` on a free loopback port with ``data_dir``, its output in ``log``
    (one record a line): its page's url and its process, once it answers. Afterwards it
    is stopped as Ctrl+C does, and any game process it left is killed."""
    port = free_port()
    with log.open("wb") as handle:
        process = subprocess.Popen(
            [*SERVE, "--port", str(port), "--data-dir", str(data_dir)],
            stdout=handle,
            stderr=subprocess.STDOUT,
            env={**os.environ, "COLUMNS": "200"},
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_page(url, process)
        yield url, process
    finally:
        stop_process(process, 20)
        for pid in games_running(data_dir):
            os.kill(pid, signal.SIGKILL)
