"""Golden playthroughs: stored seeded games replay to the identical final breakdown.

The games were written by ``tests/golden/make_golden.py``; after a deliberate change to
the rules, run it again and review the differences in the standings files.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orbis_tui.records import read_record_file
from orbis_tui.standings import standings_json

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))


def test_there_are_golden_games_for_two_three_and_four_players() -> None:
    counts = set()
    for path in RECORDS:
        data = json.loads(path.read_text(encoding="utf-8"))
        counts.add(len(data["setup"]["players"]))
    assert counts == {2, 3, 4}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name.split(".")[0])
def test_golden_game_replays_to_the_same_breakdown(path: Path) -> None:
    record, state = read_record_file(path)
    assert state.is_over
    expected = json.loads(path.with_name(path.name.replace(".record", ".standings")).read_text())
    assert standings_json(state) == expected
    # The record's own summary agrees with the breakdown.
    assert record.result is not None
    assert [(r["seat"], r["total"], r["rank"]) for r in record.result] == [
        (p["seat"], p["total"], p["rank"]) for p in expected["players"]
    ]
