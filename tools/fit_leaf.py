"""Fit the expert's learned leaf evaluation (orbis_tui.bots.leaf) to self-play games.

    .venv/bin/python tools/fit_leaf.py [--games 150] [--held-out 50] [--seed 50000]
        [--players 2,3,4] [--out data/leaf_weights.json]

For each table size it plays ``games + held-out`` games between medium players (deal
seeds from ``--seed`` on; the last ``held-out`` deals are never fitted on), records every
seat's parts of the evaluation at the start of every turn, and fits, by least squares,
the seat's final score. It prints, on the held-out games, how far each evaluation is from
the final scores and from the final margins (a seat's score minus the best other's,
what the search maximises), the hand-written evaluation's and the fitted one's, and
writes the fitted numbers. Plain Python: no extra packages.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from orbis_tui.bots import MediumBot, bot_seed
from orbis_tui.bots.heuristics import evaluate
from orbis_tui.bots.leaf import LeafModel, position_features
from orbis_tui.engine import DecisionKind, final_scores
from orbis_tui.tiles import new_game

Position = tuple[list[list[float]], list[float]]  # every seat's features, hand values
Game = tuple[list[Position], list[int]]  # its positions, and the final scores


def play(players: int, seed: int) -> Game:
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    positions: list[Position] = []
    while not state.is_over:
        if state.kind is DecisionKind.TURN:
            positions.append((position_features(state), evaluate(state)))
        state.apply(bots[state.current].choose(state))
    return positions, [score.total for score in final_scores(state)]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for row in range(col + 1, n):
            factor = a[row][col] / a[col][col]
            for k in range(col, n + 1):
                a[row][k] -= factor * a[col][k]
    x = [0.0] * n
    for row in reversed(range(n)):
        x[row] = (a[row][n] - sum(a[row][k] * x[k] for k in range(row + 1, n))) / a[row][row]
    return x


def fit(games: list[Game], ridge: float) -> list[float]:
    """Least squares of every seat's final score on its features, a little ridge."""
    size = len(games[0][0][0][0][0])
    xtx = [[0.0] * size for _ in range(size)]
    xty = [0.0] * size
    for positions, finals in games:
        for features, _hand in positions:
            for seat, x in enumerate(features):
                y = finals[seat]
                for i in range(size):
                    xi = x[i]
                    if xi == 0.0:
                        continue
                    xty[i] += xi * y
                    row = xtx[i]
                    for j in range(size):
                        row[j] += xi * x[j]
    for i in range(size):
        xtx[i][i] += ridge
    return solve(xtx, xty)


def margins(values: list[float]) -> list[float]:
    return [v - max(o for j, o in enumerate(values) if j != i) for i, v in enumerate(values)]


def errors(games: list[Game], model: list[float] | None) -> tuple[float, float]:
    """Root mean square error of the seats' final scores and final margins."""
    score_sq = margin_sq = 0.0
    n = 0
    for positions, finals in games:
        final_margins = margins([float(f) for f in finals])
        for features, hand in positions:
            if model is None:
                values = hand
            else:
                values = [sum(c * x for c, x in zip(model, row, strict=True)) for row in features]
            for seat, (v, m) in enumerate(zip(values, margins(values), strict=True)):
                score_sq += (v - finals[seat]) ** 2
                margin_sq += (m - final_margins[seat]) ** 2
                n += 1
    return math.sqrt(score_sq / n), math.sqrt(margin_sq / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150, help="games fitted on, per size")
    parser.add_argument("--held-out", type=int, default=50, help="games kept apart, per size")
    parser.add_argument("--seed", type=int, default=50000, help="first deal seed")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=Path("data/leaf_weights.json"))
    args = parser.parse_args()
    coefficients: dict[int, tuple[float, ...]] = {}
    report = {}
    for players in (int(p) for p in args.players.split(",")):
        seeds = range(args.seed, args.seed + args.games + args.held_out)
        games = [play(players, seed) for seed in seeds]
        train, held = games[: args.games], games[args.games :]
        model = fit(train, args.ridge)
        coefficients[players] = tuple(round(c, 5) for c in model)
        hand = errors(held, None)
        learned = errors(held, list(coefficients[players]))
        positions = sum(len(p) for p, _ in held)
        print(
            f"{players} players, {len(held)} held-out games ({positions} positions): "
            f"RMSE of the final score hand {hand[0]:.2f} learned {learned[0]:.2f} CP; "
            f"of the final margin hand {hand[1]:.2f} learned {learned[1]:.2f} CP",
            flush=True,
        )
        report[str(players)] = {
            "fitted_games": len(train),
            "held_out_games": len(held),
            "held_out_rmse_score": {"hand": round(hand[0], 3), "learned": round(learned[0], 3)},
            "held_out_rmse_margin": {"hand": round(hand[1], 3), "learned": round(learned[1], 3)},
        }
    data = LeafModel(coefficients).as_json()
    data["fitted"] = {
        "by": "tools/fit_leaf.py",
        "self_play": "medium against medium",
        "first_deal_seed": args.seed,
        "ridge": args.ridge,
        "held_out": report,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
