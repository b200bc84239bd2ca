"""Property tests: thousands of random legal games, every invariant checked after every
action, illegal actions that change nothing, and records that replay to the same state.

Each test runs once per player count (2, 3, 4); Hypothesis picks the deal seed, who
starts and the seed of the random choices. The settings (the profiles of conftest.py)
are derandomized, so the suite plays the same games on every run.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import NAMES, random_illegal
from orbis_tui.engine import (
    MARKET_SIZE,
    REALM_LIMIT,
    REGION_TILES_PER_PLAYER,
    ROUNDS,
    Action,
    DecisionKind,
    GameState,
    IllegalAction,
    TakeTile,
    final_scores,
    format_action,
    geometry,
    problems,
)
from orbis_tui.records.model import DealEntry, GameRecord, GameSetup, replay
from orbis_tui.tiles import new_game


def examples(thorough: int) -> int:
    """How many games a test plays per player count: ``thorough`` in the whole suite
    (``pytest --all``), a tenth of it in the quick run (see conftest.py)."""
    quick = settings.get_profile("quick").max_examples
    current = settings.default
    if current is not None and current.max_examples == quick:
        return max(quick, thorough // 10)
    return thorough


def game_specs(players: int) -> st.SearchStrategy[tuple[int, int, int, int]]:
    return st.tuples(
        st.just(players),
        st.integers(min_value=0, max_value=2**32 - 1),  # deal seed
        st.integers(min_value=0, max_value=players - 1),  # first player
        st.integers(min_value=0, max_value=2**32 - 1),  # seed of the choices
    )


# One test per player count, so that parallel runs share the work.
PLAYERS = pytest.mark.parametrize("players", [2, 3, 4])


def check_between_turns(state: GameState) -> None:
    """What must hold whenever no turn is in progress."""
    n = state.num_players
    assert sum(t is not None for t in state.market) == MARKET_SIZE
    for p in state.players:
        assert p.worshipers <= REALM_LIMIT, p.name
    placed = sum(len(p.pyramid) for p in state.players)
    # Every take draws one tile: the piles hold exactly the takes still to come.
    assert sum(state.pile_sizes()) == REGION_TILES_PER_PLAYER * n - placed
    assert state.turn == sum(p.turns for p in state.players)
    if not state.is_over:
        assert state.current == (state.first_player + state.turn) % n


def pyramid_ok(pyramid: geometry.Pyramid) -> bool:
    """R-PLACE-1..3 checked here from scratch, independently of the engine's geometry."""
    row_one = sorted(c for r, c in pyramid if r == 1)
    if row_one and row_one != list(range(row_one[0], row_one[0] + len(row_one))):
        return False
    for row, size in ((1, 5), (2, 4), (3, 3), (4, 2)):
        if sum(1 for r, _ in pyramid if r == row) > size:
            return False
    for (r, c), placed in pyramid.items():
        if not 1 <= r <= 4:
            return False
        if r == 1:
            continue
        below = [pyramid.get((r - 1, c)), pyramid.get((r - 1, c + 1))]
        if None in below:
            return False
        if not placed.wild and not any(
            b is not None and (b.wild or b.tile.color == placed.tile.color) for b in below
        ):
            return False
    return True


def check_after_action(state: GameState, actor: int) -> None:
    assert problems(state) == []  # includes geometry.is_valid for every pyramid
    assert pyramid_ok(state.players[actor].pyramid)  # the only pyramid that may change
    for p in state.players:
        assert min(p.realm) >= 0
    assert all(min(w) >= 0 for w in state.market_worshipers)
    if state.kind is DecisionKind.TURN or state.is_over:
        check_between_turns(state)


def check_end(state: GameState) -> None:
    assert state.is_over
    assert state.turn == ROUNDS * state.num_players
    assert state.pile_sizes() == (0, 0, 0)
    assert state.legal_actions() == []
    for p in state.players:
        assert len(p.pyramid) == REGION_TILES_PER_PLAYER
        assert p.god is not None
    gods = [p.god for p in state.players]
    assert len(set(gods)) == len(gods)
    scores = final_scores(state)
    assert any(s.won for s in scores)
    for s in scores:
        assert s.total == sum(s.categories.values())


