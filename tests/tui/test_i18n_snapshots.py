"""SVG snapshots of the key screens in German and Russian at 80×24 (the ``speaking``
fixture runs each once per language): table, placing, hand-over, end, help, a lesson.

Update them after a deliberate change with ``pytest --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from app_driver import TableApp
from test_app_snapshots import finished, mid_game, placing

from orbis_tui.tui.learn_app import LearnApp

pytestmark = pytest.mark.slow  # every screen in every language: run by --all

SIZE = (80, 24)


def test_table(snap_compare, speaking: str, tmp_path: Path) -> None:
    assert snap_compare(TableApp(mid_game(), tmp_path), press=["enter"], terminal_size=SIZE)


def test_placing(snap_compare, speaking: str, tmp_path: Path) -> None:
    assert snap_compare(TableApp(placing(), tmp_path), press=["enter"], terminal_size=SIZE)


def test_hand_over(snap_compare, speaking: str, tmp_path: Path) -> None:
    assert snap_compare(TableApp(mid_game(), tmp_path), terminal_size=SIZE)


def test_end_screen(snap_compare, speaking: str, tmp_path: Path) -> None:
    assert snap_compare(TableApp(finished(), tmp_path), terminal_size=SIZE)


def test_help(snap_compare, speaking: str, tmp_path: Path) -> None:
    app = TableApp(mid_game(), tmp_path)
    assert snap_compare(app, press=["enter", "question_mark"], terminal_size=SIZE)


def test_lesson(snap_compare, speaking: str, tmp_path: Path) -> None:
    """The walkthrough's third step: a lesson that asks for a move."""
    assert snap_compare(LearnApp(tmp_path), press=["enter", "enter"], terminal_size=SIZE)
