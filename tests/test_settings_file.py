"""The settings file is read like every other file and written like a save: whatever
is found in its place, every command goes on with the defaults and says why."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hostile import finishes_within
from orbis_tui.cli import main
from orbis_tui.tui.core.settings import FILE_NAME, Settings, SettingsFile


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "config"
    folder.mkdir()
    monkeypatch.setenv("ORBIS_CONFIG_DIR", str(folder))
    return folder


def _loaded(folder: Path) -> SettingsFile:
    settings_file = SettingsFile(folder)
    assert finishes_within(5, settings_file.load) == Settings()
    return settings_file


def test_a_pipe_in_its_place_is_refused_at_once(config: Path) -> None:
    os.mkfifo(config / FILE_NAME)
    assert "a pipe" in str(_loaded(config).notice())


def test_a_link_to_an_endless_device_is_refused_at_once(config: Path) -> None:
    (config / FILE_NAME).symlink_to("/dev/zero")
    assert "a device" in str(_loaded(config).notice())


def test_a_huge_file_is_not_read(config: Path) -> None:
    (config / FILE_NAME).write_text("[" * 100_000 + "]" * 100_000)
    assert "too large" in str(_loaded(config).notice())


def test_deep_nesting_is_refused_without_a_recursion_error(config: Path) -> None:
    (config / FILE_NAME).write_text('{"look": ' + "[" * 20_000 + "]" * 20_000 + "}")
    assert "nested too deeply" in str(_loaded(config).notice())


@pytest.mark.parametrize("text", ["{", "[1, 2]", "\x00\xff"])
def test_what_is_not_a_table_of_settings_says_so(config: Path, text: str) -> None:
    (config / FILE_NAME).write_text(text, errors="surrogateescape")
    assert _loaded(config).notice() is not None


def test_no_file_yet_is_no_problem(config: Path) -> None:
    assert _loaded(config).notice() is None


def test_every_command_goes_on_with_the_defaults_and_says_why(
    config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(config / FILE_NAME)
    assert finishes_within(30, lambda: main(["check-data"])) == 0
    err = capsys.readouterr().err
    assert "settings file" in err and "a pipe" in err and "the defaults apply" in err


def test_saving_replaces_a_planted_link_without_following_it(config: Path) -> None:
    victim = config.parent / "victim.txt"
    victim.write_text("precious\n")
    (config / FILE_NAME).symlink_to(victim)
    assert SettingsFile(config).save(Settings(pace="fast")) is None
    assert victim.read_text() == "precious\n"
    assert not (config / FILE_NAME).is_symlink()
    assert json.loads((config / FILE_NAME).read_text())["pace"] == "fast"
    assert [p.name for p in config.iterdir()] == [FILE_NAME]  # no temporary left


@pytest.mark.parametrize("value", [{}, [], None, 3, True])
def test_a_setting_of_the_wrong_kind_keeps_its_default(config: Path, value: object) -> None:
    """Found by benchmarks/fuzz_readers.py: a table as the pace raised TypeError."""
    (config / FILE_NAME).write_text(json.dumps({"pace": value, "look": value}))
    assert _loaded(config).notice() is None
