"""The tile set a game is played with: its data files, their checks and their cache.

The engine knows tiles only as values (:class:`orbis_tui.engine.Catalog`); this
package reads ``data/tiles.toml`` and ``data/gods.toml``, checks them (pydantic for the
shape of each entry, :mod:`.check` for the published facts about the whole set) and
keeps a checked catalog in a cache so that the app starts without pydantic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from .cache_dir import use_cache

# Everything else needs the engine: loaded when first asked for, so that the app can
# choose its cache folder (and show its new-game screen) before loading the engine.
_LAZY = {
    "DataFileError": "errors",
    "data_dir": "catalog",
    "default_gods_path": "catalog",
    "default_tiles_path": "catalog",
    "load_catalog": "catalog",
    "new_game": "dealing",
}

if TYPE_CHECKING:
    from .catalog import data_dir, default_gods_path, default_tiles_path, load_catalog
    from .dealing import new_game
    from .errors import DataFileError


__getattr__ = lazy_attributes(__name__, _LAZY)


__all__ = [
    "DataFileError",
    "data_dir",
    "default_gods_path",
    "default_tiles_path",
    "load_catalog",
    "new_game",
    "use_cache",
]
