"""The end screen's headline says who won and how a tie on points was settled (R-END-5)."""

from __future__ import annotations

from orbis_tui.engine.scoring import GodScore, PlayerScore, _rank
from orbis_tui.tui.screens.end import headline


def _score(seat: int, name: str, cp: int, worshipers: int) -> PlayerScore:
    return PlayerScore(
        seat=seat,
        name=name,
        tiles=[],
        temple_token=cp,
        temple_count=0,
        god=GodScore(None, 0, "no_god"),
        worshipers=worshipers,
    )


def _headline(*scores: PlayerScore) -> list[str]:
    ranked = list(scores)
    _rank(ranked)
    return [line.plain for line in headline(ranked)]


def test_R_END_5_a_single_winner_is_named_with_their_points() -> None:
    lines = _headline(_score(0, "You", 31, 2), _score(1, "Mira", 27, 5))
    assert lines == ["Winner: You, with 31 CP"]


def test_R_END_5_a_tie_on_points_broken_by_worshipers() -> None:
    lines = _headline(_score(0, "Ada", 20, 4), _score(1, "Bo", 20, 1))
    assert lines[0] == "Winner: Ada, with 20 CP"
    assert lines[1].startswith("Tie on 20 CP broken by worshipers left")


def test_R_END_5_a_tie_on_points_and_worshipers_is_a_shared_victory() -> None:
    lines = _headline(_score(0, "Ada", 20, 1), _score(1, "Bo", 20, 1), _score(2, "Cy", 3, 9))
    assert lines[0] == "Shared victory: Ada, Bo with 20 CP"
    assert lines[1].startswith("Tie on 20 CP, and on worshipers left too")
