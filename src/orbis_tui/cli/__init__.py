"""The ``orbis`` command: the game, and tools for its data and records.

The player's commands live in :mod:`.play` (play, learn, serve, check-data) and
:mod:`.game_records` (replay, review); the tools that play computer games to measure
the game live in :mod:`.tools`. This module builds the parser and runs a command.

Exit status: 0 done; 1 the check found something (``check-data``: violations;
``replay``: the record is refused); 2 a file cannot be used at all, or an option is
wrong. Whatever a file holds, what is printed of it is made safe for the terminal.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from contextlib import suppress
from typing import NoReturn

from .. import i18n
from ..i18n import gettext as _
from ..printable import MAX_LINE, printable
from . import game_records, play, tables, tools
from .arguments import AddCommand
from .game_records import REVIEW_SIZE
from .language import language_option, take_language, use_language

__all__ = ["COMMANDS", "REVIEW_SIZE", "build_parser", "main", "take_language", "use_language"]

# Every command, in the order the help lists them: the player's first, then the tools.
COMMANDS: dict[str, AddCommand] = {
    **play.COMMANDS,
    **tables.COMMANDS,
    **game_records.COMMANDS,
    **tools.COMMANDS,
}

_PLAY_OPTIONS = i18n.N_(
    "without a command, orbis plays (the same as 'orbis play'):\n"
    "  --players {2,3,4}  players in a new game\n"
    "  --seed N           deal a new game from this seed\n"
    "  --data-dir DIR     where the autosave and records live\n"
    "  --lang LANG        the language: en, de or ru\n"
    "An unfinished game opens at once (ctrl+n sets up a new one); --seed starts anew."
)


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors echo a value safely: escapes spelled out, a
    5000-digit number or a megabyte of text cut short."""

    def error(self, message: str) -> NoReturn:
        super().error(printable(message, MAX_LINE))  # a value and its reason


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, with that command alone (a run needs no other,
    and the whole parser takes as long to build as a tenth of the app's start)."""
    parser: argparse.ArgumentParser = _Parser(
        prog="orbis",
        description=_("The board game Orbis in a terminal."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(_PLAY_OPTIONS),
    )
    language_option(parser)
    sub = parser.add_subparsers(dest="command", title=_("commands"))
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # Starting the app makes thousands of objects that live as long as it does;
    # collecting while they are made walks them again and again (a tenth of the start).
    gc.disable()
    try:
        return _main(argv)
    except BrokenPipeError:  # `orbis replay game.json | head -1`: the reader has had enough
        _quiet_stdout()
        return 1
    except KeyboardInterrupt:  # Ctrl+C during `orbis review`, say: stopped, as asked
        print(file=sys.stderr)
        return 130
    finally:
        gc.enable()


def _quiet_stdout() -> None:
    """Send what is still buffered for a closed pipe nowhere, so that Python's own flush
    at exit does not fail a second time."""
    with suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _command_named(argv: list[str]) -> str | None:
    """The one command these arguments run (None: they need the whole parser, for
    help or for an error naming every command)."""
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        return "play"
    return argv[0] if argv[0] in COMMANDS else None


def _main(argv: Sequence[str] | None) -> int:
    chosen, argv = take_language(list(sys.argv[1:] if argv is None else argv))
    command = _command_named(argv)
    try:
        lang = use_language(chosen, tell=command not in play.APP_COMMANDS)
    except ValueError:
        languages = ", ".join(i18n.available_languages())
        message = _("--lang {lang}: not one of the languages ({languages})")
        shown = message.format(lang=printable(chosen), languages=languages)
        print(f"orbis: {shown}", file=sys.stderr)
        return 2
    parser = build_parser(only=command)
    parser.set_defaults(lang=lang, chosen_lang=chosen)
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]  # options alone belong to the default command
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    if args.command not in play.APP_COMMANDS | tables.APP_COMMANDS:
        gc.enable()
    status: int = args.run(args)
    return status
