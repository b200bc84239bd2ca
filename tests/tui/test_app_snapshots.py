"""SVG snapshots of the key screens (pytest-textual-snapshot).

The games use the tile set frozen beside these tests (snapshot_tiles.toml), so a
rebalanced data file does not move the pictures.

Update them after a deliberate change of the look with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from app_driver import TableApp, random_match

from orbis_tui.engine import DecisionKind
from orbis_tui.records import Match


def mid_game() -> Match:
    return random_match(3, 2024, lambda s: s.kind is DecisionKind.TURN and s.turn >= 9, frozen=True)


def placing() -> Match:
    return random_match(
        2,
        7,
        lambda s: s.kind is DecisionKind.PLACE and s.turn >= 8 and not s.take.wild,
        frozen=True,
    )


def finished() -> Match:
    return random_match(4, 99, lambda s: s.is_over, frozen=True)


def test_table_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(TableApp(mid_game(), tmp_path), press=["enter"], terminal_size=(80, 24))


def test_table_120x40(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(TableApp(mid_game(), tmp_path), press=["enter"], terminal_size=(120, 40))


def test_table_placing_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(TableApp(placing(), tmp_path), press=["enter"], terminal_size=(80, 24))


def test_hand_over_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(TableApp(mid_game(), tmp_path), terminal_size=(80, 24))


def test_end_screen_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(TableApp(finished(), tmp_path), terminal_size=(80, 24))


def test_end_screen_120x40(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(TableApp(finished(), tmp_path), terminal_size=(120, 40))


def test_help_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(
        TableApp(mid_game(), tmp_path), press=["enter", "question_mark"], terminal_size=(80, 24)
    )
