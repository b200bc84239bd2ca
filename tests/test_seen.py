"""What a seat at a table played apart saw, kept in the data folder across restarts."""

from __future__ import annotations

from pathlib import Path

from orbis_tui.tui.seen import KEPT, SeenTables


def test_the_count_seen_is_kept_per_table_and_seat_in_a_private_file(tmp_path: Path) -> None:
    seen = SeenTables(tmp_path / "data")
    assert seen.last("http://a", "T1", 0) is None
    seen.note("http://a", "T1", 0, 12)
    seen.note("http://a", "T1", 1, 5)
    seen.note("http://b", "T1", 0, 7)
    again = SeenTables(tmp_path / "data")
    assert again.last("http://a", "T1", 0) == 12
    assert again.last("http://a", "T1", 1) == 5
    assert again.last("http://b", "T1", 0) == 7
    assert seen.path.stat().st_mode & 0o777 == 0o600
    assert "token" not in seen.path.read_text()


def test_a_damaged_file_counts_as_nothing_seen_and_is_written_afresh(tmp_path: Path) -> None:
    seen = SeenTables(tmp_path)
    for damaged in ("{not json", "[1, 2]", '{"http://a/T1#0": "12", "x": -1, "y": true}'):
        seen.path.write_text(damaged)
        assert seen.last("http://a", "T1", 0) is None
    seen.note("http://a", "T1", 0, 3)
    assert seen.last("http://a", "T1", 0) == 3


def test_only_the_most_recent_tables_are_remembered(tmp_path: Path) -> None:
    seen = SeenTables(tmp_path)
    for number in range(KEPT + 5):
        seen.note("http://a", f"T{number}", 0, number)
    assert seen.last("http://a", "T0", 0) is None
    assert seen.last("http://a", f"T{KEPT + 4}", 0) == KEPT + 4
    seen.note("http://a", "T5", 0, 99)  # seen again: the most recent now
    assert seen.last("http://a", "T5", 0) == 99
