"""The parsers of the commands of tables played apart: host, table, join, tables.

Only the parsers live here, with the checks of their arguments: what the host's
commands do is :mod:`.hosting`, what the player's do is :mod:`.joining`; each command
loads what it needs when it runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..i18n import gettext as _
from . import arguments, hosting, joining
from .arguments import AddCommand
from .language import language_option

DEFAULT_STORE = "orbis-tables.db"


def _seat_level(text: str) -> tuple[int, str]:
    from ..levels import LEVELS

    seat, _sep, level = text.partition("=")
    if not seat.isdigit() or level not in LEVELS:
        message = _("{text}: a seat number, = and a computer level ({levels})")
        raise argparse.ArgumentTypeError(message.format(text=text, levels=", ".join(LEVELS)))
    return int(seat), level


MAX_STORE = 4096  # characters of a store's path or address: the longest path Linux takes


def _turn_time(text: str) -> float | None:
    from ..remote.turn_time import parse_turn_time

    try:
        return parse_turn_time(text)
    except ValueError:
        message = _("{text}: a time per turn such as 90s, 2m, 1h, 1d, or none")
        raise argparse.ArgumentTypeError(message.format(text=text)) from None


def _store_place(text: str) -> str:
    """``--store``: a file path or a postgresql:// URL, as text a terminal can show."""
    from ..printable import printable

    if not text.strip():
        raise argparse.ArgumentTypeError(_("an empty path: give a file or a postgresql:// URL"))
    if len(text) > MAX_STORE or not text.isprintable():
        message = _("{text} is not a file path or address (control characters, or too long)")
        raise argparse.ArgumentTypeError(message.format(text=printable(repr(text))))
    return text


def _server(text: str) -> str:
    """``--server``: an http(s) address a terminal can show."""
    from ..printable import printable

    if len(text) > MAX_STORE or not text.isprintable():
        message = _("{text} is not an http:// or https:// address")
        raise argparse.ArgumentTypeError(message.format(text=printable(repr(text))))
    return str(arguments.public_url(text))


