"""The command line and the other readers: a bad file or option is refused with a message
and an exit status, never a traceback, a hang or a changed terminal."""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hostile import finishes_within
from orbis_tui.bots import HardBot, make_bot
from orbis_tui.cli import main
from orbis_tui.learn import ProgressStore, Walkthrough, load_script
from orbis_tui.options import check_budget
from orbis_tui.tiles import default_gods_path, default_tiles_path


@pytest.fixture
def gods(tmp_path: Path) -> Path:
    path = tmp_path / "gods.toml"
    shutil.copy(default_gods_path(), path)
    return path


# ---------------------------------------------------------------- check-data
def test_check_data_on_deeply_nested_toml_says_why_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiles = tmp_path / "tiles.toml"
    tiles.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    assert main(["check-data", "--tiles", str(tiles)]) == 2
    out = capsys.readouterr().out
    assert f"{tiles}: not usable TOML: nested too deeply" in out


def test_check_data_shows_a_god_name_literally(
    gods: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gods.write_text(gods.read_text().replace("Goddess of Love", "\\u001b]0;PWNED\\u0007Love"))
    assert main(["check-data", "--gods", str(gods)]) == 2
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "love name" in out and "control character U+001B" in out


def test_check_data_shows_a_path_literally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check-data", "--tiles", str(tmp_path / "a\x1b[2Jb.toml")]) == 2
    out = capsys.readouterr().out
    assert "\x1b" not in out and "a\\x1b[2Jb.toml" in out


def test_check_data_refuses_a_pipe_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "tiles.toml"
    os.mkfifo(pipe)
    assert finishes_within(5, lambda: main(["check-data", "--tiles", str(pipe)])) == 2
    assert "not a regular file (a pipe)" in capsys.readouterr().out


def test_check_data_refuses_numbers_out_of_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiles = tmp_path / "tiles.toml"
    text = default_tiles_path().read_text()
    tiles.write_text(text.replace("cp = 7", "cp = 50", 1))
    assert main(["check-data", "--tiles", str(tiles)]) == 2
    assert "cp: Input should be less than or equal to 20" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("\nlevel = 1\n", "\nlevel = true\n", "L1-R-01 level"),
        ("\nlevel = 1\n", '\nlevel = "1"\n', "L1-R-01 level"),
        ("\ncp = 0\n", '\ncp = "3"\n', "L1-R-01 cp"),
    ],
    ids=["level-true", "level-text", "cp-text"],
)
def test_check_data_takes_a_number_only_as_a_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, field: str
) -> None:
    """As strict as records: true is not 1 and "3" is not 3."""
    tiles = tmp_path / "tiles.toml"
    text = default_tiles_path().read_text()
    assert old in text
    tiles.write_text(text.replace(old, new, 1))
    assert main(["check-data", "--tiles", str(tiles)]) == 2
    assert f"{field}: Input should be a valid integer" in capsys.readouterr().out


