"""What the host's commands do: ``orbis host``, ``orbis table new``, ``list`` and ``reissue``.

``orbis host`` serves the tables (:mod:`orbis_tui.remote.host_command`); ``orbis table
new`` asks a table server for a new table and prints each seat's link, once the
server's answer is checked to be one (a seat for each player, each with a name and a
link or a computer level); ``list`` and ``reissue`` ask with the host's key, from the
environment (ORBIS_HOST_KEY) or its file. Their parsers are in :mod:`.tables`; each
command loads what it needs when it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from dataclasses import dataclass
from typing import Any

from ..i18n import gettext as _

HOST_KEY_ENV = "ORBIS_HOST_KEY"  # the host's key, for the host's commands


def cmd_host(args: argparse.Namespace) -> int:
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


def cmd_table_new(args: argparse.Namespace) -> int:
    from ..printable import MAX_LINE, printable
    from ..remote.client import create_table_request
    from ..tui import texts

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
    if names is not None and len(names) != args.players:  # the server would refuse it
        message = _("--names: give {players} names, one for each seat (a computer's too)")
        print(f"orbis table new: {message.format(players=args.players)}", file=sys.stderr)
        return 2
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
        name = printable(seat.name)
        if seat.link is None:  # a computer seat: say so, with its level in the language
            level = printable(texts.level_name(seat.kind), MAX_LINE)
            print(f"  {seat.seat + 1} " + _(texts.APART_COMPUTER).format(name=name, level=level))
        else:
            print(f"  {seat.seat + 1} {name}: {printable(seat.link, MAX_LINE)}")
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


def cmd_table_list(args: argparse.Namespace) -> int:
    from ..printable import printable
    from ..remote.host_client import AskError, host_tables
    from ..tui import joined_words as words

    key = _host_key(args, "list")
    if key is None:
        return 2
    try:
        tables = asyncio.run(host_tables(args.server, key))
    except AskError as exc:
        print(f"orbis table list: {words.ask_words(exc, detail=True)}", file=sys.stderr)
        return 1
    if not tables:
        print(_(words.HOST_NONE).format(server=printable(args.server)))
        return 0
    print(_(words.HOST_HEADING).format(server=printable(args.server)))
    for table in tables:
        for line in words.host_table_lines(table):
            print(f"  {line}")
    return 0


def cmd_table_reissue(args: argparse.Namespace) -> int:
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
        print(f"orbis table reissue: {words.ask_words(exc, detail=True)}", file=sys.stderr)
        return 1
    print(_(words.REISSUED).format(seat=args.seat, link=printable(link, MAX_LINE)))
    print(_(words.REISSUED_OLD))
    return 0


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
