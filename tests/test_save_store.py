"""The autosave and the data folder: one app at a time, nothing shown that is not on disk,
nothing planted followed, nothing left behind, a failure remembered."""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hostile import finishes_within
from orbis_tui import files
from orbis_tui.records import Match, read_record_file
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import (
    AUTOSAVE_NAME,
    WRITTEN_DIGEST_NAME,
    LoadResult,
    LockChoice,
    LockState,
    ReadOnlyStore,
    SaveStore,
    apply_lock_choice,
)
from orbis_tui.tiles import catalog


def played(decisions: int, seed: int = 5) -> Match:
    match = Match.start(setup_for_game(["Ann", "Ben"], seed, 0))
    rng = random.Random(seed)
    while len(match.actions) < decisions:
        match.play(rng.choice(match.state.legal_actions()))
    return match


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SaveStore]:
    store = SaveStore(tmp_path / "data")
    yield store
    store.release()


# ---------------------------------------------------------------- write before showing
def test_an_action_is_on_disk_when_save_soon_returns(store: SaveStore) -> None:
    match = played(0)
    for _ in range(30):
        match.play(random.Random(len(match.actions)).choice(match.state.legal_actions()))
        store.save_soon(match.record)
        # no flush: what the screen shows next must already be in the file
        assert store.autosave.read_text() == match.record.to_json()


# ---------------------------------------------------------------- the folder's lock
def test_a_window_that_waits_gets_the_folder_the_last_one_lets_go(store: SaveStore) -> None:
    """A reloaded browser page: the new game waits while the old one saves and leaves."""
    assert store.acquire().state is LockState.HELD
    leaving = threading.Timer(0.2, store.release)
    leaving.start()
    try:
        assert SaveStore(store.root).acquire(wait=5.0).state is LockState.HELD
    finally:
        leaving.join()


def test_a_second_store_finds_the_folder_kept_and_may_open_it_read_only(
    tmp_path: Path, store: SaveStore
) -> None:
    assert store.acquire().state is LockState.HELD
    store.save_soon(played(6).record)
    second = SaveStore(store.root)
    outcome = second.acquire()
    assert outcome.state is LockState.ELSEWHERE
    assert outcome.choices == (LockChoice.READ_ONLY, LockChoice.QUIT)
    assert apply_lock_choice(SaveStore(store.root), LockChoice.QUIT) is False
    assert apply_lock_choice(second, LockChoice.READ_ONLY) is True
    assert second.read_only
    # the read-only window plays its own game and writes nothing
    before = store.autosave.read_bytes()
    second.save_soon(played(12, seed=9).record)
    second.flush()
    assert store.autosave.read_bytes() == before
    assert second.failure is not None
    assert isinstance(second.failure.error, ReadOnlyStore)
    with pytest.raises(ReadOnlyStore):
        second.save(played(2).record)
    assert second.load().match is not None  # it can still show the saved game
    store.release()
    assert SaveStore(store.root).acquire().state is LockState.HELD


def test_both_windows_resuming_keep_the_first_windows_game(store: SaveStore) -> None:
    store.acquire()
    store.save(played(4).record)
    first_game = store.load().match
    assert first_game is not None
    second = SaveStore(store.root)
    assert second.acquire().state is LockState.ELSEWHERE
    second.open_read_only()
    resumed = second.load().match
    assert resumed is not None
    # both play on from the same save; only the window that keeps the folder saves
    for window, match, seed in ((store, first_game, 1), (second, resumed, 2)):
        rng = random.Random(seed)
        for _ in range(5):
            match.play(rng.choice(match.state.legal_actions()))
            window.save_soon(match.record)
    store.flush()
    record, _ = read_record_file(store.autosave)
    assert record.actions == first_game.record.actions


def test_a_lock_left_by_a_killed_process_never_blocks(tmp_path: Path) -> None:
    root = tmp_path / "data"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from pathlib import Path\n"
            "from orbis_tui.saves import SaveStore\n"
            "store = SaveStore(Path(sys.argv[1]))\n"
            "print(store.acquire().state.value, flush=True)\n"
            "time.sleep(60)\n",
            str(root),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "held"
    assert SaveStore(root).acquire().state is LockState.ELSEWHERE
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    assert (root / ".orbis.lock").exists()  # the file stays; the lock went with the process
    again = SaveStore(root)
    assert again.acquire().state is LockState.HELD
    again.release()


