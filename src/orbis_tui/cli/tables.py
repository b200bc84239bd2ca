"""The commands of tables played apart: ``orbis host``, ``orbis table new``, ``orbis join``.

Only the parsers live here; each command loads what it needs when it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import gettext as _
from . import arguments
from .arguments import AddCommand
from .language import language_option

DEFAULT_STORE = "orbis-tables.db"
LINK_ENV = "ORBIS_LINK"  # where `orbis join` finds the link when none is given
SEAT_LINK_ENV = "ORBIS_JOIN_LINK"  # where the table server hands a browser seat its link
MAX_LINK_TEXT = 4096  # characters read for a link from a file or stdin


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


def _cmd_host(args: argparse.Namespace) -> int:
    from ..remote.host_command import host_tables

    return host_tables(
        args.host,
        args.port,
        args.store,
        args.public_url,
        max_browser_seats=args.max_browser_seats,
        allow_seeded_tables=args.allow_seeded_tables,
        host_key_file=args.host_key_file,
        new_host_key=args.new_host_key,
    )


def _cmd_table_new(args: argparse.Namespace) -> int:
    from ..printable import MAX_LINE, printable
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
        turn_time = None if args.turn_time is None else (args.turn_time, args.clock_level)
        answer: dict[str, Any] = asyncio.run(
            create_table_request(args.server, args.players, seats, names, turn_time)
        )
        table = _table_answer(answer, args.players)
    except json.JSONDecodeError:
        message = _("orbis table new: refused: the server's answer is not JSON")
        print(message, file=sys.stderr)
        return 1
    except (ValueError, OSError) as exc:
        message = _("orbis table new: refused: {error}")
        print(message.format(error=printable(exc, MAX_LINE)), file=sys.stderr)
        return 1
    except Exception as exc:  # the server could not be reached
        message = _("orbis table new: cannot reach {server}: {error}")
        shown = message.format(server=printable(args.server), error=printable(exc, MAX_LINE))
        print(shown, file=sys.stderr)
        return 1
    print(_("A new table: give each person their own link (it is their seat, and a secret)."))
    for seat in table.seats:
        what = seat.kind if seat.link is None else seat.link
        print(f"  {seat.seat + 1} {printable(seat.name)}: {printable(what, MAX_LINE)}")
    print(_("  watch: {link}").format(link=printable(table.watch, MAX_LINE)))
    return 0


def _table_answer(answer: object, players: int) -> _TableAnswer:
    """The server's answer to a new table, checked: a seat for each player, numbered
    from 0, each with a name and either a link or the computer level that plays it. An
    answer that is not one raises ValueError saying what is wrong."""
    from pydantic import ValidationError

    if isinstance(answer, dict) and "error" in answer:
        raise ValueError(str(answer["error"]))
    try:
        # strict as JSON: a seat number is a number, not "1" or true; an object is a dict
        table: _TableAnswer = _answer_schema().validate_json(json.dumps(answer), strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(top level)"
        message = _("the server's answer is not a new table: {where}: {problem}")
        raise ValueError(message.format(where=where, problem=first["msg"])) from None
    numbers = sorted(seat.seat for seat in table.seats)
    if numbers != list(range(players)):
        message = _("the server's answer is not a new table: it numbers the seats {numbers}")
        raise ValueError(message.format(numbers=numbers))
    return table


def _answer_schema() -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(_TableAnswer)


class NoLink(ValueError):
    """No link was given, or it could not be read (said in one line)."""


def link_text(args: argparse.Namespace) -> str:
    """The invitation link's text, from wherever it was given: the command line (which
    other users see in ``ps``), ``-`` or a piped stdin, ``--link-file``, or the
    environment (``ORBIS_LINK``). Raises :class:`NoLink` saying what is missing."""
    if args.browser_seat:  # started by the table server: the link is in its environment
        return os.environ.pop(SEAT_LINK_ENV, "")
    if args.link not in (None, "-"):
        return str(args.link)
    if args.link_file is not None:
        try:
            with args.link_file.open(encoding="utf-8", errors="replace") as file:
                return str(file.read(MAX_LINK_TEXT))
        except OSError as exc:
            message = _("cannot read the link from {file}: {error}")
            raise NoLink(message.format(file=args.link_file, error=exc.strerror or exc)) from None
    if args.link is None and os.environ.get(LINK_ENV):
        return os.environ.pop(LINK_ENV)
    if args.link == "-" or not sys.stdin.isatty():
        return _read_link_from_stdin()
    raise NoLink(
        _(
            "give the invitation link: orbis join LINK, orbis join - (then paste it), "
            "--link-file FILE, or the environment variable {env}"
        ).format(env=LINK_ENV)
    )


def _read_link_from_stdin() -> str:
    """The link typed or pasted (not shown), or piped in; stdin is then the terminal
    again, for the app's keys."""
    if sys.stdin.isatty():
        import getpass

        try:
            return getpass.getpass(_("Paste the invitation link (it is not shown): "))
        except EOFError:
            return ""
    text = sys.stdin.readline(MAX_LINK_TEXT)
    _terminal_as_stdin()
    return text


