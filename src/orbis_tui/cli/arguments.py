"""What several commands share: argument types, option groups, the data folder check.

Argument types import the game's modules only when a command line names a value, so
that building a parser stays cheap.
"""

from __future__ import annotations

import argparse
import errno
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import gettext as _
from ..options import (
    MAX_GAMES,
    MAX_JOBS,
    MAX_REVIEW_SIZE,
    budget_option,
    count_option,
    seed_option,
)

if TYPE_CHECKING:
    Commands = argparse._SubParsersAction[argparse.ArgumentParser]

# How a module of commands adds each of its commands to the command line.
AddCommand = Callable[["Commands"], None]

games = count_option(1, MAX_GAMES, "--games")
jobs = count_option(1, MAX_JOBS, "--jobs")
review_size = count_option(1, MAX_REVIEW_SIZE, "--size")
recent_count = count_option(1, 10_000, "--count")
seed = seed_option


def _serve_value(parser_name: str) -> Callable[[str], object]:
    """An argument type read by one of serve's parsers (imported only when a command line
    names the value); its refusal becomes argparse's message."""

    def read(text: str) -> object:
        from ..web import serve

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


def data_dir(text: str) -> Path:
    """``argparse`` type of ``--data-dir``: a path, never an empty one (which would be
    the current folder without a word)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("an empty path: give a folder"))
    return Path(text)


def usable_data_dir(folder: Path | None, command: str) -> bool:
    """A data folder must be a folder (or not exist yet, and then it is made): it is
    refused, with a message, when it is a file, lies under a file, or cannot be looked
    at (a path too long for the system, a folder this user may not enter)."""
    from ..paths import ENV_DATA_DIR

    where = "--data-dir"
    if folder is None:  # else the folder $ORBIS_DATA_DIR names, if it names one
        where = f"${ENV_DATA_DIR}"
        folder = Path(os.environ[ENV_DATA_DIR]) if os.environ.get(ENV_DATA_DIR) else None
    if folder is None:
        return True
    problem = data_dir_problem(folder)
    if problem is None:
        return True
    from ..printable import MAX_LINE, MAX_SHOWN, printable

    message = _("orbis {command}: {option} {folder}: {problem}")
    shown = message.format(
        command=command,
        option=where,
        folder=printable(folder, MAX_SHOWN),
        problem=printable(problem, MAX_LINE),
    )
    print(shown, file=sys.stderr)
    return False


def data_dir_problem(folder: Path) -> str | None:
    """What makes ``folder`` unusable as the data folder, or None. A folder that does not
    exist yet is usable when the nearest part of its path that does is a folder."""
    path = folder.expanduser()
    try:
        info = path.stat()
    except FileNotFoundError:
        return _nearest_problem(path)
    except NotADirectoryError:
        return _("a part of the path is a file, not a folder")
    except OSError as exc:
        return _os_problem(exc)
    if not stat.S_ISDIR(info.st_mode):
        return _("is not a folder")
    return None


def _nearest_problem(path: Path) -> str | None:
    for parent in path.parents:
        try:
            info = parent.stat()
        except FileNotFoundError:
            continue
        except OSError as exc:
            return _os_problem(exc)
        if not stat.S_ISDIR(info.st_mode):
            return _("a part of the path is a file, not a folder")
        return None
    return None


def _os_problem(exc: OSError) -> str:
    if exc.errno == errno.ENAMETOOLONG:
        return _("the path is too long for this system")
    if exc.errno == errno.ELOOP:
        return _("the path loops through symbolic links")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return _("this user may not look into a folder on the path")
    return exc.strerror or str(exc)
