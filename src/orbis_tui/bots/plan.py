"""Playing a planned turn one decision at a time.

A bot plans a whole turn at once but the engine asks for one decision at a time. The
follower hands out the planned actions while the game goes the way the plan expects
(the public position after each action is the one the plan predicted); as soon as anything
differs (an undo, a different state handed in) it drops the plan and the bot plans
again.
"""

from __future__ import annotations

from collections import deque

from ..engine import Action, GameState


class PlanFollower:
    __slots__ = ("_expected", "_queue")

    def __init__(self) -> None:
        self._queue: deque[Action] = deque()
        self._expected: tuple[object, ...] | None = None

    def clear(self) -> None:
        self._queue.clear()
        self._expected = None

    def next(self, state: GameState) -> Action | None:
        """The next planned action if ``state`` is the one the plan expects, else None."""
        if not self._queue or self._expected != state.public_signature():
            self.clear()
            return None
        action = self._queue.popleft()
        if not state.is_legal(action):
            self.clear()
            return None
        self._remember(state, action)
        return action

    def start(self, state: GameState, actions: list[Action]) -> Action:
        """Follow ``actions`` from ``state``; returns the first one."""
        self.clear()
        self._queue.extend(actions[1:])
        self._remember(state, actions[0])
        return actions[0]

    def _remember(self, state: GameState, action: Action) -> None:
        if not self._queue:
            self._expected = None
            return
        after = state.copy()
        after.apply(action)
        self._expected = after.public_signature()
