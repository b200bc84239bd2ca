"""The review's sheets: the judgement of one decision (what was played, what was best,
the CP lost, the reason) and the lesson of the game, as ranked lines of
:mod:`.sheet`; and a hint's figures (the chance of winning, the expected margin).

Built once, here, and shown three ways: the review screen draws them (fitted to its
panel by their rank), ``orbis review`` prints the reasons and the lessons from them, and
the plain-text seat says them in words. Pure: no Textual, no Rich.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine import Action, GameState, parse_action
from ..i18n import fill
from ..i18n import gettext as _
from ..words import describe_actions
from . import texts_learn
from .core.sheet_lines import ASIDE, CHOICE, Line, Seg, Tone, Topic, line

if TYPE_CHECKING:
    from ..analysis import GameReview, HintOption, MoveReview, PlayerSummary


def hint_figures(option: HintOption) -> str:
    """What a hint's option is worth, as players read it: its chance of winning first
    (when the search has it), then its expected margin, with its error or, after too
    few futures to tell one, as a rough guess."""
    values = {"chance": option.win, "margin": option.margin, "stderr": option.stderr}
    known = math.isfinite(option.stderr)
    if math.isfinite(option.win):
        if known:
            return fill(texts_learn.HINT_CHANCES, **values)
        return fill(texts_learn.HINT_CHANCES_ROUGH, **values)
    if known:
        return fill(texts_learn.HINT_MARGIN, **values)
    return fill(texts_learn.HINT_MARGIN_ROUGH, **values)


def hint_tie(option: HintOption) -> str:
    """That the option's futures ended exactly as a better-placed option's on every
    world the hint played (so the hint cannot tell the two apart); "" when they did not."""
    return fill(texts_learn.HINT_SAME, rank=option.same_as) if option.same_as else ""


def reason_lines(move: MoveReview) -> tuple[Line, ...]:
    """Why the best was better (a mistake), or how sure the review is (fine, unclear):
    nothing when the move played was the best."""
    if not move.reason:
        return ()
    return (line(move.reason, Tone.DIM, CHOICE, Topic.REASON),)


def judgement_sheet(
    before: GameState,
    move: MoveReview,
    *,
    name: str,
    exchange_step: bool = False,
    hinted: bool = False,
) -> tuple[Line, ...]:
    """The judgement of ``move``, decided by ``name`` in ``before`` (the state the
    decision was made in); ``exchange_step``: shown at an exchange made before the
    answer; ``hinted``: a hint was shown at the decision."""
    lines = [line(played_words(before, move, name=name), Tone.BOLD)]
    if exchange_step:
        lines.append(line(_(texts_learn.REVIEW_EXCHANGE), Tone.DIM, CHOICE))
    if move.best == move.played:
        lines.append(line(_(texts_learn.REVIEW_SAME), Tone.GOOD, CHOICE))
    elif move.loss < 0.05 and not move.unclear:  # another option, no better
        # (an unclear one says its loss and why it is unclear, never a ✓ beside it)
        lines.append(line(_(texts_learn.REVIEW_AS_GOOD), Tone.GOOD, CHOICE))
    else:
        if not move.mistake:  # a mistake's reason names the better option itself
            lines.append(line(best_words(before, move), rank=CHOICE))
        if math.isfinite(move.stderr):
            lost = fill(texts_learn.REVIEW_LOST, loss=move.loss, stderr=move.stderr)
        else:
            lost = fill(texts_learn.REVIEW_LOST_ROUGH, loss=move.loss)
        if move.mistake:
            parts = (lost, Seg(" · " + _(texts_learn.REVIEW_MISTAKE), Tone.BAD))
            lines.append(line(parts, Tone.BAD, CHOICE, Topic.LOSS))
        else:
            lines.append(line(lost, Tone.NOTE, CHOICE, Topic.LOSS))
    if hinted:
        lines.append(line(_(texts_learn.REVIEW_HINTED), Tone.NOTE, CHOICE))
    lines.extend(reason_lines(move))
    return tuple(lines)


def played_words(before: GameState, move: MoveReview, *, name: str) -> str:
    """What ``name`` played at ``move``'s decision (made in ``before``), in words."""
    what = describe_actions(before.copy(), [parse_action(a) for a in move.played])
    return _(texts_learn.REVIEW_PLAYED).format(name=name, what=what)


def best_words(before: GameState, move: MoveReview) -> str:
    """What the search found best at ``move``'s decision (made in ``before``), in words."""
    what = describe_actions(before.copy(), [parse_action(a) for a in move.best])
    return _(texts_learn.REVIEW_BEST).format(what=what)


def unjudged_sheet(
    before: GameState, action: Action, *, name: str, hinted: bool, why: str
) -> tuple[Line, ...]:
    """A decision the review did not judge: what was played, and ``why`` (forced, not
    yet judged, ...)."""
    what = describe_actions(before.copy(), [action])
    lines = [line(_(texts_learn.REVIEW_PLAYED).format(name=name, what=what))]
    if hinted:
        lines.append(line(_(texts_learn.REVIEW_HINTED), Tone.NOTE, CHOICE))
    return (*lines, line(""), line(why, Tone.DIM, CHOICE))


def lesson_lines(summary: PlayerSummary) -> tuple[Line, ...]:
    """One player's lesson: its heading, then its points (the first outranks the others,
    so that a short panel keeps every player's lesson); nothing when there is none."""
    if not summary.lesson:
        return ()
    heading = line(
        _(texts_learn.REVIEW_LESSON).format(name=summary.name), rank=CHOICE, topic=Topic.LESSON
    )
    points = [
        line("· " + point, Tone.DIM, CHOICE if number == 0 else ASIDE, Topic.LESSON)
        for number, point in enumerate(summary.lesson)
    ]
    return (heading, *points)


def lesson_sheet(
    review: GameReview | None, *, over: bool, pending: bool = False
) -> tuple[Line, ...]:
    """At the end of the game (``over``) or of an unfinished record: every player's
    lesson; while the analysis runs on (``pending``), that the lesson comes at its end."""
    lines = [line(_(texts_learn.REVIEW_END) if over else _(texts_learn.REVIEW_UNFINISHED))]
    for summary in review.players if review is not None else ():
        lines.extend(lesson_lines(summary))
    if pending:
        lines += [line(""), line(_(texts_learn.REVIEW_LESSON_LATER), Tone.DIM, CHOICE)]
    return tuple(lines)


def said_lines(lines: Sequence[Line]) -> list[str]:
    """A sheet's lines as plain words (no colors): for printed text and logs."""
    out = []
    for shown in lines:
        out.append(shown.text)
        out.extend(said_lines(shown.block))
    return out
