"""What the table's keys, clicks and commands do: which keys work now (and why the
others do nothing), the actions the key bar names, hints, the side panels and the mouse.

:class:`TableCommands` is the half of the table screen that answers the player; the other
half, :class:`~orbis_tui.tui.screens.table.TableScreen` (which is both), lays the table
out, draws it, plays the actions and moves the computer players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.notifications import Notification
from textual.screen import Screen

from ...engine import (
    Action,
    DecisionKind,
    Exchange,
    GameState,
    GodId,
    IllegalAction,
    Pay,
    TakeTile,
    parse_action,
    wilderness_points,
)
from ...i18n import gettext as _
from ...words import describe_actions
from .. import chips, texts, texts_learn, texts_screens
from ..core.controller import Controller
from ..core.describe import god_of_key, god_rule
from ..core.key_policy import KeyContext, judge, why_no_hint
from ..core.seats import Seat
from ..core.session import GameSession
from ..core.settings import Settings
from ..navigation import NewGame
from ..notices import show_notice, withdraw_notice
from ..table_keys import idle_reason
from ..widgets.coach_panel import CoachPanel
from ..widgets.info import GameLog, PlayerCard
from ..widgets.market import MarketBoard
from ..widgets.panel import DecisionPanel
from ..widgets.pyramid import PyramidView
from ..widgets.supply import SupplyBar
from .base import too_small

if TYPE_CHECKING:
    from ...records import Match
    from ..bot_driver import BotDriver


class TableCommands(Screen[None]):
    """The table's answers to keys, clicks and commands (see the module)."""

    # What the commands read of the table: TableScreen sets each in its __init__.
    session: GameSession
    settings: Settings
    ui: Controller
    error: IllegalAction | None
    bots: BotDriver
    _handover_open: bool
    # A tile nothing pays, not even exchanges, is taken only at the second press of its
    # key: the first one warns that it becomes a wilderness (R-TAKE-3, R-END-2). A
    # walkthrough, whose steps say what each take does, asks for none.
    asks_before_wilderness = True
    _wilderness_warned: tuple[int, int, int] | None = None  # (match, actions, cell)
    _wilderness_notice: Notification | None = None  # the warning, while it applies

    if TYPE_CHECKING:  # and defines these (see TableScreen)

        @property
        def match(self) -> Match: ...
        @property
        def state(self) -> GameState: ...
        @property
        def seat(self) -> Seat: ...
        @property
        def seats(self) -> list[Seat]: ...
        @property
        def my_turn(self) -> bool: ...
        @property
        def confirming(self) -> bool: ...
        def game_stamp(self) -> tuple[int, int, int]: ...
        def play(self, action: Action | None) -> bool: ...
        def changed(self) -> None: ...
        def _report_save_error(self) -> None: ...

    # ------------------------------------------------------------ which keys work now
    def key_context(self) -> KeyContext:
        """What the table's keys depend on now (see :mod:`..core.key_policy`)."""
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

    _panel: DecisionPanel | None = None

    def _panel_scrolls(self, direction: int) -> bool:
        # asked for every binding each time the keys are checked: the panel is found
        # once, not by a query of the whole screen each time
        panel = self._panel
        if panel is None or not panel.is_attached:
            panels = self.query(DecisionPanel)
            if not panels:
                return False
            panel = self._panel = panels.first()
        return panel.can_scroll(direction)

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
        if label == "take" and self._warns_before_take(self.ui.cursor):
            return
        self.play(self.ui.confirm(self.state))

    def _warns_before_take(self, cell: int) -> bool:
        """Whether taking ``cell`` waits for a second press: the first press on a tile
        that nothing pays, not even exchanges, says that it would become a wilderness
        (R-TAKE-3) and what that costs (R-END-2)."""
        state = self.state
        if not self.asks_before_wilderness or state.kind is not DecisionKind.TURN:
            return False
        preview = self.ui.preview(state) if self.ui.cursor == cell else None
        if preview is None or preview.blocked is not None:
            return False
        if preview.affordable or preview.exchanges_needed is not None:
            return False
        warned = (id(self.match), len(self.match.record.actions), cell)
        if self._wilderness_warned == warned:
            return False  # warned already: this press takes it
        self._wilderness_warned = warned
        points = wilderness_points(state.player)
        template = _(texts.TAKE_UNPAYABLE) if points else _(texts.TAKE_UNPAYABLE_FREE)
        message = template.format(cell=cell + 1, points=points)
        if self._wilderness_notice is not None:
            withdraw_notice(self.app, self._wilderness_notice)
        self._wilderness_notice = show_notice(self.app, message, severity="warning", timeout=8)
        self.app.bell()
        self.changed()
        return True

    def forget_stale_warning(self) -> None:
        """The warning that a cell's tile would become a wilderness speaks of one take:
        once the player has left it (the tile is taken, the cursor is on another cell or
        a god, the game has moved on), it is taken off the screen, and a later press on
        that cell warns again. Other notices stay."""
        warned = self._wilderness_warned
        if warned is None:
            return
        ui = self.ui
        here = (id(self.match), len(self.match.record.actions), ui.cursor)
        if (
            warned == here
            and ui.god is None
            and self.state.kind is DecisionKind.TURN
            and self.my_turn
            and not self.confirming
        ):
            return
        self._wilderness_warned = None
        if self._wilderness_notice is not None:
            withdraw_notice(self.app, self._wilderness_notice)
            self._wilderness_notice = None

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
        if self._warns_before_take(cell):
            return
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
        if self.session.undo_on_its_way() is not None:
            self.notify(_(texts_screens.UNDO_ON_ITS_WAY), markup=False)
            return
        undone = self.session.undo()
        if undone is None:
            self.notify(_(texts_screens.NOTHING_TO_UNDO), markup=False)
            return
        self.error = None
        if self.session.undo_on_its_way() is not None:  # asked of the table: not yet done
            said = _(texts_screens.UNDONE)
        else:  # what was taken back, in the words of its decision (pending again now)
            what = describe_actions(self.state.copy(), [parse_action(undone)])
            said = _(texts_screens.UNDONE_WHAT).format(what=what)
        self.notify(said, timeout=4, markup=False)
        self.changed()

    def action_exchange(self) -> None:
        from .exchange import ExchangeScreen

        def done(action: Exchange | None) -> None:
            if action is not None:
                self.play(action)

        self.app.push_screen(ExchangeScreen(self.state, self.suggested_exchange()), callback=done)

    def suggested_exchange(self) -> Exchange | None:
        """The exchange Enter makes in the exchange dialog: one that helps pay the tile."""
        if self.state.kind is DecisionKind.PAY:
            return self.ui.paying_exchange(self.state)
        return None

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
            first = away is None and not history.has_played(seat)
            self.app.push_screen(
                SinceScreen(name, turns, to_you, away=away is not None, first=first)
            )

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
            if not self._warns_before_take(message.cell):
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
