"""Every player's pyramid, realm, farms, god and score so far, side by side, and the
rule of every god of the game below them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import REALM_LIMIT, GameState, final_scores, wilderness_points
from ...i18n import gettext as _
from .. import chips, palette, texts, texts_learn, texts_screens
from ..core.describe import god_rule
from ..core.seats import Seat
from ..widgets.info import farm_chips, god_label
from ..widgets.pyramid import PyramidView
from .base import SizeNotice


def gods_text(state: GameState) -> Text:
    """The rule of every god of this game, held or on offer (R-GOD-1), one a line."""
    out = Text(_(texts_learn.PLAYERS_GODS_TITLE), style=palette.BOLD)
    held = [p.god for p in state.players if p.god is not None]
    for god in [*held, *state.gods_available]:
        out.append("\n" + god_rule(state, god))
    return out


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
        yield Static(
            Text(_(texts_screens.PLAYERS_SCREEN_TITLE), style=palette.ACCENT),
            classes="players-title",
        )
        grid = Grid(classes=f"players-grid n{state.num_players}")
        room = (self.app.size.width - 1) // 2  # two boards a row, a column between them
        with grid:
            for seat, player in enumerate(state.players):
                active = seat == state.current and not state.is_over
                with Vertical(classes="player-board" + (" active" if active else "")):
                    head = self._head(seat, active, scores[seat].total, room)
                    realm = Text(" ", no_wrap=True, overflow="ellipsis")
                    realm.append_text(chips.realm_chips(player.realm_count))
                    realm.append(
                        " "
                        + _(texts.PLAYER_REALM).format(count=player.worshipers, limit=REALM_LIMIT)
                        + "  "
                    )
                    realm.append_text(farm_chips(player))
                    yield Static(head, classes="board-head")
                    yield Static(realm, classes="board-head")
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

    def action_close(self) -> None:
        self.dismiss(None)
