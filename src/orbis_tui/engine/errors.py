"""The engine's two error types: an illegal action, and an impossible setup or position.

They carry no sentence: ``rule``, ``code`` and ``details`` (numbers, color letters,
tile and god ids) say what happened, and :func:`orbis_tui.words.message_of` says it in
the player's language. ``str()`` gives the same facts untranslated, for tracebacks.
"""

from __future__ import annotations

from typing import Any


class _EngineError(Exception):
    def __init__(self, rule: str, code: str, **details: Any) -> None:
        self.rule = rule
        self.code = code
        self.details = details
        super().__init__(rule, code)

    def __str__(self) -> str:
        return plain_text(self.rule, self.code, self.details)


def plain_text(rule: str, code: str, details: dict[str, Any]) -> str:
    """'R-PLACE-1 row_full (row=2)': what happened, in no language."""
    values = ", ".join(f"{key}={value!r}" for key, value in details.items())
    return f"{rule} {code} ({values})" if values else f"{rule} {code}"


class IllegalAction(_EngineError):
    """An action that the rules forbid in the current state.

    ``rule`` is the id from the rules specification (``R-…``), ``code`` names the
    reason, ``details`` carries the numbers involved. Raising it never changes the state.
    """


class PositionError(_EngineError):
    """A deal or a position that no game played by the rules can reach.

    Like :class:`IllegalAction`: ``rule`` is the id of the rule it breaks, ``code`` names
    the reason and ``details`` the numbers and names involved.
    """
