"""Records from files are data, checked in full: what they embed, their entries, their types."""

from __future__ import annotations

import copy
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from hostile import finishes_within
from orbis_tui.cli import main
from orbis_tui.records import GameRecord, RecordError, load_record, read_record_file
from orbis_tui.records.model import custom_set_facts, setup_for_game
from orbis_tui.tiles import default_tiles_path

SHIPPED_TILES: list[dict] = tomllib.loads(default_tiles_path().read_text())["tiles"]


def record_json(**setup: object) -> str:
    plain: dict[str, Any] = {
        "format": "orbis-record/1",
        "setup": {"players": ["Ann", "Ben"], "seed": 3},
    }
    plain["setup"].update(setup)
    return json.dumps(plain)


def dealt_record(actions: list[str], **setup: object) -> str:
    """A 2-player record with its deal written out, and ``actions``."""
    plain = json.loads(GameRecord(setup=setup_for_game(["Ann", "Ben"], 3, 0)).to_json())
    plain["setup"].update(setup)
    plain["actions"] = actions
    return json.dumps(plain)


def refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        load_record(text, source="game.json")
    return caught.value


# ---------------------------------------------------------------- files that are not files
def test_a_pipe_given_as_a_record_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "record.json"
    os.mkfifo(pipe)
    error = finishes_within(5, lambda: read_record_file(pipe))
    assert isinstance(error, RecordError)
    assert "not a regular file (a pipe)" in str(error)


def test_replay_of_a_device_neither_hangs_nor_grows(capsys: pytest.CaptureFixture[str]) -> None:
    assert finishes_within(5, lambda: main(["replay", "/dev/zero"])) == 2
    assert "not a regular file (a device)" in capsys.readouterr().err


def test_a_record_too_large_is_refused_unread(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)  # sparse: no disk used
    error = finishes_within(5, lambda: read_record_file(huge))
    assert isinstance(error, RecordError)
    assert "too large" in str(error)


def test_a_record_nested_too_deeply_is_refused_not_crashed() -> None:
    deep = '{"format": "orbis-record/1", "setup": {"players": ' + "[" * 5000 + "]" * 5000 + "}}"
    assert "recursion" in str(refusal(deep)).lower()
    # and the path for the app's own text never raises anything but a refusal
    with pytest.raises(RecordError):
        load_record(deep, own=True)


# ---------------------------------------------------------------- names and types
@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("\x1b]0;PWNED\x07Ada", "name-control"),
        ("Ada\nBo", "name-control"),
        ("Ada\r", "name-control"),
        ("\u202eAda", "name-control"),
        ("A" * 200, "name-length"),
        ("", "name-empty"),
    ],
)
def test_a_record_with_a_name_that_is_not_plain_text_is_refused(name: str, rule: str) -> None:
    error = refusal(record_json(players=[name, "Bo"]))
    assert error.rule == rule
    assert "setup.players[0]" in str(error)
    assert "\x1b" not in str(error) and "\n" not in str(error)


def test_a_name_that_looks_like_markup_is_only_text() -> None:
    _record, state = load_record(record_json(players=["[/]", "[b]Bo"]))
    assert [p.name for p in state.players] == ["[/]", "[b]Bo"]


@pytest.mark.parametrize("first", ['"1"', "true", "1.0"])
def test_first_player_must_be_a_number(first: str) -> None:
    text = record_json().replace('"seed": 3', f'"seed": 3, "first_player": {first}')
    assert "first_player" in str(refusal(text))


def test_format_must_be_the_format_string() -> None:
    text = record_json().replace('"orbis-record/1"', '["orbis-record/1"]')
    assert "format" in str(refusal(text))


# ---------------------------------------------------------------- the notation's own form
@pytest.mark.parametrize("entry", ["take ５", "take ٥", "take +5", " take 5", "take 5 ", "take  5"])
def test_only_the_ascii_notation_is_an_entry(entry: str) -> None:
    error = refusal(dealt_record([entry]))
    assert error.entry == 1
    assert "not an entry of the notation" in error.reason


def test_the_notation_itself_still_replays() -> None:
    record, _state = load_record(dealt_record(["take 5"]))
    assert record.actions == ["take 5"]


# ---------------------------------------------------------------- embedded tile sets
def test_an_embedded_set_with_a_repeated_id_is_refused() -> None:
    tiles = copy.deepcopy(SHIPPED_TILES)
    clone = dict(tiles[0], cp=5)
    tiles.append(clone)  # the last entry would win
    error = refusal(record_json(tiles=tiles))
    assert "T-ID" in str(error) and tiles[0]["id"] in str(error)


def test_an_embedded_tile_worth_more_than_the_range_is_refused() -> None:
    tiles = copy.deepcopy(SHIPPED_TILES)
    tiles[0]["cp"] = 50
    error = refusal(record_json(tiles=tiles))
    assert f"{tiles[0]['id']} cp" in str(error)
    assert "less than or equal to 20" in str(error)


def test_an_embedded_set_too_small_for_its_deal_is_refused() -> None:
    tiles = [t for t in SHIPPED_TILES if t["id"] != "L3-R-01"]
    assert len(tiles) == len(SHIPPED_TILES) - 1
    error = refusal(record_json(tiles=tiles))
    assert error.rule == "R-SETUP-4"
    assert "needs exactly 37" in str(error)


def test_an_embedded_set_breaking_published_facts_plays_as_a_custom_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiles = copy.deepcopy(SHIPPED_TILES)
    level_one = next(t for t in tiles if t["level"] == 1 and t["set"] == "base")
    level_one["cp"] = 20  # more than any level-2 tile: CP no longer rise with level
    text = record_json(tiles=tiles)
    record, _ = load_record(text)
    facts = custom_set_facts(record.setup)
    assert any(f.startswith("T-RISE") for f in facts)
    path = tmp_path / "custom.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 0
    err = capsys.readouterr().err
    assert "custom tile set" in err and "T-RISE" in err


def test_the_shipped_set_embedded_is_no_custom_set() -> None:
    record, _ = load_record(record_json(tiles=SHIPPED_TILES))
    assert custom_set_facts(record.setup) == ()


# ---------------------------------------------------------------- printing what a file holds
def test_replay_prints_no_terminal_control_from_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evil.json"
    path.write_text(record_json(players=["\x1b]0;PWNED\x07Ada", "Bo"]))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err
    # a field name from the file is shown literally too
    path.write_text(record_json().replace('"seed": 3', '"seed": 3, "\\u001b[2J": 1'))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[2J" in err


def test_a_refusal_holds_no_terminal_control_wherever_it_is_shown() -> None:
    plain = json.loads(dealt_record([]))
    plain["setup"]["deal"]["market"][3] = "\x1b]0;PWNED\x07L1-R-01"
    error = refusal(json.dumps(plain))
    assert "\x1b" not in str(error) and "\x07" not in str(error)
    assert "\\x1b]0;PWNED\\x07" in error.reason


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 17 * 10**36, 10**4000])
def test_a_seed_no_game_is_dealt_from_is_refused(seed: int) -> None:
    error = refusal(record_json(seed=seed))
    assert "setup.seed" in str(error) and "9223372036854775807" in str(error)
    assert len(str(error)) < 1000


@pytest.mark.parametrize("seed", [2**63 - 1, -(2**63), 0])
def test_every_seed_a_game_is_dealt_from_is_taken(seed: int) -> None:
    record, _state = load_record(record_json(seed=seed))
    assert record.setup.seed == seed
