"""Where the app keeps its games: the autosave and saved records.

The autosave is a game record (see :mod:`orbis_tui.records`) rewritten atomically
after every action, before the action is shown. A save that cannot be loaded is never
overwritten: it is moved aside under a new name and the problem is reported.

One app at a time keeps a data folder: :meth:`SaveStore.acquire` takes the folder's
lock (an advisory lock of the operating system, released by the system if the
process dies, so a stale lock never blocks); a second app finds it held and may open
the folder read-only (:meth:`SaveStore.open_read_only`), when it writes nothing.
"""

from __future__ import annotations

import errno
import os
import re
import threading
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from .i18n import N_, gettext
from .paths import ENV_DATA_DIR, default_cache_dir, default_data_dir

if TYPE_CHECKING:  # the records load only when a game is touched
    from filelock import BaseFileLock

    from .engine import Event
    from .records import GameRecord, Match, RecordError

AUTOSAVE_NAME = "autosave.json"
RECORDS_DIR = "records"
CACHE_DIR = "cache"
LOCK_NAME = ".orbis.lock"
PROGRESS_NAME = "learn.json"  # the walkthrough's progress, kept beside the autosave
# In the cache directory: the digest of the last autosave text written, so that the
# next start knows the file is unchanged and can skip checking its fields.
WRITTEN_DIGEST_NAME = "autosave.sha256"
# A temporary younger than this may belong to a write in progress elsewhere.
STALE_AFTER_SECONDS = 60.0

#: Texts about the data folder's lock and failed saves (English: see :func:`save_text`).
SAVE_TEXTS: dict[str, str] = {
    "open-elsewhere": (
        N_(
            "The game in {folder} is open in another window. Open it read-only (nothing "
            "played here is saved) or quit?"
        )
    ),
    # In a browser tab, whoever opens the page is told nothing of the server's folders.
    "open-elsewhere-web": N_(
        "This game is open in another tab or window. Open it read-only (nothing "
        "played here is saved) or quit?"
    ),
    "no-lock-web": N_("The game's folder cannot be locked; saving may fail."),
    "read-only": N_("Read-only: the game is open in another window; nothing played here is saved."),
    "no-lock": N_("The data folder {folder} cannot be locked ({reason}); saving may fail."),
    "read-only-error": N_("opened read-only (the game is open in another window)"),
    "unknown-seat": N_("seat {seat} ({name}): unknown seat kind {kind!r}; a person plays it"),
    "custom-set": N_(
        "this game uses a custom tile set, which breaks published facts ({count}): {facts}"
    ),
    "not-damage": N_("the save was not loaded, but it was left in place: {problem}"),
    "unreadable": N_(
        "The saved game cannot be read ({error}). It is not damaged and was left where it "
        "is: let this user read {path} and open Orbis again to resume it. A new game "
        "started now renames it to {aside} first."
    ),
}

# Why a file cannot be opened that says nothing about what it holds.
_ACCESS_ERRORS = frozenset({errno.EACCES, errno.EPERM, errno.ELOOP})


def save_text(key: str) -> str:
    """One of :data:`SAVE_TEXTS`, in the language in use."""
    return gettext(SAVE_TEXTS[key])


class LockState(Enum):
    """What :meth:`SaveStore.acquire` found."""

    HELD = "held"  # this app now keeps the folder
    ELSEWHERE = "elsewhere"  # another running app keeps it
    UNAVAILABLE = "unavailable"  # no lock can be taken here (e.g. a read-only folder)


class LockChoice(Enum):
    """The answers offered when the folder is kept by another app."""

    READ_ONLY = "read-only"
    QUIT = "quit"


@dataclass(frozen=True)
class LockOutcome:
    state: LockState
    reason: str | None = None  # why no lock could be taken (UNAVAILABLE)

    @property
    def choices(self) -> tuple[LockChoice, ...]:
        """What the user must choose from before going on (nothing when none is needed)."""
        return tuple(LockChoice) if self.state is LockState.ELSEWHERE else ()


class ReadOnlyStore(PermissionError):
    """Raised by writes of a store opened read-only."""


@dataclass(frozen=True)
class SaveFailure:
    """Saving has failed since ``since``: the game after ``saved_actions`` is not on disk."""

    error: OSError
    since: datetime
    saved_actions: int | None  # actions in the last save that worked (None: none did)


