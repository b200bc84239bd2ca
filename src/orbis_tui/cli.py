"""The ``orbis`` command: the game, and tools for its data and records.

Exit status: 0 done; 1 the check found something (``check-data``: violations;
``replay``: the record is refused); 2 a file cannot be used at all, or an option is
wrong. Whatever a file holds, what is printed of it is made safe for the terminal.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import i18n
from .i18n import gettext as _
from .options import MAX_GAMES, MAX_JOBS, MAX_REVIEW_SIZE, budget_option, count_option

if TYPE_CHECKING:
    from .analysis.review import GameReview
    from .engine import GameState
    from .records import GameRecord

    Commands = argparse._SubParsersAction[argparse.ArgumentParser]


def _cmd_check_data(args: argparse.Namespace) -> int:
    from .tiles.check import run_check_data

    return run_check_data(args.tiles, args.gods, sys.stdout)


def _read_record(path: Path, command: str) -> tuple[GameRecord, GameState] | int:
    """The record in ``path`` and its replayed state, or the exit status after saying
    why not: 2 when the file cannot be read at all, 1 when the record is refused."""
    from .printable import printable
    from .records import RecordError, load_record
    from .records.model import custom_set_facts
    from .records.storage import read_record_text

    try:
        text = read_record_text(path)
    except RecordError as exc:
        print(
            _("orbis {command}: refused: {error}").format(command=command, error=printable(exc)),
            file=sys.stderr,
        )
        return 2
    try:
        record, state = load_record(text, source=str(path))
    except RecordError as exc:
        print(
            _("orbis {command}: refused: {error}").format(command=command, error=printable(exc)),
            file=sys.stderr,
        )
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
            print(f"  {printable(fact)}", file=sys.stderr)
    return record, state


def _cmd_replay(args: argparse.Namespace) -> int:
    from .standings import standings_json, standings_text

    loaded = _read_record(args.record, "replay")
    if isinstance(loaded, int):
        return loaded
    record, state = loaded
    if args.view:
        from .tui.viewer import run_viewer

        return run_viewer(record, analyse=not args.no_analysis)
    if args.json:
        print(json.dumps(standings_json(state), indent=2))
    else:
        print(standings_text(state))
    return 0


def _cmd_review(args: argparse.Namespace) -> int:
    from .printable import printable

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

    from .analysis.report import print_review
    from .analysis.review import review_record

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

    from .analysis.review import review_record

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
        seat = int(text)
        return seat if seat < len(players) else None
    matches = [seat for seat, name in enumerate(players) if name == text]
    return matches[0] if len(matches) == 1 else None


def _cmd_selfplay(args: argparse.Namespace) -> int:
    from .sim.loop import InvariantBroken
    from .sim.selfplay import parse_seats, play_games

    levels = None
    if args.seats is not None:
        try:
            levels = parse_seats(args.seats, args.players)
        except ValueError as exc:
            print(_("orbis selfplay: --seats: {error}").format(error=exc), file=sys.stderr)
            return 2
    games = play_games(
        args.players,
        args.games,
        args.seed,
        levels=levels,
        time_budget=args.budget,
        iterations=args.iterations,
    )
    try:
        for result in games:
            print(result.as_json() if args.json else result.line(), flush=True)
    except InvariantBroken as exc:
        print(_("orbis selfplay: invariant broken: {error}").format(error=exc), file=sys.stderr)
        return 1
    return 0


def _cmd_tournament(args: argparse.Namespace) -> int:
    from .sim.tournament import run_tournament

    def progress(record: object) -> None:
        if args.progress:
            print(".", end="", file=sys.stderr, flush=True)

    result = run_tournament(
        args.a,
        args.b,
        args.games,
        args.seed,
        players=args.players,
        time_budget=args.budget,
        iterations=args.iterations,
        jobs=args.jobs,
        progress=progress,
    )
    if args.progress:
        print(file=sys.stderr)
    print(result.as_json() if args.json else result.report())
    return 0


def _cmd_balance(args: argparse.Namespace) -> int:
    from .sim.balance import run_balance

    try:
        counts = [int(n) for n in args.players.split(",")]
    except ValueError:
        counts = []
    if not counts or any(n not in (2, 3, 4) for n in counts):
        print(_("orbis balance: --players takes counts from 2, 3, 4, e.g. 2,3,4"), file=sys.stderr)
        return 2

    def progress(done: int) -> None:
        if args.progress and done % 100 == 0:
            print(f"{done} games", file=sys.stderr, flush=True)

    tiles = str(args.tiles) if args.tiles else None
    if tiles is not None:
        from .printable import printable
        from .tiles import DataFileError, load_catalog

        try:
            load_catalog(tiles)
        except DataFileError as exc:
            print(
                _("orbis balance: --tiles: {error}").format(error=printable(exc)), file=sys.stderr
            )
            return 2
    study = run_balance(args.games, args.seed, args.level, counts, args.jobs, progress, tiles)
    print(study.report())
    return 0


def _cmd_ladder(args: argparse.Namespace) -> int:
    from .sim.ladder import run_ladder

    def progress(pair: str) -> None:
        if args.progress:
            print(pair, file=sys.stderr, flush=True)

    ladder = run_ladder(
        args.levels,
        args.games,
        args.seed,
        time_budget=args.budget,
        iterations=args.iterations,
        jobs=args.jobs,
        progress=progress,
    )
    print(ladder.as_json() if args.json else ladder.report())
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .sim.bench import bench

    print(bench(args.games, args.seed).report())
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    if not _usable_data_dir(args.data_dir, "play"):
        return 2
    from .tui import run_app

    wait = args.wait_for_folder if math.isfinite(args.wait_for_folder) else 0.0
    return run_app(
        args.data_dir,
        players=args.players,
        seed=args.seed,
        folder_wait=min(max(0.0, wait), 60.0),
        language=args.chosen_lang,
    )


def _cmd_serve(args: argparse.Namespace) -> int:
    from .serve import serve_app

    return serve_app(
        args.host,
        args.port,
        data_dir=args.data_dir,
        players=args.players,
        seed=args.seed,
        public_url=args.public_url,
        lang=args.chosen_lang,
    )


def _port(text: str) -> int:
    from .serve import parse_port

    try:
        return parse_port(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _public_url(text: str) -> str:
    from .serve import parse_public_url

    try:
        return parse_public_url(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _cmd_learn(args: argparse.Namespace) -> int:
    if not _usable_data_dir(args.data_dir, "learn"):
        return 2
    from .tui.learn_app import run_learn

    return run_learn(args.data_dir, restart=args.restart, language=args.chosen_lang)


def _level(text: str) -> str:
    """A computer level of the one registry (imported only when a command names one)."""
    from .bots import ALL_LEVELS

    level = text.strip().lower()
    if level not in ALL_LEVELS:
        message = _("unknown level {level} (one of {levels})")
        raise argparse.ArgumentTypeError(
            message.format(level=repr(text), levels=", ".join(ALL_LEVELS))
        )
    return level


def _levels(text: str) -> list[str]:
    levels = [_level(part) for part in text.split(",") if part.strip()]
    if len(levels) < 2 or len(set(levels)) != len(levels):
        raise argparse.ArgumentTypeError(_("give two or more different levels, weakest first"))
    return levels


def _search_sizes(text: str) -> dict[str, int]:
    from .bots import parse_search_sizes

    try:
        return parse_search_sizes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _usable_data_dir(folder: Path | None, command: str) -> bool:
    """A data folder must be a folder (or not exist yet, and then it is made)."""
    if folder is None or folder.is_dir() or not (folder.exists() or folder.is_symlink()):
        return True
    from .printable import printable

    message = _("orbis {command}: --data-dir {folder} is not a folder")
    print(message.format(command=command, folder=printable(folder)), file=sys.stderr)
    return False


_games = count_option(1, MAX_GAMES, "--games")
_review_size = count_option(1, MAX_REVIEW_SIZE, "--size")
REVIEW_SIZE = 4  # iterations per option: the analysis's REVIEW_PER_OPTION
_jobs = count_option(1, MAX_JOBS, "--jobs")

_PLAY_OPTIONS = i18n.N_(
    "without a command, orbis plays (the same as 'orbis play'):\n"
    "  --players {2,3,4}  players in a new game\n"
    "  --seed N           deal a new game from this seed\n"
    "  --data-dir DIR     where the autosave and records live\n"
    "  --lang LANG        the language: en, de or ru\n"
    "An unfinished game opens at once (ctrl+n sets up a new one); --seed starts anew."
)
LANG_OPTION = "--lang"

# argparse's own words that a player can meet, so that the catalogs translate them too
# (argparse looks them up through the gettext function installed by use_language).
ARGPARSE_WORDS = (
    i18n.N_("usage: "),
    i18n.N_("options"),
    i18n.N_("positional arguments"),
    i18n.N_("show this help message and exit"),
    i18n.N_("%(prog)s: error: %(message)s\n"),
    i18n.N_("argument %(argument_name)s: %(message)s"),
    i18n.N_("unrecognized arguments: %s"),
    i18n.N_("the following arguments are required: %s"),
    i18n.N_("one of the arguments %s is required"),
    i18n.N_("not allowed with argument %s"),
    i18n.N_("expected one argument"),
    i18n.N_("invalid choice: %(value)r (choose from %(choices)s)"),
    i18n.N_("invalid %(type)s value: %(value)r"),
    i18n.N_("ambiguous option: %(option)s could match %(matches)s"),
    i18n.N_("ignored explicit argument %r"),
)


def _language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        LANG_OPTION,
        metavar="LANG",
        help=_("the language: en, de or ru (default: the settings, else LANGUAGE/LANG)"),
    )


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """The value of --lang (the last one given) and the arguments without it."""
    chosen = None
    rest: list[str] = []
    words = iter(argv)
    for word in words:
        if word == LANG_OPTION:
            chosen = next(words, "")
        elif word.startswith(LANG_OPTION + "="):
            chosen = word.split("=", 1)[1]
        else:
            rest.append(word)
    return chosen, rest


def _saved_language() -> str | None:
    from .tui.settings import SettingsFile

    return SettingsFile().load().language or None


def use_language(chosen: str | None) -> str:
    """Speak the language --lang names, else the saved setting's, else the terminal's.

    argparse's own words (usage, errors) follow too."""
    if chosen is not None and i18n.normalize(chosen) not in i18n.available_languages():
        raise ValueError(chosen)
    lang = i18n.set_language(i18n.resolve_language(chosen, _saved_language()))
    argparse._ = i18n.gettext  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]
    return lang


