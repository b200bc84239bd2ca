"""Learning to play in the app: the walkthrough's table and end screens, and opening it.

The walkthrough (:mod:`orbis_tui.learn`) decides everything; these screens are the
normal table and end screens with a lesson panel, the step's focus highlighted, and
keys to go on, step back and leave. Every move still goes through the table's keys,
then to :meth:`Walkthrough.play`, which asks the engine first.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on
from textual.app import App
from textual.binding import Binding, BindingType
from textual.widget import Widget

from ...engine import Action, DecisionKind, Exchange, TakeTile
from ...i18n import gettext as _
from ...learn import FocusKind, Outcome, ProgressStore, ScriptError, Walkthrough, load_script
from ...learn.progress import FILE_NAME
from ...printable import printable
from ...saves import SaveStore
from .. import texts, texts_learn
from ..core.seats import HUMAN, Seat
from ..core.settings import Settings
from ..navigation import NewGame
from ..widgets.lesson_panel import LessonPanel
from .base import fit_to_terminal
from .end import EndScreen
from .table import TableScreen

K = texts.KEY

# Keys that play a move: off on a reading step, so Enter means "next" there.
_MOVE_ACTIONS = frozenset(
    {"confirm", "refuse", "toggle_wild", "exchange", "select_god", "add_color", "remove_color"}
)

# Which widget of the table shows each kind of focus.
_FOCUS_WIDGETS = {
    FocusKind.MARKET: "#market",
    FocusKind.SPOT: "#pyramid",
    FocusKind.PYRAMID: "#pyramid",
    FocusKind.REALM: "#card",
    FocusKind.GODS: "#supply",
    FocusKind.PILES: "#supply",
    FocusKind.STATUS: "#status",
    FocusKind.OPPONENT: "#players",
    FocusKind.LOG: "#log",
    FocusKind.SCORES: "#end-body",
}
FOCUS_CLASS = "-lesson-focus"


def _seats(walkthrough: Walkthrough) -> list[Seat]:
    names = walkthrough.script.setup.players
    return [
        Seat(name, HUMAN if seat == walkthrough.learner else "easy")
        for seat, name in enumerate(names)
    ]


def _mark_focus(screen: Widget, walkthrough: Walkthrough) -> None:
    """Put the focus class on the widgets the step points at, and only on them."""
    step = walkthrough.step
    wanted = {_FOCUS_WIDGETS[f.kind] for f in step.focus} if step is not None else set()
    for selector in set(_FOCUS_WIDGETS.values()):
        for widget in screen.query(selector):
            widget.set_class(selector in wanted, FOCUS_CLASS)


class LearnTableScreen(TableScreen):
    """The table during the walkthrough."""

    asks_before_wilderness = False  # each step says what its take does

    # A subclass's key replaces the same key of its base: repeat the table's keys so
    # Enter keeps its table meanings next to "next".
    BINDINGS: ClassVar[list[BindingType]] = [
        *TableScreen.BINDINGS,
        Binding("enter,space", "lesson_next", K["lesson_next"]),
        Binding("backspace", "lesson_back", K["lesson_back"]),
        Binding("escape", "lesson_leave", K["lesson_leave"]),
        Binding("pageup", "lesson_scroll(-1)", K["lesson_scroll"], show=False),
        Binding("pagedown", "lesson_scroll(1)", K["lesson_scroll"]),
    ]

    def __init__(self, walkthrough: Walkthrough, store: SaveStore) -> None:
        self.walkthrough = walkthrough
        # The walkthrough keeps its own progress (the normal autosave is left alone),
        # and its steps say when a turn ends: no turn confirmation here.
        super().__init__(
            walkthrough.match,
            store,
            _seats(walkthrough),
            settings=Settings(confirm_turn=False),
            autosave=False,
        )
        self._focused: object = None

    @on(events.Mount)
    def _players_settings(self) -> None:
        """The player's look, pace and language, in the walkthrough's own settings."""
        players = _app_settings(self.app)
        if players is not None:
            mine = self.settings
            mine.look, mine.pace, mine.language = players.look, players.pace, players.language

    @on(events.Mount)
    async def _add_lesson(self) -> None:
        await self.query_one("#right").mount(LessonPanel(id="lesson"))

    def hints_instead(self) -> str | None:
        return _(texts_learn.HINT_LEARN)  # the lesson's own tips guide each step

    # ------------------------------------------------------------ the walkthrough drives
    def _begin(self, opened: bool) -> None:
        self._after_change()

    def _next_turn(self, first: bool = False) -> None:
        """The scripted opponent has already moved by the time the learner sees the table."""

    def _schedule_bot(self) -> None:
        """Never needed: the walkthrough plays the opponent."""

    def play(self, action: Action | None) -> bool:
        if action is None:
            return False
        feedback = self.walkthrough.play(action)
        if not feedback.accepted:
            # Refused, the game is as it was: the engine's reason is still the same.
            illegal = feedback.outcome is Outcome.ILLEGAL
            self.error = self.state.why_not(action) if illegal else None
            self.app.bell()
            self.refresh_view()
            return False
        self._after_change()
        return True

    def _after_change(self) -> None:
        """Take up the walkthrough's game after a move, a step on or a step back."""
        walkthrough = self.walkthrough
        if walkthrough.match is not self.match:  # the walkthrough stepped back: a new game
            self.match = walkthrough.match
        self.error = None
        tell_if_progress_lost(self.app, walkthrough)
        if walkthrough.finished or self.state.is_over:
            self.app.switch_screen(LearnEndScreen(walkthrough, self.store))
            return
        self.changed()

    # ------------------------------------------------------------ drawing
    def retranslate(self) -> None:
        for panel in self.query(LessonPanel):
            panel.forget()
        super().retranslate()

    def refresh_view(self) -> None:
        self.ui.sync(self.state, self.game_stamp())
        self._point_at_focus()
        super().refresh_view()
        if self.is_mounted and self.query(LessonPanel):
            self.query_one(LessonPanel).show(self.walkthrough)
            self.call_after_refresh(self.refresh_bindings)  # the lesson's length is known now
        _mark_focus(self, self.walkthrough)

    def _point_at_focus(self) -> None:
        """Move the market cursor or the pyramid cursor to what the step points at."""
        key = (self.walkthrough.index, self.game_stamp())
        step = self.walkthrough.step
        if step is None or key == self._focused:
            return
        self._focused = key
        state = self.state
        for focus in step.focus:
            if focus.kind is FocusKind.MARKET and state.kind is DecisionKind.TURN:
                assert focus.cell is not None
                if state.market[focus.cell - 1] is not None:
                    self.ui.select_cell(focus.cell - 1)
                return
            if focus.kind is FocusKind.SPOT and state.kind is DecisionKind.PLACE:
                assert focus.row is not None and focus.col is not None
                self.ui.select_spot(state, focus.row, focus.col)
                return

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        walkthrough = self.walkthrough
        if action == "lesson_next":
            return not walkthrough.expects_move()
        if action == "lesson_back":
            return walkthrough.can_back()
        if action == "lesson_leave":
            return True
        if action == "lesson_scroll":  # PgDn is listed while the lesson has more below
            return parameters[0] == -1 or self._lesson_overflows()
        if action in ("undo", "hurry"):
            return False  # stepping back replaces undo here; no computer is to hurry
        if action in _MOVE_ACTIONS and not walkthrough.expects_move():
            return False
        return super().check_action(action, parameters)

    def _why_key_idle(self, key: str) -> str | None:
        if key == "u":
            return _(texts_learn.LEARN_NO_UNDO)
        if key == "f":
            return _(texts_learn.LEARN_NO_HURRY)
        return super()._why_key_idle(key)

    def action_take_cell(self, cell: int) -> None:
        """A digit takes that cell's tile, as on the table; a take the lesson refuses is
        explained and leaves the cursor where the lesson put it (a digit never only moves
        the cursor)."""
        before = self.ui.cursor
        self.ui.select_cell(cell)
        if not self.play(TakeTile(cell)):
            self.ui.select_cell(before)
            self.refresh_view()

    def action_lesson_next(self) -> None:
        feedback = self.walkthrough.proceed()
        if feedback.outcome is Outcome.NOT_NOW:
            self.app.bell()
            self.refresh_view()
            return
        self._after_change()

    def action_lesson_back(self) -> None:
        if self.walkthrough.back():
            self._after_change()

    def action_undo(self) -> None:
        self.action_lesson_back()

    def suggested_exchange(self) -> Exchange | None:
        """The exchange the lesson asks for, when it asks for one: Enter in the dialog
        makes it, not the one that would pay the tile otherwise."""
        asked = self.walkthrough.expected_action()
        return asked if isinstance(asked, Exchange) else super().suggested_exchange()

    def _lesson_overflows(self) -> bool:
        panels = self.query(LessonPanel)
        if not panels:
            return False
        panel = panels.first()
        return panel.max_scroll_y > panel.scroll_y

    def _binding_signature(self) -> tuple[object, ...]:
        return (*super()._binding_signature(), self._lesson_overflows())

    def action_lesson_scroll(self, direction: int) -> None:
        panel = self.query_one(LessonPanel)
        panel.scroll_relative(y=direction * max(1, panel.size.height - 1), animate=False)
        self.refresh_bindings()

    def action_lesson_leave(self) -> None:
        leave_walkthrough(self.app, self.walkthrough)


