"""Equality by kind for the engine's named-tuple values (actions, events).

A named tuple compares as a plain tuple, so ``TakeTile(0)`` would equal
``ChooseGain(Color.RED)``. These replace ``__eq__``, ``__ne__`` and ``__hash__`` so that
values are equal only when they are of the same kind and hold the same fields.
"""

from __future__ import annotations

from typing import Any


def same_kind_equal(self: tuple[Any, ...], other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def same_kind_unequal(self: tuple[Any, ...], other: object) -> bool:
    return not same_kind_equal(self, other)


def kind_hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


def equal_by_kind(kinds: tuple[type, ...]) -> None:
    """Make each named tuple of ``kinds`` equal only to values of its own kind."""
    for kind in kinds:
        kind.__eq__ = same_kind_equal  # type: ignore[method-assign,assignment]
        kind.__ne__ = same_kind_unequal  # type: ignore[method-assign,assignment]
        kind.__hash__ = kind_hash  # type: ignore[method-assign,assignment]
