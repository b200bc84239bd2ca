"""How the five colors look on screen.

Every color is always drawn as a *chip*: its letter (R B O G W in English and German,
the language's own letters elsewhere) on a background of its color, with a text color
chosen for contrast. Chips carry their own background,
so they read the same on dark and light themes, and the letter keeps the five colors
apart for anyone who cannot tell them by hue.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ..engine import COLORS, Color, Count
from ..i18n import color_letters
from .palette import BOLD, DIM

# (background, foreground) per color, one set per look (see set_light): the letter
# reads on its chip (WCAG AA, 4.5:1), and the chip or band stands out from the look's
# background and surface, where the board is drawn (3:1, WCAG's measure for graphical
# objects). tests/tui/test_contrast.py checks every pair. No white can stand out from the
# light look's light grey: there, white is a warm stone grey, still lettered W.
_CHIP_COLORS: dict[bool, dict[Color, tuple[str, str]]] = {
    False: {
        Color.RED: ("#d83a2f", "#ffffff"),
        Color.BLUE: ("#3a6fdc", "#ffffff"),
        Color.ORANGE: ("#f0902a", "#1b1b1b"),
        Color.GREEN: ("#3f9e52", "#0c1a0e"),
        Color.WHITE: ("#e8e4d8", "#1b1b1b"),
    },
    True: {
        Color.RED: ("#b8322a", "#ffffff"),
        Color.BLUE: ("#2f62c9", "#ffffff"),
        Color.ORANGE: ("#b05a00", "#ffffff"),
        Color.GREEN: ("#2e7d3c", "#ffffff"),
        Color.WHITE: ("#6e6a60", "#ffffff"),
    },
}

CHIP: dict[Color, Style] = {}
# The same colors, not bold, for the body of a tile.
TILE: dict[Color, Style] = {}


def set_light(light: bool) -> None:
    """Draw the chips and tiles in the light (or dark) look's colors."""
    for color, (bg, fg) in _CHIP_COLORS[light].items():
        CHIP[color] = Style(bgcolor=bg, color=fg, bold=True)
        TILE[color] = Style(bgcolor=bg, color=fg)


set_light(False)


# The color keys, the same in every language: r adds a red worshiper, R takes one out.
KEYS = "rbogw"


def letter(color: Color) -> str:
    """The color's letter in the language in use (the keys r b o g w work in every one)."""
    return color_letters()[color]


def own_key(color: Color) -> str | None:
    """The key of the language's own letter for ``color`` ("к" for red in Russian), or
    None where the language shows the Latin letters."""
    own = color_letters()[color].lower()
    return None if own == KEYS[color] else own


def latin_key(key: str) -> str | None:
    """The color key ``key`` stands for when it is the language's own letter: "к" → "r",
    "К" or "shift+к" → "R" in Russian; None for any other key."""
    shown = color_letters()
    if shown.lower() == KEYS:
        return None
    lower = key.removeprefix("shift+")
    for color, own in enumerate(shown):
        if own.lower() == KEYS[color]:
            continue
        if key == own.lower():
            return KEYS[color]
        if key == own or (key != lower and lower == own.lower()):
            return KEYS[color].upper()
    return None


def chip(color: Color, text: str | None = None) -> Text:
    """The color's letter (or ``text``) drawn on the color."""
    return Text(text if text is not None else letter(color), style=CHIP[color])


def count_chips(count: Count, *, compact: bool = False, empty: str = "·") -> Text:
    """Worshipers as count then color chip, the one way they are written everywhere:
    ``2R 1B`` (``2R1B`` when ``compact``)."""
    out = Text()
    if sum(count) == 0:
        return Text(empty, style=DIM)
    gap = "" if compact else " "
    for color in COLORS:
        n = count[color]
        if not n:
            continue
        if out.cell_len:
            out.append(gap)
        out.append(str(n))
        out.append_text(chip(color))
    return out


def realm_chips(count: Count) -> Text:
    """Every color with its number, zeros included: ``2R 0B 1O 0G 3W``."""
    out = Text()
    for color in COLORS:
        if color:
            out.append(" ")
        n = count[color]
        out.append(str(n), style=None if n else DIM)
        out.append_text(chip(color))
    return out


def cost_chips(cost: Count, any_count: int, free: str) -> Text:
    if not any(cost) and not any_count:
        return Text(free, style=DIM)
    out = Text()
    for color in COLORS:
        if cost[color]:
            out.append_text(chip(color, letter(color) * cost[color]))
    if any_count:
        out.append("?" * any_count, style=BOLD)
    return out
