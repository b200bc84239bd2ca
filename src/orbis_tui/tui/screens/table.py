"""The table: market, supply, the decision panel, the active player's pyramid, the log.

Keys become engine actions here, and only here (what each key does is in
:mod:`.table_commands`, the half of the screen that answers the player): every action
goes to the :class:`~orbis_tui.tui.core.session.GameSession`, which asks the engine;
what is legal, and why not, is always the engine's answer. Computer players think in
worker threads and post their choice back as a message.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import (
    Action,
    Count,
    DecisionKind,
    GameState,
    IllegalAction,
    Place,
    PlayerScore,
    TakeTile,
    final_scores,
    wilderness_points,
)
from ...i18n import gettext as _
from ...records import Match
from ...saves import SaveStore
from ...words import message_of
from .. import texts, texts_screens
from ..bot_driver import BotChose, BotDriver, BotFailed
from ..core.controller import Controller
from ..core.handover import hand_over
from ..core.seats import Seat
from ..core.session import GameSession
from ..core.settings import Settings
from ..navigation import ShowEnd
from ..table_keys import BINDINGS
from ..widgets.coach_panel import CoachPanel
from ..widgets.curtain import HandOverCurtain
from ..widgets.info import GameLog, PlayerCard, PlayersStrip, StatusLine
from ..widgets.keybar import KeyBar
from ..widgets.market import MarketBoard
from ..widgets.panel import DecisionPanel, option_marked, summary_lines, warned_spots
from ..widgets.pyramid import PyramidView
from ..widgets.supply import SupplyBar
from .base import SizeNotice, too_small
from .table_commands import TableCommands

if TYPE_CHECKING:
    from ...analysis import JudgedAhead

# The escape sequence that carries what the panel says to the browser page (OSC 7700):
# a number no terminal uses, which xterm.js ignores after the page has read it.
PAGE_OSC = 7700


class TableScreen(TableCommands):
    """The table: its layout, its drawing, the game played on it and its computer
    players; what the keys, clicks and commands do is :class:`TableCommands`'s."""

    BINDINGS: ClassVar[list[BindingType]] = BINDINGS
    AUTO_FOCUS = None

    # Grows with every change the table must show; watchers redraw the table.
    version: reactive[int] = reactive(0, init=False, always_update=True, repaint=False)

    def __init__(
        self,
        match: Match | GameSession,
        store: SaveStore | None = None,
        seats: list[Seat] | None = None,
        resumed: bool = False,
        settings: Settings | None = None,
        *,
        autosave: bool = True,
        ahead: JudgedAhead | None = None,
    ) -> None:
        """The table of ``match`` played here (its store, its seats), or of a session
        given whole (a seat at a table played apart). ``ahead``: where the turns are
        judged as they end, for the game's review."""
        super().__init__()
        if isinstance(match, GameSession):
            self.session = match
        else:
            assert seats is not None
            self.session = GameSession(match, store, seats, autosave=autosave)
        self.settings = settings if settings is not None else Settings()
        self.resumed = resumed
        self.ui = Controller()
        self.error: IllegalAction | None = None
        self._scored: tuple[object, ...] | None = None
        self._scores: list[PlayerScore] = []
        self._bindings_shown: tuple[object, ...] = ()
        self.bots = BotDriver(
            self,
            lambda: self.session,
            pause=lambda: self.settings.bot_delay,
            can_move=lambda: not too_small(self.app.size),
            waiting=self.changed,
            failed=self._bot_failed,
        )
        self._handover_open = False
        self.ahead = ahead

    # ------------------------------------------------------------ the game
    @property
    def match(self) -> Match:
        return self.session.match

    @match.setter
    def match(self, match: Match) -> None:
        self.session = GameSession(
            match, self.session.store, self.session.seats, autosave=self.session.autosave
        )

    @property
    def store(self) -> SaveStore:
        store = self.session.store
        assert store is not None
        return store

    @property
    def seats(self) -> list[Seat]:
        return self.session.seats

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def handing_over(self) -> bool:
        """Whether the hand-over curtain hides the table, waiting for the next player."""
        return self._handover_open

    @property
    def seat(self) -> Seat:
        return self.session.seat

    @property
    def my_turn(self) -> bool:
        """Whether the seat to move decides on this screen (a person here, not a
        computer player, nor a player at another table screen)."""
        return self.session.decides(self.state.current)

    @property
    def confirming(self) -> bool:
        return self.session.pending is not None

    def game_stamp(self) -> tuple[int, int, int]:
        """Changes whenever the game itself moves (an action, an undo, a new match)."""
        match = self.match
        return (id(match), len(match.record.actions), self.session.version)

    def confirm_turns(self) -> bool:
        """Whether a person's turn waits for Enter before it ends (a setting)."""
        return self.settings.confirm_turn

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MarketBoard(id="market")
                yield SupplyBar(id="supply")
                yield DecisionPanel(id="panel")
            with Vertical(id="right"):
                yield PlayerCard(id="card")
                yield PyramidView(id="pyramid")
                yield Static(_(texts.PLAYERS_TITLE), classes="rule", id="players-title")
                yield PlayersStrip(id="players")
                yield Static(_(texts.LOG_TITLE), classes="rule", id="log-title")
                yield GameLog(id="log")  # the coach joins here when first asked for
        yield HandOverCurtain(id="curtain")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.refresh_view()
        # A person's turn opens behind the hand-over curtain in the very first frame:
        # drawn after it, the table would flash before being covered.
        opened = not self.state.is_over and self.my_turn
        if opened:
            self._next_turn(first=True)
        self.call_after_refresh(self._begin, opened)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)  # some lines depend on the width

    def gone(self) -> bool:
        """Whether the table has left the app (the end screen took its place, say).

        A callback queued by the table runs after the frame of whatever screen is current
        by then; once the table is gone, such a callback must leave it alone."""
        return not self.is_attached or self._pruning

    def _begin(self, opened: bool) -> None:
        if self.gone():
            return
        if not self.resumed:
            self.session.save_now()  # on disk from the first moment the table is seen
        if self.state.is_over:
            self.app.post_message(ShowEnd(self.match))
            return
        self.bots.warm_up()
        if self.resumed:
            self._judge_ahead()  # the turns played before it was saved
            self.notify(_(texts_screens.RESUMED), markup=False)
        if not opened:
            self._next_turn(first=True)

    def watch_version(self, _version: int) -> None:
        self.refresh_view()

    def changed(self) -> None:
        """The game or the choice in progress changed: draw it again."""
        self.version += 1

    # ------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        """Show the current state; each widget redraws only when what it shows changed."""
        if self.gone():
            return
        session = self.session
        pending = session.pending
        state = self.state
        shown = session.shown
        ui = self.ui
        ui.sync(state, self.game_stamp())
        self.forget_stale_warning()
        seat = pending.summary.seat if pending is not None else state.current
        human = self.my_turn
        key = (self.game_stamp(), id(shown))  # the walkthrough moves its game itself
        if self._scored != key:
            self._scores = final_scores(shown)
            self._scored = key
        scores = self._scores
        watching = self._watching_text()
        self.query_one(StatusLine).show(
            state,
            confirming=pending is not None,
            clock=self._clock_text(),
            first=watching[0] if watching else None,
        )
        deciding = human and pending is None
        turn = deciding and state.kind is DecisionKind.TURN
        removals: dict[int, Count] = {}
        if deciding and state.kind is DecisionKind.VOLCANO:
            eruption = ui.current_eruption(state)
            if eruption is not None:
                removals = dict(eruption.removals)
        preview = ui.preview(state) if turn else None
        warned: tuple[int, ...] = ()
        if turn:
            decision = state.decision
            warned = tuple(
                cell
                for cell in range(len(state.market))
                if option_marked(decision.option(TakeTile(cell)))
            )
        self.query_one(MarketBoard).show(
            shown,
            ui.cursor if turn and ui.god is None else None,
            blocked=turn and state.must_take_god(),
            removals=removals,
            generated=preview.generated_cells if preview else (),
            warned=warned,
            hidden=pending.hidden_cells if pending is not None else (),
        )
        self.query_one(SupplyBar).show(
            shown,
            ui.god if turn else None,
            shown.players[seat].god is None,
            piles=state.pile_sizes(),  # the refill of a turn not yet confirmed stays hidden
        )
        panel = self.query_one(DecisionPanel)
        topic = (self.game_stamp(), state.kind, pending is not None)  # a new one: the top
        if pending is not None:
            panel.show_lines(summary_lines(pending.summary), topic=topic)
        elif human:
            panel.show(state, ui, self.error, coach_open=self.has_class("-coach"), topic=topic)
        else:
            if not self.seat.human:
                level = texts.level_name(self.seat.kind)
                said = _(texts.PANEL_BOT).format(name=self.seat.name, level=level)
            else:
                said = self._waiting_text() or _(texts.PANEL_WAITING).format(name=self.seat.name)
            panel.show_text(said if watching is None else f"{said}\n\n{watching[1]}")
        self.query_one(PlayerCard).show(shown, seat, scores[seat])
        self._show_pyramid(shown, seat, deciding)
        self.query_one(PlayersStrip).show(
            shown, scores, self.seats, active=-1 if shown.is_over else seat
        )
        self.query_one(GameLog).show(self.log_lines())
        if self.has_class("-coach"):
            coach = self.query_one(CoachPanel)
            coach.show(
                state, session.version, confirming=pending is not None, ui=ui if human else None
            )
        self._tell_page(panel)
        signature = self._binding_signature()
        if signature != self._bindings_shown:
            self._bindings_shown = signature
            self.refresh_bindings()

    _told_page: str = ""

    def _tell_page(self, panel: DecisionPanel) -> None:
        """In a browser, tell the page what the panel says, every line of it, for a
        screen reader (see web/page/app_index.html): the status line's words, the turn
        alert while the hand-over curtain waits, and the panel's lines. Sent only when
        it changed, as an escape sequence of its own that the terminal ignores."""
        if not self.app.is_web:
            return
        alert = ""
        if self._handover_open:
            alert = _(texts_screens.HANDOVER_TITLE).format(name=self.seat.name)
        heading = str(self.query_one(StatusLine).plain())
        said = json.dumps(
            {
                "label": _(texts.PAGE_DECISION),
                "heading": heading,
                "alert": alert,
                "lines": panel.plain_lines(),
            },
            ensure_ascii=True,
        )
        if said == self._told_page:
            return
        self._told_page = said
        driver = self.app._driver
        if driver is not None:
            driver.write(f"\x1b]{PAGE_OSC};{said}\x07")

    def _waiting_text(self) -> str | None:
        """What the panel says while another person decides (None: the usual)."""
        return None

    def _clock_text(self) -> str | None:
        """The time left of the seat to move, for the status line (None: no clock)."""
        return None

    def _watching_text(self) -> tuple[str, str] | None:
        """This screen only watches the table: what the status line says first, and
        the panel's line under what it says of the seat to move (None: it plays)."""
        return None

    def log_lines(self) -> list[str]:
        """The game log's lines (a table played apart adds its messages)."""
        return self.session.logbook.lines()

    def retranslate(self) -> None:
        """Speak the language now in use: every text and the game log anew."""
        if self.gone():
            return
        self.query_one("#players-title", Static).update(_(texts.PLAYERS_TITLE))
        self.query_one("#log-title", Static).update(_(texts.LOG_TITLE))
        self.session.logbook.rewrite()
        self.query_one(HandOverCurtain).refresh()
        self.redraw_all()

    def redraw_all(self) -> None:
        """Draw every widget again (the look changed, not the game)."""
        if self.gone():
            return
        self.query_one(MarketBoard).redraw()
        self.query_one(PyramidView).redraw()
        self.query_one(SupplyBar).refresh()
        self.query_one(StatusLine).forget()
        self.query_one(PlayerCard).forget()
        self.query_one(PlayersStrip).forget()
        self.query_one(DecisionPanel).forget()
        self.refresh_view()
        self.query_one(GameLog).restyle()

    def _binding_signature(self) -> tuple[object, ...]:
        """Everything the enabled keys depend on; the footer is redrawn when it changes."""
        return (
            self.session.version,
            self.ui.god is not None,
            self.ui.wild_mode,
            self.ui.pay_default(self.state) if self.state.kind is DecisionKind.PAY else None,
            self.my_turn,
            too_small(self.app.size),
            self._side_overflows(),
            self._panel_pages(),
            self._since_count(),
        )

    def _panel_pages(self) -> tuple[int, int]:
        panel = self.query_one(DecisionPanel)
        return (panel.page, panel.pages)

    def _show_pyramid(self, shown: GameState, seat: int, deciding: bool) -> None:
        view = self.query_one(PyramidView)
        state = self.state
        pyramid = shown.players[seat].pyramid
        wild = wilderness_points(shown.players[seat])
        ui = self.ui
        if deciding and state.kind is DecisionKind.PLACE:
            assert state.take is not None
            tile = state.take.tile
            here = ui.current_spot(state)
            refused = [
                (o.action.row, o.action.col)
                for o in state.decision.options
                if o.refusal is not None and isinstance(o.action, Place)
            ]
            view.show(
                pyramid,
                spots=[(s.row, s.col) for s in ui.spots(state)],
                cursor=(here.row, here.col) if here else None,
                blocked=[] if ui.wild_mode else refused,
                warned=warned_spots(state, ui.wild_mode),
                ghost=(tile.color, ui.wild_mode),
                wild_points=wild,
            )
            return
        preview = ui.preview(state) if deciding else None
        if preview is not None:
            view.show(pyramid, spots=preview.colored_spots, wild_points=wild)
            return
        view.show(pyramid, wild_points=wild)

    # ------------------------------------------------------------ playing
    def play(self, action: Action | None) -> bool:
        """Hand ``action`` to the engine; an illegal one is shown with its reason."""
        if action is None:
            return False
        session = self.session
        turn = self.state.turn
        confirm = self.my_turn and self.confirm_turns()
        reason = session.submit(action, confirm=confirm)
        if reason is not None:
            self.error = reason
            self.app.bell()
            self.changed()
            return False
        self.error = None
        self._after_play(turn)
        return True

    def _after_play(self, turn: int) -> None:
        self._report_save_error()
        if self.state.is_over or self.state.turn != turn:
            self._judge_ahead()
        if self.state.is_over:
            self.changed()
            self.app.post_message(ShowEnd(self.match))
            return
        self.changed()
        if self.state.turn != turn:
            self._next_turn()

    def _judge_ahead(self) -> None:
        """Send the turns that are over to be judged for the review (its own thread
        replays the record to find them)."""
        if self.ahead is not None:
            self.ahead.game_moved(self.match.record, self.state)

    def _report_save_error(self) -> None:
        error = self.session.take_save_error()
        if error is not None:
            self.notify(
                _(texts_screens.SAVE_FAILED).format(error=error), severity="error", markup=False
            )

    def write_save(self) -> None:
        """Wait until the autosave holds every action played so far."""
        self.session.flush()

    def on_unmount(self) -> None:
        self.write_save()

    def action_end_turn(self) -> None:
        """The turn waiting for confirmation ends: the refill shows, the next player plays."""
        turn = self.state.turn
        self.session.confirm()
        self._after_play(turn)

    def _next_turn(self, first: bool = False) -> None:
        """Hand the keyboard over, or let a computer player move."""
        seat = self.seat
        if not self.my_turn:
            if self.session.plays_bots and not seat.human:
                self._schedule_bot()
            return
        self.bots.person_to_move()
        curtain = hand_over(
            self.session,
            handover_alone=self.settings.handover_alone,
            first=first,
            resumed=self.resumed,
        )
        if curtain is not None:
            self._handover_open = True
            # the last player's notices are about their turn, and would cover the curtain
            self.app.clear_notifications()
            self._table_visible(False)
            self.query_one(HandOverCurtain).show(curtain)
            self._tell_page(self.query_one(DecisionPanel))
            self.refresh_bindings()

    def _table_visible(self, shown: bool) -> None:
        """Behind the curtain the table is neither laid out nor drawn: it is not seen.
        Shown again, the style sheets decide (a terminal too small hides it too)."""
        main = self.query_one("#main")
        if shown:
            main.styles.clear_rule("display")
            self.call_after_refresh(self.refresh_view)  # some lines depend on the width
        else:
            main.display = False

    def action_ready(self) -> None:
        """The next player has the keyboard: lift the curtain."""
        self._handover_open = False
        self.query_one(HandOverCurtain).hide()
        self._table_visible(True)
        self.changed()
        self.refresh_bindings()

    def action_hurry(self) -> None:
        """Skip the pauses between the computer players' moves until a person's turn."""
        self.bots.hurry_up()
        self.refresh_bindings()

    # ------------------------------------------------------------ computer players
    def _schedule_bot(self) -> None:
        self.bots.schedule()

    def on_bot_chose(self, message: BotChose) -> None:
        action = self.bots.answered(message)
        if action is None:
            return
        turn = self.state.turn
        seat = self.state.current
        reason = self.session.submit(action)
        if reason is not None:
            self._bot_failed(seat, message_of(reason))
            return
        self._after_play(turn)
        if not self.state.is_over and self.state.turn == turn and not self.seat.human:
            self._schedule_bot()

    def on_bot_failed(self, message: BotFailed) -> None:
        self._bot_failed(message.seat, message.error)

    def _bot_failed(self, seat: int, error: str) -> None:
        """Say what went wrong, and let a person play the seat: nothing was lost."""
        name = self.seats[seat].name
        self.notify(
            _(texts_screens.BOT_FAILED).format(name=name, error=error),
            severity="error",
            timeout=12,
            markup=False,
        )
        self.bots.forget(seat)
        self.session.take_seat(seat)
        self.changed()
        if self.state.current == seat:
            self._next_turn()


__all__ = ["BotChose", "BotFailed", "TableScreen"]