def _browser_seats(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 5 or not 0 <= int(text) <= 10_000:
        message = _("{text} is not a number of browser seats (0 to 10000)")
        raise argparse.ArgumentTypeError(message.format(text=repr(text[:40])))
    return int(text)


def _every(text: str) -> float:
    if not text.isascii() or not text.isdigit() or not 10 <= int(text) <= 86400:
        message = _("{text} is not a number of seconds from 10 to 86400")
        raise argparse.ArgumentTypeError(message.format(text=repr(text[:40])))
    return float(text)


def _add_host(sub: Any) -> None:
    host = sub.add_parser(
        "host", help=_("host tables played apart: each player at their own terminal or browser")
    )
    host.add_argument(
        "--host",
        type=arguments.host,
        default="127.0.0.1",
        help=_("address to listen on (127.0.0.1)"),
    )
    host.add_argument(
        "--port", type=arguments.port, default=8765, help=_("port to listen on (8765)")
    )
    host.add_argument(
        "--store",
        type=_store_place,
        default=DEFAULT_STORE,
        help=_("where the tables are kept: a SQLite file, or a postgresql:// URL"),
    )
    host.add_argument(
        "--public-url",
        type=arguments.public_url,
        help=_("the address players use, when a proxy serves this server (https://...)"),
    )
    host.add_argument(
        "--max-browser-seats",
        type=_browser_seats,
        default=16,
        help=_(
            "browser seats played at once, in all (16): each runs a process of some 50 MB "
            "on this machine"
        ),
    )
    host.add_argument(
        "--allow-seeded-tables",
        action="store_true",
        help=_(
            "let a table request give the seed of its deal (for tests and replays: "
            "whoever knows the seed knows the piles; the seats are told)"
        ),
    )
    _host_key_option(host)
    host.add_argument(
        "--new-host-key",
        action="store_true",
        help=_("make a new host's key (the old one opens nothing any more)"),
    )
    language_option(host)
    host.set_defaults(run=hosting.cmd_host)


def _notify_option(parser: Any) -> None:
    parser.add_argument(
        "--notify-command",
        metavar="CMD",
        help=_(
            "run CMD each time your turn comes, with the alert's text as its last argument "
            "and in ORBIS_NOTIFY_TEXT (no shell: e.g. notify-send)"
        ),
    )


def _host_key_option(parser: Any) -> None:
    parser.add_argument(
        "--host-key-file",
        type=Path,
        help=_(
            "the file of the host's key (the data folder's host-key; or the environment "
            "variable ORBIS_HOST_KEY)"
        ),
    )


def _add_table(sub: Any) -> None:
    from ..levels import LEVELS

    table = sub.add_parser(
        "table", help=_("deal a new table on a table server, list its tables, reissue a link")
    )
    actions = table.add_subparsers(dest="table_command", required=True)
    new = actions.add_parser("new", help=_("deal a new table and print its invitation links"))
    new.add_argument("--server", type=_server, required=True, help=_("the table server's address"))
    new.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    new.add_argument(
        "--seat",
        type=_seat_level,
        action="append",
        help=_("a seat played by the server's computer: 3=hard (seats count from 1)"),
    )
    new.add_argument("--names", help=_("the players' names, separated by commas"))
    new.add_argument(
        "--turn-time",
        type=_turn_time,
        default=None,
        metavar=_("TIME"),
        help=_(
            "time per turn: 2m for a live game, 1d for play over days, none (the default) "
            "for no clock; when it runs out, the computer plays the seat until its person "
            "takes it back"
        ),
    )
    new.add_argument(
        "--clock-level",
        choices=LEVELS,
        default="medium",
        help=_("the computer level that plays a seat whose time ran out (medium by default)"),
    )
    language_option(table)
    language_option(new)
    new.set_defaults(run=hosting.cmd_table_new)
    listing = actions.add_parser(
        "list", help=_("the server's tables, whose turn it is (with the host's key)")
    )
    listing.add_argument(
        "--server", type=_server, required=True, help=_("the table server's address")
    )
    _host_key_option(listing)
    language_option(listing)
    listing.set_defaults(run=hosting.cmd_table_list)
    reissue = actions.add_parser(
        "reissue",
        help=_("a new link for a seat whose link was lost; the old one opens nothing any more"),
    )
    reissue.add_argument(
        "--server", type=_server, required=True, help=_("the table server's address")
    )
    reissue.add_argument(
        "table",
        help=_(
            "the table's id (orbis table list names it); an id that begins with '-' "
            "is written after '--'"
        ),
    )
    reissue.add_argument("seat", type=int, help=_("the seat, counted from 1"))
    _host_key_option(reissue)
    language_option(reissue)
    reissue.set_defaults(run=hosting.cmd_table_reissue)


def _add_tables(sub: Any) -> None:
    tables = sub.add_parser(
        "tables", help=_("the tables you joined from this machine: whose turn, and join one")
    )
    tables.add_argument(
        "--data-dir",
        type=arguments.data_dir,
        help=_("where your tables' list is kept (tables.json)"),
    )
    tables.add_argument(
        "--plain", action="store_true", help=_("a numbered list in plain text, for screen readers")
    )
    tables.add_argument(
        "--watch",
        action="store_true",
        help=_(
            "no list: watch your turns at these tables and say each one (with "
            "--notify-command, run it), with no seat open, until Ctrl+C"
        ),
    )
    tables.add_argument(
        "--every",
        type=_every,
        default=60.0,
        help=_("with --watch: seconds between asks of the servers (60; at least 10)"),
    )
    _notify_option(tables)
    language_option(tables)
    tables.set_defaults(run=joining.cmd_tables)


def _add_join(sub: Any) -> None:

    join = sub.add_parser("join", help=_("take your seat at a table played apart"))
    join.add_argument(
        "link",
        nargs="?",
        help=_(
            "the invitation link (other users of this machine can see it here: "
            "prefer -, --link-file or ORBIS_LINK)"
        ),
    )
    join.add_argument("--link-file", type=Path, help=_("read the invitation link from this file"))
    # The table server starting a browser seat's app: the link in its environment,
    # and a throwaway data folder and settings.
    join.add_argument("--browser-seat", action="store_true", help=argparse.SUPPRESS)
    join.add_argument(
        "--data-dir",
        type=arguments.data_dir,
        help=_("where a finished game's record is saved (records/)"),
    )
    join.add_argument(
        "--plain",
        action="store_true",
        help=_("play the seat line by line in plain text, for screen readers"),
    )
    _notify_option(join)
    language_option(join)
    join.set_defaults(run=joining.cmd_join)


# Played apart: after the player's own commands in the help.
COMMANDS: dict[str, AddCommand] = {
    "host": _add_host,
    "table": _add_table,
    "join": _add_join,
    "tables": _add_tables,
}
APP_COMMANDS = frozenset({"join", "tables"})  # opens the app: collection comes back with its frame
