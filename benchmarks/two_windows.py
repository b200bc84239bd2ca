"""Two copies of the app on one data folder: count the games lost.

Run with ``python benchmarks/two_windows.py``. For each case — both windows start a
new game, both resume the saved game, one resumes while the other starts anew — two
processes open the same data folder through the app's
:class:`~orbis_tui.saves.SaveStore` (taking its lock as the app does, and opening
read-only when the other keeps the folder), then both play at the same time, saving
after every action as the table does. Afterwards every game a window played is looked
for in the folder (the autosave and ``records/``):

- *saved*: its last position is on disk;
- *told*: not saved, but the window was read-only and said so from the start;
- *lost*: not saved, and nothing said so (the goal is 0).

Options: ``--rounds N`` repeats every case (default 5), ``--src DIR`` measures another
source tree (e.g. an older checkout's ``src``), ``--json``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

WINDOW = r"""
import random, sys
from pathlib import Path
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import SaveStore

root, mode, seed = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
store = SaveStore(root)
acquire = getattr(store, "acquire", None)
state = acquire().state.value if acquire else "no lock"
if state == "elsewhere":
    store.open_read_only()
loaded = store.load()
if mode == "resume" and loaded.match is not None:
    match = loaded.match
else:
    if loaded.match is not None:  # the app keeps the previous game among the records
        archive = getattr(store, "archive_autosave", None)
        if archive is not None:
            archive(loaded.match.record)
        elif store.autosave.exists():
            target = store.record_path(loaded.match.record)
            target.parent.mkdir(parents=True, exist_ok=True)
            store.autosave.replace(target)
    match = Match.start(setup_for_game([f"W{seed}", "Bo"], seed, 0))
match.on_change = lambda m: store.save_soon(m.record)
print("ready", state, flush=True)
sys.stdin.readline()
rng = random.Random(seed)
for _ in range(40):
    if match.state.is_over:
        break
    match.play(rng.choice(match.state.legal_actions()))
store.flush()
print(json.dumps({"state": state, "text": match.record.to_json()}), flush=True)
release = getattr(store, "release", None)
if release:
    release()
"""


def window(root: Path, mode: str, seed: int, src: str | None) -> subprocess.Popen[str]:
    env = dict(os.environ)
    if src:
        env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.Popen(
        [sys.executable, "-c", "import json\n" + WINDOW, str(root), mode, str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


def saved_texts(root: Path) -> set[str]:
    files = [root / "autosave.json", *sorted((root / "records").glob("*.json"))]
    return {f.read_text() for f in files if f.is_file()}


def seed_game(root: Path, src: str | None) -> None:
    """A game in progress in the folder, for the windows that resume."""
    first = window(root, "new", 99, src)
    assert first.stdin is not None and first.stdout is not None
    first.stdout.readline()
    first.stdin.write("go\n")
    first.stdin.flush()
    first.communicate()


def run_case(root: Path, modes: tuple[str, str], seed: int, src: str | None) -> list[str]:
    """Play both windows at once; the fate of each window's game."""
    seed_game(root, src)
    windows = [window(root, mode, seed + i, src) for i, mode in enumerate(modes)]
    for w in windows:  # both open before either plays
        assert w.stdout is not None
        w.stdout.readline()
    for w in windows:
        assert w.stdin is not None
        w.stdin.write("go\n")
        w.stdin.flush()
    results = [json.loads(w.communicate()[0].splitlines()[-1]) for w in windows]
    on_disk = saved_texts(root)
    fates = []
    for result in results:
        if result["text"] in on_disk:
            fates.append("saved")
        elif result["state"] == "elsewhere":
            fates.append("told")
        else:
            fates.append("lost")
    return fates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--src", help="source tree to measure (PYTHONPATH of the windows)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    cases = {
        "both new": ("new", "new"),
        "both resume": ("resume", "resume"),
        "one resumes, one new": ("resume", "new"),
    }
    figures: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory(prefix="orbis-two-") as folder:
        for name, modes in cases.items():
            counts = {"saved": 0, "told": 0, "lost": 0}
            for round_ in range(args.rounds):
                root = Path(folder) / f"{name.replace(' ', '-')}-{round_}"
                for fate in run_case(root, modes, 10 * round_, args.src):
                    counts[fate] += 1
            figures[name] = counts
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for name, counts in figures.items():
        games = sum(counts.values())
        print(
            f"{name:<22} {games} games: {counts['saved']} saved, {counts['told']} read-only "
            f"and told, {counts['lost']} lost"
        )


if __name__ == "__main__":
    main()
