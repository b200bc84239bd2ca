"""What every screen shares: the terminal sizes it lays out by, and the notice shown
when the terminal is too small."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ...i18n import gettext as _
from .. import texts_screens

MIN_WIDTH = 80
MIN_HEIGHT = 24
# Classes a screen gets for the terminal's size, which the style sheets lay out by.
HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-normal"), (110, "-wide")]
VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-normal-height"), (34, "-tall")]


def size_classes(size: Size) -> list[str]:
    """The breakpoint classes of a screen shown at ``size``, as Textual gives them."""
    width, height = size
    return [
        next(name for edge, name in reversed(HORIZONTAL_BREAKPOINTS) if width >= edge),
        next(name for edge, name in reversed(VERTICAL_BREAKPOINTS) if height >= edge),
    ]


def fit_to_terminal(screen: Widget, size: Size) -> None:
    """Give a screen about to be shown its size classes at once: Textual adds them when
    the screen first learns its size, and that restyles every widget on it again."""
    screen.add_class(*size_classes(size), update=False)


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
        text = _(texts_screens.TOO_SMALL).format(
            width=MIN_WIDTH, height=MIN_HEIGHT, w=width, h=height
        )
        return Text(text + "\n\n" + _(texts_screens.TOO_SMALL_HINT), justify="center")
