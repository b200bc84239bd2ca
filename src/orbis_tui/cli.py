"""The ``orbis`` command: the game, and tools for its data and records."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path


def _cmd_check_data(args: argparse.Namespace) -> int:
    from .datacheck import run_check_data

    return run_check_data(args.tiles, args.gods, sys.stdout)


def _cmd_replay(args: argparse.Namespace) -> int:
    from .records import RecordError, read_record_file
    from .standings import standings_json, standings_text

    try:
        _, state = read_record_file(args.record)
    except RecordError as exc:
        print(f"orbis replay: refused: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(standings_json(state), indent=2))
    else:
        print(standings_text(state))
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from .selfplay import InvariantBroken, play_games

    try:
        for result in play_games(args.players, args.games, args.seed):
            print(result.as_json() if args.json else result.line(), flush=True)
    except InvariantBroken as exc:
        print(f"orbis selfplay: invariant broken: {exc}", file=sys.stderr)
        return 1
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .selfplay import bench

    print(bench(args.games, args.seed).report())
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from .selfplay import play_games

    # Until the app is ready the default command shows the engine at work.
    for result in play_games(args.players, 1, args.seed or 0):
        print(result.line())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="orbis", description="The board game Orbis in a terminal."
    )
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a game (the default)")
    play.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    play.add_argument("--seed", type=int)
    play.set_defaults(run=_cmd_play)

    check = sub.add_parser("check-data", help="validate the tile and god data files")
    check.add_argument("--tiles", type=Path, help="tile file (default: the shipped one)")
    check.add_argument("--gods", type=Path, help="god file (default: the shipped one)")
    check.set_defaults(run=_cmd_check_data)

    rep = sub.add_parser("replay", help="replay a game record and print the standings")
    rep.add_argument("record", type=Path)
    rep.add_argument("--json", action="store_true", help="print the standings as JSON")
    rep.set_defaults(run=_cmd_replay)

    self_play = sub.add_parser("selfplay", help="play random legal games, checking every state")
    self_play.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    self_play.add_argument("--games", type=int, default=10)
    self_play.add_argument("--seed", type=int, default=0)
    self_play.add_argument("--json", action="store_true", help="one JSON object per game")
    self_play.set_defaults(run=_cmd_selfplay)

    bench = sub.add_parser("bench", help="measure the engine on random 4-player games")
    bench.add_argument("--games", type=int, default=500)
    bench.add_argument("--seed", type=int, default=0)
    bench.set_defaults(run=_cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    return args.run(args)


if __name__ == "__main__":
    raise SystemExit(main())
