"""Play a whole game of ``orbis serve`` in headless Chromium, with the keyboard only.

Run with ``python benchmarks/browser_game.py`` (needs /usr/bin/chromium and the
``playwright`` package). It starts ``orbis serve --seed N`` on a free port with an empty
data folder, opens the page, and from the moment it has loaded presses keys only (no
click, no focusing by script) until the end screen: Enter on the new-game screen and
the hand-over curtain, a digit for a market cell (a random one with a tile), a god's
letter and Enter on a player's last turn without a god, the letters of a 3-for-1
exchange when one is asked for, and Enter (the answer that keeps its value) for every
other decision; when a key changes nothing, ``x`` and then Enter. The autosave in the
data folder tells which decision is pending.

It prints the keys pressed, the keys that changed nothing, the time, the final scores,
and the requests the page made to anything but the server (goal: none), and keeps
screenshots (``--shots FOLDER``). Options: ``--seed N`` (default 5), ``--players N``
(default 2), ``--width``/``--height`` of the window in pixels (default 1280×720).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

# How a page of orbis serve is driven in Chromium, and a free port: shared with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from browser_page import CHROMIUM, CHROMIUM_ARGS, KEEP_TERMINAL, SCREEN_TEXT, screen

from orbis_tui.engine import DecisionKind, format_action
from orbis_tui.records import read_record_file
from orbis_tui.tui.core.describe import GOD_KEYS
from served import SERVE, free_port


def changed_after(page: Page, key: str, before: str, seconds: float = 4.0) -> bool:
    """Press ``key``; whether the screen changed within ``seconds``."""
    page.keyboard.press(key)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        page.wait_for_timeout(40)
        if screen(page) != before:
            page.wait_for_timeout(60)  # let the frame finish
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=720)
    parser.add_argument("--shots", type=Path, default=None)
    parser.add_argument("--limit", type=float, default=900.0, help="seconds at most")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    shots = args.shots
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory() as folder:
        data_dir = Path(folder) / "data"
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        options = ["--data-dir", str(data_dir), "--seed", str(args.seed)]
        server = subprocess.Popen(
            [*SERVE, "--port", str(port), *options, "--players", str(args.players)],
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(url, timeout=2).close()
                    break
                except OSError:
                    time.sleep(0.05)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
                )
                page = browser.new_page(viewport={"width": args.width, "height": args.height})
                page.add_init_script(KEEP_TERMINAL)
                asked: list[str] = []
                page.on("request", lambda request: asked.append(request.url))
                started = time.monotonic()
                page.goto(url)
                page.wait_for_function(f"() => ({SCREEN_TEXT})().includes('Start the game')")
                if shots:
                    page.screenshot(path=str(shots / "1-loaded.png"))
                keys = idle = 0
                shot_mid = False
                autosave = data_dir / "autosave.json"
                while time.monotonic() - started < args.limit:
                    before = screen(page)
                    state = read_record_file(autosave)[1] if autosave.exists() else None
                    if state is not None and state.is_over:
                        break
                    if "Press Enter when" in before or state is None:
                        wanted = ["Enter"]
                    elif "Give 3 of which color" in before:
                        give, get = next(
                            format_action(a).split()[1].lower().split(">")
                            for a in state.legal_actions()
                            if format_action(a).startswith("exchange")
                        )
                        wanted = [give, get]
                    elif state.kind is DecisionKind.TURN and state.must_take_god():
                        god = rng.choice(state.gods_available)
                        wanted = [GOD_KEYS[god], "Enter"]
                    elif state.kind is DecisionKind.TURN:
                        takes = [
                            format_action(a)
                            for a in state.decision_actions()
                            if format_action(a).startswith("take")
                        ]
                        wanted = [rng.choice(takes).split()[1]]
                    else:
                        wanted = ["Enter"]
                    moved = False
                    for key in wanted:
                        keys += 1
                        moved = changed_after(page, key, screen(page)) or moved
                    if not moved:
                        idle += 1
                        for key in ("x", "Enter"):
                            keys += 1
                            if changed_after(page, key, screen(page)):
                                break
                    if shots and not shot_mid and state is not None and state.round >= 8:
                        page.screenshot(path=str(shots / "2-mid-game.png"))
                        shot_mid = True
                page.wait_for_timeout(1500)
                if shots:
                    page.screenshot(path=str(shots / "3-end.png"))
                final = screen(page)
                elapsed = time.monotonic() - started
                browser.close()
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(30)
        record, state = read_record_file(data_dir / "autosave.json")

    origin = url.rstrip("/")
    elsewhere = [u for u in asked if not u.startswith(origin + "/")]
    result = {
        "over": state.is_over,
        "actions": len(record.actions),
        "keys": keys,
        "keys_that_changed_nothing": idle,
        "seconds": round(elapsed, 1),
        "requests": len(asked),
        "requests_elsewhere": elsewhere,
        "end_screen_shown": "Final" in final or "wins" in final or "Winner" in final,
    }
    print(json.dumps(result, indent=2))
    print(final)


if __name__ == "__main__":
    main()
