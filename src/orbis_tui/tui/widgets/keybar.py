"""The key bar: one line listing the keys that work right now.

It reads the screen's active bindings, which Textual filters through each screen's
``check_action``, so only what is possible now is listed. It is drawn as a single
line of text (much cheaper to repaint than one widget per key).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from ...i18n import gettext
from ...i18n import gettext as _
from .. import palette, texts, texts_screens

# Actions always available (and listed in the help), shown only when there is room.
OPTIONAL = frozenset({"players", "history", "score", "coach", "settings", "since"})
# The way out is always shown, at the right end, whatever else has to give way.
PINNED = frozenset({"quit", "lesson_leave"})


def _length(entries: list[tuple[str, str, str, bool]]) -> int:
    return sum(len(shown) + len(meaning) + 3 for shown, meaning, _key, _opt in entries)


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
        self.set_class(self._read_only(), "-read-only")

    def _read_only(self) -> bool:
        """Whether the app opened its game read-only (a second window on the folder)."""
        store = getattr(self.app, "store", None)
        return store is not None and bool(store.read_only)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: object) -> None:
        self.refresh()

    def render(self) -> Text:
        entries: list[tuple[str, str, str, bool]] = []  # (key shown, meaning, key, optional)
        seen: set[str] = set()
        app = self.app
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.show or not active.enabled:
                continue
            if binding.description in seen:  # one entry per meaning (Enter and x may agree)
                continue
            seen.add(binding.description)
            optional = binding.action.split("(")[0] in OPTIONAL
            meaning = gettext(binding.description)  # descriptions are the English texts
            entries.append((texts.key_shown(app.get_key_display(binding)), meaning, key, optional))
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        if self._read_only():
            # Said on every screen for as long as it lasts, not in a toast that fades.
            out.append(f" {_(texts_screens.READ_ONLY_MARK)} ", style=palette.WARNING_MARK)
        marked = out.cell_len
        # When the line is too narrow, the keys that are always there (and listed in
        # the help) give way first, from the right: the ones for this moment stay.
        width = (self.size.width or 80) - marked
        while _length(entries) > width and any(e[3] for e in entries):
            last = max(i for i, e in enumerate(entries) if e[3])
            del entries[last]
        pinned = [e for e in entries if e[2] in self._pinned_keys()]
        rest = [e for e in entries if e not in pinned]
        spans: list[tuple[int, int, str]] = []
        room = width - _length(pinned)
        for shown, meaning, key, _optional in rest:
            entry = Text(f" {shown} ", style=palette.KEY)
            entry.append(meaning + " ")
            # the way out shows, whatever gives way
            if out.cell_len - marked + entry.cell_len > room:
                break
            spans.append((out.cell_len, out.cell_len + entry.cell_len, key))
            out.append_text(entry)
        for shown, meaning, key, _optional in pinned:
            start = out.cell_len
            out.append(f" {shown} ", style=palette.KEY)
            out.append(meaning)
            out.append(" ")
            spans.append((start, out.cell_len, key))
        self._spans = spans
        return out

    def _pinned_keys(self) -> set[str]:
        return {
            key
            for key, active in self.screen.active_bindings.items()
            if active.binding.action.split("(")[0] in PINNED
        }

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
