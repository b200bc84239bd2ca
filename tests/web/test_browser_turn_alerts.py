"""A browser seat's turn alerts (docs/remote.md, "Your turn, away from the screen"): the
settings switch the desktop notification and the sound on; the permission is asked
once, while the key that switched it on is the player's gesture; then each turn that
comes while the tab is out of view shows one notification and plays one tone.

The page's Notification and AudioContext are stand-ins that count what the page asks
of them (a headless browser shows nothing), and the tab is made to say it is hidden.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from browser_page import CHROMIUM, CHROMIUM_ARGS, KEEP_TERMINAL, SCREEN_TEXT
from test_browser import WAIT_MS, sync_api
from test_browser_seats import host, table_now

from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link

pytestmark = pytest.mark.slow  # a table server and a browser: run by --all
__all__ = ["host"]  # the fixture

SPIES = """
window.orbisSeen = { asked: [], shown: [], tones: 0 };
class FakeNotification {
  constructor(title, options) { window.orbisSeen.shown.push(title); }
  close() {}
  static requestPermission() {
    window.orbisSeen.asked.push(navigator.userActivation.isActive);
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  }
}
FakeNotification.permission = "default";
window.Notification = FakeNotification;
const makeOscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.orbisSeen.tones += 1;
  return makeOscillator.call(this);
};
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


def test_the_turn_notification_is_asked_once_and_shown_once_per_turn(host: str) -> None:
    answer = asyncio.run(create_table_request(host, 2, {2: "easy"}))
    link = answer["seats"][0]["link"]
    watch = parse_link(answer["watch"])
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.set_default_timeout(WAIT_MS)
            page.add_init_script(KEEP_TERMINAL)
            page.add_init_script(SPIES)
            page.goto(link)
            page.wait_for_function(f"() => ({SCREEN_TEXT})().includes('Game log')")
            # this seat's first turn comes with both alerts off: nothing is shown
            page.wait_for_function("() => document.title === 'Orbis: your turn'")
            page.locator(".xterm-helper-textarea").focus()
            # the settings: Tab to the turn notification, ← switches it on; then the sound
            page.keyboard.press("s")
            page.wait_for_function(f"() => ({SCREEN_TEXT})().includes('Turn notification')")
            for _ in range(4):
                page.keyboard.press("Tab")
            page.keyboard.press("ArrowLeft")
            page.wait_for_function("() => window.orbisSeen.asked.length === 1")
            page.keyboard.press("Tab")
            page.keyboard.press("ArrowLeft")
            page.keyboard.press("Escape")
            assert page.evaluate("window.orbisSeen.asked") == [True]  # on the key, once
            assert page.evaluate("window.orbisSeen.shown") == []
            # play this seat's turn; the computer answers, and the turn comes again
            _, seat, turn = table_now(watch)
            assert seat == 0
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                page.keyboard.press("Enter")
                time.sleep(0.3)
                _, _seat, now = table_now(watch)
                if now != turn:
                    break
            page.wait_for_function("() => window.orbisSeen.shown.length === 1")
            assert page.evaluate("window.orbisSeen.shown") == ["Orbis: your turn, Player 1"]
            assert page.evaluate("window.orbisSeen.tones") == 1
            assert page.evaluate("window.orbisSeen.asked") == [True]  # never again
        finally:
            browser.close()
