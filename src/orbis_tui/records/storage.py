"""Reading and writing record files. Every write is atomic: temporary file, then rename."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..engine import Event, GameState
from ..files import RECORD_LIMIT, read_text, write_atomic, write_new
from ..i18n import gettext
from .model import GameRecord, RecordError, load_record

__all__ = [
    "read_record_file",
    "read_record_text",
    "text_digest",
    "write_atomic",
    "write_new_record_file",
    "write_record_file",
]


def write_record_file(path: Path, record: GameRecord) -> None:
    write_atomic(path, record.to_json())


def write_new_record_file(path: Path, record: GameRecord) -> None:
    """Write a record to a file that must not exist yet (``FileExistsError`` if it does)."""
    write_new(path, record.to_json())


def read_record_text(path: Path) -> str:
    """The text of a record file; :class:`RecordError` if it cannot be read as one."""
    try:
        return read_text(path, RECORD_LIMIT)
    except OSError as exc:
        message = gettext("cannot read: {error}").format(error=exc.strerror or exc)
        raise RecordError(message, source=str(path)) from exc  # the cause, for the app


def read_record_file(
    path: Path, own_digest: str | None = None, events: list[list[Event]] | None = None
) -> tuple[GameRecord, GameState]:
    """Load and replay a record file; :class:`RecordError` names the file and the problem.

    ``own_digest`` is the :func:`text_digest` of the last text this program wrote to
    ``path``: if the file still holds exactly that text, its fields need no check.
    ``events``, when given, receives the events of every action in turn.
    """
    text = read_record_text(path)
    own = own_digest is not None and text_digest(text) == own_digest
    return load_record(text, source=str(path), own=own, events=events)


def text_digest(text: str) -> str:
    """A fingerprint of ``text`` as written by this version of the program (another
    version's fingerprint of the same text differs, so its files are checked)."""
    from .. import __version__

    digest = hashlib.sha256(f"orbis-tui {__version__}\n".encode())
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()
