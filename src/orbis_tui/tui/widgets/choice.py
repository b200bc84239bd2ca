"""A one-line choice among a few options, changed with left/right (or a click).

The arrows around it show while it has the focus, and the option chosen stands between
brackets: the focus and the choice show without color too."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from .. import palette, texts

CHOSEN = ("[", "]")  # around the option chosen, in the place of its padding


class Choice(Widget, can_focus=True):
    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; }
    Choice:focus { background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", texts.KEY["previous"], show=False),
        Binding("right,l,space", "step(1)", texts.KEY["next"], show=False),
        Binding("enter", "submit", texts.KEY["start"], show=False),
    ]

    value: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, choice: Choice, value: int) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    class Submitted(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(
        self,
        options: list[str],
        value: int = 0,
        *,
        id: str | None = None,
        classes: str | None = None,
        compact: bool = False,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.compact = compact
        self.options = list(options)
        self.enabled = [True] * len(self.options)
        self.set_reactive(Choice.value, max(0, min(value, len(options) - 1)))
        self._spans: list[tuple[int, int]] = []

    def set_enabled(self, enabled: list[bool]) -> None:
        self.enabled = list(enabled)
        if not self.enabled[self.value]:
            self.value = next(i for i, ok in enumerate(self.enabled) if ok)
        self.refresh()

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis")
        if self.compact:  # only the chosen option, between arrows while focused
            out.append("‹ " if self.has_focus else "  ", style=palette.KEY)
            style = palette.SPOT_CURSOR if self.has_focus else palette.BOLD
            out.append(f" {self.options[self.value]} ", style=style)
            out.append(" ›" if self.has_focus else "  ", style=palette.KEY)
            self._spans = [(0, out.cell_len)] * len(self.options)
            return out
        spans = []
        out.append("‹ " if self.has_focus else "  ", style=palette.KEY)
        for i, option in enumerate(self.options):
            if not self.enabled[i]:
                spans.append((-1, -1))
                continue
            start = out.cell_len
            if i == self.value:  # as wide as the others: nothing moves when it changes
                out.append(f"{CHOSEN[0]}{option}{CHOSEN[1]}", style=palette.SPOT_CURSOR)
            else:
                out.append(f" {option} ", style=palette.DIM)
            spans.append((start, out.cell_len))
            out.append(" ")
        out.append("›" if self.has_focus else " ", style=palette.KEY)
        self._spans = spans
        return out

    def watch_value(self, value: int) -> None:
        self.post_message(self.Changed(self, value))

    def action_step(self, step: int) -> None:
        n = len(self.options)
        value = self.value
        for _ in range(n):
            value = (value + step) % n
            if self.enabled[value]:
                self.value = value
                return

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self))

    def on_click(self, event: events.Click) -> None:
        if self.compact:
            self.action_step(1)
            return
        for i, (start, end) in enumerate(self._spans):
            if start <= event.x < end:
                self.value = i
                return

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
