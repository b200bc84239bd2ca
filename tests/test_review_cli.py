"""``orbis review``: a record file reviewed on the terminal or as JSON."""

from __future__ import annotations

import contextlib
import io
import json
import os
import pty
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from orbis_tui import i18n
from orbis_tui.analysis.parallel import worker_count
from orbis_tui.analysis.report import print_review
from orbis_tui.analysis.review import GameReview, MoveReview, PlayerSummary
from orbis_tui.analysis.search import REVIEW_PER_OPTION
from orbis_tui.cli import REVIEW_SIZE, main
from orbis_tui.engine import format_action, parse_action
from orbis_tui.i18n import fill
from orbis_tui.plain.texts import REVIEW_FOUND
from orbis_tui.records import GameRecord, load_record
from orbis_tui.tui.core.replay_book import ReplayBook
from orbis_tui.tui.review_sheet import (
    best_words,
    lesson_lines,
    played_words,
    reason_lines,
    said_lines,
)

RECORD = Path(__file__).resolve().parent / "golden" / "eager-3p.record.json"


@pytest.fixture(autouse=True)
def _reviews_kept_apart(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Reviews are kept in the data folder: each test has its own, never the user's."""
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path / "kept"))


@pytest.fixture
def short_record(tmp_path: Path) -> Path:
    """The first turns of a 3-player game, as a record file."""
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:14]
    data.pop("result", None)
    path = tmp_path / "short.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.slow
def test_json_prints_the_review_that_reads_back(
    short_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(short_record), "--json", "--size", "3"]) == 0
    out = capsys.readouterr().out
    review = GameReview.from_json(out)
    assert review.to_json() == out
    assert len(review.players) == 3
    assert review.settings["per_option"] == 3
    assert review.moves and all(m.index < 14 for m in review.moves)


@pytest.mark.slow
def test_the_text_names_each_player_and_every_decision(
    short_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(short_record), "--seat", "2", "--size", "3"]) == 0
    out = capsys.readouterr().out
    names = json.loads(short_record.read_text(encoding="utf-8"))["setup"]["players"]
    assert out.startswith(f"{names[1]} (player 2): ")  # numbered as on screen
    # only this player is judged; the lesson of the game may name the opponent it compares with
    assert f"{names[0]} (player 1)" not in out and f"{names[2]} (player 3)" not in out
    assert "Every decision judged" in out
    assert "3 iterations per option" in out


@pytest.mark.slow
def test_a_seat_may_be_named_by_its_player(
    short_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = json.loads(short_record.read_text(encoding="utf-8"))["setup"]["players"]
    assert main(["review", str(short_record), "--seat", names[2], "--json", "--size", "3"]) == 0
    review = GameReview.from_json(capsys.readouterr().out)
    assert [p.seat for p in review.players] == [2]


@pytest.mark.parametrize("seat", ["4", "0", "-1", "Nobody"])
def test_an_unknown_seat_is_refused(
    short_record: Path, seat: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(short_record), f"--seat={seat}"]) == 2
    assert "not a player's number (1 to 3) nor name" in capsys.readouterr().err


@pytest.mark.slow
def test_on_a_pipe_the_table_fits_80_columns_and_tells_moves_in_words(
    short_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", str(short_record), "--size", "2"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "take " in out and " from cell " in out and " at row " in out  # words
    assert "place 1," not in out and "take 1\n" not in out  # not the record's notation
    assert "seat 0" not in out and "(player 1)" in out


def test_a_bad_record_is_refused_with_its_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    data["actions"][9] = "place 4,9"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("orbis review: refused: ")
    assert "entry 10" in err and "bad.json" in err


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "nothing.json")]) == 2
    assert "orbis review: refused: " in capsys.readouterr().err


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--budget", "0", "above 0"),
        ("--budget", "nan", "finite"),
        ("--budget", "601", "at most 600"),
        ("--budget", "soon", "not a number"),
        ("--size", "0", "at least 1"),
        ("--size", "2.5", "not a number"),
        ("--level", "hard", "invalid choice"),
    ],
)
def test_bad_numbers_and_levels_are_refused(
    short_record: Path, option: str, value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["review", str(short_record), option, value])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_size_and_budget_do_not_go_together(short_record: Path) -> None:
    with pytest.raises(SystemExit):
        main(["review", str(short_record), "--size", "3", "--budget", "1"])


