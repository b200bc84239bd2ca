"""The error of a data file that cannot be used."""

from __future__ import annotations

from pathlib import Path


class DataFileError(Exception):
    """A data file could not be read or does not have the right shape."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        super().__init__(f"{path}: " + "; ".join(problems))
