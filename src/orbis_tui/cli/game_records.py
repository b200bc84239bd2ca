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
from . import arguments
from .arguments import AddCommand, recent_count, review_size, usable_data_dir
from .language import language_option

if TYPE_CHECKING:
    from rich.console import Console

    from ..analysis import GameReview, InTurnOrder, MoveReview, ReviewCache
    from ..engine import GameState
    from ..records import GameRecord
    from .arguments import Commands

REVIEW_SIZE = 4  # iterations per option: the analysis's REVIEW_PER_OPTION


def _read_record(path: Path, command: str) -> tuple[GameRecord, GameState] | int:
    """The record in ``path`` and its replayed state, or the exit status after saying
    why not: 2 when the file cannot be read at all, 1 when the record is refused."""
    from ..printable import MAX_LINE, printable
    from ..records import RecordError, custom_set_facts, load_record, read_record_text

    found = _record_path(path)
    if found is None:
        message = _("no record {name} here nor in {folder} ('orbis records' lists them)")
        folder = printable(_records_folder(None), MAX_LINE)
        _refused(command, message.format(name=printable(path, MAX_LINE), folder=folder))
        return 2
    path = found
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


def _record_path(path: Path) -> Path | None:
    """The file ``path`` names: the path itself when it exists, else, for a bare name as
    ``orbis records`` prints it (with or without ``.json``), the record of that name in
    the records folder; None when a bare name matches nothing there. A path with a
    folder in it is taken as it is (its reading says what is wrong with it)."""
    if path.exists() or len(path.parts) != 1 or path.name in ("", ".", ".."):
        return path
    folder = _records_folder(None)
    for name in (path.name, f"{path.name}.json"):
        if (folder / name).is_file():
            return folder / name
    return None


def _refused(command: str, error: str) -> None:
    message = _("orbis {command}: refused: {error}")
    print(message.format(command=command, error=error), file=sys.stderr)


def _cmd_replay(args: argparse.Namespace) -> int:
    from ..standings import standings_json, standings_text

    if args.record is None:  # which one? the recent ones, and where they are
        return _list_records(None, RECENT)
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
            message = _("orbis review: --seat {seat}: not a player's number (1 to {last}) nor name")
            print(message.format(seat=printable(args.seat), last=len(players)), file=sys.stderr)
            return 2
        seats = [seat]
    from rich.console import Console

    from ..analysis import ReviewFailed, print_review, review_record

    size: dict[str, Any] = (
        {"time_budget": args.budget} if args.budget is not None else {"per_option": args.size}
    )
    review = _kept_review(record, seats, size)
    if review is None:
        try:
            if args.json or not sys.stderr.isatty():
                review = review_record(record, seats=seats, kept=_review_cache().turns, **size)
            else:
                review = _review_with_bar(record, seats, size)
        except ReviewFailed as failed:
            message = _(
                "orbis review: stopped by an error ({error}); decisions judged: {done}. The "
                "judged turns are kept: the same command judges only the others."
            )
            said = message.format(error=printable(str(failed)), done=len(failed.review.moves))
            print(said, file=sys.stderr)
            return 1
        _keep_review(record, seats, size, review)
    if args.json:
        print(review.to_json(), end="")
    else:
        from ..tui.review_sheet import lesson_lines, reason_lines, said_lines

        print_review(
            review,
            Console(),
            record,
            reasons=lambda move: said_lines(reason_lines(move)),
            lesson=lambda summary: said_lines(lesson_lines(summary)),
        )
    return 0


def _review_cache() -> ReviewCache:
    from ..analysis import ReviewCache
    from ..paths import default_data_dir

    return ReviewCache.in_data_folder(default_data_dir())


def _kept_review(
    record: GameRecord, seats: list[int] | None, size: dict[str, Any]
) -> GameReview | None:
    """The review of ``record`` kept by an earlier ``orbis review`` or the app's review
    screen with the same parameters; a kept file that cannot be used is said and
    ignored."""
    from ..analysis import review_key
    from ..printable import printable

    kept = _review_cache().load(review_key(record, seats=seats, **size), record)
    if kept.note is not None:
        message = _("orbis review: the kept review is unusable ({note}): reviewing again")
        print(message.format(note=printable(kept.note)), file=sys.stderr)
    return kept.review


def _keep_review(
    record: GameRecord, seats: list[int] | None, size: dict[str, Any], review: GameReview
) -> None:
    from ..analysis import review_key
    from ..printable import printable

    failed = _review_cache().save(review_key(record, seats=seats, **size), review)
    if failed is not None:
        message = _("orbis review: the review could not be kept for next time ({error})")
        print(message.format(error=printable(failed)), file=sys.stderr)