class LearnEndScreen(EndScreen):
    """The score breakdown with the last lessons beside it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "lesson_next", K["lesson_next"]),
        Binding("backspace", "lesson_back", K["lesson_back"]),
        Binding("escape", "lesson_leave", K["lesson_leave"]),
    ]

    def __init__(self, walkthrough: Walkthrough, store: SaveStore) -> None:
        self.walkthrough = walkthrough
        super().__init__(walkthrough.match, store)

    @on(events.Mount)
    async def _add_lesson(self) -> None:
        await self.mount(LessonPanel(id="lesson"), before=self.query_one("#end-body"))
        self._show()

    def _show(self) -> None:
        self.query_one(LessonPanel).show(self.walkthrough)
        _mark_focus(self, self.walkthrough)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lesson_back":
            return self.walkthrough.can_back()
        return super().check_action(action, parameters)

    def action_lesson_next(self) -> None:
        walkthrough = self.walkthrough
        if walkthrough.finished:
            leave_walkthrough(self.app, walkthrough)
            return
        feedback = walkthrough.proceed()
        if feedback.outcome is Outcome.NOT_NOW:  # a move is still due: back to the table
            self.app.switch_screen(LearnTableScreen(walkthrough, self.store))
            return
        self._show()

    def action_lesson_back(self) -> None:
        walkthrough = self.walkthrough
        if not walkthrough.back():
            return
        if not walkthrough.state.is_over:
            self.app.switch_screen(LearnTableScreen(walkthrough, self.store))
            return
        self._show()

    def action_lesson_leave(self) -> None:
        leave_walkthrough(self.app, self.walkthrough)

    def action_new(self) -> None:
        """A new game is set up on the screen the walkthrough was opened from."""
        leave_walkthrough(self.app, self.walkthrough)


# ---------------------------------------------------------------- entering and leaving
def _app_saves(app: App[Any]) -> SaveStore | None:
    """The app's save folder, when it has one (the Orbis app; not a bare test app)."""
    saves = getattr(app, "store", None)
    return saves if isinstance(saves, SaveStore) else None


