"""``orbis review`` printed in a language of long words, at 80 columns and wider: no
word cut short, no per cent sign left alone at the start of a line."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from orbis_tui.analysis.report import print_review
from orbis_tui.analysis.review import GameReview, MoveReview, PlayerSummary
from orbis_tui.i18n import fill
from orbis_tui.words.texts import FUTURE_WINS


def _lesson(summary: PlayerSummary) -> list[str]:
    return list(summary.lesson)


@pytest.mark.parametrize("width", [80, 100, 160])
def test_the_printed_decisions_cut_no_word_at_any_width(speaking: str, width: int) -> None:
    """Every decision judged, in a language of long words: a table when its columns of
    moves hold them, else a list with each move whole under its decision; no word is
    cut short with an ellipsis, at 80 columns or wider."""
    played = "nimm Bernsteinhügel (Orange, 0 SP) aus Feld 6 und sammle 1R 2B"
    best = "nimm die Gottheit Göttin in Ausbildung (2 SP), dann Karawanenstadt"
    moves = tuple(
        MoveReview(
            index=index,
            turn=index + 1,
            seat=index % 2,
            kind="turn",
            played=(played,),
            best=(best if index % 3 else played,),
            played_margin=-1.5,
            best_margin=1.0,
            stderr=0.75,
            loss=2.5 if index % 3 else 0.0,
            mistake=bool(index % 3),
            reason="",
            hinted=index == 4,
            verdict="mistake" if index % 3 else "fine",
        )
        for index in range(6)
    )
    summaries = tuple(PlayerSummary(s, n, 3, 5.0, 2, ()) for s, n in enumerate(("Ann", "Ben")))
    settings = {"analyser": "expert", "per_option": 4, "seed": 0}
    review = GameReview(("Ann", "Ben"), summaries, moves, settings)
    console = Console(record=True, width=width, color_system=None)
    print_review(review, console, reasons=lambda move: [], lesson=_lesson)
    shown = console.export_text()
    assert "…" not in shown, shown
    printed = shown.split()
    for word in {*played.split(), *best.split()}:
        assert word in printed, (word, shown)
    assert max(len(line) for line in shown.splitlines()) <= width


def test_a_printed_percentage_keeps_its_sign_on_its_line(speaking: str) -> None:
    """German and Russian write "45 %" with a no-break space: at any width a reason
    wraps elsewhere, never leaving the "%" at the start of a line."""
    chances = fill(FUTURE_WINS, best_win=0.45, played_win=0.32)
    mistake = MoveReview(
        index=3, turn=2, seat=0, kind="pay", played=("pay",), best=("wild",),
        played_margin=-1.5, best_margin=1.0, stderr=0.75, loss=2.5, mistake=True,
        reason=" · ".join([chances] * 4), hinted=False, verdict="mistake",
    )  # fmt: skip
    summary = PlayerSummary(0, "Ann", 2, 2.5, 1, (mistake,))
    review = GameReview(("Ann", "Ben"), (summary,), (mistake,), {"per_option": 4})
    for width in range(40, 100):
        console = Console(record=True, width=width, color_system=None)
        print_review(review, console, reasons=lambda move: [move.reason], lesson=_lesson)
        lines = console.export_text().splitlines()
        assert not [line for line in lines if line.lstrip().startswith("%")], (width, lines)


def test_a_printed_loss_keeps_its_plus_minus_with_its_number(speaking: str) -> None:
    """A loss is printed with its uncertainty, "2,5 ± 0,8 SP": at any width the line
    wraps elsewhere, never between the "±" and its number."""
    mistake = MoveReview(
        index=3, turn=2, seat=0, kind="pay", played=("pay",), best=("wild",),
        played_margin=-1.5, best_margin=1.0, stderr=0.75, loss=2.5, mistake=True,
        reason="", hinted=False, verdict="mistake",
    )  # fmt: skip
    summary = PlayerSummary(0, "Ann", 2, 2.5, 1, (mistake,))
    review = GameReview(("Ann", "Ben"), (summary,), (mistake,), {"per_option": 4})
    broken = []
    for width in range(40, 120):
        console = Console(record=True, width=width, color_system=None)
        print_review(review, console, reasons=lambda move: [], lesson=_lesson)
        lines = console.export_text().splitlines()
        # a figure cut after its "±" (the table's column "±" stands alone)
        broken += [(width, line) for line in lines if re.search(r"\S ±$", line.rstrip())]
    assert not broken, broken


def test_the_hint_box_keeps_its_plus_minus_with_its_number(speaking: str) -> None:
    """The hint box says each option's expected margin with its error, "± 2,7": however
    narrow the box, the "±" stays on the line of its number."""
    from orbis_tui import no_break
    from orbis_tui.analysis.hints import HintOption
    from orbis_tui.tui.screens.hint import hint_text

    no_break.hold()  # as the app does
    option = HintOption(actions=(), margin=-2.25, stderr=2.71, win=0.45, reason="…")
    broken = []
    for width in range(12, 60):
        console = Console(record=True, width=width, color_system=None)
        console.print(hint_text([option, option]))
        lines = console.export_text().splitlines()
        broken += [(width, line) for line in lines if line.rstrip().endswith("±")]
    assert not broken, broken
