"""The coach: what the pending decision asks and why each dimmed option is unavailable.

The texts are the walkthrough's (see :mod:`orbis_tui.learn.coach`): the engine's reason
with its rule id, and the plain explanation of that rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ...engine import Exchange, GameState
from ...i18n import gettext as _
from .. import palette, texts_learn
from ..core.controller import Controller
from ..core.sheet import decision_lines
from .panel import render_line

if TYPE_CHECKING:
    from ...learn import Coach


def coach_text(coach: Coach, state: GameState, ui: Controller | None = None) -> Text:
    """The phase, the whole decision sheet of the choice at hand (``ui``'s: nothing left
    out, how the "any" is paid and where a volcano takes from included), then every
    unavailable option with its reason and rule, then notes."""
    advice = coach.advise(state)
    out = Text()
    out.append(_(texts_learn.COACH_TITLE), style=palette.ACCENT)
    out.append("  ")
    out.append(advice.phase)
    if ui is not None and not state.is_over:
        for line in decision_lines(state, ui, None):
            out.append("\n")
            out.append_text(render_line(line))
    seen_rules: set[str] = set()
    if not state.is_over:
        exchanges = [o for o in advice.options if isinstance(o.action, Exchange)]
        others = [o for o in advice.unavailable if not isinstance(o.action, Exchange)]
        out.append("\n")
        if not others and any(o.available for o in exchanges):
            out.append(_(texts_learn.COACH_ALL_OPEN), style=palette.DIM)
        else:
            out.append(_(texts_learn.COACH_UNAVAILABLE), style=palette.BOLD)
        for option in others:
            reason = option.reason
            assert reason is not None
            out.append("\n✗ ", style=palette.BAD)
            out.append(
                _(texts_learn.COACH_OPTION).format(label=option.label, reason=reason.message)
            )
            _rule(out, reason.rule, reason.rule_text, seen_rules)
        if exchanges and not any(o.available for o in exchanges):
            reason = exchanges[0].reason
            assert reason is not None
            out.append("\n✗ ", style=palette.BAD)
            out.append(_(texts_learn.COACH_NO_EXCHANGE))
            _rule(out, reason.rule, reason.rule_text, seen_rules)
        notes = [o for o in advice.options if o.available and o.note]
        if notes:
            out.append("\n")
            out.append(_(texts_learn.COACH_NOTES), style=palette.BOLD)
            for option in notes:
                out.append("\n• ")
                out.append(
                    _(texts_learn.COACH_OPTION).format(label=option.label, reason=option.note)
                )
    if advice.rule_text and advice.rule not in seen_rules:
        out.append("\n")
        out.append(
            _(texts_learn.COACH_RULE).format(rule=advice.rule, text=advice.rule_text),
            style=palette.DIM,
        )
    return out


def _rule(out: Text, rule: str, rule_text: str | None, seen: set[str]) -> None:
    """The rule id after a reason, and its explanation the first time it appears."""
    out.append(f" ({rule})", style=palette.DIM)
    if rule_text and rule not in seen:
        seen.add(rule)
        out.append("\n  ")
        out.append(rule_text, style=palette.DIM)


class CoachPanel(VerticalScroll):
    """Shown on demand beside the table (key c); hidden otherwise."""

    SCOPED_CSS = False  # the rules below also hide the log while the coach is shown
    DEFAULT_CSS = """
    CoachPanel {
        display: none;
        height: 1fr;
        padding: 0 1;
        background: $boost;
        border-top: hkey $accent;
        scrollbar-size-vertical: 1;
    }
    CoachPanel > #coach-text {
        height: auto;
    }
    Screen.-coach CoachPanel {
        display: block;
    }
    Screen.-coach #log,
    Screen.-coach #log-title,
    Screen.-coach #players,
    Screen.-coach #players-title {
        display: none;
    }
    """

    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._coach: Coach | None = None
        self._shown: object = None

    def compose(self) -> ComposeResult:
        yield Static(id="coach-text")

    @property
    def coach(self) -> Coach:
        if self._coach is None:
            from ...learn import Coach  # loaded when the coach is first shown: a faster start

            self._coach = Coach()
        return self._coach

    def show(
        self,
        state: GameState,
        version: object,
        confirming: bool = False,
        ui: Controller | None = None,
    ) -> None:
        """Show the coach for ``state``, with the sheet of ``ui``'s choice at hand;
        unchanged while ``version`` and that choice are the same. ``confirming``: the
        turn is played and waits for Enter (or u)."""
        sheet = tuple(decision_lines(state, ui, None)) if ui is not None and not confirming else ()
        if (version, confirming, sheet) == self._shown:
            return
        self._shown = (version, confirming, sheet)
        if confirming:
            text = Text(_(texts_learn.COACH_TITLE), style=palette.ACCENT)
            text.append("  ")
            text.append(_(texts_learn.COACH_TURN_DONE))
        else:
            text = coach_text(self.coach, state, ui)
        self.query_one("#coach-text", Static).update(text)
