"""The Orbis app: pass-and-play on one keyboard, autosaved after every action."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..tiles import use_cache
from . import texts
from .saves import SAVE_TEXTS, LoadResult, LockState, SaveStore
from .screens.base import MIN_HEIGHT, MIN_WIDTH
from .seats import Seat, seats_of

if TYPE_CHECKING:
    from ..records import Match

K = texts.KEY
_HERE = Path(__file__).parent


class OrbisApp(App[None]):
    TITLE = texts.APP_TITLE
    ENABLE_COMMAND_PALETTE = False
    # Every screen's style sheet is read once, here: a screen bringing its own would
    # make Textual parse and apply the whole style sheet again when first shown.
    CSS_PATH: ClassVar = [  # type: ignore[assignment]
        _HERE / "app.tcss",
        _HERE / "screens" / "new_game.tcss",
        _HERE / "screens" / "table.tcss",
        _HERE / "screens" / "end.tcss",
        _HERE / "screens" / "dialogs.tcss",
        _HERE / "learn.tcss",
    ]
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-narrow"),
        (MIN_WIDTH, "-normal"),
        (110, "-wide"),
    ]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [
        (0, "-short"),
        (MIN_HEIGHT, "-normal-height"),
        (34, "-tall"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", K["help"]),
        Binding("q", "quit", K["quit"]),
        Binding("ctrl+t", "toggle_theme", K["theme"], show=False),
    ]

    def __init__(
        self,
        data_dir: Path | str | None = None,
        *,
        players: int = 2,
        seed: int | None = None,
        names: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.store = SaveStore(Path(data_dir) if data_dir is not None else None)
        use_cache(self.store.cache_dir)  # the checked tile set loads without pydantic
        self.start_players = players
        self.start_seed = seed
        self.start_names = names
        self.loaded: LoadResult | None = None

    def on_mount(self) -> None:
        from .screens.new_game import NewGameScreen

        self.loaded = self.store.load()
        if self.store.read_only:
            self.notify(SAVE_TEXTS["read-only"], severity="warning", timeout=10, markup=False)
        for notice in self.loaded.notices:
            self.notify(notice, severity="warning", timeout=10, markup=False)
        self.push_screen(
            NewGameScreen(
                self.loaded,
                players=self.start_players,
                seed=self.start_seed,
                names=self.start_names,
            )
        )

    # ------------------------------------------------------------ moving between screens
    def start_game(self, seats: list[Seat], seed: int, first_player: int) -> None:
        from ..records import Match
        from ..records.model import setup_for_game

        setup = setup_for_game([s.name for s in seats], seed, first_player)
        if any(not s.human for s in seats):
            setup.seats = [s.kind for s in seats]
        self._archive_autosave()
        match = Match.start(setup)
        self._show_table(match, seats, resumed=False)  # the table saves it once painted

    def resume_game(self, match: Match) -> None:
        setup = match.record.setup
        self._show_table(match, seats_of(setup.players, setup.seats), resumed=True)

    def _show_table(self, match: Match, seats: list[Seat], resumed: bool) -> None:
        from .screens.table import TableScreen

        self._show_screen(TableScreen(match, self.store, seats, resumed=resumed))

    def show_end(self, match: Match) -> None:
        from .screens.end import EndScreen

        while len(self.screen_stack) > 2:
            self.pop_screen()
        self._show_screen(EndScreen(match, self.store))

    def new_game(self) -> None:
        from .screens.new_game import NewGameScreen

        self._show_screen(
            NewGameScreen(LoadResult(), players=self.start_players, names=self.start_names)
        )

    def _show_screen(self, screen: Screen[None]) -> None:
        """Show ``screen`` in place of the current one (above the blank default screen)."""
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

    # ------------------------------------------------------------ app-wide keys
    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.theme == "textual-dark" else "textual-dark"

    def watch_theme(self, _theme: str) -> None:
        """Keep the text colors readable on the new background, and redraw the table."""
        from . import palette

        palette.set_light(not self.current_theme.dark)
        for screen in self.screen_stack:
            redraw = getattr(screen, "redraw_all", None)
            if redraw is not None:
                redraw()


def run_app(
    data_dir: Path | str | None = None,
    players: int = 2,
    seed: int | None = None,
    folder_wait: float = 0.0,
) -> int:
    app = OrbisApp(data_dir, players=players, seed=seed)
    return run_keeping_folder(app, folder_wait=folder_wait)


def run_keeping_folder(app: OrbisApp, *, headless: bool = False, folder_wait: float = 0.0) -> int:
    """Run ``app`` holding its data folder's lock; the exit status (1 after a crash).

    When another app keeps the folder (still, after ``folder_wait`` seconds), this one
    opens it read-only and says so.
    """
    if app.store.acquire(wait=folder_wait).state is LockState.ELSEWHERE:
        app.store.open_read_only()
    try:
        app.run(headless=headless)
    finally:
        app.store.release()  # the last autosave reaches the disk before the lock goes
    return app.return_code or 0