@dataclass
class LoadResult:
    """What was found in the autosave at start."""

    match: Match | None = None  # a game to resume (finished or not)
    problem: str | None = None  # why the save could not be loaded
    moved_to: Path | None = None  # where the damaged save went
    move_error: str | None = None  # why it could not be moved, if it could not
    left_in_place: bool = False  # the save could not be read, and was not touched
    notices: list[str] = field(default_factory=list)  # what was set right or is unusual

    @property
    def resumable(self) -> bool:
        return self.match is not None and not self.match.state.is_over


class SaveStore:
    """The data directory: the autosave, saved records, and the folder's lock.

    ``save_soon`` writes the autosave before it returns (an atomic replace, so a kill
    at any moment leaves the previous or the new save whole); waiting for the disk
    itself (fsync, against a power cut) and the cache's fingerprint are left to a
    writer thread. ``flush`` waits for that thread.
    """

    def __init__(self, root: Path | None = None) -> None:
        chosen = root is not None or bool(os.environ.get(ENV_DATA_DIR))
        self.root = Path(root) if root is not None else default_data_dir()
        # A data directory chosen for this run keeps its cache to itself.
        self.cache_dir = self.root / CACHE_DIR if chosen else default_cache_dir()
        self._lock = threading.Condition()
        self._pending: str | None = None  # text saved whose fsync and digest are due
        self._writing = False
        self._writer: threading.Thread | None = None
        self._error: OSError | None = None
        self._failure: SaveFailure | None = None
        self._saved_actions: int | None = None
        self._saved_setup: object = None  # the setup of the game saved last (by identity)
        self._folder_lock: BaseFileLock | None = None
        self.read_only = False
        # An autosave this user cannot read, set aside before the first save replaces it.
        self._unreadable: Path | None = None

    @property
    def autosave(self) -> Path:
        return self.root / AUTOSAVE_NAME

    # ------------------------------------------------------------------ the folder's lock
    def acquire(self, wait: float = 0.0) -> LockOutcome:
        """Take the data folder's lock, and clean what killed writes left behind.

        Returns HELD (this app keeps the folder), ELSEWHERE (another app does: ask
        the user, see :meth:`LockOutcome.choices` and :func:`apply_lock_choice`; after
        waiting up to ``wait`` seconds for it to let go) or
        UNAVAILABLE (no lock can be taken: saving will most likely fail too, and will
        say so).
        """
        if self._folder_lock is not None and self._folder_lock.is_locked:
            return LockOutcome(LockState.HELD)
        from filelock import FileLock, Timeout

        try:
            self.root.mkdir(parents=True, exist_ok=True)
            lock = FileLock(self.root / LOCK_NAME, timeout=max(0.0, wait))
            lock.acquire()
        except Timeout:
            return LockOutcome(LockState.ELSEWHERE)
        except OSError as exc:
            return LockOutcome(LockState.UNAVAILABLE, exc.strerror or str(exc))
        self._folder_lock = lock
        self.clean_temporaries()
        return LockOutcome(LockState.HELD)

    def release(self) -> None:
        """Let another app keep the folder (after the last save is on disk)."""
        self.flush()
        lock, self._folder_lock = self._folder_lock, None
        if lock is not None:
            with suppress(OSError):
                lock.release()

    def open_read_only(self) -> None:
        """From now on this store writes nothing: no autosave, no moving a damaged save."""
        self.flush()
        self.read_only = True
        with self._lock:
            if self._failure is None:
                error = ReadOnlyStore(save_text("read-only-error"))
                self._failure = SaveFailure(error, datetime.now(), self._saved_actions)

    def clean_temporaries(self) -> list[Path]:
        """Remove the temporary files that killed writes left in the data and cache folders."""
        from .files import clean_temporaries

        removed = clean_temporaries(
            self.root, [AUTOSAVE_NAME, PROGRESS_NAME], older_than=STALE_AFTER_SECONDS
        )
        removed += clean_temporaries(
            self.root / RECORDS_DIR, ["*.json"], older_than=STALE_AFTER_SECONDS
        )
        removed += clean_temporaries(
            self.cache_dir, [WRITTEN_DIGEST_NAME], older_than=STALE_AFTER_SECONDS
        )
        return removed

    # ------------------------------------------------------------------ loading
    def load(self) -> LoadResult:
        path = self.autosave
        if not path.exists() and not path.is_symlink():
            return LoadResult()
        from .records import Match, RecordError, read_record_file
        from .tiles import DataFileError

        try:
            events: list[list[Event]] = []
            record, state = read_record_file(path, own_digest=self._written_digest(), events=events)
        except RecordError as exc:
            cause = exc.__cause__
            if isinstance(cause, OSError) and cause.errno in _ACCESS_ERRORS:
                return self._unreadable_save(path, cause)
            return self._damaged(path, _problem(exc))
        except (DataFileError, OSError) as exc:  # the program's files, not the save
            return LoadResult(problem=save_text("not-damage").format(problem=exc))
        result = LoadResult(match=Match(record, state, events))
        result.notices += _seat_notices(record)
        result.notices += _tile_set_notices(record)
        return result

    def _unreadable_save(self, path: Path, error: OSError) -> LoadResult:
        """A save this user may not read (or a loop of links): nothing is known of what
        it holds, so it is left in place, and a new game sets it aside before saving."""
        from .printable import printable

        self._unreadable = path
        aside = path.with_name(f"{path.stem}.unreadable-….json").name
        problem = save_text("unreadable").format(
            error=error.strerror or error, path=printable(path), aside=aside
        )
        return LoadResult(problem=problem, left_in_place=True)

    def _set_aside_unreadable(self) -> None:
        """Rename the unreadable save found at start, so that saving does not replace it."""
        path = self._unreadable
        if path is None:
            return
        target = self._free_name(path.with_name(f"{path.stem}.unreadable-{_stamp()}.json"))
        path.rename(target)  # OSError: then nothing is saved over it
        self._unreadable = None

    def _damaged(self, path: Path, problem: str) -> LoadResult:
        if self.read_only:
            return LoadResult(problem=problem, move_error=save_text("read-only-error"))
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

    def _written_digest(self) -> str | None:
        from .files import read_text

        try:
            return read_text(self.cache_dir / WRITTEN_DIGEST_NAME, 1024).strip()
        except OSError:
            return None

    # ------------------------------------------------------------------ saving
    def save(self, record: GameRecord) -> None:
        """Write the autosave now and wait for the disk; ``OSError`` if it cannot be."""
        if self.read_only:
            raise ReadOnlyStore(save_text("read-only-error"))
        error = self._write_now(record)
        self.flush()
        if error is not None:
            raise error

    def save_soon(self, record: GameRecord) -> None:
        """Write the autosave before returning; a failure is kept for :meth:`take_error`.

        The file is replaced atomically, so once this returns a killed process keeps
        this very save. Waiting for the disk (fsync) happens in the writer thread.
        """
        if self.read_only:
            return
        error = self._write_now(record)
        if error is not None:
            with self._lock:
                self._error = error

    def _write_now(self, record: GameRecord) -> OSError | None:
        from .files import write_atomic

        text = record.to_json()
        try:
            self._set_aside_unreadable()
            write_atomic(self.autosave, text, durable=False)
        except OSError as exc:
            with self._lock:
                if self._failure is None:
                    # What is on disk of this game: nothing, if the last save was another's.
                    same = self._saved_setup is record.setup
                    saved = self._saved_actions if same else None
                    self._failure = SaveFailure(exc, datetime.now(), saved)
            return exc
        with self._lock:
            self._saved_actions = len(record.actions)
            self._saved_setup = record.setup
            self._failure = None
            self._pending = text
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(
                    target=self._write_loop, name="orbis-autosave", daemon=True
                )
                self._writer.start()
            self._lock.notify_all()
        return None

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every autosave written so far has reached the disk."""
        with self._lock:
            self._lock.wait_for(lambda: self._pending is None and not self._writing, timeout)

    def take_error(self) -> OSError | None:
        """The last autosave failure, if any (reported once)."""
        with self._lock:
            error, self._error = self._error, None
        return error

    @property
    def failure(self) -> SaveFailure | None:
        """Whether saving has failed since some moment (None while every save works).

        Set by the first failed save (or by opening read-only) and kept until a save
        works again: what was played since ``failure.since`` is not on disk.
        """
        with self._lock:
            return self._failure

    def _write_loop(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._pending is not None, timeout=30):
                    self._writer = None
                    return
                text, self._pending = self._pending, None
                self._writing = True
            try:
                self._make_durable(text)  # type: ignore[arg-type]  # not None: waited for above
            except OSError as exc:
                with self._lock:
                    self._error = exc
            finally:
                with self._lock:
                    self._writing = False
                    self._lock.notify_all()

    def _make_durable(self, text: str) -> None:
        """Wait for the disk to hold the autosave, then note its fingerprint in the cache."""
        from .files import sync_file, write_atomic
        from .records import text_digest

        sync_file(self.autosave)
        with suppress(OSError):  # without it the next start checks the file in full
            write_atomic(self.cache_dir / WRITTEN_DIGEST_NAME, text_digest(text), durable=False)

    # ------------------------------------------------------------------ records
    def archive_autosave(self, record: GameRecord) -> Path | None:
        """Move the autosave (holding ``record``) among the records, before a new game.

        Nothing is moved by a read-only store: the autosave belongs to the other app.
        Returns where it went, or None if it stayed.
        """
        if self.read_only or not self.autosave.exists():
            return None
        kept = self._kept_already()
        if kept is not None:  # saved with s at the end: one copy is enough
            with suppress(OSError):
                self.autosave.unlink()
                return kept
        try:
            target = self.record_path(record)
            target.parent.mkdir(parents=True, exist_ok=True)
            self.autosave.replace(target)
        except OSError:
            return None
        return target

    def _kept_already(self) -> Path | None:
        """A record among the records holding exactly what the autosave holds."""
        from .files import RECORD_LIMIT, read_bytes

        try:
            text = read_bytes(self.autosave, RECORD_LIMIT)
            for kept in (self.root / RECORDS_DIR).glob("*.json"):
                info = kept.lstat()
                if info.st_size == len(text) and read_bytes(kept, RECORD_LIMIT) == text:
                    return kept
        except OSError:
            return None
        return None

    def record_path(self, record: GameRecord) -> Path:
        """A fresh file name for a finished game's record."""
        names = "-".join(_slug(n) for n in record.setup.players)
        name = f"orbis-{_stamp()}-{names}.json"
        return self._free_name(self.root / RECORDS_DIR / name)

    @staticmethod
    def target_exists(path: Path) -> bool:
        """Whether saving a record to ``path`` would replace something (ask first)."""
        path = Path(path).expanduser()
        return path.exists() or path.is_symlink()

    def export(self, record: GameRecord, path: Path, *, overwrite: bool = False) -> Path:
        """Save ``record`` to ``path`` (anywhere, even when the autosave fails).

        An existing file is replaced only with ``overwrite``; otherwise
        ``FileExistsError`` is raised and nothing is written.
        """
        from .records import write_new_record_file, write_record_file

        path = Path(path).expanduser()
        if overwrite:
            write_record_file(path, record)
        else:
            write_new_record_file(path, record)
        return path


