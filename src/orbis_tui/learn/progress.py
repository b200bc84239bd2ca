"""Where a walkthrough in progress is kept, so the learner can leave and come back.

The progress file is small JSON in the app's data folder, written atomically (a
temporary file, then a rename). It stores the step reached, where each step started
and the game's actions in notation; loading replays them, so a damaged or outdated
file is simply ignored and the walkthrough starts over. A progress file that cannot be
written (a read-only or full folder) never stops the walkthrough: the failure is kept
for :meth:`ProgressStore.take_error`.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..files import SMALL_FILE_LIMIT, read_text, write_atomic
from ..paths import default_data_dir

FORMAT = "orbis-learn/1"
FILE_NAME = "learn.json"


class ProgressModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: str = FORMAT
    version: str  # the walkthrough version it belongs to
    step: int = Field(ge=0)
    starts: list[int]  # how many actions the game had when each step began
    actions: list[str]


class ProgressStore:
    """Reads and writes the one progress file."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_data_dir() / FILE_NAME
        self.error: OSError | None = None  # the last failure to save, until taken

    def save(self, progress: ProgressModel) -> bool:
        """Write the progress; False (and :meth:`take_error` says why) if it cannot be."""
        try:
            write_atomic(self.path, progress.model_dump_json(indent=1) + "\n")
        except OSError as exc:
            self.error = exc
            return False
        return True

    def take_error(self) -> OSError | None:
        """Why the last save failed, if it did (told once)."""
        error, self.error = self.error, None
        return error

    def load(self) -> ProgressModel | None:
        """The saved progress, or None when there is none or it cannot be used."""
        try:
            text = read_text(self.path, SMALL_FILE_LIMIT)
            progress = ProgressModel.model_validate(json.loads(text))
        except (OSError, ValueError, ValidationError, RecursionError):
            return None
        return progress if progress.format == FORMAT else None

    def exists(self) -> bool:
        return self.path.exists()

    def clear(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            self.error = exc
