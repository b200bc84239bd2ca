"""A game review as ``orbis review`` prints it: per player a summary and the biggest
mistakes, then every decision judged in a table (rich, plain when not a terminal)."""

from __future__ import annotations

import math

from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from ..i18n import choose, gettext, pgettext
from ..printable import printable
from . import texts
from .review import GameReview, MoveReview


def print_review(review: GameReview, console: Console) -> None:
    names = [printable(name) for name in review.names]
    for summary in review.players:
        console.print(
            Text(
                gettext(texts.SUMMARY).format(
                    name=names[summary.seat],
                    seat=summary.seat,
                    judged=_plural(texts.SUMMARY_JUDGED, decisions=summary.decisions),
                    loss=summary.total_loss,
                    mistakes=_plural(texts.SUMMARY_MISTAKES, mistakes=summary.mistakes),
                ),
                style="bold",
            )
        )
        if not summary.biggest:
            console.print(Text(gettext(texts.NO_MISTAKES)))
        for rank, move in enumerate(summary.biggest, start=1):
            console.print(Text(_biggest_line(rank, move, len(names))))
            console.print(Padding(Text(move.reason), (0, 0, 0, 5)))
        console.print()
    console.print(_table(review, names))
    if review.forced:
        console.print(Text(_plural(texts.FORCED, count=len(review.forced))))
    if not review.settings.get("complete", True):
        console.print(Text(_plural(texts.INCOMPLETE, done=len(review.moves))))
    console.print(Text(settings_line(review)))


def settings_line(review: GameReview) -> str:
    settings = review.settings
    if settings.get("time_budget") is not None:
        size = gettext(texts.SIZE_SECONDS).format(seconds=settings["time_budget"])
    else:
        size = _plural(texts.SIZE_ITERATIONS, per_option=settings.get("per_option"))
    return gettext(texts.SETTINGS).format(
        analyser=_analyser(str(settings.get("analyser"))),
        size=size,
        seed=settings.get("seed"),
        floor=settings.get("mistake_floor", 0),
        factor=settings.get("noise_factor", 0),
    )


def _round(move: MoveReview, players: int) -> int:
    return (move.turn - 1) // players + 1


def _biggest_line(rank: int, move: MoveReview, players: int) -> str:
    template = texts.BIGGEST_HINTED if move.hinted else texts.BIGGEST
    return gettext(template).format(
        rank=rank,
        round=_round(move, players),
        kind=kind_name(move.kind),
        played=" ".join(f"'{a}'" for a in move.played),
        best=" ".join(f"'{a}'" for a in move.best),
        loss=move.loss,
        stderr=_stderr(move.stderr),
    )


def kind_name(kind: str) -> str:
    """The decision a move answered (``"pay"``), in the language in use."""
    return pgettext("decision", kind) if kind in texts.DECISION_KIND else kind


def _analyser(level: str) -> str:
    return gettext(texts.ANALYSERS[level]) if level in texts.ANALYSERS else level


def _plural(template: tuple[str, str, str], **values: object) -> str:
    return choose(template, values).format(**values)


def _stderr(value: float) -> str:
    return f"{value:.1f}" if math.isfinite(value) else texts.UNKNOWN_ERROR


def _table(review: GameReview, names: list[str]) -> Table:
    table = Table(title=gettext(texts.TABLE_TITLE), title_justify="left")
    one_seat = len(review.players) == 1
    for number, column in enumerate(texts.COLUMNS):
        if number == 2 and one_seat:
            continue  # the player is named above the table
        table.add_column(
            gettext(column) if column else column,
            justify="right" if number in (0, 1, 6, 7) else "left",
            no_wrap=number not in (2, 4, 5),
        )
    for move in review.moves:
        marks = [gettext(texts.MARK_MISTAKE)] if move.mistake else []
        if move.hinted:
            marks.append(gettext(texts.MARK_HINT))
        style = "bold red" if move.mistake else ""
        cells = [
            Text(str(move.index)),
            Text(str(_round(move, len(names)))),
            Text(names[move.seat]),
            Text(kind_name(move.kind)),
            Text(" ".join(move.played)),
            Text(" ".join(move.best)),
            Text(f"{move.loss:.1f}", style=style),
            Text(_stderr(move.stderr)),
            Text(" ".join(marks), style=style),
        ]
        if one_seat:
            del cells[2]
        table.add_row(*cells)
    return table
