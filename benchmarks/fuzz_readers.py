"""Feed malformed input to every file reader of the program and count what happens.

Run with ``python benchmarks/fuzz_readers.py``. The readers are those a user's files
reach: a game record (``orbis replay``), the autosave (the app's start), the tile and
god files (``orbis check-data``), the walkthrough's progress (``learn.json``), the
settings file (``settings.json``, read by every command), the catalog cache entries and
the autosave's fingerprint in the cache. Each gets:

- files that are not plain files: a pipe, a folder, a link to ``/dev/zero``, a huge
  sparse file, an empty file;
- text that is not text or not the format: binary bytes, invalid UTF-8, UTF-16,
  nesting 1,000 and 100,000 deep;
- a sound file cut at random places, with random bytes changed, and (for the JSON
  and TOML files) with one field after another given a hostile value: null, a
  boolean, a negative, huge or non-finite number, an empty or 100,000-character
  string, a list, a table, a string with a terminal escape sequence.

Every outcome is counted as *accepted* (read, and sound), *refused* (a clean refusal:
the reader's own error, "no progress", exit status 2...), or a failure: *crash* (any
other exception), *hang* (no answer within the time limit), *unsafe output* (a raw
control character printed to the terminal), *wrong* (a sound save or cache treated as
damaged, or a cache giving another catalog). The goal is no failure at all. A cache
entry is fed damaged (its fingerprint kept) and forged (a field changed and the
fingerprint computed anew): a forged entry is held against the data files it claims to
come from, so it must never give another catalog either.

The values given on the command line are fed too (``--seat``, ``--host``, ``--lang``,
``--seed``, ``--port``, ``--players``): 5000 digits, a bidirectional override, bytes
that are not UTF-8, escape sequences, a forged line, a megabyte of text. What comes
back must be printable and short (*unsafe output* otherwise: a raw control character,
or more than 4000 characters echoed).

Further families: seeds no game is dealt from (``--seed`` of every command that plays,
``setup.seed`` of a record and of the autosave, and a computer player's seed made from
one), answers of a hostile table server to ``orbis table new`` (a fake server on the
loopback interface: answers of the wrong shape, and a sound answer with one field after
another made hostile), the ``--host`` and ``--store`` of ``orbis host``, and data
folders (``--data-dir``) too long, under a file, empty or full of escapes.

The table server's store (``orbis host --store``) gets hostile SQLite files: read-only,
a folder, empty, a pipe, random bytes, cut, bytes or a whole page changed, another
program's tables (or a view under one of the store's names), the lock or WAL file a
folder, the lock held by another process, a path with escapes; and a sound store with
one table's row damaged (broken or undecodable JSON in the hints, setup or actions, a
NULL where a value is expected, 20 MB values, one column after another given a hostile
value). Each is opened and its tables resumed as at the server's start: it must be
refused in one printable line and left as it was, or served with every table that
was not damaged (a table set aside is named in a printable log line) and none lost
from the file. The files refused at start are named to ``orbis host --store`` too.

Options: ``--seed N``, ``--mutations N`` (field mutations per format, default 120),
``--timeout SECONDS`` (default 10), ``--json``, ``--no-zero`` (to measure a version
whose readers have no size limit: /dev/zero would fill the memory).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import random
import socket
import sys
import tempfile
import threading
import tomllib
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


# ---------------------------------------------------------------------- input makers
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--mutations", type=int, default=120)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--no-zero",
        dest="zero",
        action="store_false",
        help="leave out /dev/zero (a reader without a size limit would fill the memory)",
    )
    args = parser.parse_args()
    # A reader that hangs never leaves its redirection of the output: report to the real one.
    report = sys.stdout

    from orbis_tui.cli import main as cli_main
    from orbis_tui.learn import ProgressStore
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.saves import WRITTEN_DIGEST_NAME, SaveStore
    from orbis_tui.tiles import catalog as catalog_module
    from orbis_tui.tiles import default_gods_path, default_tiles_path, load_catalog
    from orbis_tui.tiles.check import run_check_data
    from orbis_tui.tui.core.settings import FILE_NAME as SETTINGS_NAME
    from orbis_tui.tui.core.settings import SettingsFile

    rng = random.Random(args.seed)
    fuzz = Fuzz(args.timeout)
    folder = Path(tempfile.mkdtemp(prefix="orbis-fuzz-"))

    match = Match.start(setup_for_game(["Ada", "Bo", "Cy"], args.seed, 0))
    play = random.Random(args.seed)
    while len(match.actions) < 60:
        match.play(play.choice(match.state.legal_actions()))
    record_text = match.record.to_json().encode()
    tiles_text = default_tiles_path().read_bytes()
    gods_text = default_gods_path().read_bytes()
    progress_text = json.dumps(
        {"format": "orbis-learn/1", "version": "1", "step": 2, "starts": [0, 1, 3],
         "actions": ["take 5", "place 1,0", "take 2"]}
    ).encode()  # fmt: skip

    def inputs(sound: bytes, is_json: bool, plain: Any, dump: Callable[[Any], bytes]):
        path = Path(tempfile.mkdtemp(dir=folder)) / "input"
        path.write_bytes(sound)
        yield "the sound file", path
        for label, path in special_files(Path(tempfile.mkdtemp(dir=folder)), args.zero):
            yield label, path
        for label, content in bad_texts(rng, sound, is_json):
            path = Path(tempfile.mkdtemp(dir=folder)) / "input"
            path.write_bytes(content)
            yield label, path
        for label, value in mutated(plain, rng, args.mutations):
            path = Path(tempfile.mkdtemp(dir=folder)) / "input"
            try:
                path.write_bytes(dump(value))
            except (ValueError, TypeError):
                continue
            yield label, path

    dump_json = lambda value: json.dumps(value).encode()  # noqa: E731

    # ------------------------------------------------------------ records (orbis replay)
    def replay(path: Path) -> Callable[[], str]:
        def work() -> str:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = cli_main(["replay", str(path)])
            if not printed_safely(out.getvalue() + err.getvalue()):
                return "unsafe output"
            return {0: "accepted", 1: "refused", 2: "refused"}.get(status, f"crash: {status}")

        return work

    for label, path in inputs(record_text, True, json.loads(record_text), dump_json):
        fuzz.judge("record (orbis replay)", label, replay(path))

    # ------------------------------------------------------------ the autosave at start
    def resume(path: Path) -> Callable[[], str]:
        def work() -> str:
            root = Path(tempfile.mkdtemp(dir=folder))
            (root / "autosave.json").symlink_to(path)
            loaded = SaveStore(root).load()
            shown = " ".join([loaded.problem or "", *loaded.notices])  # what the app shows
            if not printed_safely(shown):
                return "unsafe output"
            return "accepted" if loaded.match is not None else "refused"

        return work

    for label, path in inputs(record_text, True, json.loads(record_text), dump_json):
        fuzz.judge("autosave (app start)", label, resume(path))

    # ------------------------------------------------------------ tile and god files
    def check(tiles: Path | None, gods: Path | None) -> Callable[[], str]:
        def work() -> str:
            out = io.StringIO()
            status = run_check_data(tiles, gods, out)
            if not printed_safely(out.getvalue()):
                return "unsafe output"
            return {0: "accepted", 1: "refused", 2: "refused"}.get(status, f"crash: {status}")

        return work

    tiles_plain = tomllib.loads(tiles_text.decode())
    for label, path in inputs(tiles_text, False, tiles_plain, toml_text):
        fuzz.judge("tile file (check-data)", label, check(path, None))
    gods_plain = tomllib.loads(gods_text.decode())
    for label, path in inputs(gods_text, False, gods_plain, toml_text):
        fuzz.judge("god file (check-data)", label, check(None, path))

    # ------------------------------------------------------------ walkthrough progress
    def progress(path: Path) -> Callable[[], str]:
        def work() -> str:
            return "refused" if ProgressStore(path).load() is None else "accepted"

        return work

    for label, path in inputs(progress_text, True, json.loads(progress_text), dump_json):
        fuzz.judge("learn.json", label, progress(path))

    # ------------------------------------------------------------ the settings file
    settings_text = json.dumps(
        {"look": "dark", "confirm_turn": True, "pace": "fast", "language": "de",
         "names": ["Ada", "Bo"], "kinds": ["human", "easy"], "no_hints": [1]}
    ).encode()  # fmt: skip

    def settings(path: Path) -> Callable[[], str]:
        def work() -> str:
            config = Path(tempfile.mkdtemp(dir=folder))
            (config / SETTINGS_NAME).symlink_to(path)
            settings_file = SettingsFile(config)
            settings_file.load()
            if not printed_safely(settings_file.notice() or ""):
                return "unsafe output"
            return "refused" if settings_file.problem else "accepted"

        return work

    for label, path in inputs(settings_text, True, json.loads(settings_text), dump_json):
        fuzz.judge("settings.json", label, settings(path))

    # ------------------------------------------------------------ values on the command line
    hostile_values = {
        "5000 digits": "9" * 5000,
        "bidi override": "a\u202eb",
        "not UTF-8": "\udcff\udcfe",
        "escape sequence": "\x1b]0;PWNED\x07",
        "forged line": "1\norbis: all good",
        "a megabyte": "x" * 1_000_000,
        "empty": "",
    }
    record_file = folder / "record.json"
    record_file.write_bytes(record_text)
    command_lines = {
        "--seat": lambda v: ["review", str(record_file), "--seat", v, "--size", "1"],
        "--host": lambda v: ["serve", "--host", v, "--port", "1"],
        "--lang": lambda v: ["check-data", "--lang", v],
        "--seed": lambda v: ["play", "--seed", v, "--help"],
        "--port": lambda v: ["serve", "--port", v],
        "--players": lambda v: ["play", "--players", v],
    }

    def command(argv: list[str]) -> Callable[[], str]:
        def work() -> str:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                try:
                    status = cli_main(argv)
                except SystemExit as stop:  # argparse's refusal (or --help)
                    status = stop.code if isinstance(stop.code, int) else 2
            said = err.getvalue()
            if not printed_safely(said) or len(said) > 4000:
                return "unsafe output"
            return {0: "accepted", 1: "refused", 2: "refused"}.get(status, f"crash: {status}")

        return work

    for option, line in command_lines.items():
        for label, value in hostile_values.items():
            if option == "--host" and value == "":
                continue  # every interface: it would really listen
            fuzz.judge(f"command line {option}", label, command(line(value)))

    # ------------------------------------------------------------ seeds no game is dealt from
    huge_seeds = {
        "2^63": str(2**63),
        "2^127-1": str(2**127 - 1),
        "1.7e37": str(17 * 10**36),
        "-2^200": str(-(2**200)),
        "4001 digits": str(10**4000),
    }
    for option_command in ("selfplay", "tournament", "balance", "ladder", "bench", "play"):
        for label, value in {**huge_seeds, **hostile_values}.items():
            argv = [option_command, "--seed", value]
            fuzz.judge(f"--seed of {option_command}", label, command(argv))

    record_plain = json.loads(record_text)
    for label, value in huge_seeds.items():
        plain = copy.deepcopy(record_plain)
        plain["setup"]["seed"] = int(value)
        path = Path(tempfile.mkdtemp(dir=folder)) / "input.json"
        path.write_text(json.dumps(plain))
        fuzz.judge("record setup.seed (orbis replay)", label, replay(path))
        fuzz.judge("autosave setup.seed (app start)", label, resume(path))

    from orbis_tui.bots import bot_seed, make_bot

    def computer_player(game_seed: int, level: str) -> Callable[[], str]:
        def work() -> str:
            state = match.state
            for seat in range(4):
                chosen = make_bot(level, bot_seed(game_seed, seat)).choose(state)
                if chosen not in state.legal_actions():
                    return "wrong: an illegal move"
            return "accepted"

        return work

    for label, value in huge_seeds.items():
        for level in ("random", "easy", "medium"):
            fuzz.judge(
                "computer player's seed", f"{label} {level}", computer_player(int(value), level)
            )

    # ------------------------------------------------------------ a hostile table server
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    answer_body = [b"{}"]

    class Answering(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer_body[0])))
            self.end_headers()
            self.wfile.write(answer_body[0])

        def log_message(self, format: str, *args: object) -> None:
            pass

    fake = ThreadingHTTPServer(("127.0.0.1", 0), Answering)
    threading.Thread(target=fake.serve_forever, daemon=True).start()
    server_url = f"http://127.0.0.1:{fake.server_address[1]}"
    sound_answer = {
        "table": "t1",
        "seats": [
            {"seat": 0, "name": "Ada", "kind": "human", "link": f"{server_url}/play/t1/a"},
            {"seat": 1, "name": "Bo", "kind": "easy"},
        ],
        "watch": f"{server_url}/watch/t1/w",
    }
    shaped_wrong: dict[str, bytes] = {
        "not JSON": b"<html>",
        "empty object": b"{}",
        "seats null": b'{"seats": null}',
        "an empty seat": b'{"seats": [{}], "watch": "w"}',
        "an error with 200": b'{"error": "\u001b]0;X\u0007no"}',
        "seat not a number": b'{"seats": [{"seat": "x"}], "watch": "w"}',
        "a list": b"[1, 2]",
        "a 10 MB name": json.dumps(
            {
                **sound_answer,
                "seats": [
                    {**sound_answer["seats"][0], "name": "N" * 10_000_000},
                    sound_answer["seats"][1],
                ],
            }
        ).encode(),
    }
    answers = [(label, body) for label, body in shaped_wrong.items()]
    answers += [
        (label, dump_json(value)) for label, value in mutated(sound_answer, rng, args.mutations)
    ]

    def table_new(body: bytes) -> Callable[[], str]:
        def work() -> str:
            answer_body[0] = body
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = cli_main(["table", "new", "--server", server_url, "--players", "2"])
            said = out.getvalue() + err.getvalue()
            if not printed_safely(said) or len(said) > 4000:
                return "unsafe output"
            return {0: "accepted", 1: "refused", 2: "refused"}.get(status, f"crash: {status}")

        return work

    for label, body in answers:
        fuzz.judge("server answer (table new)", label, table_new(body))
    for label, value in hostile_values.items():
        fuzz.judge(
            "--server (table new)",
            label,
            command(["table", "new", "--players", "2", "--server", value]),
        )
    fake.shutdown()
    fake.server_close()

    # ------------------------------------------------------------ orbis host --host, --store
    # The port is refused after the value: a value taken never starts a server.
    host_values = {**hostile_values, "64-letter label": "a" * 64, "RTL mark": "\u200fx"}
    for label, value in host_values.items():
        if value == "":
            continue  # every interface: a host name, taken
        fuzz.judge("--host (orbis host)", label, command(["host", "--host", value, "--port", "x"]))
        fuzz.judge(
            "--store (orbis host)", label, command(["host", "--store", value, "--port", "x"])
        )

    # ------------------------------------------------------------ data folders
    a_file = folder / "a-file"
    a_file.write_text("")
    unusable_folders = {
        "a 300-letter name": str(folder / ("x" * 300)),
        "a 6000-character path": str(folder / ("x/" * 3000)),
        "under a file": str(a_file / "x"),
        "deep under a file": str(a_file / "x" / "y"),
        "empty": "",
    }
    for label, value in unusable_folders.items():
        for data_command in ("records", "play", "learn", "serve"):
            # every one refused: a folder taken would start the app or a server
            fuzz.judge(
                f"--data-dir ({data_command})", label, command([data_command, "--data-dir", value])
            )
    here = Path.cwd()
    os.chdir(Path(tempfile.mkdtemp(dir=folder)))  # a relative folder lands in the scratch
    try:
        for label, value in hostile_values.items():
            fuzz.judge("--data-dir (records)", label, command(["records", "--data-dir", value]))
    finally:
        os.chdir(here)

    # ------------------------------------------------------------ cache entries
    catalog_module.use_cache(None)
    reference = load_catalog()
    cache = folder / "cache"
    catalog_module.use_cache(cache)
    catalog_module._default = None
    load_catalog()
    (entry,) = cache.glob("catalog-*.json")
    entry_text = entry.read_bytes()
    stored = json.loads(entry_text)
    inner = json.loads(stored["catalog"])

    def resealed(value: Any) -> bytes:
        payload = json.dumps(value)
        digest = catalog_module._payload_digest(payload)
        return json.dumps({"sha256": digest, "catalog": payload}).encode()

    def cached(path: Path) -> Callable[[], str]:
        def work() -> str:
            entry.unlink(missing_ok=True)
            if path.is_dir() and not path.is_symlink():
                entry.mkdir()
            else:
                entry.symlink_to(path)
            try:
                catalog_module._default = None
                return "accepted" if load_catalog() == reference else "wrong: another catalog"
            finally:
                if entry.is_dir() and not entry.is_symlink():
                    entry.rmdir()
                else:
                    entry.unlink(missing_ok=True)

        return work

    for label, path in inputs(entry_text, True, inner, resealed):
        forged = label.startswith(("tiles.", "gods."))  # a field changed, fingerprint redone
        reader = "cache entry, forged" if forged else "cache entry, damaged"
        fuzz.judge(reader, label, cached(path))

    # ------------------------------------------------------------ the autosave's fingerprint
    def fingerprint(path: Path) -> Callable[[], str]:
        def work() -> str:
            root = Path(tempfile.mkdtemp(dir=folder))
            store = SaveStore(root)
            store.save(match.record)
            marker = store.cache_dir / WRITTEN_DIGEST_NAME
            marker.unlink()
            marker.symlink_to(path)
            loaded = store.load()
            return "accepted" if loaded.match is not None else "wrong: a sound save refused"

        return work

    for label, path in inputs(b"0" * 64, True, {"digest": "0" * 64}, dump_json):
        fuzz.judge("autosave fingerprint (cache)", label, fingerprint(path))
    catalog_module.use_cache(None)
    catalog_module._default = None

    # ------------------------------------------------------------ the table server's store
    import asyncio
    import hashlib
    import logging
    import shutil
    import sqlite3
    import subprocess

    from orbis_tui.engine import format_action
    from orbis_tui.records import GameRecord
    from orbis_tui.remote.deal import create_table
    from orbis_tui.remote.store import SqliteStore, StoreError
    from orbis_tui.remote.table_server import TableServer

    store_folder = Path(tempfile.mkdtemp(dir=folder))
    sound_store = store_folder / "sound.db"

    async def deal_tables() -> list[str]:
        store = SqliteStore(sound_store)
        try:
            ids = [(await create_table(store, ["Ada", "Bo"], ["human"] * 2)).table for _ in "abc"]
            stored = await store.load(ids[1])
            assert stored is not None
            started = Match.start(GameRecord.from_own_json(stored.setup).setup)
            await store.append(ids[1], 0, format_action(started.state.decision_actions()[0]))
            return ids
        finally:
            await store.close()

    table_ids = asyncio.run(deal_tables())
    hit = table_ids[1]  # the table whose rows are damaged: it has seats, an action, hints

    def store_copy(relaxed: bool = False) -> Path:
        """A copy of the sound store; ``relaxed``: its columns without NOT NULL and keys,
        so that a NULL can be put where a value is expected."""
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        if not relaxed:
            shutil.copy(sound_store, path)
            return path
        with sqlite3.connect(path) as db:
            db.execute(f"ATTACH DATABASE '{sound_store}' AS sound")
            for name in ("tables", "seats", "actions"):
                db.execute(f"CREATE TABLE main.{name} AS SELECT * FROM sound.{name}")
        db.close()
        return path

    def damaged_row(sql: str, *values: Any, relaxed: bool = False) -> Path:
        path = store_copy(relaxed)
        with sqlite3.connect(path) as db:
            db.execute(sql, (*values, hit))
        db.close()
        return path

    def sqlite_value(value: Any) -> Any:
        if isinstance(value, (list, dict)):
            return json.dumps(value)
        if isinstance(value, int) and not -(2**63) <= value < 2**63:
            return str(value)
        return value

    store_cases: list[tuple[str, Callable[[], Path]]] = []

    def case(label: str) -> Callable[[Callable[[], Path]], Callable[[], Path]]:
        def add(make: Callable[[], Path]) -> Callable[[], Path]:
            store_cases.append((label, make))
            return make

        return add

    # the file itself
    @case("read-only (chmod 444)")
    def _() -> Path:
        path = store_copy()
        path.chmod(0o444)
        return path

    @case("a folder")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        path.mkdir()
        return path

    @case("an empty file")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        path.write_bytes(b"")
        return path

    @case("a pipe")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        os.mkfifo(path)
        return path

    if args.zero:

        @case("a link to /dev/zero")
        def _() -> Path:
            path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
            path.symlink_to("/dev/zero")
            return path

    @case("random bytes")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(8192)))
        return path

    sound_bytes = sound_store.read_bytes()
    page = 4096
    for _n in range(max(3, args.mutations // 3)):
        cut = rng.randrange(len(sound_bytes))
        changed = bytearray(sound_bytes)
        for _k in range(rng.randint(1, 8)):
            changed[rng.randrange(len(changed))] = rng.randrange(256)
        smashed = bytearray(sound_bytes)
        start = page * rng.randrange(1, len(sound_bytes) // page)
        smashed[start : start + page] = bytes(rng.randrange(256) for _ in range(page))
        for label, content in (
            (f"cut at {cut}", sound_bytes[:cut]),
            ("bytes changed", bytes(changed)),
            (f"page at {start} random", bytes(smashed)),
        ):

            def made(content: bytes = content) -> Path:
                path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
                path.write_bytes(content)
                return path

            store_cases.append((label, made))

    # another program's file
    foreign_schemas = {
        "foreign 'tables' (no column id)": "CREATE TABLE tables (name TEXT, size INTEGER)",
        "foreign 'seats'": "CREATE TABLE seats (table_id TEXT, seat INTEGER)",
        "foreign 'actions'": "CREATE TABLE actions (x)",
        "another program's tables only": "CREATE TABLE notes (id INTEGER, body TEXT)",
        "a view named 'actions'": "CREATE VIEW actions AS SELECT 1 table_id, 0 number, 'x' entry",
    }
    for label, sql in foreign_schemas.items():

        def foreign(sql: str = sql) -> Path:
            path = Path(tempfile.mkdtemp(dir=store_folder)) / "tables.db"
            with sqlite3.connect(path) as db:
                db.execute(sql)
            db.close()
            return path

        store_cases.append((label, foreign))

    # beside the file
    @case("the lock file a folder")
    def _() -> Path:
        path = store_copy()
        Path(f"{path}.lock").mkdir()
        return path

    @case("the WAL file a folder")
    def _() -> Path:
        path = store_copy()
        Path(f"{path}-wal").mkdir()
        return path

    @case("a path with control characters")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "esc\x1b]0;X\x07\r\nforged.db"
        shutil.copy(sound_store, path)
        return path

    @case("read-only, a path with control characters")
    def _() -> Path:
        path = Path(tempfile.mkdtemp(dir=store_folder)) / "esc\x1b]0;X\x07\r\nforged.db"
        shutil.copy(sound_store, path)
        path.chmod(0o444)
        return path

    # one damaged row (the other tables must be served)
    first_row_case = len(store_cases)
    huge = "x" * 20_000_000
    damaged_rows = {
        "extra = '[1,2'": ("UPDATE tables SET extra = '[1,2' WHERE id = ?",),
        "extra a number": ("UPDATE tables SET extra = 5 WHERE id = ?",),
        "extra not UTF-8": ("UPDATE tables SET extra = CAST(x'7bff' AS TEXT) WHERE id = ?",),
        "extra a blob": ("UPDATE tables SET extra = x'00ff' WHERE id = ?",),
        "extra nested 100,000 deep": (
            "UPDATE tables SET extra = ? WHERE id = ?", "[" * 100_000 + "]" * 100_000),
        "extra 20 MB": ("UPDATE tables SET extra = ? WHERE id = ?", json.dumps({"h": huge})),
        "setup broken JSON": ("UPDATE tables SET setup = '{\"setup\":' WHERE id = ?",),
        "setup 'null'": ("UPDATE tables SET setup = 'null' WHERE id = ?",),
        "setup 20 MB": ("UPDATE tables SET setup = ? WHERE id = ?", huge),
        "setup not UTF-8 with an escape": (
            "UPDATE tables SET setup = CAST(x'7b0a1b5d303b5807ff' AS TEXT) WHERE id = ?",),
        "action broken": ("UPDATE actions SET entry = '[1,' WHERE table_id = ?",),
        "action an escape": ("UPDATE actions SET entry = ? WHERE table_id = ?", "\x1b]0;X\x07"),
        "action 20 MB": ("UPDATE actions SET entry = ? WHERE table_id = ?", huge),
        "actions numbered from 5": ("UPDATE actions SET number = 5 WHERE table_id = ?",),
        "watch hash a number": ("UPDATE tables SET watch_hash = 3 WHERE id = ?",),
        "a seat's token NULL": ("UPDATE seats SET token_hash = NULL WHERE table_id = ?",),
        "a seat's token a blob": ("UPDATE seats SET token_hash = x'00ff' WHERE table_id = ?",),
        "a seat's token not ASCII": ("UPDATE seats SET token_hash = 'é' WHERE table_id = ?",),
        "watch hash a blob": ("UPDATE tables SET watch_hash = x'00ff' WHERE id = ?",),
        "an action a blob": ("UPDATE actions SET entry = x'00ff' WHERE table_id = ?",),
        "setup a blob": ("UPDATE tables SET setup = x'7b7d' WHERE id = ?",),
        "no seats": ("DELETE FROM seats WHERE table_id = ?",),
        "finished 'x'": ("UPDATE tables SET finished = 'x' WHERE id = ?",),
    }  # fmt: skip
    for label, (sql, *values) in damaged_rows.items():
        store_cases.append(
            (label, lambda sql=sql, values=values: damaged_row(sql, *values))  # type: ignore[misc]
        )
    nulls = {
        "extra NULL": "UPDATE tables SET extra = NULL WHERE id = ?",
        "setup NULL": "UPDATE tables SET setup = NULL WHERE id = ?",
        "watch hash NULL": "UPDATE tables SET watch_hash = NULL WHERE id = ?",
        "finished NULL": "UPDATE tables SET finished = NULL WHERE id = ?",
        "an action NULL": "UPDATE actions SET entry = NULL WHERE table_id = ?",
        "a seat number NULL": "UPDATE seats SET seat = NULL WHERE table_id = ?",
    }
    for label, sql in nulls.items():
        store_cases.append((label, lambda sql=sql: damaged_row(sql, relaxed=True)))  # type: ignore[misc]
    columns = {
        "tables": ("setup", "watch_hash", "extra", "finished"),
        "seats": ("seat", "token_hash"),
        "actions": ("number", "entry"),
    }
    for _n in range(args.mutations):
        name = rng.choice(list(columns))
        column = rng.choice(columns[name])
        value = rng.choice(HOSTILE_VALUES)
        key = "id" if name == "tables" else "table_id"
        sql = f"UPDATE {name} SET {column} = ? WHERE {key} = ?"
        store_cases.append(
            (
                f"{name}.{column} = {str(value)[:20]!r}",
                lambda sql=sql, value=value: damaged_row(sql, sqlite_value(value), relaxed=True),  # type: ignore[misc]
            )
        )

    class Lines(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.WARNING)
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    def fingerprint_of(path: Path) -> str | None:
        with contextlib.suppress(OSError):
            if path.is_file():
                return hashlib.sha256(path.read_bytes()).hexdigest()
        return None

    def live_ids(path: Path) -> list[str]:
        """The live tables a store holds, read beside the server (none if unreadable)."""
        with contextlib.suppress(sqlite3.Error, OSError):
            if path.is_file():
                uri = f"{path.as_uri()}?mode=ro"
                with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
                    db.text_factory = bytes
                    rows = db.execute("SELECT id FROM tables WHERE finished = 0").fetchall()
                    return [r[0].decode() for r in rows if isinstance(r[0], bytes)]
        return []

    row_cases = {label for label, _make in store_cases[first_row_case:]}

    def table_store(path: Path, one_row: bool = False) -> Callable[[], str]:
        """Open the store and resume its tables as ``orbis host`` does at start.
        ``one_row``: only the rows of one table were damaged, so the others are served."""

        def work() -> str:
            before = fingerprint_of(path)
            rows_before = live_ids(path)
            lines = Lines()
            logger = logging.getLogger("orbis.host")
            logger.addHandler(lines)
            try:
                try:
                    store = SqliteStore(path)
                except StoreError as exc:
                    said = str(exc)
                    if not said.isprintable() or len(said) > 4000:
                        return "unsafe output"
                    if before is not None and fingerprint_of(path) != before:
                        return "wrong: a refused store was changed"
                    return "refused"

                async def serve() -> set[str]:
                    server = TableServer(store, port=0, bot_pause=0.0)
                    try:
                        await server.resume_all()
                        for room in server.rooms.values():
                            room.seat_of("a-token-someone-sends")  # what each seat's link asks
                        return set(server.rooms)
                    finally:
                        await server._on_shutdown(None)  # type: ignore[arg-type]

                served = asyncio.run(serve())
            finally:
                logger.removeHandler(lines)
            if not all(line.isprintable() and len(line) <= 4000 for line in lines.lines):
                return "unsafe output"
            for table_id in rows_before:
                if table_id not in served and not any(table_id in ln for ln in lines.lines):
                    return f"wrong: table {table_id} set aside without a word"
            if one_row and any(t not in served for t in table_ids if t != hit):
                return "wrong: a sound table not served"
            if not set(rows_before) <= set(live_ids(path)):
                return "wrong: a table lost from the file"
            return "accepted"

        return work

    for label, make in store_cases:
        fuzz.judge("table store file (orbis host)", label, table_store(make(), label in row_cases))

    # a store whose lock another process holds, as two servers on one file would
    held = store_copy()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from filelock import FileLock;"
         " l = FileLock(sys.argv[1]); l.acquire(); print('held', flush=True); sys.stdin.read()",
         f"{held}.lock"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        fuzz.judge("table store file (orbis host)", "locked by another process", table_store(held))
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)

    # the same files named on the command line: one clean line, exit status 1, no traceback
    def free_port() -> int:
        with contextlib.closing(socket.socket()) as probe:
            probe.bind(("127.0.0.1", 0))
            return int(probe.getsockname()[1])

    # only files refused at start: a store taken would be served until interrupted
    refused_at_start = {
        "read-only (chmod 444)",
        "a folder",
        "random bytes",
        "foreign 'tables' (no column id)",
        "another program's tables only",
        "the lock file a folder",
    }
    for label, make in [c for c in store_cases if c[0] in refused_at_start]:
        path = make()
        fuzz.judge(
            "--store file (orbis host)",
            label,
            command(["host", "--store", str(path), "--port", str(free_port())]),
        )

    total = Counter[str]()
    for counts in fuzz.counts.values():
        total.update(counts)
    if args.json:
        summary = {"readers": fuzz.counts, "total": total, "failures": fuzz.failures}
        print(json.dumps(summary), file=report)
        return
    width = max(len(r) for r in fuzz.counts)
    kinds = ["accepted", "refused", "crash", "hang", "unsafe output", "wrong"]
    header = "  ".join(f"{k:>8}" for k in ["inputs", *kinds])
    print(f"{'reader':<{width}}  {header}", file=report)
    for reader, counts in [*fuzz.counts.items(), ("all", total)]:
        cells = [sum(counts.values()), *(counts.get(k, 0) for k in kinds)]
        print(f"{reader:<{width}}  " + "  ".join(f"{c:>8}" for c in cells), file=report)
    for failure in fuzz.failures[:40]:
        print("  " + failure, file=report)
    with contextlib.suppress(OSError):
        import shutil

        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
