"""The rules a player's name follows, wherever it comes from (the keyboard or a file).

A name is shown on the terminal in many places, so it must be plain text: no control
or formatting characters (an escape sequence in a name would reach the terminal), no
line breaks, a sensible length, and a name of its own at the table.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import N_, gettext

MAX_NAME_LENGTH = 24

#: Unicode categories refused in a name: controls, formatting characters (such as
#: the bidirectional overrides), surrogates and the line and paragraph separators.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})  # as in data files

#: What each rule says, for the messages (English: translated where a message is made).
NAME_RULES: dict[str, str] = {
    "name-empty": N_("a name cannot be empty"),
    "name-length": N_("a name is too long: length {length}, at most {limit}"),
    "name-control": N_("a name cannot hold the control character {char} (at position {at})"),
    "name-unique": N_("{name!r} is already the name of seat {other}; names must differ"),
}


@dataclass(frozen=True, slots=True)
class NameProblem:
    """Why a name is refused: the field it was given in, the rule, and a clear message."""

    field: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def name_problem(
    name: object, others: Sequence[str] = (), field: str = "name"
) -> NameProblem | None:
    """The first rule ``name`` breaks, or ``None`` if it may be used.

    ``others`` are the names already taken at the table (seats before this one); a name
    equal to one of them, ignoring case and surrounding spaces, is refused.
    """

    def problem(rule: str, **values: object) -> NameProblem:
        return NameProblem(field, rule, gettext(NAME_RULES[rule]).format(**values))

    if not isinstance(name, str) or not name.strip():
        return problem("name-empty")
    if len(name) > MAX_NAME_LENGTH:
        return problem("name-length", limit=MAX_NAME_LENGTH, length=len(name))
    for at, char in enumerate(name, start=1):
        if unicodedata.category(char) in REFUSED_CATEGORIES:
            return problem("name-control", char=f"U+{ord(char):04X}", at=at)
    key = same_name_key(name)
    for seat, other in enumerate(others, start=1):
        if isinstance(other, str) and same_name_key(other) == key:
            return problem("name-unique", name=name.strip(), other=seat)
    return None


def names_problems(names: Sequence[object], field: str = "players") -> list[NameProblem]:
    """Every name of a table that breaks a rule, each named ``field[i]`` (0-based)."""
    found = []
    for index, name in enumerate(names):
        earlier = [n for n in names[:index] if isinstance(n, str)]
        problem = name_problem(name, earlier, f"{field}[{index}]")
        if problem is not None:
            found.append(problem)
    return found


def same_name_key(name: str) -> str:
    """What two names must not share at one table."""
    return unicodedata.normalize("NFKC", name).strip().casefold()
