"""A new game dealt with the shipped tile set."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState
from ..engine import new_game as _new_game
from .catalog import load_catalog


def new_game(names: Sequence[str], seed: int, first_player: int | None = None) -> GameState:
    """A new game with the shipped tile set (see :func:`orbis_tui.engine.new_game`)."""
    return _new_game(load_catalog(), names, seed, first_player)
