"""engine/preview.py: what taking a market cell would do, told before it is done.

The answers are checked against the rules (R-TURN-2 exchanges, R-TAKE-1 generation,
R-TAKE-2 collection, R-TAKE-3 payment, R-EFF-FARM reductions) and against the engine
itself, by taking the tile on a copy of the game.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from builders import (
    B,
    O,
    R,
    Seat,
    W,
    count,
    farm,
    plain,
    position,
    tile,
)
from orbis_tui.engine import (
    Count,
    DecisionKind,
    Exchange,
    GameState,
    Pay,
    TakeTile,
    exchange_toward_payment,
    exchanges_to_pay,
    preview_take,
)

# A red tile costing two blue and one "any", in the middle cell.
COSTLY = tile("COSTLY", R, cost="BB", any_cost=1, cp=3)
MIDDLE = 4


def game(realm: str, on_cell: str = "") -> GameState:
    return position({MIDDLE: COSTLY}, seats=[Seat(realm=realm)], cells={MIDDLE: on_cell})


def payable_after_take(state: GameState, cell: int) -> bool:
    """Whether the engine offers a payment right after taking ``cell`` (no exchange)."""
    copy = state.copy()
    copy.apply(TakeTile(cell))
    assert copy.kind is DecisionKind.PAY
    return any(isinstance(a, Pay) for a in copy.decision_actions())


@pytest.mark.parametrize(
    ("realm", "needed"),
    [
        ("BBR", 0),  # pays as it is: two blue and a red for the "any"
        ("BBB", 0),
        ("RRRRB", 1),  # three red buy the missing blue, the fourth red pays the "any"
        ("RRRRRRRW", 2),  # both blue bought, the white pays the "any"
        ("RRRB", None),  # the exchange leaves nothing for the "any"
        ("RRB", None),  # not three of one color to exchange
        ("RROOB", None),  # three worshipers, but not of one color
        ("BB", None),  # the "any" symbol still needs a worshiper
        ("", None),
    ],
)
def test_R_TURN_2_exchanges_needed_to_pay_two_blue_and_one_any(
    realm: str, needed: int | None
) -> None:
    state = game(realm)
    p = preview_take(state, MIDDLE)
    assert p.tile == COSTLY
    assert p.cost == count("BB") and p.cost_any == 1 and p.saved == count("")
    assert p.exchanges_needed == needed
    assert p.affordable == (needed == 0)
    assert p.blocked is None  # taking is always allowed; paying is the question
    assert payable_after_take(state, MIDDLE) == p.affordable
    if needed:  # the engine agrees: that many exchanges (each 3 red for 1 blue) pay it
        copy = state.copy()
        copy.apply(TakeTile(MIDDLE))
        for _ in range(needed):
            assert not any(isinstance(a, Pay) for a in copy.decision_actions())
            copy.apply(Exchange(R, B))
        assert any(isinstance(a, Pay) for a in copy.decision_actions())


def test_R_TAKE_2_the_worshipers_on_the_cell_count_towards_the_cost() -> None:
    state = game("RB", on_cell="BG")
    p = preview_take(state, MIDDLE)
    assert p.collected == count("BG")
    realm_after_collect = tuple(r + c for r, c in zip(count("RB"), p.collected, strict=True))
    assert realm_after_collect == count("RBBG")
    assert p.affordable and p.exchanges_needed == 0
    assert game("RB").players[0].realm_count == count("RB")
    assert preview_take(game("RB"), MIDDLE).exchanges_needed is None  # not without them
    copy = state.copy()
    copy.apply(TakeTile(MIDDLE))
    assert copy.player.realm_count == realm_after_collect  # the engine collects the same
    assert payable_after_take(state, MIDDLE)


ORTHOGONAL = {
    0: {1, 3},
    1: {0, 2, 4},
    2: {1, 5},
    3: {0, 4, 6},
    4: {1, 3, 5, 7},
    5: {2, 4, 8},
    6: {3, 7},
    7: {4, 6, 8},
    8: {5, 7},
}


@pytest.mark.parametrize("cell", range(9))
def test_R_TAKE_1_generation_goes_to_the_orthogonal_neighbours(cell: int) -> None:
    state = position({cell: tile("TAKEN", O)})
    p = preview_take(state, cell)
    assert set(p.generated_cells) == ORTHOGONAL[cell]
    assert len(p.generated_cells) == len(ORTHOGONAL[cell])
    before = list(state.market_worshipers)
    copy = state.copy()
    copy.apply(TakeTile(cell))
    for other in set(range(9)) - {cell}:
        grown = [copy.market_worshipers[other][c] - before[other][c] for c in range(5)]
        assert grown == ([0, 0, 1, 0, 0] if other in p.generated_cells else [0] * 5)


def test_R_EFF_FARM_a_reduction_token_cancels_the_blue_symbols_not_the_any() -> None:
    blue_farm = tile("FARM", O, effect=farm(B))

    def farmer(realm: str) -> GameState:
        """Ann has taken the farm (the blue token), Ben a plain tile."""
        seats = [Seat({(1, 0): blue_farm}, realm=realm), Seat({(1, 0): W})]
        return position({MIDDLE: COSTLY}, seats=seats)

    state = farmer("W")
    assert state.current == 0 and state.players[0].reductions[B]
    p = preview_take(state, MIDDLE)
    assert p.cost == count("") and p.saved == count("BB") and p.cost_any == 1
    assert p.affordable and p.exchanges_needed == 0
    assert payable_after_take(state, MIDDLE)
    state = farmer("")
    p = preview_take(state, MIDDLE)
    assert p.exchanges_needed is None  # the "any" symbol is never cancelled
    # Ben holds no token: the same tile costs him both blue
    assert state.players[1].effective_cost(COSTLY) == count("BB")


def test_an_empty_cell_has_no_preview() -> None:
    state = position({MIDDLE: COSTLY})
    state.apply(TakeTile(2))  # the cell stays empty until the refill
    with pytest.raises(ValueError):
        preview_take(state, 2)
    assert preview_take(state, 1).tile == plain("M1", W)


def test_exchanges_to_pay_directly() -> None:
    assert exchanges_to_pay(count("RRRRB"), count("BB"), 1) == 1
    assert exchanges_to_pay(count("RRRB"), count("BB"), 1) is None
    assert exchanges_to_pay(count("RRRB"), count("BB"), 0) == 1
    assert exchanges_to_pay(count("RRRGGG"), count("BO"), 0) == 2
    assert exchanges_to_pay(count("RRRRRR"), count("BO"), 0) == 2
    assert exchanges_to_pay(count("RRRRRR"), count("BO"), 1) is None
    assert exchanges_to_pay(count("RRRRRRR"), count("BO"), 1) == 2
    assert exchanges_to_pay(count("GW"), count(""), 2) == 0
    assert exchanges_to_pay(count("GW"), count(""), 3) is None
    assert exchanges_to_pay(count(""), count(""), 0) == 0


def covers(have: Count, need: Count, any_count: int) -> bool:
    if any(have[c] < need[c] for c in range(5)):
        return False
    return sum(have) - sum(need) >= any_count


@cache
def fewest_exchanges(have: Count, need: Count, any_count: int) -> int | None:
    """Search every sequence of 3-for-1 exchanges (each one leaves 2 worshipers fewer,
    so the search ends)."""
    if covers(have, need, any_count):
        return 0
    best = None
    for give in range(5):
        if have[give] < 3:
            continue
        for get in range(5):
            if get == give:
                continue
            after = list(have)
            after[give] -= 3
            after[get] += 1
            rest = fewest_exchanges(tuple(after), need, any_count)
            if rest is not None and (best is None or rest + 1 < best):
                best = rest + 1
    return best


@pytest.mark.slow
def test_exchanges_to_pay_matches_a_search_over_exchange_sequences() -> None:
    rng = random.Random(2024)
    seen = set()
    for _ in range(3000):
        have = tuple(rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 7)) for _ in range(5))
        need = tuple(rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(5))
        any_count = rng.randrange(4)
        expected = fewest_exchanges(have, need, any_count)
        assert exchanges_to_pay(have, need, any_count) == expected, (have, need, any_count)
        seen.add(expected)
    assert {None, 0, 1, 2} <= seen  # the sample has every kind of answer


def test_R_TURN_2_each_suggested_exchange_brings_the_payment_one_exchange_closer() -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        have = tuple(rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 7)) for _ in range(5))
        need = tuple(rng.choice((0, 0, 0, 1, 2, 3)) for _ in range(5))
        any_count = rng.randrange(4)
        needed = exchanges_to_pay(have, need, any_count)
        step = exchange_toward_payment(have, need, any_count)
        if not needed:
            assert step is None
            continue
        while needed:  # following the suggestions pays the tile in the fewest exchanges
            assert step is not None and have[step.give] >= 3 and step.give != step.get
            after = list(have)
            after[step.give] -= 3
            after[step.get] += 1
            have = tuple(after)
            assert exchanges_to_pay(have, need, any_count) == needed - 1
            needed -= 1
            step = exchange_toward_payment(have, need, any_count)
            checked += 1
        assert step is None
    assert checked > 100


def test_the_preview_changes_nothing() -> None:
    state = game("RRRRB", on_cell="G")
    before = state.signature()
    for cell in range(9):
        preview_take(state, cell)
    assert state.signature() == before
    assert state.kind is DecisionKind.TURN
