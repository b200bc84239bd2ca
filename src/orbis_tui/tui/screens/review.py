"""The game again, move by move, beside what the search thinks of each decision.

The table is drawn as it was at each position (market, gods, the deciding player's
pyramid and realm) with the existing widgets on a replayed state. The review itself
(:func:`orbis_tui.analysis.review.review_record`) runs in a worker thread while the game can
already be stepped through: each turn's judgements show as soon as that turn is judged
(``m`` and ``n`` jump among the mistakes found so far), each player's CP lost and the
lesson when the analysis ends. Escape stops it and keeps what was judged so far; so
does a turn that fails (its judgement raises, or its worker process is lost), and the
screen says what went wrong.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ...engine import (
    Action,
    GameState,
    Place,
    TakeTile,
    final_scores,
    wilderness_points,
)
from ...i18n import fill
from ...i18n import gettext as _
from ...printable import error_line
from ...records import GameRecord
from .. import palette, texts, texts_learn
from ..core.describe import round_text
from ..core.replay_book import ReplayBook
from ..core.sheet_lines import Line
from ..review_sheet import judgement_sheet, lesson_sheet, unjudged_sheet
from ..widgets.info import PlayerCard, StatusLine
from ..widgets.keybar import KeyBar
from ..widgets.market import MarketBoard
from ..widgets.panel import ASIDE, CHOICE, OTHER_KEY, FittedPanel, MustShow, render_line
from ..widgets.pyramid import PyramidView
from ..widgets.supply import SupplyBar
from .base import SizeNotice

if TYPE_CHECKING:
    from ...analysis import GameReview, JudgedAhead, MoveReview, ReviewCache

K = texts.KEY
PER_OPTION: int | None = None  # search iterations per option; None: the review's default
SHOWN_MISTAKES = 6


class ReviewDone(Message):
    """The analysis is over: ``review``, and ``error`` when a failure stopped it."""

    def __init__(self, review: GameReview, error: str | None = None) -> None:
        super().__init__()
        self.review = review
        self.error = error


class ReviewBroke(Message):
    """The analysis failed before it could say what it judged: ``error``, in one line."""

    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


class TurnJudged(Message):
    """A turn's judgements, from the analysis while it runs on."""

    def __init__(self, moves: tuple[MoveReview, ...]) -> None:
        super().__init__()
        self.moves = moves


def review_size() -> int:
    """The search iterations per option the review screen's analysis uses."""
    from ...analysis import REVIEW_PER_OPTION

    return REVIEW_PER_OPTION if PER_OPTION is None else PER_OPTION


class ReviewScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,h", "step(-1)", K["step_back"], show=False),
        Binding("right,l", "step(1)", K["step_on"]),
        Binding("pageup", "turn(-1)", K["turn_back"], show=False),
        Binding("pagedown", "turn(1)", K["turn_on"]),
        Binding("home", "go(0)", K["previous"], show=False),
        Binding("end", "go(-1)", K["next"], show=False),
        Binding("m", "biggest", K["mistakes"]),
        Binding("n", "next_mistake", K["mistake"]),
        Binding("p", "players", K["players"]),
        # the analysis (every reason, the lesson of the game), a page at a time
        # (+ - . , are typed directly on every layout; ] [ } { need AltGr on some)
        Binding("plus,right_square_bracket", "read(1)", K["panel_more"], key_display="+"),
        Binding("minus,left_square_bracket", "read(-1)", K["panel_back"], key_display="-"),
        # the biggest mistakes and each player's losses, a page at a time
        Binding(
            "full_stop,right_curly_bracket", "read_mistakes(1)", K["mistakes_more"], key_display="."
        ),
        Binding(
            "comma,left_curly_bracket",
            "read_mistakes(-1)",
            K["panel_back"],
            key_display=",",
            show=False,
        ),
        Binding("escape", "stop", K["stop"]),
        Binding("escape", "back", K["close"]),
    ]
    AUTO_FOCUS = None

    def __init__(
        self,
        record: GameRecord,
        *,
        analyse: bool = True,
        cache: ReviewCache | None = None,
        ahead: JudgedAhead | None = None,
    ) -> None:
        """``cache``: where a review once computed is kept, and found again at once;
        ``ahead``: where turns of the game were judged while it was played (taken as
        they are; its worker stops, to leave the processors to the review)."""
        super().__init__()
        self.cache = cache
        self.ahead = ahead
        self._cache_key = ""
        self.book = ReplayBook(record)
        self.position = 0
        self.review: GameReview | None = None
        self.analysing = analyse
        self.failed: str | None = None  # why the analysis failed, when it did, in one line
        self._share = 0.0
        self._stop = threading.Event()
        self._by_position: dict[int, MoveReview] = {}
        self._ranked: list[MoveReview] = []
        self._jumped: MoveReview | None = None  # the ranked mistake m jumped to last
        self._forced_early: tuple[int, ...] | None = None  # while the analysis runs

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MarketBoard(id="market")
                yield SupplyBar(id="supply")
                yield Static(_(texts_learn.REVIEW_MISTAKES_TITLE), classes="rule")
                mistakes = FittedPanel(id="mistakes")
                mistakes.page_keys = (".", ",")
                mistakes.cut_short = False  # a player's total is read whole, or on a page
                yield mistakes
            with Vertical(id="right"):
                yield PlayerCard(id="card")
                yield PyramidView(id="pyramid")
                yield Static(_(texts_learn.REVIEW_TITLE), classes="rule")
                analysis = FittedPanel(id="analysis")
                analysis.fitted_first = False  # read on from the top: a reason is never cut
                yield analysis
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        if self.analysing and self._kept() is not None:
            return
        if self.analysing:
            self._ticker = self.set_interval(0.25, self._show_progress)
            self._analyse(self.book.record)
        self.show()

    def _kept(self) -> GameReview | None:
        """The review kept from an earlier opening, shown at once (None: none kept)."""
        cache = self.cache
        if cache is None:
            return None
        from ...analysis import review_key

        record = self.book.record
        self._cache_key = review_key(record, per_option=review_size())
        kept = cache.load(self._cache_key, record)
        if kept.note is not None:
            self.notify(_(texts_learn.REVIEW_KEPT_DAMAGED).format(note=kept.note), markup=False)
        if kept.review is None:
            return None
        if self.ahead is not None:
            self.ahead.close()  # nothing left for it to prepare
        self.analysing = False
        self.use_review(kept.review)
        return kept.review

    def on_unmount(self) -> None:
        self._stop.set()

    # ------------------------------------------------------------ the analysis
    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def _analyse(self, record: GameRecord) -> None:
        from ...analysis import ReviewFailed, review_record

        size: dict[str, Any] = {} if PER_OPTION is None else {"per_option": PER_OPTION}
        known = None
        try:
            if self.ahead is not None:
                self.ahead.close()
                known = self.ahead.known()
            review = review_record(
                record,
                progress=self._progress,
                judged=self._judged,
                cancel=self._stop.is_set,
                known=known,
                kept=self.cache.turns if self.cache is not None else None,
                **size,
            )
        except ReviewFailed as failed:  # what was judged stays, and the screen says why
            self.post_message(ReviewDone(failed.review, str(failed)))
            return
        except Exception as exc:  # the turns shown stay, the screen says why, and stays
            self.post_message(ReviewBroke(error_line(exc)))
            return
        self.post_message(ReviewDone(review))

    def _progress(self, share: float) -> None:
        self._share = share  # read by the ticker, in the app's thread

    def _judged(self, moves: tuple[MoveReview, ...]) -> None:
        self.post_message(TurnJudged(moves))  # from the worker's thread to the app's

    def on_turn_judged(self, message: TurnJudged) -> None:
        """A turn judged while the analysis runs on: its steps show their judgement,
        and its mistakes join the list (and what m and n jump to)."""
        if not self.analysing:  # the whole review came first (a kept one)
            return
        self._take(message.moves)
        self.show()
        self.refresh_bindings()

    def _show_progress(self) -> None:
        if self.analysing:
            self.show()

    def on_review_done(self, message: ReviewDone) -> None:
        self.analysing = False
        self._ticker.stop()
        self.refresh_bindings()
        self.use_review(message.review)
        if self.cache is not None and self._cache_key:
            failed = self.cache.save(self._cache_key, message.review)
            if failed is not None:
                self.notify(_(texts_learn.REVIEW_KEPT_FAILED).format(error=failed), markup=False)
        done = len(message.review.moves)
        if message.error is not None:
            said = fill(texts_learn.REVIEW_FAILED, done=done, error=message.error)
            self.notify(said, severity="error", timeout=12, markup=False)
        elif not message.review.settings.get("complete", True):
            self.notify(fill(texts_learn.REVIEW_STOPPED, done=done), markup=False)

    def on_review_broke(self, message: ReviewBroke) -> None:
        self.analysing = False
        self.failed = message.error
        self._ticker.stop()
        self.refresh_bindings()
        self.show()
        said = _(texts_learn.REVIEW_BROKE).format(error=message.error)
        self.notify(said, severity="error", timeout=12, markup=False)

    def use_review(self, review: GameReview) -> None:
        """Show ``review`` beside the game."""
        self.review = review
        self._by_position = {}
        self._ranked = []
        self._take(review.moves)
        self.show()
        self.refresh_bindings()

    def _take(self, moves: Sequence[MoveReview]) -> None:
        """Judgements to show: at each step of their decisions (the exchanges made
        first included), and their mistakes among the ranked ones (biggest first, then
        in the game's order)."""
        for move in moves:
            for position in range(move.index - len(move.played) + 1, move.index + 1):
                self._by_position[position] = move
        mistakes = [*self._ranked, *(m for m in moves if m.mistake)]
        self._ranked = sorted(mistakes, key=lambda m: (-m.loss, m.index))

    # ------------------------------------------------------------ drawing
    def show(self) -> None:
        book = self.book
        position = self.position
        state = book.state(position)
        seat = state.current
        action = book.actions[position] if position < book.last else None
        self._show_status(state)
        cursor = action.cell if isinstance(action, TakeTile) else None
        self.query_one(MarketBoard).show(state, cursor)
        self.query_one(SupplyBar).show(state, None, state.players[seat].god is None)
        self.query_one(PlayerCard).show(state, seat, final_scores(state)[seat])
        pyramid = state.players[seat].pyramid
        wild = wilderness_points(state.players[seat])
        if isinstance(action, Place):
            self.query_one(PyramidView).show(
                pyramid,
                spots=[(action.row, action.col)],
                cursor=(action.row, action.col),
                wild_points=wild,
            )
        else:
            self.query_one(PyramidView).show(pyramid, wild_points=wild)
        # a short window keeps the judgement and the biggest mistakes, and says it cut
        analysis = self._analysis_lines(state, action)
        # the same position and review: the page the reader scrolled to stays
        topic = (position, id(self.review))
        self.query_one("#analysis", FittedPanel).show_lines(analysis, topic=topic)
        mistakes = self.query_one("#mistakes", FittedPanel)
        more = _(texts_learn.REVIEW_MISTAKES_MORE)
        mistakes.show_lines(self._mistakes_lines(), more, topic=(id(self.review), position))

    def _show_status(self, state: GameState) -> None:
        book = self.book
        if self.position >= book.last:
            line = Text(_(texts_learn.REVIEW_HEAD_END).format(last=book.last), no_wrap=True)
        else:
            line = Text(
                _(texts_learn.REVIEW_HEAD).format(
                    round=round_text(state),
                    name=state.players[state.current].name,
                    position=self.position + 1,
                    last=book.last,
                ),
                no_wrap=True,
                overflow="ellipsis",
            )
        if self.analysing:
            line.append(
                "  " + fill(texts_learn.REVIEW_ANALYSING, share=self._share), palette.ACCENT
            )
        self.query_one(StatusLine).set_text(line)

    def _analysis_lines(self, state: GameState, action: Action | None) -> list[Text]:
        """The judgement of the decision at hand, a line each: the review's sheet
        (:mod:`..review_sheet`). A short panel keeps the lines that must show (the
        decision's own, each lesson's heading and first point) and says it left others
        out."""
        return [render_line(line) for line in self.sheet_at(state, action)]

    def sheet_at(self, state: GameState, action: Action | None) -> tuple[Line, ...]:
        """The review's sheet at this position: the decision's judgement, or at the end
        every player's lesson."""
        if action is None:
            return lesson_sheet(self.review, over=state.is_over, pending=self.analysing)
        name = state.players[state.current].name
        move = self._by_position.get(self.position)
        if move is None:
            hinted = self._hinted(self.position, self.position)
            why = self._unjudged_words()
            return unjudged_sheet(state, action, name=name, hinted=hinted, why=why)
        first = move.index - len(move.played) + 1
        return judgement_sheet(
            self.book.state(first),  # the state the decision was made in
            move,
            name=name,
            exchange_step=self.position < move.index,
            hinted=move.hinted or self._hinted(first, move.index),
        )

    def _hinted(self, first: int, last: int) -> bool:
        """Whether a hint was shown at the decision of actions ``first`` to ``last`` (a
        hint asked before the exchanges that prepare the answer is noted at the first)."""
        return any(first <= number <= last for number in self.book.record.hints or ())

    def _unjudged_words(self) -> str:
        if self.position in self._forced():
            return _(texts_learn.REVIEW_FORCED)
        if self.analysing:
            return _(texts_learn.REVIEW_PENDING)
        if self.failed is not None:
            return _(texts_learn.REVIEW_BROKE_HERE).format(error=self.failed)
        if self.review is None:
            return _(texts_learn.REVIEW_NOT_RUN)
        return _(texts_learn.REVIEW_UNJUDGED)

    def _forced(self) -> tuple[int, ...]:
        """The steps with a single answer, which the review does not judge: the
        review's own list; while it runs, every seat's, found once."""
        if self.review is not None:
            return self.review.forced
        if not self.analysing:
            return ()
        if self._forced_early is None:
            from ...analysis import forced_answers

            self._forced_early = forced_answers(self.book.record)
        return self._forced_early

    def _mistakes_lines(self) -> list[Text]:
        """The biggest mistakes first (what m and n jump to), then each player's total
        loss and what it means; a short panel drops them from the end."""
        from ...analysis import WIN_VALUE, loss_parts

        review = self.review
        lines: list[Text] = []
        if self.failed is not None:
            failed = _(texts_learn.REVIEW_BROKE_HERE).format(error=self.failed)
            lines.append(MustShow(failed, palette.BAD, rank=CHOICE))
        elif review is None and not self.analysing:
            return [Text(_(texts_learn.REVIEW_NOT_RUN), style=palette.DIM)]
        if not self._ranked:
            if review is None:
                lines.append(MustShow(_(texts_learn.REVIEW_NO_MISTAKES_YET), palette.DIM))
            else:
                lines.append(MustShow(_(texts_learn.REVIEW_NO_MISTAKES), rank=CHOICE))
        here = self._by_position.get(self.position)
        names = self.book.record.setup.players
        for place, move in enumerate(self._ranked[:SHOWN_MISTAKES]):
            mark = "▸ " if move is here else "  "
            said = fill(
                texts_learn.REVIEW_MISTAKE_LINE,
                round=(move.turn - 1) // len(names) + 1,
                name=names[move.seat],
                loss=move.loss,
            )
            rank = CHOICE if move is here or place < 2 else ASIDE
            lines.append(MustShow(mark + said, palette.BAD if move is here else "", rank=rank))
        if review is None:  # the analysis runs on, or failed
            if self._ranked:
                so_far = _(texts_learn.REVIEW_MISTAKES_SO_FAR)
                lines.append(MustShow(so_far, palette.DIM, rank=CHOICE))
            if self.analysing:
                later = _(texts_learn.REVIEW_SUMMARY_LATER)
                lines.append(MustShow(later, palette.DIM, rank=OTHER_KEY))
            return lines
        for player in review.players:
            mistakes = [m for m in review.moves if m.seat == player.seat and m.mistake]
            parts = loss_parts(review.moves, player.seat, mistakes)
            values = {
                "name": player.name,
                "mistakes": len(mistakes),
                "loss": parts.total,
                "listed": parts.listed,
                "rest": parts.rest,
                "others": parts.others,
            }
            if parts.total < 0.05:
                said = _(texts_learn.REVIEW_SUMMARY_NONE).format(name=player.name)
            elif not mistakes:
                said = fill(texts_learn.REVIEW_SUMMARY_SMALL, **values)
            else:
                small = fill(texts_learn.REVIEW_SUMMARY_REST, **values)
                said = fill(texts_learn.REVIEW_SUMMARY, small=small, **values)
            lines.append(MustShow(said, palette.DIM, rank=OTHER_KEY))
        lines.append(MustShow(_(texts_learn.REVIEW_LOST_MEANS), palette.DIM, rank=ASIDE))
        win = fill(texts_learn.REVIEW_WIN_COUNTS, win=round(WIN_VALUE))
        lines.append(MustShow(win, palette.DIM, rank=ASIDE))
        return lines

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step" or action == "turn":
            forward = int(str(parameters[0])) > 0
            return self.position < self.book.last if forward else self.position > 0
        if action in ("biggest", "next_mistake"):
            return bool(self._ranked)
        if action == "read":
            return self.query_one("#analysis", FittedPanel).can_scroll(int(str(parameters[0])))
        if action == "read_mistakes":
            return self.query_one("#mistakes", FittedPanel).can_scroll(int(str(parameters[0])))
        if action == "stop":
            return self.analysing
        if action == "back":
            return not self.analysing
        return True

    def go_to(self, position: int) -> None:
        self.position = max(0, min(position, self.book.last))
        self.show()
        self.refresh_bindings()

    def action_step(self, step: int) -> None:
        self.go_to(self.position + step)

    def action_turn(self, step: int) -> None:
        self.go_to(self.book.turn_start(self.position, step))

    def action_go(self, where: int) -> None:
        self.go_to(self.book.last if where < 0 else where)

    def action_biggest(self) -> None:
        """The next of the biggest mistakes, biggest first (then round again); while
        the analysis runs, of those found so far."""
        if not self._ranked:
            return
        ranked = self._ranked
        after = ranked.index(self._jumped) + 1 if self._jumped in ranked else 0
        self._jumped = ranked[after % len(ranked)]
        self.go_to(self._jumped.index)
        self._say_more_may_come()

    def action_next_mistake(self) -> None:
        """The next mistake in the game's order after this position (then from the
        start); while the analysis runs, of those found so far."""
        if not self._ranked:
            return
        in_order = sorted(self._ranked, key=lambda m: m.index)
        later = [m for m in in_order if m.index > self.position]
        self.go_to((later or in_order)[0].index)
        self._say_more_may_come()

    def _say_more_may_come(self) -> None:
        if self.analysing:
            self.notify(_(texts_learn.REVIEW_JUMP_SO_FAR), timeout=3, markup=False)

    def on_key(self, event: events.Key) -> None:
        """A key that means nothing right now says why."""
        why = None
        if event.key in ("m", "n") and not self._ranked:
            why = (
                _(texts_learn.REVIEW_WAIT_TO_JUMP)
                if self.analysing
                else _(texts_learn.REVIEW_NONE_TO_JUMP)
            )
        elif event.key in ("left", "h", "pageup", "home") and self.position == 0:
            why = _(texts_learn.REVIEW_AT_START)
        elif event.key in ("right", "l", "pagedown", "end") and self.position >= self.book.last:
            why = _(texts_learn.REVIEW_AT_END)
        elif event.key in _PAGE_KEYS:
            panel, direction = _PAGE_KEYS[event.key]
            if not self.query_one(panel, FittedPanel).can_scroll(direction):
                why = _(texts.IDLE_PANEL_SCROLL)
        if why is not None:
            event.stop()
            self.notify(why, timeout=3, markup=False)

    def action_read(self, direction: int) -> None:
        """The analysis's next page (1) or the one before (-1)."""
        self.query_one("#analysis", FittedPanel).scroll_page(direction)
        self.refresh_bindings()

    def action_read_mistakes(self, direction: int) -> None:
        """The list of mistakes' next page (1) or the one before (-1)."""
        self.query_one("#mistakes", FittedPanel).scroll_page(direction)
        self.refresh_bindings()

    def action_players(self) -> None:
        """Every player's pyramid and realm at this position."""
        from ..core.seats import seats_of
        from .players import PlayersScreen

        setup = self.book.record.setup
        seats = seats_of(setup.players, setup.seats, setup.no_hints)
        self.app.push_screen(PlayersScreen(self.book.state(self.position), seats))

    def action_stop(self) -> None:
        """Stop the analysis; what it judged so far stays."""
        self._stop.set()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.dismiss(None)
        else:
            self.app.exit()


# the keys that page through a panel: which panel, which way
_PAGE_KEYS = {
    "right_square_bracket": ("#analysis", 1),
    "plus": ("#analysis", 1),
    "left_square_bracket": ("#analysis", -1),
    "minus": ("#analysis", -1),
    "right_curly_bracket": ("#mistakes", 1),
    "full_stop": ("#mistakes", 1),
    "left_curly_bracket": ("#mistakes", -1),
    "comma": ("#mistakes", -1),
}


def _kept(text: str, style: str | Style = "", rank: int = CHOICE) -> MustShow:
    """A line a short panel keeps (and says so when it cannot)."""
    return MustShow(text, style=style, rank=rank)
