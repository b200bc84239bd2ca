"""What several commands share: argument types, option groups, the data folder check.

Argument types import the game's modules only when a command line names a value, so
that building a parser stays cheap.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import gettext as _
from ..options import MAX_GAMES, MAX_JOBS, MAX_REVIEW_SIZE, budget_option, count_option

if TYPE_CHECKING:
    Commands = argparse._SubParsersAction[argparse.ArgumentParser]

# How a module of commands adds each of its commands to the command line.
AddCommand = Callable[["Commands"], None]

games = count_option(1, MAX_GAMES, "--games")
jobs = count_option(1, MAX_JOBS, "--jobs")
review_size = count_option(1, MAX_REVIEW_SIZE, "--size")
recent_count = count_option(1, 10_000, "--count")


def _serve_value(parser_name: str) -> Callable[[str], object]:
    """An argument type read by one of serve's parsers (imported only when a command line
    names the value); its refusal becomes argparse's message."""

    def read(text: str) -> object:
        from .. import serve

        try:
            return getattr(serve, parser_name)(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    read.__name__ = parser_name
    return read


port = _serve_value("parse_port")
host = _serve_value("parse_host")
public_url = _serve_value("parse_public_url")


def level(text: str) -> str:
    """A computer level of the one registry (imported only when a command names one)."""
    from ..bots import ALL_LEVELS

    name = text.strip().lower()
    if name not in ALL_LEVELS:
        message = _("unknown level {level} (one of {levels})")
        raise argparse.ArgumentTypeError(
            message.format(level=repr(text), levels=", ".join(ALL_LEVELS))
        )
    return name


def seat_level(text: str) -> tuple[int, str]:
    """``N=LEVEL``: seat N (counted from 1) played by the computer at LEVEL."""
    seat, sep, name = text.partition("=")
    if not sep or not seat.strip().isdigit() or not 1 <= int(seat) <= 4:
        raise argparse.ArgumentTypeError(
            _("write a computer seat as N=LEVEL, N from 1 to 4, e.g. 2=hard, not {text}").format(
                text=repr(text)
            )
        )
    return int(seat), level(name)


def levels(text: str) -> list[str]:
    """Two or more different computer levels, weakest first."""
    names = [level(part) for part in text.split(",") if part.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise argparse.ArgumentTypeError(_("give two or more different levels, weakest first"))
    return names


def _search_sizes(text: str) -> dict[str, int]:
    from ..bots import parse_search_sizes

    try:
        return parse_search_sizes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def search_options(parser: argparse.ArgumentParser) -> None:
    """The search levels' size: a time budget or a fixed number of iterations."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--budget",
        type=budget_option,
        metavar="SECONDS",
        help=_(
            "search levels: thinking time per turn (hard 1.0, expert 1.5; above 0, at most 600)"
        ),
    )
    group.add_argument(
        "--iterations",
        type=_search_sizes,
        metavar="N|LEVEL=N,...",
        help=_(
            "search levels: a fixed search size per turn instead of a time budget "
            "(reproducible): hard search rounds, expert iterations; e.g. hard=12,expert=300"
        ),
    )


def usable_data_dir(folder: Path | None, command: str) -> bool:
    """A data folder must be a folder (or not exist yet, and then it is made)."""
    if folder is None or folder.is_dir() or not (folder.exists() or folder.is_symlink()):
        return True
    from ..printable import MAX_LINE, printable

    message = _("orbis {command}: --data-dir {folder} is not a folder")
    print(message.format(command=command, folder=printable(folder, MAX_LINE)), file=sys.stderr)
    return False