def _search_options(parser: argparse.ArgumentParser) -> None:
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


def _add_play(sub: Commands) -> None:
    play = sub.add_parser("play", help=_("play a game in the terminal app (the default)"))
    play.add_argument(
        "--players", type=int, choices=(2, 3, 4), default=2, help=_("players in a new game")
    )
    play.add_argument("--seed", type=int, help=_("deal a new game from this seed"))
    play.add_argument(
        "--data-dir",
        type=Path,
        help=_(
            "where the autosave and records live (default: $ORBIS_DATA_DIR, "
            "else the user data directory)"
        ),
    )
    play.add_argument(
        "--wait-for-folder",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help=argparse.SUPPRESS,  # set by `orbis serve`: a reloaded tab waits for the last one
    )
    _language_option(play)
    play.set_defaults(run=_cmd_play)


def _add_serve(sub: Commands) -> None:
    serve = sub.add_parser(
        "serve", help=_("play in a web browser: each browser tab gets its own game process")
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help=_(
            "address to listen on (127.0.0.1: this machine only; any other has no authentication)"
        ),
    )
    serve.add_argument("--port", type=_port, default=8000, help=_("port to listen on (8000)"))
    serve.add_argument(
        "--public-url",
        type=_public_url,
        metavar="URL",
        help=_(
            "the address browsers use, when it differs from the one they reach "
            "(behind a proxy, e.g. https://orbis.example.org)"
        ),
    )
    serve.add_argument("--players", type=int, choices=(2, 3, 4), help=_("players in a new game"))
    serve.add_argument("--seed", type=int, help=_("deal new games from this seed"))
    serve.add_argument(
        "--data-dir",
        type=Path,
        help=_("where the autosave and records live, as for orbis play"),
    )
    _language_option(serve)
    serve.set_defaults(run=_cmd_serve)


