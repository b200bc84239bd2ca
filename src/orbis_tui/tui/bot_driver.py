"""The computer players at a local table: when they move, and their thinking.

A :class:`BotDriver` belongs to one table screen. It waits the pace's pause, lets the
seat's bot think in a worker thread on a copy of the state, and posts the choice back
to the screen as a :class:`BotChose` message stamped with the session's version: an
answer to a game that has moved on since (an undo, a new match) is dropped. A bot that
raises posts :class:`BotFailed` instead, and a person takes the seat over. A remote
seat has no driver: its table's computer players are played by the server.

The expert's search may use every processor the app may run on (its trees grow on
worker processes kept from turn to turn: :mod:`orbis_tui.bots.forest`), unless the
program chose otherwise before. A table with an expert seat starts those workers as it
opens (:meth:`BotDriver.warm_up`), so that the expert's first turn does not wait for
them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.message import Message

from ..engine import Action, GameState
from .core.seats import make_bot

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.timer import Timer

    from ..bots import Bot
    from .core.session import GameSession


class BotChose(Message):
    """A computer player's worker has chosen ``action`` for the game at ``version``."""

    def __init__(self, version: int, action: Action) -> None:
        super().__init__()
        self.version = version
        self.action = action


class BotFailed(Message):
    """A computer player's worker raised: a person takes the seat over."""

    def __init__(self, seat: int, error: str) -> None:
        super().__init__()
        self.seat = seat
        self.error = error


class BotDriver:
    """Moves the computer seats of ``session``, on ``host``'s timers and workers.

    ``pause`` gives the pace's pause in seconds, ``can_move`` whether a move may be
    shown now (the window is big enough), ``waiting`` is called when a move is
    scheduled (the table says who is thinking), ``failed`` when a bot cannot be made.
    """

    def __init__(
        self,
        host: Screen[None],
        session: Callable[[], GameSession],
        *,
        pause: Callable[[], float],
        can_move: Callable[[], bool],
        waiting: Callable[[], None],
        failed: Callable[[int, str], None],
    ) -> None:
        self._host = host
        self._session = session
        self._pause = pause
        self._can_move = can_move
        self._waiting = waiting
        self._failed = failed
        self._bots: dict[int, Bot] = {}
        self._scheduled = False
        self._thinking = False
        self._timer: Timer | None = None
        self.hurry = False  # computer players move without pausing until a person's turn
        from ..processes import every_core, search_workers, use_search_workers

        if search_workers() is None:
            use_search_workers(every_core())

    def warm_up(self) -> None:
        """Start the worker processes an expert seat will think on, ahead of its first
        turn, in a worker thread (the computer players take a while to load): nothing
        waits for them, and when they cannot start, its search starts them as it would
        have."""
        session = self._session()
        if not session.plays_bots or all(seat.human for seat in session.seats):
            return
        self._host.run_worker(
            partial(_warm, [seat.kind for seat in session.seats]),
            thread=True,
            group="warm-workers",
            exit_on_error=False,
        )

    def schedule(self) -> None:
        """A computer seat is to move: after the pause, think."""
        if self._scheduled:
            return
        self._scheduled = True
        self._waiting()
        delay = 0.01 if self.hurry else max(0.01, self._pause())
        self._timer = self._host.set_timer(delay, self._move)

    def hurry_up(self) -> None:
        """Skip the pauses until a person's turn (the pause under way too)."""
        self.hurry = True
        if self._scheduled and self._timer is not None:
            self._timer.stop()
            self._scheduled = False
            self.schedule()

    def person_to_move(self) -> None:
        self.hurry = False

    def answered(self, message: BotChose) -> Action | None:
        """The action of ``message`` if the game is still where it was asked."""
        self._thinking = False
        session = self._session()
        if message.version != session.version or session.state.is_over:
            return None
        if session.seat.human:
            return None
        return message.action

    def forget(self, seat: int) -> None:
        """The seat's bot failed or left: think no more, make a new one if asked."""
        self._thinking = False
        self._bots.pop(seat, None)

    def _move(self) -> None:
        self._scheduled = False
        session = self._session()
        state = session.state
        if state.is_over or session.seat.human:
            return
        if not self._can_move() or self._thinking:
            self.schedule()
            return
        seat = state.current
        bot = self._bots.get(seat)
        if bot is None:
            try:
                bot = make_bot(session.seat.kind, session.match.record.setup.seed or 0, seat)
            except Exception as exc:  # e.g. a level this version does not know
                self._failed(seat, f"{type(exc).__name__}: {exc}")
                return
            self._bots[seat] = bot
        self._thinking = True
        self._host.run_worker(
            partial(self._think, bot, seat, session.version, state.copy()),
            thread=True,
            exclusive=True,
            group="bot",
        )

    def _think(self, bot: Bot, seat: int, version: int, snapshot: GameState) -> None:
        try:
            action = bot.choose(snapshot)
        except Exception as exc:  # a failing computer player must not end the game
            self._host.post_message(BotFailed(seat, f"{type(exc).__name__}: {exc}"))
            return
        self._host.post_message(BotChose(version, action))


def _warm(kinds: list[str]) -> None:
    from ..bots import warm_expert_workers

    warm_expert_workers(kinds)
