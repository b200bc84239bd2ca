"""A hint: the search's best options for the decision pending, over the table.

The search runs in a worker thread for about a second while a bar shows how far it
got; Escape stops it. A search that fails says so, with its error, in place of the
suggestions (the game goes on). The screen answers with the number of the suggestion
to play (0 first), or None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from ...analysis import HintOption, best_options
from ...engine import GameState
from ...i18n import fill
from ...i18n import gettext as _
from ...printable import error_line
from .. import palette, texts, texts_learn
from ..core.describe import phase_line
from ..review_sheet import hint_figures, hint_tie
from .base import SizeNotice


class HintReady(Message):
    def __init__(self, options: list[HintOption]) -> None:
        super().__init__()
        self.options = options


class HintFailed(Message):
    """The search raised ``error`` (in one line)."""

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


def hint_text(options: list[HintOption]) -> Text:
    out = Text(end="")
    if not options:
        out.append(_(texts_learn.HINT_NONE))
        return out
    for rank, option in enumerate(options, start=1):
        if rank > 1:
            out.append("\n")
        out.append(f"{rank} ", style=palette.KEY)
        out.append(option.reason, style=palette.BOLD)
        out.append("\n" + hint_figures(option), style=palette.ACCENT)
        if tie := hint_tie(option):
            out.append("\n" + tie, style=palette.DIM)
    out.append("\n\n" + _(texts_learn.HINT_FOOT), style=palette.DIM)
    return out


def hint_keys(count: int) -> str:
    """The keys line once the suggestions are shown: only the digits that play one."""
    if count == 0:
        return _(texts_learn.HINT_KEYS_NONE)
    if count == 1:
        return _(texts_learn.HINT_KEYS_ONE)
    if count == 2:
        return _(texts_learn.HINT_KEYS_TWO)
    return _(texts_learn.HINT_KEYS)


class HintScreen(ModalScreen[int | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,a,q", "close", texts.KEY["close"]),
        Binding("1", "play(0)", texts.KEY["play_hint"], show=False),
        Binding("2", "play(1)", texts.KEY["play_hint"], show=False),
        Binding("3", "play(2)", texts.KEY["play_hint"], show=False),
    ]

    def __init__(
        self, state: GameState, name: str, on_shown: Callable[[], None] | None = None
    ) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state.copy()
        self.player = name
        self.on_shown = on_shown
        self.options: list[HintOption] | None = None
        self.failed: str | None = None  # the search's error, in one line, if it failed
        self._share = 0.0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog hint-dialog"):
            yield Static(
                Text(_(texts_learn.HINT_TITLE).format(name=self.player), style=palette.ACCENT),
                classes="title",
            )
            yield Static(Text(phase_line(self.state)), classes="subtitle")
            yield Static(_(texts_learn.HINT_THINKING), id="hint-status")
            yield ProgressBar(total=1.0, show_eta=False, id="hint-progress")
            # long reasons do not fit at 80x24: the options scroll, the keys stay shown
            with VerticalScroll(id="hint-scroll"):
                yield Static("", id="hint-options")
            yield Static(_(texts_learn.HINT_KEYS_WAIT), classes="hint", id="hint-keys")
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#hint-options").display = False
        self._ticker = self.set_interval(0.1, self._show_progress)
        self._search()

    def _show_progress(self) -> None:
        self.query_one(ProgressBar).update(progress=self._share)

    def _progress(self, share: float) -> None:
        self._share = share  # read by the ticker in the app's thread

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def _search(self) -> None:
        worker = get_current_worker()
        try:
            options = best_options(
                self.state, progress=self._progress, cancel=lambda: worker.is_cancelled
            )
        except Exception as exc:  # said on the screen: the game goes on without a hint
            if not worker.is_cancelled:
                self.post_message(HintFailed(error_line(exc)))
            return
        if not worker.is_cancelled:
            self.post_message(HintReady(options))

    def on_hint_failed(self, message: HintFailed) -> None:
        self._ticker.stop()
        self.failed = message.error
        self.query_one(ProgressBar).display = False
        said = _(texts_learn.HINT_FAILED).format(error=message.error)
        self.query_one("#hint-status", Static).update(Text(said, style=palette.BAD))
        self.query_one("#hint-keys", Static).update(_(texts_learn.HINT_KEYS_NONE))
        self.notify(said, severity="error", timeout=8, markup=False)

    def on_hint_ready(self, message: HintReady) -> None:
        self._ticker.stop()
        self.options = message.options
        self.query_one("#hint-status").display = False
        self.query_one(ProgressBar).display = False
        body = self.query_one("#hint-options", Static)
        body.update(hint_text(message.options))
        body.display = True
        self.query_one("#hint-scroll").focus()  # the arrows and PgUp/PgDn scroll it
        self.query_one("#hint-keys", Static).update(hint_keys(len(message.options)))
        if self.on_shown is not None:
            self.on_shown()

    def action_close(self) -> None:
        if self.options is None and self.failed is None:
            self.workers.cancel_group(self, "hint")
            self.notify(_(texts_learn.HINT_STOPPED), timeout=2, markup=False)
        self.dismiss(None)

    def action_play(self, rank: int) -> None:
        if self.options is not None and rank < len(self.options):
            self.dismiss(rank)
            return
        self.app.bell()
        if self.failed is not None:
            self.notify(_(texts_learn.HINT_FAILED).format(error=self.failed), markup=False)
        elif self.options is None:
            self.notify(_(texts_learn.HINT_NOT_READY), timeout=3, markup=False)
        else:
            self.notify(fill(texts_learn.HINT_NO_SUCH, number=rank + 1), timeout=3, markup=False)
