"""The table: market, supply, the decision panel, the active player's pyramid, the log.

Keys become engine actions here, and only here: every action goes to the
:class:`~orbis_tui.tui.core.session.GameSession`, which asks the engine; what is legal, and
why not, is always the engine's answer. Computer players think in worker threads and
post their choice back as a message.
"""

from __future__ import annotations

import json
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...engine import (
    Action,
    Count,
    DecisionKind,
    Exchange,
    GameState,
    GodId,
    IllegalAction,
    Pay,
    Place,
    PlayerScore,
    TakeTile,
    final_scores,
    wilderness_points,
)
from ...i18n import gettext as _
from ...records import Match
from ...saves import SaveStore
from .. import chips, texts, texts_learn, texts_screens
from ..bot_driver import BotChose, BotDriver, BotFailed
from ..core.controller import Controller
from ..core.describe import god_of_key, god_rule, message_of
from ..core.handover import hand_over
from ..core.key_policy import KeyContext, judge, why_no_hint
from ..core.seats import Seat
from ..core.session import GameSession
from ..core.settings import Settings
from ..navigation import NewGame, ShowEnd
from ..table_keys import BINDINGS, idle_reason
from ..widgets.coach_panel import CoachPanel
from ..widgets.curtain import HandOverCurtain
from ..widgets.info import GameLog, PlayerCard, PlayersStrip, StatusLine
from ..widgets.keybar import KeyBar
from ..widgets.market import MarketBoard
from ..widgets.panel import DecisionPanel, option_marked, summary_lines, warned_spots
from ..widgets.pyramid import PyramidView
from ..widgets.supply import SupplyBar
from .base import SizeNotice, too_small

# The escape sequence that carries what the panel says to the browser page (OSC 7700):
# a number no terminal uses, which xterm.js ignores after the page has read it.
PAGE_OSC = 7700


