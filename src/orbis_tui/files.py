"""Reading and writing the program's files without trusting what is found on disk.

Every file the program reads goes through :func:`read_bytes` (or :func:`read_text`):
only a regular file is read (a pipe, a device or a folder is refused at once, never
waited on) and never more than a stated size. Every file it writes goes through
:func:`write_atomic` or :func:`write_new`: the text goes to a temporary file created
exclusively (a name planted in advance, a symbolic link for instance, is never
followed), then takes the target's place in one rename, so a reader only ever sees the
old or the new content. New files get the permissions the user's umask allows.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import time
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path

#: Sizes read at most, in bytes; a larger file is refused, not read in part.
RECORD_LIMIT = 8 * 1024 * 1024  # a long game with an embedded tile set is under 200 kB
DATA_FILE_LIMIT = 1024 * 1024  # the shipped tile file is about 20 kB
SMALL_FILE_LIMIT = 1024 * 1024  # walkthrough progress, cache entries

#: How temporaries are named: ``.<target name>.<process id>.<random>.tmp``.
TEMPORARY_SUFFIX = ".tmp"

_OPEN_FOR_READING = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
_OPEN_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)


class UnreadableFile(OSError):
    """A file refused before or while reading it: which file, and why."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(errno.EINVAL, reason, str(path))
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.filename}: {self.reason}"


def read_bytes(path: Path | str, limit: int) -> bytes:
    """The content of the regular file ``path``, at most ``limit`` bytes.

    Raises :class:`UnreadableFile` for anything that is not a regular file or is too
    large, and ``OSError`` (``FileNotFoundError``...) when it cannot be opened.
    """
    # O_NONBLOCK: opening a pipe that nobody writes to returns at once instead of waiting.
    fd = os.open(path, _OPEN_FOR_READING)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(path, f"not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise UnreadableFile(path, _too_large(info.st_size, limit))
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise UnreadableFile(path, _too_large(size, limit))
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path | str, limit: int) -> str:
    """The UTF-8 text of ``path`` (see :func:`read_bytes`); undecodable text is refused."""
    content = read_bytes(path, limit)
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnreadableFile(path, f"not a text file (not UTF-8 at byte {exc.start})") from None


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _too_large(size: int, limit: int) -> str:
    return f"too large ({size} bytes; at most {limit} are read)"


# ------------------------------------------------------------------------------ writing
def write_atomic(path: Path, text: str, *, durable: bool = True) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half.

    An existing file keeps its permissions; a new one gets those the umask allows.
    ``durable`` also waits for the disk (fsync), so a power cut cannot lose the write.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _write_temporary(path, text, durable)
    try:
        with suppress(OSError):  # no file there yet
            mode = path.stat().st_mode
            if stat.S_ISREG(mode):
                temporary.chmod(stat.S_IMODE(mode))
        temporary.replace(path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    if durable:
        _sync_directory(path.parent)


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, which must not exist yet (``FileExistsError`` if it does).

    The file appears whole or not at all, and an existing file is never replaced, not
    even one that appears while writing.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = _write_temporary(path, text, durable=True)
    try:
        os.link(temporary, path)  # fails, atomically, if the name is taken
    finally:
        temporary.unlink(missing_ok=True)
    _sync_directory(path.parent)


def _write_temporary(path: Path, text: str, durable: bool) -> Path:
    """A new file beside ``path`` holding ``text``; created exclusively, 0o666 less the umask."""
    data = text.encode("utf-8")
    for _ in range(16):
        temporary = path.with_name(
            f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{TEMPORARY_SUFFIX}"
        )
        try:
            fd = os.open(temporary, _OPEN_NEW, 0o666)
        except FileExistsError:
            continue
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if durable:
                os.fsync(fd)
        except BaseException:
            os.close(fd)
            temporary.unlink(missing_ok=True)
            raise
        os.close(fd)
        return temporary
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(path))


def sync_file(path: Path) -> None:
    """Wait until the disk holds ``path`` and its name (after a write that did not wait)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    _sync_directory(path.parent)


def _sync_directory(folder: Path) -> None:
    """Make a rename itself durable where the platform allows it."""
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


# ------------------------------------------------------------------------------ cleaning
def clean_temporaries(folder: Path, names: Iterable[str], older_than: float = 0.0) -> list[Path]:
    """Remove the temporaries left beside the files ``names`` of ``folder`` by killed writes.

    Only files named as :func:`write_atomic` (and earlier versions) name them are
    touched, and only if last changed more than ``older_than`` seconds ago (a write in
    progress in another process is younger than that). Returns what was removed.
    """
    removed: list[Path] = []
    now = time.time()
    for name in names:
        for candidate in _glob(folder, f".{name}.*{TEMPORARY_SUFFIX}"):
            try:
                info = candidate.lstat()
                if stat.S_ISDIR(info.st_mode) or now - info.st_mtime < older_than:
                    continue
                candidate.unlink()
            except OSError:
                continue
            removed.append(candidate)
    return removed


def _glob(folder: Path, pattern: str) -> list[Path]:
    try:
        return list(folder.glob(pattern))
    except OSError:
        return []
