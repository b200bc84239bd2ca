"""Where a walkthrough in progress is kept, so the learner can leave and come back.

The progress file is small JSON in the app's data folder, written atomically (a
temporary file, then a rename). It stores the step reached, where each step started
and the game's actions in notation; loading replays them. An outdated file is ignored
and the walkthrough starts over; so does a damaged one, but it is first renamed
``learn.damaged-<time>.json`` (:meth:`ProgressStore.set_aside`) and the learner is told
why (:attr:`ProgressStore.problem`). A progress file that cannot be
written (a read-only or full folder) never stops the walkthrough: the failure is kept
for :meth:`ProgressStore.take_error`.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..files import SMALL_FILE_LIMIT, read_text, write_atomic
from ..i18n import N_, gettext
from ..paths import default_data_dir
from ..printable import MAX_LINE, printable

FORMAT = "orbis-learn/1"
FILE_NAME = "learn.json"
#: Why a progress file that reads as one still cannot be resumed.
NOT_FITTING = N_("its steps and actions do not fit the walkthrough")


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
        self.problem: str | None = None  # why the file the last load found is damaged

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
        """The saved progress, or None when there is none or it cannot be used (when it
        is damaged, :attr:`problem` says how)."""
        self.problem = None
        try:
            text = read_text(self.path, SMALL_FILE_LIMIT)
        except OSError:  # none, or not a file: saving says what is wrong, if anything
            return None
        try:
            progress = ProgressModel.model_validate(json.loads(text))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "(top level)"
            self.damaged(f"{where}: {first['msg']}")
            return None
        except (ValueError, RecursionError) as exc:  # not JSON, or nested too deeply
            self.damaged(str(exc) or type(exc).__name__)
            return None
        if progress.format != FORMAT:
            self.damaged(f"format {progress.format!r}")
            return None
        return progress

    def damaged(self, problem: str) -> None:
        """Say that the file is damaged, and how."""
        self.problem = printable(problem, MAX_LINE)

    def set_aside(self) -> Path | None:
        """Rename the damaged file, so that starting over does not write over it; where it
        went, or None if it could not be renamed (then :meth:`take_error` says why)."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.stem}.damaged-{stamp}{self.path.suffix}")
        number = 2
        while target.exists() or target.is_symlink():
            target = target.with_name(f"{self.path.stem}.damaged-{stamp}-{number}.json")
            number += 1
        try:
            self.path.rename(target)
        except OSError as exc:
            self.error = exc
            return None
        return target

    def not_fitting(self) -> None:
        """Say that the file reads well but does not fit the walkthrough."""
        self.damaged(gettext(NOT_FITTING))

    def exists(self) -> bool:
        return self.path.exists()

    def clear(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            self.error = exc
