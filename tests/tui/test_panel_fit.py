"""A short decision panel keeps the lines marked as a must (warnings, mistakes, notes,
where the tile goes) and drops the others from the last up."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from orbis_tui.tui import palette, texts
from orbis_tui.tui.widgets.panel import MustShow, fit_lines, warning_lines


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
        texts.PANEL_MORE,
    ]


def test_a_line_styled_like_a_warning_is_not_kept_for_its_style() -> None:
    lines = [Text("heading"), Text("red, but only a hint", style=palette.BAD), Text("x")]
    shown = fit_lines(lines, 40, 2, Console(width=40))
    assert [line.plain for line in shown] == ["heading", texts.PANEL_MORE]


def test_the_engines_warnings_are_must_show_lines() -> None:
    from builders import at_decision
    from orbis_tui.engine import DecisionKind

    state = at_decision(DecisionKind.PAY)
    warnings = [w for o in state.decision.options for w in o.warnings]
    assert warnings
    assert all(isinstance(line, MustShow) for line in warning_lines(warnings))
