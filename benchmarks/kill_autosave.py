"""Kill the autosaving process at random moments and count the actions it had shown but lost.

Run with ``python benchmarks/kill_autosave.py``. A child process plays random legal
actions at machine speed through a :class:`~orbis_tui.records.Match` whose every change
is handed to the app's :class:`~orbis_tui.saves.SaveStore`, exactly as the table
screen does, and after each action reports on a pipe that the action is done: that is
the moment the app would show it. The parent kills the child (SIGKILL) at a random
moment, then reads the autosave it left and compares:

- *shown*: the last action the child reported as done;
- *saved*: the actions in the autosave (a save that cannot be read counts as damaged);
- *lost*: shown minus saved, when positive (the goal is 0).

It prints the kills, the actions shown, saved and lost in all, the damaged saves, and
the cost of saving per action (mean and 95th percentile of ``save_soon``, from games
played to the end without a kill).

Options: ``--kills N`` (default 40), ``--seed N``, ``--src DIR`` to measure another
source tree (e.g. an older checkout's ``src``), ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import sys, time
from pathlib import Path
from orbis_tui.bots import make_bot
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import SaveStore

root, seed = Path(sys.argv[1]), int(sys.argv[2])
store = SaveStore(root)
acquire = getattr(store, "acquire", None)
if acquire is not None:
    acquire()
match = Match.start(setup_for_game(["Ada", "Bo", "Cy"], seed, 0))
costs = []
def save(m):
    start = time.perf_counter()
    store.save_soon(m.record)
    costs.append(time.perf_counter() - start)
match.on_change = save
bots = [make_bot("random", seed + seat) for seat in range(3)]
out = sys.stdout
out.write("ready\n"); out.flush()
shown = 0
while not match.state.is_over:
    match.play(bots[match.state.current].choose(match.state))
    shown += 1
    out.write(f"{shown}\n"); out.flush()
store.flush()
costs.sort()
out.write(f"cost {sum(costs) / len(costs)} {costs[int(len(costs) * 0.95)]}\n"); out.flush()
time.sleep(3600)
"""


def spawn(root: Path, seed: int, src: str | None) -> subprocess.Popen[str]:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(root), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def saved_actions(root: Path) -> int | None:
    """Actions in the autosave left in ``root``; None if it cannot be read."""
    from orbis_tui.records import RecordError, read_record_file

    path = root / "autosave.json"
    if not path.exists():
        return 0
    try:
        record, _ = read_record_file(path)
    except RecordError:
        return None
    return len(record.actions)


def full_game(root: Path, seed: int, src: str | None) -> tuple[float, int, float, float]:
    """Play one game to its end: its duration, its actions and the save cost per action."""
    child = spawn(root, seed, src)
    assert child.stdout is not None
    child.stdout.readline()
    start = time.perf_counter()
    shown = 0
    while True:
        line = child.stdout.readline()
        if line.startswith("cost"):
            _, mean, p95 = line.split()
            break
        shown = int(line)
    duration = time.perf_counter() - start
    child.kill()
    child.wait()
    return duration, shown, float(mean), float(p95)


def kill_once(root: Path, seed: int, delay: float, src: str | None) -> tuple[int, int | None]:
    child = spawn(root, seed, src)
    assert child.stdout is not None
    child.stdout.readline()  # ready
    time.sleep(delay)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    shown = 0
    for line in child.stdout.read().splitlines():
        if line.isdigit():
            shown = int(line)
    return shown, saved_actions(root)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--src", help="source tree to measure (PYTHONPATH of the child)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="orbis-kill-") as folder:
        base = Path(folder)
        games = [full_game(base / f"full{i}", args.seed + i, args.src) for i in range(2)]
        duration = statistics.fmean(g[0] for g in games)
        shown_total = saved_total = lost_total = damaged = killed_with_loss = 0
        for kill in range(args.kills):
            root = base / f"kill{kill}"
            shown, saved = kill_once(root, args.seed + kill, rng.uniform(0, duration), args.src)
            shown_total += shown
            if saved is None:
                damaged += 1
                continue
            saved_total += saved
            lost = max(0, shown - saved)
            lost_total += lost
            killed_with_loss += lost > 0
    figures = {
        "kills": args.kills,
        "actions_shown": shown_total,
        "actions_saved": saved_total,
        "actions_lost": lost_total,
        "kills_losing_actions": killed_with_loss,
        "damaged_saves": damaged,
        "game_seconds": round(duration, 3),
        "actions_per_game": games[0][1],
        "save_ms_mean": round(statistics.fmean(g[2] for g in games) * 1000, 3),
        "save_ms_p95": round(max(g[3] for g in games) * 1000, 3),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(
        f"{figures['kills']} kills: {shown_total} actions shown, {saved_total} saved, "
        f"{lost_total} lost ({killed_with_loss} kills lost some), {damaged} damaged saves"
    )
    print(
        f"a game of {figures['actions_per_game']} actions took {figures['game_seconds']} s; "
        f"saving per action: mean {figures['save_ms_mean']} ms, "
        f"95th percentile {figures['save_ms_p95']} ms"
    )


if __name__ == "__main__":
    main()
