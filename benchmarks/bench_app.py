"""Benchmark the terminal app: cold start to the table, and keypress-to-repaint latency.

Run with ``python benchmarks/bench_app.py``. It prints:

- cold start: the time from launching the ``orbis`` command (the script installed
  beside this Python, as a user starts it) in an 80x24 pseudo-terminal to its first frame on that
  terminal, once with no saved game (the new-game screen) and once with one (its
  table), next to the same measure for a minimal Textual app (one Static) on the
  same machine in the same run, and their ratios (target: at most 1.5). It needs a
  Unix pseudo-terminal;
- keypress-to-repaint: for every key of scripted 2-player games played through the
  real app, the time from the key event to the first repaint that follows it
  (target: median at most 30 ms); and apart, the scroll keys of the decision panel
  (``+`` then ``-``, at every decision whose panel does not fit 80x24; target: median
  at most 30 ms), with the CPU milliseconds this process spent per scroll key (the
  harness's own hops included), a figure a loaded machine hardly changes.

Options: ``--runs N`` start-up runs per app (default 7), ``--games N`` games for the
latency measure (default 1, 0 to skip it), ``--lang en,de,ru`` the languages whose
start is measured (default: all three), ``--json`` for machine-readable output.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orbis_tui.records import GameRecord

MINIMAL_APP = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("Hello")

Minimal().run()
"""

RESUMED_DECISIONS = 60  # how far into a game the saved game is
# The command a user types, installed beside this interpreter (else run as a module).
_SCRIPT = Path(sys.executable).with_name("orbis")
ORBIS_COMMAND = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "orbis_tui"]
SIZE = (80, 24)
# What the first frame of each start shows, in every language: the new-game screen's
# title and the name of the saved game's first player on the table.
NEW_GAME_MARK = b"O R B I S"
TABLE_MARK = b"Ada"


