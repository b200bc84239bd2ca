"""What the player's commands of tables played apart do: ``orbis join`` and ``orbis tables``.

``orbis join`` reads the invitation link from wherever it was given (the command
line, which other users see in ``ps``; ``-`` or a piped stdin; ``--link-file``; the
environment), keeps it in the player's list of tables, and opens the seat in the
app or in plain text. ``orbis tables`` lists those tables, whose turn it is, and
joins the one chosen; with ``--watch`` it only says each of the player's turns (and
runs ``--notify-command``) until interrupted. Their parsers are in :mod:`.tables`;
each command loads what it needs when it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from ..i18n import gettext as _
from . import arguments

LINK_ENV = "ORBIS_LINK"  # where `orbis join` finds the link when none is given
SEAT_LINK_ENV = "ORBIS_JOIN_LINK"  # where the table server hands a browser seat its link
MAX_LINK_TEXT = 4096  # characters read for a link from a file or stdin


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


def cmd_join(args: argparse.Namespace) -> int:
    from ..printable import printable
    from ..remote.links import parse_link

    try:
        link = parse_link(link_text(args))
    except ValueError as exc:
        problem = printable(_(str(exc)), 300)  # parse_link's marked texts, translated
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


def cmd_tables(args: argparse.Namespace) -> int:
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
