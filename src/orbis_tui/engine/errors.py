"""The engine's two error types: an illegal action, and an impossible setup or position."""

from __future__ import annotations

from typing import Any

from .messages import illegal_text, position_text


class IllegalAction(Exception):
    """An action that the rules forbid in the current state.

    ``rule`` is the id from the rules specification (``R-…``), ``code`` names the
    reason, ``details`` carries the numbers involved. The message is formatted from a
    template keyed by ``code`` (see :mod:`orbis_tui.engine.messages`), so the text can
    be translated without touching the logic. Raising it never changes the state.
    """

    def __init__(self, rule: str, code: str, **details: Any) -> None:
        self.rule = rule
        self.code = code
        self.details = details
        super().__init__(rule, code)  # the message is written only when it is read

    @property
    def message(self) -> str:
        return illegal_text(self.code, self.details)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


class PositionError(Exception):
    """A deal or a position that no game played by the rules can reach.

    Like :class:`IllegalAction`: ``rule`` is the id of the rule it breaks, ``code`` names
    the reason and ``details`` the numbers and names involved; the message comes from a
    template (see :mod:`orbis_tui.engine.messages`) and is only written when read.
    """

    def __init__(self, rule: str, code: str, **details: Any) -> None:
        self.rule = rule
        self.code = code
        self.details = details
        super().__init__(rule, code)

    @property
    def message(self) -> str:
        return position_text(self.code, self.details)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"
