"""The checked-catalog cache: same tiles as a full check, keyed by the files' content.

The app keeps the checked tile set in a cache directory so that a start needs no
pydantic (see ``orbis_tui.tiles.catalog``). These tests hold it to giving exactly
what the full check gives, and to never hiding a change or a problem in the files.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from orbis_tui.tiles import (
    DataFileError,
    default_gods_path,
    default_tiles_path,
    load_catalog,
    use_cache,
)
from orbis_tui.tiles import catalog as catalog_module
from orbis_tui.words import name_of


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "cache"
    use_cache(folder)
    yield folder
    use_cache(None)


@pytest.fixture
def data(tmp_path: Path) -> tuple[Path, Path]:
    """Copies of the shipped data files, free to edit."""
    tiles, gods = tmp_path / "tiles.toml", tmp_path / "gods.toml"
    shutil.copy(default_tiles_path(), tiles)
    shutil.copy(default_gods_path(), gods)
    return tiles, gods


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("catalog-*.json"))


def test_the_cached_catalog_is_the_checked_one(cache: Path, data: tuple[Path, Path]) -> None:
    checked = load_catalog(*data)  # first load: checked in full, then written to the cache
    assert len(entries(cache)) == 1
    cached = load_catalog(*data)  # second load: read back from the cache
    assert cached == checked
    assert cached.tiles == checked.tiles  # every field of every tile, effects included
    assert cached.gods == checked.gods
    assert cached.tile_by_id.keys() == checked.tile_by_id.keys()


def test_a_changed_file_is_checked_again(cache: Path, data: tuple[Path, Path]) -> None:
    tiles, gods = data
    before = load_catalog(tiles, gods)
    text = tiles.read_text(encoding="utf-8")
    old_name = name_of(before.tile_by_id["L1-R-01"])
    tiles.write_text(text.replace(f'name = "{old_name}"', 'name = "Edited"', 1), encoding="utf-8")
    after = load_catalog(tiles, gods)
    assert name_of(after.tile_by_id["L1-R-01"]) == "Edited"
    assert len(entries(cache)) == 2  # a new key for the new content


def test_a_broken_file_is_reported_even_when_a_cache_exists(
    cache: Path, data: tuple[Path, Path]
) -> None:
    tiles, gods = data
    load_catalog(tiles, gods)
    tiles.write_text(tiles.read_text(encoding="utf-8") + '\n[[tiles]]\nid = "nonsense"\n')
    with pytest.raises(DataFileError) as caught:
        load_catalog(tiles, gods)
    assert str(tiles) in str(caught.value)
    assert any("entry" in p or "nonsense" in p for p in caught.value.problems)


@pytest.mark.parametrize(
    "damage",
    ["", "{not json", '{"tiles": [], "gods": []', '{"tiles": [{"id": 1}], "gods": []}'],
)
def test_a_damaged_cache_entry_is_ignored_and_written_again(
    cache: Path, data: tuple[Path, Path], damage: str
) -> None:
    checked = load_catalog(*data)
    (entry,) = entries(cache)
    entry.write_text(damage, encoding="utf-8")
    assert load_catalog(*data) == checked
    assert catalog_module._read_entry(entry) == checked  # written again


def test_an_entry_edited_since_it_was_written_is_not_trusted(
    cache: Path, data: tuple[Path, Path]
) -> None:
    checked = load_catalog(*data)
    (entry,) = entries(cache)
    stored = json.loads(entry.read_text(encoding="utf-8"))
    stored["catalog"] = stored["catalog"].replace('"cp":0', '"cp":99', 1)
    entry.write_text(json.dumps(stored), encoding="utf-8")
    assert catalog_module._read_entry(entry) is None
    assert load_catalog(*data) == checked


def test_another_version_of_the_program_keeps_its_own_entries(
    cache: Path, data: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import orbis_tui

    load_catalog(*data)
    monkeypatch.setattr(orbis_tui, "__version__", "99.0.0")
    load_catalog(*data)
    assert len(entries(cache)) == 2


def test_a_cache_that_cannot_be_written_is_no_cache(
    tmp_path: Path, data: tuple[Path, Path]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    use_cache(blocker / "cache")
    try:
        assert load_catalog(*data) == load_catalog(*data)
    finally:
        use_cache(None)
    assert blocker.read_text() == "a file where the cache folder should be"


def test_without_a_cache_nothing_is_written(tmp_path: Path, data: tuple[Path, Path]) -> None:
    use_cache(None)
    load_catalog(*data)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gods.toml", "tiles.toml"]


START = """
import sys
from pathlib import Path
from orbis_tui.tiles.catalog import load_catalog, use_cache
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import SaveStore

store = SaveStore(Path(sys.argv[1]))
use_cache(store.cache_dir)
match = Match.start(setup_for_game(["Ada", "Bo"], 3, 0))
for _ in range(12):
    match.play(match.state.decision_actions()[0])
store.save(match.record)
loaded = store.load()
assert loaded.match is not None and loaded.match.actions == match.actions
print("pydantic" in sys.modules)
"""


def test_a_start_with_a_warm_cache_and_its_own_save_needs_no_pydantic(tmp_path: Path) -> None:
    """Pydantic costs more than the rest of the start; it is kept for files to check."""

    def run() -> str:
        done = subprocess.run(
            [sys.executable, "-c", START, str(tmp_path)], capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert run() == "True"  # the first start checks the tile files and fills the cache
    assert run() == "False"  # later starts (and the save they find) need no pydantic


def _forge(entry: Path, change) -> None:
    """Rewrite an entry's catalog with ``change`` and a checksum that matches it."""
    stored = json.loads(entry.read_text(encoding="utf-8"))
    plain = json.loads(stored["catalog"])
    change(plain)
    payload = json.dumps(plain, separators=(",", ":"))
    stored = {"sha256": catalog_module._payload_digest(payload), "catalog": payload}
    entry.write_text(json.dumps(stored), encoding="utf-8")


def _drop_a_tile(plain: dict) -> None:
    plain["tiles"].pop()


def _three_gods(plain: dict) -> None:
    del plain["gods"][3:]


def _another_cp(plain: dict) -> None:
    plain["tiles"][0]["cp"] += 1
    plain["gods"][0]["cp"] += 1


@pytest.mark.parametrize("change", [_drop_a_tile, _three_gods, _another_cp])
def test_an_entry_that_disagrees_with_its_files_is_never_used(
    cache: Path, data: tuple[Path, Path], change
) -> None:
    """Its own checksum holds, but it is not what the files it is filed under say."""
    checked = load_catalog(*data)
    (entry,) = entries(cache)
    _forge(entry, change)
    forged = catalog_module._read_entry(entry)
    assert forged is not None and forged != checked  # sound by its own checksum
    assert load_catalog(*data) == checked
    assert catalog_module._read_entry(entry) == checked  # written again
