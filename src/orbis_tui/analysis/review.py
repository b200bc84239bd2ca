"""Review a game record: at every decision, what was played against what the search
thinks best, and the expected final CP it cost.

:func:`review_record` replays the record and, at each decision of the seats asked,
runs the analysis of :mod:`.search` with the move played included. The
decision's *loss* is the best option's expected final CP margin minus the played one's,
never below 0. A loss is a **mistake** only when it is both at least
:data:`MISTAKE_FLOOR` CP and more than :data:`NOISE_FACTOR` combined standard errors
(``sqrt(se_best**2 + se_played**2)``): a smaller difference may be the search's noise.
An option the search tried fewer than twice has an unknown error (``inf``).
The combined error treats the two estimates as independent, which overstates it (the
search plays the options on the same reshuffles), so a mistake is called only when it
is clear. Decisions with a single legal answer are not judged; their action numbers
are listed in :attr:`GameReview.forced`.

Everything is reproducible: with the same record, settings and seed the review is the
same (the search's randomness comes from the seed and the public position only).

What a review holds, and its JSON form, is :mod:`.review_model`'s; the decisions of a
record (the state before each, grouped by turn) are :mod:`.review_decisions`'s. Both
are named here too, as they always were.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..bots.rollout import QuickPlanner
from ..collector import collection_paused
from ..engine import Action, GameState, PlayerScore, format_action
from ..i18n import fill, language, set_language
from ..levels import HUMAN
from ..options import MAX_REVIEW_SIZE, check_budget, check_count
from ..records import GameRecord
from ..words import loss_reason
from . import texts
from .lesson import game_lessons
from .paired import FutureCache, Futures, paired_difference, play_futures, turn_worlds
from .parallel import run_jobs, worker_count
from .review_decisions import _by_turn as _by_turn
from .review_decisions import _Decision as _Decision
from .review_decisions import _decisions as _decisions
from .review_decisions import choices as choices
from .review_model import BIGGEST as BIGGEST
from .review_model import FINE as FINE
from .review_model import FORMAT as FORMAT
from .review_model import MISTAKE as MISTAKE
from .review_model import UNCLEAR as UNCLEAR
from .review_model import GameReview as GameReview
from .review_model import LossParts as LossParts
from .review_model import MoveReview as MoveReview
from .review_model import PlayerSummary as PlayerSummary
from .review_model import ReviewFailed as ReviewFailed
from .review_model import TurnJudgements as TurnJudgements
from .review_model import TurnsKept as TurnsKept
from .review_model import loss_parts as loss_parts
from .search import REVIEW_PER_OPTION, Analysis, OptionEstimate, analyse

MISTAKE_FLOOR = 1.0  # CP: a smaller loss is never called a mistake
NOISE_FACTOR = 2.0  # a mistake's loss exceeds this many combined standard errors
# A decision is called fine when its loss is, with this many standard errors to spare,
# under a mistake's floor: the interval shown supports "less than 1 CP".
FINE_FACTOR = 1.5
# Common worlds on which the move played and the search's best are played to the end.
FIRST_WORLDS = 8
MORE_WORLDS = 8  # added while the decision is not clearly fine ...
MAX_WORLDS = 40  # ... up to this many;
# then a decision still unclear gets more, up to MANY_WORLDS_FACTOR times as many, while
# the difference's error is above SETTLED_ERROR and a mistake is still within reach
# (see worlds_worth_adding). The spread of the futures, not the table size, decides: a
# paired difference's standard deviation is 5 to 13 CP per world, with two players as
# with four (a forest sealed at two players: 12.8), and a 2-CP loss at 12 CP per world
# stands out from two standard errors only after some 150 to 300 worlds.
MANY_WORLDS_FACTOR = 8
SETTLED_ERROR = 0.6  # CP
# A decision that looks like a mistake leaves its first worlds as soon as it clearly
# does, and is played again on fresh ones (see _confirmed), as many as its first worlds'
# spread says it needs for the loss to have at most this standard error ...
CONFIRMED_ERROR = 0.75  # CP
# ... or a third of its first margin over a mistake's floor, when that is less.


# ---------------------------------------------------------------------- reviewing
@dataclass(frozen=True, slots=True)
class Budget:
    """How much search each decision gets: iterations per option, or seconds."""

    per_option: int | None = None
    time_budget: float | None = None

    def analyse(self, state: GameState, seed: int, played: Action) -> Analysis:
        return analyse(
            state,
            per_option=self.per_option,
            time_budget=self.time_budget,
            seed=seed,
            include=[played],
        )


def review_record(
    record: GameRecord,
    *,
    seats: Iterable[int] | None = None,
    per_option: int | None = REVIEW_PER_OPTION,
    time_budget: float | None = None,
    seed: int = 0,
    progress: Callable[[float], None] | None = None,
    judged: Callable[[tuple[MoveReview, ...]], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    workers: int | None = None,
    known: Mapping[str, TurnJudgements] | None = None,
    kept: TurnsKept | None = None,
) -> GameReview:
    """Review every decision of ``record`` (finished or not) of the ``seats`` asked
    (default: all) with ``per_option`` search iterations for each option, or, when
    ``time_budget`` is given instead, that many seconds of search per decision (which
    is not reproducible: the search goes as far as the machine allows).

    The turns are judged on ``workers`` processes (default: :func:`.parallel.worker_count`),
    with the same result whatever their number. As each turn is judged, ``judged`` is
    called with its judgements (in the game's order; the turns themselves finish in any
    order when several processes judge them), the very ones the review returns, and
    then ``progress`` with the share done (0 to 1); both in the calling thread. When
    ``cancel`` returns True the review stops and covers the turns judged so far
    (``settings["complete"]`` is then False); a turn that fails (its judgement raises,
    or its worker process is lost) stops it too, at once: :class:`ReviewFailed` is
    raised, holding that review. The record must replay (it is checked when loaded:
    see :func:`orbis_tui.records.load_record`).

    ``known`` holds turns judged before, by :func:`turn_key` (see :mod:`.ahead`: the
    turns of a game judged while it is played): those are taken as they are, first,
    and only the others are judged. A turn's judgement depends on nothing but its key,
    so the review is the same either way. ``kept`` is where judged turns are kept on
    disk (see :mod:`.kept_turns`): those found there are taken too, and each turn judged
    now is kept there.
    """
    names = tuple(record.setup.players)
    wanted = _seats_asked(seats, len(names))
    if time_budget is not None:
        per_option = None
    budget = _budget(per_option, time_budget)
    decisions = [d for d in _decisions(record) if d.state.current in wanted]
    jobs = _turn_jobs(record, decisions, budget, seed)
    total = sum(len(job.decisions) for job in jobs)
    finished: dict[int, TurnJudgements] = {}

    def done(number: int, judgements: TurnJudgements) -> None:
        finished[number] = judgements
        if judged is not None:
            judged(tuple(move for move, _ in judgements))
        if progress is not None:
            progress(sum(map(len, finished.values())) / total)

    keys = [turn_key(record, job) for job in jobs]
    left = _take_known(record, keys, known or {}, kept, done)

    def judged_now(place: int, judgements: TurnJudgements) -> None:
        if kept is not None:
            kept.put(keys[left[place]], judgements)
        done(left[place], judgements)

    count = worker_count() if workers is None else workers
    failure: Exception | None = None
    try:
        complete = run_jobs(
            _judge_turn, [jobs[n] for n in left], count, judged_now, cancel, cost=_turn_cost
        )
    except Exception as exc:  # a turn or its worker failed: what was judged is kept
        complete, failure = False, exc
    if progress is not None and complete:
        progress(1.0)
    judgements = [j for number in sorted(finished) for j in finished[number]]
    moves = tuple(move for move, _ in judgements)
    lessons = _lessons(record, moves, wanted) if complete else {}
    players = tuple(
        PlayerSummary.of(seat, names[seat], moves, lessons.get(seat, ())) for seat in wanted
    )
    iterations = sum(searched for _, searched in judgements)  # search iterations in all
    settings = _settings(per_option, time_budget, seed, wanted, complete, iterations)
    forced = tuple(d.index for d in decisions if not d.judged)
    review = GameReview(names, players, moves, settings, forced)
    if failure is not None:
        raise ReviewFailed(review, failure) from failure
    return review


def _take_known(
    record: GameRecord,
    keys: Sequence[str],
    known: Mapping[str, TurnJudgements],
    kept: TurnsKept | None,
    done: Callable[[int, TurnJudgements], None],
) -> list[int]:
    """Hand the turns judged before (``known``, or ``kept`` on disk) to ``done``, by
    their keys; the numbers of the others."""
    left = []
    for number, key in enumerate(keys):
        judgements = known.get(key)
        if judgements is None and kept is not None:
            judgements = kept.get(key, record)
        if judgements is None:
            left.append(number)
        else:
            done(number, judgements)
    return left


def turn_key(record: GameRecord, job: _TurnJob) -> str:
    """What a turn's judgement depends on, as a name: the game's setup and every
    action up to the turn's last decision judged (so the positions, the moves played
    and the rest of the turn after them), where hints were shown, the search's size,
    the seed and the language of the reasons."""
    last = max(decision.index for decision, _ in job.decisions)
    turn_end = max(last, *(decision.index + len(decision.rest) for decision, _ in job.decisions))
    setup = record.to_plain()["setup"]
    described = {
        # who plays, who starts and the deal (not the informative seats or hint choices)
        "setup": {
            name: setup.get(name) for name in ("players", "first_player", "seed", "deal", "tiles")
        },
        "actions": record.actions[: turn_end + 1],
        "hinted": [hinted for _, hinted in job.decisions],
        "budget": [job.budget.per_option, job.budget.time_budget],
        "seed": job.seed,
        "language": job.language,
    }
    return hashlib.sha256(json.dumps(described, sort_keys=True).encode()).hexdigest()


def _seats_asked(seats: Iterable[int] | None, count: int) -> list[int]:
    """The seats to review, in order (default: all of the ``count``); an unknown one is
    refused."""
    wanted = sorted(set(range(count) if seats is None else seats))
    for seat in wanted:
        if not 0 <= seat < count:
            raise ValueError(f"there is no seat {seat}: seats are 0 to {count - 1}")
    return wanted


def _budget(per_option: int | None, time_budget: float | None) -> Budget:
    """The search each decision gets, checked: seconds when ``time_budget`` is given,
    else ``per_option`` iterations per option."""
    if time_budget is not None:
        return Budget(time_budget=check_budget(time_budget))
    return Budget(per_option=check_count(per_option, "per_option", 1, MAX_REVIEW_SIZE))


def _turn_jobs(
    record: GameRecord, decisions: Sequence[_Decision], budget: Budget, seed: int
) -> list[_TurnJob]:
    """The judged ``decisions`` (those with a choice), a job per turn, each with whether
    a hint was shown at it."""
    hints = set(record.hints or ())
    return [
        _TurnJob(
            # a hint noted before the exchanges that prepared the answer counts too
            tuple((d, any(n in hints for n in range(d.first, d.index + 1))) for d in turn),
            budget,
            seed,
            language(),
        )
        for turn in _by_turn([d for d in decisions if d.judged])
    ]


def _settings(
    per_option: int | None,
    time_budget: float | None,
    seed: int,
    wanted: list[int],
    complete: bool,
    iterations: int,
) -> dict[str, object]:
    """How the review was made (its ``settings``): the search's size, the seed, the
    seats, the verdicts' thresholds, whether every turn was judged."""
    return {
        "analyser": "expert",
        "per_option": per_option,
        "time_budget": time_budget,
        "seed": seed,
        "seats": wanted,
        "mistake_floor": MISTAKE_FLOOR,
        "noise_factor": NOISE_FACTOR,
        "fine_factor": FINE_FACTOR,
        "complete": complete,
        "iterations": iterations,
    }


