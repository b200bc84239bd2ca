"""Two seats of one table played apart, each in its own Chromium context.

``orbis host`` runs as a user starts it; each seat's page is the server's
``/play/TABLE/TOKEN`` (textual-serve's terminal running ``orbis join`` for that link).
Each seat plays a turn by keyboard: the second can only play once its screen has the
first one's turn, since an intent against an old action count is refused. A seat opens
on the table (no hand-over curtain), and the tab of the seat whose turn it is says so.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_page import CHROMIUM, CHROMIUM_ARGS, KEEP_TERMINAL, SCREEN_TEXT
from test_browser import WAIT_MS, sync_api

from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import TableMirror, create_table_request, parse_table
from orbis_tui.remote.links import Link, parse_link
from served import free_port, stop_process

pytestmark = pytest.mark.slow  # a table server and browsers: run by --all

YOUR_TURN = "Orbis: your turn"  # the seat's terminal title, which its tab takes


@pytest.fixture
def host(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "host", "--port", str(port),
         "--store", str(tmp_path / "tables.db")],
        env={**os.environ, "ORBIS_DATA_DIR": str(tmp_path / "data")},
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert server.stdout is not None
    line = server.stdout.readline()
    assert "hosted at" in line, server.stderr.read() if server.stderr else line
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(server, 15)


def table_now(watch: Link) -> tuple[int, int, int]:
    """(action count, seat to move, turn) as the watching link shows the table."""
    from orbis_tui.remote.seatbot import _watch_once

    # Playwright's synchronous API keeps an event loop of its own in this thread.
    with ThreadPoolExecutor(1) as pool:
        data = pool.submit(asyncio.run, _watch_once(watch)).result()
    mirror = TableMirror()
    table = p.decode_server(json.dumps(data))
    assert isinstance(table, p.Table)
    mirror.update(parse_table(table).record)
    assert mirror.match is not None
    state = mirror.match.state
    return int(data["n"]), state.current, state.turn


def test_two_seats_in_two_browser_contexts_each_play_a_turn(host: str) -> None:
    answer = asyncio.run(create_table_request(host, 2, {}))
    links = [s["link"] for s in answer["seats"]]
    watch = parse_link(answer["watch"])
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            pages = []
            for link in links:
                context = browser.new_context(viewport={"width": 1280, "height": 720})
                page = context.new_page()
                page.set_default_timeout(WAIT_MS)
                page.add_init_script(KEEP_TERMINAL)
                page.goto(link)
                pages.append(page)
            for page in pages:  # both seats' tables are up
                try:
                    shown = f"({SCREEN_TEXT})()"
                    page.wait_for_function(f"() => {shown}.includes('Game log')")
                except sync_api.TimeoutError:
                    pytest.fail(f"no table in the browser; it shows:\n{page.evaluate(SCREEN_TEXT)}")
            for _ in range(2):  # a turn each
                count, seat, turn = table_now(watch)
                page = pages[seat]
                page.wait_for_function(f"() => document.title === {YOUR_TURN!r}")
                assert pages[1 - seat].title() != YOUR_TURN
                page.locator(".xterm-helper-textarea").focus()  # where a click puts the keys
                deadline = time.monotonic() + 40
                while time.monotonic() < deadline:
                    page.keyboard.press("Enter")
                    time.sleep(0.3)
                    count, now, now_turn = table_now(watch)
                    if now_turn != turn:
                        break
                assert now_turn != turn, (
                    f"seat {seat}'s turn did not end in the browser ({count} actions); it "
                    f"shows:\n{page.evaluate(SCREEN_TEXT)}"
                )
                assert now != seat
                page.wait_for_function(f"() => document.title !== {YOUR_TURN!r}")
        finally:
            browser.close()


@pytest.mark.slow  # a whole game in a browser
def test_a_browser_seat_plays_a_whole_game_and_downloads_its_record(host: str) -> None:
    """One seat played by a program, the other in Chromium by Enter alone; at the end
    ``s`` hands the true record to the browser's downloads (the seat's app runs on the
    server's machine, whose folders the player may not reach)."""
    import threading

    from orbis_tui.remote.seatbot import play_seat, random_chooser

    answer = asyncio.run(create_table_request(host, 2, {}))
    links = [s["link"] for s in answer["seats"]]
    program = threading.Thread(
        target=lambda: asyncio.run(play_seat(parse_link(links[0]), random_chooser(1)))
    )
    program.start()
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(
                    viewport={"width": 1280, "height": 720}, accept_downloads=True
                )
                page.set_default_timeout(WAIT_MS)
                page.add_init_script(KEEP_TERMINAL)
                page.goto(links[1])
                shown = f"({SCREEN_TEXT})()"
                page.wait_for_function(f"() => {shown}.includes('Game log')")
                page.locator(".xterm-helper-textarea").focus()
                deadline = time.monotonic() + 240
                while "Game over" not in page.evaluate(SCREEN_TEXT):
                    assert time.monotonic() < deadline, page.evaluate(SCREEN_TEXT)
                    if page.title() == YOUR_TURN:
                        page.keyboard.press("Enter")
                    time.sleep(0.2)
                with page.expect_download() as delivered:
                    page.keyboard.press("s")
                record = json.loads(Path(delivered.value.path()).read_text())
                assert delivered.value.suggested_filename.endswith(".json")
                assert record["setup"]["deal"]["piles"]  # the true record, handed out at the end
                assert record["result"]
                # The end screen offers what a remote player can do: nothing of the host's.
                shown = page.evaluate(SCREEN_TEXT)
                assert "New game" not in shown and "Review" not in shown, shown
                for key in "nrl?":  # ? last: once its help shows, the others were read
                    page.keyboard.press(key)
                page.wait_for_function(f"() => ({SCREEN_TEXT})().includes('Escape or ? closes')")
                page.keyboard.press("Escape")
                page.wait_for_function(f"() => !({SCREEN_TEXT})().includes('Escape or ? closes')")
                shown = page.evaluate(SCREEN_TEXT)
                assert "Game over" in shown and "Play apart" not in shown, shown
            finally:
                browser.close()
    finally:
        program.join(30)
