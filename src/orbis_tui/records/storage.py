"""Reading and writing record files. Every write is atomic: temporary file, then rename."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from ..engine import GameState
from .model import GameRecord, RecordError, load_record


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes owner-only files; a record is an ordinary document.
        Path(tmp).chmod(path.stat().st_mode & 0o777 if path.exists() else 0o644)
        Path(tmp).replace(path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_directory(path.parent)


def _sync_directory(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_record_file(path: Path, record: GameRecord) -> None:
    write_atomic(path, record.to_json())


def read_record_file(path: Path, own_digest: str | None = None) -> tuple[GameRecord, GameState]:
    """Load and replay a record file; :class:`RecordError` names the file and the problem.

    ``own_digest`` is the :func:`text_digest` of the last text this program wrote to
    ``path``: if the file still holds exactly that text, its fields need no check.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read: {exc.strerror or exc}", source=str(path)) from None
    except UnicodeDecodeError:
        raise RecordError("not a text file", source=str(path)) from None
    own = own_digest is not None and text_digest(text) == own_digest
    return load_record(text, source=str(path), own=own)


def text_digest(text: str) -> str:
    """A fingerprint of ``text`` as written by this version of the program (another
    version's fingerprint of the same text differs, so its files are checked)."""
    from .. import __version__

    digest = hashlib.sha256(f"orbis-tui {__version__}\n".encode())
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()
