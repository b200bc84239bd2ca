"""The player's commands for playing: ``play`` (the default), ``learn``, ``serve``, and
``check-data`` for a tile set entered by hand."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import gettext as _
from . import arguments
from .arguments import AddCommand, usable_data_dir
from .language import language_option

if TYPE_CHECKING:
    from .arguments import Commands


def _cmd_play(args: argparse.Namespace) -> int:
    if not usable_data_dir(args.data_dir, "play"):
        return 2
    if args.plain:
        from ..plain import run_plain

        return run_plain(
            args.data_dir,
            players=args.players,
            seed=args.seed,
            levels=dict(args.seat or ()),
            language=args.chosen_lang,
            read=sys.stdin,
            write=sys.stdout,
        )
    from ..tui import run_app

    wait = args.wait_for_folder if math.isfinite(args.wait_for_folder) else 0.0
    return run_app(
        args.data_dir,
        players=args.players,
        seed=args.seed,
        folder_wait=min(max(0.0, wait), 60.0),
        language=args.chosen_lang,
    )


def _cmd_learn(args: argparse.Namespace) -> int:
    if not usable_data_dir(args.data_dir, "learn"):
        return 2
    if args.plain:
        from ..plain.learn import run_plain_learn

        return run_plain_learn(
            args.data_dir,
            restart=args.restart,
            language=args.chosen_lang,
            read=sys.stdin,
            write=sys.stdout,
        )
    from ..tui.learn_app import run_learn

    return run_learn(args.data_dir, restart=args.restart, language=args.chosen_lang)


def _cmd_serve(args: argparse.Namespace) -> int:
    if not usable_data_dir(args.data_dir, "serve"):
        return 2
    from ..web.serve import serve_app

    return serve_app(
        args.host,
        args.port,
        data_dir=args.data_dir,
        players=args.players,
        seed=args.seed,
        public_url=args.public_url,
        lang=args.chosen_lang,
    )


def _cmd_check_data(args: argparse.Namespace) -> int:
    from ..tiles.check import run_check_data

    return run_check_data(args.tiles, args.gods, sys.stdout)


def _add_play(sub: Commands) -> None:
    play = sub.add_parser("play", help=_("play a game in the terminal app (the default)"))
    play.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help=_("players in a new game")
    )
    play.add_argument("--seed", type=arguments.seed, help=_("deal a new game from this seed"))
    play.add_argument(
        "--data-dir",
        type=arguments.data_dir,
        help=_(
            "where the autosave and records live (default: $ORBIS_DATA_DIR, "
            "else the user data directory)"
        ),
    )
    play.add_argument(
        "--plain",
        action="store_true",
        help=_(
            "play line by line in plain text, for screen readers and Braille displays "
            "(answers are read from the standard input)"
        ),
    )
    play.add_argument(
        "--seat",
        type=arguments.seat_level,
        action="append",
        metavar="N=LEVEL",
        help=_("with --plain: a computer plays seat N at LEVEL (easy, medium, hard, expert)"),
    )
    play.add_argument(
        "--wait-for-folder",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help=argparse.SUPPRESS,  # set by `orbis serve`: a reloaded tab waits for the last one
    )
    language_option(play)
    play.set_defaults(run=_cmd_play)


def _add_serve(sub: Commands) -> None:
    from ..web.serve import DEFAULT_HOST, DEFAULT_PORT

    serve = sub.add_parser(
        "serve", help=_("play in a web browser: each browser tab gets its own game process")
    )
    serve.add_argument(
        "--host",
        type=arguments.host,
        default=DEFAULT_HOST,
        help=_(
            "address to listen on ({default}: this machine only; any other has no authentication)"
        ).format(default=DEFAULT_HOST),
    )
    serve.add_argument(
        "--port",
        type=arguments.port,
        default=DEFAULT_PORT,
        help=_("port to listen on ({default})").format(default=DEFAULT_PORT),
    )
    serve.add_argument(
        "--public-url",
        type=arguments.public_url,
        metavar="URL",
        help=_(
            "the address browsers use, when it differs from the one they reach "
            "(behind a proxy, e.g. https://orbis.example.org)"
        ),
    )
    serve.add_argument("--players", type=int, choices=(2, 3, 4), help=_("players in a new game"))
    serve.add_argument("--seed", type=arguments.seed, help=_("deal new games from this seed"))
    serve.add_argument(
        "--data-dir",
        type=arguments.data_dir,
        help=_("where the autosave and records live, as for orbis play"),
    )
    language_option(serve)
    serve.set_defaults(run=_cmd_serve)


def _add_learn(sub: Commands) -> None:
    learn = sub.add_parser("learn", help=_("learn to play: a guided game that teaches the rules"))
    learn.add_argument("--restart", action="store_true", help=_("start the walkthrough over"))
    learn.add_argument(
        "--data-dir", type=arguments.data_dir, help=_("where the walkthrough's progress is kept")
    )
    learn.add_argument(
        "--plain",
        action="store_true",
        help=_("the walkthrough line by line in plain text, for screen readers"),
    )
    language_option(learn)
    learn.set_defaults(run=_cmd_learn)


def _add_check_data(sub: Commands) -> None:
    check = sub.add_parser("check-data", help=_("validate the tile and god data files"))
    check.add_argument("--tiles", type=Path, help=_("tile file (default: the shipped one)"))
    check.add_argument("--gods", type=Path, help=_("god file (default: the shipped one)"))
    language_option(check)
    check.set_defaults(run=_cmd_check_data)


# This module's commands, in the order the help lists them.
COMMANDS: dict[str, AddCommand] = {
    "play": _add_play,
    "serve": _add_serve,
    "learn": _add_learn,
    "check-data": _add_check_data,
}

# Commands that open the app: it turns collection back on once its first frame is shown.
APP_COMMANDS = frozenset({"play", "learn"})
