"""A tiny character canvas for drawing the board and the pyramids.

Everything drawn outside the canvas is clipped, so a drawing never fails however small
the widget gets.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

_PLAIN = Style()


def _cells(text: Text) -> list[tuple[str, Style]]:
    plain = text.plain
    base = text.style if isinstance(text.style, Style) else Style.parse(text.style or "")
    styles = [base] * len(plain)
    sums: dict[tuple[int, int], Style] = {}
    for span in text.spans:
        style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
        for i in range(max(0, span.start), min(span.end, len(plain))):
            key = (id(styles[i]), id(style))
            full = sums.get(key)
            if full is None:
                full = sums[key] = styles[i] + style
            styles[i] = full
    return list(zip(plain, styles, strict=True))


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles: list[list[Style]] = [[_PLAIN] * self.width for _ in range(self.height)]

    def put(
        self, x: int, y: int, text: str | Text, style: Style | None = None, width: int = -1
    ) -> int:
        """Write ``text`` at (x, y), at most ``width`` cells; returns the cells written."""
        if not 0 <= y < self.height:
            return 0
        row, srow = self.chars[y], self.styles[y]
        if not isinstance(text, Text):
            if width >= 0:
                text = text[:width]
            plain_style = style if style is not None else _PLAIN
            for i, ch in enumerate(text):
                cx = x + i
                if 0 <= cx < self.width:
                    row[cx] = ch
                    srow[cx] = plain_style
            return len(text)
        cells = _cells(text)
        if width >= 0:
            cells = cells[:width]
        added: dict[int, Style] = {}
        for i, (ch, st) in enumerate(cells):
            cx = x + i
            if 0 <= cx < self.width:
                row[cx] = ch
                if style is None:
                    srow[cx] = st
                else:
                    full = added.get(id(st))
                    if full is None:
                        full = added[id(st)] = st + style
                    srow[cx] = full
        return len(cells)

    def fill(self, x: int, y: int, width: int, height: int, style: Style) -> None:
        sums: dict[int, Style] = {}
        for yy in range(max(0, y), min(self.height, y + height)):
            srow = self.styles[yy]
            for xx in range(max(0, x), min(self.width, x + width)):
                old = srow[xx]
                full = sums.get(id(old))
                if full is None:
                    full = sums[id(old)] = old + style
                srow[xx] = full

    def restyle(self, x: int, y: int, width: int, height: int, style: Style) -> None:
        """Lay ``style`` over a region, keeping its characters."""
        self.fill(x, y, width, height, style)

    def to_strips(self, base: Style) -> list[Strip]:
        """The drawing as Textual strips, each cell's style laid over ``base``."""
        strips = []
        combined: dict[Style, Style] = {}
        for y in range(self.height):
            row, srow = self.chars[y], self.styles[y]
            segments = []
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or srow[x] is not srow[start]:
                    style = srow[start]
                    full = combined.get(style)
                    if full is None:
                        full = combined[style] = base + style
                    segments.append(Segment("".join(row[start:x]), full))
                    start = x
            strips.append(Strip(segments, self.width))
        return strips


class CanvasWidget(Widget):
    """A widget that draws itself on a :class:`Canvas` and hands Textual the strips.

    The drawing is made once per refresh and size, which keeps repaints cheap.
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] | None = None
        self._strips_for: object = None

    def draw(self, canvas: Canvas) -> None:
        raise NotImplementedError

    def redraw(self) -> None:
        self._strips = None
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        base = self.rich_style
        key = (width, height, base)
        if self._strips is None or key != self._strips_for:
            canvas = Canvas(width, height)
            self.draw(canvas)
            self._strips = canvas.to_strips(base)
            self._strips_for = key
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(width, base)
