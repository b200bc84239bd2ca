"""What the plain-text seat says, line by line, as a screen-reader or Braille user
hears it: each line has to make sense on its own, without going back up the list."""

from __future__ import annotations

from orbis_tui.engine import Place
from orbis_tui.plain.spoken import options_words
from orbis_tui.tui.core.sheet import Choice
from orbis_tui.tui.core.sheet_lines import LOSS, Topic, line


def test_options_in_a_row_with_the_same_warnings_all_name_the_one_that_said_them() -> None:
    """Four spots for a wilderness, each with the same two warnings: the first says
    them, each of the others names that first option, not the one just before it
    (which only points further up)."""
    warnings = (
        line("! A wilderness scores -1 CP", rank=LOSS, topic=Topic.LOSS),
        line("! The worshipers paid are lost", rank=LOSS, topic=Topic.LOSS),
    )
    spots = [
        Choice(
            number, Place(1, number, True), f"place it as a wilderness at {number}", True, warnings
        )
        for number in range(3, 7)
    ]
    said = options_words(spots)
    assert said[:3] == [
        "3. place it as a wilderness at 3",
        "   Warning: A wilderness scores -1 CP",
        "   Warning: The worshipers paid are lost",
    ]
    assert [s for s in said[3:] if not s[0].isdigit()] == [
        "   The same warnings as option 3.",
        "   The same warnings as option 3.",
        "   The same warnings as option 3.",
    ]