def _app_settings(app: App[Any]) -> Settings | None:
    """The player's settings, when the app keeps them (the Orbis app; not a bare test app)."""
    settings = getattr(app, "settings", None)
    return settings if isinstance(settings, Settings) else None


def progress_store(app: App[Any]) -> ProgressStore:
    """The walkthrough's progress file, in the app's data folder."""
    saves = _app_saves(app)
    if saves is not None:
        return ProgressStore(saves.root / FILE_NAME)
    return ProgressStore()


def open_walkthrough(app: App[Any], *, restart: bool = False) -> Walkthrough | None:
    """Show the walkthrough where it was left (or from the start) over the current screen."""
    try:
        script = load_script()
    except ScriptError as exc:
        app.notify(_(texts_learn.LEARN_BROKEN).format(error=exc), severity="error", markup=False)
        return None
    store = progress_store(app)
    walkthrough = None if restart else Walkthrough.resume(script, store)
    if walkthrough is None:
        if not restart:
            _tell_if_progress_damaged(app, store)
        walkthrough = Walkthrough(script, store)
        walkthrough.save()
    saves = _app_saves(app) or SaveStore(store.path.parent)
    screen: TableScreen | EndScreen
    if walkthrough.finished or walkthrough.state.is_over:
        screen = LearnEndScreen(walkthrough, saves)
    else:
        screen = LearnTableScreen(walkthrough, saves)
    fit_to_terminal(screen, app.size)
    app.push_screen(screen)
    tell_if_progress_lost(app, walkthrough)
    return walkthrough


def _tell_if_progress_damaged(app: App[Any], store: ProgressStore) -> None:
    """Say so when the place saved could not be used, and keep the file."""
    if store.problem is None:
        return
    kept = store.set_aside()
    if kept is None:
        return  # it stays; the save that follows fails, and says why
    message = _(texts_learn.LEARN_DAMAGED).format(problem=store.problem, kept=printable(kept))
    app.notify(message, severity="warning", timeout=12, markup=False)


def tell_if_progress_lost(app: App[Any], walkthrough: Walkthrough) -> bool:
    """Say so when the walkthrough's place could not be written (the lesson goes on)."""
    store = walkthrough.store
    error = store.take_error() if store is not None else None
    if error is None:
        return False
    reason = error.strerror or str(error)
    app.notify(_(texts_learn.LEARN_NOT_KEPT).format(error=reason), severity="warning", markup=False)
    return True


def leave_walkthrough(app: App[Any], walkthrough: Walkthrough) -> None:
    """Save the place (or forget it, when finished) and go back to the screen below."""
    walkthrough.save()
    if not tell_if_progress_lost(app, walkthrough) and not walkthrough.finished:
        app.notify(_(texts_learn.LEARN_LEFT), timeout=4, markup=False)
    if len(app.screen_stack) > 2:
        app.pop_screen()
    else:
        app.post_message(NewGame())