def test_the_default_size_is_the_analysis_review_size() -> None:
    assert REVIEW_SIZE == REVIEW_PER_OPTION


@pytest.mark.slow
def test_moves_are_numbered_by_round_as_on_the_table(
    short_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """14 actions of a 3-player game stay within the first rounds, whatever the turn."""
    assert main(["review", str(short_record), "--json", "--size", "3"]) == 0
    review = GameReview.from_json(capsys.readouterr().out)
    from orbis_tui.analysis.report import _round

    rounds = {_round(move, 3) for move in review.moves}
    assert max(move.turn for move in review.moves) > 3  # turns went past the first round
    assert rounds <= {1, 2, 3} and max(rounds) >= 2
    for move in review.moves:
        assert _round(move, 3) == (move.turn - 1) // 3 + 1


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads child processes in /proc")
@pytest.mark.skipif(worker_count() < 2, reason="a review on one processor starts no worker")
@pytest.mark.timeout(600)  # a bound only: a review that does not stop fails
@pytest.mark.parametrize("terminal", [False, True], ids=["piped", "on a terminal"])
def test_ctrl_c_stops_a_review_and_its_worker_processes_quietly(
    tmp_path: Path, terminal: bool
) -> None:
    """Ctrl+C reaches the whole process group, as from a terminal, the moment the first
    worker process exists (its pool is still starting, the others not yet started):
    the review stops with the shell's code for it (130), no traceback from any process,
    and no worker process left behind. On a terminal the progress bar's thread runs,
    which takes the Ctrl+C the review's own thread holds back while the pool starts:
    before, the review stopped in the middle of that start, and a worker still starting
    said with a traceback that the pool's locks were gone (``FileNotFoundError``) or
    that its start was never sent (``EOFError``)."""
    command = [sys.executable, "-m", "orbis_tui", "review", str(RECORD)]
    command += [] if terminal else ["--json"]
    screen, said = pty.openpty() if terminal else (-1, -1)
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=said if terminal else subprocess.PIPE,
        start_new_session=True,
        text=True,
        preexec_fn=as_at_a_terminal,
    )
    shown = _ScreenReader(screen, said) if terminal else None
    children: list[int] = []
    try:
        while process.poll() is None and not any(map(_is_worker, children)):
            children = child_processes(process.pid)  # no pause: the earliest moment
        assert any(map(_is_worker, children)), "the review did not start its workers"
        os.killpg(process.pid, signal.SIGINT)
        # Wait for the review to end, however long a loaded machine takes to stop its
        # workers (a fixed 60 seconds ran out under a load of 15 on two cores).
        _, err = process.communicate()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    if shown is not None:
        err = shown.text()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "Error:" not in err, err
    assert wait_until_gone(children)