def test_no_lock_can_be_taken_where_the_data_folder_is_a_file(tmp_path: Path) -> None:
    path = tmp_path / "a-file"
    path.write_text("not a folder")
    store = SaveStore(path)
    outcome = store.acquire()
    assert outcome.state is LockState.UNAVAILABLE
    assert outcome.reason
    assert outcome.choices == ()


# ---------------------------------------------------------------- what killed writes leave
def test_stale_temporaries_are_cleaned_at_start_young_ones_kept(store: SaveStore) -> None:
    root, cache = store.root, store.cache_dir
    cache.mkdir(parents=True)
    stale = [
        root / ".autosave.json.abc123.tmp",  # earlier versions' random names
        root / f".autosave.json.{os.getpid()}.0badc0de.tmp",
        cache / ".autosave.sha256.4242.tmp",  # earlier versions' marker temporaries
        root / ".learn.json.x1y2.tmp",
    ]
    young = root / ".autosave.json.999.cafe.tmp"
    unrelated = root / ".notes.tmp"
    long_ago = time.time() - 3600
    for path in [*stale, young, unrelated]:
        path.write_text("half")
    for path in [*stale, unrelated]:
        os.utime(path, (long_ago, long_ago))
    assert store.acquire().state is LockState.HELD
    assert [p for p in stale if p.exists()] == []
    assert young.exists() and unrelated.exists()


# ---------------------------------------------------------------- planted names, permissions
def test_a_planted_symlink_is_never_written_through(tmp_path: Path, store: SaveStore) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    store.cache_dir.mkdir(parents=True)
    store.root.mkdir(parents=True, exist_ok=True)
    # the names earlier versions wrote to, predictable from the process id
    for planted in (
        store.cache_dir / f".{WRITTEN_DIGEST_NAME}.{os.getpid()}.tmp",
        store.root / f".{AUTOSAVE_NAME}.{os.getpid()}.tmp",
    ):
        planted.symlink_to(victim)
    store.save(played(3).record)
    assert victim.read_text() == "precious"