class TableScreen(Screen[None]):
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
    ) -> None:
        """The table of ``match`` played here (its store, its seats), or of a session
        given whole (a seat at a table played apart)."""
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
        if self.resumed:
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
        seat = pending.summary.seat if pending is not None else state.current
        human = self.my_turn
        key = (self.game_stamp(), id(shown))  # the walkthrough moves its game itself
        if self._scored != key:
            self._scores = final_scores(shown)
            self._scored = key
        scores = self._scores
        self.query_one(StatusLine).show(state, confirming=pending is not None)
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
            shown, ui.god if turn else None, shown.players[seat].god is None
        )
        panel = self.query_one(DecisionPanel)
        topic = (self.game_stamp(), state.kind, pending is not None)  # a new one: the top
        if pending is not None:
            panel.show_lines(summary_lines(pending.summary), topic=topic)
        elif human:
            panel.show(state, ui, self.error, coach_open=self.has_class("-coach"), topic=topic)
        elif not self.seat.human:
            panel.show_text(
                _(texts.PANEL_BOT).format(
                    name=self.seat.name, level=texts.level_name(self.seat.kind)
                )
            )
        else:
            waiting = self._waiting_text() or _(texts.PANEL_WAITING).format(name=self.seat.name)
            panel.show_text(waiting)
        self.query_one(PlayerCard).show(shown, seat, scores[seat])
        self._show_pyramid(shown, seat, deciding)
        self.query_one(PlayersStrip).show(
            shown, scores, self.seats, active=-1 if shown.is_over else seat
        )
        self.query_one(GameLog).show(session.logbook.lines())
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
        screen reader (see web_page/app_index.html): the status line's words, the turn
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
        self.query_one(GameLog).refresh()

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
        if self.state.is_over:
            self.changed()
            self.app.post_message(ShowEnd(self.match))
            return
        self.changed()
        if self.state.turn != turn:
            self._next_turn()

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

    # ------------------------------------------------------------ which keys work now
    def key_context(self) -> KeyContext:
        """What the table's keys depend on now (see :mod:`..key_policy`)."""
        seat = self.seat
        return KeyContext(
            state=self.state,
            choice=self.ui,
            name=seat.name,
            human=self.my_turn,
            hints=seat.hints,
            confirming=self.confirming,
            can_undo=self.session.can_undo,
            handing_over=self._handover_open,
            too_small=too_small(self.app.size),
            hurrying=self.bots.hurry,
            side_overflows=self._side_overflows,
            hints_instead=self.hints_instead(),
            bot_moves=self.session.plays_bots and not seat.human,
            panel_scrolls=self._panel_scrolls,
            since=lambda: self._since_count() > 0,
        )

    def _panel_scrolls(self, direction: int) -> bool:
        panels = self.query(DecisionPanel)
        return bool(panels) and panels.first().can_scroll(direction)

    def _since_count(self) -> int:
        """How many turns were played since the seat to move (or this screen's player)
        last played: what the "since your turn" view lists."""
        seat = self.since_seat()
        return 0 if seat is None else len(self.session.history.since_turn_of(seat))

    def since_seat(self) -> int | None:
        """Whose "since your turn" the table offers: the person to move here."""
        state = self.state
        if state.is_over or not self.my_turn:
            return None
        return state.current

    def hints_instead(self) -> str | None:
        """Why this table never gives hints, told in place of one (None: it gives them)."""
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return judge(action, parameters, self.key_context()).enabled

    # ------------------------------------------------------------ keys that do nothing now
    def on_key(self, event: events.Key) -> None:
        """A key that means nothing right now says why, instead of doing nothing."""
        latin = chips.latin_key(event.key)
        if latin is not None:  # the language's own color letter acts as its Latin key
            event.stop()
            self.app.simulate_key(latin)
            return
        if self._handover_open:
            active = self.active_bindings.get(event.key)
            if (active is None or not active.enabled) and (
                event.is_printable or event.key in ("up", "down", "left", "right")
            ):
                event.stop()
                self.notify(
                    _(texts_screens.IDLE_HANDOVER).format(name=self.seat.name),
                    timeout=3,
                    markup=False,
                )
            return
        if too_small(self.app.size):
            return
        god = god_of_key(event.key)
        if god is not None:  # a god's rule at any moment, taken or not
            active = self.active_bindings.get(event.key)
            if active is None or not active.enabled:
                event.stop()
                self.notify(god_rule(self.state, god), timeout=8, markup=False)
                return
        if event.key == "a":
            why = why_no_hint(self.key_context())
            if why is not None:
                event.stop()
                self.notify(why, timeout=4, markup=False)
            return
        if not self.my_turn:
            return
        notice = self._why_key_idle(event.key)
        if notice:
            event.stop()
            self.notify(notice, timeout=3, markup=False)

    def _why_key_idle(self, key: str) -> str | None:
        """The reason the key policy gives for the first of the key's actions it holds
        back; None when one of them works now (e.g. ⇧O: the God of the Oceans)."""
        active = self.active_bindings.get(key)
        if active is not None and active.enabled:
            return None
        return idle_reason(key, self.key_context())

    # ------------------------------------------------------------ actions
    def action_confirm(self, label: str) -> None:
        if label == "exchange_now":
            self.action_exchange()
            return
        self.play(self.ui.confirm(self.state))

    def action_refuse(self, _label: str) -> None:
        self.play(self.ui.refuse(self.state))

    def action_pay_anyway(self) -> None:
        pick = self.ui.pick
        if pick is not None:
            self.play(Pay(pick.value))

    def action_toggle_wild(self, _mode: str) -> None:
        self.error = None
        self.ui.toggle_wild(self.state)
        self.changed()

    def action_move(self, direction: str) -> None:
        state = self.state
        self.error = None
        if state.kind is DecisionKind.TURN:
            if not self.ui.move_cursor(direction):
                self.notify(_(texts_screens.IDLE_MARKET_EDGE), timeout=3, markup=False)
        elif state.kind is DecisionKind.PLACE:
            if not self.ui.move_spot(state, direction):
                self.notify(_(texts_screens.IDLE_NO_SPOT_THAT_WAY), timeout=3, markup=False)
        elif state.kind is DecisionKind.VOLCANO:
            self.ui.move_volcano(state, -1 if direction == "up" else 1)
        self.changed()

    def action_take_cell(self, cell: int) -> None:
        self.ui.select_cell(cell)
        self.play(TakeTile(cell))

    def action_select_god(self, god: str) -> None:
        self.error = None
        self.ui.select_god(GodId(god))
        self.changed()

    def action_add_color(self, color: int) -> None:
        self.error = None
        if not self.ui.add_color(self.state, color):
            self.app.bell()
            self.notify(_(texts_screens.IDLE_COLOR_FULL), timeout=3, markup=False)
        self.changed()

    def action_remove_color(self, color: int) -> None:
        self.error = None
        if not self.ui.remove_color(color):
            self.app.bell()
        self.changed()

    def action_undo(self) -> None:
        undone = self.session.undo()
        if undone is None:
            self.notify(_(texts_screens.NOTHING_TO_UNDO), markup=False)
            return
        self.error = None
        self.notify(_(texts_screens.UNDONE), timeout=2, markup=False)
        self.changed()

    def action_exchange(self) -> None:
        from .exchange import ExchangeScreen

        def done(action: Exchange | None) -> None:
            if action is not None:
                self.play(action)

        suggested = None
        if self.state.kind is DecisionKind.PAY:
            suggested = self.ui.paying_exchange(self.state)
        self.app.push_screen(ExchangeScreen(self.state, suggested), callback=done)

    # ------------------------------------------------------------ hints
    def action_hint(self) -> None:
        """The search's three best options for this decision, in a box over the table."""
        why = why_no_hint(self.key_context())
        if why is not None:
            self.notify(why, timeout=4, markup=False)
            return
        from .hint import HintScreen

        stamp = self.game_stamp()
        hint = HintScreen(self.state, self.seat.name, on_shown=self._hint_shown)

        def chosen(rank: int | None) -> None:
            if rank is None or hint.options is None:
                return
            if self.game_stamp() != stamp:
                self.notify(_(texts_learn.HINT_CHANGED), markup=False)
                return
            for action in hint.options[rank].actions:
                if not self.play(action):
                    return

        self.app.push_screen(hint, callback=chosen)

    def _hint_shown(self) -> None:
        self.session.note_hint()
        self._report_save_error()

    async def action_coach(self) -> None:
        """Show or hide the coach (in place of the log)."""
        if not self.query(CoachPanel):
            await self.query_one("#right").mount(CoachPanel(id="coach"), after="#log")
        self.toggle_class("-coach")
        self.changed()

    def _side_panel(self) -> GameLog | CoachPanel:
        if self.has_class("-coach") and self.query(CoachPanel):
            return self.query_one(CoachPanel)
        return self.query_one(GameLog)

    def _side_overflows(self) -> bool:
        """Whether the coach has more text below, or the log newer lines (PgDn then
        says so in the key bar)."""
        panel = self._side_panel()
        if isinstance(panel, GameLog):
            return panel.back > 0
        return panel.max_scroll_y > panel.scroll_y

    def action_scroll_side(self, direction: int) -> None:
        panel = self._side_panel()
        if isinstance(panel, GameLog):
            panel.page(direction)
        else:
            panel.scroll_relative(y=direction * max(1, panel.size.height - 1), animate=False)
        self.refresh_bindings()

    def action_scroll_panel(self, direction: int) -> None:
        """The decision panel's next page (1) or the one before (-1)."""
        self.query_one(DecisionPanel).scroll_page(direction)
        self.refresh_bindings()

    def action_since(self, away: int | None = None) -> None:
        """Every turn played since this player's last one, in full, to scroll through;
        with ``away``, the turns finished after the first ``away`` of the game (those
        played while the player was away)."""
        from .since import SinceScreen

        seat = self.since_seat()
        if seat is None:
            return
        history = self.session.history
        if away is not None:
            turns, to_you = history.update()[away:], []
        else:
            turns, to_you = history.since_turn_of(seat), history.done_to(seat)
        if turns:
            name = self.seats[seat].name
            self.app.push_screen(SinceScreen(name, turns, to_you, away=away is not None))

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen(self.session.shown, self.seats))

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.session.history.by_player(), self.state))

    def action_score(self) -> None:
        from .score import ScoreScreen

        shown = self.session.shown
        seat = self.session.pending.summary.seat if self.session.pending else shown.current
        self.app.push_screen(ScoreScreen(shown, seat))

    def action_new_game(self) -> None:
        """Set up a new game; this one stays saved and can be resumed from there."""
        self.session.flush()
        self.app.post_message(NewGame())

    def action_settings(self) -> None:
        from .settings import SettingsScreen

        self.app.push_screen(SettingsScreen(self.settings))

    # ------------------------------------------------------------ mouse
    def _takes_clicks(self, kind: DecisionKind) -> bool:
        """Whether a click may answer the pending decision: a person's, of this kind."""
        return (
            self.my_turn
            and not self.confirming
            and self.state.kind is kind
            and not too_small(self.app.size)
        )

    def on_market_board_cell_clicked(self, message: MarketBoard.CellClicked) -> None:
        if not self._takes_clicks(DecisionKind.TURN):
            return
        if self.ui.god is None and self.ui.cursor == message.cell:
            self.play(TakeTile(message.cell))
            return
        self.error = None
        self.ui.select_cell(message.cell)
        self.changed()

    def on_supply_bar_god_clicked(self, message: SupplyBar.GodClicked) -> None:
        if not self._takes_clicks(DecisionKind.TURN):
            return
        if self.ui.god == message.god:
            self.play(self.ui.confirm(self.state))
            return
        self.error = None
        self.ui.select_god(message.god)
        self.changed()

    def on_pyramid_view_spot_clicked(self, message: PyramidView.SpotClicked) -> None:
        if not self._takes_clicks(DecisionKind.PLACE):
            return
        here = self.ui.current_spot(self.state)
        if here is not None and (here.row, here.col) == (message.row, message.col):
            self.play(here)
            return
        if self.ui.select_spot(self.state, message.row, message.col):
            self.error = None
            self.changed()

    def on_player_card_score_clicked(self, _message: PlayerCard.ScoreClicked) -> None:
        self.action_score()


__all__ = ["BotChose", "BotFailed", "TableScreen"]
