"""The plain-text seat's advice, in words: the hint (the best options, as the strongest
computer sees them), the coach (why options are not open, with the rule), and the
review of a game (each player's biggest mistakes with their judgement, then the
lessons). Each is a generator of lines, so that the seat says "thinking…" before the
long part is worked out; the review also says each mistake as it is found."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from ..engine import GameState
from ..i18n import fill
from ..i18n import gettext as _
from ..tui import texts_learn as app_texts_learn
from ..tui.core.replay_book import ReplayBook
from ..tui.core.session import GameSession
from ..tui.review_sheet import (
    best_words,
    hint_figures,
    hint_tie,
    judgement_sheet,
    lesson_sheet,
    played_words,
)
from . import texts
from .commands import command_word
from .notation import entries_words
from .spoken import plain, sentence_words

if TYPE_CHECKING:
    from ..analysis import GameReview, MoveReview, TurnJudgements, TurnsKept
    from ..learn import Coach
    from ..records import GameRecord


def hint_words(session: GameSession, seed: int) -> Iterator[str]:
    """The hint at the decision of ``session`` (noted in its record), or why there is
    none: the game is over, it is no person's turn, or the player plays without hints."""
    state = session.state
    if state.is_over:
        yield _(texts.GAME_OVER)
        return
    if not session.seat.human:
        yield _(texts.NOT_YOUR_TURN)
        return
    if not session.seat.hints:
        yield _(texts.NO_HINTS).format(name=session.seat.name)
        return
    from ..analysis import best_options

    yield _(texts.HINT_THINKING)
    options = best_options(state, seed=seed)
    session.note_hint()
    yield _(texts.HINT_TITLE)
    for rank, option in enumerate(options, 1):
        # what it is and why (the app's words), what it is worth, and what to write
        yield fill(texts.HINT_OPTION, rank=rank, reason=plain(option.reason))
        yield plain(hint_figures(option))
        if tie := hint_tie(option):
            yield plain(tie)
        yield fill(texts.HINT_ENTRY, entry=entries_words(option.actions))


def coach_words(coach: Coach, state: GameState) -> list[str]:
    """The coach's advice at the decision of ``state``: the phase, each option that is
    not open (with its reason and rule), and the rule's text."""
    advice = coach.advise(state)
    out = [plain(advice.phase)]
    unavailable = [o for o in advice.unavailable]
    if not unavailable:
        out.append(_(texts.COACH_NONE))
    for option in unavailable:
        reason = option.reason
        assert reason is not None
        out.append(
            _(texts.COACH_OPTION).format(
                label=option.label, reason=plain(reason.message), rule=reason.rule
            )
        )
    if advice.rule_text:
        out.append(_(texts.COACH_RULE).format(rule=advice.rule, text=advice.rule_text))
    return out


def make_review(
    record: GameRecord,
    judged: Callable[[tuple[MoveReview, ...]], None] | None = None,
    known: Mapping[str, TurnJudgements] | None = None,
    kept: TurnsKept | None = None,
) -> GameReview:
    """The review of ``record`` at the review screen's size, ``judged`` told each turn's
    judgements as they come, the turns judged while the game was played (``known``) or
    kept on disk (``kept``) taken as they are (tests put a quicker one)."""
    from ..analysis import review_record

    return review_record(record, judged=judged, known=known, kept=kept)


def review_words(
    session: GameSession,
    found: Callable[[str], None],
    known: Mapping[str, TurnJudgements] | None = None,
) -> Iterator[str]:
    """The review of the game, line by line: each player's biggest mistakes, each with
    its judgement, then the lessons: the review's own sheets
    (:mod:`orbis_tui.tui.review_sheet`), as the review screen shows them. A review kept
    from before (by the app or ``orbis review``) is read back; else it is made, and
    kept, and while it is made ``found`` is told each mistake in a line of its own as
    its turn is judged, in the game's order (see :func:`mistakes_said`); the turns
    judged while the game was played (``known``) are taken as they are. A review that a
    failing turn stopped says so, then what it judged."""
    from ..analysis import REVIEW_PER_OPTION, ReviewCache, ReviewFailed, review_key

    record = session.match.record
    store = session.store
    cache = ReviewCache.in_data_folder(store.root) if store is not None else None
    key = review_key(record, per_option=REVIEW_PER_OPTION)
    review = cache.load(key, record).review if cache is not None else None
    if review is None:
        yield _(texts.REVIEWING)
        kept = cache.turns if cache is not None else None
        try:
            review = make_review(record, mistakes_said(found, record), known, kept)
        except ReviewFailed as stopped:  # what was judged is said, and why it stopped
            review = stopped.review
            done, again = len(review.moves), command_word("review")
            yield fill(texts.REVIEW_FAILED, done=done, error=str(stopped), command=again)
        failed = cache.save(key, review) if cache is not None else None
        if failed is not None:
            yield _(texts.REVIEW_KEPT_FAILED).format(error=failed)
    book = ReplayBook(record)
    players = len(review.names)
    for summary in review.players:
        if not summary.biggest:
            yield _(texts.REVIEW_NONE).format(name=summary.name)
        for move in summary.biggest:
            yield ""
            heading = fill(
                app_texts_learn.REVIEW_MISTAKE_LINE,
                round=(move.turn - 1) // players + 1,
                name=summary.name,
                loss=move.loss,
            )
            yield plain(heading)
            before = book.state(decision_start(move))
            said = judgement_sheet(before, move, name=summary.name, hinted=move.hinted)
            for line in said:  # a paragraph a sentence to a line, for a Braille line
                yield from sentence_words(line)
    yield ""
    for line in lesson_sheet(review, over=session.state.is_over):
        yield from sentence_words(line)


def mistakes_said(
    found: Callable[[str], None], record: GameRecord
) -> Callable[[tuple[MoveReview, ...]], None]:
    """What tells ``found`` each mistake of a turn of ``record`` judged, a line each, in
    the game's order: a turn judged before an earlier one is held back only until that
    one is judged (the review takes the longest turns, the early ones, first)."""
    from ..analysis import InTurnOrder, judged_turns

    names = record.setup.players

    def judged(moves: tuple[MoveReview, ...]) -> None:
        for move in moves:
            if move.mistake:
                found(found_line(move, names))

    return InTurnOrder(judged_turns(record), judged)


def found_line(move: MoveReview, names: list[str], before: GameState | None = None) -> str:
    """A mistake in a line, as the review finds it: its turn, round, player and CP lost;
    with ``before`` (the state its decision was made in), what was played and what the
    search found best too, as the review's judgement sheet says them."""
    name = names[move.seat]
    round_ = (move.turn - 1) // len(names) + 1
    said = fill(texts.REVIEW_FOUND, turn=move.turn, round=round_, name=name, loss=move.loss)
    if before is None:
        return said
    return f"{said} {played_words(before, move, name=name)} · {best_words(before, move)}"


def decision_start(move: MoveReview) -> int:
    """The record's position at which ``move``'s decision was asked (its first action:
    an exchange made before the answer, or the answer)."""
    return move.index - len(move.played) + 1
