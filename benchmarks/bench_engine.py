"""Engine speed on random 4-player games: prints games/s, decisions/s and the mean
cost of legal_actions + apply per decision, then the same loop beside python-chess.

The comparison plays random games of both in one run, in alternating slices (so that
the load of a shared machine falls on both alike): Orbis answers each decision with a
random one of ``legal_actions()`` through ``apply``; python-chess (``pip install
chess``, the ``bench`` extra) pushes a random one of ``board.legal_moves`` until
``board.is_game_over()``. Both loops list every legal choice, pick one, check and play
it and ask whether the game is over. It prints decisions/s, moves/s and their ratio.
CPU time (``time.process_time``) is reported beside the wall clock: others' work on the
machine changes it much less.

Run: python benchmarks/bench_engine.py [GAMES] [SLICES]
"""

from __future__ import annotations

import os
import random
import sys
import time

from orbis_tui.engine import new_game
from orbis_tui.sim.bench import bench
from orbis_tui.tiles import load_catalog


def _clocks() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def orbis_games(games: int, seed: int) -> tuple[int, float, float]:
    """Random 4-player games; returns (decisions, wall seconds, CPU seconds)."""
    catalog = load_catalog()
    decisions = 0
    wall, cpu = _clocks()
    for index in range(games):
        state = new_game(catalog, ["A", "B", "C", "D"], seed=seed + index, first_player=0)
        rng = random.Random(seed + index)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    end_wall, end_cpu = _clocks()
    return decisions, end_wall - wall, end_cpu - cpu


def chess_games(games: int, seed: int) -> tuple[int, float, float]:
    """Random chess games with python-chess; returns (moves, wall seconds, CPU seconds)."""
    import chess  # the bench extra; imported here so that the engine figures need none

    moves = 0
    wall, cpu = _clocks()
    for index in range(games):
        board = chess.Board()
        rng = random.Random(seed + index)
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
    end_wall, end_cpu = _clocks()
    return moves, end_wall - wall, end_cpu - cpu


def compare(games: int, slices: int) -> dict[str, tuple[float, float]]:
    """By clock ("wall", "cpu"): (Orbis decisions/s, chess moves/s), over ``slices``
    alternating slices."""
    orbis = [0, 0.0, 0.0]
    chess = [0, 0.0, 0.0]
    per_slice = max(1, games // slices)
    for index in range(slices):
        for total, part in (
            (orbis, orbis_games(per_slice, index * per_slice)),
            # a random chess game is some 1.6 times as long as an Orbis game
            (chess, chess_games(max(1, per_slice // 2), index * per_slice)),
        ):
            for k in range(3):
                total[k] += part[k]
    return {
        clock: (orbis[0] / orbis[k], chess[0] / chess[k]) for k, clock in ((1, "wall"), (2, "cpu"))
    }


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 500
    slices = int(argv[2]) if len(argv) > 2 else 5
    print(bench(games).report())
    try:
        import chess  # noqa: F401
    except ImportError:
        print("python-chess is not installed (pip install chess): no comparison")
        return
    print(f"\nbeside python-chess, {slices} alternating slices, load {os.getloadavg()[0]:.2f}")
    for label, (orbis, chess_rate) in compare(games, slices).items():
        print(
            f"{label:>4}: orbis {orbis:>9,.0f} decisions/s   chess {chess_rate:>8,.0f} moves/s"
            f"   ratio {orbis / chess_rate:.2f}x"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(sys.argv)
