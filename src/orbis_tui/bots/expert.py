"""The expert opponent: information-set Monte-Carlo tree search over whole turns.

At the start of its turn (or when asked in the middle of one without a plan) the bot
runs :class:`~.ismcts.TurnSearch` from the position it is given and plays the plan of
the most visited root candidate, one decision at a time. Everything random in the
search comes from :func:`~.fair.decision_rng` (the bot's seed and the public position)
and every imagined world is a :meth:`~orbis_tui.engine.GameState.resample_hidden` copy,
so with a fixed number of iterations the move is a function of what the player sees
and the seed. With three and four players the leaves are scored by the learned
evaluation (:mod:`.leaf`), with two by the hand-written one, and with four the greedy
favourite stays the move unless the search finds a plan clearly better (see
``TABLE_SETTINGS``). The search is several independent trees whose root statistics
are summed (:mod:`.forest`), grown on worker processes where the program allows; with
``trees=1`` it is the single tree, played exactly as before the trees.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from dataclasses import replace

from ..engine import Action, GameState
from ..options import check_search_size
from .fair import decision_rng, tree_rng
from .forest import search_trees, tree_count, warm_search_workers
from .heuristics import DEFAULT_WEIGHTS, Weights
from .ismcts import SearchResult, SearchSettings, TurnSearch, root_candidates
from .plan import PlanFollower
from .rollout import QuickPlanner

DEFAULT_EXPERT_BUDGET = 1.5  # seconds per turn: a turn stays under 2 s on this machine
# Within the last four turns of the game the leaf plays on to the end and scores the
# final position, rather than trusting the evaluation one turn after the tree.
EXPERT_FINISH = 4
EXPERT_TREES = 4  # independent trees of one search (root parallelism; docs/bots.md)
# Search settings by table size, each where a held-out match at equal time measured it
# (docs/bots.md); a setting the caller gives wins over these.
# With four players the greedy favourite also stays the move unless another plan beats it
# by a CP: each of some 90 iterations plays four noisy turns, and the best of several
# noisy means is too often a lucky one.
# At every size the search is four independent trees, their root statistics summed
# (root parallelism, see .forest): up to four processors think at once, and the move is
# the same however many there are (with a fixed size). ``trees=1`` is the single tree
# the held-out matches played; at equal iterations the trees play as well (two players:
# 69.3% of 300 against the single tree's 68.3%, docs/bots.md).
# At every size the victory counts at finished games only (a leaf before the end by its
# margin): with two players 68.3% of 300 held-out games against hard, 62.5% with the
# chance of winning at every leaf; with three 59.7% of 150, against 52.3%; with four,
# where it follows the two and three, 44.4% of 152 (docs/bots.md).
# With two players the root keeps every plan over the last four turns of the game:
# 69.8% of the same 300 held-out games against 68.3% (the 5 games that changed all
# went the expert's way), at the same CPU a turn (docs/bots.md).
# With two players too the leaf is the learned evaluation (as with three and four): on
# two sets of 300 held-out games against hard, 72.3% and 74.5%, against 69.8% and 71.3%
# with the hand evaluation on the same games, at less CPU a turn than hard (docs/bots.md).
TABLE_SETTINGS: dict[int, dict[str, float | bool]] = {
    2: {"learned_leaf": True, "trees": EXPERT_TREES, "victory_chance": False, "endgame_width": 4},
    3: {"learned_leaf": True, "trees": EXPERT_TREES, "victory_chance": False},
    4: {"learned_leaf": True, "prior": 1.0, "trees": EXPERT_TREES, "victory_chance": False},
}
# Table sizes at which the leaf is scored by the learned evaluation (see .leaf); elsewhere
# the hand one.
LEARNED_LEAF_TABLES = frozenset(n for n, s in TABLE_SETTINGS.items() if s.get("learned_leaf"))


class ExpertBot:
    """ISMCTS over whole turns (level "expert")."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float | None = None,
        iterations: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        **settings: float,
    ) -> None:
        time_budget, iterations = check_search_size(time_budget, iterations, DEFAULT_EXPERT_BUDGET)
        self.seed = seed
        self.time_budget = time_budget
        self.iterations = iterations
        # the leaf reaches the expert's own next turn, and the tree may grow down to it
        chosen: dict[str, object] = {
            "finish": EXPERT_FINISH,
            "own_turn": True,
            "tree_turns": None,
            **settings,
        }
        self.settings = SearchSettings(iterations=iterations, time_budget=time_budget, **chosen)  # type: ignore[arg-type]
        self.given = frozenset(settings)  # the caller's choices, kept at every table size
        self.weights = weights
        self.planner = QuickPlanner(weights)
        self.follower = PlanFollower()
        self.last: SearchResult | None = None

    def choose(self, state: GameState) -> Action:
        action = self.follower.next(state)
        if action is not None:
            return action
        rng = decision_rng(self.seed, state)
        world = state.resample_hidden(rng)
        settings = self.table_settings(world.num_players)
        width: int | None = settings.root_width
        if world.total_turns - world.turn <= settings.endgame_width:
            width = None  # every plan
        candidates = root_candidates(world, self.planner, width)
        if len(candidates) == 1:
            self.last = None
            return self.follower.start(state, candidates[0])
        trees = tree_count(settings, len(candidates))
        if trees == 1:
            self.last = TurnSearch(world, candidates, rng, settings, self.planner).run()
        else:
            rngs = [rng, *(tree_rng(self.seed, state, n) for n in range(1, trees))]
            self.last = search_trees(world, candidates, settings, self.weights, rngs, self.planner)
        return self.follower.start(state, list(self.last.best().actions))

    def table_settings(self, players: int) -> SearchSettings:
        """The search's settings at a table of ``players``: the table's own
        (``TABLE_SETTINGS``), but for those the caller chose."""
        table = TABLE_SETTINGS.get(players, {})
        chosen = {key: value for key, value in table.items() if key not in self.given}
        return replace(self.settings, **chosen) if chosen else self.settings  # type: ignore[arg-type]


def warm_expert_workers(levels: Collection[str]) -> threading.Event | None:
    """When one of ``levels`` (a table's seats) is the expert: start the worker
    processes its search will grow its trees on, ahead of its first turn, and return
    at once (:func:`.forest.warm_search_workers`), so that its first turn is as quick
    as the others. None when no seat is the expert's or its search will use none."""
    return warm_search_workers(EXPERT_TREES) if ExpertBot.name in levels else None
