"""Settings shared by every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from orbis_tui.tiles import catalog


@pytest.fixture(autouse=True)
def _no_catalog_cache_left_behind() -> Iterator[None]:
    """The app turns the tile-set cache on for the whole process; each test starts
    without it, so that no test writes into another's folder."""
    catalog.use_cache(None)
    yield
    catalog.use_cache(None)
