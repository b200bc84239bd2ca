"""Write the golden playthroughs: seeded games stored as records with their standings.

Run from the project root after a deliberate change to the rules engine:

    .venv/bin/python tests/golden/make_golden.py

Each game gives two files here: ``<name>.record.json``, a game record that
``orbis replay`` loads, and ``<name>.standings.json``, its final breakdown
(``orbis replay --json``). ``tests/test_golden.py`` replays every record and expects
the identical breakdown. The records embed the tile set they were played with, so
editing ``data/tiles.toml`` does not invalidate them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from orbis_tui.engine import Action, Decline, Exchange, GameState, GoWild, Place
from orbis_tui.records import Match, write_record_file
from orbis_tui.records.model import GameSetup, setup_for_game
from orbis_tui.standings import standings_json
from orbis_tui.tiles import default_tiles_path
from orbis_tui.tiles.models import load_tile_file

HERE = Path(__file__).resolve().parent
NAMES = ["Ann", "Ben", "Cy", "Di"]

# (name, players, seed, first player, style)
GAMES = [
    ("random-2p", 2, 101, 0, "random"),
    ("eager-2p", 2, 102, 1, "eager"),
    ("random-3p", 3, 201, 2, "random"),
    ("eager-3p", 3, 202, 0, "eager"),
    ("random-4p", 4, 301, 3, "random"),
    ("eager-4p", 4, 302, 1, "eager"),
]


def choose(state: GameState, rng: random.Random, style: str) -> Action:
    """``random``: any legal action. ``eager``: pays, places in color and resolves
    effects whenever it can (so the games show temples, volcanoes, villages...)."""
    actions = state.legal_actions()
    if style == "random":
        return rng.choice(actions)
    answers = [a for a in actions if not isinstance(a, Exchange)]
    if rng.random() < 0.05 and len(answers) < len(actions):
        return rng.choice([a for a in actions if isinstance(a, Exchange)])
    eager = [
        a
        for a in answers
        if not isinstance(a, GoWild | Decline) and not (isinstance(a, Place) and a.wild)
    ]
    return rng.choice(eager or answers)


def setup(players: int, seed: int, first: int) -> GameSetup:
    base = setup_for_game(NAMES[:players], seed, first)
    tiles = load_tile_file(default_tiles_path()).tiles
    base.tiles = [t.model_dump(mode="json", exclude_none=True) for t in tiles]
    return base


def play(players: int, seed: int, first: int, style: str) -> Match:
    match = Match.start(setup(players, seed, first))
    rng = random.Random(seed)
    while not match.state.is_over:
        match.play(choose(match.state, rng, style))
    return match


def main() -> int:
    for name, players, seed, first, style in GAMES:
        match = play(players, seed, first, style)
        write_record_file(HERE / f"{name}.record.json", match.record)
        standings = json.dumps(standings_json(match.state), indent=2) + "\n"
        (HERE / f"{name}.standings.json").write_text(standings, encoding="utf-8")
        totals = ", ".join(str(s["total"]) for s in standings_json(match.state)["players"])
        print(f"{name}: {len(match.actions)} actions, totals {totals}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
