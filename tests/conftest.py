"""Settings shared by every test, and the two runs of the suite.

``pytest`` is the quick run for development: the tests marked ``slow`` (whole games
played through the app or reviewed, the languages' screens, the browser) are left out and the
property tests try fewer examples. ``pytest --all`` is the whole suite, every test with
every example: the README's test command and continuous integration run it.
"""

from __future__ import annotations

import os
import sys

# Keep what the run compiles: pytest's rewritten test modules and the package's own. With
# PYTHONDONTWRITEBYTECODE set (as some machines and containers do), every xdist worker
# parsed, rewrote and compiled every test module and the package again, about 9 CPU
# seconds each before its first test. Set before the imports below, so they are kept too.
sys.dont_write_bytecode = False

from collections.abc import Iterator  # noqa: E402  # after the line above, on purpose

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from orbis_tui import i18n, processes  # noqa: E402
from orbis_tui.tiles import catalog  # noqa: E402

# The property tests' settings: derandomized, so every run plays the same games.
_PROPERTIES = settings(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
settings.register_profile("thorough", _PROPERTIES)
settings.register_profile("quick", _PROPERTIES, max_examples=10)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all",
        action="store_true",
        default=False,
        help="the whole suite: the slow tests too, and every property test example",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "slow: whole games (through the app, reviewed, or many random ones), every language, "
        "a browser or a server and its processes (run by --all)",
    )
    settings.load_profile("thorough" if config.getoption("--all") else "quick")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` for the quick run: two workers a core. Its app tests mostly wait on
    timers and the screen, so one worker a core leaves the cores idle half the time
    (61 s against 45 s on two cores); the whole suite keeps one a core, for its browsers
    and servers."""
    if config.getoption("--all"):
        return None
    return 2 * (os.cpu_count() or 1)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--all"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


@pytest.fixture(autouse=True)
def _no_catalog_cache_left_behind() -> Iterator[None]:
    """The app turns the tile-set cache on for the whole process; each test starts
    without it, so that no test writes into another's folder."""
    catalog.use_cache(None)
    yield
    catalog.use_cache(None)


@pytest.fixture(autouse=True)
def _no_search_workers_left_behind() -> Iterator[None]:
    """The app and the table server let searches use worker processes for the whole
    process, and keep the workers; each test starts as a fresh process would, with
    neither (a test about them sets them)."""
    yield
    processes.use_search_workers(None)
    processes.close_kept_pool()


@pytest.fixture(autouse=True)
def _no_turns_judged_ahead() -> Iterator[None]:
    """The app judges a game's turns for its review as they end, on a worker process of
    its own; the many games the tests play through the app do without (a test about it
    allows it)."""
    from orbis_tui.analysis import allow_judging_ahead

    allow_judging_ahead(False)
    yield
    allow_judging_ahead(True)


@pytest.fixture(autouse=True)
def _english_unless_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """Every test speaks English, whatever the terminal running the suite or the user's
    saved settings say; a test about another language sets it (see :func:`speaking`)."""
    for variable in i18n.ENV_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("ORBIS_CONFIG_DIR", str(tmp_path_factory.mktemp("config")))
    # and writes nothing into the user's data folder (a table server's host key, say)
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(params=["de", "ru"])
def speaking(request: pytest.FixtureRequest) -> str:
    """The test runs once in German and once in Russian."""
    assert i18n.set_language(request.param) == request.param, "the catalogs are not built"
    return request.param
