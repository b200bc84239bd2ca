"""The one error type for illegal actions."""

from __future__ import annotations

from typing import Any

from .messages import illegal_text


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
