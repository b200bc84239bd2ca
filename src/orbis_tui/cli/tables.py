"""The commands of tables played apart: ``orbis host``, ``orbis table new``, ``orbis join``.

Only the parsers live here; each command loads what it needs when it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Any

from ..i18n import gettext as _
from . import arguments
from .arguments import AddCommand
from .language import language_option

DEFAULT_STORE = "orbis-tables.db"
LINK_ENV = "ORBIS_JOIN_LINK"


def _seat_level(text: str) -> tuple[int, str]:
    from ..levels import LEVELS

    seat, _sep, level = text.partition("=")
    if not seat.isdigit() or level not in LEVELS:
        message = _("{text}: a seat number, = and a computer level ({levels})")
        raise argparse.ArgumentTypeError(message.format(text=text, levels=", ".join(LEVELS)))
    return int(seat), level


def _cmd_host(args: argparse.Namespace) -> int:
    from ..host import host_tables

    return host_tables(args.host, args.port, args.store, args.public_url)


def _cmd_table_new(args: argparse.Namespace) -> int:
    from ..remote.client import create_table_request

    seats = dict(args.seat or [])
    bad = [n for n in seats if not 1 <= n <= args.players]
    if bad:
        message = _("--seat {seat}: the seats are 1 to {players}")
        print(
            f"orbis table new: {message.format(seat=bad[0], players=args.players)}",
            file=sys.stderr,
        )
        return 2
    names = args.names.split(",") if args.names else None
    try:
        answer: dict[str, Any] = asyncio.run(
            create_table_request(args.server, args.players, seats, names)
        )
    except (ValueError, OSError) as exc:
        print(_("orbis table new: refused: {error}").format(error=exc), file=sys.stderr)
        return 1
    except Exception as exc:  # the server could not be reached
        message = _("orbis table new: cannot reach {server}: {error}")
        print(message.format(server=args.server, error=exc), file=sys.stderr)
        return 1
    print(_("A new table: give each person their own link (it is their seat, and a secret)."))
    for seat in answer["seats"]:
        if "link" in seat:
            print(f"  {seat['seat'] + 1} {seat['name']}: {seat['link']}")
        else:
            print(f"  {seat['seat'] + 1} {seat['name']}: {seat['kind']}")
    print(_("  watch: {link}").format(link=answer["watch"]))
    return 0


def _cmd_join(args: argparse.Namespace) -> int:
    from ..remote.links import parse_link

    text = os.environ.get(LINK_ENV, "") if args.link_from_env else (args.link or "")
    try:
        link = parse_link(text)
    except ValueError as exc:
        print(_("orbis join: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    from ..tui.join import run_join

    return run_join(link, args.data_dir, language=args.chosen_lang)


def _add_host(sub: Any) -> None:
    host = sub.add_parser(
        "host", help=_("host tables played apart: each player at their own terminal or browser")
    )
    host.add_argument("--host", default="127.0.0.1", help=_("address to listen on (127.0.0.1)"))
    host.add_argument(
        "--port", type=arguments.port, default=8765, help=_("port to listen on (8765)")
    )
    host.add_argument(
        "--store",
        default=DEFAULT_STORE,
        help=_("where the tables are kept: a SQLite file, or a postgresql:// URL"),
    )
    host.add_argument(
        "--public-url",
        type=arguments.public_url,
        help=_("the address players use, when a proxy serves this server (https://...)"),
    )
    language_option(host)
    host.set_defaults(run=_cmd_host)


def _add_table(sub: Any) -> None:
    table = sub.add_parser("table", help=_("deal a new table on a table server"))
    actions = table.add_subparsers(dest="table_command", required=True)
    new = actions.add_parser("new", help=_("deal a new table and print its invitation links"))
    new.add_argument("--server", required=True, help=_("the table server's address"))
    new.add_argument("--players", type=int, choices=(2, 3, 4), required=True)
    new.add_argument(
        "--seat",
        type=_seat_level,
        action="append",
        help=_("a seat played by the server's computer: 3=hard (seats count from 1)"),
    )
    new.add_argument("--names", help=_("the players' names, separated by commas"))
    language_option(table)
    language_option(new)
    new.set_defaults(run=_cmd_table_new)


def _add_join(sub: Any) -> None:
    from pathlib import Path

    join = sub.add_parser("join", help=_("take your seat at a table played apart"))
    join.add_argument("link", nargs="?", help=_("the invitation link"))
    join.add_argument("--link-from-env", action="store_true", help=argparse.SUPPRESS)
    join.add_argument(
        "--data-dir", type=Path, help=_("where a finished game's record is saved (records/)")
    )
    language_option(join)
    join.set_defaults(run=_cmd_join)


# Played apart: after the player's own commands in the help.
COMMANDS: dict[str, AddCommand] = {"host": _add_host, "table": _add_table, "join": _add_join}
APP_COMMANDS = frozenset({"join"})  # opens the app: collection comes back with its frame