def _lessons(
    record: GameRecord, moves: Sequence[MoveReview], wanted: Sequence[int]
) -> dict[int, tuple[str, ...]]:
    """The lesson of the game for each seat reviewed, from its clear mistakes (their
    rounds and losses): "you" when the review is of one player, else each by name. A
    computer player is given none beside people (advice such as "ask for a hint" is
    for a person); in a game of computers only, each has its own."""
    players_count = len(record.setup.players)
    kinds = record.setup.seats or []
    taught = [seat for seat in wanted if kinds[seat : seat + 1] == [HUMAN]] or wanted
    mistakes = {
        seat: [
            ((m.turn - 1) // players_count + 1, m.loss)
            for m in moves
            if m.seat == seat and m.mistake
        ]
        for seat in taught
    }
    return game_lessons(record, mistakes, wanted[0] if len(wanted) == 1 else None)


@dataclass(frozen=True, slots=True)
class _TurnJob:
    """The decisions of one turn to judge (each with whether a hint was shown)."""

    decisions: tuple[tuple[_Decision, bool], ...]
    budget: Budget
    seed: int
    language: str  # the reasons' (a worker process starts in the default one)


def _judge_turn(job: _TurnJob) -> TurnJudgements:
    """Each decision of the turn judged, with the search iterations it took. The
    decisions of a turn share their worlds, so they share the futures played too."""
    if language() != job.language:
        set_language(job.language)
    cache: FutureCache = {}
    # Paused for the whole turn: what it keeps (its cache) is never looked through.
    with collection_paused():
        return tuple(_judge(d, job.budget, job.seed, hinted, cache) for d, hinted in job.decisions)


def _turn_cost(job: _TurnJob) -> float:
    """How long a turn's judgement roughly takes: its futures are played to the end of
    the game, so a decision costs about the turns left after it (and one for its
    search). The processes take the longest turns first (:func:`.parallel.run_jobs`)."""
    return sum(1 + d.state.total_turns - d.state.turn for d, _ in job.decisions)


def is_mistake(loss: float, stderr: float) -> bool:
    """Whether a loss is clearly more than the search's noise (see the module's text)."""
    return math.isfinite(stderr) and loss >= MISTAKE_FLOOR and loss > NOISE_FACTOR * stderr


def is_fine(difference: float, stderr: float) -> bool:
    """Whether a paired difference (best minus played, not clamped at 0) is clearly less
    than a mistake's floor: its upper bound, :data:`FINE_FACTOR` standard errors above
    it, stays under :data:`MISTAKE_FLOOR`."""
    return math.isfinite(stderr) and difference + FINE_FACTOR * stderr < MISTAKE_FLOOR


def _judge(
    decision: _Decision,
    budget: Budget,
    seed: int,
    hinted: bool,
    cache: FutureCache | None = None,
) -> tuple[MoveReview, int]:
    """The decision judged, and the search iterations it took.

    The search picks the best option. When it is not the move played, the two are
    played again to the end of the game on common worlds the search never saw
    (:mod:`.paired`), and the loss is their paired difference there: the search's own
    figure for its best is flattered by being the highest of many noisy ones, and its
    evaluation errs before the end of the game (:func:`_measured`)."""
    state = decision.state
    analysis = budget.analyse(state, seed, decision.answer[0])
    played, again = _played_estimate(analysis, decision, budget, seed)
    same = played.actions == analysis.best.actions
    best = played if same else analysis.best
    measured = _Measured.as_best(played) if same else _measured(state, played, best, seed, cache)
    move = MoveReview(
        index=decision.index,
        turn=state.turn + 1,
        seat=state.current,
        kind=state.kind.value,
        played=tuple(format_action(a) for a in decision.answer),
        best=tuple(format_action(a) for a in best.actions),
        played_margin=measured.played_margin,
        best_margin=measured.best_margin,
        stderr=measured.stderr,
        loss=measured.loss,
        mistake=measured.verdict == MISTAKE,
        reason=_reason(decision, best, measured, same),
        hinted=hinted,
        verdict=measured.verdict,
        played_win=measured.played_win,
        best_win=measured.best_win,
    )
    return move, analysis.iterations + again


@dataclass(frozen=True, slots=True)
class _Measured:
    """What a decision's judgement found: its verdict, the loss (``difference`` clamped
    at 0) and its standard error, the margins and chances of winning after the move
    played and the best, and the futures' final scores behind them (None when the move
    played was the search's best, which is not played again)."""

    verdict: str
    loss: float
    difference: float
    stderr: float
    played_margin: float
    best_margin: float
    played_win: float
    best_win: float
    futures: tuple[tuple[PlayerScore, ...], tuple[PlayerScore, ...]] | None = None

    @classmethod
    def as_best(cls, played: OptionEstimate) -> _Measured:
        """The move played was the search's best: fine, nothing lost (with the search's
        own error)."""
        return cls(
            FINE, 0.0, 0.0, played.stderr, played.margin, played.margin, played.win, played.win
        )


def _measured(
    state: GameState,
    played: OptionEstimate,
    best: OptionEstimate,
    seed: int,
    cache: FutureCache | None,
) -> _Measured:
    """The move played and the search's best, played to the end on common worlds.
    Worlds are added while the difference is neither clearly a mistake nor clearly fine
    (:func:`_compare`): the budget goes where the verdict is close. A difference that
    looks like a mistake is measured again on fresh worlds (:func:`_confirmed`), which
    give the verdict and the loss."""
    mine, theirs = _compare(state, played, best, seed, cache)
    difference, stderr = paired_difference(theirs, mine)
    if is_mistake(max(0.0, difference), stderr):
        mine, theirs = _confirmed(state, mine, theirs, seed, cache)
        difference, stderr = paired_difference(theirs, mine)
    loss = max(0.0, difference)
    if is_mistake(loss, stderr):
        verdict = MISTAKE
    elif is_fine(difference, stderr):
        verdict = FINE
    else:
        verdict = UNCLEAR
    return _Measured(
        verdict,
        loss,
        difference,
        stderr,
        mine.margin,
        theirs.margin,
        mine.win,
        theirs.win,
        (mine.finals, theirs.finals),
    )


def _reason(decision: _Decision, best: OptionEstimate, measured: _Measured, same: bool) -> str:
    """Why the best was better (a mistake: from the rules engine and the futures), how
    sure the review is (unclear, or close to the best), or nothing (the best was played)."""
    loss, stderr = measured.loss, measured.stderr
    if measured.verdict == MISTAKE:
        return loss_reason(
            decision.state,
            decision.answer + decision.rest,
            best.actions + best.rest,
            loss=loss,
            futures=measured.futures,
            wins=(measured.played_win, measured.best_win),
        )
    if measured.verdict == UNCLEAR:
        low, high = max(0.0, loss - NOISE_FACTOR * stderr), loss + NOISE_FACTOR * stderr
        return fill(texts.UNCLEAR, low=low, high=high)
    if not same:
        high = max(measured.difference + FINE_FACTOR * stderr, 0.1)  # under MISTAKE_FLOOR
        return fill(texts.CLOSE, high=high)
    return ""


def _compare(
    state: GameState,
    played: OptionEstimate,
    best: OptionEstimate,
    seed: int,
    cache: FutureCache | None = None,
) -> tuple[Futures, Futures]:
    """The move played and the search's best, played on the same fresh worlds:
    :data:`FIRST_WORLDS`, then :data:`MORE_WORLDS` at a time, up to :data:`MAX_WORLDS`,
    until the difference is clearly fine or clearly looks like a mistake (whose loss
    fresh worlds measure again: :func:`_confirmed`). A difference still unclear gets
    more worlds, up to :data:`MANY_WORLDS_FACTOR` times :data:`MAX_WORLDS`, while
    :func:`worlds_worth_adding` says so. Futures already in ``cache`` are read, not
    played (see :func:`.paired.play_futures`)."""
    planner = QuickPlanner()
    most = MANY_WORLDS_FACTOR * MAX_WORLDS
    worlds = turn_worlds(state, seed, FIRST_WORLDS)
    # Each answer's turn is finished by the fixed level too (not by the search's plan for
    # it): the loss is then of this decision alone, as the calibration measures it.
    mine = play_futures(state, played.actions, worlds, planner, None, cache)
    theirs = play_futures(state, best.actions, worlds, planner, None, cache)
    while len(worlds) < most:
        difference, stderr = paired_difference(theirs, mine)
        if is_fine(difference, stderr) or is_mistake(max(0.0, difference), stderr):
            break
        if len(worlds) >= MAX_WORLDS and not worlds_worth_adding(
            difference, stderr, len(worlds), most
        ):
            break
        more = turn_worlds(state, seed, MORE_WORLDS, start=len(worlds))
        worlds += more
        mine = mine.extended(play_futures(state, mine.actions, more, planner, None, cache))
        theirs = theirs.extended(play_futures(state, theirs.actions, more, planner, None, cache))
    return mine, theirs


def _confirmed(
    state: GameState,
    mine: Futures,
    theirs: Futures,
    seed: int,
    cache: FutureCache | None = None,
) -> tuple[Futures, Futures]:
    """A decision that looks like a mistake, played again on fresh worlds: the verdict
    and the loss are theirs. The worlds that found it picked it among many decisions,
    so they flatter it (a loss found as 4.4 ± 1.0 CP measured 0.4 ± 0.7 on 200 other
    worlds); fresh worlds do not, and a mistake is called only when they agree.

    How many fresh worlds (:func:`fresh_worlds`) is fixed before any is played, from
    the first worlds alone: the fresh mean is then unbiased, which a batch stopped when
    its own mean looks clear would not be."""
    planner = QuickPlanner()
    difference, stderr = paired_difference(theirs, mine)
    count = fresh_worlds(len(mine.values), difference, stderr)
    worlds = turn_worlds(state, seed, count, start=len(mine.values))
    return (
        play_futures(state, mine.actions, worlds, planner, None, cache),
        play_futures(state, theirs.actions, worlds, planner, None, cache),
    )


def worlds_worth_adding(difference: float, stderr: float, count: int, most: int) -> bool:
    """Whether an unclear paired difference (``difference`` ± ``stderr`` on ``count``
    worlds) is worth more worlds, up to ``most``: while its error is above
    :data:`SETTLED_ERROR`, and a mistake is still within reach, i.e. the difference
    plus one standard error reaches a mistake's size at the error ``most`` worlds would
    give (the floor, and :data:`NOISE_FACTOR` such errors). A small difference stops
    early: more worlds would only say "not clear" more precisely."""
    if stderr <= SETTLED_ERROR or not math.isfinite(stderr):
        return False
    at_most = stderr * math.sqrt(count / most)
    return difference + stderr >= max(MISTAKE_FLOOR, NOISE_FACTOR * at_most)


def fresh_worlds(first: int, difference: float, stderr: float) -> int:
    """The fresh worlds a mistake found on ``first`` worlds (``difference`` ±
    ``stderr``, a standard error of sampling only: the futures reach the end) is played
    on again: enough, at the first worlds' spread, for a standard error of
    :data:`CONFIRMED_ERROR` or a third of its margin over :data:`MISTAKE_FLOOR`,
    whichever is smaller; in steps of :data:`MORE_WORLDS`, from :data:`FIRST_WORLDS` to
    the most a decision gets (:data:`MANY_WORLDS_FACTOR` times :data:`MAX_WORLDS`)."""
    most = MANY_WORLDS_FACTOR * MAX_WORLDS
    wanted = min(CONFIRMED_ERROR, (difference - MISTAKE_FLOOR) / (NOISE_FACTOR + 1))
    if wanted <= 0 or not math.isfinite(stderr):
        return most
    spread = stderr * math.sqrt(first)  # per world
    needed = math.ceil((spread / wanted) ** 2 / MORE_WORLDS) * MORE_WORLDS
    return max(FIRST_WORLDS, min(most, needed))


def _played_estimate(
    analysis: Analysis, decision: _Decision, budget: Budget, seed: int
) -> tuple[OptionEstimate, int]:
    """The search's estimate of the answer actually played (exchanges included), and
    the iterations of the further search it took (0 when the analysis had it)."""
    for option in analysis.options:
        if option.actions == decision.answer:
            return option, 0
    if len(decision.answer) == 1:
        found = analysis.estimate_for(decision.answer[0])
        if found is not None:
            return found, 0
    # Exchanges the search did not pair with this answer: judge the answer after them.
    after = decision.state.copy()
    for action in decision.answer[:-1]:
        after.apply(action)
    again = budget.analyse(after, seed, decision.answer[-1])
    found = again.estimate_for(decision.answer[-1])
    assert found is not None, "the analysis judges every answer it is asked to include"
    estimate = OptionEstimate(
        actions=decision.answer,
        rest=found.rest,
        margin=found.margin,
        stderr=found.stderr,
        visits=found.visits,
        win=found.win,
        value=found.value,
    )
    return estimate, again.iterations
