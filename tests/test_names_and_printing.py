"""Player names follow plain rules, and file text is printed literally."""

from __future__ import annotations

import pytest

from orbis_tui.player_names import MAX_NAME_LENGTH, name_problem, names_problems
from orbis_tui.printable import printable, printable_lines


@pytest.mark.parametrize(
    "name", ["Ada", "[/]", "[b]Bo[/b]", "Zoë", "李", "Ann-Marie O'Neil", "a b"]
)
def test_plain_names_are_accepted(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "rule", "words"),
    [
        ("", "name-empty", "empty"),
        ("   ", "name-empty", "empty"),
        ("\x1b]0;PWNED\x07Ada", "name-control", "U+001B"),
        ("Ada\nBo", "name-control", "U+000A"),
        ("Ada\rBo", "name-control", "U+000D"),
        ("Ada\u202e", "name-control", "U+202E"),
        ("Ada\u2028", "name-control", "U+2028"),
        ("x" * (MAX_NAME_LENGTH + 1), "name-length", f"at most {MAX_NAME_LENGTH}"),
    ],
)
def test_a_name_that_breaks_a_rule_says_which_and_where(name: str, rule: str, words: str) -> None:
    problem = name_problem(name, field="name2")
    assert problem is not None
    assert problem.rule == rule
    assert problem.field == "name2"
    assert words in problem.message
    assert str(problem).startswith("name2: ")


def test_names_are_unique_at_a_table_ignoring_case_and_spaces() -> None:
    problem = name_problem(" ada ", ["Bo", "ADA"], field="name3")
    assert problem is not None and problem.rule == "name-unique"
    assert "seat 2" in problem.message
    found = names_problems(["Ada", "Bo", "ada"])
    assert [(p.field, p.rule) for p in found] == [("players[2]", "name-unique")]


def test_printable_spells_every_control_character() -> None:
    shown = printable("\x1b]0;PWNED\x07Ada\r\nX\u202eY\x9b")
    assert shown == "\\x1b]0;PWNED\\x07Ada\\r\\nX\\u202eY\\x9b"
    assert shown.isprintable()
    assert printable("héllo 日本 [/]") == "héllo 日本 [/]"
    assert printable_lines("a\x1b\nb") == "a\\x1b\nb"
