"""Every computer level plays fair: its move depends on what a player can see and on
its seed, never on the hidden order of the face-down piles.

Two copies of a position that differ only in the order of the unseen tiles (made with
``resample_hidden``, which shuffles from a canonical order) must get the same move from
bots of the same level and seed with a fixed search size, for every level, on many
positions from 2-, 3- and 4-player games and at every kind of decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from orbis_tui.bots import ALL_LEVELS, Bot, ExpertBot, HardBot, MediumBot, make_bot
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.tiles import new_game

# Small fixed searches: the property does not depend on the size, the suite's time does.
FACTORIES: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: make_bot("random", seed),
    "easy": lambda seed: make_bot("easy", seed),
    "medium": lambda seed: make_bot("medium", seed),
    "hard": lambda seed: HardBot(seed, iterations=2, candidates=3, depth=2),
    "expert": lambda seed: ExpertBot(
        seed, iterations=8, root_width=4, width=2, tree_turns=2, rollout_turns=1
    ),
}


def test_every_level_is_covered() -> None:
    assert set(FACTORIES) == set(ALL_LEVELS)


def positions(players: int, seed: int, every: int) -> list[GameState]:
    """Positions of a game between medium players: every ``every``-th decision, plus the
    first of each kind of decision met."""
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(seed * 10 + seat) for seat in range(players)]
    found: list[GameState] = []
    kinds: set[DecisionKind] = set()
    count = 0
    while not state.is_over:
        if count % every == 0 or state.kind not in kinds:
            found.append(state.copy())
            kinds.add(state.kind)
        state.apply(bots[state.current].choose(state))
        count += 1
    return found


def hidden_variants(state: GameState, count: int) -> list[GameState]:
    """Copies of ``state`` with other orders of the unseen tiles (never the same order
    twice when the piles allow it)."""
    rng = random.Random(len(state.move_stack) + state.turn)
    variants = [state.resample_hidden(rng) for _ in range(count)]
    for variant in variants:
        assert variant.public_signature() == state.public_signature()
    return variants


@pytest.fixture(scope="module")
def many_positions() -> list[GameState]:
    found = []
    for players, seed, every in ((2, 31, 9), (3, 32, 17), (4, 33, 23)):
        found += positions(players, seed, every)
    return found


def test_the_positions_cover_every_decision_and_hide_something(
    many_positions: list[GameState],
) -> None:
    kinds = {state.kind for state in many_positions}
    assert {DecisionKind.TURN, DecisionKind.PAY, DecisionKind.PLACE} <= kinds
    assert len(kinds) >= 6
    hidden = [s for s in many_positions if hidden_variants(s, 1)[0].signature() != s.signature()]
    assert len(hidden) >= len(many_positions) // 2


@pytest.mark.parametrize("level", sorted(FACTORIES))
def test_permuting_the_unseen_tiles_never_changes_the_move(
    level: str, many_positions: list[GameState]
) -> None:
    factory = FACTORIES[level]
    search = level in ("hard", "expert")
    chosen = many_positions[::3] if search else many_positions
    for index, state in enumerate(chosen):
        seed = 100 + index
        move = factory(seed).choose(state)
        for variant in hidden_variants(state, 1 if search else 3):
            assert factory(seed).choose(variant) == move, (level, index, state.kind)


@pytest.mark.parametrize("level", ["medium", "expert"])
def test_a_bot_that_never_sees_the_real_piles_plays_the_same_game(level: str) -> None:
    """One bot is handed the real position, its twin (same seed) a copy whose unseen
    tiles are reshuffled before every decision: they make the very same moves."""
    factory = FACTORIES[level]
    state = new_game(["A", "B"], seed=41, first_player=0)
    real, blind = factory(7), factory(7)
    opponent = MediumBot(8)
    rng = random.Random(5)
    turns = 0
    while not state.is_over and turns < 12:
        if state.current == 0:
            action = real.choose(state)
            assert blind.choose(state.resample_hidden(rng)) == action
        else:
            action = opponent.choose(state)
        turn = state.turn
        state.apply(action)
        turns += state.turn != turn


@pytest.mark.parametrize(
    "factory",
    [
        lambda seed: HardBot(seed, iterations=2),
        lambda seed: ExpertBot(seed, iterations=12),
    ],
    ids=["hard", "expert"],
)
def test_the_search_levels_with_their_own_settings_are_fair(
    factory: Callable[[int], Bot], many_positions: list[GameState]
) -> None:
    """The reduced searches above stand for the real ones; this checks the real settings
    (every default but the size) on positions where the unseen tiles really differ."""
    hiding = [
        state
        for state in many_positions
        if hidden_variants(state, 1)[0].signature() != state.signature()
    ]
    chosen = hiding[::5]
    assert len(chosen) >= 8
    for index, state in enumerate(chosen):
        seed = 300 + index
        move = factory(seed).choose(state)
        assert factory(seed).choose(hidden_variants(state, 1)[0]) == move, (index, state.kind)
