"""Where the app keeps its games: the autosave and saved records.

The autosave is a game record (see :mod:`orbis_tui.records`) rewritten atomically
after every action. A save that cannot be loaded is never overwritten: it is moved
aside under a new name and the problem is reported.
"""

from __future__ import annotations

import os
import re
import threading
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..paths import ENV_DATA_DIR, default_cache_dir, default_data_dir

if TYPE_CHECKING:  # the records load only when a game is touched
    from ..records import Match, RecordError
    from ..records.model import GameRecord

AUTOSAVE_NAME = "autosave.json"
RECORDS_DIR = "records"
CACHE_DIR = "cache"
# In the cache directory: the digest of the last autosave text written, so that the
# next start knows the file is unchanged and can skip checking its fields.
WRITTEN_DIGEST_NAME = "autosave.sha256"


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
    """The data directory. The autosave is written by a writer thread, in order.

    ``save_soon`` hands the record's text to the writer and returns at once, so a
    slow disk never delays the game; ``flush`` waits until everything handed over is
    on disk. Each write is atomic (see :func:`orbis_tui.records.write_atomic`).
    """

    def __init__(self, root: Path | None = None) -> None:
        chosen = root is not None or bool(os.environ.get(ENV_DATA_DIR))
        self.root = Path(root) if root is not None else default_data_dir()
        # A data directory chosen for this run keeps its cache to itself.
        self.cache_dir = self.root / CACHE_DIR if chosen else default_cache_dir()
        self._lock = threading.Condition()
        self._pending: str | None = None
        self._writing = False
        self._writer: threading.Thread | None = None
        self._error: OSError | None = None

    @property
    def autosave(self) -> Path:
        return self.root / AUTOSAVE_NAME

    def load(self) -> LoadResult:
        path = self.autosave
        if not path.exists():
            return LoadResult()
        from ..records import Match, RecordError, read_record_file

        try:
            record, state = read_record_file(path, own_digest=self._written_digest())
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
        """Write the autosave now (after anything already handed to the writer)."""
        self.flush()
        self._write_autosave(record.to_json())

    def _write_autosave(self, text: str) -> None:
        from ..records.storage import text_digest, write_atomic

        write_atomic(self.autosave, text)
        marker = self.cache_dir / WRITTEN_DIGEST_NAME
        temporary = marker.with_name(f".{marker.name}.{os.getpid()}.tmp")
        try:
            self.cache_dir.mkdir(parents=True, exist_ok=True)
            temporary.write_text(text_digest(text), encoding="ascii")
            temporary.replace(marker)
        except OSError:  # the next start checks the file in full
            with suppress(OSError):
                temporary.unlink(missing_ok=True)

    def _written_digest(self) -> str | None:
        try:
            return (self.cache_dir / WRITTEN_DIGEST_NAME).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None

    def save_soon(self, record: GameRecord) -> None:
        """Hand the autosave to the writer thread; a newer one replaces an unwritten one."""
        text = record.to_json()
        with self._lock:
            self._pending = text
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(
                    target=self._write_loop, name="orbis-autosave", daemon=True
                )
                self._writer.start()
            self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every autosave handed to the writer is on disk."""
        with self._lock:
            self._lock.wait_for(lambda: self._pending is None and not self._writing, timeout)

    def take_error(self) -> OSError | None:
        """The last autosave failure, if any (reported once)."""
        with self._lock:
            error, self._error = self._error, None
        return error

    def _write_loop(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._pending is not None, timeout=30):
                    self._writer = None
                    return
                text, self._pending = self._pending, None
                self._writing = True
            try:
                self._write_autosave(text)  # type: ignore[arg-type]
            except OSError as exc:
                with self._lock:
                    self._error = exc
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

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
