"""RULES.md sections 3 and 4: a turn (R-TURN-*) and taking a region tile (R-TAKE-*)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from builders import (
    B,
    G,
    O,
    R,
    Seat,
    W,
    count,
    expect_illegal,
    farm,
    gain,
    legal,
    plain,
    position,
    random_game,
    realm,
    rows,
    tile,
    village,
    volcano,
)
from orbis_tui.engine import (
    ZERO,
    ChooseGain,
    DecisionKind,
    Discard,
    Exchange,
    GameState,
    GodId,
    GoWild,
    Pay,
    Place,
    PlacedTile,
    TakeGod,
    TakeTile,
    Tile,
    bounded_multisets,
    why_unpayable,
)
from orbis_tui.words import message_of, name_of

# ---------------------------------------------------------------- R-TURN-1


def test_R_TURN_1_taking_a_god_is_the_whole_turn() -> None:
    state = position()
    market = list(state.market)
    legal(state, TakeGod(GodId.APPRENTICE))
    assert state.players[0].god is GodId.APPRENTICE
    assert state.players[0].turns == 1
    assert state.players[0].pyramid == {}
    assert state.market == market
    assert (state.current, state.kind) == (1, DecisionKind.TURN)


def test_R_TURN_1_once_a_god_is_taken_no_more_god_turns() -> None:
    state = position()
    legal(state, TakeGod(GodId.APPRENTICE))
    take_free_tile = TakeTile(0)
    legal(state, take_free_tile)
    legal(state, Place(1, 0))
    assert state.current == 0
    expect_illegal(state, TakeGod(GodId.LOVE), "R-TURN-1")
    assert not any(isinstance(a, TakeGod) for a in state.legal_actions())


def test_R_SETUP_2_a_god_another_player_took_is_refused_naming_its_holder() -> None:
    state = position()
    legal(state, TakeGod(GodId.APPRENTICE))
    holder = state.players[0].name
    refused = expect_illegal(state, TakeGod(GodId.APPRENTICE), "R-SETUP-2")
    said = message_of(refused)
    assert refused.code == "god_taken"
    assert holder in said and name_of(state.catalog.god_by_id[GodId.APPRENTICE]) in said
    assert "not available in this game" not in said


def test_R_TURN_1_fifteenth_turn_without_a_god_must_take_one() -> None:
    # Ben started and has his god; Ann has played 13 turns, all tiles.
    seats = [Seat(rows(13)), Seat(rows(13), god=GodId.LOVE)]
    state = position(seats=seats)
    assert (state.current, state.players[0].turns) == (0, 13)  # the 14th turn
    assert TakeTile(0) in state.legal_actions()
    # One round later: Ann's 15th and last turn, still without a god.
    state = position(seats=[Seat(rows(14)), Seat(rows(14), god=GodId.LOVE)])
    assert (state.current, state.players[0].turns) == (0, 14)
    assert state.must_take_god()
    assert state.decision_actions() == [TakeGod(g) for g in state.gods_available]
    expect_illegal(state, TakeTile(0), "R-TURN-1")
    legal(state, TakeGod(GodId.APPRENTICE))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_TURN_1_every_player_ends_with_fourteen_tiles_and_one_god(players: int) -> None:
    for seed in range(5):
        state, _, _ = random_game(players, seed)
        assert state.is_over
        for p in state.players:
            assert len(p.pyramid) == 14
            assert p.god is not None
            assert p.turns == 15


# ---------------------------------------------------------------- R-TURN-2


def test_R_TURN_2_three_of_one_color_for_one_of_any_color() -> None:
    state = position(seats=[Seat(realm="RRRB")])
    legal(state, Exchange(R, G))
    assert realm(state) == count("BG")
    assert (state.current, state.kind) == (0, DecisionKind.TURN)


def test_R_TURN_2_as_often_as_the_player_likes() -> None:
    state = position(seats=[Seat(realm="R" * 9)])
    for _ in range(3):
        legal(state, Exchange(R, W))
    legal(state, Exchange(W, B))
    assert realm(state) == count("B")


def test_R_TURN_2_needs_three_worshipers_of_the_given_color() -> None:
    state = position(seats=[Seat(realm="RRBBB")])
    expect_illegal(state, Exchange(R, B), "R-TURN-2")
    expect_illegal(state, Exchange(B, B), "R-TURN-2")
    exchanges = [a for a in state.legal_actions() if isinstance(a, Exchange)]
    assert set(exchanges) == {Exchange(B, c) for c in (R, O, G, W)}


def test_R_TURN_2_an_exchange_names_two_of_the_five_colors() -> None:
    state = position(seats=[Seat(realm="RRR")])
    expect_illegal(state, Exchange(R, 7), "R-TURN-2")  # type: ignore[arg-type]
    expect_illegal(state, Exchange(-1, R), "R-TURN-2")  # type: ignore[arg-type]


def _to_turn() -> GameState:
    return position(seats=[Seat(realm="RRR")])


def _to_pay() -> GameState:
    state = position({4: tile("PAY", R, cost="B")}, seats=[Seat(realm="RRR")])
    state.apply(TakeTile(4))
    return state


def _to_place() -> GameState:
    state = _to_turn()
    state.apply(TakeTile(4))
    return state


def _taken_and_placed(market_tile: Tile, cells: dict[int, str] | None = None) -> GameState:
    state = position({4: market_tile}, seats=[Seat(realm="RRR")], cells=cells)
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    return state


def _to_gain() -> GameState:
    return _taken_and_placed(tile("GAIN", R, effect=gain(None)))


def _to_village() -> GameState:
    return _taken_and_placed(tile("VIL", O, effect=village(1)))


def _to_volcano() -> GameState:
    return _taken_and_placed(tile("VOL", R, effect=volcano("B")), cells={0: "B"})


def _to_love() -> GameState:
    state = _to_turn()
    state.apply(TakeGod(GodId.LOVE))
    return state


def _to_death() -> GameState:
    state = position(seats=[Seat(realm="RRRRRR")])
    state.apply(TakeGod(GodId.DEATH))
    return state


@pytest.mark.parametrize(
    "reach,kind",
    [
        (_to_turn, DecisionKind.TURN),
        (_to_pay, DecisionKind.PAY),
        (_to_place, DecisionKind.PLACE),
        (_to_gain, DecisionKind.GAIN),
        (_to_village, DecisionKind.VILLAGE),
        (_to_volcano, DecisionKind.VOLCANO),
        (_to_love, DecisionKind.LOVE),
        (_to_death, DecisionKind.DEATH),
    ],
)
def test_R_TURN_2_exchange_open_at_every_decision_of_ones_own_turn(
    reach: Callable[[], GameState], kind: DecisionKind
) -> None:
    state = reach()
    assert state.kind is kind
    have = realm(state)
    legal(state, Exchange(R, G))
    assert realm(state) == (have[0] - 3, have[1], have[2], have[3] + 1, have[4])
    assert (state.current, state.kind) == (0, kind)


def test_R_TURN_2_an_exchange_while_discarding_can_end_the_turn() -> None:
    state = position(seats=[Seat(realm="R" * 10)], cells={4: "B"})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.DISCARD and state.discard_needed() == 1
    legal(state, Exchange(R, B))
    assert realm(state, 0) == count("RRRRRRRBB")
    assert (state.current, state.kind) == (1, DecisionKind.TURN)


# ---------------------------------------------------------------- R-TURN-3


def test_R_TURN_3_over_ten_at_turn_end_the_player_returns_the_extra() -> None:
    state = position(seats=[Seat(realm="RRRRRRRRB")], cells={4: "GGG"})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.DISCARD
    assert state.discard_needed() == 2
    assert state.decision_actions() == [
        Discard(c) for c in bounded_multisets(count("RRRRRRRRBGGG"), 2)
    ]
    assert state.market[4] is None  # the turn is not over yet
    expect_illegal(state, Discard(count("R")), "R-TURN-3")
    expect_illegal(state, Discard(count("RRR")), "R-TURN-3")
    expect_illegal(state, Discard(count("WW")), "R-TURN-3")
    expect_illegal(state, TakeTile(0), "R-TURN-3")
    legal(state, Discard(count("GR")))  # the player picks which ones go
    assert realm(state, 0) == count("RRRRRRRBGG")
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert state.market[4] is not None


def test_R_TURN_3_ten_worshipers_are_allowed() -> None:
    state = position(seats=[Seat(realm="R" * 9)], cells={4: "B"})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert realm(state, 0) == count("RRRRRRRRRB")
    assert (state.current, state.kind) == (1, DecisionKind.TURN)


# ---------------------------------------------------------------- R-TAKE-1

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
def test_R_TAKE_1_generate_puts_one_worshiper_on_each_orthogonal_neighbor(cell: int) -> None:
    state = position({cell: plain("X", B)})
    legal(state, TakeTile(cell))
    for other in range(9):
        expected = count("B") if other in ORTHOGONAL[cell] else ZERO
        assert state.market_worshipers[other] == expected, other
    state.apply(Place(1, 0))
    # The generated worshipers stay on the market for later takers.
    assert sum(w[B] for w in state.market_worshipers) == len(ORTHOGONAL[cell])


# ---------------------------------------------------------------- R-TAKE-2


def test_R_TAKE_2_collect_moves_the_tiles_worshipers_into_the_realm() -> None:
    # Cell 0 is diagonal to cell 4: not collected.
    state = position({4: plain("X", B)}, seats=[Seat(realm="W")], cells={4: "RRG", 0: "OO"})
    legal(state, TakeTile(4))
    assert realm(state) == count("RRGW")
    assert state.market_worshipers[4] == ZERO
    assert state.market_worshipers[0] == count("OO")


# ---------------------------------------------------------------- R-TAKE-3


def test_R_TAKE_3_the_colored_cost_is_paid_from_the_realm() -> None:
    state = position({4: tile("X", R, cost="RB")}, seats=[Seat(realm="RRBW")])
    legal(state, TakeTile(4))
    assert state.kind is DecisionKind.PAY
    assert state.decision_actions() == [Pay(ZERO), GoWild()]
    legal(state, Pay(ZERO))
    assert realm(state) == count("RW")
    assert state.kind is DecisionKind.PLACE


def test_R_TAKE_3_an_any_symbol_takes_a_worshiper_of_the_players_choice() -> None:
    state = position({4: tile("X", R, cost="R", any_cost=1)}, seats=[Seat(realm="RRBW")])
    state.apply(TakeTile(4))
    pays = [a for a in state.decision_actions() if isinstance(a, Pay)]
    assert set(pays) == {Pay(count(c)) for c in ("R", "B", "W")}
    expect_illegal(state, Pay(ZERO), "R-TAKE-3")  # the "any" symbol is unpaid
    expect_illegal(state, Pay(count("BW")), "R-TAKE-3")  # one too many
    expect_illegal(state, Pay(count("G")), "R-TAKE-3")  # no green in the realm
    legal(state, Pay(count("W")))
    assert realm(state) == count("RB")


def test_R_TAKE_3_a_cost_the_realm_cannot_cover_is_refused() -> None:
    state = position({4: tile("X", R, cost="BB")}, seats=[Seat(realm="B")])
    state.apply(TakeTile(4))
    assert state.legal_actions() == [GoWild()]
    error = expect_illegal(state, Pay(ZERO), "R-TAKE-3")
    assert message_of(error) == "The tile costs 2B; your realm holds 1B."


def test_R_TAKE_3_an_unaffordable_any_symbol_is_blamed_on_the_realm() -> None:
    state = position({4: tile("X", R, cost="RR", any_cost=1)}, seats=[Seat(realm="R")])
    state.apply(TakeTile(4))
    assert state.legal_actions() == [GoWild()]
    error = expect_illegal(state, Pay(count("R")), "R-TAKE-3")
    assert "2R plus 1 of any color" in message_of(error)
    assert message_of(error).endswith("your realm holds 1R.")


@pytest.mark.parametrize(
    ("cost", "any_cost", "realm_letters", "message"),
    [
        ("BB", 0, "B", "The tile costs 2B; your realm holds 1B."),
        ("", 2, "G", "The tile costs 2 worshipers of any color; your realm holds 1G."),
        ("RR", 1, "RRO", None),  # payable: no reason
        ("RG", 1, "RRO", "The tile costs 1R 1G plus 1 of any color; "),
    ],
)
def test_R_TAKE_3_why_no_payment_at_all_is_possible(
    cost: str, any_cost: int, realm_letters: str, message: str | None
) -> None:
    state = position(
        {4: tile("X", R, cost=cost, any_cost=any_cost)}, seats=[Seat(realm=realm_letters)]
    )
    assert why_unpayable(state) is None  # nothing is being paid for yet
    state.apply(TakeTile(4))
    reason = why_unpayable(state)
    if message is None:
        assert reason is None
        return
    assert reason is not None and reason.rule == "R-TAKE-3"
    assert message_of(reason).startswith(message)
    assert "your realm holds" in message_of(reason)
    assert not any(isinstance(a, Pay) for a in state.legal_actions())


def test_R_TAKE_3_going_wild_flips_the_tile_and_generation_stands() -> None:
    state = position({4: tile("X", R, cost="BB", effect=gain(R, 2))})
    state.apply(TakeTile(4))
    legal(state, GoWild())
    assert state.kind is DecisionKind.PLACE
    expect_illegal(state, Place(1, 0), "R-TAKE-3")
    assert state.decision_actions() == [Place(1, 0, True)]
    legal(state, Place(1, 0, True))
    assert state.players[0].pyramid[1, 0].wild
    assert realm(state, 0) == ZERO
    assert [state.market_worshipers[c] for c in (1, 3, 5, 7)] == [count("R")] * 4


def test_R_TAKE_3_a_player_may_refuse_to_pay_an_affordable_tile() -> None:
    state = position({4: tile("X", R, cost="BB")}, seats=[Seat(realm="BB")])
    state.apply(TakeTile(4))
    legal(state, GoWild())
    legal(state, Place(1, 0, True))
    assert realm(state, 0) == count("BB")


def test_R_TAKE_3_a_tile_that_costs_nothing_needs_no_payment() -> None:
    state = position({4: plain("X", R), 0: tile("Y", G, cost="OO")})
    state.apply(TakeTile(4))
    assert state.kind is DecisionKind.PLACE
    # Ben holds the orange reduction token from his farm: the whole cost is cancelled.
    state = position(
        {0: tile("Y", G, cost="OO")},
        seats=[Seat(rows(1)), Seat({(1, 0): tile("FARM", O, effect=farm(O))})],
    )
    assert state.current == 0 and state.players[1].reductions[O]
    state.apply(TakeTile(4))
    state.apply(Place(1, 1))
    state.apply(TakeTile(0))
    assert state.kind is DecisionKind.PLACE


# ---------------------------------------------------------------- R-TAKE-4


def test_R_TAKE_4_a_paid_tile_goes_into_the_pyramid_as_itself() -> None:
    x = tile("X", R, cost="R")
    state = position({4: x}, seats=[Seat(realm="R")])
    state.apply(TakeTile(4))
    state.apply(Pay(ZERO))
    legal(state, Place(1, 0))
    assert state.players[0].pyramid == {(1, 0): PlacedTile(x)}


def test_R_TAKE_4_an_unplaceable_tile_becomes_a_wilderness_and_the_payment_is_lost() -> None:
    x = tile("X", R, cost="R", effect=gain(R, 2))
    # Ben started; Ann's bottom row is full of blue.
    state = position({4: x}, seats=[Seat(rows(5, B), realm="R"), Seat(rows(6))])
    state.apply(TakeTile(4))
    state.apply(Pay(ZERO))
    assert state.decision_actions() == [Place(2, c, True) for c in range(4)]
    expect_illegal(state, Place(2, 0), "R-PLACE-3")
    legal(state, Place(2, 0, True))
    assert state.players[0].pyramid[2, 0] == PlacedTile(x, wild=True)
    assert realm(state, 0) == ZERO  # paid, lost, and no gain from the effect


def test_R_TAKE_4_a_player_may_flip_a_placeable_paid_tile() -> None:
    state = position({4: tile("X", R, cost="R")}, seats=[Seat(realm="R")])
    state.apply(TakeTile(4))
    state.apply(Pay(ZERO))
    assert Place(1, 0) in state.legal_actions()
    legal(state, Place(1, 0, True))
    assert state.players[0].pyramid[1, 0].wild


# ---------------------------------------------------------------- R-TAKE-5


def test_R_TAKE_5_the_effect_resolves_once_the_tile_is_placed() -> None:
    state = position({4: tile("X", G, effect=gain(G, 2))})
    state.apply(TakeTile(4))
    assert realm(state) == ZERO
    state.apply(Place(1, 0))
    assert realm(state, 0) == count("GG")


def test_R_TAKE_5_a_wilderness_resolves_no_effect() -> None:
    state = position({4: tile("X", G, effect=gain(G, 2)), 0: tile("F", O, effect=farm(B))})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0, True))
    assert realm(state, 0) == ZERO
    state.apply(TakeTile(0))
    state.apply(Place(1, 0, True))
    assert state.players[1].reductions == [False] * 5


# ---------------------------------------------------------------- R-TAKE-6


def test_R_TAKE_6_the_realm_limit_applies_after_the_effect() -> None:
    state = position({4: tile("X", G, effect=gain(R, 2))}, seats=[Seat(realm="W" * 10)])
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.DISCARD
    assert state.discard_needed() == 2
    assert state.market[4] is None  # phase 7 comes after phase 6
    legal(state, Discard(count("RW")))
    assert realm(state, 0) == count("RWWWWWWWWW")
    assert state.market[4] is not None


def test_R_TAKE_6_an_any_color_gain_is_chosen_before_the_limit() -> None:
    state = position({4: tile("X", G, effect=gain(None))}, seats=[Seat(realm="W" * 10)])
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.GAIN
    legal(state, ChooseGain(B))
    assert state.kind is DecisionKind.DISCARD and state.discard_needed() == 1


# ---------------------------------------------------------------- R-TAKE-7


def test_R_TAKE_7_refill_from_the_level_one_pile_with_no_worshipers() -> None:
    # Four takes left (12 tiles each): the piles hold four tiles (R-SETUP-4).
    first, second = plain("A", R), plain("Bee", G)
    state = position(
        seats=[Seat(rows(12, W)), Seat(rows(12, W))],
        piles=[[first, second], [tile("L2", W, level=2)], [tile("L3", W, level=3)]],
        cells={4: "RR"},
    )
    state.apply(TakeTile(4))
    state.apply(Place(4, 0))
    assert state.market[4] == first
    assert state.market_worshipers[4] == ZERO
    assert state.pile_sizes() == (1, 1, 1)


def test_R_TAKE_7_level_two_when_level_one_is_empty_then_level_three() -> None:
    # Two takes left, the level-1 pile already empty: the last two tiles come from the
    # level 2 and level 3 piles, and the game ends with every pile empty.
    two, three = tile("L2", R, level=2), tile("L3", G, level=3)
    seats = [Seat(rows(13, W), god=GodId.LOVE), Seat(rows(13, W), god=GodId.DEATH)]
    state = position(seats=seats, piles=[[], [two], [three]])
    state.apply(TakeTile(4))
    state.apply(Place(4, 1))
    assert state.market[4] == two
    state.apply(TakeTile(0))
    state.apply(Place(4, 1))
    assert state.market[0] == three
    assert state.pile_sizes() == (0, 0, 0)
    assert state.is_over  # the piles empty exactly on the last take (R-SETUP-4)
    assert all(t is not None for t in state.market)
