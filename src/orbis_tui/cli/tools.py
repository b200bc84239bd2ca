"""The tools: computer games for checking the rules, measuring the levels, the tile set
and the engine (``selfplay``, ``tournament``, ``balance``, ``ladder``, ``bench``)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import gettext as _
from .arguments import AddCommand, games, jobs, level, levels, search_options, seed
from .language import language_option

if TYPE_CHECKING:
    from ..sim.pool import GamesLost
    from .arguments import Commands


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from ..printable import MAX_LINE, printable
    from ..sim.loop import InvariantBroken
    from ..sim.selfplay import parse_seats, play_games

    seat_levels = None
    if args.seats is not None:
        try:
            seat_levels = parse_seats(args.seats, args.players)
        except ValueError as exc:
            error = printable(exc, MAX_LINE)
            print(_("orbis selfplay: --seats: {error}").format(error=error), file=sys.stderr)
            return 2
    played = play_games(
        args.players,
        args.games,
        args.seed,
        levels=seat_levels,
        time_budget=args.budget,
        iterations=args.iterations,
    )
    try:
        for result in played:
            print(result.as_json() if args.json else result.line(), flush=True)
    except InvariantBroken as exc:
        print(_("orbis selfplay: invariant broken: {error}").format(error=exc), file=sys.stderr)
        return 1
    return 0


def _games_lost(command: str, lost: GamesLost, words: Callable[[Any], str]) -> int:
    """Say which games the worker processes could not play and why (one was lost, or
    a game or its result could not be carried between them), and that the run stopped."""
    from ..printable import MAX_LINE, printable

    error = printable(lost.cause, MAX_LINE)
    if lost.games:
        games = "; ".join(words(game) for game in lost.games)
        message = _("orbis {command}: the worker processes could not play {games}: {error}")
    else:
        games = ""
        message = _("orbis {command}: the worker processes could not go on: {error}")
    print(message.format(command=command, games=games, error=error), file=sys.stderr)
    print(_("orbis {command}: stopped.").format(command=command), file=sys.stderr)
    return 1


def _cmd_tournament(args: argparse.Namespace) -> int:
    from ..sim.pool import GamesLost
    from ..sim.tournament import game_words, run_tournament

    def progress(record: object) -> None:
        if args.progress:
            print(".", end="", file=sys.stderr, flush=True)

    try:
        result = run_tournament(
            args.a,
            args.b,
            args.games,
            args.seed,
            players=args.players,
            time_budget=args.budget,
            iterations=args.iterations,
            jobs=args.jobs,
            progress=progress,
        )
    except GamesLost as lost:
        if args.progress:
            print(file=sys.stderr)
        return _games_lost("tournament", lost, game_words)
    if args.progress:
        print(file=sys.stderr)
    print(result.as_json() if args.json else result.report())
    return 0


def _cmd_balance(args: argparse.Namespace) -> int:
    from ..sim.balance import game_words, run_balance
    from ..sim.pool import GamesLost

    try:
        counts = [int(n) for n in args.players.split(",")]
    except ValueError:
        counts = []
    if not counts or any(n not in (2, 3, 4) for n in counts):
        print(_("orbis balance: --players takes counts from 2, 3, 4, e.g. 2,3,4"), file=sys.stderr)
        return 2

    def progress(done: int) -> None:
        if args.progress and done % 100 == 0:
            print(f"{done} games", file=sys.stderr, flush=True)

    tiles = str(args.tiles) if args.tiles else None
    if tiles is not None:
        from ..printable import MAX_LINE, printable
        from ..tiles import DataFileError, load_catalog

        try:
            load_catalog(tiles)
        except DataFileError as exc:
            error = printable(exc, MAX_LINE)
            print(_("orbis balance: --tiles: {error}").format(error=error), file=sys.stderr)
            return 2
    try:
        study = run_balance(args.games, args.seed, args.level, counts, args.jobs, progress, tiles)
    except GamesLost as lost:
        return _games_lost("balance", lost, game_words)
    print(study.report())
    return 0


def _cmd_ladder(args: argparse.Namespace) -> int:
    from ..sim.ladder import run_ladder

    def progress(pair: str) -> None:
        if args.progress:
            print(pair, file=sys.stderr, flush=True)

    ladder = run_ladder(
        args.levels,
        args.games,
        args.seed,
        time_budget=args.budget,
        iterations=args.iterations,
        jobs=args.jobs,
        progress=progress,
    )
    print(ladder.as_json() if args.json else ladder.report())
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from ..sim.bench import bench

    print(bench(args.games, args.seed).report())
    return 0


def _add_selfplay(sub: Commands) -> None:
    self_play = sub.add_parser(
        "selfplay", help=_("play computer games, checking every state (random play by default)")
    )
    self_play.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    self_play.add_argument("--games", type=games, default=10)
    self_play.add_argument("--seed", type=seed, default=0)
    self_play.add_argument("--json", action="store_true", help=_("one JSON object per game"))
    self_play.add_argument(
        "--seats",
        "--levels",
        metavar="LEVELS",
        help=_(
            "opponent level per seat, e.g. easy,medium,hard,expert (or one level for all); "
            "levels: random, easy, medium, hard, expert (default: random)"
        ),
    )
    search_options(self_play)
    language_option(self_play)
    self_play.set_defaults(run=_cmd_selfplay)


def _add_tournament(sub: Commands) -> None:
    tour = sub.add_parser(
        "tournament", help=_("pit two opponent levels against each other and report win rates")
    )
    tour.add_argument("--a", default="hard", type=level, help=_("level A (hard)"))
    tour.add_argument("--b", default="medium", type=level, help=_("level B (medium)"))
    tour.add_argument("--games", type=games, default=200, help=_("games (200)"))
    tour.add_argument("--seed", type=seed, default=1)
    tour.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    tour.add_argument("--jobs", type=jobs, default=1, help=_("games played in parallel (1)"))
    tour.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    tour.add_argument("--progress", action="store_true", help=_("a dot per game on stderr"))
    search_options(tour)
    language_option(tour)
    tour.set_defaults(run=_cmd_tournament)


def _add_balance(sub: Commands) -> None:
    bal = sub.add_parser(
        "balance",
        help=_("many computer games: win rates by seat, god, player count; CP by category"),
    )
    bal.add_argument("--games", type=games, default=10000, help=_("games in all (10000)"))
    bal.add_argument("--seed", type=seed, default=0)
    bal.add_argument("--level", default="medium", type=level, help=_("(medium)"))
    bal.add_argument("--players", default="2,3,4", help=_("player counts to split over (2,3,4)"))
    bal.add_argument("--jobs", type=jobs, default=1, help=_("games played in parallel (1)"))
    bal.add_argument("--progress", action="store_true", help=_("a count every 100 games"))
    bal.add_argument("--tiles", type=Path, help=_("tile file to study (default: the shipped one)"))
    language_option(bal)
    bal.set_defaults(run=_cmd_balance)


def _add_ladder(sub: Commands) -> None:
    lad = sub.add_parser(
        "ladder", help=_("round robin of opponent levels: an Elo-style rating for each level")
    )
    lad.add_argument(
        "--levels",
        type=levels,
        default="random,easy,medium,hard,expert",
        help=_("levels to rate, weakest first (random,easy,medium,hard,expert)"),
    )
    lad.add_argument("--games", type=games, default=40, help=_("two-player games per pair (40)"))
    lad.add_argument("--seed", type=seed, default=1)
    lad.add_argument("--jobs", type=jobs, default=1, help=_("games played in parallel (1)"))
    lad.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    lad.add_argument("--progress", action="store_true", help=_("name each pair on stderr"))
    search_options(lad)
    language_option(lad)
    lad.set_defaults(run=_cmd_ladder)


def _add_bench(sub: Commands) -> None:
    bench = sub.add_parser("bench", help=_("measure the engine on random 4-player games"))
    bench.add_argument("--games", type=games, default=500)
    bench.add_argument("--seed", type=seed, default=0)
    language_option(bench)
    bench.set_defaults(run=_cmd_bench)


# This module's commands, in the order the help lists them.
COMMANDS: dict[str, AddCommand] = {
    "selfplay": _add_selfplay,
    "tournament": _add_tournament,
    "balance": _add_balance,
    "ladder": _add_ladder,
    "bench": _add_bench,
}
