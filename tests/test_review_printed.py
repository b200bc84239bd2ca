"""``orbis review`` printed in German and Russian: no per cent sign left alone at the
start of a line."""

from __future__ import annotations

from rich.console import Console

from orbis_tui.analysis.report import print_review
from orbis_tui.analysis.review import GameReview, MoveReview, PlayerSummary
from orbis_tui.i18n import fill
from orbis_tui.words.texts import FUTURE_WINS


def _lesson(summary: PlayerSummary) -> list[str]:
    return list(summary.lesson)


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
