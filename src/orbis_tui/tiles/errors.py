"""The error of a data file that cannot be used."""

from __future__ import annotations

from pathlib import Path

from ..printable import MAX_LINE, printable


class DataFileError(Exception):
    """A data file could not be read or does not have the right shape."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        # A file's text can reach the problems: they are made safe to show anywhere.
        self.path = printable(str(path), MAX_LINE)
        self.problems = [printable(p, MAX_LINE) for p in problems]
        super().__init__(f"{self.path}: " + "; ".join(self.problems))
