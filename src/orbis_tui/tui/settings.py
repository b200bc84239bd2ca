"""The player's settings: the look, turn confirmation, the computer's pace, the language,
and the names and seat kinds of the last game set up.

Kept as a small JSON file in the user's config folder (``orbis-tui``), read once at
start and written atomically when a setting changes. A file that cannot be read is
left alone and the defaults are used: a setting is never worth losing a game over.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..paths import APP_NAME

FILE_NAME = "settings.json"
ENV_CONFIG_DIR = "ORBIS_CONFIG_DIR"

LOOKS = ("dark", "light")
# Seconds a computer player waits before each move, per pace.
PACES: dict[str, float] = {"slow": 1.2, "normal": 0.5, "fast": 0.15, "instant": 0.0}


@dataclass
class Settings:
    look: str = "dark"
    confirm_turn: bool = True
    pace: str = "normal"
    language: str = ""  # "" follows the terminal (LANGUAGE, LANG); else "en", "de", "ru"
    names: list[str] = field(default_factory=list)  # the last new game's seats
    kinds: list[str] = field(default_factory=list)
    no_hints: list[int] = field(default_factory=list)  # its seats without hints

    @property
    def bot_delay(self) -> float:
        return PACES.get(self.pace, PACES["normal"])

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Take what is sound in ``data``; anything else keeps its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        if data.get("look") in LOOKS:
            settings.look = data["look"]
        if isinstance(data.get("confirm_turn"), bool):
            settings.confirm_turn = data["confirm_turn"]
        if data.get("pace") in PACES:
            settings.pace = data["pace"]
        language = data.get("language")
        if isinstance(language, str) and language.isascii() and language.isalpha():
            settings.language = language[:8]
        value = data.get("no_hints")
        if isinstance(value, list) and all(type(v) is int and 0 <= v < 4 for v in value):
            settings.no_hints = value
        for name in ("names", "kinds"):
            value = data.get(name)
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                setattr(settings, name, [v[:16] for v in value[:4]])
        return settings


def default_config_dir() -> Path:
    env = os.environ.get(ENV_CONFIG_DIR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


class SettingsFile:
    """Where the settings live; ``save`` replaces the file in one step."""

    def __init__(self, folder: Path | None = None) -> None:
        self.path = (folder if folder is not None else default_config_dir()) / FILE_NAME

    def load(self) -> Settings:
        try:
            return Settings.from_dict(json.loads(self.path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return Settings()

    def save(self, settings: Settings) -> OSError | None:
        """Write ``settings``; the error, if the folder cannot be written."""
        data = asdict(settings)
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
            temporary.replace(self.path)
        except OSError as exc:
            with suppress(OSError):
                temporary.unlink(missing_ok=True)
            return exc
        return None
