"""The decision panel: what the pending decision asks, the option chosen now with the
engine's warnings about it, and why other options are refused.

Everything here is read from ``state.decision``: the options, their refusals and their
warnings are the engine's, and the lines are the decision sheet's
(:mod:`orbis_tui.tui.core.sheet`): the panel only draws them and fits them to its rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console
from rich.style import Style
from rich.text import Text

from ...engine import (
    Color,
    Consequence,
    DecisionKind,
    GameState,
    IllegalAction,
    Option,
    Place,
    extra_losses,
    shared_losses,
)
from ...i18n import gettext as _
from .. import chips, palette, texts
from ..core import sheet_lines
from ..core.controller import Controller
from ..core.history import TurnSummary
from ..core.recap import summary_sheet
from ..core.sheet import decision_lines, refused_spots
from ..core.sheet_lines import (
    ASIDE,
    CHOICE,
    HEADING,
    LOSS,
    OTHER_KEY,
    Line,
    Part,
    Seg,
    Stars,
    Tone,
)
from .info import TextPanel

_HEADING = HEADING

# The look of each tone (read when drawn: the light look changes some of them).
TONES: dict[Tone, Callable[[], Style | str]] = {
    Tone.PLAIN: lambda: "",
    Tone.BOLD: lambda: palette.BOLD,
    Tone.DIM: lambda: palette.DIM,
    Tone.GOOD: lambda: palette.GOOD,
    Tone.BAD: lambda: palette.BAD,
    Tone.NOTE: lambda: palette.ACCENT,
    Tone.GOD: lambda: palette.GOD,
}


class MustShow(Text):
    """A line a short window keeps when others go (see :func:`fit_lines`): a warning,
    a mistake, a note, where the chosen option lands; what a player must read before
    choosing. ``rank`` says which go first when even these do not all fit."""

    def __init__(self, text: str = "", style: str | Style = "", *, rank: int = CHOICE) -> None:
        super().__init__(text, style=style)
        self.rank = rank


def _rank(line: Text) -> int:
    return line.rank if isinstance(line, MustShow) else 0


def fit_lines(
    lines: list[Text],
    width: int,
    height: int,
    console: Console,
    more: str | None = None,
    *,
    cut_short: bool = True,
) -> list[Text]:
    """``lines`` made to fit ``height`` rows of ``width``: when they do not, the least
    needed lines go, from the last up: first those not :class:`MustShow` (hints the key
    bar repeats: when only they go, nothing says so), then the must-show ones by rank,
    the heading only before a loss of value. Rows left over show the most needed line
    left out cut short (unless ``cut_short`` is False: then only whole lines show), and
    a last line says where the rest is (``more``, or the key that scrolls the panel:
    :class:`FittedPanel`; the key bar names it too). When the losses of value alone are
    too tall, the last shown is cut short."""
    heights = [len(line.wrap(console, width)) for line in lines]
    total = sum(heights)
    if total <= height:
        return lines
    room = height - 1  # the line that says some were left out
    ranks = [_HEADING if i == 0 else _rank(line) for i, line in enumerate(lines)]
    keep = [True] * len(lines)
    must_left_out = False
    for i in sorted(range(len(lines)), key=lambda i: (ranks[i], -i)):
        if total <= room or ranks[i] == LOSS:
            break
        if ranks[i] and total <= height and not must_left_out:
            # only hints were left out and every must-show line fits: nothing to say
            return [line for line, kept in zip(lines, keep, strict=True) if kept]
        must_left_out = must_left_out or bool(ranks[i])
        keep[i] = False
        total -= heights[i]
    blocked = 0  # a short line dropped early may fit after all, if none more needed is out
    for i in sorted(range(len(lines)), key=lambda i: (-ranks[i], i)):
        if keep[i] or ranks[i] < blocked:
            continue
        if total + heights[i] <= room:
            keep[i] = True
            total += heights[i]
        else:
            blocked = ranks[i]
    spare = room - total
    left_out = [i for i, kept in enumerate(keep) if not kept]
    # rows a taller line left free show the beginning of the most needed line left out
    begun = None
    if cut_short and spare > 0 and left_out:
        begun = max(left_out, key=lambda i: (ranks[i], -i))
    shown: list[Text] = []
    used = 0
    for i, line in enumerate(lines):
        if keep[i] and used + heights[i] <= room:
            shown.append(line)
            used += heights[i]
        elif keep[i]:  # losses of value taller than the panel: the last one cut short
            if room > used:
                shown.append(_cut(line, width, room - used, console))
            break
        elif i == begun:
            shown.append(_cut(line, width, spare, console))
            used += spare
    said = Text(more or _(texts.PANEL_MORE), style=palette.DIM, no_wrap=True, overflow="ellipsis")
    return [*shown, said] if height > 0 else []


def _cut(line: Text, width: int, rows: int, console: Console) -> Text:
    """The first ``rows`` rows of ``line`` wrapped to ``width``, ending in an ellipsis."""
    wrapped = line.wrap(console, width)[:rows]
    last = wrapped[-1]
    last.truncate(max(0, width - 1))
    last.rstrip()
    last.append("…")
    return Text("\n").join(wrapped)


def render_part(part: Part) -> Text:
    """One part of a sheet's line as Rich text: worshipers as colored chips."""
    if isinstance(part, str):
        return Text(part)
    if isinstance(part, Seg):
        return Text(part.text, style=TONES[part.tone]())
    if isinstance(part, Stars):
        return Text(palette.STARS[part.level])
    if part.form == "color":
        return chips.chip(Color(part.count.index(1)))
    if part.form == "realm":
        return chips.realm_chips(part.count)
    if part.form == "cost":
        return chips.cost_chips(part.count, part.any_count, part.empty)
    return chips.count_chips(part.count)


