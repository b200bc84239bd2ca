"""``orbis replay RECORD --view``: the review screen on its own, for any record file.

The viewer reads nothing but the record it is given and writes nothing: no save
folder is locked or touched.
"""

from __future__ import annotations

from textual import events

from ..records import GameRecord
from .app import OrbisApp
from .screens.review import ReviewScreen


class ReviewApp(OrbisApp):
    """The app opened straight on the review of ``record``; Escape (or q) quits."""

    def __init__(self, record: GameRecord, *, analyse: bool = True) -> None:
        super().__init__()
        self.record = record
        self.analyse = analyse

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:  # Textual passes it: the app's own start is skipped
            event.prevent_default()  # (neither the saved game nor the new-game screen)
        self._apply_look()
        from ..analysis import ReviewCache
        from ..paths import default_data_dir

        # a review kept by the app or by `orbis review` shows at once; nothing is written
        cache = ReviewCache.in_data_folder(default_data_dir(), writable=False)
        self.push_screen(ReviewScreen(self.record, analyse=self.analyse, cache=cache))


def run_viewer(record: GameRecord, *, analyse: bool = True) -> int:
    app = ReviewApp(record, analyse=analyse)
    app.run()
    return app.return_code or 0
