"""Driving ``orbis serve``'s page in Debian's Chromium: one home for the browser tests
and ``benchmarks/browser_game.py``.

The page draws the terminal on a canvas (xterm.js), so there is no text in the page to
read. :data:`KEEP_TERMINAL`, added to a page before its scripts run, keeps a reference
to the xterm.js terminal when the page creates it; :data:`SCREEN_TEXT` reads its lines
through xterm.js's public buffer API: the very text the terminal draws.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Keeps the terminal object the page assigns to its `terminal` property.
KEEP_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && value.buffer && value.buffer.active) window.orbisTerminal = value;
  },
});
"""
# The lines the terminal shows now, joined by newlines ("" before it exists).
SCREEN_TEXT = """() => {
  const terminal = window.orbisTerminal;
  if (!terminal) return "";
  const buffer = terminal.buffer.active;
  const lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""


def screen(page: Page) -> str:
    """The text the page's terminal shows now."""
    return str(page.evaluate(SCREEN_TEXT))
