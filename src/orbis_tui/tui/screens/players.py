"""Every player's pyramid, realm, farms, god and score so far, side by side, and the
rule of every god of the game below them. Where the boards do not fit whole (three or
four players at 80×24), the view scrolls: no board is squeezed below a whole pyramid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import REALM_LIMIT, GameState, PlayerState, final_scores, wilderness_points
from ...i18n import gettext as _
from .. import chips, palette, texts, texts_learn, texts_screens
from ..core.describe import god_rule
from ..core.seats import Seat
from ..widgets.info import farm_chips, god_label
from ..widgets.pyramid import ROWS, PyramidView
from .base import SizeNotice

# A board's least height: its two lines of head, a pyramid of four rows of the small
# hexes (two lines each), and the line above it.
BOARD_HEIGHT = 2 + 2 * ROWS + 1
SCROLLBAR = 2  # columns kept for the scroll bar when the view scrolls (.players-body.scrolls)
# The gods' rules below the boards take at most this share of the screen's lines
# before the boards are given theirs.
GODS_SHARE = 0.45


def board_height(screen_height: int, players: int, gods_lines: int) -> int:
    """How tall each board is: an equal share (two boards a row) of the screen's lines
    left by the title and the gods' rules (``gods_lines`` of them, at most
    :data:`GODS_SHARE` of the screen, and the line above them), never less than
    :data:`BOARD_HEIGHT`: the view scrolls rather than cut a pyramid."""
    rows = (players + 1) // 2
    gods = min(gods_lines, int(screen_height * GODS_SHARE)) + 1
    return max(BOARD_HEIGHT, (screen_height - 1 - gods) // rows)


def gods_text(state: GameState) -> Text:
    """The rule of every god of this game, held or on offer (R-GOD-1), one a line."""
    out = Text(_(texts_learn.PLAYERS_GODS_TITLE), style=palette.BOLD)
    held = [p.god for p in state.players if p.god is not None]
    for god in [*held, *state.gods_available]:
        out.append("\n" + god_rule(state, god))
    return out


def _realm_line(player: PlayerState) -> Text:
    """A board's second line: the worshipers by color, their count, the farms."""
    realm = Text(" ", no_wrap=True, overflow="ellipsis")
    realm.append_text(chips.realm_chips(player.realm_count))
    count = _(texts.PLAYER_REALM).format(count=player.worshipers, limit=REALM_LIMIT)
    realm.append(" " + count + "  ")
    realm.append_text(farm_chips(player))
    return realm


class PlayersScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,p,q,enter", "close", texts.KEY["close"]),
    ]

    def __init__(self, state: GameState, seats: Sequence[Seat] = ()) -> None:
        super().__init__(classes="players-screen")
        self.state = state
        self.seats = list(seats)

    def compose(self) -> ComposeResult:
        state = self.state
        scores = final_scores(state)
        yield Static(classes="players-title")
        grid = Grid(classes=f"players-grid n{state.num_players}")
        # two boards a row, a column between them, and the scroll bar's room when it scrolls
        scrolls = self._layout()[1]
        room = (self.app.size.width - (SCROLLBAR if scrolls else 0) - 1) // 2
        with VerticalScroll(classes="players-body" + (" scrolls" if scrolls else "")):
            with grid:
                for seat, player in enumerate(state.players):
                    active = seat == state.current and not state.is_over
                    with Vertical(classes="player-board" + (" active" if active else "")):
                        yield Static(
                            self._head(seat, active, scores[seat].total, room), classes="board-head"
                        )
                        yield Static(_realm_line(player), classes="board-head")
                        yield PyramidView(classes="board-pyramid")
            yield Static(gods_text(state), classes="players-gods")
        yield SizeNotice()

    def _head(self, seat: int, active: bool, cp: int, room: int) -> Text:
        """A board's first line: the name, who plays it, the CP now and the god, in the
        longest of its forms that fits ``room`` columns (80 columns cut "4 SP jetzt" to
        "4 SP jet…"); the shortest is cut at its end if even it does not fit."""
        state = self.state
        player = state.players[seat]
        computer = seat < len(self.seats) and not self.seats[seat].human
        level = texts.level_name(self.seats[seat].kind) if computer else ""
        forms = [
            (_(texts_screens.PLAYERS_COMPUTER).format(level=level), _(texts.PLAYER_SCORE), False),
            (_(texts_screens.PLAYERS_COMPUTER).format(level=level), _(texts.CP_LONG), True),
            (f"⚙ {level}", _(texts.CP_LONG), True),
        ]
        head = Text()
        for who, score, short in forms:
            head = Text(no_wrap=True, overflow="ellipsis")
            head.append(f" {player.name} ", style=palette.SPOT_CURSOR if active else palette.GOD)
            if computer:
                head.append(" " + who, style=palette.DIM)
            head.append(" " + score.format(cp=cp))
            head.append(" · " + god_label(state, player, short=short))
            if head.cell_len <= room:
                break
        return head

    def on_mount(self) -> None:
        for view, player in zip(self.query(PyramidView), self.state.players, strict=True):
            view.show(player.pyramid, wild_points=wilderness_points(player))
        self._fit_boards()
        self.query_one(".players-body", VerticalScroll).focus()  # the arrows scroll it

    def on_resize(self) -> None:
        self._fit_boards()

    def _layout(self) -> tuple[int, bool]:
        """Each board's height at this screen's size, and whether the view scrolls: the
        title, the boards, and the gods' rules as they wrap in their width (the padding
        and the scroll bar aside) with the line above them."""
        width, screen_height = self.app.size
        lines = len(gods_text(self.state).wrap(self.app.console, max(1, width - SCROLLBAR - 2)))
        height = board_height(screen_height, self.state.num_players, lines)
        rows = (self.state.num_players + 1) // 2
        return height, 1 + rows * height + 1 + lines > screen_height

    def _fit_boards(self) -> None:
        height = self._layout()[0]
        grid = self.query_one(".players-grid", Grid)
        grid.styles.grid_rows = str(height)
        grid.styles.height = height * ((self.state.num_players + 1) // 2)
        self.call_after_refresh(self._title)

    def _title(self) -> None:
        """The title, with the keys that scroll when the view does not fit whole."""
        scrolls = self.query_one(".players-body", VerticalScroll).max_scroll_y > 0
        if scrolls:
            title = _(texts_screens.PLAYERS_SCREEN_SCROLLS)
        else:
            title = _(texts_screens.PLAYERS_SCREEN_TITLE)
        self.query_one(".players-title", Static).update(Text(title, style=palette.ACCENT))

    def action_close(self) -> None:
        self.dismiss(None)
