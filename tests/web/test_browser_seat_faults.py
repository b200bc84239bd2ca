"""A browser seat through a table server killed with SIGKILL and started again: the
page connects again by itself and shows the table; a seat opened in another tab is
said so on the first, which can take it back."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from browser_page import CHROMIUM, CHROMIUM_ARGS, KEEP_TERMINAL, SCREEN_TEXT
from test_browser import WAIT_MS, sync_api

from orbis_tui.remote.client import create_table_request
from served import free_port, stop_process

pytestmark = pytest.mark.slow  # a table server and a browser: run by --all

SHOWN = f"({SCREEN_TEXT})()"
# The table on a live page (a closed one still shows what it last drew).
TABLE_UP = f"() => !document.body.classList.contains('-closed') && {SHOWN}.includes('Game log')"


def _host(port: int, store: Path) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "host", "--port", str(port), "--store", str(store)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert server.stdout is not None
    assert "hosted at" in server.stdout.readline()
    return server


def test_a_browser_seat_comes_back_by_itself_after_its_server_was_killed(
    tmp_path: Path,
) -> None:
    port = free_port()
    store = tmp_path / "tables.db"
    server = _host(port, store)
    try:
        answer = asyncio.run(create_table_request(f"http://127.0.0.1:{port}", 2, {}))
        link = answer["seats"][0]["link"]
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 720})
                page.set_default_timeout(WAIT_MS)
                page.add_init_script(KEEP_TERMINAL)
                page.goto(link)
                page.wait_for_function(TABLE_UP)
                server.send_signal(signal.SIGKILL)
                server.wait()
                page.wait_for_function("() => document.body.classList.contains('-closed')")
                server = _host(port, store)
                page.wait_for_function(TABLE_UP)  # no click: the page came back by itself

                other = browser.new_page(viewport={"width": 1280, "height": 720})
                other.set_default_timeout(WAIT_MS)
                other.add_init_script(KEEP_TERMINAL)
                other.goto(link)
                other.wait_for_function(TABLE_UP)
                page.wait_for_function(
                    "() => document.querySelector('.closed-dialog .message').textContent"
                    ".includes('another place')"
                )
                assert "back" in page.locator("#restart").inner_text()
                page.locator("#restart").click()  # take it back here
                page.wait_for_function(TABLE_UP)
                other.wait_for_function(
                    "() => document.querySelector('.closed-dialog .message').textContent"
                    ".includes('another place')"
                )
            finally:
                browser.close()
    finally:
        stop_process(server, 15)
