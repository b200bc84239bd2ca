"""SVG snapshots of the key screens (pytest-textual-snapshot).

The games use the tile set frozen beside these tests (snapshot_tiles.toml), so a
rebalanced data file does not move the pictures.

Update them after a deliberate change of the look with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

from app_driver import TableApp, random_match

from orbis_tui.engine import DecisionKind, EffectKind, GameState, TakeTile, VolcanoFails
from orbis_tui.records import Match
from orbis_tui.tui.core.describe import GOD_KEYS


def mid_game() -> Match:
    return random_match(3, 2024, lambda s: s.kind is DecisionKind.TURN and s.turn >= 9, frozen=True)


def placing() -> Match:
    return random_match(
        2,
        7,
        lambda s: (
            s.kind is DecisionKind.PLACE and s.turn >= 8 and s.take is not None and not s.take.wild
        ),
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


def _cursor_keys(cell: int, start: int = 4) -> list[str]:
    """Arrow keys that bring the market cursor from ``start`` to ``cell``."""
    (row, col), (to_row, to_col) = divmod(start, 3), divmod(cell, 3)
    vertical = ["down" if to_row > row else "up"] * abs(to_row - row)
    return vertical + ["right" if to_col > col else "left"] * abs(to_col - col)


def _warned_take(kind: type) -> tuple[Match, int]:
    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.TURN:
            return False
        return any(any(isinstance(w, kind) for w in o.warnings) for o in s.decision.options)

    match = random_match(2, 0, wanted, frozen=True)
    option = next(
        o for o in match.state.decision.options if any(isinstance(w, kind) for w in o.warnings)
    )
    assert isinstance(option.action, TakeTile)
    return match, option.action.cell


def test_warned_volcano_take_80x24(snap_compare, tmp_path: Path) -> None:
    """R-EFF-VOLCANO: the take preview says the volcano will be cancelled, the cell is marked."""
    match, cell = _warned_take(VolcanoFails)
    app = TableApp(match, tmp_path)
    assert snap_compare(app, press=["enter", *_cursor_keys(cell)], terminal_size=(80, 24))


def test_warned_irrigation_spot_80x24(snap_compare, tmp_path: Path) -> None:
    """R-EFF-IRRIGATION: the spot under the cursor says the irrigation will be cancelled."""

    def wanted(s: GameState) -> bool:
        if s.kind is not DecisionKind.PLACE or s.take is None or s.take.wild:
            return False
        if s.take.tile.effect.kind is not EffectKind.IRRIGATION:
            return False
        return any(o.loses_value for o in s.decision.legal_options)

    match = random_match(2, 5, wanted, frozen=True)
    # down: the nearest spot of the row below, in the bottom row, where it has no water
    keys = ["enter", "down"]
    assert snap_compare(TableApp(match, tmp_path), press=keys, terminal_size=(80, 24))


def test_turn_confirmation_80x24(snap_compare, tmp_path: Path) -> None:
    match = placing()
    app = TableApp(match, tmp_path, confirm=True)
    assert snap_compare(app, press=["enter", "enter"], terminal_size=(80, 24))


def test_history_screen_80x24(snap_compare, tmp_path: Path) -> None:
    assert snap_compare(
        TableApp(mid_game(), tmp_path), press=["enter", "t"], terminal_size=(80, 24)
    )


def test_god_detail_80x24(snap_compare, tmp_path: Path) -> None:
    match = mid_game()
    god = match.state.gods_available[0]
    keys = ["enter", GOD_KEYS[god]]
    assert snap_compare(TableApp(match, tmp_path), press=keys, terminal_size=(80, 24))
