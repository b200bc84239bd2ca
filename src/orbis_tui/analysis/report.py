"""A game review as ``orbis review`` prints it: per player a summary and the biggest
mistakes, then every decision judged in a table (rich, plain when not a terminal).

Given the record, moves are told in words ("take Sacred Stone from cell 4"), as on the
table; players are numbered from 1, as on screen."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from .. import no_break
from ..i18n import fill, format_numbers, gettext, pgettext
from ..printable import printable
from . import texts
from .review import GameReview, MoveReview, PlayerSummary, loss_parts

if TYPE_CHECKING:
    from ..records import GameRecord


def print_review(
    review: GameReview,
    console: Console,
    record: GameRecord | None = None,
    *,
    reasons: Callable[[MoveReview], Sequence[str]],
    lesson: Callable[[PlayerSummary], Sequence[str]],
) -> None:
    """The review as text: per player its summary, its biggest mistakes each with its
    ``reasons`` lines, its ``lesson`` lines; then every decision judged in a table. The
    reasons and the lesson are worded once, by the review's sheet
    (``orbis_tui.tui.review_sheet``), which the review screen and the plain seat show
    too."""
    no_break.hold()  # "45 %" stays on one line
    say = _Say(console)
    names = [printable(name) for name in review.names]
    words = move_words(review, record) if record is not None else {}
    for summary in review.players:
        say(
            Text(
                fill(
                    texts.SUMMARY,
                    name=names[summary.seat],
                    number=summary.seat + 1,
                    judged=fill(texts.SUMMARY_JUDGED, decisions=summary.decisions),
                    loss=summary.total_loss,
                    mistakes=fill(texts.SUMMARY_MISTAKES, mistakes=summary.mistakes),
                ),
                style="bold",
            )
        )
        say(Text(parts_line(review, summary.seat, summary.biggest)))
        if not summary.biggest:
            say(Text(gettext(texts.NO_MISTAKES)))
        for rank, move in enumerate(summary.biggest, start=1):
            say(Text(_biggest_line(rank, move, len(names), words)))
            for said in reasons(move):
                say(Text(" " * 5 + said))
        for said in lesson(summary):
            say(Text("  " + said))
        say()
    say(_Decisions(review, names, words))
    if review.forced:
        say(Text(fill(texts.FORCED, count=len(review.forced))))
    if not review.settings.get("complete", True):
        say(Text(fill(texts.INCOMPLETE, done=len(review.moves))))
    say(Text(gettext(texts.LOST_MEANS)))
    say(Text(settings_line(review)))


# An item's head: its indent and its number or dash ("  1. ", "    - "); the lines an
# item wraps onto start under the item's words, after its head.
_HEAD = re.compile(r" *(?:\d+\. |- |· )?")


class _Say:
    """Prints the review's lines on ``console``: a line of text that wraps goes on under
    its item's words (a hanging indent), and no line ends in spaces (a table's cells and
    an indented block pad theirs to their width; a file or a pipe should not keep them)."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, renderable: RenderableType | None = None) -> None:
        if renderable is None:
            self.console.print()
            return
        if isinstance(renderable, Text):
            renderable = _Hanging(renderable)
        self.console.print(_Trimmed(renderable))


class _Hanging:
    """A line of text whose wrapped lines are indented as far as its head (:data:`_HEAD`)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = self.text
        match = _HEAD.match(text.plain)
        head = match.end() if match is not None else 0
        if head >= options.max_width // 2:  # too deep to hang under: wrap as it is
            head = 0
        first, body = text.divide([head]) if head else (Text(style=text.style), text)
        for number, line in enumerate(body.wrap(console, options.max_width - head)):
            out = first.copy() if number == 0 else Text(" " * head, style=text.style)
            out.append_text(line)
            out.rstrip()
            yield out


class _Trimmed:
    """``renderable`` with the spaces at the end of each of its lines taken off."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in console.render_lines(self.renderable, options, pad=False):
            while line and not line[-1].control and not line[-1].text.rstrip(" "):
                line.pop()
            if line and not line[-1].control:
                last = line[-1]
                line[-1] = Segment(last.text.rstrip(" "), last.style)
            yield from line
            yield Segment.line()