def _review_with_bar(
    record: GameRecord, seats: list[int] | None, size: dict[str, Any]
) -> GameReview:
    """The review made with a progress bar on the error output (a terminal), each clear
    mistake printed above the bar as soon as its turn and every turn before it are
    judged, in the game's order (the final report follows on the standard output)."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn
    from rich.text import Text

    from ..analysis import ReviewFailed, review_record

    columns = ("{task.description}", BarColumn(), TaskProgressColumn(), TimeRemainingColumn())
    console = Console(stderr=True)
    in_order = _mistakes_printed(record, seats, console)
    try:
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("orbis review", total=1.0)
            return review_record(
                record,
                seats=seats,
                progress=lambda share: bar.update(task, completed=share),
                judged=in_order,
                kept=_review_cache().turns,
                **size,
            )
    except ReviewFailed:  # the mistakes held back are printed: the caller says the rest
        in_order.release_held()
        raise
    except KeyboardInterrupt:
        in_order.release_held()
        message = _(
            "orbis review: stopped; turns judged: {judged} of {total}. The judged turns are "
            "kept: the same command goes on from there."
        )
        console.print(Text(message.format(judged=in_order.arrived, total=in_order.total)))
        raise


def _mistakes_printed(record: GameRecord, seats: list[int] | None, console: Console) -> InTurnOrder:
    """What prints each clear mistake of a turn of the ``seats`` reviewed on ``console``,
    a line each, as the plain seat's review says it, with what was played and what was
    best; in the game's order, though the turns are judged in any order: a turn judged
    before an earlier one is held back only until that one is judged, or the review is
    stopped."""
    from rich.text import Text

    from ..analysis import InTurnOrder, judged_turns
    from ..plain.advice import decision_start, found_line
    from ..printable import printable
    from ..tui.core.replay_book import ReplayBook

    book = ReplayBook(record)
    names = [printable(name) for name in record.setup.players]

    def judged(moves: tuple[MoveReview, ...]) -> None:
        for move in moves:
            if move.mistake:
                before = book.state(decision_start(move))
                console.print(Text(found_line(move, names, before)))

    return InTurnOrder(judged_turns(record, seats), judged)


def _seat_of(text: str, players: list[str]) -> int | None:
    """A player given by their number as on screen (from 1) or by name; the seat."""
    if text.isascii() and text.isdigit():
        digits = text.lstrip("0") or "0"
        number = int(digits) if len(digits) <= 2 else 0  # never a 5000-digit int
        return number - 1 if 1 <= number <= len(players) else None
    matches = [seat for seat, name in enumerate(players) if name == text]
    return matches[0] if len(matches) == 1 else None


RECENT = 10  # records listed by `orbis records` (and `orbis replay` alone)


def _records_folder(data_dir: Path | None) -> Path:
    from ..saves import RECORDS_DIR, SaveStore

    return SaveStore(data_dir).root / RECORDS_DIR


def _where_records_live() -> str:
    """The help's word on where the app keeps records."""
    from ..printable import MAX_LINE, printable

    message = _(
        "The app keeps finished games in {folder} (with --data-dir or $ORBIS_DATA_DIR: "
        "in that folder's records); 'orbis records' lists the recent ones."
    )
    return message.format(folder=printable(_records_folder(None), MAX_LINE))


def _list_records(data_dir: Path | None, count: int) -> int:
    """Print the newest records of the data folder, where they are, and what to do."""
    from datetime import datetime

    from ..printable import MAX_LINE, printable
    from ..saves import SaveStore

    folder = _records_folder(data_dir)
    print(_("Game records in {folder}:").format(folder=printable(folder, MAX_LINE)))
    found: list[tuple[float, Path]] = []
    try:
        for path in folder.glob("*.json"):
            info = path.lstat()
            found.append((info.st_mtime, path))
    except OSError:
        pass
    found.sort(reverse=True)
    for when, path in found[:count]:
        stamp = datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")
        print(f"  {stamp}  {printable(path.name)}")
    if not found:
        print(_("  none yet: a finished game is kept here once a new one starts, or with s"))
    elif len(found) > count:
        more = i18n.ngettext(
            "  … and {count} older one", "  … and {count} older ones", len(found) - count
        )
        print(more.format(count=len(found) - count))
    autosave = SaveStore(data_dir).autosave
    if autosave.is_file():
        if _finished(autosave):
            line = _("The last game, finished (among the records once a new one starts): {path}")
        else:
            line = _("The game in progress: {path}")
        print(line.format(path=printable(autosave, MAX_LINE)))
    print(_("See one with: orbis replay FILE (--view: step through it); orbis review FILE"))
    return 0


def _finished(autosave: Path) -> bool:
    """Whether the autosave holds a finished game (one that cannot be read: no)."""
    from ..records import RecordError, read_record_file
    from ..tiles import DataFileError

    try:
        return read_record_file(autosave)[1].is_over
    except (RecordError, DataFileError, OSError):
        return False


def _cmd_records(args: argparse.Namespace) -> int:
    if not usable_data_dir(args.data_dir, "records"):
        return 2
    return _list_records(args.data_dir, args.count)


def _add_records(sub: Commands) -> None:
    rec = sub.add_parser(
        "records", help=_("list the recent game records and say where they are kept")
    )
    rec.add_argument(
        "--count", type=recent_count, default=RECENT, metavar="N", help=_("how many (10)")
    )
    rec.add_argument(
        "--data-dir",
        type=arguments.data_dir,
        help=_("where the autosave and records live, as for orbis play"),
    )
    language_option(rec)
    rec.set_defaults(run=_cmd_records)


def _add_replay(sub: Commands) -> None:
    rep = sub.add_parser(
        "replay",
        help=_("replay a game record and print the standings"),
        epilog=_where_records_live(),
    )
    rep.add_argument(
        "record",
        type=Path,
        nargs="?",
        help=_(
            "the record: a file, or a name as 'orbis records' lists it (none: list the recent ones)"
        ),
    )
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
        epilog=_where_records_live(),
    )
    rev.add_argument(
        "record", type=Path, help=_("the record: a file, or a name as 'orbis records' lists it")
    )
    rev.add_argument(
        "--seat", metavar="N|NAME", help=_("only this player: their number (from 1) or name")
    )
    rev.add_argument(
        "--level",
        choices=("expert",),
        default="expert",
        help=_("the analyzer: the expert's search (the only one that judges every option)"),
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
    "records": _add_records,
}
