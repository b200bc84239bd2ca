"""Where the app keeps its games: the autosave and saved records.

The autosave is a game record (see :mod:`orbis_tui.records`) rewritten atomically
after every action. A save that cannot be loaded is never overwritten: it is moved
aside under a new name and the problem is reported.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the records (and pydantic) load only when a game is touched
    from ..records import Match, RecordError
    from ..records.model import GameRecord

ENV_DATA_DIR = "ORBIS_DATA_DIR"
AUTOSAVE_NAME = "autosave.json"
RECORDS_DIR = "records"


def default_data_dir() -> Path:
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_data_path("orbis-tui", appauthor=False)


@dataclass
class LoadResult:
    """What was found in the autosave at start."""

    match: Match | None = None  # a game to resume (finished or not)
    problem: str | None = None  # why the save could not be loaded
    moved_to: Path | None = None  # where the damaged save went
    move_error: str | None = None  # why it could not be moved, if it could not

    @property
    def resumable(self) -> bool:
        return self.match is not None and not self.match.state.is_over


class SaveStore:
    def __init__(self, root: Path | None = None) -> None:
        self.root = Path(root) if root is not None else default_data_dir()

    @property
    def autosave(self) -> Path:
        return self.root / AUTOSAVE_NAME

    def load(self) -> LoadResult:
        path = self.autosave
        if not path.exists():
            return LoadResult()
        from ..records import Match, RecordError, read_record_file

        try:
            record, state = read_record_file(path)
        except RecordError as exc:
            return self._damaged(path, _problem(exc))
        except Exception as exc:  # anything else unreadable is damage too
            return self._damaged(path, f"{type(exc).__name__}: {exc}")
        return LoadResult(match=Match(record, state))

    def _damaged(self, path: Path, problem: str) -> LoadResult:
        target = self._free_name(path.with_name(f"{path.stem}.damaged-{_stamp()}{path.suffix}"))
        try:
            path.rename(target)
        except OSError as exc:
            return LoadResult(problem=problem, move_error=str(exc))
        return LoadResult(problem=problem, moved_to=target)

    @staticmethod
    def _free_name(path: Path) -> Path:
        if not path.exists():
            return path
        n = 2
        while True:
            candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
            if not candidate.exists():
                return candidate
            n += 1

    def save(self, record: GameRecord) -> None:
        from ..records import write_record_file

        write_record_file(self.autosave, record)

    def record_path(self, record: GameRecord) -> Path:
        """A fresh file name for a finished game's record."""
        names = "-".join(_slug(n) for n in record.setup.players)
        name = f"orbis-{_stamp()}-{names}.json"
        return self._free_name(self.root / RECORDS_DIR / name)

    def export(self, record: GameRecord, path: Path) -> Path:
        from ..records import write_record_file

        path = path.expanduser()
        write_record_file(path, record)
        return path


def _problem(exc: RecordError) -> str:
    parts = []
    if exc.entry is not None:
        parts.append(f"entry {exc.entry}")
    if exc.rule:
        parts.append(exc.rule)
    parts.append(exc.reason)
    return ": ".join(parts)


def _stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_")[:16] or "player"
