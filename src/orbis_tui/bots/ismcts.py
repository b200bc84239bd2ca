"""Information-set Monte-Carlo tree search over whole turns.

Nobody at the table knows the order of the face-down piles; everything else is public.
So the search builds **one tree over what the player can see** (single-observer ISMCTS,
after Cowling, Powley and Whitehouse, 2012) and, on every iteration, draws a fresh order
of the unseen tiles (:meth:`~orbis_tui.engine.GameState.resample_hidden`, from a
canonical order), walks down the tree in that imagined world, and backs the result up.

The moves of the tree are whole turns, because a turn is a chain of small decisions
most of which have an obviously best answer (see :mod:`.medium`):

- at the **root**, the candidates are complete plans for the rest of the turn: at the
  start of a turn the greedy planner's best few, plus every god still on offer, so the
  search, not a rule, decides when to take a god; in the middle of a turn, each sensible
  answer to the pending decision finished greedily;
- **below the root**, a node is a later turn (of any seat) and its moves are the first
  actions of that turn (a market cell or a god), each finished greedily in the world at
  hand. Which first actions a node offers is decided the first time it is reached: the
  greedy planner's best few there. Nodes are reached by the sequence of moves only, not
  by the tiles that were revealed in between (an "open loop" over the refills), so the
  statistics of a node pool every order of the piles that leads to it;
- a new node is expanded with the greedy plan, then the next seat plays one greedy turn
  (a short rollout), and the position is scored by the evaluation (:mod:`.heuristics`,
  or with ``learned_leaf`` its parts weighed anew by :mod:`.leaf`), which at the end of
  the game is the final score. Short is deliberate: a greedy turn
  costs as much as forty evaluations, and several greedy turns per iteration bought less
  accuracy than the extra iterations they cost (against the hard level at equal time,
  one turn won about two games in three where five turns won fewer than half);
- each seat's value is its **utility** (:mod:`.victory`): its margin, its CP minus the
  best other seat's, plus the victory (a share at the end, a chance before); a node
  chooses its moves for the seat whose turn it is, by UCB1 (the first visits go to the
  greedy ranking's order).

The search stops after ``iterations`` iterations, or when ``time_budget`` seconds are
spent, or when ``cancel()`` says so; it always completes at least one iteration per
root candidate.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..collector import collection_paused
from ..engine import Action, DecisionKind, GameState, TakeGod
from .heuristics import evaluate
from .leaf import shipped_leaf
from .planner import Planner
from .victory import WIN_VALUE, margins_of, outcomes

Progress = Callable[[int, float], None]  # (iterations done, seconds spent)


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How wide, deep and long one search is."""

    iterations: int | None = None  # a fixed size: the same seed gives the same result
    time_budget: float | None = None  # seconds, when no iteration count is given
    root_width: int = 5  # greedy plans kept at the root (gods come on top)
    width: int = 3  # first actions a node below the root offers
    tree_turns: int | None = 2  # turns the tree may grow below the root (None: one a seat)
    rollout_turns: int = 1  # greedy turns after a new node, before the evaluation
    finish: int = 0  # ... and on to the end when at most this many turns of the game remain
    own_turn: bool = False  # ... and on until the searching seat has played its next turn
    exploration: float = 2.5  # UCB1 constant, in CP of margin
    widen: float = 0.5  # a node offers 1 + int(widen * sqrt(visits)) of its moves
    paired: bool = True  # the k-th visit of every root candidate sees the same piles
    halving: bool = True  # root: rounds over the candidates left, halved now and then
    first_cut: int = 3  # with halving: rounds before the first cut (then 2x, 4x, ...)
    squash: float | None = None  # CP scale of tanh(margin / squash); None: the margin
    learned_leaf: bool = False  # score the leaf with the fitted evaluation (see .leaf)
    # value a leaf by the victory first and the margin second (see .victory); False:
    # by the margin alone
    victory: bool = True
    # with the victory: before the end of the game, count the chance of winning read
    # from the leaf's margin (see .victory.win_chance); False: only a finished game's
    # victory counts, and a leaf before the end is valued by its margin alone
    victory_chance: bool = True
    # at the start of a turn, keep the greedy favourite (the first candidate) unless
    # another beats its mean by this many CP: a noisy mean must earn the change
    prior: float = 0.0
    # independent trees whose root statistics are summed before the choice (root
    # parallelism: see .forest); TurnSearch itself grows one
    trees: int = 1
    # the root keeps every plan, not the greedy planner's best root_width, when at most
    # this many turns of the game are left: there its ranking, made for a game going
    # on, is a poorer guide than the final score the search plays on to (0: never)
    endgame_width: int = 0

    def __post_init__(self) -> None:
        if self.iterations is None and self.time_budget is None:
            raise ValueError("a search needs an iteration count or a time budget")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a search needs at least one iteration")
        if self.trees < 1:
            raise ValueError("a search needs at least one tree")