def play(spec: tuple[int, int, int, int], illegal_every: int = 0) -> tuple[GameState, list[Action]]:
    """Play one random legal game, checking every invariant after every action.

    With ``illegal_every``, also try a random illegal action every that many decisions
    and check it is refused without any change.
    """
    players, deal_seed, first, choice_seed = spec
    state = new_game(list(NAMES[:players]), seed=deal_seed, first_player=first % players)
    rng = random.Random(choice_seed)
    actions: list[Action] = []
    for seat in range(players):
        check_after_action(state, seat)
    while not state.is_over:
        if illegal_every and len(actions) % illegal_every == 0:
            wrong = random_illegal(state, rng)
            if wrong is not None:
                before = state.signature()
                try:
                    state.apply(wrong)
                except IllegalAction as error:
                    assert error.rule.startswith("R-")
                else:
                    raise AssertionError(f"illegal {wrong} was accepted")
                assert state.signature() == before
        legal = state.legal_actions()
        assert legal, f"no legal action at {state.kind}"
        action = rng.choice(legal)
        if isinstance(action, TakeTile):
            # Piles are never empty before the last take (R-SETUP-4).
            assert sum(state.pile_sizes()) > 0
        actor = state.current
        state.apply(action)
        actions.append(action)
        check_after_action(state, actor)
    check_end(state)
    return state, actions


def record_of(state: GameState, actions: list[Action]) -> GameRecord:
    setup = GameSetup(
        players=[p.name for p in state.players],
        first_player=state.first_player,
        deal=DealEntry.of(state.deal),
    )
    return GameRecord(setup=setup, actions=[format_action(a) for a in actions])


@PLAYERS
@settings(max_examples=examples(700))
@given(data=st.data())
def test_random_games_keep_every_invariant(players: int, data: st.DataObject) -> None:
    play(data.draw(game_specs(players)))


@PLAYERS
@settings(max_examples=examples(80))
@given(data=st.data())
def test_illegal_actions_are_refused_and_change_nothing(players: int, data: st.DataObject) -> None:
    play(data.draw(game_specs(players)), illegal_every=2)


@PLAYERS
@settings(max_examples=examples(100))
@given(data=st.data(), cut=st.floats(min_value=0, max_value=1))
def test_replaying_the_record_reproduces_the_state(
    players: int, data: st.DataObject, cut: float
) -> None:
    spec = data.draw(game_specs(players))
    state, actions = play(spec)
    record = record_of(state, actions)
    assert replay(record).signature() == state.signature()
    # A prefix replays to the state the game was in at that point.
    upto = int(cut * len(actions))
    partial = new_game(
        [p.name for p in state.players], seed=spec[1], first_player=state.first_player
    )
    for action in actions[:upto]:
        partial.apply(action)
    assert replay(record, upto=upto).signature() == partial.signature()


def test_the_invariant_checks_are_not_vacuous() -> None:
    """problems() and pyramid_ok() do report broken states."""
    state = new_game(list(NAMES[:2]), seed=1, first_player=0)
    assert problems(state) == []
    tile = state.market[0]
    assert tile is not None
    broken = state.copy()
    broken.players[0].realm = [11, 0, 0, 0, 0]
    assert any("R-TURN-3" in p for p in problems(broken))
    broken = state.copy()
    broken.players[0].pyramid = {
        (1, 0): geometry.PlacedTile(tile),
        (1, 2): geometry.PlacedTile(tile),
    }
    assert any("R-PLACE-1" in p for p in problems(broken))
    assert not pyramid_ok(broken.players[0].pyramid)
    broken.players[0].pyramid = {(2, 0): geometry.PlacedTile(tile)}
    assert any("R-PLACE-2" in p for p in problems(broken))
    assert not pyramid_ok(broken.players[0].pyramid)
    red, blue = (next(t for t in state.catalog.tiles if t.color == c) for c in (0, 1))
    broken.players[0].pyramid = {
        (1, 0): geometry.PlacedTile(blue),
        (1, 1): geometry.PlacedTile(blue),
        (2, 0): geometry.PlacedTile(red),
    }
    assert any("R-PLACE-3" in p for p in problems(broken))
    assert not pyramid_ok(broken.players[0].pyramid)
    broken = state.copy()
    broken.market[3] = None
    assert any("R-SETUP-4" in p for p in problems(broken))
