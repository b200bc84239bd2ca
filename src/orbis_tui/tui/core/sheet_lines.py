"""What a sheet is made of: lines of parts, each with a tone, a topic and a rank.

A line is made of parts (text, styled text, worshipers, a tile's stars) with a tone (how
it reads: the renderer picks the look), a topic (what it is about, so that a reader can
pick or name it) and a rank (how much it matters when a short window cannot show every
line). Every sheet of the table is built of these: the decision sheet
(:mod:`.sheet`), the recap of turns played (:mod:`.recap`) and the review's sheets
(:mod:`orbis_tui.tui.review_sheet`). Here too are the few ready-made kinds of line they
share: a loss, a refusal, a hint, the engine's warnings. Pure: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from string import Formatter

from ...engine import Consequence, Count
from ...i18n import color_letters
from ...i18n import gettext as _
from ...words import cost_words, message_of, worshiper_words
from .. import texts

# How much a must-show line matters when even those are too many for a short window:
# the lowest go first. A loss of value at the choice Enter makes is never left out.
ASIDE = 1  # why the tile may not go to some other spot (the coach lists them all); how
# the "any" is paid and where a volcano takes from (a short panel says c shows them)
OTHER_KEY = 2  # what another key (x) would do, and what it would lose
CHOICE = 3  # about the choice at hand: where it lands, why it is refused, a note
HEADING = 4  # the sheet's first line
LOSS = 5  # a warning that the choice at hand loses value, or the mistake just made


class Tone(Enum):
    """How a line (or a part of one) reads: the renderer picks the look."""

    PLAIN = "plain"
    BOLD = "bold"
    DIM = "dim"
    GOOD = "good"
    BAD = "bad"  # loses value, or cannot be done
    NOTE = "note"  # worth knowing
    GOD = "god"


class Topic(Enum):
    """What a line is about, so that a reader can pick or name it."""

    DECISION = "decision"  # what the decision is
    LOSS = "loss"  # a loss of value
    NOTE = "note"  # an engine's note that loses nothing
    PAYMENT = "payment"  # how the payment is made
    SPOTS = "spots"  # how many spots a tile taken could go to
    VOLCANO = "volcano"  # where a volcano takes from
    REFUSAL = "refusal"  # why an option is refused
    OTHER_KEY = "other-key"  # what refusing (x) would do
    KEYS = "keys"  # the full-screen app's keys for this decision
    MISTAKE = "mistake"  # the move just refused
    REASON = "reason"  # the review: why the best was better, or how sure it is
    LESSON = "lesson"  # the review: the lesson of the game
    INFO = "info"  # anything else


@dataclass(frozen=True, slots=True)
class Seg:
    """Text with a tone of its own inside a line."""

    text: str
    tone: Tone


@dataclass(frozen=True, slots=True)
class Chips:
    """Worshipers, drawn as colored chips or named in words. ``form``: ``count``
    (``2R 1B``), ``realm`` (every color, zeros too), ``cost`` (``RR?``, ``empty`` when
    nothing is due) or ``color`` (one color, ``count`` holding 1 of it)."""

    count: Count
    form: str = "count"
    any_count: int = 0
    empty: str = ""


@dataclass(frozen=True, slots=True)
class Stars:
    """A tile's level."""

    level: int


Part = str | Seg | Chips | Stars


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a sheet. ``rank`` 0: a line a short window may leave out without a
    word (the key bar repeats it); above 0, a must-show line (see the constants).
    ``block``: lines that belong to this one and go with it (the warnings of refusing)."""

    parts: tuple[Part, ...]
    tone: Tone = Tone.PLAIN
    rank: int = 0
    topic: Topic = Topic.INFO
    block: tuple[Line, ...] = ()

    @property
    def text(self) -> str:
        """The line's words with worshipers as letters (for tests and logs)."""
        return "".join(_part_text(p) for p in self.parts)


def _part_text(part: Part) -> str:
    if isinstance(part, str):
        return part
    if isinstance(part, Seg):
        return part.text
    if isinstance(part, Stars):
        return "★" * part.level
    if part.form == "color":
        return "".join(color_letters()[c] for c, n in enumerate(part.count) if n)
    if part.form == "cost":
        return cost_words(part.count, part.any_count) if part.count or part.any_count else ""
    return worshiper_words(part.count)


def parts_of(template: str, **values: Part | int | str) -> tuple[Part, ...]:
    """``str.format`` into parts: worshipers and styled values keep their place."""
    out: list[Part] = []
    for literal, field, spec, _conv in Formatter().parse(template):
        if literal:
            out.append(literal)
        if field is None:
            continue
        value = values[field]
        if isinstance(value, Seg | Chips | Stars):
            out.append(value)
        else:
            out.append(format(value, spec or ""))
    return tuple(out)


def line(
    text: str | tuple[Part, ...],
    tone: Tone = Tone.PLAIN,
    rank: int = 0,
    topic: Topic = Topic.INFO,
    block: tuple[Line, ...] = (),
) -> Line:
    parts = (text,) if isinstance(text, str) else text
    return Line(parts, tone, rank, topic, block)


def bad_line(text: str, rank: int = LOSS, topic: Topic = Topic.LOSS) -> Line:
    """A line that loses value or cannot be done (a loss, unless said otherwise)."""
    return line(text, Tone.BAD, rank, topic)


def dim_line(text: str, topic: Topic = Topic.KEYS) -> Line:
    """A line a short window may leave out (the keys of the decision, unless said otherwise)."""
    return line(text, Tone.DIM, 0, topic)


def refused_line(text: str, rank: int = CHOICE) -> Line:
    """Why an option is refused."""
    return line(text, Tone.DIM, rank, Topic.REFUSAL)


def warning_lines(warnings: Iterable[Consequence]) -> list[Line]:
    """The engine's warnings: what loses value as a loss, the rest as notes."""
    out = []
    for warning in warnings:
        if warning.loses_value:
            out.append(bad_line(_(texts.PANEL_WARNING).format(message=message_of(warning))))
        else:
            out.append(
                line(
                    _(texts.PANEL_NOTE).format(message=message_of(warning)),
                    Tone.NOTE,
                    CHOICE,
                    Topic.NOTE,
                )
            )
    return out


def alternative(key_line: str, warnings: Iterable[Consequence]) -> Line:
    """What another key (x) would do, with its warnings as one block: a short window
    keeps or drops them together, so a warning never reads as the choice at hand's."""
    said = tuple(warning_lines(warnings))
    if not said:
        return dim_line(key_line, Topic.OTHER_KEY)
    return line(key_line, Tone.DIM, OTHER_KEY, Topic.OTHER_KEY, said)
