"""``orbis serve`` in a real browser: Debian's Chromium, driven by Playwright.

The page draws the terminal on a canvas (xterm.js): the tests read the very text the
terminal draws through xterm.js's own buffer (see browser_page.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser_page import CHROMIUM, CHROMIUM_ARGS, KEEP_TERMINAL, SCREEN_TEXT

from orbis_tui.engine import DecisionKind
from orbis_tui.records import GameRecord, read_record_file
from orbis_tui.words import name_of
from served import free_port, games_running

if TYPE_CHECKING:
    from playwright.sync_api import Page

    from orbis_tui.engine import GameState

pytestmark = pytest.mark.slow  # a browser and a server: run by --all

WAIT_MS = 15_000

if not CHROMIUM.exists():
    pytest.skip(
        f"{CHROMIUM} is missing: install Debian's chromium package to run the browser test",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is missing (pip install '.[test]')"
)


def wait_for_page(url: str, server: subprocess.Popen[str], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"orbis serve ended early:\n{server.communicate()[1]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    pytest.fail(f"orbis serve did not answer at {url} within {timeout} s")


@dataclass
class Served:
    url: str
    data_dir: Path
    process: subprocess.Popen[str]

    def stop(self) -> int:
        """Stop the server as Ctrl+C does; its exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=20)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """A server on a free loopback port with its own data folder."""
    data_dir = tmp_path / "data"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "serve", "--port", str(port), "--seed", "3"],
        env={**os.environ, "ORBIS_DATA_DIR": str(data_dir)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_page(url, server)
        yield Served(url, data_dir, server)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Page]:
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 720},
        )
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.add_init_script(KEEP_TERMINAL)
            yield page
        finally:
            context.close()


def wait_for_text(page: Page, *needles: str) -> str:
    """Wait until the terminal shows every needle; return its text."""
    wanted = json.dumps(needles)
    condition = f"() => {wanted}.every(needle => ({SCREEN_TEXT})().includes(needle))"
    try:
        page.wait_for_function(condition)
    except sync_api.TimeoutError:
        shown = page.evaluate(SCREEN_TEXT)
        pytest.fail(f"the terminal never showed {needles!r}; it shows:\n{shown}")
    return page.evaluate(SCREEN_TEXT)


def wait_for_record(
    data_dir: Path, actions: int, timeout: float = 10.0
) -> tuple[GameRecord, GameState]:
    """The autosave once it holds ``actions`` actions: the record and its state."""
    path = data_dir / "autosave.json"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists():
            record, state = read_record_file(path)
            if len(record.actions) >= actions:
                return record, state
        time.sleep(0.05)
    pytest.fail(f"{path} did not reach {actions} action(s) within {timeout} s")


def test_a_tile_is_taken_in_the_browser(served: Served, page: Page) -> None:
    data_dir = served.data_dir
    page.goto(served.url)
    wait_for_text(page, "Start the game", "Seed")
    # the server's --seed reaches the tab's game
    page.wait_for_function(f"() => /Seed\\s+3\\b/.test(({SCREEN_TEXT})())")
    page.locator(".xterm-helper-textarea").focus()  # where a click would put the keys

    page.keyboard.press("Enter")  # the new-game screen: Enter starts
    screen = wait_for_text(page, "Press Enter when")
    page.keyboard.press("Enter")  # the hand-over curtain
    wait_for_text(page, "Take a region tile")

    # The served game keeps its record in the data folder given to the server.
    record, state = wait_for_record(data_dir, 0)
    assert record.actions == []
    player = record.setup.players[state.current]
    assert f"{player}'s turn" in screen
    tile = state.market[0]
    assert tile is not None

    page.keyboard.press("1")
    screen = wait_for_text(page, f"{player} took {name_of(tile)}", "(taken)")
    record, state = wait_for_record(data_dir, 1)
    assert record.actions == ["take 1"]
    assert state.market[0] is None
    # Cell 1 of this deal is free, so the engine asks next where to place the tile, and
    # the status line says so.
    assert state.decision.kind is DecisionKind.PLACE
    status = next(line for line in screen.splitlines() if "Round 1/15" in line)
    assert f"{player} · Phase 4 - place {name_of(tile)}" in status

    # Ctrl+C on the server with the tab still open: the tab's game ends (saved, as when
    # a tab is closed) and the page says the session ended.
    assert games_running(data_dir)
    assert served.stop() == 0
    page.get_by_text("Session ended.").wait_for(state="visible")
    assert games_running(data_dir) == []
    assert wait_for_record(data_dir, 1)[0].actions == ["take 1"]


