"""Settings shared by every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from orbis_tui import i18n
from orbis_tui.tiles import catalog


@pytest.fixture(autouse=True)
def _no_catalog_cache_left_behind() -> Iterator[None]:
    """The app turns the tile-set cache on for the whole process; each test starts
    without it, so that no test writes into another's folder."""
    catalog.use_cache(None)
    yield
    catalog.use_cache(None)


@pytest.fixture(autouse=True)
def _english_unless_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Every test speaks English, whatever the terminal running the suite or the user's
    saved settings say; a test about another language sets it (see :func:`speaking`)."""
    for variable in i18n.ENV_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("ORBIS_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(params=["de", "ru"])
def speaking(request: pytest.FixtureRequest) -> str:
    """The test runs once in German and once in Russian."""
    assert i18n.set_language(request.param) == request.param, "the catalogs are not built"
    return request.param
