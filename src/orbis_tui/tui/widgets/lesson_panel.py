"""The lesson panel of the walkthrough: the step, the answer to the last key, the phase.

Everything it shows comes from :class:`orbis_tui.learn.Walkthrough` (whose texts are
data); this widget only lays them out.
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine import GameState
from ...i18n import gettext as _
from ...learn import FocusKind, Outcome, Walkthrough
from .. import palette, texts_learn
from .info import god_label

_WARN = Style(color="#e8a33a", bold=True)  # a legal move that is not this lesson's


def lesson_text(walkthrough: Walkthrough) -> Text:
    """The panel's whole text for the walkthrough as it stands."""
    out = Text()
    step = walkthrough.step
    feedback = walkthrough.last
    total = len(walkthrough.steps)
    if step is None:
        out.append(_(texts_learn.LEARN_FINISHED), style=palette.ACCENT)
        return out
    out.append(
        _(texts_learn.LEARN_STEP).format(number=step.index + 1, total=total), style=palette.DIM
    )
    out.append("  ")
    out.append(step.title, style=palette.ACCENT)
    out.append("\n")
    if feedback is not None and feedback.message:
        out.append_text(_feedback(walkthrough))
        out.append("\n")
    out.append(step.text)
    out.append("\n")
    if walkthrough.expects_move() and step.is_free and step.hint:
        out.append(_(texts_learn.LEARN_TIP).format(hint=step.hint), style=palette.GOOD)
    if any(f.kind is FocusKind.OPPONENT for f in step.focus):
        out.append("\n")
        out.append(_opponent_line(walkthrough.state, walkthrough.opponent), style=palette.DIM)
    out.rstrip()
    return out


def _feedback(walkthrough: Walkthrough) -> Text:
    feedback = walkthrough.last
    assert feedback is not None
    line = Text()
    if feedback.outcome is Outcome.ILLEGAL:
        line.append("✗ " + feedback.message, style=palette.BAD)
        reason = feedback.reason
        if reason is not None and reason.rule_text:
            line.append("\n")
            line.append(_(texts_learn.LEARN_RULE).format(rule=reason.rule, text=reason.rule_text))
        if feedback.expected:
            line.append("\n")
            line.append(
                _(texts_learn.LEARN_EXPECTED).format(expected=feedback.expected), style=palette.DIM
            )
    elif feedback.outcome in (Outcome.OFF_LESSON, Outcome.NOT_NOW):
        line.append("→ " + feedback.message, style=_WARN)
        expected = feedback.expected
        if feedback.outcome is Outcome.OFF_LESSON and expected and expected not in feedback.message:
            line.append("\n")
            line.append(_(texts_learn.LEARN_EXPECTED).format(expected=expected), style=palette.DIM)
    else:
        line.append("✓ " + feedback.message, style=palette.GOOD)
    return line


def _opponent_line(state: GameState, seat: int) -> str:
    player = state.players[seat]
    return _(texts_learn.LEARN_OPPONENT).format(
        name=player.name,
        tiles=player.region_tiles,
        worshipers=player.worshipers,
        god=god_label(state, player, short=True) if player.god else "–",  # "god: –"
    )


class LessonPanel(VerticalScroll):
    """The current step and what the walkthrough answered, scrolling when long."""

    DEFAULT_CSS = """
    LessonPanel {
        height: 1fr;
        padding: 0 1;
        background: $boost;
        border-top: hkey $accent;
        scrollbar-size-vertical: 1;
    }
    LessonPanel > Static {
        height: auto;
    }
    """

    can_focus = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What was drawn last: the step's index, then the walkthrough, its game and its
        # last answer (the objects themselves, compared by identity, so that a new one
        # can never pass for an old one as a reused id could).
        self._shown_index: int | None = None
        self._shown_objects: tuple[object, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="lesson-text")
        yield Static(id="lesson-phase")

    def forget(self) -> None:
        """Draw the lesson anew at the next :meth:`show` (the language changed)."""
        self._shown_index = None

    def show(self, walkthrough: Walkthrough) -> None:
        """Draw the step and the last answer, back at the top. Nothing happens when the
        step, the answer and the game are those drawn last, so a panel the learner has
        scrolled stays put while the table's cursor moves."""
        objects = (walkthrough, walkthrough.match, walkthrough.last)
        if walkthrough.index == self._shown_index and all(
            a is b for a, b in zip(objects, self._shown_objects, strict=True)
        ):
            return
        self._shown_index = walkthrough.index
        self._shown_objects = objects
        self.query_one("#lesson-text", Static).update(lesson_text(walkthrough))
        phase = walkthrough.phase() if walkthrough.expects_move() else ""
        self.query_one("#lesson-phase", Static).update(Text(phase, style=palette.DIM))
        self.scroll_home(animate=False)
