"""Tournaments, the balance study and the opponent levels of ``orbis selfplay``.

Only small, fast runs here: the long tournaments and the 10,000-game balance study are
commands whose output is recorded in docs/balance.md, not tests.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import worker_faults as faults
from hostile import finishes_within
from orbis_tui.cli import main
from orbis_tui.sim.balance import BalanceStudy, play_balance_game, run_balance, split_games
from orbis_tui.sim.selfplay import parse_seats, play_games
from orbis_tui.sim.tournament import game_plan, run_tournament, wilson_interval
from orbis_tui.tiles import default_tiles_path


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(180, 200)
    assert low < 0.9 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_each_deal_is_played_from_every_seat() -> None:
    assert [game_plan(i, 7, 2) for i in range(4)] == [(7, 0), (7, 1), (8, 0), (8, 1)]
    assert [game_plan(i, 0, 3) for i in range(4)] == [(0, 0), (0, 1), (0, 2), (1, 0)]


def test_tournament_counts_and_report() -> None:
    result = run_tournament("medium", "easy", games=4, seed=3)
    assert result.games == 4
    assert [r.a_seat for r in result.records] == [0, 1, 0, 1]
    assert result.records[0].deal_seed == result.records[1].deal_seed
    summary = result.summary()
    assert summary["a_wins"] + summary["b_wins"] + summary["ties"] == 4
    low, high = summary["a_win_rate_95"]
    assert 0.0 <= low <= summary["a_win_rate"] <= high <= 1.0
    assert set(summary["seconds"]) == {"medium", "easy"}
    assert len(result.times("medium")) == 4 * 15  # 15 turns per game
    report = result.report()
    assert "95% interval" in report and "seconds per turn" in report
    again = run_tournament("medium", "easy", games=4, seed=3)
    assert [r.outcome for r in again.records] == [r.outcome for r in result.records]
    assert [r.a_score for r in again.records] == [r.a_score for r in result.records]


def test_tournament_of_a_level_against_itself_and_more_players() -> None:
    result = run_tournament("easy", "easy", games=3, seed=1, players=3)
    assert result.b == "easy'"
    assert [r.a_seat for r in result.records] == [0, 1, 2]
    assert all(len(r.b_scores) == 2 for r in result.records)


def test_tournament_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--a", "easy", "--b", "random", "--games", "2", "--seed", "4"]
    assert main([*args, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 2 and figures["a"] == "easy" and figures["b"] == "random"
    assert main(args) == 0
    assert "easy (A) vs random (B)" in capsys.readouterr().out


@pytest.mark.slow  # a whole game of computer players
def test_tournament_command_with_a_hard_iteration_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--a", "hard", "--b", "random", "--games", "1", "--iterations", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "hard: 1 search rounds per turn" in out


# ---------------------------------------------------------------------- selfplay levels
def test_parse_seats() -> None:
    assert parse_seats("easy,Medium", 2) == ["easy", "medium"]
    assert parse_seats("hard", 3) == ["hard", "hard", "hard"]
    with pytest.raises(ValueError, match="3 seat levels given for 2 players"):
        parse_seats("easy,easy,easy", 2)
    with pytest.raises(ValueError, match="unknown level"):
        parse_seats("easy,grandmaster", 2)


def test_selfplay_with_levels_is_reproducible() -> None:
    first = [r.line() for r in play_games(2, 2, 5, levels=["medium", "easy"])]
    again = [r.line() for r in play_games(2, 2, 5, levels=["medium", "easy"])]
    assert first == again
    random_default = [r.line() for r in play_games(2, 2, 5)]
    random_named = [r.line() for r in play_games(2, 2, 5, levels=["random", "random"])]
    assert random_default == random_named


@pytest.mark.slow  # whole games of computer players
def test_selfplay_command_takes_seat_levels(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "--players", "3", "--games", "1", "--seats", "easy,medium,hard"]
    assert main([*args, "--iterations", "1"]) == 0
    assert capsys.readouterr().out.startswith("seed=0 players=3")
    assert main(["selfplay", "--players", "2", "--seats", "easy,easy,easy"]) == 2
    assert "3 seat levels given for 2 players" in capsys.readouterr().err
    assert main(["selfplay", "--players", "2", "--levels", "easy", "--games", "1"]) == 0


# ---------------------------------------------------------------------- balance study
def test_split_games() -> None:
    assert split_games(10, (2, 3, 4)) == {2: 4, 3: 3, 4: 3}
    assert split_games(5, (4,)) == {4: 5}


def test_balance_game_shares_add_up() -> None:
    game = play_balance_game(3, 5, ["easy"] * 3)
    assert sum(s.win_share for s in game.seats) == pytest.approx(1.0)
    for s in game.seats:
        assert s.total == sum(s.categories.values())
        assert sum(s.color_tiles) + s.wilderness == 14


def test_balance_report_has_every_section() -> None:
    study = run_balance(6, seed=2, level="easy")
    assert isinstance(study, BalanceStudy)
    assert dict(study.games) == {2: 2, 3: 2, 4: 2}
    report = study.report()
    for heading in (
        "By player count",
        "Win rate by seat",
        "Win rate by god",
        "Mean CP per player by category",
        "By tile color",
    ):
        assert heading in report
    for n in (2, 3, 4):
        shares = sum(study.by_seat[n, s].wins for s in range(n))
        assert shares == pytest.approx(study.games[n])


def test_balance_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--games", "2", "--players", "2", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    assert "2 games, every seat played by the easy level" in out
    assert "tiles.toml" in out
    assert main(["balance", "--games", "2", "--players", "5"]) == 2


def test_balance_of_another_tile_file(tmp_path: Path) -> None:
    text = default_tiles_path().read_text(encoding="utf-8")
    edited = tmp_path / "my-tiles.toml"
    edited.write_text(text.replace('name = "Ember Fields"', 'name = "My Fields"'), "utf-8")
    study = run_balance(2, seed=1, level="easy", counts=(2,), tiles_path=str(edited))
    assert study.tiles_file == str(edited)
    assert f"Tiles: `{edited}`" in study.report()


# ---------------------------------------------------------------------- one registry, one seed
def test_a_game_is_seeded_alike_in_selfplay_tournament_and_app() -> None:
    """The same deal with the same levels is the same game wherever it is played: the
    tournament, self-play and the app's seats all seed a seat's bot with bot_seed."""
    from orbis_tui.bots import bot_seed
    from orbis_tui.tui.core.seats import make_bot as app_bot

    tournament = run_tournament("medium", "easy", games=1, seed=12)
    selfplay = next(iter(play_games(2, 1, 12, levels=["medium", "easy"])))
    assert tournament.records[0].a_score == selfplay.scores[0].total
    assert tournament.records[0].b_scores == [selfplay.scores[1].total]
    assert bot_seed(12, 1) != bot_seed(12, 0) != bot_seed(13, 0)
    assert app_bot("easy", 12, 1).seed == bot_seed(12, 1)  # type: ignore[attr-defined]


def test_the_app_offers_the_registry_levels() -> None:
    from orbis_tui.bots import LEVELS
    from orbis_tui.tui.core.seats import bot_levels

    assert bot_levels() == list(LEVELS)
    assert "expert" in bot_levels()


def test_search_sizes_per_level() -> None:
    from orbis_tui.bots import parse_search_sizes

    assert parse_search_sizes("20") == {"hard": 20, "expert": 20}
    assert parse_search_sizes("hard=12, expert=300") == {"hard": 12, "expert": 300}
    for bad, words in (("medium=3", "search level"), ("x", "whole number"), ("0", "at least 1")):
        with pytest.raises(ValueError, match=words):
            parse_search_sizes(bad)


def test_tournament_with_an_expert_size_and_more_players_reports_the_fair_share(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "--a", "expert", "--b", "random", "--games", "1", "--players", "3"]
    assert main([*args, "--iterations", "expert=3"]) == 0
    out = capsys.readouterr().out
    assert "expert: 3 iterations per turn" in out
    assert "fair share 33.3%" in out
    for bad, words in (
        (["--a", "wizard"], "unknown level 'wizard'"),
        (["--iterations", "medium=3"], "search level"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(["tournament", *bad])
        assert exit_info.value.code == 2
        assert words in capsys.readouterr().err


# ---------------------------------------------------------------------- ladder
def test_ratings_follow_the_scores() -> None:
    from orbis_tui.sim.ladder import PairScore, fit_ratings

    even = fit_ratings(["x", "y"], [PairScore("y", "x", 100, 50.0)])
    assert even["x"] == 0.0 and even["y"] == pytest.approx(0.0, abs=1e-6)
    # 3 to 1 odds are 400 * log10(3) = 190.8 Elo (the one virtual shared win aside)
    odds = fit_ratings(["x", "y"], [PairScore("y", "x", 1000, 750.0)])
    assert odds["y"] == pytest.approx(190.8, abs=1.0)
    # a level that wins everything stays finite, and the order is kept along a chain
    chain = fit_ratings(
        ["x", "y", "z"], [PairScore("y", "x", 20, 20.0), PairScore("z", "y", 20, 15.0)]
    )
    assert 0 < chain["y"] < chain["z"] < math.inf


def test_ladder_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ladder", "--levels", "random,easy,medium", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ladder: random, easy, medium; 2 players, 2 games per pair")
    lines = out.splitlines()
    table = lines[lines.index("") + 2 : lines.index("") + 5]
    assert [line.split()[0] for line in table] == ["medium", "easy", "random"]
    assert "medium  vs easy" in out
    with pytest.raises(SystemExit):
        main(["ladder", "--levels", "easy,easy"])
    assert "two or more different levels" in capsys.readouterr().err


def test_games_at_once_share_the_processors_with_their_trees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """--jobs N: each game's trees get cores // N workers (at least one), so games ×
    workers never exceed the processors; the choice holds during the games only."""
    from orbis_tui import processes
    from orbis_tui.sim import tournament

    monkeypatch.setattr(tournament, "available_cores", lambda: 8)
    assert [tournament.tree_workers(jobs).per_search for jobs in (1, 2, 3, 8, 16)] == [
        8,
        4,
        2,
        1,
        1,
    ]
    assert all(
        tournament.tree_workers(jobs).pool == tournament.tree_workers(jobs).per_search
        for jobs in (1, 3)
    )
    monkeypatch.setattr(processes, "_search_workers", None)
    seen: list[object] = []
    run_tournament(
        "medium", "random", 2, 3, jobs=1, progress=lambda _: seen.append(processes.search_workers())
    )
    assert seen == [tournament.tree_workers(1)] * 2
    assert processes.search_workers() is None


@pytest.mark.parametrize(
    ("command", "lost", "said"),
    [
        (["tournament", "--a", "easy", "--b", "random", "--seed", "4"], 2, "game 3 (deal seed 5)"),
        (
            ["balance", "--level", "random", "--players", "2", "--seed", "7"],
            9,
            "the game of seed 9 (players: 2)",
        ),
    ],
)
def test_a_worker_lost_during_a_game_stops_the_run_and_says_which_game(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    lost: int,
    said: str,
) -> None:
    """--jobs: a game's worker process killed (out of memory, say) ends the run at once
    with an error that names the game, rather than waiting for it for ever."""
    import multiprocessing

    from orbis_tui.sim import balance, tournament

    before = set(multiprocessing.active_children())  # another test's kept workers, say
    monkeypatch.setenv(faults.FAULT_TURN, str(lost))
    monkeypatch.setattr(tournament, "_worker", faults.game_or_killed)
    monkeypatch.setattr(balance, "_worker", faults.game_or_killed)
    status = finishes_within(120, lambda: main([*command, "--games", "6", "--jobs", "2"]))
    assert status == 1  # a bound only above: the lost worker ends the wait
    err = capsys.readouterr().err
    name = command[0]
    assert f"orbis {name}: the worker processes could not play {said}: " in err
    assert "a worker process ended during its job" in err and f"orbis {name}: stopped." in err
    assert set(multiprocessing.active_children()) <= before  # the games' workers are gone
