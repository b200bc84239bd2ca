"""The reports' tables (orbis_tui.sim.tables): Markdown for the balance study, fixed
columns for the tournament."""

from __future__ import annotations

from orbis_tui.sim.tables import markdown_table, text_table


def test_a_markdown_table_has_its_header_rule_and_rows() -> None:
    lines = markdown_table(["tile", "placed"], [["L1-R-01", "31"], ["…", ""]])
    assert lines == ["| tile | placed |", "|---|---|", "| L1-R-01 | 31 |", "| … |  |"]
    assert markdown_table(["a"], []) == ["| a |", "|---|"]


def test_a_text_table_pads_each_column_and_leaves_the_rest_as_it_is() -> None:
    rows = [
        ["", "games", "share", "95% interval"],
        ["A wins", "3", "100.0%", "[43.8%, 100.0%]"],
        ["shared", "0", "0.0%"],
    ]
    lines = text_table(rows, [-8, 7, 9])
    assert lines == [
        "          games    share   95% interval",
        "A wins        3   100.0%   [43.8%, 100.0%]",
        "shared        0     0.0%",
    ]
