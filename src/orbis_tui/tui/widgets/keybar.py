"""The key bar: one line listing the keys that work right now.

It reads the screen's active bindings, which Textual filters through each screen's
``check_action``, so only what is possible now is listed. It is drawn as a single
line of text (much cheaper to repaint than one widget per key).
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual import events
from textual.binding import ActiveBinding
from textual.widget import Widget

from ...i18n import gettext
from ...i18n import gettext as _
from .. import palette, texts, texts_screens

# Actions always available (and listed in the help), shown only when there is room;
# when there is too little, they give way in this order (the coach and the history last).
GIVE_WAY = ("settings", "since", "score", "players", "history", "coach")
OPTIONAL = frozenset(GIVE_WAY)
# The way out is always shown, at the right end, whatever else has to give way.
PINNED = frozenset({"quit", "lesson_leave"})


def _give_way_rank(entry: tuple[str, str, str, bool, str]) -> tuple[int, int]:
    """Which entry gives way first: an optional one, in :data:`GIVE_WAY` order."""
    action = entry[4]
    return (0, GIVE_WAY.index(action)) if action in GIVE_WAY else (1, 0)


def _length(entries: list[tuple[str, str, str, bool, str]]) -> int:
    return sum(len(shown) + len(meaning) + 3 for shown, meaning, _key, _opt, _act in entries)


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
        # (key shown, meaning, key, optional, action)
        entries: list[tuple[str, str, str, bool, str]] = []
        seen: set[str] = set()
        app = self.app
        # read once: each reading asks the screen's check_action about every binding
        bindings = self.screen.active_bindings
        for key, active in bindings.items():
            binding = active.binding
            if not binding.show or not active.enabled:
                continue
            if binding.description in seen:  # one entry per meaning (Enter and x may agree)
                continue
            seen.add(binding.description)
            action = binding.action.split("(")[0]
            meaning = self._meaning(action) or gettext(binding.description)
            shown = texts.key_shown(app.get_key_display(binding))
            entries.append((shown, meaning, key, action in OPTIONAL, action))
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        if self._read_only():
            # Said on every screen for as long as it lasts, not in a toast that fades.
            out.append(f" {_(texts_screens.READ_ONLY_MARK)} ", style=palette.WARNING_MARK)
        marked = out.cell_len
        # When the line is too narrow, the keys that are always there (and listed in
        # the help) give way first, from the right: the ones for this moment stay.
        width = (self.size.width or 80) - marked
        while _length(entries) > width and any(e[3] for e in entries):
            del entries[min(range(len(entries)), key=lambda i: _give_way_rank(entries[i]))]
        way_out = self._pinned_keys(bindings)
        pinned = [e for e in entries if e[2] in way_out]
        rest = [e for e in entries if e not in pinned]
        spans: list[tuple[int, int, str]] = []
        room = width - _length(pinned)
        for shown, meaning, key, _optional, _action in rest:
            entry = Text(f" {shown} ", style=palette.KEY)
            entry.append(meaning + " ")
            # the way out shows, whatever gives way
            if out.cell_len - marked + entry.cell_len > room:
                break
            spans.append((out.cell_len, out.cell_len + entry.cell_len, key))
            out.append_text(entry)
        for shown, meaning, key, _optional, _action in pinned:
            start = out.cell_len
            out.append(f" {shown} ", style=palette.KEY)
            out.append(meaning)
            out.append(" ")
            spans.append((start, out.cell_len, key))
        self._spans = spans
        return out

    def _meaning(self, action: str) -> str | None:
        """The screen's own words for what a key does now, when it has them (a
        question's Escape gives its last answer, "Stay"); else the binding's
        description, an English text, is translated."""
        meaning = getattr(self.screen, "key_meaning", None)
        return meaning(action) if callable(meaning) else None

    @staticmethod
    def _pinned_keys(bindings: Mapping[str, ActiveBinding]) -> set[str]:
        return {
            key for key, active in bindings.items() if active.binding.action.split("(")[0] in PINNED
        }

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                event.stop()
                self.app.simulate_key(key)
                return
