"""The player's commands about saved games: ``replay`` and ``review``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import i18n
from ..i18n import gettext as _
from ..options import MAX_REVIEW_SIZE, budget_option
from .arguments import AddCommand, review_size
from .language import language_option

if TYPE_CHECKING:
    from ..analysis.review import GameReview
    from ..engine import GameState
    from ..records import GameRecord
    from .arguments import Commands

REVIEW_SIZE = 4  # iterations per option: the analysis's REVIEW_PER_OPTION


def _read_record(path: Path, command: str) -> tuple[GameRecord, GameState] | int:
    """The record in ``path`` and its replayed state, or the exit status after saying
    why not: 2 when the file cannot be read at all, 1 when the record is refused."""
    from ..printable import MAX_LINE, printable
    from ..records import RecordError, load_record
    from ..records.model import custom_set_facts
    from ..records.storage import read_record_text

    try:
        text = read_record_text(path)
    except RecordError as exc:
        _refused(command, printable(exc, MAX_LINE))
        return 2
    try:
        record, state = load_record(text, source=str(path))
    except RecordError as exc:
        _refused(command, printable(exc, MAX_LINE))
        return 1
    facts = custom_set_facts(record.setup)
    if facts:
        note = i18n.ngettext(
            "orbis {command}: note: a custom tile set, breaking {count} published fact:",
            "orbis {command}: note: a custom tile set, breaking {count} published facts:",
            len(facts),
        )
        print(note.format(command=command, count=len(facts)), file=sys.stderr)
        for fact in facts:
            print(f"  {printable(fact, MAX_LINE)}", file=sys.stderr)
    return record, state


def _refused(command: str, error: str) -> None:
    message = _("orbis {command}: refused: {error}")
    print(message.format(command=command, error=error), file=sys.stderr)


def _cmd_replay(args: argparse.Namespace) -> int:
    from ..standings import standings_json, standings_text

    loaded = _read_record(args.record, "replay")
    if isinstance(loaded, int):
        return loaded
    record, state = loaded
    if args.view:
        from ..tui.viewer import run_viewer

        return run_viewer(record, analyse=not args.no_analysis)
    if args.json:
        print(json.dumps(standings_json(state), indent=2))
    else:
        print(standings_text(state))
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    from ..printable import printable

    loaded = _read_record(args.record, "review")
    if isinstance(loaded, int):
        return loaded
    record = loaded[0]
    players = record.setup.players
    seats = None
    if args.seat is not None:
        seat = _seat_of(args.seat, players)
        if seat is None:
            message = _(
                "orbis review: --seat {seat}: not a seat number (0 to {last}) nor a player's name"
            )
            print(message.format(seat=printable(args.seat), last=len(players) - 1), file=sys.stderr)
            return 2
        seats = [seat]
    from rich.console import Console

    from ..analysis.report import print_review
    from ..analysis.review import review_record

    size: dict[str, Any] = (
        {"time_budget": args.budget} if args.budget is not None else {"per_option": args.size}
    )
    if args.json or not sys.stderr.isatty():
        review = review_record(record, seats=seats, **size)
    else:
        review = _review_with_bar(record, seats, size)
    if args.json:
        print(review.to_json(), end="")
    else:
        print_review(review, Console())
    return 0


def _review_with_bar(
    record: GameRecord, seats: list[int] | None, size: dict[str, Any]
) -> GameReview:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

    from ..analysis.review import review_record

    columns = ("{task.description}", BarColumn(), TaskProgressColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("orbis review", total=1.0)
        return review_record(
            record,
            seats=seats,
            progress=lambda share: bar.update(task, completed=share),
            **size,
        )


def _seat_of(text: str, players: list[str]) -> int | None:
    """A seat given as its number (0-based, as in records) or its player's name."""
    if text.isascii() and text.isdigit():
        digits = text.lstrip("0") or "0"
        seat = int(digits) if len(digits) <= 2 else len(players)  # never a 5000-digit int
        return seat if seat < len(players) else None
    matches = [seat for seat, name in enumerate(players) if name == text]
    return matches[0] if len(matches) == 1 else None


def _add_replay(sub: Commands) -> None:
    rep = sub.add_parser("replay", help=_("replay a game record and print the standings"))
    rep.add_argument("record", type=Path)
    rep.add_argument("--json", action="store_true", help=_("print the standings as JSON"))
    rep.add_argument(
        "--view",
        action="store_true",
        help=_("step through the game in the terminal, with the search's review of each move"),
    )
    rep.add_argument(
        "--no-analysis", action="store_true", help=_("with --view: the game only, without review")
    )
    language_option(rep)
    rep.set_defaults(run=_cmd_replay)


def _add_review(sub: Commands) -> None:
    rev = sub.add_parser(
        "review",
        help=_("review a game record: the expected CP each decision lost, the clear mistakes"),
    )
    rev.add_argument("record", type=Path)
    rev.add_argument(
        "--seat", metavar="N|NAME", help=_("only this seat (0-based, as in records) or player")
    )
    rev.add_argument(
        "--level",
        choices=("expert",),
        default="expert",
        help=_("the analyser: the expert's search (the only one that judges every option)"),
    )
    size = rev.add_mutually_exclusive_group()
    size.add_argument(
        "--size",
        type=review_size,
        default=REVIEW_SIZE,
        metavar="N",
        help=_(
            "search iterations per option of each decision (default {default}; "
            "reproducible; 1 to {most})"
        ).format(default=REVIEW_SIZE, most=MAX_REVIEW_SIZE),
    )
    size.add_argument(
        "--budget",
        type=budget_option,
        metavar="SECONDS",
        help=_(
            "seconds of search per decision instead of --size (not reproducible; "
            "above 0, at most 600)"
        ),
    )
    rev.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    language_option(rev)
    rev.set_defaults(run=_cmd_review)


# This module's commands, in the order the help lists them.
COMMANDS: dict[str, AddCommand] = {
    "replay": _add_replay,
    "review": _add_review,
}
