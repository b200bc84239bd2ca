"""The player's settings: the look, turn confirmation, the computer's pace, the language,
the names and seat kinds of the last game set up, and the last table server used.

Kept as a small JSON file in the user's config folder (``orbis-tui``), read once at
start and written atomically when a setting changes. It is read like every other file
(a regular file only, never more than a few kilobytes, nesting refused) and written
like a save (an exclusive temporary, renamed into place; a planted link is replaced,
never followed). A file that cannot be used is left alone, :attr:`SettingsFile.problem`
says why, and the defaults are used: a setting is never worth losing a game over.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ...files import UnreadableFile, read_text, write_atomic
from ...i18n import gettext as _
from ...paths import APP_NAME
from ...printable import printable

FILE_NAME = "settings.json"
SIZE_LIMIT = 64 * 1024  # bytes read at most: the settings take a few hundred
ENV_CONFIG_DIR = "ORBIS_CONFIG_DIR"

LOOKS = ("dark", "light")
MAX_MUTED = 200  # muted seats kept (the oldest go first)
MUTE_KEY_LENGTH = 48  # a table's id, a colon and a seat
# Seconds a computer player waits before each move, per pace.
PACES: dict[str, float] = {"slow": 1.2, "normal": 0.5, "fast": 0.15, "instant": 0.0}


@dataclass
class Settings:
    look: str = "dark"
    confirm_turn: bool = True
    # One person against the computer: the hand-over screen, with what the computer
    # players did, before each of their turns (else only before the first one; the log
    # tells the moves all the same).
    handover_alone: bool = False
    # A game played here has its turns judged as they end, on a spare processor at the
    # lowest priority, so that its review is ready soon after the last move.
    review_ahead: bool = True
    pace: str = "normal"
    language: str = ""  # "" follows the terminal (LANGUAGE, LANG); else "en", "de", "ru"
    names: list[str] = field(default_factory=list)  # the last new game's seats
    kinds: list[str] = field(default_factory=list)
    no_hints: list[int] = field(default_factory=list)  # its seats without hints
    server: str = ""  # the table server of the last table played apart
    # Tables played apart: the seats whose messages this player does not see
    # ("TABLE:SEAT"), and in a browser the turn's desktop notification and sound.
    muted: list[str] = field(default_factory=list)
    browser_notify: bool = False
    browser_sound: bool = False

    @property
    def bot_delay(self) -> float:
        return PACES.get(self.pace, PACES["normal"])

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Take what is sound in ``data``; anything else keeps its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        look = data.get("look")
        if isinstance(look, str) and look in LOOKS:
            settings.look = look
        if isinstance(data.get("confirm_turn"), bool):
            settings.confirm_turn = data["confirm_turn"]
        if isinstance(data.get("handover_alone"), bool):
            settings.handover_alone = data["handover_alone"]
        if isinstance(data.get("review_ahead"), bool):
            settings.review_ahead = data["review_ahead"]
        pace = data.get("pace")
        if isinstance(pace, str) and pace in PACES:  # a list or a table is not a key
            settings.pace = pace
        language = data.get("language")
        if isinstance(language, str) and language.isascii() and language.isalpha():
            settings.language = language[:8]
        value = data.get("no_hints")
        if isinstance(value, list) and all(type(v) is int and 0 <= v < 4 for v in value):
            settings.no_hints = value
        server = data.get("server")
        if isinstance(server, str) and len(server) <= 200 and server.isprintable():
            settings.server = server
        muted = data.get("muted")
        if isinstance(muted, list) and all(
            isinstance(v, str) and len(v) <= MUTE_KEY_LENGTH and v.isprintable() for v in muted
        ):
            settings.muted = muted[-MAX_MUTED:]
        for name in ("browser_notify", "browser_sound"):
            if isinstance(data.get(name), bool):
                setattr(settings, name, data[name])
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
        self.problem: str | None = None  # why the last load used the defaults, if it did

    def load(self) -> Settings:
        """The saved settings; the defaults when there are none or the file cannot be
        used (then :attr:`problem` says why)."""
        self.problem = None
        try:
            data = json.loads(read_text(self.path, SIZE_LIMIT))
        except FileNotFoundError:
            return Settings()  # none saved yet: nothing to tell
        except UnreadableFile as exc:
            return self._unused(exc.reason)
        except OSError as exc:
            return self._unused(exc.strerror or str(exc))
        except RecursionError:
            return self._unused(_("nested too deeply"))
        except ValueError:
            return self._unused(_("not JSON"))
        if not isinstance(data, dict):
            return self._unused(_("not a table of settings"))
        return Settings.from_dict(data)

    def _unused(self, reason: str) -> Settings:
        self.problem = reason
        return Settings()

    def notice(self) -> str | None:
        """What to tell the player when the last load could not use the file."""
        if self.problem is None:
            return None
        message = _("The settings file {path} was not used ({reason}): the defaults apply.")
        return message.format(path=printable(self.path), reason=printable(self.problem))

    def save(self, settings: Settings) -> OSError | None:
        """Write ``settings``; the error, if the folder cannot be written."""
        data = asdict(settings)
        try:
            write_atomic(self.path, json.dumps(data, indent=2) + "\n")
        except OSError as exc:
            return exc
        return None