def _add_learn(sub: Commands) -> None:
    learn = sub.add_parser("learn", help=_("learn to play: a guided game that teaches the rules"))
    learn.add_argument("--restart", action="store_true", help=_("start the walkthrough over"))
    learn.add_argument("--data-dir", type=Path, help=_("where the walkthrough's progress is kept"))
    _language_option(learn)
    learn.set_defaults(run=_cmd_learn)


def _add_check_data(sub: Commands) -> None:
    check = sub.add_parser("check-data", help=_("validate the tile and god data files"))
    check.add_argument("--tiles", type=Path, help=_("tile file (default: the shipped one)"))
    check.add_argument("--gods", type=Path, help=_("god file (default: the shipped one)"))
    _language_option(check)
    check.set_defaults(run=_cmd_check_data)


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
    _language_option(rep)
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
        type=_review_size,
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
    _language_option(rev)
    rev.set_defaults(run=_cmd_review)


def _add_selfplay(sub: Commands) -> None:
    self_play = sub.add_parser(
        "selfplay", help=_("play computer games, checking every state (random play by default)")
    )
    self_play.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    self_play.add_argument("--games", type=_games, default=10)
    self_play.add_argument("--seed", type=int, default=0)
    self_play.add_argument("--json", action="store_true", help=_("one JSON object per game"))
    self_play.add_argument(
        "--seats",
        "--levels",
        metavar="LEVELS",
        help=_(
            "opponent level per seat, e.g. easy,medium,hard,expert (or one level for all); "
            "levels: random, easy, medium, hard, expert (default: random)"
        ),
    )
    _search_options(self_play)
    _language_option(self_play)
    self_play.set_defaults(run=_cmd_selfplay)


