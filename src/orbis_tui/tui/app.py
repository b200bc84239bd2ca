"""The Orbis app: pass-and-play on one keyboard, autosaved after every action."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual._path import CSSPathType
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Input

from .. import i18n, no_break
from ..i18n import gettext as _
from ..paths import ENV_DATA_DIR
from ..saves import (
    LoadResult,
    LockChoice,
    LockOutcome,
    LockState,
    SaveStore,
    apply_lock_choice,
    save_text,
)
from ..tiles import use_cache
from . import layout, texts, texts_screens
from .core.seats import Seat, seats_of
from .core.settings import SettingsFile
from .navigation import (
    NewGame,
    OpenWalkthrough,
    PlayApart,
    ResumeGame,
    SettingsChanged,
    ShowEnd,
    StartGame,
)
from .screens.base import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS, fit_to_terminal

if TYPE_CHECKING:
    from ..analysis import JudgedAhead
    from ..records import GameRecord, Match

K = texts.KEY
_HERE = Path(__file__).parent


def settle_after_start() -> None:
    """Once the app is ready: freeze what starting made (modules, the app), which lives
    as long as the app, so that no collection walks it again during the game; and turn
    collection back on, which the ``orbis`` command turns off while the app starts (see
    ``cli.main``). No collection first: it would hold up the first frame, and the little
    start-up litter it would find is not worth that."""
    global _SETTLED
    if not _SETTLED:
        _SETTLED = True
        gc.freeze()
    gc.enable()


_SETTLED = False  # once per process: later apps (tests, a new window) leave it be


class OrbisApp(App[None]):
    TITLE = texts.APP_TITLE
    ENABLE_COMMAND_PALETTE = False
    # Every screen's style sheet is read once, here: a screen bringing its own would
    # make Textual parse and apply the whole style sheet again when first shown.
    CSS_PATH: ClassVar[CSSPathType | None] = [
        _HERE / "app.tcss",
        _HERE / "screens" / "new_game.tcss",
        _HERE / "screens" / "table.tcss",
        _HERE / "screens" / "end.tcss",
        _HERE / "screens" / "dialogs.tcss",
        _HERE / "learn.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", K["help"]),
        Binding("f1", "help", K["help"], show=False),
        Binding("q", "quit", K["quit"]),
        Binding("ctrl+t", "toggle_theme", K["theme"], show=False),
        Binding("s", "settings", K["settings"], show=False),
    ]

    def __init__(
        self,
        data_dir: Path | str | None = None,
        *,
        players: int = 2,
        seed: int | None = None,
        names: list[str] | None = None,
        config_dir: Path | str | None = None,
        language: str | None = None,
    ) -> None:
        """``language``: the one asked for on the command line (``--lang``), which
        overrides the settings' choice for this run."""
        super().__init__()
        no_break.hold()  # "45 %" stays on one line
        self.HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS
        self.VERTICAL_BREAKPOINTS = VERTICAL_BREAKPOINTS
        self.store = SaveStore(Path(data_dir) if data_dir is not None else None)
        use_cache(self.store.cache_dir)  # the checked tile set loads without pydantic
        # A data folder chosen for this run keeps its settings to itself, as its cache.
        if config_dir is None and (data_dir is not None or os.environ.get(ENV_DATA_DIR)):
            config_dir = self.store.root / "config"
        self.settings_file = SettingsFile(Path(config_dir) if config_dir is not None else None)
        self.settings = self.settings_file.load()
        if language or self.settings.language:
            i18n.set_language(i18n.resolve_language(language, self.settings.language))
        self.start_players = players
        self.start_seed = seed
        self.start_names = names
        self.loaded: LoadResult | None = None
        # What taking the data folder's lock gave (see run_keeping_folder); None: not tried.
        self.lock: LockOutcome | None = None
        self._quit_question: Screen[int] | None = None  # asked in a browser before quitting
        # The game played here has its turns judged as they end, for its review (the
        # setting "Prepare the review"); one at a time, replaced at the next table.
        self.judged_ahead: JudgedAhead | None = None

    def on_ready(self) -> None:
        settle_after_start()

    async def on_event(self, event: events.Event) -> None:
        """A letter typed on the Russian keyboard layout is read as the key at its place
        (ф as a, к as r), or says to switch the layout (see layout.py); text being typed
        (a name) keeps its letters."""
        if (
            isinstance(event, events.Key)
            and not event.is_forwarded
            and not isinstance(self.focused, Input)
        ):
            place = layout.redirect(self, event.key)
            if place:
                self.simulate_key(place)
                return
            if place == "":
                shown = event.key.removeprefix("shift+")
                self.notify(
                    _(texts_screens.LAYOUT_NOT_LATIN).format(key=shown), timeout=4, markup=False
                )
                return
        await super().on_event(event)

    RESUME_AT_START = True  # an unfinished game opens at once, without the new-game screen
    # In a browser, a finished game's record goes to the browser's downloads rather than
    # to a folder of the machine that runs the app (which the player may not reach).
    DOWNLOAD_RECORDS = False

    def on_mount(self) -> None:
        self._apply_look()
        unused = self.settings_file.notice()  # a broken settings file: the defaults apply
        if unused is not None:
            self.notify(unused, severity="warning", timeout=10, markup=False)
        lock = self.lock
        if lock is not None and lock.choices:
            from .screens.question import QuestionScreen

            if self.is_web:
                question = save_text("open-elsewhere-web")
            else:
                question = save_text("open-elsewhere").format(folder=self.store.root)
            answers = [_(texts_screens.LOCK_READ_ONLY), _(texts_screens.LOCK_QUIT)]
            self.push_screen(
                QuestionScreen(_(texts_screens.LOCK_TITLE), question, answers), self._lock_answered
            )
            return
        if lock is not None and lock.state is LockState.UNAVAILABLE:
            if self.is_web:
                notice = save_text("no-lock-web")
            else:
                notice = save_text("no-lock").format(folder=self.store.root, reason=lock.reason)
            self.notify(notice, severity="warning", timeout=10, markup=False)
        self._show_first_screen()

    def _lock_answered(self, answer: int | None) -> None:
        choice = LockChoice.READ_ONLY if answer == 0 else LockChoice.QUIT
        if not apply_lock_choice(self.store, choice):
            self.exit()
            return
        self._show_first_screen()

    def _show_first_screen(self) -> None:
        """Show the saved game, or the new-game screen."""
        self.loaded = self.store.load()
        if self.store.read_only:
            self.notify(save_text("read-only"), severity="warning", timeout=10, markup=False)
        for notice in self.loaded.notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)
        if self.loaded.resumable and self.start_seed is None and self.RESUME_AT_START:
            assert self.loaded.match is not None
            self.post_message(ResumeGame(self.loaded.match))  # straight back into it
            return
        self._show_screen(self._new_game_screen(self.loaded, seed=self.start_seed))

    def _new_game_screen(
        self, loaded: LoadResult, seed: int | None = None, from_game: bool = False
    ) -> Screen[None]:
        from .screens.new_game import NewGameScreen

        return NewGameScreen(
            loaded,
            players=self.start_players,
            seed=seed,
            names=self.start_names,
            settings=self.settings,
            from_game=from_game,
        )

    # ------------------------------------------------------------ moving between screens
    def on_start_game(self, message: StartGame) -> None:
        from ..records import Match, setup_for_game

        seats = message.seats
        setup = setup_for_game([s.name for s in seats], message.seed, message.first_player)
        if any(not s.human for s in seats):
            setup.seats = [s.kind for s in seats]
        if any(not s.hints for s in seats):
            setup.no_hints = [i for i, s in enumerate(seats) if not s.hints]
        self.settings.names = [s.name for s in seats]
        self.settings.kinds = [s.kind for s in seats]
        self.settings.no_hints = [i for i, s in enumerate(seats) if not s.hints]
        self._save_settings()
        self._archive_autosave()
        match = Match.start(setup)
        self._show_table(match, seats, resumed=False)  # the table saves it once painted

    def on_play_apart(self, message: PlayApart) -> None:
        from .screens.apart import PlayApartScreen

        seats = message.seats
        self.settings.names = [s.name for s in seats]
        self.settings.kinds = [s.kind for s in seats]
        self._save_settings()

        def remember(server: str) -> None:
            self.settings.server = server
            self._save_settings()

        self.push_screen(PlayApartScreen(seats, self.settings.server, remember))

    def on_resume_game(self, message: ResumeGame) -> None:
        setup = message.match.record.setup
        self._show_table(
            message.match, seats_of(setup.players, setup.seats, setup.no_hints), resumed=True
        )

    def _show_table(self, match: Match, seats: list[Seat], resumed: bool) -> None:
        from .screens.table import TableScreen

        self.close_judged_ahead()
        self.judged_ahead = None
        if self.settings.review_ahead:
            from ..analysis import JudgedAhead, ReviewCache, judging_ahead_allowed
            from .screens.review import review_size

            if judging_ahead_allowed():
                cache = ReviewCache.in_data_folder(
                    self.store.root, writable=not self.store.read_only
                )
                self.judged_ahead = JudgedAhead(per_option=review_size(), kept=cache.turns)
        self._show_screen(
            TableScreen(
                match,
                self.store,
                seats,
                resumed=resumed,
                settings=self.settings,
                ahead=self.judged_ahead,
            )
        )

    def close_judged_ahead(self) -> None:
        """Stop judging the last table's turns ahead (what was judged stays readable)."""
        if self.judged_ahead is not None:
            self.judged_ahead.close()

    def on_show_end(self, message: ShowEnd) -> None:
        from .screens.end import EndScreen

        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._show_screen(EndScreen(message.match, self.store, ahead=self.judged_ahead))

    def on_new_game(self, _message: NewGame) -> None:
        """The new-game screen, offering the unfinished game (if any) to resume."""
        self.store.flush()
        self.loaded = self.store.load()
        self._show_screen(self._new_game_screen(self.loaded, from_game=True))

    def on_open_walkthrough(self, _message: OpenWalkthrough) -> None:
        from .screens.learn import open_walkthrough

        open_walkthrough(self)

    def _show_screen(self, screen: Screen[None]) -> None:
        """Show ``screen`` in place of the current one (above the blank default screen)."""
        fit_to_terminal(screen, self.size)
        if len(self.screen_stack) <= 1:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def _archive_autosave(self) -> None:
        """Keep the previous autosave (finished or abandoned) among the records."""
        loaded = self.loaded
        if loaded is None or loaded.match is None:
            return
        self.store.archive_autosave(loaded.match.record)
        self.loaded = None

    # ------------------------------------------------------------ settings
    def on_settings_changed(self, message: SettingsChanged) -> None:
        changed = message.settings
        if changed is not None and changed is not self.settings:
            # A screen's own settings (the walkthrough's): the look, the pace and the
            # language are still the player's, for every screen and the next start.
            self.settings.look = changed.look
            self.settings.pace = changed.pace
            self.settings.language = changed.language
        self._apply_look()
        self._apply_language()
        self._save_settings()

    def _apply_language(self) -> None:
        """Switch to the language of the settings (if one is chosen) and redraw every
        screen in it."""
        wanted = self.settings.language
        if not wanted or wanted == i18n.language():
            return
        i18n.set_language(wanted)
        for screen in self.screen_stack:
            retranslate = getattr(screen, "retranslate", None)
            if retranslate is not None:
                retranslate()
            else:
                screen.refresh(recompose=True)

    def _save_settings(self) -> None:
        error = self.settings_file.save(self.settings)
        if error is not None:
            self.notify(
                _(texts_screens.SETTINGS_FAILED).format(error=error),
                severity="warning",
                markup=False,
            )

    def _apply_look(self) -> None:
        theme = "textual-light" if self.settings.look == "light" else "textual-dark"
        if self.theme != theme:
            self.theme = theme

    # ------------------------------------------------------------ quitting
    async def action_quit(self) -> None:
        """Quit; a game the autosave could not keep is offered to be saved elsewhere."""
        from .screens.question import QuestionScreen

        record = self._unsaved_record()
        failure = self.store.failure
        if record is None or failure is None:
            if self.is_web:
                self._ask_before_leaving_the_page()
            else:
                self.exit()
            return

        if self.store.read_only:
            question = _(texts_screens.UNSAVED_READ_ONLY)
        else:
            error = failure.error.strerror or str(failure.error)
            question = _(texts_screens.UNSAVED_FAILED).format(
                time=failure.since.strftime("%H:%M"), error=error
            )
        answers = [
            _(texts_screens.UNSAVED_SAVE),
            _(texts_screens.UNSAVED_QUIT),
            _(texts_screens.UNSAVED_STAY),
        ]

        def answered(answer: int | None) -> None:
            if answer == 0:
                from .screens.export import export_record

                default = Path.home() / self.store.record_path(record).name
                export_record(self, self.store, record, default, self._exit_once_saved)
            elif answer == 1:
                self.exit()

        self.push_screen(
            QuestionScreen(_(texts_screens.UNSAVED_TITLE), question, answers), answered
        )

    def _ask_before_leaving_the_page(self) -> None:
        """In a browser, q and ctrl+q ask first: quitting ends the page's session (and a
        key pressed for the browser, as ctrl+q, should not end a game). Pressed again
        while asked, they quit."""
        from .screens.question import QuitQuestion

        if self._quit_question is not None and self.screen is self._quit_question:
            self.exit()  # ctrl+q again (q again is the question's own key)
            return
        answers = [_(texts_screens.LEAVE_PAGE_QUIT), _(texts_screens.LEAVE_PAGE_STAY)]
        question = QuitQuestion(
            _(texts_screens.LEAVE_PAGE_TITLE), _(texts_screens.LEAVE_PAGE), answers, default=1
        )
        self._quit_question = question

        def answered(answer: int | None) -> None:
            self._quit_question = None
            if answer == 0:
                self.exit()

        self.push_screen(question, answered)

    def _exit_once_saved(self, saved: Path | None) -> None:
        if saved is not None:
            self.exit()

    def _unsaved_record(self) -> GameRecord | None:
        """The record of the game on screen if part of it is not on disk, else None."""
        failure = self.store.failure
        if failure is None:
            return None
        from .screens.end import EndScreen
        from .screens.table import TableScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen) and screen.session.autosave:
                record = screen.session.match.record
            elif isinstance(screen, EndScreen):
                record = screen.match.record
            else:
                continue
            saved = failure.saved_actions
            return record if saved is None or len(record.actions) > saved else None
        return None

    # ------------------------------------------------------------ app-wide keys
    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's own key), which quits nothing here: say what does, for
        the place the game is played in (Textual would name ctrl+q, which a browser
        may keep for itself)."""
        said = _(texts_screens.CTRL_C_WEB) if self.is_web else _(texts_screens.CTRL_C)
        self.notify(said, title=_(texts_screens.CTRL_C_TITLE), markup=False)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            from ..tiles import DataFileError, load_catalog

            try:
                gods = load_catalog().gods
            except DataFileError:  # the guide is still worth showing without the gods
                gods = ()
            self.push_screen(HelpScreen(gods))

    def action_toggle_theme(self) -> None:
        self.settings.look = "dark" if self.settings.look == "light" else "light"
        self._apply_look()
        self._save_settings()

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen(self.settings))

    def watch_theme(self, _theme: str) -> None:
        """Keep the text colors readable on the new background, and redraw the table."""
        from . import chips, palette

        palette.set_light(not self.current_theme.dark)
        chips.set_light(not self.current_theme.dark)
        from .screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.redraw_all()


def run_app(
    data_dir: Path | str | None = None,
    players: int = 2,
    seed: int | None = None,
    folder_wait: float = 0.0,
    language: str | None = None,
) -> int:
    app = OrbisApp(data_dir, players=players, seed=seed, language=language)
    return run_keeping_folder(app, folder_wait=folder_wait)


def run_keeping_folder(app: OrbisApp, *, headless: bool = False, folder_wait: float = 0.0) -> int:
    """Run ``app`` holding its data folder's lock; the exit status (1 after a crash).

    When another app keeps the folder (still, after ``folder_wait`` seconds), the app
    asks whether to open it read-only or to quit.
    """
    app.lock = app.store.acquire(wait=folder_wait)  # the app asks what to do if it must
    try:
        app.run(headless=headless)
    finally:
        app.close_judged_ahead()
        app.store.release()  # the last autosave reaches the disk before the lock goes
    return app.return_code or 0