def _first_frame(argv: list[str], mark: bytes, env: dict[str, str]) -> float:
    """Seconds from launching ``argv`` in an 80x24 pseudo-terminal to the first output
    that shows ``mark`` (the app's first frame), then the process is stopped."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, in the terminal
        try:
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    shown = b""
    try:
        while time.perf_counter() - start < 20:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the command ended
                break
            if not chunk:
                break
            shown += chunk
            if mark in shown:
                return time.perf_counter() - start
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    raise RuntimeError(f"{argv} never showed {mark!r}; its last output: {shown[-400:]!r}")


def _saved_game() -> GameRecord:
    """A 2-player game some way in."""
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game

    match = Match.start(setup_for_game(["Ada", "Bo"], 5, 0))
    rng = random.Random(5)
    while len(match.actions) < RESUMED_DECISIONS:
        match.play(rng.choice(match.state.decision_actions()))
    match.record.setup.seats = ["human", "human"]
    return match.record


def cold_start(runs: int, languages: list[str]) -> dict[str, float]:
    """Median start times in a terminal: a minimal Textual app to its first frame, and
    the ``orbis`` command to its first screen, the new-game screen (no saved game) and
    the table of a saved game, in each of ``languages``."""
    env = dict(os.environ, TERM="xterm-256color")
    # As on a user's machine: an installed package has its byte-code compiled (pip
    # does it), and an editable one gets it written by the untimed warm-up runs.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    from orbis_tui.saves import SaveStore

    saved = _saved_game()
    modes = [f"{mode}_{lang}" for lang in languages for mode in ("new", "resume")]
    times: dict[str, list[float]] = {"minimal": [], **{mode: [] for mode in modes}}
    with tempfile.TemporaryDirectory() as data:
        env["ORBIS_DATA_DIR"] = data

        def minimal() -> float:
            return _first_frame([sys.executable, "-c", MINIMAL_APP], b"Hello", env)

        def orbis(mode_lang: str) -> float:
            mode, lang = mode_lang.split("_")
            shutil.rmtree(Path(data) / "records", ignore_errors=True)
            if mode == "resume":
                SaveStore(Path(data)).save(saved)  # as the app saves it
            else:
                (Path(data) / "autosave.json").unlink(missing_ok=True)
            command = [*ORBIS_COMMAND, "--lang", lang]
            return _first_frame(command, TABLE_MARK if mode == "resume" else NEW_GAME_MARK, env)

        # Untimed warm-up: file system cache, byte-code, the checked tile-set cache.
        minimal()
        for mode in modes:
            orbis(mode)
        for _ in range(runs):
            times["minimal"].append(minimal())
            for mode in modes:
                times[mode].append(orbis(mode))
    m = statistics.median(times["minimal"])
    figures = {"minimal_s": m}
    for mode in modes:
        figures[f"orbis_{mode}_s"] = statistics.median(times[mode])
        figures[f"ratio_{mode}"] = figures[f"orbis_{mode}_s"] / m
    return figures


# The CPU seconds of this process from each scroll key to the end of its wait: unlike the
# time to repaint, hardly changed by other work on a loaded machine (the test harness's
# own hops are in it too).
scroll_cpu: list[float] = []


async def key_to_repaint(app, pilot, key: str) -> float | None:  # type: ignore[no-untyped-def]
    """Post one key to ``app`` (which records ``app.painted`` times), let every hop
    handle it, and return the seconds to the last repaint that followed (None: none)."""
    import unicodedata

    from textual import events
    from textual.keys import _get_unicode_name_from_key

    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(key))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    start = time.perf_counter()
    app.post_message(event)
    for _ in range(3):  # app -> screen -> app: every hop handled
        await pilot._wait_for_screen()
    # Give a pending refresh time to reach the screen, then take the last repaint since
    # the key: the one that shows its full effect.
    await asyncio.sleep(0.05)
    after = [t for t in app.painted if t >= start]
    return after[-1] - start if after else None


async def _latencies(games: int, seed: int) -> tuple[list[float], list[float]]:
    """The key-to-repaint times of the game's keys, and of the panel's scroll keys."""

    from orbis_tui.engine import DecisionKind
    from orbis_tui.tui.app import OrbisApp
    from orbis_tui.tui.core.describe import GOD_KEYS
    from orbis_tui.tui.screens.end import EndScreen
    from orbis_tui.tui.screens.exchange import ExchangeScreen
    from orbis_tui.tui.screens.table import TableScreen
    from orbis_tui.tui.widgets.panel import DecisionPanel

    class Timed(OrbisApp):
        painted: list[float]

        def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
            super()._display(screen, renderable)
            if renderable is not None:
                self.painted.append(time.perf_counter())

    samples: list[float] = []
    scrolls: list[float] = []
    scroll_cpu.clear()
    for game in range(games):
        rng = random.Random(seed + game)
        with tempfile.TemporaryDirectory() as data:
            app = Timed(Path(data), seed=seed + game)
            app.painted = []
            async with app.run_test(size=(80, 24)) as pilot:

                async def press(key: str, app: Timed = app, pilot=pilot) -> None:  # type: ignore[no-untyped-def]
                    seconds = await key_to_repaint(app, pilot, key)
                    if seconds is not None:
                        samples.append(seconds)

                await pilot.press("enter")  # the new-game screen: start with its defaults
                await pilot.pause()
                while not isinstance(app.screen, EndScreen):
                    screen = app.screen
                    if isinstance(screen, ExchangeScreen):  # Enter offered the exchange
                        exchange = screen.state.decision.exchanges[0]
                        await press("rbogw"[exchange.give])
                        await press("rbogw"[exchange.get])
                        continue
                    assert isinstance(screen, TableScreen)
                    if screen.handing_over:
                        await press("enter")
                        continue
                    state = screen.state
                    panel = screen.query_one(DecisionPanel)
                    if panel.can_scroll(1):  # the panel's next page, and back
                        for key in ("plus", "minus"):
                            cpu = time.process_time()
                            seconds = await key_to_repaint(app, pilot, key)
                            if seconds is not None:
                                scrolls.append(seconds)
                                scroll_cpu.append(time.process_time() - cpu)
                    if state.kind is DecisionKind.TURN:
                        if state.player.god is None and (
                            state.must_take_god() or rng.random() < 0.08
                        ):
                            await press(GOD_KEYS[state.gods_available[0]])
                            await press("enter")
                            continue
                        for _ in range(rng.randrange(3)):
                            await press(rng.choice(["up", "down", "left", "right"]))
                        cells = [c for c in range(9) if state.market[c] is not None]
                        await press(str(rng.choice(cells) + 1))
                    else:
                        if screen.ui.picks_colors(state) and rng.random() < 0.3:
                            await press(rng.choice("rbogw"))
                        await press("enter")
                    await pilot.pause(0)
    return samples, scrolls


def _figures(samples: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in samples)
    if not ms:
        return {"keys": 0, "median_ms": 0.0, "p90_ms": 0.0, "max_ms": 0.0}
    return {
        "keys": len(ms),
        "median_ms": statistics.median(ms),
        "p90_ms": ms[int(len(ms) * 0.9)],
        "max_ms": ms[-1],
    }


def keypress_and_scroll(games: int, seed: int = 1) -> tuple[dict[str, float], dict[str, float]]:
    samples, scrolls = asyncio.run(_latencies(games, seed))
    return _figures(samples), _figures(scrolls)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--lang", default="en,de,ru", help="languages to start in (en,de,ru)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    languages = [lang.strip() for lang in args.lang.split(",") if lang.strip()]
    start = cold_start(args.runs, languages)
    keys, scroll = keypress_and_scroll(args.games) if args.games > 0 else (None, None)
    if args.json:
        cpu = statistics.median(scroll_cpu) * 1000 if scroll_cpu else None
        figures = {"cold_start": start, "keypress": keys, "scroll": scroll, "scroll_cpu_ms": cpu}
        print(json.dumps(figures, indent=2))
        return 0
    print(f"cold start, minimal Textual app: {start['minimal_s'] * 1000:7.1f} ms (median)")
    for lang in languages:
        for mode, what in (("new", "the new-game screen"), ("resume", "a saved game's table")):
            ratio = start[f"ratio_{mode}_{lang}"]
            verdict = "ok" if ratio <= 1.5 else "OVER the 1.5x target"
            print(
                f"cold start, orbis            : {start[f'orbis_{mode}_{lang}_s'] * 1000:7.1f}"
                f" ms (median), {ratio:.2f}x, to {what}, in {lang} ({verdict})"
            )
    if keys is None:
        return 0
    verdict = "ok" if keys["median_ms"] <= 30 else "OVER the 30 ms target"
    print(
        f"keypress to repaint             : median {keys['median_ms']:.1f} ms, "
        f"p90 {keys['p90_ms']:.1f} ms, max {keys['max_ms']:.1f} ms "
        f"over {keys['keys']} keys ({verdict})"
    )
    assert scroll is not None
    verdict = "ok" if scroll["median_ms"] <= 30 else "OVER the 30 ms target"
    print(
        f"panel scroll key to repaint     : median {scroll['median_ms']:.1f} ms, "
        f"p90 {scroll['p90_ms']:.1f} ms, max {scroll['max_ms']:.1f} ms "
        f"over {scroll['keys']} keys ({verdict})"
    )
    if scroll_cpu:
        cpu = statistics.median(scroll_cpu) * 1000
        print(f"panel scroll key, CPU           : median {cpu:.1f} ms of this process per key")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
