"""What happened: the engine reports every step of an action as events.

The app turns them into the game log (texts in :mod:`orbis_tui.engine.messages`);
tests and records may inspect them. They carry plain data only.
"""

from __future__ import annotations

from typing import Any


class Event:
    __slots__ = ("data", "kind", "player")

    def __init__(self, kind: str, player: int, **data: Any) -> None:
        self.kind = kind
        self.player = player
        self.data = data

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.player}, {self.data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.player, self.data) == (
            other.kind,
            other.player,
            other.data,
        )

    __hash__ = None  # type: ignore[assignment]