def test_temporaries_are_created_exclusively(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    monkeypatch.setattr(secrets, "token_hex", lambda n: "fixed")
    (tmp_path / f".target.json.{os.getpid()}.fixed.tmp").symlink_to(victim)
    with pytest.raises(FileExistsError):
        files.write_atomic(tmp_path / "target.json", "new text")
    assert victim.read_text() == "precious"
    assert not (tmp_path / "target.json").exists()


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_saves_follow_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    old = os.umask(umask)
    try:
        store = SaveStore(tmp_path / "data")
        store.save(played(1).record)
        path = store.export(played(1).record, tmp_path / "game.json")
    finally:
        os.umask(old)
    assert store.autosave.stat().st_mode & 0o777 == mode
    assert path.stat().st_mode & 0o777 == mode


def test_an_existing_save_keeps_its_permissions(store: SaveStore) -> None:
    store.save(played(1).record)
    store.autosave.chmod(0o600)
    store.save(played(2).record)
    assert store.autosave.stat().st_mode & 0o777 == 0o600


# ---------------------------------------------------------------- failing saves
def test_a_failing_save_is_remembered_from_its_first_moment_until_one_works(
    store: SaveStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = played(4)
    store.save_soon(match.record)
    assert store.failure is None
    real = files.write_atomic

    def full_disk(path: Path, text: str, **_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files, "write_atomic", full_disk)
    match.play(match.state.legal_actions()[0])
    store.save_soon(match.record)
    failure = store.failure
    assert failure is not None
    assert failure.saved_actions == 4  # the save on disk holds the first 4 actions
    assert "No space" in str(store.take_error())
    assert store.take_error() is None  # told once
    match.play(match.state.legal_actions()[0])
    store.save_soon(match.record)
    assert store.failure is failure  # still failing since the same moment
    monkeypatch.setattr(files, "write_atomic", real)
    store.save_soon(match.record)
    assert store.failure is None
    assert json.loads(store.autosave.read_text())["actions"] == match.actions


def test_a_record_is_saved_over_an_existing_file_only_when_asked(
    tmp_path: Path, store: SaveStore
) -> None:
    target = tmp_path / "game.json"
    target.write_text("someone's file")
    assert store.target_exists(target)
    with pytest.raises(FileExistsError):
        store.export(played(2).record, target)
    assert target.read_text() == "someone's file"
    store.export(played(2).record, target, overwrite=True)
    assert json.loads(target.read_text())["actions"] == played(2).actions
    assert not store.target_exists(tmp_path / "elsewhere.json")


# ---------------------------------------------------------------- loading what is found
def test_an_unknown_seat_kind_becomes_a_person_with_a_notice(store: SaveStore) -> None:
    record = played(3).record
    record.setup.seats = ["robot", "easy"]
    store.root.mkdir(parents=True)
    store.autosave.write_text(record.to_json())
    loaded = store.load()
    assert loaded.match is not None
    assert loaded.match.record.setup.seats == ["human", "easy"]
    assert any("robot" in n and "person" in n for n in loaded.notices)
    assert store.autosave.exists()  # nothing moved aside


def test_a_pipe_as_the_autosave_is_refused_at_once(store: SaveStore) -> None:
    store.root.mkdir(parents=True)
    os.mkfifo(store.autosave)
    loaded = finishes_within(5, store.load)  # opening the pipe to read it would block
    assert isinstance(loaded, LoadResult)
    assert loaded.match is None
    assert "not a regular file" in (loaded.problem or "")


def test_a_broken_cache_entry_never_makes_a_sound_save_damaged(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "data")
    catalog.use_cache(store.cache_dir)
    catalog._default = None  # start as a new process would
    try:
        store.save(played(5).record)
        entries = sorted(store.cache_dir.glob("catalog-*.json"))
        assert entries
        # sound digest, payload nested too deeply to read back
        payload = "[" * 100_000 + "]" * 100_000
        digest = catalog._payload_digest(payload)
        for entry in entries:
            entry.write_text(json.dumps({"sha256": digest, "catalog": payload}))
        catalog._default = None
        loaded = store.load()
        assert loaded.match is not None and loaded.problem is None
        assert store.autosave.exists()
        # a pipe planted as the entry is no more than a missing entry
        for entry in entries:
            entry.unlink()
            os.mkfifo(entry)
        catalog._default = None
        again = finishes_within(5, store.load)
        assert isinstance(again, LoadResult) and again.match is not None
    finally:
        catalog._default = None


def test_a_new_game_in_the_read_only_window_moves_and_writes_nothing(store: SaveStore) -> None:
    store.acquire()
    kept = played(7)
    store.save(kept.record)
    second = SaveStore(store.root)
    assert second.acquire().state is LockState.ELSEWHERE
    second.open_read_only()
    loaded = second.load().match
    assert loaded is not None
    assert second.archive_autosave(loaded.record) is None  # a new game there archives nothing
    second.save_soon(played(3, seed=11).record)
    assert read_record_file(store.autosave)[0].actions == kept.actions
    # the window that keeps the folder archives as before
    assert store.archive_autosave(kept.record) is not None
    assert not store.autosave.exists()


def test_a_game_saved_with_s_is_not_kept_twice_when_a_new_one_starts(store: SaveStore) -> None:
    """The end screen's s writes the record among the records; the next new game finds
    the autosave holding the same game and keeps one copy, not two."""
    finished = played(9)
    store.save(finished.record)
    saved = store.export(finished.record, store.record_path(finished.record))
    assert store.archive_autosave(finished.record) == saved
    assert not store.autosave.exists()
    assert list((store.root / "records").iterdir()) == [saved]
    # a game saved before and played on afterwards is still archived beside it
    store.save(played(12).record)
    archived = store.archive_autosave(played(12).record)
    assert archived is not None and archived != saved
    assert len(list((store.root / "records").iterdir())) == 2


def test_a_save_behind_a_loop_of_links_is_not_called_damaged(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    (tmp_path / "loop").symlink_to(tmp_path / AUTOSAVE_NAME)
    store.autosave.symlink_to(tmp_path / "loop")
    loaded = store.load()
    assert loaded.left_in_place and loaded.moved_to is None and loaded.match is None
    assert loaded.problem is not None and "cannot be read" in loaded.problem
    assert store.autosave.is_symlink()  # untouched
    assert not list(tmp_path.glob("autosave.damaged-*"))