def _is_worker(pid: int) -> bool:
    """Whether ``pid`` is a worker process (not multiprocessing's resource tracker)."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


class _ScreenReader:
    """What the processes write on a terminal (``screen`` and ``said``: its two ends),
    read as it comes, so that none of them waits for room to write."""

    def __init__(self, screen: int, said: int) -> None:
        self._screen = screen
        self._chunks: list[bytes] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()
        os.close(said)  # the processes hold it: it closes as the last of them ends

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self._screen, 65536)
            except OSError:  # every writer has closed it
                return
            if not chunk:
                return
            self._chunks.append(chunk)

    def text(self, seconds: float = 60.0) -> str:
        self._thread.join(seconds)  # until the last writer, a worker stopped, is gone
        os.close(self._screen)
        return b"".join(self._chunks).decode(errors="replace")


def as_at_a_terminal() -> None:
    """Ctrl+C as a program started at a terminal has it. A command started in the
    background by a shell without job control (``pytest &`` in a script) inherits
    Ctrl+C ignored, and Python then leaves it ignored: the review would never hear it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_until_gone(pids: list[int], seconds: float = 10.0) -> bool:
    """Whether the processes ``pids`` (children of a process that has ended) are gone
    within ``seconds``: a worker stopped as its parent leaves takes a moment."""
    deadline = time.monotonic() + seconds
    while any(Path(f"/proc/{pid}").exists() for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def child_processes(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(c) for c in (task / "children").read_text().split()]
    return found


def test_the_printed_review_writes_decimals_as_the_language_does(speaking: str) -> None:
    """German and Russian write 2,5 CP: the summary, the parts, the table, the lesson and
    the settings never show an English decimal point."""
    mistake = MoveReview(
        index=3,
        turn=2,
        seat=0,
        kind="pay",
        played=("pay",),
        best=("wild",),
        played_margin=-1.5,
        best_margin=1.0,
        stderr=0.75,
        loss=2.5,
        mistake=True,
        reason="",
        hinted=False,
        verdict="mistake",
    )
    small = replace(mistake, index=5, loss=0.25, stderr=0.5, mistake=False, verdict="unclear")
    summary = PlayerSummary(0, "Ann", 2, 2.75, 1, (mistake,), lesson=("a lesson",))
    settings = {"analyser": "expert", "per_option": None, "time_budget": 0.5, "seed": 0}
    settings |= {"mistake_floor": 1.0, "noise_factor": 2.0}
    review = GameReview(("Ann", "Ben"), (summary,), (mistake, small), settings)
    console = Console(record=True, width=100)
    print_review(review, console, reasons=_reasons, lesson=_lesson)
    shown = console.export_text()
    assert "2,5" in shown and "2,8" in shown and "0,8" in shown and "0,5 " in shown
    assert not re.search(r"\d\.\d", shown), shown


def test_the_printed_review_ends_no_line_in_spaces_and_wraps_under_each_item() -> None:
    """On a pipe of 80 columns: no line ends in spaces (the table's padding included),
    and a mistake's line, its reason and a lesson's line that wrap go on under their
    item's words, never back at the left edge."""
    long_move = "take Sacred Stone from cell 4 and pay 2R 1B for it, all of the realm's"
    mistake = MoveReview(
        index=3,
        turn=2,
        seat=0,
        kind="pay",
        played=(long_move,),
        best=("leave it unpaid, as a wilderness at the left end of row 1",),
        played_margin=-1.5,
        best_margin=1.0,
        stderr=0.75,
        loss=2.5,
        mistake=True,
        reason="Paying spent the worshipers the volcano two turns later needed: " * 2,
        hinted=False,
        verdict="mistake",
    )
    lesson = "a lesson long enough to wrap onto a second line of a pipe's eighty columns, " * 2
    summary = PlayerSummary(0, "Ann", 1, 2.5, 1, (mistake,), lesson=(lesson,))
    settings = {"analyser": "expert", "per_option": 4, "seed": 0}
    settings |= {"mistake_floor": 1.0, "noise_factor": 2.0}
    review = GameReview(("Ann", "Ben"), (summary,), (mistake,), settings)
    console = Console(record=True, width=80, color_system=None)
    print_review(review, console, reasons=_reasons, lesson=_lesson)
    lines = console.export_text().splitlines()
    assert [line for line in lines if line != line.rstrip()] == []
    first = next(i for i, line in enumerate(lines) if line.startswith("  1. round"))
    reason = next(i for i, line in enumerate(lines) if line.startswith("     Paying"))
    assert reason > first + 1  # the mistake's line wrapped
    assert all(line.startswith("     ") for line in lines[first + 1 : reason])
    head = next(i for i, line in enumerate(lines) if "lesson of the game" in line)
    assert all(line.startswith("     ") for line in lines[reason:head])
    assert lines[head + 1].startswith("  · a lesson")
    assert lines[head + 2].startswith("    ") and lines[head + 2].strip()  # under its words


@pytest.mark.slow
def test_a_review_is_kept_and_read_back_and_a_damaged_one_is_said_and_redone(
    short_record: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from orbis_tui import analysis
    from orbis_tui.analysis import review as review_module

    calls: list[int] = []
    real = review_module.review_record

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, workers=1, **kwargs)  # a small review, in this process

    monkeypatch.setattr(review_module, "review_record", counting)
    monkeypatch.setattr(analysis, "review_record", counting)  # the name the command asks
    monkeypatch.setattr(review_module, "FIRST_WORLDS", 2)
    monkeypatch.setattr(review_module, "MAX_WORLDS", 4)
    monkeypatch.setattr(review_module, "MANY_WORLDS_FACTOR", 1)  # no more for unclear ones
    data = json.loads(short_record.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:6]
    short_record.write_text(json.dumps(data), encoding="utf-8")
    command = ["review", str(short_record), "--json", "--size", "1"]
    assert main(command) == 0
    first = capsys.readouterr().out
    assert main(command) == 0
    assert capsys.readouterr().out == first and len(calls) == 1  # read back, not redone
    assert main([*command[:-1], "2"]) == 0  # other parameters: another review
    capsys.readouterr()
    assert len(calls) == 2
    kept = sorted((tmp_path / "kept" / "reviews").glob("*.json"))
    assert len(kept) == 2
    for path in kept:
        path.write_text("{ damaged", encoding="utf-8")
    assert main(command) == 0
    said = capsys.readouterr()
    assert said.out == first and len(calls) == 3
    assert "unusable" in said.err and "reviewing again" in said.err


def _reasons(move: MoveReview) -> list[str]:
    return said_lines(reason_lines(move))


def _lesson(summary: PlayerSummary) -> list[str]:
    return said_lines(lesson_lines(summary))


def test_the_printed_reasons_and_lesson_are_the_review_sheets() -> None:
    """The text of orbis review says each biggest mistake's reason and each player's
    lesson as the review screen and the plain seat do: the same sheet's lines."""
    mistake = MoveReview(
        index=3,
        turn=2,
        seat=0,
        kind="pay",
        played=("pay",),
        best=("wild",),
        played_margin=-1.5,
        best_margin=1.0,
        stderr=0.75,
        loss=2.5,
        mistake=True,
        reason="Better: leave it as a wilderness.",
        hinted=False,
        verdict="mistake",
    )
    summary = PlayerSummary(0, "Ann", 1, 2.5, 1, (mistake,), lesson=("first", "second"))
    settings = {"analyser": "expert", "per_option": 4, "time_budget": None, "seed": 0}
    review = GameReview(("Ann", "Ben"), (summary,), (mistake,), settings)
    console = Console(record=True, width=100)
    print_review(review, console, reasons=_reasons, lesson=_lesson)
    shown = console.export_text().splitlines()
    said = [*_reasons(mistake), *_lesson(summary)]
    assert said == [
        "Better: leave it as a wilderness.",
        "The lesson of the game for Ann:",
        "· first",
        "· second",
    ]
    for text in said:
        assert any(row.strip() == text for row in shown), (text, shown)


def _plain(text: str) -> str:
    """``text`` written to a terminal without its control sequences."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


class _Terminal(io.StringIO):
    """An error output that says it is a terminal (the progress bar's)."""

    def isatty(self) -> bool:
        return True


def _stand_in_mistakes(record: GameRecord) -> tuple[MoveReview, ...]:
    """A clear mistake at the first decision of each of the record's first two turns."""
    book = ReplayBook(record)
    starts = [next(p for p, m in enumerate(book.moments) if m.turn == turn) for turn in (1, 2)]
    moves = []
    for number, index in enumerate(starts):
        before = book.state(index)
        played = parse_action(record.actions[index])
        other = next(o.action for o in before.decision.options if o.legal and o.action != played)
        move = MoveReview(
            index=index, turn=before.turn + 1, seat=before.current, kind="turn",
            played=(record.actions[index],), best=(format_action(other),),
            played_margin=-2.0, best_margin=1.0, stderr=0.5, loss=3.0 + number,
            mistake=True, reason="", hinted=False, verdict="mistake",
        )  # fmt: skip
        moves.append(move)
    return tuple(moves)


def _stand_in_review(record: GameRecord, **asked: Any) -> GameReview:
    """A review made at once: its turns judged and handed over, the later turn first
    (turns finish in any order)."""
    moves = _stand_in_mistakes(record)
    for move in reversed(moves):
        if asked.get("judged") is not None:
            asked["judged"]((move,))
        if asked.get("progress") is not None:
            asked["progress"](0.5)
    names = tuple(record.setup.players)
    summaries = tuple(
        PlayerSummary(seat, names[seat], 1, move.loss, 1, (move,))
        for seat, move in enumerate(moves)
    )
    settings = {"analyser": "expert", "per_option": 1, "time_budget": None, "seed": 0}
    return GameReview(names, summaries, moves, settings | {"complete": True})


@pytest.mark.parametrize("language", ["en", "de"])
def test_on_a_terminal_each_mistake_is_printed_above_the_bar_as_it_is_found(
    short_record: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    language: str,
) -> None:
    """A review takes minutes: on a terminal each clear mistake is printed on the error
    output (above the progress bar, which then goes) as its turn is judged, a line each:
    its turn, round, player, CP lost, what was played and what was best, as the plain
    seat says it and the review's sheet words the moves. The turns finish in any order
    (here the second first), but the lines come in the game's order: a turn is held
    back only until the turns before it are judged. The report that follows on the
    standard output is the same as on a pipe, and --json prints the review alone."""
    from orbis_tui import analysis

    err: io.StringIO = _Terminal()
    shown_after: list[str] = []  # the error output after each turn handed over

    def watched(record: GameRecord, **asked: Any) -> GameReview:
        judged = asked.get("judged")
        if judged is not None:

            def noted(moves: tuple[MoveReview, ...]) -> None:
                judged(moves)
                shown_after.append(" ".join(_plain(err.getvalue()).split()))

            asked["judged"] = noted
        return _stand_in_review(record, **asked)

    monkeypatch.setattr(analysis, "review_record", watched)
    record = load_record(short_record.read_text(encoding="utf-8"))[0]
    book = ReplayBook(record)
    names = record.setup.players

    def review(*options: str, terminal: bool = True) -> tuple[str, str]:
        nonlocal err
        for kept in (tmp_path / "kept" / "reviews").glob("*.json"):
            kept.unlink()  # reviewed again each time, not read back
        err = _Terminal() if terminal else io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        assert main(["review", str(short_record), "--lang", language, *options]) == 0
        return capsys.readouterr().out, _plain(err.getvalue())

    report, shown = review()
    before = i18n.language()
    i18n.set_language(language)
    try:
        first, second = [
            fill(REVIEW_FOUND, turn=move.turn, round=1, name=names[move.seat], loss=move.loss)
            + f" {played_words(book.state(move.index), move, name=names[move.seat])}"
            + f" · {best_words(book.state(move.index), move)}"
            for move in _stand_in_mistakes(record)
        ]
    finally:
        i18n.set_language(before)
    said = " ".join(shown.split())  # the lines as the terminal's width wrapped them
    assert first in said and second in said, shown
    assert said.index(first) < said.index(second)  # in the game's order
    held, both = shown_after[:2]  # the second turn judged first, then the first
    assert second not in held  # held back while the first turn is being judged
    assert both.index(first) < both.index(second)  # then both, at once
    if language == "de":
        assert "Fehler gefunden in Zug 2 (Runde 1)" in second and "4,0 SP" in second
    assert first not in report and second not in report  # the report is as it was
    piped, said = review(terminal=False)  # no bar: no lines
    assert piped == report and first not in said and second not in said
    out, said = review("--json")
    assert GameReview.from_json(out).to_json() == out and said == ""


def test_ctrl_c_on_a_terminal_still_prints_the_mistakes_held_back_and_says_how_far(
    short_record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review stopped with Ctrl+C while a later turn's mistake waits for an earlier
    turn still prints that mistake (nothing judged goes unsaid), then how many turns
    were judged and that they are kept: the same command goes on from there."""
    from orbis_tui import analysis
    from orbis_tui.analysis import judged_turns

    record = load_record(short_record.read_text(encoding="utf-8"))[0]
    _, second = _stand_in_mistakes(record)

    def stopped(record: GameRecord, **asked: Any) -> GameReview:
        asked["judged"]((second,))  # the later turn is judged first ...
        raise KeyboardInterrupt  # ... and the review is stopped before the first

    monkeypatch.setattr(analysis, "review_record", stopped)
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["review", str(short_record)]) == 130
    book = ReplayBook(record)
    names = record.setup.players
    name = names[second.seat]
    found = fill(REVIEW_FOUND, turn=2, round=1, name=name, loss=second.loss)
    played = played_words(book.state(second.index), second, name=name)
    shown = " ".join(_plain(err.getvalue()).split())
    assert f"{found} {played}" in shown
    total = len(judged_turns(record))
    assert f"stopped; turns judged: 1 of {total}" in shown
    assert "goes on from there" in shown
    assert capsys.readouterr().out == ""  # no report for a review stopped
