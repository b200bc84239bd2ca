"""The ``orbis`` command's engine tools: replay and selfplay."""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from orbis_tui.cli import main
from orbis_tui.records import read_record_file
from orbis_tui.standings import standings_json

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORD = GOLDEN / "eager-3p.record.json"


def test_replay_json_prints_the_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORD), "--json"]) == 0
    out = capsys.readouterr().out
    expected = json.loads((GOLDEN / "eager-3p.standings.json").read_text(encoding="utf-8"))
    assert json.loads(out) == expected
    _, state = read_record_file(RECORD)
    assert json.loads(out) == standings_json(state)


def test_replay_text_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORD)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Final standings")
    assert "(winner)" in out


def test_replay_refuses_a_bad_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    data["actions"][9] = "place 4,9"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(bad), "--json"]) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "refused" in captured.err
    assert "entry 10" in captured.err
    assert "R-" in captured.err


def test_replay_refuses_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nothing.json")]) != 0
    assert "refused" in capsys.readouterr().err


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_selfplay_same_seed_same_output(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "--players", players, "--games", "3", "--seed", "17"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    lines = first.splitlines()
    assert len(lines) == 3
    assert all(line.startswith(f"seed={17 + i} players={players}") for i, line in enumerate(lines))
    assert main([*args[:-1], "18"]) == 0
    assert capsys.readouterr().out != first


def test_selfplay_json_is_one_object_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "2", "--seed", "5", "--json"]) == 0
    games = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [g["seed"] for g in games] == [5, 6]
    assert all(g["players"] == 4 and g["winners"] for g in games)


def test_bench_reports_on_a_few_random_games(capsys: pytest.CaptureFixture[str]) -> None:
    from orbis_tui.tiles import new_game

    assert main(["bench", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = {key.strip(): value.split()[0] for key, value in (ln.split(":") for ln in lines)}
    assert figures["random 4-player games"] == "2"
    for key in ("games per second", "ms per game", "decisions per second"):
        assert float(figures[key].replace(",", "")) > 0, key
    # the decisions counted are those of the two seeded random games
    decisions = 0
    for seed in (3, 4):
        state = new_game(["A", "B", "C", "D"], seed=seed, first_player=0)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    assert figures["decisions per game"] == f"{decisions / 2:.1f}"


def test_a_command_that_opens_no_app_leaves_garbage_collection_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command turns collection off only while an app starts (the app turns it
    back on): every other command, finished or refused, leaves it on."""
    assert main(["replay", str(RECORD), "--json"]) == 0
    assert gc.isenabled()
    assert main(["replay", "/no/such/record.json"]) != 0
    assert gc.isenabled()
    capsys.readouterr()


def test_the_new_game_screen_loads_without_the_engine() -> None:
    """The first screen of a new player shows before the engine loads (start-up)."""
    code = (
        "import sys\n"
        "import orbis_tui.tui.app, orbis_tui.tui.screens.new_game\n"
        "from orbis_tui.tiles import use_cache\n"
        "print(sorted(m for m in sys.modules if m.startswith('orbis_tui.engine')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# ---------------------------------------------------------------- where records live
def test_orbis_records_lists_the_newest_first_and_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os

    folder = tmp_path / "records"
    folder.mkdir()
    for age, name in enumerate(["new.json", "older.json", "oldest.json"]):
        path = folder / name
        path.write_text("{}\n")
        os.utime(path, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    assert main(["records", "--data-dir", str(tmp_path), "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert str(folder) in out
    assert out.index("new.json") < out.index("older.json")
    assert "oldest.json" not in out and "1 older one" in out
    assert "orbis replay FILE" in out


def test_orbis_records_tells_a_finished_last_game_from_one_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The autosave holds the last game until a new one starts: finished, it is not
    called the game in progress."""
    from orbis_tui.saves import SaveStore

    autosave = SaveStore(tmp_path).autosave
    autosave.parent.mkdir(parents=True, exist_ok=True)
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    autosave.write_text(json.dumps(data), encoding="utf-8")
    assert main(["records", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "The last game, finished" in out and "in progress" not in out
    data["actions"] = data["actions"][:14]
    data.pop("result", None)
    autosave.write_text(json.dumps(data), encoding="utf-8")
    assert main(["records", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "The game in progress" in out and "The last game" not in out


def test_orbis_replay_alone_lists_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path))
    assert main(["replay"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path / "records") in out and "none yet" in out


@pytest.mark.parametrize("name", ["kept-game.json", "kept-game"])
def test_orbis_replay_takes_a_name_as_orbis_records_prints_it(
    name: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The names `orbis records` lists are found in the records folder, from anywhere."""
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "records"
    folder.mkdir(parents=True)
    (folder / "kept-game.json").write_text(RECORD.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["records"]) == 0
    assert "kept-game.json" in capsys.readouterr().out
    assert main(["replay", name, "--json"]) == 0
    _, state = read_record_file(RECORD)
    assert json.loads(capsys.readouterr().out) == standings_json(state)


def test_orbis_replay_still_takes_a_path_before_a_kept_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "records").mkdir(parents=True)
    (tmp_path / "data" / "records" / "game.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "game.json").write_text(RECORD.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "game.json"]) == 0  # the file here, not the broken kept one
    assert "(winner)" in capsys.readouterr().out


def test_orbis_replay_of_an_unknown_name_says_where_it_looked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "no-such-game"]) == 2
    err = "".join(capsys.readouterr().err.split())  # a long path may be wrapped anywhere
    assert "no-such-game" in err and str(tmp_path / "data" / "records") in err
    assert "'orbisrecords'" in err


@pytest.mark.parametrize("command", ["replay", "review"])
def test_the_help_of_replay_and_review_says_where_records_live(
    command: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = "".join(capsys.readouterr().out.split())  # a long path may be wrapped anywhere
    assert f"finishedgamesin{tmp_path / 'records'}" in out and "'orbisrecords'" in out