@dataclass(slots=True)
class Candidate:
    """A root move: the actions that finish the pending turn, and their statistics."""

    actions: tuple[Action, ...]
    visits: int = 0
    total: float = 0.0  # of the value searched for (the utility, or the margin)
    squares: float = 0.0
    margins: float = 0.0  # of the margin alone
    wins: float = 0.0  # of the victory (share at the end, chance before)
    # with halving: the rounds played when it was dropped from the race (0: still in it)
    cut: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else -math.inf

    @property
    def mean_margin(self) -> float:
        return self.margins / self.visits if self.visits else -math.inf

    @property
    def win_chance(self) -> float:
        """The mean victory (a share at the end, a chance before) over the visits."""
        return self.wins / self.visits if self.visits else math.nan

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`mean` (inf below two visits)."""
        n = self.visits
        if n < 2:
            return math.inf
        variance = max(0.0, (self.squares - self.total * self.total / n) / (n - 1))
        return math.sqrt(variance / n)


class Node:
    """A later turn in the tree: its moves (first actions) and their statistics."""

    __slots__ = ("children", "keys", "totals", "visits")

    def __init__(self) -> None:
        self.keys: list[Action] | None = None  # chosen when the node is first reached
        self.visits: list[int] = []
        self.totals: list[float] = []
        self.children: list[Node | None] = []

    def expand(self, keys: list[Action]) -> None:
        self.keys = keys
        self.visits = [0] * len(keys)
        self.totals = [0.0] * len(keys)
        self.children = [None] * len(keys)

    def child(self, index: int) -> Node:
        node = self.children[index]
        if node is None:
            node = self.children[index] = Node()
        return node


def ucb_pick(
    visits: Sequence[int], totals: Sequence[float], c: float, widen: float | None = None
) -> int:
    """The move to try: the first never tried, else the best upper confidence bound.
    With ``widen``, only the first 1 + int(widen * sqrt(visits)) moves are open (the
    moves are in the greedy planner's order, so the search widens from its favourite)."""
    total = sum(visits)
    open_moves = len(visits)
    if widen is not None:
        open_moves = min(open_moves, 1 + int(widen * math.sqrt(total)))
    for index in range(open_moves):
        if visits[index] == 0:
            return index
    log_total = math.log(total)
    best = 0
    best_value = -math.inf
    for index in range(open_moves):
        n = visits[index]
        value = totals[index] / n + c * math.sqrt(log_total / n)
        if value > best_value:
            best, best_value = index, value
    return best


@dataclass(slots=True)
class SearchResult:
    seat: int
    candidates: list[Candidate]
    iterations: int = 0
    seconds: float = 0.0
    tree_nodes: int = 0
    rollout_turns: int = 0
    extras: dict[str, float] = field(default_factory=dict)

    alive: list[int] = field(default_factory=list)  # with halving: the candidates left
    prior: float = 0.0  # CP another candidate must gain over the first to replace it

    def best(self) -> Candidate:
        """With halving, the best mean among the candidates left; else the most visited
        candidate (the higher mean among equals). With a ``prior``, the first candidate
        stays the choice unless the best beats its mean by that much."""
        if self.alive:
            top = max((self.candidates[i] for i in self.alive), key=lambda c: c.mean)
            first = self.candidates[0]
            if self.prior and 0 in self.alive and top.mean < first.mean + self.prior:
                return first
            return top
        return max(self.candidates, key=lambda c: (c.visits, c.mean))

    def ranked(self) -> list[Candidate]:
        """Every candidate, the choice (:meth:`best`) first. With halving the others
        follow in the order the race left them: those still in it, then those dropped
        at each cut, the latest cut first, each group by its mean. A dropped
        candidate's mean is of the first worlds only, which every candidate saw alike,
        so it compares with the others' means at its cut, not with their final ones
        (the later worlds may all be better or all worse)."""
        best = self.best()
        alive = set(self.alive)

        def order(index: int) -> tuple[float, ...]:
            c = self.candidates[index]
            stage = math.inf if index in alive else c.cut
            return (-stage, -c.mean, -c.visits) if self.alive else (-c.mean, -c.visits)

        rest = sorted((i for i, c in enumerate(self.candidates) if c is not best), key=order)
        return [best, *(self.candidates[i] for i in rest)]


def merge_results(trees: Mapping[int, SearchResult]) -> SearchResult:
    """One result of independent searches over the same root candidates (keyed by the
    tree's number): each candidate's visits and sums added up, tree after tree in the
    order of their numbers (a sum of floats depends on its order, and the trees may
    finish in any), the candidates still in the race in any tree, the iterations and
    nodes of all, the seconds of the longest. The choice (:meth:`SearchResult.best`)
    is then made as in one tree, on the summed statistics."""
    if not trees:
        raise ValueError("no tree to merge")
    numbers = sorted(trees)
    first = trees[numbers[0]]
    merged = SearchResult(first.seat, [Candidate(c.actions) for c in first.candidates])
    merged.prior = first.prior
    alive: set[int] = set()
    for number in numbers:
        tree = trees[number]
        if [c.actions for c in tree.candidates] != [c.actions for c in merged.candidates]:
            raise ValueError(f"tree {number} searched other root candidates")
        for into, candidate in zip(merged.candidates, tree.candidates, strict=True):
            into.visits += candidate.visits
            into.total += candidate.total
            into.squares += candidate.squares
            into.margins += candidate.margins
            into.wins += candidate.wins
            into.cut = max(into.cut, candidate.cut)
        merged.iterations += tree.iterations
        merged.seconds = max(merged.seconds, tree.seconds)
        merged.tree_nodes += tree.tree_nodes
        merged.rollout_turns += tree.rollout_turns
        for key, value in tree.extras.items():
            merged.extras[key] = merged.extras.get(key, 0.0) + value
        alive.update(tree.alive)
    merged.alive = sorted(alive)
    return merged


class TurnSearch:
    """One search from one position; build it, then :meth:`run` it."""

    def __init__(
        self,
        state: GameState,
        candidates: Sequence[Sequence[Action]],
        rng: random.Random,
        settings: SearchSettings,
        planner: Planner | None = None,
    ) -> None:
        if not candidates:
            raise ValueError("a search needs at least one candidate")
        self.root = state.copy(record=False)
        self.rng = rng
        self.settings = settings
        self.planner = planner or Planner()
        self.result = SearchResult(state.current, [Candidate(tuple(c)) for c in candidates])
        self.children: list[Node] = [Node() for _ in candidates]
        self.worlds: list[GameState] = []  # the piles of the k-th visit, when paired
        # None: down to the searching seat's own next turn (two turns with two players)
        turns = settings.tree_turns
        self.tree_turns = max(2, state.num_players) if turns is None else turns
        self.rounds = 0
        self.next_cut = settings.first_cut
        self.queue: list[int] = []
        self.leaf_values: Callable[[GameState], list[float]] = (
            shipped_leaf().evaluate
            if settings.learned_leaf
            else lambda world: evaluate(world, self.planner.weights)
        )
        if settings.halving:
            self.result.alive = list(range(len(candidates)))
        if state.kind is DecisionKind.TURN:  # the first candidate is the greedy favourite
            self.result.prior = settings.prior

    def run(
        self, progress: Progress | None = None, cancel: Callable[[], bool] | None = None
    ) -> SearchResult:
        settings = self.settings
        result = self.result
        clock = time.perf_counter
        start = clock()
        deadline = start + settings.time_budget if settings.time_budget is not None else math.inf
        limit = settings.iterations if settings.iterations is not None else math.inf
        minimum = len(result.candidates)
        done = 0
        with collection_paused():
            while done < limit:
                if done >= minimum and (clock() >= deadline or (cancel is not None and cancel())):
                    break
                self.iterate()
                done += 1
                if progress is not None and done % 16 == 0:
                    progress(done, clock() - start)
        result.iterations = done
        result.seconds = clock() - start
        if progress is not None:
            progress(done, result.seconds)
        return result

    # ------------------------------------------------------------------ one iteration
    def iterate(self) -> None:
        settings = self.settings
        planner = self.planner
        candidates = self.result.candidates
        pick = self.root_pick()
        world = self.imagine(candidates[pick].visits)
        for action in candidates[pick].actions:
            world.apply(action)
        path: list[tuple[Node, int, int]] = []  # (node, move, seat to move there)
        node = self.children[pick]
        turns = 0
        while not world.is_over and turns < self.tree_turns:
            seat = world.current
            if node.keys is None:
                plans = planner.turn_plans(world)
                node.expand([plan.actions[0] for plan in plans[: settings.width]])
                self.result.tree_nodes += 1
                for action in plans[0].actions:
                    world.apply(action)
                path.append((node, 0, seat))
                break
            move = ucb_pick(node.visits, node.totals, settings.exploration, settings.widen)
            if not world.is_legal(node.keys[move]):
                break  # cannot happen with the public history fixed; a guard, not a branch
            world.apply(node.keys[move])
            for action in planner.complete(world, seat)[0]:
                world.apply(action)
            path.append((node, move, seat))
            node = node.child(move)
            turns += 1
        rolled = 0
        horizon = self.root.turn + self.root.num_players if settings.own_turn else -1
        while not world.is_over and (
            rolled < settings.rollout_turns
            or world.total_turns - world.turn <= settings.finish
            or world.turn <= horizon
        ):
            for action in planner.turn_plans(world)[0].actions:
                world.apply(action)
            rolled += 1
        self.result.rollout_turns += rolled
        margins, wins = outcomes(world, self.leaf_values(world))
        me = self.result.seat
        if settings.victory and (settings.victory_chance or world.is_over):
            scores = [m + WIN_VALUE * w for m, w in zip(margins, wins, strict=True)]
        else:
            scores = margins
        if settings.squash is not None:
            scale = settings.squash
            scores = [scale * math.tanh(m / scale) for m in scores]
        value = scores[me]
        chosen = candidates[pick]
        chosen.visits += 1
        chosen.total += value
        chosen.squares += value * value
        chosen.margins += margins[me]
        chosen.wins += wins[me]
        for step_node, move, seat in path:
            step_node.visits[move] += 1
            step_node.totals[move] += scores[seat]

    def root_pick(self) -> int:
        """The root candidate of this iteration: by UCB1, or with halving the next one
        of the round (every candidate left is tried once a round, on the same piles)."""
        candidates = self.result.candidates
        if not self.settings.halving:
            return ucb_pick(
                [c.visits for c in candidates],
                [c.total for c in candidates],
                self.settings.exploration,
            )
        if not self.queue:
            alive = self.result.alive
            if self.rounds == self.next_cut and len(alive) > 2:
                alive.sort(key=lambda i: -candidates[i].mean)
                for dropped in alive[(len(alive) + 1) // 2 :]:
                    candidates[dropped].cut = self.rounds
                del alive[(len(alive) + 1) // 2 :]
                alive.sort()
                self.next_cut *= 2
            self.queue = list(alive)
            self.rounds += 1
        return self.queue.pop(0)

    def imagine(self, visit: int) -> GameState:
        """A world to play in: a fresh order of the unseen tiles, or with pairing the
        order drawn for the ``visit``-th visit of any root candidate."""
        if not self.settings.paired:
            return self.root.resample_hidden(self.rng)
        while len(self.worlds) <= visit:
            self.worlds.append(self.root.resample_hidden(self.rng))
        return self.worlds[visit].copy()


def seat_margins(values: Sequence[float]) -> list[float]:
    """Every seat's value minus the best other seat's."""
    return margins_of(values)


# ---------------------------------------------------------------------- root candidates
def turn_candidates(world: GameState, planner: Planner, width: int | None) -> list[list[Action]]:
    """Plans for the whole turn starting in ``world``: the greedy planner's best
    ``width`` (all of them when None), then every god plan not among them."""
    plans = planner.turn_plans(world)
    kept = plans if width is None else plans[:width]
    chosen = [plan.actions for plan in kept]
    for plan in plans[len(kept) :]:
        if isinstance(plan.actions[0], TakeGod):
            chosen.append(plan.actions)
    return chosen


def answer_candidates(world: GameState, planner: Planner) -> list[list[Action]]:
    """Plans for the rest of a turn already under way: each sensible answer to the
    pending decision (see :meth:`Planner.options`), finished greedily."""
    me = world.current
    chosen = []
    for sequence in planner.options(world):
        child = world.copy(record=False)
        for action in sequence:
            child.apply(action)
        rest, _ = planner.complete(child, me)
        chosen.append([*sequence, *rest])
    return chosen


def root_candidates(world: GameState, planner: Planner, width: int | None) -> list[list[Action]]:
    if world.kind is DecisionKind.TURN:
        return turn_candidates(world, planner, width)
    return answer_candidates(world, planner)