def test_keys_work_from_page_load_reload_and_restart(
    served: Served, page: Page, tmp_path: Path
) -> None:
    page.goto(served.url)
    wait_for_text(page, "Start the game")
    page.keyboard.press("Enter")  # no click first: the terminal has the focus
    wait_for_text(page, "Press Enter when")
    page.screenshot(path=str(tmp_path / "loaded.png"))

    page.reload()
    # The server's --seed shows the new-game screen first, with the game to resume.
    wait_for_text(page, "Resume the game (Enter)")
    page.keyboard.press("Enter")
    wait_for_text(page, "Press Enter when")
    page.keyboard.press("Enter")
    wait_for_text(page, "Take a region tile")

    # q asks first; q again quits, and the page says the session ended.
    page.keyboard.press("q")
    wait_for_text(page, "Quit the game?")
    page.keyboard.press("Enter")  # the default answer stays
    wait_for_text(page, "Take a region tile")
    page.keyboard.press("q")
    wait_for_text(page, "Quit the game?")
    page.keyboard.press("q")
    page.get_by_text("Session ended.").wait_for(state="visible")
    page.keyboard.press("Enter")  # Restart has the focus
    wait_for_text(page, "Resume the game (Enter)")
    page.keyboard.press("Enter")
    wait_for_text(page, "Press Enter when")
    page.keyboard.press("Enter")
    wait_for_text(page, "Take a region tile")
    page.keyboard.press("1")
    wait_for_record(served.data_dir, 1)


def test_no_request_leaves_the_server(served: Served, page: Page, tmp_path: Path) -> None:
    asked: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda websocket: asked.append(websocket.url))
    page.on("response", lambda r: failed.extend([f"{r.status} {r.url}"] * (r.status >= 400)))
    page.on("console", lambda m: failed.extend([m.text] * ("Failed to load" in m.text)))
    # the page's icon is the last thing the browser fetches for it
    with page.expect_response(lambda response: response.url.endswith("/orbis/icon.svg")):
        page.goto(served.url)
    wait_for_text(page, "Start the game")
    page.evaluate("() => document.fonts.ready")
    page.screenshot(path=str(tmp_path / "fonts.png"))
    origin = served.url.rstrip("/")
    elsewhere = [
        url
        for url in asked
        if not url.startswith((origin + "/", origin.replace("http:", "ws:", 1) + "/"))
    ]
    assert elsewhere == []
    assert failed == []  # no 404 (a missing /favicon.ico was one)
    # the terminal's font came from the server, and the terminal uses it
    assert any(url.endswith("/orbis/JetBrainsMono-Regular.woff2") for url in asked)
    assert page.evaluate("() => document.fonts.check(\"16px 'JetBrains Mono'\")")
    family = page.evaluate("() => window.orbisTerminal.options.fontFamily")
    assert family.startswith("'JetBrains Mono'"), family
    # its licence is served beside it
    with urllib.request.urlopen(served.url + "orbis/JetBrainsMono-OFL.txt") as licence:
        assert b"SIL Open Font License" in licence.read()


# Ink at the middle of a glyph, drawn alone in the page's terminal font: a dotted or
# slashed zero has some, the letter O none.
INK_AT_MIDDLE = """(glyph) => {
  const family = window.orbisTerminal.options.fontFamily;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 120;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, 120, 120);
  context.fillStyle = "#000";
  context.font = "96px " + family;
  context.textAlign = "center";
  context.textBaseline = "alphabetic";
  const box = context.measureText("O");
  const top = 100 - box.actualBoundingBoxAscent;
  context.fillText(glyph, 60, 100);
  const middle = context.getImageData(52, Math.round((top + 100) / 2) - 6, 16, 12).data;
  let ink = 0;
  for (let i = 0; i < middle.length; i += 4) ink += middle[i] < 128 ? 1 : 0;
  return ink;
}"""


def test_the_terminal_font_tells_zero_from_o(served: Served, page: Page) -> None:
    """ "2O" is two orange worshipers: the terminal's font draws 0 with a mark inside
    (JetBrains Mono: a dot), and O without."""
    page.goto(served.url)
    wait_for_text(page, "Start the game")
    page.evaluate("() => document.fonts.load(\"96px 'JetBrains Mono'\")")
    assert page.evaluate(INK_AT_MIDDLE, "0") > 10
    assert page.evaluate(INK_AT_MIDDLE, "O") == 0


