"""Where checked catalogs are kept: chosen by the app as it starts, read when a catalog
loads (see :mod:`.catalog`). Apart so that choosing it loads nothing else."""

from __future__ import annotations

from pathlib import Path

_directory: Path | None = None


def use_cache(directory: Path | None) -> None:
    """Keep checked catalogs in ``directory`` from now on; ``None`` turns caching off."""
    global _directory
    _directory = directory


def cache_dir() -> Path | None:
    return _directory
