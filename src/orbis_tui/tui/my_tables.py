"""``orbis tables``: the tables this machine joined, whose turn it is at each; Enter
joins the one under the cursor (the app closes, and ``orbis join`` opens it)."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..i18n import gettext as _
from ..printable import error_line
from ..remote.host_client import AskError, SeatStatus, seat_statuses
from ..remote.joined import Joined, forget_joined, load_joined
from ..remote.links import Link
from . import joined_words as words
from .app import OrbisApp
from .widgets.keybar import KeyBar


class MyTablesScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", words.KEY_JOIN, priority=True),  # before the list's own
        Binding("x", "forget", words.KEY_FORGET),
        Binding("r", "ask_again", words.KEY_ASK),
        Binding("q,escape", "quit", words.KEY_LEAVE),
    ]

    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.tables: list[Joined] = []
        self.statuses: list[SeatStatus | AskError | None] = []
        self.ask_broke = False  # the last asking failed: the rows are not asked

    def compose(self) -> ComposeResult:
        yield Static(_(words.TITLE), id="my-tables-title")
        yield Static("", id="my-tables-said")
        yield DataTable(cursor_type="row", zebra_stripes=True, id="my-tables")
        yield KeyBar()

    def on_mount(self, _event: events.Mount) -> None:
        listed = load_joined(self.data_dir)
        said = self.query_one("#my-tables-said", Static)
        if listed.set_aside is not None:
            said.update(_(words.SET_ASIDE).format(file=listed.set_aside))
        self.tables = listed.tables
        if listed.unreadable:
            said.update(_(words.NOT_KEPT))
        elif not self.tables and listed.set_aside is None:
            said.update(_(words.EMPTY))
        table = self.query_one(DataTable)
        table.add_columns(_(words.COLUMN_TABLE), _(words.COLUMN_NOW), _(words.COLUMN_PLAYERS))
        self._fill()
        table.focus()
        self.action_ask_again()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        if len(self.statuses) != len(self.tables):
            self.statuses = [None] * len(self.tables)
        for joined, status in zip(self.tables, self.statuses, strict=True):
            now = _(words.NOT_ASKED) if status is None and self.ask_broke else None
            table.add_row(
                words.where(joined.link),
                now or words.status_words(status),
                words.seat_words(status),
            )
        if self.tables:
            table.move_cursor(row=min(row, len(self.tables) - 1))

    @work(exclusive=True, exit_on_error=False)
    async def action_ask_again(self) -> None:
        self.statuses = [None] * len(self.tables)
        self.ask_broke = False
        self._fill()
        try:
            statuses: list[SeatStatus | AskError | None] = list(
                await seat_statuses([t.link for t in self.tables])
            )
        except Exception as exc:  # said here: the list stays, to join or ask again
            said = _(words.ASK_BROKE).format(error=error_line(exc))
            self.ask_broke = True
            self._fill()
            self.query_one("#my-tables-said", Static).update(said)
            self.notify(said, severity="error", timeout=12, markup=False)
            return
        self.statuses = statuses
        self._fill()

    def _chosen(self) -> Joined | None:
        row = self.query_one(DataTable).cursor_row
        return self.tables[row] if self.tables and 0 <= row < len(self.tables) else None

    def action_join(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            self._leave(chosen.link)

    def action_forget(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        try:
            forget_joined(self.data_dir, chosen.link)
        except OSError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        index = self.tables.index(chosen)
        del self.tables[index]
        del self.statuses[index]
        self._fill()
        said = _(words.FORGOTTEN).format(table=words.where(chosen.link))
        self.query_one("#my-tables-said", Static).update(said)

    def action_quit(self) -> None:
        self._leave(None)

    def _leave(self, link: Link | None) -> None:
        app = self.app
        assert isinstance(app, MyTablesApp)
        app.chosen = link
        app.exit()


class MyTablesApp(OrbisApp):
    """The list on its own: the app returns the link chosen, or None."""

    def __init__(self, data_dir: Path, language: str | None = None) -> None:
        super().__init__(language=language)
        self.data_dir = data_dir
        self.chosen: Link | None = None

    def on_mount(self, event: events.Mount | None = None) -> None:
        if event is not None:  # the app's own start (saved game, new game) is skipped
            event.prevent_default()
        self._apply_look()
        self.push_screen(MyTablesScreen(self.data_dir))


def choose_table(data_dir: Path, language: str | None = None) -> Link | None:
    app = MyTablesApp(data_dir, language)
    app.run()
    return app.chosen
