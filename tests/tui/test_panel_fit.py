"""The decision panel in a short window: the lines marked as a must (why a choice is
refused, warnings, mistakes, notes, where the tile goes) always show, the others go from
the last up, and "more in a taller window" shows only when no row is left to show more."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from orbis_tui.i18n import gettext
from orbis_tui.tui import palette, texts
from orbis_tui.tui.widgets.panel import MustShow, fit_lines, warning_lines

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
        if any(line.plain == gettext(texts.PANEL_MORE) for line in shown):
            assert used == height, (height, [line.plain for line in shown])


def test_a_short_panel_keeps_every_must_show_line() -> None:
    lines = [
        Text("heading"),
        Text("a hint"),
        MustShow("! this loses value", style=palette.BAD),
        Text("another hint"),
        MustShow("note: a forest", style=palette.ACCENT),
        Text("last hint"),
    ]
    shown = fit_lines(lines, 40, 4, Console(width=40))
    assert [line.plain for line in shown] == [
        "heading",
        "! this loses value",
        "note: a forest",
        gettext(texts.PANEL_MORE),
    ]


def test_a_line_styled_like_a_warning_is_not_kept_for_its_style() -> None:
    lines = [Text("heading"), Text("red, but only a hint", style=palette.BAD), Text("x")]
    shown = fit_lines(lines, 40, 2, Console(width=40))
    assert [line.plain for line in shown] == ["heading", gettext(texts.PANEL_MORE)]


def test_the_engines_warnings_are_must_show_lines() -> None:
    from builders import at_decision
    from orbis_tui.engine import DecisionKind

    state = at_decision(DecisionKind.PAY)
    warnings = [w for o in state.decision.options for w in o.warnings]
    assert warnings
    assert all(isinstance(line, MustShow) for line in warning_lines(warnings))
