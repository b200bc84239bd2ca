"""The documents a user reads name what the program offers: every command in the
README's table, every setting in docs/app.md."""

from __future__ import annotations

import re
from pathlib import Path

from orbis_tui.cli import COMMANDS
from orbis_tui.tui import texts_screens

ROOT = Path(__file__).resolve().parent.parent


def test_the_readme_command_table_lists_every_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `orbis (?:\[[^]]*\] )?([a-z-]+)", readme, re.MULTILINE))
    assert set(COMMANDS) - {"play"} <= listed, set(COMMANDS) - listed


def test_docs_app_names_every_setting() -> None:
    app = " ".join((ROOT / "docs" / "app.md").read_text(encoding="utf-8").split())
    for name in ("SETTINGS_LOOK", "SETTINGS_CONFIRM", "SETTINGS_HANDOVER", "SETTINGS_PACE"):
        label = getattr(texts_screens, name)
        assert label.lower() in app.lower(), label