def _terminal_as_stdin() -> None:
    """Make the terminal stdin again, after a link was piped in."""
    try:
        terminal = os.open("/dev/tty", os.O_RDWR)
    except OSError:
        raise NoLink(_("the link came on stdin, but there is no terminal to play in")) from None
    os.dup2(terminal, sys.stdin.fileno())
    os.close(terminal)


def _cmd_join(args: argparse.Namespace) -> int:
    from ..printable import printable
    from ..remote.links import parse_link

    try:
        link = parse_link(link_text(args))
    except ValueError as exc:
        problem = printable(str(exc), 300)
        print(_("orbis join: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    if not arguments.usable_data_dir(args.data_dir, "join"):
        return 2
    if not args.browser_seat:
        _remember(args.data_dir, link)
    return _join(link, args)


def _remember(data_dir: Path | None, link: Any) -> None:
    """Keep the link for ``orbis tables``; a list that cannot be written is said, and
    the game goes on."""
    from ..paths import default_data_dir
    from ..remote.joined import remember_joined

    try:
        remember_joined(data_dir or default_data_dir(), link)
    except OSError as exc:
        message = _("orbis join: this table could not be added to your tables: {error}")
        print(message.format(error=exc.strerror or exc), file=sys.stderr)


def _join(link: Any, args: argparse.Namespace) -> int:
    from ..printable import printable

    notify = None
    if args.notify_command is not None:
        from ..remote.alerts import NotifyCommandError, notify_argv

        try:
            notify = notify_argv(args.notify_command)
        except NotifyCommandError as exc:
            problem = printable(str(exc), 300)
            print(
                _("orbis join: --notify-command: {problem}").format(problem=problem),
                file=sys.stderr,
            )
            return 2
    if args.plain:
        from ..plain.join import run_plain_join

        return run_plain_join(
            link,
            language=args.chosen_lang,
            read=sys.stdin,
            write=sys.stdout,
            notify=notify,
            data_dir=args.data_dir,
        )
    from ..tui.join import run_join

    return run_join(
        link,
        args.data_dir,
        language=args.chosen_lang,
        throwaway=args.browser_seat,
        notify=notify,
    )


HOST_KEY_ENV = "ORBIS_HOST_KEY"  # the host's key, for the host's commands


def _host_key(args: argparse.Namespace, command: str) -> str | None:
    """The host's key: from the environment, else its file (said on stderr if not)."""
    from ..printable import MAX_LINE, printable
    from ..remote.host_key import default_key_file, read_key_file
    from ..remote.store import StoreError

    if os.environ.get(HOST_KEY_ENV):
        return os.environ[HOST_KEY_ENV].strip()
    try:
        return read_key_file(args.host_key_file or default_key_file())
    except StoreError as exc:
        print(f"orbis table {command}: {printable(exc, MAX_LINE)}", file=sys.stderr)
        return None


def _cmd_table_list(args: argparse.Namespace) -> int:
    from ..printable import MAX_LINE, printable
    from ..remote.host_client import AskError, host_tables
    from ..tui import joined_words as words

    key = _host_key(args, "list")
    if key is None:
        return 2
    try:
        tables = asyncio.run(host_tables(args.server, key))
    except AskError as exc:
        print(f"orbis table list: {printable(exc, MAX_LINE)}", file=sys.stderr)
        return 1
    if not tables:
        print(_(words.HOST_NONE).format(server=printable(args.server)))
        return 0
    print(_(words.HOST_HEADING).format(server=printable(args.server)))
    for table in tables:
        for line in words.host_table_lines(table):
            print(f"  {line}")
    return 0


def _cmd_table_reissue(args: argparse.Namespace) -> int:
    from ..printable import MAX_LINE, printable
    from ..remote.host_client import AskError, reissue_link
    from ..remote.protocol import is_table_id
    from ..tui import joined_words as words

    if not is_table_id(args.table):
        print(
            _("orbis table reissue: {table} is not a table's id").format(
                table=printable(repr(args.table[:40]))
            ),
            file=sys.stderr,
        )
        return 2
    key = _host_key(args, "reissue")
    if key is None:
        return 2
    try:
        link = asyncio.run(reissue_link(args.server, key, args.table, args.seat))
    except AskError as exc:
        print(f"orbis table reissue: {printable(exc, MAX_LINE)}", file=sys.stderr)
        return 1
    print(_(words.REISSUED).format(seat=args.seat, link=printable(link, MAX_LINE)))
    print(_(words.REISSUED_OLD))
    return 0


def _cmd_tables(args: argparse.Namespace) -> int:
    from ..paths import default_data_dir

    if not arguments.usable_data_dir(args.data_dir, "tables"):
        return 2
    data_dir = args.data_dir or default_data_dir()
    if args.watch:
        return _watch_tables(data_dir, args)
    if args.plain:
        from ..plain.my_tables import choose_table_plain

        link = choose_table_plain(data_dir, sys.stdin, sys.stdout)
    else:
        from ..tui.my_tables import choose_table

        link = choose_table(data_dir, args.chosen_lang)
    if link is None:
        return 0
    args.browser_seat = False
    _remember(args.data_dir, link)
    return _join(link, args)


def _watch_tables(data_dir: Path, args: argparse.Namespace) -> int:
    """``orbis tables --watch``: say (and run --notify-command for) each of the
    player's turns at the tables joined, until interrupted."""
    from ..i18n import fill
    from ..printable import printable
    from ..remote.alerts import NotifyCommandError, TurnAlert, notify_argv
    from ..remote.joined import load_joined
    from ..remote.turn_watch import MIN_EVERY, watch_turns
    from ..tui import joined_words as words

    alert = None
    if args.notify_command is not None:
        try:
            alert = TurnAlert(notify_argv(args.notify_command))
        except NotifyCommandError as exc:
            problem = printable(str(exc), 300)
            message = _("orbis tables: --notify-command: {problem}")
            print(message.format(problem=problem), file=sys.stderr)
            return 2
    count = len(load_joined(data_dir).tables)
    if not count:
        print(_(words.WATCH_NONE))
        return 0
    every = max(args.every, MIN_EVERY)
    print(fill(words.WATCHING_TURNS, count=count, every=f"{every:g}"), flush=True)

    def said(link: Any, status: Any) -> None:
        name = status.players[status.seat] if status.seat is not None else ""
        text = _(words.TURN_ALERT).format(table=words.where(link), name=printable(name))
        print(text, flush=True)
        if alert is not None:
            alert.turn((str(link), status.number), text)

    try:
        asyncio.run(watch_turns(data_dir, said, every=every))
    except KeyboardInterrupt:
        return 0
    return 0


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
    host.set_defaults(run=_cmd_host)


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
    new.set_defaults(run=_cmd_table_new)
    listing = actions.add_parser(
        "list", help=_("the server's tables, whose turn it is (with the host's key)")
    )
    listing.add_argument(
        "--server", type=_server, required=True, help=_("the table server's address")
    )
    _host_key_option(listing)
    language_option(listing)
    listing.set_defaults(run=_cmd_table_list)
    reissue = actions.add_parser(
        "reissue",
        help=_("a new link for a seat whose link was lost; the old one opens nothing any more"),
    )
    reissue.add_argument(
        "--server", type=_server, required=True, help=_("the table server's address")
    )
    reissue.add_argument("table", help=_("the table's id (orbis table list names it)"))
    reissue.add_argument("seat", type=int, help=_("the seat, counted from 1"))
    _host_key_option(reissue)
    language_option(reissue)
    reissue.set_defaults(run=_cmd_table_reissue)


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
    tables.set_defaults(run=_cmd_tables)


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
    join.set_defaults(run=_cmd_join)


# Played apart: after the player's own commands in the help.
COMMANDS: dict[str, AddCommand] = {
    "host": _add_host,
    "table": _add_table,
    "join": _add_join,
    "tables": _add_tables,
}
APP_COMMANDS = frozenset({"join", "tables"})  # opens the app: collection comes back with its frame


@dataclass(frozen=True)
class _SeatAnswer:
    """A seat of the server's new table: a person's (with the link) or a computer's."""

    seat: int
    name: str
    kind: str
    link: str | None = None


@dataclass(frozen=True)
class _TableAnswer:
    """The server's answer to a new table: its seats and the link to watch it."""

    seats: list[_SeatAnswer]
    watch: str