def parts_line(review: GameReview, seat: int, listed: Sequence[MoveReview]) -> str:
    """How a player's total loss splits: the listed mistakes, and the other decisions."""
    parts = loss_parts(review.moves, seat, listed)
    if not listed:
        return fill(texts.SUMMARY_SMALL, loss=parts.total, others=parts.others)
    return fill(
        texts.SUMMARY_PARTS,
        count=len(listed),
        loss=parts.total,
        listed=parts.listed,
        small=fill(texts.SUMMARY_REST, rest=parts.rest, others=parts.others),
    )


def settings_line(review: GameReview) -> str:
    settings = review.settings
    if settings.get("time_budget") is not None:
        size = fill(texts.SIZE_SECONDS, seconds=settings["time_budget"])
    else:
        size = fill(texts.SIZE_ITERATIONS, per_option=settings.get("per_option"))
    return fill(
        texts.SETTINGS,
        analyser=_analyser(str(settings.get("analyser"))),
        size=size,
        seed=settings.get("seed"),
        floor=settings.get("mistake_floor", 0),
        factor=settings.get("noise_factor", 0),
    )


def _round(move: MoveReview, players: int) -> int:
    return (move.turn - 1) // players + 1


def move_words(review: GameReview, record: GameRecord) -> dict[int, tuple[str, str]]:
    """Each judged move's played and best answers in words, told in the position where
    the decision was made (the record replayed once)."""
    from ..engine import parse_action
    from ..records import start_state
    from ..words import describe_actions

    starts = {move.index - len(move.played) + 1: move for move in review.moves}
    words: dict[int, tuple[str, str]] = {}
    state = start_state(record.setup)
    for position, text in enumerate(record.actions):
        move = starts.get(position)
        if move is not None:
            played = [parse_action(a) for a in move.played]
            best = [parse_action(a) for a in move.best]
            words[move.index] = (
                describe_actions(state.copy(), played),
                describe_actions(state.copy(), best),
            )
        state.apply(parse_action(text))
    return words


def _said(move: MoveReview, words: dict[int, tuple[str, str]]) -> tuple[str, str]:
    """The move's played and best answers: in words, else in the record's notation."""
    return words.get(move.index) or (" ".join(move.played), " ".join(move.best))


def _biggest_line(
    rank: int, move: MoveReview, players: int, words: dict[int, tuple[str, str]]
) -> str:
    template = texts.BIGGEST_HINTED if move.hinted else texts.BIGGEST
    played, best = _said(move, words)
    return fill(
        template,
        rank=rank,
        round=_round(move, players),
        kind=kind_name(move.kind),
        played=played,
        best=best,
        loss=move.loss,
        stderr=_stderr(move.stderr),
    )


def kind_name(kind: str) -> str:
    """The decision a move answered (``"pay"``), in the language in use."""
    return pgettext("decision", kind) if kind in texts.DECISION_KIND else kind


def _analyser(level: str) -> str:
    return gettext(texts.ANALYSERS[level]) if level in texts.ANALYSERS else level


def _tenths(value: float) -> str:
    """``value`` to the tenth, with the decimal sign of the language in use."""
    return format_numbers("{value:.1f}", value=value)


def _stderr(value: float) -> str:
    return _tenths(value) if math.isfinite(value) else texts.UNKNOWN_ERROR


# A column of moves in words narrower than this is hard to read (a move wraps onto many
# lines): below it, the decisions are listed instead.
MOVE_COLUMN = 20
_PLAYED, _BEST = 4, 5  # the columns of moves in words


