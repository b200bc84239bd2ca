"""RULES.md section 9: the points people forget, one test each."""

from __future__ import annotations

from builders import (
    B,
    G,
    O,
    R,
    Seat,
    count,
    expect_illegal,
    farm,
    irrigation,
    legal,
    position,
    random_game,
    realm,
    tile,
    wild,
)
from orbis_tui.engine import (
    REALM_LIMIT,
    ZERO,
    DecisionKind,
    Exchange,
    GameState,
    GoWild,
    Pay,
    Place,
    TakeTile,
    effect_counts,
)


def test_forgotten_reduction_tokens_never_pay_any_color_symbols() -> None:
    blue_farm = {(1, 0): tile("FARM", O, effect=farm(B))}  # Ann holds the blue token

    def taking(realm_letters: str) -> GameState:
        market = {4: tile("X", R, cost="BB", any_cost=1)}
        state = position(market, seats=[Seat(blue_farm, realm=realm_letters)])
        assert state.players[0].reductions[B]
        state.apply(TakeTile(4))
        return state

    state = taking("")
    assert state.kind is DecisionKind.PAY  # the "any" symbol still has to be paid
    assert state.payment_due() == (ZERO, 1)
    assert state.legal_actions() == [GoWild()]
    expect_illegal(state, Pay(ZERO), "R-TAKE-3")
    expect_illegal(state, Pay(count("B")), "R-TAKE-3")  # no blue worshiper either
    state = taking("B")
    legal(state, Pay(count("B")))  # a blue worshiper may pay the "any" symbol
    assert realm(state) == ZERO


def test_forgotten_one_wilderness_allows_a_blue_tile_and_validates_its_irrigation() -> None:
    irrigating = tile("IRR", B, effect=irrigation(O))
    state = position({4: irrigating}, seats=[Seat({(1, 0): wild(R), (1, 1): R})])
    state.apply(TakeTile(4))
    legal(state, Place(2, 0))  # blue on wild + red: allowed thanks to the wilderness
    placed = state.players[0].pyramid[2, 0]
    assert not placed.wild and not placed.cancelled  # orange beneath: the same wilderness
    assert effect_counts(state.players[0].pyramid)["irrigation"] == 1


def test_forgotten_worshipers_collected_from_a_tile_pay_for_that_tile() -> None:
    state = position({4: tile("X", R, cost="BB", any_cost=1)}, cells={4: "BBO"})
    assert realm(state) == ZERO
    state.apply(TakeTile(4))
    assert state.decision_actions() == [Pay(count("O")), GoWild()]
    legal(state, Pay(count("O")))
    assert realm(state) == ZERO


def test_forgotten_generation_happens_even_when_the_tile_becomes_a_wilderness() -> None:
    state = position({0: tile("X", O, cost="RRR")})
    state.apply(TakeTile(0))
    state.apply(GoWild())
    state.apply(Place(1, 0, True))
    assert state.market_worshipers[1] == count("O")
    assert state.market_worshipers[3] == count("O")
    assert sum(sum(w) for w in state.market_worshipers) == 2


def test_forgotten_exchange_any_time_of_ones_own_turn_any_number_of_times() -> None:
    # Short of blue when the bill comes: exchange twice in the middle of paying.
    state = position({4: tile("X", R, cost="BB")}, seats=[Seat(realm="RRRGGG")])
    state.apply(TakeTile(4))
    assert state.legal_actions()[:1] == [GoWild()]
    legal(state, Exchange(R, B))
    legal(state, Exchange(G, B))
    legal(state, Pay(ZERO))
    assert realm(state) == ZERO
    legal(state, Place(1, 0))


def test_forgotten_at_most_ten_worshipers_at_the_end_of_every_turn() -> None:
    state = position(seats=[Seat(realm="RRRRRRRRRR")], cells={4: "BBBBB"})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.DISCARD  # 15 worshipers: the turn cannot end yet
    assert state.discard_needed() == 5
    for seed in range(6):
        _, _, states = random_game(2 + seed % 3, seed)
        for s in states:
            if s.kind is DecisionKind.TURN or s.is_over:
                assert all(p.worshipers <= REALM_LIMIT for p in s.players)