def apply_lock_choice(store: SaveStore, choice: LockChoice) -> bool:
    """Act on the user's answer when the folder is kept elsewhere; False means quit."""
    if choice is LockChoice.READ_ONLY:
        store.open_read_only()
        return True
    return False


def _seat_notices(record: GameRecord) -> list[str]:
    """Seat kinds this version does not know become person seats (they are informative)."""
    from .levels import HUMAN, LEVELS

    seats = record.setup.seats
    if seats is None:
        return []
    known = {HUMAN, *LEVELS}
    notices: list[str] = []
    fixed = []
    for index, name in enumerate(record.setup.players):
        kind = seats[index] if index < len(seats) else HUMAN
        if not isinstance(kind, str) or kind not in known:
            notices.append(save_text("unknown-seat").format(seat=index + 1, name=name, kind=kind))
            kind = HUMAN
        fixed.append(kind)
    if notices:
        record.setup.seats = fixed
    return notices


def _tile_set_notices(record: GameRecord) -> list[str]:
    from .records import custom_set_facts

    facts = custom_set_facts(record.setup)
    if not facts:
        return []
    shown = "; ".join(facts[:3]) + (f"; and {len(facts) - 3} more" if len(facts) > 3 else "")
    return [save_text("custom-set").format(count=len(facts), facts=shown)]


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