def test_check_data_takes_a_gods_cp_only_as_a_number(
    gods: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gods.write_text(gods.read_text().replace("\ncp = 1\n", "\ncp = true\n", 1))
    assert main(["check-data", "--gods", str(gods)]) == 2
    assert "cp: Input should be a valid integer" in capsys.readouterr().out


# ---------------------------------------------------------------- other commands
def test_balance_with_a_missing_tile_file_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["balance", "--games", "3", "--tiles", str(tmp_path / "missing.toml")]) == 2
    err = capsys.readouterr().err
    assert "missing.toml: file not found" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "option",
    [
        ["selfplay", "--budget", "nan"],
        ["selfplay", "--budget", "inf"],
        ["tournament", "--budget", "-1"],
        ["tournament", "--budget", "0"],
        ["tournament", "--budget", "1e9"],
        ["selfplay", "--iterations", "0"],
        ["selfplay", "--games", "-3"],
        ["tournament", "--jobs", "0"],
        ["balance", "--games", "0"],
        ["bench", "--games", "x"],
    ],
)
def test_numeric_options_must_be_finite_and_in_range(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(option)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert option[1] in err


@pytest.mark.parametrize("budget", [math.nan, math.inf, -1.0, 0.0])
def test_the_hard_level_refuses_a_budget_it_could_never_spend(budget: float) -> None:
    with pytest.raises(ValueError, match="time budget"):
        HardBot(1, time_budget=budget)
    with pytest.raises(ValueError, match="time budget"):
        make_bot("hard", 1, time_budget=budget)
    with pytest.raises(ValueError):
        check_budget(True)


@pytest.mark.parametrize("command", ["play", "learn"])
def test_a_data_dir_that_is_a_file_is_refused(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "a-file"
    path.write_text("")
    assert main([command, "--data-dir", str(path)]) == 2
    assert "is not a folder" in capsys.readouterr().err


# ---------------------------------------------------------------- walkthrough progress
def test_progress_nested_too_deeply_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "learn.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert ProgressStore(path).load() is None


def test_progress_that_is_a_pipe_is_ignored_at_once(tmp_path: Path) -> None:
    path = tmp_path / "learn.json"
    os.mkfifo(path)
    assert finishes_within(5, ProgressStore(path).load) is None


def test_progress_that_cannot_be_written_never_stops_the_walkthrough(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    store = ProgressStore(blocker / "learn.json")  # its folder is a file
    walkthrough = Walkthrough(load_script(), store)
    walkthrough.save()  # raised before
    assert isinstance(store.take_error(), OSError)
    assert store.take_error() is None


# ---------------------------------------------------------------- values given on the line
HUGE_NUMBER = "9" * 5000


def _one_short_line(text: str) -> None:
    """What is echoed is safe: no traceback, no raw control character, not megabytes."""
    assert "Traceback" not in text
    assert all(char.isprintable() for line in text.splitlines() for char in line)
    assert len(text) < 2000


def test_a_seat_of_5000_digits_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = Path(__file__).with_name("golden") / "eager-2p.record.json"
    assert main(["review", str(record), "--seat", HUGE_NUMBER]) == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "not a player's number (1 to 2) nor name" in err


@pytest.mark.parametrize(
    "host",
    [HUGE_NUMBER, "a\u202eb", "\udcff\udcfe", "1\n2", "a..b", "evil/x", "x" * 64],
    ids=["5000-digits", "bidi-override", "not-utf8", "newline", "empty-label", "slash", "long"],
)
def test_a_host_no_resolver_could_take_is_refused_in_one_line(
    host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--host", host])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "is not a host name or address" in err


def test_a_language_is_echoed_as_text_not_as_a_terminal_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "\x1b]0;PWNED\x07" + "x" * 100_000]) == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "\\x1b]0;PWNED\\x07" in err


def test_a_number_of_5000_digits_is_echoed_cut_short(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--seed", HUGE_NUMBER])
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "--seed must be at least" in err and "characters in all)" in err


def test_a_tile_id_of_five_megabytes_is_not_echoed_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiles = tmp_path / "tiles.toml"
    text = default_tiles_path().read_text()
    tiles.write_text(text.replace('id = "L1-', 'id = "' + "Z" * 900_000 + "L1-", 1))
    assert main(["check-data", "--tiles", str(tiles)]) == 2
    out = capsys.readouterr().out
    assert "characters in all" in out and len(out) < 20_000


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path: Path) -> None:
    """`orbis replay game.json | head -1`: the pipe closes before the standings are out."""
    record = Path(__file__).with_name("golden") / "eager-4p.record.json"
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before a word is written
    env = {**os.environ, "ORBIS_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "orbis_tui", "replay", str(record)],
        stdout=writer,
        stderr=subprocess.PIPE,
        text=True,
        timeout=60,
        env=env,
    )
    os.close(writer)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert done.returncode == 1


# The longest number Python reads by default: it is a whole number, always finite.
LONGEST_NUMBER = "9" * 4300


@pytest.mark.parametrize(
    "option",
    [
        ["review", "x.json", "--size"],
        ["records", "--count"],
        ["selfplay", "--games"],
        ["selfplay", "--iterations"],
        ["tournament", "--games"],
        ["tournament", "--jobs"],
        ["bench", "--games"],
    ],
)
def test_a_number_of_4300_digits_is_refused_as_out_of_range(
    option: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*option, LONGEST_NUMBER])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "at most" in err and "characters in all)" in err


# ---------------------------------------------------------------- seeds
BIGGEST_SIGNED_128 = str(2**127 - 1)


@pytest.mark.parametrize(
    "command", ["selfplay", "tournament", "balance", "ladder", "bench", "play", "serve"]
)
@pytest.mark.parametrize(
    "seed", [BIGGEST_SIGNED_128, str(2**63), HUGE_NUMBER], ids=["2^127-1", "2^63", "5000-digits"]
)
def test_a_seed_no_game_is_dealt_from_is_refused_with_its_range(
    command: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--seed", seed])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "--seed must be at least -9223372036854775808 and at most 9223372036854775807" in err


@pytest.mark.parametrize(
    "game_seed",
    [2**63 - 1, 17 * 10**36, 2**127, -(2**200), 10**4000, 10**5000],
    ids=["2^63-1", "1.7e37", "2^127", "-2^200", "4001-digits", "5001-digits"],
)
def test_a_computer_player_plays_whatever_the_games_seed(game_seed: int) -> None:
    from orbis_tui.bots import bot_seed
    from orbis_tui.records.model import setup_for_game, start_state

    seeds = [bot_seed(game_seed, seat) for seat in range(4)]
    assert len(set(seeds)) == 4  # each seat its own
    assert all(-(2**127) <= seed < 2**127 for seed in seeds)
    state = start_state(setup_for_game(["A", "B"], 5, 0))
    for level in ("random", "easy", "medium"):
        assert make_bot(level, seeds[1]).choose(state) in state.legal_actions()


def test_a_games_seed_gives_the_seats_the_seeds_they_always_had() -> None:
    from orbis_tui.bots import bot_seed

    assert [bot_seed(7, seat) for seat in range(3)] == [70, 71, 72]
    assert bot_seed(-(2**63), 3) == -(2**63) * 10 + 3


# ---------------------------------------------------------------- the data folder
@pytest.mark.parametrize("command", ["records", "play", "learn", "serve"])
@pytest.mark.parametrize(
    ("folder", "problem"),
    [
        ("x" * 300, "the path is too long for this system"),
        ("x/" * 3000, "the path is too long for this system"),
        ("a-file/x", "a part of the path is a file, not a folder"),
        ("a-file/x/y", "a part of the path is a file, not a folder"),
    ],
    ids=["long-name", "long-path", "under-a-file", "deep-under-a-file"],
)
def test_a_data_dir_that_cannot_be_a_folder_is_refused(
    command: str, folder: str, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("")
    assert main([command, "--data-dir", str(tmp_path / folder)]) == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert f"orbis {command}: --data-dir " in err and problem in err


@pytest.mark.parametrize("command", ["records", "play", "learn", "serve", "join"])
def test_an_empty_data_dir_is_refused_not_taken_for_the_current_folder(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([command, "--data-dir", ""])
    assert stopped.value.code == 2
    assert "--data-dir: an empty path: give a folder" in capsys.readouterr().err


def test_a_data_folder_named_by_the_environment_is_checked_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "a-file" / "x"))
    assert main(["records"]) == 2
    assert "$ORBIS_DATA_DIR" in capsys.readouterr().err


# ---------------------------------------------------------------- orbis host
@pytest.mark.parametrize(
    "host",
    ["a" * 64, "\u200fx", "\udcff\udcfe", "\x1b]0;X\x07", "a" * 100_000],
    ids=["long-label", "rtl-mark", "not-utf8", "escape", "100k"],
)
def test_orbis_host_refuses_a_host_no_resolver_could_take_in_one_line(
    host: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["host", "--host", host])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "is not a host name or address" in err


@pytest.mark.parametrize("host", ["a" * 64, "\u200fx", "a" * 100_000])
def test_a_host_the_resolver_refuses_is_a_reason_not_a_crash(host: str) -> None:
    from orbis_tui.web.serve import listen_problem

    assert listen_problem(host, 1) == "no such host name or address"


@pytest.mark.parametrize(
    ("store", "problem"),
    [
        ("esc\x1b]0;X\x07.json", "is not a file path or address"),
        ("x" * 100_000, "is not a file path or address"),
        ("\udcff.db", "is not a file path or address"),
        ("", "an empty path"),
    ],
    ids=["escape", "100k", "not-utf8", "empty"],
)
def test_orbis_host_refuses_a_store_it_could_not_show(
    store: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["host", "--store", store])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "argument --store" in err and problem in err


def test_a_value_of_100_kb_is_echoed_cut_to_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--seats", "\x1b]0;X\x07" + "x" * 100_000]) == 2
    err = capsys.readouterr().err
    _one_short_line(err)
    assert "characters in all)" in err
