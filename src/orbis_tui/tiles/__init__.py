"""The tile set a game is played with: its data files, their checks and their cache.

The engine knows tiles only as values (:class:`orbis_tui.engine.Catalog`); this
package reads ``data/tiles.toml`` and ``data/gods.toml``, checks them (pydantic for the
shape of each entry, :mod:`.check` for the published facts about the whole set) and
keeps a checked catalog in a cache so that the app starts without pydantic.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import GameState
from ..engine import new_game as _new_game
from .catalog import data_dir, default_gods_path, default_tiles_path, load_catalog, use_cache
from .errors import DataFileError


def new_game(names: Sequence[str], seed: int, first_player: int | None = None) -> GameState:
    """A new game with the shipped tile set (see :func:`orbis_tui.engine.new_game`)."""
    return _new_game(load_catalog(), names, seed, first_player)


__all__ = [
    "DataFileError",
    "data_dir",
    "default_gods_path",
    "default_tiles_path",
    "load_catalog",
    "new_game",
    "use_cache",
]
