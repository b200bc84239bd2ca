"""The tables this machine has joined: their links, kept for ``orbis tables``.

One JSON file in the user's data folder, ``tables.json``, readable by the user only
(mode 0600): a link is a seat, and a secret. It is written whole to a file beside it,
then renamed over it, so a crash never leaves half a file. A file that cannot be read
is kept as ``tables.damaged-<time>.json`` (never overwritten) and the list starts
empty; the caller says so.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from .links import Link, parse_link

FILE = "tables.json"
MAX_FILE = 1_000_000  # bytes read from the file: a few thousand links
MAX_KEPT = 200  # links kept: the newest


@dataclass(frozen=True)
class Joined:
    link: Link
    joined: float  # when it was last joined (seconds since the epoch)


@dataclass(frozen=True)
class JoinedList:
    tables: list[Joined]
    set_aside: Path | None = None  # where a damaged file was kept, if it was
    unreadable: bool = False  # damaged, and it could not be set aside: it is left as it is


def _path(data_dir: Path) -> Path:
    return data_dir / FILE


def load_joined(data_dir: Path) -> JoinedList:
    """The tables joined from this machine, newest first."""
    path = _path(data_dir)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE + 1)
    except FileNotFoundError:
        return JoinedList([])
    except OSError:
        return _damaged(path)
    try:
        if len(raw) > MAX_FILE:
            raise ValueError("too big")
        plain = json.loads(raw.decode("utf-8"))
        tables = [_entry(item) for item in plain["tables"]]
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        return _damaged(path)
    tables.sort(key=lambda each: each.joined, reverse=True)
    return JoinedList(tables)


def _entry(item: object) -> Joined:
    if not isinstance(item, dict):
        raise ValueError("an entry is an object")
    link, joined = item["link"], item["joined"]
    if type(link) is not str or type(joined) not in (int, float):
        raise ValueError("an entry is a link and a time")
    return Joined(parse_link(link), float(joined))


def _damaged(path: Path) -> JoinedList:
    """Keep the unreadable file under another name, or leave it where it is."""
    aside = path.with_name(f"tables.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
    try:
        path.replace(aside)
    except OSError:
        return JoinedList([], unreadable=True)
    return JoinedList([], aside)


def _known(data_dir: Path) -> list[Joined]:
    listed = load_joined(data_dir)
    if listed.unreadable:  # never written over
        raise OSError(f"{_path(data_dir)} cannot be read, nor set aside: it is left as it is")
    return listed.tables


def remember_joined(data_dir: Path, link: Link, now: float | None = None) -> None:
    """Keep ``link`` at the top of the list (it was joined just now)."""
    known = _known(data_dir)
    kept = [each for each in known if each.link != link]
    kept.insert(0, Joined(link, time.time() if now is None else now))
    _write(data_dir, kept[:MAX_KEPT])


def forget_joined(data_dir: Path, link: Link) -> None:
    """Take ``link`` off the list."""
    known = _known(data_dir)
    _write(data_dir, [each for each in known if each.link != link])


def _write(data_dir: Path, tables: list[Joined]) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    path = _path(data_dir)
    plain = {"tables": [{"link": str(each.link), "joined": each.joined} for each in tables]}
    fresh = path.with_name(f".{FILE}.{os.getpid()}.new")
    descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(plain, file, indent=1)
        fresh.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            fresh.unlink()
        raise