def test_the_loading_screen_shows_the_games_name(served: Served, page: Page) -> None:
    page.goto(served.url)
    intro = page.locator(".intro-dialog .intro")
    assert intro.locator(".orbis-name").inner_text() == "O R B I S"
    assert "one region at a time" in intro.inner_text()
    assert intro.locator("svg").count() == 0  # no longer Textual's logo


# The terminal's text layer is a canvas of the screen's pixels (its size in the page
# times the pixel ratio), and what it draws fills it: its last row, the key bar, is
# drawn at its bottom (when the canvas was drawn cropped, a blank row of the middle
# of the screen was there).
WHOLE_SCREEN_DRAWN = """(ratio) => {
  const terminal = window.orbisTerminal;
  const canvas = document.querySelector("#terminal canvas.xterm-text-layer");
  if (!terminal || !canvas) return false;
  const box = canvas.getBoundingClientRect();
  if (Math.abs(canvas.width - box.width * ratio) > ratio) return false;
  if (Math.abs(canvas.height - box.height * ratio) > ratio) return false;
  const row = canvas.height / terminal.rows;
  const context = canvas.getContext("2d");
  const ground = context.getImageData(1, 1, 1, 1).data.join();
  const bar = context.getImageData(1, Math.floor(canvas.height - row / 2), 1, 1).data.join();
  return ground !== bar;
}"""


@pytest.mark.parametrize("ratio", [1, 1.5, 2])
def test_the_whole_screen_shows_at_every_pixel_ratio(
    served: Served, tmp_path: Path, ratio: float
) -> None:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                viewport={"width": 1280, "height": 720}, device_scale_factor=ratio
            )
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.add_init_script(KEEP_TERMINAL)
            page.goto(served.url)
            wait_for_text(page, "Start the game")
            try:
                page.wait_for_function(WHOLE_SCREEN_DRAWN, arg=ratio)
            finally:
                page.screenshot(path=str(tmp_path / f"ratio-{ratio}.png"))
            size = page.evaluate(
                "() => [window.orbisTerminal.cols, window.orbisTerminal.rows,"
                " document.querySelector('.xterm-screen').getBoundingClientRect().right,"
                " document.querySelector('.xterm-screen').getBoundingClientRect().bottom]"
            )
            cols, rows, right, bottom = size
            assert cols >= 80 and rows >= 24, size
            assert right <= 1280 and bottom <= 720, size  # inside the window
        finally:
            browser.close()


