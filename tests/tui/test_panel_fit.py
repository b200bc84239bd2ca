"""The decision panel in a short window: why a choice is refused always shows, and
"more in a taller window" only when no row is left to show more."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from orbis_tui.tui import palette, texts
from orbis_tui.tui.widgets.panel import MustShow, fit_lines

CONSOLE = Console(width=200)
WIDTH = 30


def rows(lines: list[Text]) -> int:
    return sum(len(line.wrap(CONSOLE, WIDTH)) for line in lines)


def test_why_a_choice_is_refused_is_never_left_out() -> None:
    refusal = MustShow("✗ Pay: the tile costs 2R plus 1 of any color", style=palette.DIM)
    lines = [
        Text("Pay for Ember Fields: 2R + 1 any", style=palette.BOLD),
        *(Text(f"a dim line number {n} that says little", style=palette.DIM) for n in range(6)),
        refusal,
        Text("r b o g w add one · ⇧+letter take one out", style=palette.DIM),
    ]
    for height in range(4, 12):
        shown = fit_lines(lines, WIDTH, height, CONSOLE)
        assert refusal in shown, height
        assert rows(shown) <= height


def test_the_more_line_shows_only_when_no_row_is_left() -> None:
    lines = [
        Text("Heading", style=palette.BOLD),
        Text("one short line", style=palette.DIM),
        Text(" ".join(["a long explanation that wraps"] * 6), style=palette.DIM),  # 6 rows
    ]
    for height in range(3, 9):
        shown = fit_lines(lines, WIDTH, height, CONSOLE)
        used = rows(shown)
        assert used <= height
        if any(line.plain == texts.PANEL_MORE for line in shown):
            assert used == height, (height, [line.plain for line in shown])
