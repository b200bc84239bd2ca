"""The table: market, supply, the decision panel, the active player's pyramid, the log.

Keys become engine actions here, and only here: every action goes to
``Match.play``; what is legal, and why not, is always the engine's answer.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...engine import (
    COLORS,
    Action,
    Count,
    DecisionKind,
    Exchange,
    GameState,
    GodId,
    GoWild,
    IllegalAction,
    TakeTile,
    final_scores,
)
from ...records import Match
from .. import texts
from ..controller import Controller
from ..describe import GOD_KEYS
from ..logbook import LogBook
from ..saves import SaveStore
from ..seats import Seat, make_bot
from ..widgets.coach_panel import CoachPanel
from ..widgets.curtain import HandOverCurtain
from ..widgets.info import GameLog, PlayerCard, PlayersStrip, StatusLine, TextPanel
from ..widgets.keybar import KeyBar
from ..widgets.market import MarketBoard
from ..widgets.panel import DecisionPanel, blocked_spots
from ..widgets.pyramid import PyramidView
from ..widgets.supply import SupplyBar
from .base import SizeNotice, too_small

K = texts.KEY
_COLOR_KEYS = "rbogw"

# What Enter does, per decision (the footer shows the matching label).
_CONFIRM_LABELS = (
    "take",
    "take_god",
    "pay",
    "wild_now",
    "place",
    "gain",
    "return",
    "erupt",
    "love",
    "discard",
)
_REFUSE_LABELS = ("wild", "decline", "decline_god")


def _bindings() -> list[Binding]:
    out = [Binding("enter,space", "ready", K["ready"])]
    out += [
        Binding("enter", f"confirm('{label}')", K[label], priority=False)
        for label in _CONFIRM_LABELS
    ]
    out += [Binding("x", f"refuse('{label}')", K[label]) for label in _REFUSE_LABELS]
    out += [
        Binding("x", "toggle_wild('wild')", K["toggle_wild"]),
        Binding("x", "toggle_wild('colored')", K["toggle_colored"]),
        Binding("e", "exchange", K["exchange"]),
        Binding("u", "undo", K["undo"]),
        Binding("f", "hurry", K["hurry"]),
        Binding("p", "players", K["players"]),
        Binding("c", "coach", K["coach"]),
        Binding("pageup", "coach_scroll(-1)", K["coach"], show=False),
        Binding("pagedown", "coach_scroll(1)", K["coach"], show=False),
    ]
    for key, direction in (
        ("up,k", "up"),
        ("down,j", "down"),
        ("left,h", "left"),
        ("right,l", "right"),
    ):
        out.append(Binding(key, f"move('{direction}')", K[direction], show=False))
    out += [Binding(str(n), f"take_cell({n - 1})", K["take"], show=False) for n in range(1, 10)]
    out += [
        Binding(f"{key},shift+{key.lower()}", f"select_god('{god.value}')", K["god"], show=False)
        for god, key in GOD_KEYS.items()
    ]
    for color in COLORS:
        letter = _COLOR_KEYS[color]
        out.append(Binding(letter, f"add_color({int(color)})", K["choose"], show=False))
        out.append(
            Binding(
                f"{letter.upper()},shift+{letter}",
                f"remove_color({int(color)})",
                K["choose"],
                show=False,
            )
        )
    return out


class TableScreen(Screen[None]):
    BOT_DELAY = 0.35  # seconds before a computer player moves, so people can follow
    BINDINGS: ClassVar[list[BindingType]] = _bindings()  # type: ignore[assignment]

    def __init__(
        self, match: Match, store: SaveStore, seats: list[Seat], resumed: bool = False
    ) -> None:
        super().__init__()
        self.match = match
        self.store = store
        self.seats = seats
        self.resumed = resumed
        self.ui = Controller()
        self.logbook = LogBook(match)
        self.error: IllegalAction | None = None
        self.version = 0
        self._scored = -1
        self._scores: list = []
        self._bindings_shown: tuple[object, ...] = ()
        self._bots: dict[int, object] = {}
        self._bot_pending = False
        self._bot_thinking = False
        self._hurry = False  # computer players move without pausing until a person's turn
        self._bot_timer: Timer | None = None
        self._handover_open = False
        match.on_change = self._autosave

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
                yield Static(texts.PLAYERS_TITLE, classes="rule", id="players-title")
                yield PlayersStrip(id="players")
                yield Static(texts.LOG_TITLE, classes="rule", id="log-title")
                yield GameLog(id="log")  # the coach joins here when first asked for
        yield HandOverCurtain(id="curtain")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.refresh_view()
        self.call_after_refresh(self._begin)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_view)  # some lines depend on the width

    def _begin(self) -> None:
        if not self.resumed:
            self._autosave(self.match)  # on disk from the first moment the table is seen
        if self.state.is_over:
            self.app.show_end(self.match)  # type: ignore[attr-defined]
            return
        if self.resumed:
            self.notify(texts.RESUMED)
        self._next_turn(first=True)

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def handing_over(self) -> bool:
        """Whether the hand-over curtain hides the table, waiting for the next player."""
        return self._handover_open

    @property
    def seat(self) -> Seat:
        return self.seats[self.state.current]

    # ------------------------------------------------------------ drawing
    def refresh_view(self) -> None:
        """Show the current state; widgets whose inputs did not change are left alone."""
        state = self.state
        ui = self.ui
        version = self.version
        ui.sync(state, version)
        kind = state.kind
        seat = state.current
        human = self.seat.human
        if self._scored != version:
            self._scores = final_scores(state)
            self._scored = version
        scores = self._scores
        self.query_one(StatusLine).show(state)
        turn = kind is DecisionKind.TURN and human
        removals: dict[int, Count] = {}
        if kind is DecisionKind.VOLCANO:
            eruption = ui.current_eruption(state)
            if eruption is not None:
                removals = dict(eruption.removals)
        preview = ui.preview(state) if turn else None
        self.query_one(MarketBoard).show(
            state,
            ui.cursor if turn and ui.god is None else None,
            blocked=turn and state.must_take_god(),
            removals=removals,
            generated=preview.generated_cells if preview else (),
            version=version,
        )
        self.query_one(SupplyBar).show(
            state, ui.god if turn else None, state.players[seat].god is None, version=version
        )
        panel = self.query_one(DecisionPanel)
        if human:
            panel.show(state, ui, self.error)
        else:
            panel.show_text(texts.PANEL_BOT.format(name=self.seat.name, level=self.seat.kind))
        self.query_one(PlayerCard).show(state, seat, scores[seat])
        self._show_pyramid(state)
        self.query_one(PlayersStrip).show(state, scores)
        self.query_one(GameLog).show(self.logbook.lines())
        if self.has_class("-coach"):
            self.query_one(CoachPanel).show(state, self.version)
        signature = self._binding_signature()
        if signature != self._bindings_shown:
            self._bindings_shown = signature
            self.refresh_bindings()

    def redraw_all(self) -> None:
        """Draw every widget again (the look changed, not the game)."""
        for widget in (MarketBoard, SupplyBar, PyramidView):
            self.query_one(widget)._key = None
        for panel in self.query(TextPanel):
            panel._text = None
        self.refresh_view()
        self.query_one(GameLog).refresh()

    def _binding_signature(self) -> tuple[object, ...]:
        """Everything the enabled keys depend on; the footer is redrawn when it changes."""
        return (
            self.version,
            self.ui.god is not None,
            self.ui.wild_mode,
            self.seat.human,
            too_small(self.app.size),
        )

    def _show_pyramid(self, state: GameState) -> None:
        view = self.query_one(PyramidView)
        pyramid = state.player.pyramid
        ui = self.ui
        if state.kind is DecisionKind.PLACE and self.seat.human:
            assert state.take is not None
            tile = state.take.tile
            here = ui.current_spot(state)
            view.show(
                pyramid,
                spots=[(s.row, s.col) for s in ui.spots(state)],
                cursor=(here.row, here.col) if here else None,
                blocked=[] if ui.wild_mode else [pos for pos, _ in blocked_spots(state, ui)],
                ghost=(tile.color, ui.wild_mode or state.take.wild),
                version=self.version,
            )
            return
        preview = ui.preview(state) if self.seat.human else None
        if preview is not None:
            view.show(pyramid, spots=preview.colored_spots, version=self.version)
            return
        view.show(pyramid, version=self.version)

    # ------------------------------------------------------------ playing
    def play(self, action: Action | None) -> bool:
        """Hand ``action`` to the engine; an illegal one is shown with its reason."""
        if action is None:
            return False
        state = self.state
        reason = state.why_not(action)
        if reason is not None:
            self.error = reason
            self.app.bell()
            self.refresh_view()
            return False
        turn = state.turn
        self.match.play(action)
        self.error = None
        self.version += 1
        if self.state.is_over:
            self.refresh_view()
            self.app.show_end(self.match)  # type: ignore[attr-defined]
            return True
        self.refresh_view()
        if self.state.turn != turn:
            self._next_turn()
        return True

    def _autosave(self, match: Match) -> None:
        """Save after every action; the writer thread keeps a slow disk off the keys."""
        self.store.save_soon(match.record)
        error = self.store.take_error()
        if error is not None:
            self.notify(texts.SAVE_FAILED.format(error=error), severity="error")

    def write_save(self) -> None:
        """Wait until the autosave holds every action played so far."""
        self.store.flush()

    def on_unmount(self) -> None:
        self.write_save()

    def _next_turn(self, first: bool = False) -> None:
        """Hand the keyboard over, or let a computer player move."""
        state = self.state
        seat = self.seat
        if not seat.human:
            self._schedule_bot()
            return
        self._hurry = False
        humans = sum(1 for s in self.seats if s.human)
        if humans > 1 or first:
            recent = [] if first and not self.resumed else self.logbook.since_turn_of(state.current)
            self._handover_open = True
            self.query_one(HandOverCurtain).show(
                seat.name, state.round, recent, resumed=first and self.resumed
            )
            self.refresh_bindings()

    def action_ready(self) -> None:
        """The next player has the keyboard: lift the curtain."""
        self._handover_open = False
        self.query_one(HandOverCurtain).hide()
        self.refresh_view()
        self.refresh_bindings()

    def action_hurry(self) -> None:
        """Skip the pauses between the computer players' moves until a person's turn."""
        self._hurry = True
        if self._bot_pending and self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_pending = False
            self._schedule_bot()
        self.refresh_bindings()

    def _schedule_bot(self) -> None:
        if self._bot_pending:
            return
        self._bot_pending = True
        self.refresh_view()
        delay = 0.01 if self._hurry else max(0.01, self.BOT_DELAY)
        self._bot_timer = self.set_timer(delay, self._bot_move)

    def _bot_move(self) -> None:
        self._bot_pending = False
        state = self.state
        if state.is_over or self.seat.human:
            return
        if too_small(self.app.size) or self._bot_thinking:
            self._schedule_bot()
            return
        seat = state.current
        bot = self._bots.get(seat)
        if bot is None:
            bot = make_bot(self.seat.kind, self.match.record.setup.seed or 0, seat)
            self._bots[seat] = bot
        self._bot_thinking = True
        version = self.version
        snapshot = state.copy()

        def think() -> None:
            action = bot.choose(snapshot)  # type: ignore[attr-defined]
            self.app.call_from_thread(self._bot_chose, version, action)

        self.run_worker(think, thread=True, exclusive=True, group="bot")

    def _bot_chose(self, version: int, action: Action) -> None:
        self._bot_thinking = False
        if version != self.version or self.state.is_over:
            return
        turn = self.state.turn
        self.play(action)
        if not self.state.is_over and self.state.turn == turn and not self.seat.human:
            self._schedule_bot()

    # ------------------------------------------------------------ which keys work now
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if too_small(self.app.size):
            return False
        if action == "ready" or self._handover_open:
            return action == "ready" and self._handover_open
        state = self.state
        kind = state.kind
        if action in ("players", "coach"):
            return True
        if action == "hurry":
            return not self.seat.human and kind is not DecisionKind.OVER and not self._hurry
        if action == "coach_scroll":
            return self.has_class("-coach")
        if kind is DecisionKind.OVER or not self.seat.human:
            return False
        ui = self.ui
        if action == "confirm":
            return parameters[0] == self._confirm_label()
        if action == "refuse":
            return parameters[0] == self._refuse_label()
        if action == "toggle_wild":
            if kind is not DecisionKind.PLACE or state.take is None or state.take.wild:
                return False
            if not ui.colored_spots(state):
                return False
            return parameters[0] == ("colored" if ui.wild_mode else "wild")
        if action == "exchange":
            return any(isinstance(a, Exchange) for a in state.legal_actions())
        if action == "undo":
            return self.match.can_undo()
        if action == "move":
            if kind is DecisionKind.TURN or kind is DecisionKind.PLACE:
                return True
            return kind is DecisionKind.VOLCANO and parameters[0] in ("up", "down")
        if action == "take_cell":
            return kind is DecisionKind.TURN and not state.must_take_god()
        if action == "select_god":
            return kind is DecisionKind.TURN and GodId(parameters[0]) in state.gods_available
        if action in ("add_color", "remove_color"):
            return ui.picks_colors(state)
        return True

    def _confirm_label(self) -> str | None:
        state = self.state
        kind = state.kind
        if kind is DecisionKind.TURN:
            return "take_god" if self.ui.god is not None else "take"
        if kind is DecisionKind.PAY:
            return "pay" if self.ui.payable(state) else "wild_now"
        return {
            DecisionKind.PLACE: "place",
            DecisionKind.GAIN: "gain",
            DecisionKind.VILLAGE: "return",
            DecisionKind.DEATH: "return",
            DecisionKind.VOLCANO: "erupt",
            DecisionKind.LOVE: "love",
            DecisionKind.DISCARD: "discard",
        }.get(kind)

    def _refuse_label(self) -> str | None:
        refusal = self.ui.refuse(self.state)
        if refusal is None:
            return None
        if isinstance(refusal, GoWild):
            return "wild"
        return "decline_god" if self.state.kind is DecisionKind.DEATH else "decline"

    # ------------------------------------------------------------ actions
    def action_confirm(self, _label: str) -> None:
        self.play(self.ui.confirm(self.state))

    def action_refuse(self, _label: str) -> None:
        self.play(self.ui.refuse(self.state))

    def action_toggle_wild(self, _mode: str) -> None:
        self.error = None
        self.ui.toggle_wild(self.state)
        self.refresh_view()

    def action_move(self, direction: str) -> None:
        state = self.state
        self.error = None
        if state.kind is DecisionKind.TURN:
            self.ui.move_cursor(direction)
        elif state.kind is DecisionKind.PLACE:
            self.ui.move_spot(state, direction)
        elif state.kind is DecisionKind.VOLCANO:
            self.ui.move_volcano(state, -1 if direction == "up" else 1)
        self.refresh_view()

    def action_take_cell(self, cell: int) -> None:
        self.ui.select_cell(cell)
        self.play(TakeTile(cell))

    def action_select_god(self, god: str) -> None:
        self.error = None
        self.ui.select_god(GodId(god))
        self.refresh_view()

    def action_add_color(self, color: int) -> None:
        self.error = None
        if not self.ui.add_color(self.state, color):
            self.app.bell()
        self.refresh_view()

    def action_remove_color(self, color: int) -> None:
        self.error = None
        if not self.ui.remove_color(color):
            self.app.bell()
        self.refresh_view()

    def action_undo(self) -> None:
        if not self.match.can_undo():
            self.notify(texts.NOTHING_TO_UNDO)
            return
        undone = self.match.undo()
        self.error = None
        self.version += 1
        self.notify(texts.UNDONE.format(action=undone), timeout=2)
        self.refresh_view()

    def action_exchange(self) -> None:
        from .exchange import ExchangeScreen

        def done(action: Exchange | None) -> None:
            if action is not None:
                self.play(action)

        self.app.push_screen(ExchangeScreen(self.state), callback=done)

    async def action_coach(self) -> None:
        """Show or hide the coach (in place of the log)."""
        if not self.query(CoachPanel):
            await self.query_one("#right").mount(CoachPanel(id="coach"), after="#log")
        self.toggle_class("-coach")
        self.refresh_view()

    def action_coach_scroll(self, direction: int) -> None:
        coach = self.query_one(CoachPanel)
        coach.scroll_relative(y=direction * max(1, coach.size.height - 1), animate=False)

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen(self.state))

    # ------------------------------------------------------------ mouse
    def _takes_clicks(self, kind: DecisionKind) -> bool:
        """Whether a click may answer the pending decision: a person's, of this kind."""
        return self.seat.human and self.state.kind is kind and not too_small(self.app.size)

    def on_market_board_cell_clicked(self, message: MarketBoard.CellClicked) -> None:
        if not self._takes_clicks(DecisionKind.TURN):
            return
        if self.ui.god is None and self.ui.cursor == message.cell:
            self.play(TakeTile(message.cell))
            return
        self.error = None
        self.ui.select_cell(message.cell)
        self.refresh_view()

    def on_supply_bar_god_clicked(self, message: SupplyBar.GodClicked) -> None:
        if not self._takes_clicks(DecisionKind.TURN):
            return
        if self.ui.god == message.god:
            self.play(self.ui.confirm(self.state))
            return
        self.error = None
        self.ui.select_god(message.god)
        self.refresh_view()

    def on_pyramid_view_spot_clicked(self, message: PyramidView.SpotClicked) -> None:
        if not self._takes_clicks(DecisionKind.PLACE):
            return
        here = self.ui.current_spot(self.state)
        if here is not None and (here.row, here.col) == (message.row, message.col):
            self.play(here)
            return
        if self.ui.select_spot(self.state, message.row, message.col):
            self.error = None
            self.refresh_view()
