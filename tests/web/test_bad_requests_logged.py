"""A malformed HTTP request is one line in the server's log, and a flood of them a few."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from aiohttp.http_exceptions import BadHttpMessage

from orbis_tui.web.guard import BAD_REQUESTS_BURST, BAD_REQUESTS_EVERY, BadRequestLog
from served import free_port, stop_process, wait_for_page

BAD = [
    b"GET / HTTP/1.1\r\n\r\n",  # no Host header
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: a\x01b\r\n\r\n",  # a bad header byte
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",
    b"GET /\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GARBAGE\r\n\r\n",
]


def _record(peer: str = "10.0.0.1") -> logging.LogRecord:
    error = BadHttpMessage("Missing 'Host' header in request.\n  more\n")
    return logging.LogRecord(
        "aiohttp.server", logging.ERROR, "x.py", 1, "Error handling request from %s",
        (peer,), (type(error), error, None),
    )  # fmt: skip


def test_one_line_per_bad_request_then_a_few_with_a_count() -> None:
    now = [0.0]
    brief = BadRequestLog(lambda: now[0])
    passed = []
    for _ in range(100):
        record = _record()
        if brief.filter(record):
            passed.append(record)
    assert len(passed) == BAD_REQUESTS_BURST
    line = passed[0].getMessage()
    assert line == "bad request from 10.0.0.1: Missing 'Host' header in request."
    assert passed[0].exc_info is None
    now[0] += BAD_REQUESTS_EVERY
    record = _record()
    assert brief.filter(record)
    assert record.getMessage().endswith(f"({100 - BAD_REQUESTS_BURST} more not logged)")


def test_other_errors_keep_their_traceback() -> None:
    error = RuntimeError("a fault of the server")
    record = logging.LogRecord(
        "aiohttp.server", logging.ERROR, "x.py", 1, "Unhandled exception", (),
        (type(error), error, None),
    )  # fmt: skip
    assert BadRequestLog().filter(record) and record.exc_info is not None


@pytest.mark.parametrize("command", ["host", "serve"])
def test_a_server_logs_malformed_requests_in_a_few_lines(command: str, tmp_path: Path) -> None:
    port = free_port()
    argv = [sys.executable, "-m", "orbis_tui", command, "--port", str(port)]
    if command == "host":
        argv += ["--store", str(tmp_path / "t.db")]
    server = subprocess.Popen(
        argv,
        env={**os.environ, "ORBIS_DATA_DIR": str(tmp_path / "data")},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert server.stdout is not None
        assert b"http://" in server.stdout.readline()
        wait_for_page(f"http://127.0.0.1:{port}/", server)
        for n in range(25):
            with socket.create_connection(("127.0.0.1", port)) as connection:
                connection.sendall(BAD[n % len(BAD)])
                assert connection.recv(100).startswith(b"HTTP/1.")
    finally:
        stop_process(server, 15)
    assert server.stderr is not None and server.stdout is not None
    # orbis serve logs on its output (textual-serve's handler), orbis host on its errors
    errors = (server.stdout.read() + server.stderr.read()).decode(errors="replace")
    assert "Traceback" not in errors, errors
    lines = [line for line in errors.splitlines() if "bad request" in line]
    assert 0 < len(lines) <= BAD_REQUESTS_BURST, errors
    assert all(len(line) < 250 for line in errors.splitlines()), errors
