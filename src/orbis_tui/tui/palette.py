"""The styles of the app's text: accents, warnings, cursors, gods, one set per look.

The five colors of tiles and worshipers are drawn by :mod:`.chips`.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

# Blocks drawn with a background of their own (a wilderness, a canceled tile, the spot
# under the cursor, a warning mark, gods, the temple token): one set per look, so that
# each block stands out from the look's background and surface by WCAG's 3:1 for
# graphical objects, and its letters read on it by 4.5:1 (tests/tui/test_contrast.py).
_BLOCKS = {
    False: {
        "wild": ("#8a6a3c", "#ffffff"),
        "cancelled": ("#6f6f6f", "#ffffff"),
        "cursor": ("#f0c040", "#1b1b1b"),
        "warning": ("#c8402f", "#ffffff"),
        "god": ("#7d62b8", "#ffffff"),
        "temple": ("#e8e4d8", "#1b1b1b"),
    },
    True: {
        "wild": ("#6e5a44", "#f3ead8"),
        "cancelled": ("#4a4a4a", "#ffffff"),
        "cursor": ("#8a5a00", "#ffffff"),
        "warning": ("#b03a2e", "#ffffff"),
        "god": ("#6a4fa3", "#ffffff"),
        "temple": ("#6e6450", "#ffffff"),
    },
}


def _block(look: bool, name: str, *, bold: bool = False, strike: bool = False) -> Style:
    background, letters = _BLOCKS[look][name]
    return Style(bgcolor=background, color=letters, bold=bold or None, strike=strike or None)


WILD = _block(False, "wild")
WILD_LETTER = "~"
CANCELLED = _block(False, "cancelled", strike=True)
SPOT_CURSOR = _block(False, "cursor", bold=True)
BLOCKED = Style(color="#8a8a8a", dim=True)
DIM = Style(dim=True)
BOLD = Style(bold=True)

# Text colors without a background of their own: one set per look, so that they keep
# their contrast on a dark and on a light background (see set_light).
_FOREGROUND = {
    False: {"accent": "#f0c040", "good": "#4cb860", "bad": "#f0766b"},
    # darker than the dark look's: WCAG AA (4.5:1) on the light background, surface and
    # panel (#E0E0E0, #D8D8D8, #D0D0D0); tests/tui/test_contrast.py checks every pair
    True: {"accent": "#704800", "good": "#125f29", "bad": "#9e1c26"},
}
SPOT = Style(color="#f0c040", bold=True)
ACCENT = Style(color="#f0c040", bold=True)
CURSOR_BORDER = Style(color="#f0c040", bold=True, dim=False)
GOOD = Style(color="#4cb860", bold=True)
BAD = Style(color="#f0766b", bold=True)
KEY = Style(color="#f0c040", bold=True)
WARNING_MARK = _block(False, "warning", bold=True)
LIGHT = False


def set_light(light: bool) -> None:
    """Switch the background-less text colors to the light (or dark) look."""
    global SPOT, ACCENT, CURSOR_BORDER, GOOD, BAD, KEY, LIGHT
    global WILD, CANCELLED, SPOT_CURSOR, WARNING_MARK, GOD, GOD_SELECTED, TEMPLE
    WILD = _block(light, "wild")
    CANCELLED = _block(light, "cancelled", strike=True)
    SPOT_CURSOR = _block(light, "cursor", bold=True)
    WARNING_MARK = _block(light, "warning", bold=True)
    GOD = _block(light, "god", bold=True)
    GOD_SELECTED = _block(light, "cursor", bold=True)
    TEMPLE = _block(light, "temple", bold=True)
    colors = _FOREGROUND[light]
    LIGHT = light
    SPOT = Style(color=colors["accent"], bold=True)
    ACCENT = Style(color=colors["accent"], bold=True)
    CURSOR_BORDER = Style(color=colors["accent"], bold=True, dim=False)
    GOOD = Style(color=colors["good"], bold=True)
    BAD = Style(color=colors["bad"], bold=True)
    KEY = Style(color=colors["accent"], bold=True)


GOD = _block(False, "god", bold=True)
GOD_SELECTED = _block(False, "cursor", bold=True)
TEMPLE = _block(False, "temple", bold=True)

STARS = {1: "★", 2: "★★", 3: "★★★"}


def rich_format(template: str, style: Style | None = None, **values: object) -> Text:
    """``str.format`` for Rich text: Text values keep their styles where they are placed."""
    from string import Formatter

    out = Text(style=style or "")
    for literal, field, spec, _conv in Formatter().parse(template):
        if literal:
            out.append(literal)
        if field is None:
            continue
        value = values[field]
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(format(value, spec or ""))
    return out