@pytest.mark.parametrize(
    ("width", "height", "ratio"), [(390, 844, 3), (844, 390, 2), (640, 400, 1), (1280, 720, 1)]
)
def test_a_small_window_gets_a_font_that_fits_the_game(
    served: Served, tmp_path: Path, width: int, height: int, ratio: float
) -> None:
    """A phone, upright or sideways, and a small window show the game at a smaller font,
    from the start; before, they showed only that the terminal was too small. A large
    window keeps the page's font."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                viewport={"width": width, "height": height}, device_scale_factor=ratio
            )
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.add_init_script(KEEP_TERMINAL)
            page.goto(served.url)
            try:
                wait_for_text(page, "Start the game")
            finally:
                page.screenshot(path=str(tmp_path / f"window-{width}x{height}.png"))
            cols, rows, font = page.evaluate(
                "() => [window.orbisTerminal.cols, window.orbisTerminal.rows,"
                " Number(window.orbisTerminal.options.fontSize)]"
            )
            assert cols >= 80 and rows >= 24, (cols, rows, font)
            assert (font == 16) if width >= 1280 else (6 <= font < 16), font
        finally:
            browser.close()


def test_a_font_size_given_in_the_address_is_kept(served: Served, page: Page) -> None:
    page.set_viewport_size({"width": 640, "height": 400})
    page.goto(served.url + "?fontsize=16")
    wait_for_text(page, "80×24")  # the game says the window is too small for its cells
    assert page.evaluate("() => Number(window.orbisTerminal.options.fontSize)") == 16


def test_the_browsers_keys(served: Served, page: Page) -> None:
    """Keys as a browser leaves them to the page: F2 (not ctrl+l, the address bar) to
    learn, F1 for the help, Ctrl+C says what ends the session, Escape goes back from the
    new-game screen to the game, a new game in place of an untouched one asks first, and
    F5 is left to the browser, to reload the page, which opens the game again."""
    page.goto(served.url)
    screen = wait_for_text(page, "Start the game")
    bar = screen.splitlines()[-1]
    assert "F2 Learn to play" in bar and "Ctrl+L" not in bar, bar
    page.keyboard.press("Enter")
    wait_for_text(page, "Press Enter when")
    page.keyboard.press("Enter")
    wait_for_text(page, "Take a region tile")

    page.keyboard.press("F1")
    wait_for_text(page, "Help · Escape or ? closes")
    page.keyboard.press("Escape")
    wait_for_text(page, "Take a region tile")

    page.keyboard.press("Control+c")
    wait_for_text(page, "Ctrl+C does not quit", "Press q to end the game's session")

    page.keyboard.press("Control+n")
    wait_for_text(page, "Resume the game", "Back to the game")
    page.keyboard.press("Escape")  # the game again, behind its curtain as resumed
    wait_for_text(page, "The game was resumed where it stopped.")
    page.keyboard.press("Enter")
    wait_for_text(page, "Take a region tile")
    page.keyboard.press("Control+n")
    wait_for_text(page, "Resume the game")
    page.keyboard.press("Control+s")
    wait_for_text(page, "Start a new game?", "round 1/15")
    page.keyboard.press("Enter")  # the default: back to the form, the game kept
    wait_for_text(page, "Resume the game")
    page.keyboard.press("Escape")
    wait_for_text(page, "The game was resumed where it stopped.")
    page.keyboard.press("Enter")
    wait_for_text(page, "Take a region tile")

    # F5 is left to the browser: the terminal does not send it to the game, nor keep
    # the browser from reloading; F1 and F2 are the game's, not the browser's too. (A
    # headless browser runs no shortcuts of its own, so the reload itself is
    # page.reload() here: the page connects again and the game opens again.)
    page.evaluate(
        """() => {
             window.sent = [];
             window.orbisTerminal.onData((data) => window.sent.push(data));
             window.prevented = {};
             document.addEventListener("keydown", (event) => {
               window.prevented[event.key] = event.defaultPrevented;
               event.preventDefault();  // no reload from this synthetic key
             });
           }"""
    )
    page.keyboard.press("F5")
    page.keyboard.press("F1")
    page.wait_for_function("() => window.sent.length > 0")  # F1 reached the game
    assert page.evaluate("() => window.sent") == ["\x1bOP"]  # F1's, not F5's ("\x1b[15~")
    assert page.evaluate("() => window.prevented") == {"F5": False, "F1": True}
    wait_for_text(page, "Help · Escape or ? closes")
    page.keyboard.press("Escape")
    wait_for_text(page, "Take a region tile")
    page.keyboard.press("1")
    wait_for_record(served.data_dir, 1)
    page.reload()
    wait_for_text(page, "Resume the game (Enter)")
    page.keyboard.press("Enter")
    wait_for_text(page, "Press Enter when")
    assert wait_for_record(served.data_dir, 1)[0].actions == ["take 1"]


def test_the_page_speaks_the_decision_to_a_screen_reader(served: Served, page: Page) -> None:
    """Chromium's accessibility tree holds the decision: xterm's screen-reader mode is
    on (its own live region and the rows as text), the page's live region says the turn
    alert and the decision's heading, and the panel's lines are a labelled list."""
    page.goto(served.url)
    wait_for_text(page, "Start the game")
    page.locator(".xterm-helper-textarea").focus()
    assert page.evaluate("() => window.orbisTerminal.options.screenReaderMode") is True
    page.keyboard.press("Enter")  # the new-game screen: Enter starts
    wait_for_text(page, "Press Enter when")
    record, state = wait_for_record(served.data_dir, 0)
    player = record.setup.players[state.current]
    live = page.locator("#orbis-live")
    live.get_by_text(f"{player}'s turn").wait_for(state="attached")
    page.keyboard.press("Enter")  # the hand-over curtain
    wait_for_text(page, "Take a region tile")
    page.wait_for_function(
        "() => document.getElementById('orbis-live').textContent.includes('Take a region tile')"
    )
    tree = page.locator("body").aria_snapshot()
    assert "- status: " in tree and "Take a region tile" in tree  # the live region
    assert 'list "The decision at hand"' in tree
    items = page.get_by_role("list", name="The decision at hand").get_by_role("listitem")
    said = items.all_inner_texts()
    # the panel's first line names the tile under the cursor, with its effect after it
    assert any(name_of(t) in said[0] for t in state.market if t is not None), said
    assert len(said) >= 3, said
    tile = state.market[0]
    assert tile is not None
    page.keyboard.press("1")
    wait_for_text(page, f"{player} took {name_of(tile)}")
    page.wait_for_function(
        "() => document.getElementById('orbis-live').textContent.includes('Phase 4')"
    )
    tree = page.locator("body").aria_snapshot()
    assert f"Place {name_of(tile)}" in tree