def _add_tournament(sub: Commands) -> None:
    tour = sub.add_parser(
        "tournament", help=_("pit two opponent levels against each other and report win rates")
    )
    tour.add_argument("--a", default="hard", type=_level, help=_("level A (hard)"))
    tour.add_argument("--b", default="medium", type=_level, help=_("level B (medium)"))
    tour.add_argument("--games", type=_games, default=200, help=_("games (200)"))
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    tour.add_argument("--jobs", type=_jobs, default=1, help=_("games played in parallel (1)"))
    tour.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    tour.add_argument("--progress", action="store_true", help=_("a dot per game on stderr"))
    _search_options(tour)
    _language_option(tour)
    tour.set_defaults(run=_cmd_tournament)


def _add_balance(sub: Commands) -> None:
    bal = sub.add_parser(
        "balance",
        help=_("many computer games: win rates by seat, god, player count; CP by category"),
    )
    bal.add_argument("--games", type=_games, default=10000, help=_("games in all (10000)"))
    bal.add_argument("--seed", type=int, default=0)
    bal.add_argument("--level", default="medium", type=_level, help=_("(medium)"))
    bal.add_argument("--players", default="2,3,4", help=_("player counts to split over (2,3,4)"))
    bal.add_argument("--jobs", type=_jobs, default=1, help=_("games played in parallel (1)"))
    bal.add_argument("--progress", action="store_true", help=_("a count every 100 games"))
    bal.add_argument("--tiles", type=Path, help=_("tile file to study (default: the shipped one)"))
    _language_option(bal)
    bal.set_defaults(run=_cmd_balance)


def _add_ladder(sub: Commands) -> None:
    lad = sub.add_parser(
        "ladder", help=_("round robin of opponent levels: an Elo-style rating for each level")
    )
    lad.add_argument(
        "--levels",
        type=_levels,
        default="random,easy,medium,hard,expert",
        help=_("levels to rate, weakest first (random,easy,medium,hard,expert)"),
    )
    lad.add_argument("--games", type=_games, default=40, help=_("two-player games per pair (40)"))
    lad.add_argument("--seed", type=int, default=1)
    lad.add_argument("--jobs", type=_jobs, default=1, help=_("games played in parallel (1)"))
    lad.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    lad.add_argument("--progress", action="store_true", help=_("name each pair on stderr"))
    _search_options(lad)
    _language_option(lad)
    lad.set_defaults(run=_cmd_ladder)


def _add_bench(sub: Commands) -> None:
    bench = sub.add_parser("bench", help=_("measure the engine on random 4-player games"))
    bench.add_argument("--games", type=_games, default=500)
    bench.add_argument("--seed", type=int, default=0)
    _language_option(bench)
    bench.set_defaults(run=_cmd_bench)


# Every command, in the order the help lists them.
COMMANDS: dict[str, Callable[[Commands], None]] = {
    "play": _add_play,
    "serve": _add_serve,
    "learn": _add_learn,
    "check-data": _add_check_data,
    "replay": _add_replay,
    "review": _add_review,
    "selfplay": _add_selfplay,
    "tournament": _add_tournament,
    "balance": _add_balance,
    "ladder": _add_ladder,
    "bench": _add_bench,
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, with that command alone (a run needs no other,
    and the whole parser takes as long to build as a tenth of the app's start)."""
    parser = argparse.ArgumentParser(
        prog="orbis",
        description=_("The board game Orbis in a terminal."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_(_PLAY_OPTIONS),
    )
    _language_option(parser)
    sub = parser.add_subparsers(dest="command", title=_("commands"))
    for name, add in COMMANDS.items():
        if only is None or name == only:
            add(sub)
    return parser


# Commands that open the app: it turns collection back on once its first frame is shown.
APP_COMMANDS = frozenset({"play", "learn"})


def main(argv: Sequence[str] | None = None) -> int:
    # Starting the app makes thousands of objects that live as long as it does;
    # collecting while they are made walks them again and again (a tenth of the start).
    gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _command_named(argv: list[str]) -> str | None:
    """The one command these arguments run (None: they need the whole parser, for
    help or for an error naming every command)."""
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        return "play"
    return argv[0] if argv[0] in COMMANDS else None


def _main(argv: Sequence[str] | None) -> int:
    chosen, argv = take_language(list(sys.argv[1:] if argv is None else argv))
    try:
        lang = use_language(chosen)
    except ValueError:
        languages = ", ".join(i18n.available_languages())
        message = _("--lang {lang}: not one of the languages ({languages})")
        print(f"orbis: {message.format(lang=chosen, languages=languages)}", file=sys.stderr)
        return 2
    parser = build_parser(only=_command_named(argv))
    parser.set_defaults(lang=lang, chosen_lang=chosen)
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]  # options alone belong to the default command
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    if args.command not in APP_COMMANDS:
        gc.enable()
    return args.run(args)


if __name__ == "__main__":
    raise SystemExit(main())
