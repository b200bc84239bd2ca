"""Benchmark the terminal app: cold start to the table, and keypress-to-repaint latency.

Run with ``python benchmarks/bench_app.py``. It prints:

- cold start: the time from launching a fresh Python process to the first painted
  table screen (the app started headless), once for a new game with no saved game
  and once resuming a saved game, next to the same measure for a minimal Textual app
  (one Static) on the same machine in the same run, and their ratios (target: at
  most 1.5);
- keypress-to-repaint: for every key of scripted 2-player games played through the
  real app, the time from the key event to the first repaint that follows it
  (target: median at most 30 ms).

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
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orbis_tui.records import GameRecord

MINIMAL_APP = """
import time
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("Hello")

    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None:
            print("PAINTED", time.time(), flush=True)
            self.exit()

app = Minimal()
app.run(headless=True, size=(80, 24))
raise SystemExit(app.return_code or 0)
"""

ORBIS_APP = """
import sys
import time
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.navigation import ResumeGame, StartGame
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.seats import Seat

class ColdStart(OrbisApp):
    reached = False

    def on_mount(self, event):
        event.prevent_default()  # straight to the table, past the new-game screen
        self.loaded = self.store.load()
        if sys.argv[1] == "resume":
            self.post_message(ResumeGame(self.loaded.match))
        else:
            self.post_message(StartGame([Seat("Ada"), Seat("Bo")], 1, 0))

    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and any(
            isinstance(s, TableScreen) for s in self.screen_stack
        ):
            self.reached = True
            print("PAINTED", time.time(), flush=True)
            self.exit()

app = ColdStart(language=sys.argv[2])
app.run(headless=True, size=(80, 24))
raise SystemExit(app.return_code or (0 if app.reached else 3))
"""

RESUMED_DECISIONS = 60  # how far into a game the saved game is


def _run(code: str, env: dict[str, str], *args: str) -> float:
    """Seconds from launching a fresh interpreter to the app's first painted screen."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, env=env, capture_output=True, text=True
    )
    for line in done.stdout.splitlines():
        if line.startswith("PAINTED "):
            return float(line.split()[1]) - start
    raise RuntimeError(f"the app never painted: {done.stdout}{done.stderr}")


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
    """Median start times: a minimal Textual app, and orbis to its table for a new game
    (no saved game) and for resuming a saved one, in each of ``languages``."""
    env = dict(os.environ)
    # As on a user's machine: an installed package has its byte-code compiled (pip
    # does it), and an editable one gets it written by the untimed warm-up runs.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    from orbis_tui.tui.saves import SaveStore

    saved = _saved_game()
    modes = [f"{mode}_{lang}" for lang in languages for mode in ("new", "resume")]
    times: dict[str, list[float]] = {"minimal": [], **{mode: [] for mode in modes}}
    with tempfile.TemporaryDirectory() as data:
        env["ORBIS_DATA_DIR"] = data

        def orbis(mode_lang: str) -> float:
            mode, lang = mode_lang.split("_")
            shutil.rmtree(Path(data) / "records", ignore_errors=True)
            if mode == "resume":
                SaveStore(Path(data)).save(saved)  # as the app saves it
            else:
                (Path(data) / "autosave.json").unlink(missing_ok=True)
            return _run(ORBIS_APP, env, mode, lang)

        # Untimed warm-up: file system cache, byte-code, the checked tile-set cache.
        _run(MINIMAL_APP, env)
        for mode in modes:
            orbis(mode)
        for _ in range(runs):
            times["minimal"].append(_run(MINIMAL_APP, env))
            for mode in modes:
                times[mode].append(orbis(mode))
    m = statistics.median(times["minimal"])
    figures = {"minimal_s": m}
    for mode in modes:
        figures[f"orbis_{mode}_s"] = statistics.median(times[mode])
        figures[f"ratio_{mode}"] = figures[f"orbis_{mode}_s"] / m
    return figures


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


async def _latencies(games: int, seed: int) -> list[float]:

    from orbis_tui.engine import DecisionKind
    from orbis_tui.tui.app import OrbisApp
    from orbis_tui.tui.describe import GOD_KEYS
    from orbis_tui.tui.screens.end import EndScreen
    from orbis_tui.tui.screens.exchange import ExchangeScreen
    from orbis_tui.tui.screens.table import TableScreen

    class Timed(OrbisApp):
        painted: list[float]

        def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
            super()._display(screen, renderable)
            if renderable is not None:
                self.painted.append(time.perf_counter())

    samples: list[float] = []
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
    return samples


def keypress(games: int, seed: int = 1) -> dict[str, float]:
    samples = asyncio.run(_latencies(games, seed))
    ms = sorted(s * 1000 for s in samples)
    return {
        "keys": len(ms),
        "median_ms": statistics.median(ms),
        "p90_ms": ms[int(len(ms) * 0.9)],
        "max_ms": ms[-1],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--lang", default="en,de,ru", help="languages to start in (en,de,ru)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    languages = [lang.strip() for lang in args.lang.split(",") if lang.strip()]
    start = cold_start(args.runs, languages)
    keys = keypress(args.games) if args.games > 0 else None
    if args.json:
        print(json.dumps({"cold_start": start, "keypress": keys}, indent=2))
        return 0
    print(f"cold start, minimal Textual app : {start['minimal_s'] * 1000:7.1f} ms (median)")
    for lang in languages:
        for mode, what in (("new", "a new game"), ("resume", "a saved game")):
            ratio = start[f"ratio_{mode}_{lang}"]
            verdict = "ok" if ratio <= 1.5 else "OVER the 1.5x target"
            print(
                f"cold start, orbis to the table  : {start[f'orbis_{mode}_{lang}_s'] * 1000:7.1f}"
                f" ms (median), {ratio:.2f}x, {what}, in {lang} ({verdict})"
            )
    if keys is None:
        return 0
    verdict = "ok" if keys["median_ms"] <= 30 else "OVER the 30 ms target"
    print(
        f"keypress to repaint             : median {keys['median_ms']:.1f} ms, "
        f"p90 {keys['p90_ms']:.1f} ms, max {keys['max_ms']:.1f} ms "
        f"over {keys['keys']} keys ({verdict})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
