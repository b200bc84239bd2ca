"""The key bar: one line listing the keys that work right now.

It reads the screen's active bindings, which Textual filters through each screen's
``check_action``, so only what is possible now is listed. It is drawn as a single
line of text (much cheaper to repaint than one widget per key).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from .. import palette


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        width: 1fr;
        background: $panel;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._spans: list[tuple[int, int, str]] = []

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh()

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        spans: list[tuple[int, int, str]] = []
        seen: set[str] = set()
        app = self.app
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not active.enabled:
                continue
            if binding.description in seen:  # one entry per meaning (Enter and x may agree)
                continue
            seen.add(binding.description)
            start = out.cell_len
            out.append(f" {app.get_key_display(binding)} ", style=palette.KEY)
            out.append(binding.description)
            out.append(" ")
            spans.append((start, out.cell_len, key))
        self._spans = spans
        return out

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