def render_line(line: Line) -> Text:
    """A sheet's line as the panel draws it: a must-show line keeps its rank, and the
    lines of its block follow it in the same text (kept or dropped together)."""
    text = MustShow(rank=line.rank) if line.rank else Text()
    text.style = TONES[line.tone]()
    for part in line.parts:
        if isinstance(part, str):
            text.append(part)
        else:
            text.append_text(render_part(part))
    for below in line.block:
        text.append("\n")
        text.append_text(render_line(below))
    return text


def panel_lines(state: GameState, ui: Controller, error: IllegalAction | None) -> list[Text]:
    return [render_line(line) for line in decision_lines(state, ui, error)]


def warning_lines(warnings: Iterable[Consequence]) -> list[Text]:
    """The engine's warnings: what loses value in red with '!', the rest as notes."""
    return [render_line(line) for line in sheet_lines.warning_lines(warnings)]


def _alternative(key_line: str, warnings: Iterable[Consequence]) -> Text:
    return render_line(sheet_lines.alternative(key_line, warnings))


def summary_lines(summary: TurnSummary) -> list[Text]:
    """The turn about to end: what it did, and the keys to end it or take it back."""
    return [render_line(line) for line in summary_sheet(summary)]


def warned_spots(state: GameState, wild: bool = False) -> list[tuple[int, int]]:
    """Legal spots where placing the tile as itself loses value; with ``wild``, where
    placing it as a wilderness loses more than a wilderness loses anywhere (it seals
    a forest)."""
    if state.kind is not DecisionKind.PLACE:
        return []
    spots = [
        ((o.action.row, o.action.col), o)
        for o in state.decision.options
        if isinstance(o.action, Place) and o.action.wild == wild and o.legal
    ]
    if not wild:
        return [pos for pos, o in spots if o.loses_value]
    common = shared_losses(o for _, o in spots)
    return [pos for pos, o in spots if extra_losses(o, common)]


def option_marked(option: Option | None) -> bool:
    return option is not None and option.legal and option.loses_value