class _Decisions:
    """Every decision judged: a table when each column of moves in words gets at least
    :data:`MOVE_COLUMN` cells and room for its longest word; else (a narrow terminal,
    a language of long words) a list, each decision a line with its moves below it.
    Either way no word is cut short."""

    def __init__(
        self, review: GameReview, names: list[str], words: dict[int, tuple[str, str]]
    ) -> None:
        self.review = review
        self.names = names
        self.words = words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        review, names, words = self.review, self.names, self.words
        rows = [_cells(move, names, words) for move in review.moves]
        headings = [gettext(column) if column else column for column in texts.COLUMNS]
        one_seat = len(review.players) == 1
        if one_seat:  # the player is named above the table
            del headings[2]
            for cells in rows:
                del cells[2]
        moves = (_PLAYED, _BEST) if not one_seat else (_PLAYED - 1, _BEST - 1)
        natural = [
            max([cell_len(headings[n]), *(row[n].cell_len for row in rows)])
            for n in range(len(headings))
        ]
        frame = _table(headings, [], [1] * len(headings), moves)  # the lines and padding
        room = options.max_width - (Measurement.get(console, options, frame).maximum - len(natural))
        room -= sum(width for n, width in enumerate(natural) if n not in moves)
        need = [
            max(
                min(MOVE_COLUMN, natural[n]),
                max((cell_len(word) for row in rows for word in row[n].plain.split()), default=0),
            )
            for n in moves
        ]
        if sum(need) <= room:  # each column of moves half the room, or what it needs
            first = min(natural[moves[0]], max(need[0], room // 2), room - need[1])
            widths: list[int | None] = list(natural)
            widths[moves[0]] = first
            widths[moves[1]] = min(natural[moves[1]], room - first)
            yield _table(headings, rows, widths, moves)
            return
        yield Text(gettext(texts.TABLE_TITLE), style="italic")
        for move in review.moves:
            yield from _listed(move, names, words)


def _cells(move: MoveReview, names: list[str], words: dict[int, tuple[str, str]]) -> list[Text]:
    """A decision's row of the table."""
    style = "bold red" if move.mistake else ""
    played, best = _said(move, words)
    return [
        Text(str(move.index)),
        Text(str(_round(move, len(names)))),
        Text(names[move.seat]),
        Text(kind_name(move.kind)),
        Text(played),
        Text(best),
        Text(_tenths(move.loss), style=style),
        Text(_stderr(move.stderr)),
        Text(" ".join(_marks(move)), style=style),
    ]


def _marks(move: MoveReview) -> list[str]:
    marks = [gettext(texts.MARK_MISTAKE)] if move.mistake else []
    if move.hinted:
        marks.append(gettext(texts.MARK_HINT))
    return marks


def _listed(
    move: MoveReview, names: list[str], words: dict[int, tuple[str, str]]
) -> list[_Hanging]:
    """A decision as the list tells it: its head line, then what was played and what
    was best (one line when they are the same), each wrapping under its own words."""
    head = fill(
        texts.DECISION_HEAD,
        index=move.index,
        round=_round(move, len(names)),
        player=names[move.seat],
        kind=kind_name(move.kind),
        loss=move.loss,
        stderr=_stderr(move.stderr),
    )
    marks = _marks(move)
    line = Text("  " + head, style="bold red" if move.mistake else "")
    if marks:
        line.append(" · " + " · ".join(marks))
    played, best = _said(move, words)
    if played == best:
        said = [fill(texts.DECISION_SAME, played=played)]
    else:
        said = [fill(texts.DECISION_PLAYED, played=played), fill(texts.DECISION_BEST, best=best)]
    return [_Hanging(line), *(_Hanging(Text(" " * 5 + text)) for text in said)]


def _table(
    headings: list[str], rows: list[list[Text]], widths: list[int | None], moves: tuple[int, int]
) -> Table:
    """The table of decisions, its columns ``widths`` wide; the ``moves`` columns wrap."""
    # No lines between the columns: the moves in words get the room.
    table = Table(
        title=gettext(texts.TABLE_TITLE),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    numbers = (0, 1, len(headings) - 3, len(headings) - 2)  # #, round, CP lost, ±
    for number, heading in enumerate(headings):
        table.add_column(
            heading,
            justify="right" if number in numbers else "left",
            no_wrap=number not in moves,
            width=widths[number],
        )
    for cells in rows:
        table.add_row(*cells)
    return table
