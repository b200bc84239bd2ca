"""Where a walkthrough in progress is kept, so the learner can leave and come back.

The progress file is small JSON in the app's data folder, written atomically (a
temporary file, then a rename). It stores the step reached, where each step started
and the game's actions in notation; loading replays them, so a damaged or outdated
file is simply ignored and the walkthrough starts over.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..paths import default_data_dir
from ..records.storage import write_atomic

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

    def save(self, progress: ProgressModel) -> None:
        write_atomic(self.path, progress.model_dump_json(indent=1) + "\n")

    def load(self) -> ProgressModel | None:
        """The saved progress, or None when there is none or it cannot be read."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        try:
            progress = ProgressModel.model_validate(json.loads(text))
        except (ValueError, ValidationError):
            return None
        return progress if progress.format == FORMAT else None

    def exists(self) -> bool:
        return self.path.exists()

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
