"""The makers of hostile input and the outcome counter of ``benchmarks/fuzz_readers.py``
(its docstring says what each reader is fed): paths that are not plain files, text
that is not text or not the format, a sound value with one field after another made
hostile, and :class:`Fuzz`, which runs a reader with a time limit and counts what
happened."""

from __future__ import annotations

import copy
import json
import os
import random
import tempfile
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HOSTILE_VALUES: list[Any] = [
    None,
    True,
    -1,
    10**30,
    1e308,
    float("nan"),
    "",
    "x" * 100_000,
    [],
    {},
    "\x1b]0;PWNED\x07Ada\r\nforged line",
]
UNSAFE = {chr(c) for c in range(32) if chr(c) != "\n"} | {"\x7f", "\x9b"}


def special_files(folder: Path, zero: bool) -> Iterator[tuple[str, Path]]:
    """Paths that are not plain readable files (``zero``: a link to /dev/zero too)."""
    pipe = folder / "pipe"
    os.mkfifo(pipe)
    yield "pipe", pipe
    yield "folder", Path(tempfile.mkdtemp(dir=folder))
    if zero:
        link = folder / "zero"
        link.symlink_to("/dev/zero")
        yield "link to /dev/zero", link
    huge = folder / "huge"
    with huge.open("wb") as handle:
        handle.truncate(64 * 1024 * 1024)
    yield "huge sparse file", huge
    empty = folder / "empty"
    empty.write_bytes(b"")
    yield "empty file", empty


def bad_texts(rng: random.Random, sound: bytes, is_json: bool) -> Iterator[tuple[str, bytes]]:
    yield "binary", bytes(rng.randrange(256) for _ in range(4096))
    yield "invalid UTF-8", b"\xff\xfe\xfd" + sound[:200]
    yield "UTF-16", sound.decode("utf-8").encode("utf-16")
    for depth in (1000, 100_000):
        if is_json:
            yield f"JSON nested {depth}", ("[" * depth + "]" * depth).encode()
            yield f"JSON object nested {depth}", ('{"a":' * depth + "1" + "}" * depth).encode()
        else:
            yield f"TOML nested {depth}", ("x = " + "[" * depth + "]" * depth + "\n").encode()
            yield (
                f"TOML inline nested {depth}",
                ("x = " + "{a=" * depth + "1" + "}" * depth).encode(),
            )
    for _ in range(25):
        cut = rng.randrange(len(sound))
        yield f"cut at {cut}", sound[:cut]
    for _ in range(25):
        changed = bytearray(sound)
        for _ in range(rng.randint(1, 8)):
            changed[rng.randrange(len(changed))] = rng.randrange(256)
        yield "bytes changed", bytes(changed)


def leaf_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaf_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaf_paths(item, (*path, index))


def mutated(plain: Any, rng: random.Random, count: int) -> Iterator[tuple[str, Any]]:
    """``count`` copies of ``plain``, each with one value (at any depth) made hostile."""
    paths = [p for p in leaf_paths(plain) if p]
    for _ in range(count):
        path = rng.choice(paths)
        value = rng.choice(HOSTILE_VALUES)
        copied = copy.deepcopy(plain)
        target = copied
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
        yield f"{'.'.join(map(str, path))} = {str(value)[:20]!r}", copied


def toml_text(plain: dict[str, Any]) -> bytes:
    """A small TOML writer for the data files' shape (arrays of tables of scalars)."""
    lines: list[str] = []

    def scalar(value: Any) -> str:
        if value is None:
            return '""'
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, float):
            return "nan" if value != value else repr(value)
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            return json.dumps(value)
        if isinstance(value, list):
            return "[" + ", ".join(scalar(v) for v in value) + "]"
        return "{" + ", ".join(f"{k} = {scalar(v)}" for k, v in value.items()) + "}"

    for key, items in plain.items():
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            lines.append(f"{key} = {scalar(items)}")
            continue
        for item in items:
            lines.append(f"[[{key}]]")
            lines.extend(f"{k} = {scalar(v)}" for k, v in item.items())
    return ("\n".join(lines) + "\n").encode()


# ---------------------------------------------------------------------- running a reader
class Fuzz:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.counts: dict[str, Counter[str]] = {}
        self.failures: list[str] = []

    def judge(self, reader: str, label: str, work: Callable[[], str]) -> None:
        """Run ``work`` (which names its outcome) and count it under ``reader``."""
        result: list[str] = []

        def run() -> None:
            try:
                result.append(work())
            except Exception as exc:
                result.append(f"crash: {type(exc).__name__}: {str(exc)[:120]}")

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        thread.join(self.seconds)
        outcome = result[0] if result else "hang"
        kind = outcome.split(":")[0]
        self.counts.setdefault(reader, Counter())[kind] += 1
        if kind not in ("accepted", "refused"):
            self.failures.append(f"{reader} / {label}: {outcome}")


def printed_safely(text: str) -> bool:
    return not any(ch in UNSAFE for ch in text)