class FittedPanel(TextPanel):
    """A panel of lines fitted to its size by :func:`fit_lines` whenever either changes.

    When the lines do not fit, the panel scrolls by pages (:meth:`scroll_page`, the
    keys ``[`` and ``]``): page 0 is the fitted view (what a player must read first,
    and a line naming the key for the rest; unless :attr:`fitted_first` is False); the
    pages after it show every line in order, a page at a time, each ending in a line
    that says how to go on. Nothing is reachable only in a taller window."""

    _lines: list[Text] | None = None
    _more: str | None = None
    _page = 0  # 0: the fitted view; n: the n-th page of every line in order (n+1-th
    # when the fitted view is not shown: see fitted_first)
    _pages = 1  # how many pages the lines take at the panel's size now
    _topic: object = None
    page_keys = ("+", "-")  # the keys that show the next page and the one before (] [ too)
    # Whether the first page is the fitted view (the lines a player must read first);
    # False: the pages show every line in order from the first (a text read on and on).
    fitted_first = True
    # Whether the fitted view may show the beginning of a line it leaves out, cut short
    # (the decision panel's hint of what the coach says); False: whole lines only.
    cut_short = True

    def show_lines(self, lines: list[Text], more: str | None = None, topic: object = None) -> None:
        """Show ``lines``; a ``topic`` other than the last one's starts again at the top
        (a new decision), the same one keeps the page the player scrolled to."""
        if topic != self._topic:
            self._topic = topic
            self._page = 0
        self._lines = lines
        self._more = more
        self._wrapped = self._first_page = None  # new lines: wrapped again when drawn
        self._draw()

    @property
    def page(self) -> int:
        return self._page

    @property
    def pages(self) -> int:
        """How many pages the panel shows (1: everything fits)."""
        return self._pages if self._lines is not None else 1

    def can_scroll(self, direction: int) -> bool:
        """Whether ``scroll_page(direction)`` would show another page."""
        if direction < 0:
            return self._page > 0
        return self._page + 1 < self.pages

    def scroll_page(self, direction: int) -> bool:
        """The next page (1) or the one before (-1); False when there is none."""
        if not self.can_scroll(direction):
            return False
        self._page += 1 if direction > 0 else -1
        self._draw()
        return True

    def on_resize(self) -> None:
        if self._lines is not None:
            self._draw()

    def _draw(self) -> None:
        lines = self._lines or []
        size = self.content_size
        before = (self._page, self._pages)
        self._pages = 1
        if size.width > 0 and size.height > 0:
            lines = self._fitted(lines, size.width, size.height)
        text = Text(end="")
        for i, line in enumerate(lines):
            if i:
                text.append("\n")
            text.append_text(line)
        self.set_text(text)
        if (self._page, self._pages) != before and self.is_attached:
            self.screen.refresh_bindings()  # the scroll keys work now, or no longer

    # The lines wrapped to the width, and the fitted first page, kept for the lines
    # shown: turning a page only moves the view over them (nothing is wrapped again).
    _wrapped: tuple[int, int, list[Text]] | None = None
    _first_page: tuple[int, int, int, list[Text]] | None = None

    def _fitted(self, lines: list[Text], width: int, height: int) -> list[Text]:
        console = self.app.console
        wrapped = self._wrapped
        if wrapped is not None and wrapped[:2] == (id(lines), width):
            rows = wrapped[2]
        else:
            rows = [row for line in lines for row in line.wrap(console, width)]
            self._wrapped = (id(lines), width, rows)
        if len(rows) <= height:
            self._page = 0
            return lines
        room = max(1, height - 1)  # the last row says how to go on
        step = max(1, room - 1)  # a page repeats the last row of the one before
        last = 1 + -(-(len(rows) - room) // step)
        fitted_first = int(self.fitted_first)  # the fitted view comes before the pages
        self._pages = last + fitted_first
        self._page = min(self._page, self._pages - 1)
        if self._page == 0 and fitted_first:
            first = self._first_page
            if first is not None and first[:3] == (id(lines), width, height):
                return first[3]
            more = self._more or _(texts.PANEL_MORE)
            fitted = fit_lines(lines, width, height, console, more, cut_short=self.cut_short)
            self._first_page = (id(lines), width, height, fitted)
            return fitted
        page = self._page + 1 - fitted_first  # the pages in order count from 1
        start = (page - 1) * step
        said = _(texts.PANEL_PAGE_MORE) if page < last else _(texts.PANEL_PAGE_END)
        if page == 1 and not fitted_first:  # nothing before it
            said = _(texts.PANEL_PAGE_FIRST)
        forward, back = self.page_keys
        said = said.format(page=page, pages=last, next=forward, back=back)
        marker = Text(said, style=palette.DIM, no_wrap=True, overflow="ellipsis")
        return [*rows[start : start + room], marker]

    def plain_lines(self) -> list[str]:
        """Every line the panel has to say, whatever its size, as plain text."""
        if self._lines is None:
            return [self._text.plain] if self._text is not None else []
        return [row for line in self._lines for row in line.plain.split("\n") if row]

    def show_text(self, message: str) -> None:
        self._lines = None
        self._wrapped = self._first_page = None
        self._page = 0
        self._topic = None
        self.set_text(Text(message))


class DecisionPanel(FittedPanel):
    DEFAULT_CSS = """
    DecisionPanel { height: 1fr; width: 1fr; padding: 0 1; }
    """

    def show(
        self,
        state: GameState,
        ui: Controller,
        error: IllegalAction | None,
        coach_open: bool,
        topic: object = None,
    ) -> None:
        """The decision at hand; what a short panel leaves out, ``]`` scrolls to (and
        the coach lists)."""
        more = _(texts.PANEL_MORE_IN_COACH) if coach_open else _(texts.PANEL_MORE_COACH)
        self.show_lines(panel_lines(state, ui, error), more, topic)


__all__ = [
    "ASIDE",
    "CHOICE",
    "LOSS",
    "OTHER_KEY",
    "DecisionPanel",
    "FittedPanel",
    "MustShow",
    "fit_lines",
    "option_marked",
    "panel_lines",
    "refused_spots",
    "render_line",
    "summary_lines",
    "warned_spots",
    "warning_lines",
]
