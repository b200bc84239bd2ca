"""How good is each option of a pending decision? Estimates for hints and reviews.

:func:`analyse` runs the expert's search (:mod:`orbis_tui.bots.ismcts`) with every option of the
pending decision as a root candidate and reports, for each, its **value** to the seat
to move: the utility of :mod:`orbis_tui.bots.victory`, the victory first (the chance
of winning, a shared victory shared, the rules' tie-break included) and the expected
final CP margin (its final CP minus the best other seat's) second, with its standard
error, the chance of winning and the margin apart, and the number of search
iterations behind it. It sees only what the
seat sees: the hidden pile order is never read (see :mod:`orbis_tui.bots.fair`), and with an
``iterations`` budget the answer is the same for the same seed every time.

The margin of one iteration is the evaluation (:mod:`orbis_tui.bots.heuristics`, in CP) of the
position some turns later, which is the final score once the game's end is within the
search's reach; earlier it is the evaluation's estimate of the final margin.

Typical uses::

    # a hint: about a second in a worker thread, with a progress bar
    result = analyse(state, time_budget=1.0, progress=bar.update, cancel=stopped.is_set)
    result.best.actions            # the actions to suggest (exchanges first, if any)

    # a review: the move played against the best, at a fixed cost per option
    result = analyse(before, per_option=REVIEW_PER_OPTION, include=[played])
    loss = result.best.value - result.estimate_for(played).value
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.fair import decision_rng
from ..bots.heuristics import DEFAULT_WEIGHTS, Weights
from ..bots.ismcts import Candidate, SearchSettings, TurnSearch, answer_candidates, turn_candidates
from ..bots.rollout import QuickPlanner
from ..engine import Action, DecisionKind, Exchange, GameState

# Review: iterations per option of each decision, so that a 300-decision two-player
# game is reviewed in well under a minute (see benchmarks/bench_bots.py --review).
REVIEW_PER_OPTION = 4
HINT_BUDGET = 1.0  # seconds: a hint takes about a second (benchmarks/bench_hint.py)


@dataclass(frozen=True, slots=True)
class OptionEstimate:
    """One option of the pending decision and what the search thinks of it."""

    actions: tuple[Action, ...]  # the answer, after the exchanges it needs (if any)
    rest: tuple[Action, ...]  # how the search assumed the turn goes on after it
    margin: float  # mean estimated final CP margin of the seat to move
    stderr: float  # standard error of ``value`` (inf below two visits)
    visits: int
    win: float = math.nan  # the mean chance of winning (a shared victory shared)
    value: float = math.nan  # the mean utility, what the options are ranked by

    @property
    def answer(self) -> Action:
        """The action that answers the pending decision."""
        return self.actions[-1]


@dataclass(frozen=True, slots=True)
class Analysis:
    seat: int
    kind: DecisionKind
    options: tuple[OptionEstimate, ...]  # best first (highest margin)
    iterations: int
    seconds: float

    @property
    def best(self) -> OptionEstimate:
        return self.options[0]

    def estimate_for(self, action: Action) -> OptionEstimate | None:
        """The estimate of the option starting with ``action`` (or answering with it)."""
        for option in self.options:
            if option.actions[0] == action:
                return option
        for option in self.options:
            if option.answer == action:
                return option
        return None


def analyse(
    state: GameState,
    seat: int | None = None,
    *,
    iterations: int | None = None,
    time_budget: float | None = None,
    per_option: int | None = None,
    seed: int = 0,
    top: int | None = None,
    include: Sequence[Action] = (),
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Analysis:
    """Estimate every option of the decision pending in ``state`` (the best ``top``
    when given) for the seat to move, within ``iterations`` in all or ``per_option``
    iterations for each option (both reproducible), or ``time_budget`` seconds
    (default :data:`HINT_BUDGET`).

    ``include`` adds options the caller wants judged (say, the move a player made),
    each finished greedily. ``progress`` is called with the share of the budget spent
    (0 to 1) every few iterations, ``cancel`` is asked as often and ends the search
    early when it returns True. ``state`` is not changed.
    """
    if state.is_over:
        raise ValueError("the game is over: there is no decision to analyse")
    if seat is not None and seat != state.current:
        raise ValueError(f"seat {seat} is not to move (seat {state.current} is)")
    if iterations is None and time_budget is None and per_option is None:
        time_budget = HINT_BUDGET
    started = time.perf_counter()
    planner = QuickPlanner(weights)
    rng = decision_rng(seed, state)
    world = state.resample_hidden(rng)
    if world.kind is DecisionKind.TURN:
        candidates = turn_candidates(world, planner, None)
    else:
        candidates = answer_candidates(world, planner)
    known = {tuple(c) for c in candidates}
    firsts = {c[0] for c in candidates}
    for action in include:
        if action in firsts or not world.is_legal(action):
            continue
        child = world.copy(record=False)
        child.apply(action)
        rest, _ = planner.complete(child, world.current)
        candidate = [action, *rest]
        if tuple(candidate) not in known:
            candidates.append(candidate)
            known.add(tuple(candidate))
    if per_option is not None:
        # every option gets its iterations on the same worlds: no halving cuts them short
        iterations = per_option * len(candidates)
        settings = SearchSettings(iterations=iterations, first_cut=per_option + 1)
    else:
        settings = SearchSettings(iterations=iterations, time_budget=time_budget)
    search = TurnSearch(world, candidates, rng, settings, planner)

    def report(done: int, seconds: float) -> None:
        if progress is None:
            return
        if iterations is not None:
            progress(min(1.0, done / iterations))
        else:
            progress(min(1.0, seconds / max(time_budget or 1.0, 1e-9)))

    result = search.run(report, cancel)
    options = [_estimate(c) for c in result.ranked()]
    if top is not None:
        options = options[:top]
    return Analysis(
        seat=state.current,
        kind=state.kind,
        options=tuple(options),
        iterations=result.iterations,
        seconds=time.perf_counter() - started,
    )


def _estimate(candidate: Candidate) -> OptionEstimate:
    actions, visits = candidate.actions, candidate.visits
    split = next(
        (i + 1 for i, action in enumerate(actions) if not isinstance(action, Exchange)),
        len(actions),
    )
    return OptionEstimate(
        actions=actions[:split],
        rest=actions[split:],
        margin=candidate.mean_margin if visits else math.nan,
        stderr=candidate.stderr,
        visits=visits,
        win=candidate.win_chance,
        value=candidate.mean if visits else math.nan,
    )
