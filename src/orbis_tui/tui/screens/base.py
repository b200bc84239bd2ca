"""What every screen shares: the notice shown when the terminal is too small."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from .. import texts

MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class SizeNotice(Widget):
    """Hidden until the terminal is smaller than the game needs (see app.tcss)."""

    DEFAULT_CSS = """
    SizeNotice {
        display: none;
        width: 1fr;
        height: 1fr;
        content-align: center middle;
        text-align: center;
    }
    """

    def render(self) -> Text:
        width, height = self.app.size
        text = texts.TOO_SMALL.format(width=MIN_WIDTH, height=MIN_HEIGHT, w=width, h=height)
        return Text(text + "\n\n" + texts.TOO_SMALL_HINT, justify="center")
