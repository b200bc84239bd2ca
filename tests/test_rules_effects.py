"""RULES.md section 6: region tile effects (R-EFF-*) and the wilderness."""

from __future__ import annotations

from builders import (
    STONE,
    TEMPLE,
    B,
    Content,
    G,
    O,
    R,
    Seat,
    W,
    count,
    expect_illegal,
    farm,
    forest,
    gain,
    irrigation,
    legal,
    position,
    realm,
    tile,
    village,
    volcano,
    wild,
)
from orbis_tui.engine import (
    COLORS,
    ZERO,
    ChooseGain,
    DecisionKind,
    Decline,
    EffectKind,
    Erupt,
    GameState,
    GodId,
    GoWild,
    Pay,
    Place,
    PlacedTile,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    bounded_multisets,
    effect_counts,
    final_scores,
)
from orbis_tui.tiles import load_catalog


def placed(state: GameState, seat: int, pos: tuple[int, int]) -> PlacedTile:
    return state.players[seat].pyramid[pos]


def tile_score(state: GameState, seat: int, pos: tuple[int, int]) -> tuple[int, str]:
    score = final_scores(state)[seat]
    found = next(t for t in score.tiles if t.position == pos)
    return found.points, found.reason


# ---------------------------------------------------------------- R-EFF-FARM


def test_R_EFF_FARM_takes_the_reduction_token_and_that_color_is_never_paid_again() -> None:
    pricey = tile("PRICEY", R, cost="BBR")
    # A red worshiper waits on the pricey tile's cell: Ann collects it when she takes it.
    state = position({4: tile("FARM", O, effect=farm(B)), 0: pricey}, cells={0: "R"})
    legal(state, TakeTile(4))
    legal(state, Place(1, 0))
    assert state.players[0].reductions == [False, True, False, False, False]
    state.apply(TakeGod(GodId.APPRENTICE))  # the other player's turn
    state.apply(TakeTile(0))
    assert state.payment_due() == (count("R"), 0)
    legal(state, Pay(ZERO))
    assert realm(state) == ZERO


def test_R_EFF_FARM_ruling_a_token_already_held_adds_nothing() -> None:
    state = position({4: tile("FARM1", O, effect=farm(B)), 0: tile("FARM2", O, effect=farm(B))})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    state.apply(TakeGod(GodId.APPRENTICE))
    before = state.players[0].reductions[:]
    state.apply(TakeTile(0))
    state.apply(Place(1, 1))
    assert state.players[0].reductions == before == [False, True, False, False, False]
    assert not placed(state, 0, (1, 1)).cancelled
    # The shipped tile set holds at most one farm per color.
    farms = [t.effect.color for t in load_catalog().tiles if t.effect.kind is EffectKind.FARM]
    assert len(farms) == len(set(farms))


# ---------------------------------------------------------------- R-EFF-VILLAGE


def test_R_EFF_VILLAGE_returns_the_worshipers_shown_the_player_picks_which() -> None:
    state = position({4: tile("VIL", O, cp=4, effect=village(2))}, seats=[Seat(realm="RGW")])
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert state.kind is DecisionKind.VILLAGE
    assert state.decision_actions() == [
        *(ReturnWorshipers(c) for c in bounded_multisets(count("RGW"), 2)),
        Decline(),
    ]
    expect_illegal(state, ReturnWorshipers(count("R")), "R-EFF-VILLAGE")
    expect_illegal(state, ReturnWorshipers(count("RR")), "R-EFF-VILLAGE")
    expect_illegal(state, ReturnWorshipers(count("RGW")), "R-EFF-VILLAGE")
    legal(state, ReturnWorshipers(count("RW")))
    assert realm(state, 0) == count("G")
    assert not placed(state, 0, (1, 0)).cancelled
    assert effect_counts(state.players[0].pyramid)["village"] == 1
    assert tile_score(state, 0, (1, 0)) == (4, "validated")


def test_R_EFF_VILLAGE_a_player_who_will_not_return_cancels_it() -> None:
    state = position({4: tile("VIL", O, cp=4, effect=village(2))}, seats=[Seat(realm="RGW")])
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    legal(state, Decline())
    assert realm(state, 0) == count("RGW")
    assert placed(state, 0, (1, 0)).cancelled
    assert effect_counts(state.players[0].pyramid)["village"] == 0
    assert tile_score(state, 0, (1, 0)) == (0, "cancelled")


def test_R_EFF_VILLAGE_a_player_who_cannot_return_enough_cancels_it() -> None:
    state = position({4: tile("VIL", O, cp=4, effect=village(3))}, seats=[Seat(realm="RG")])
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert realm(state, 0) == count("RG")
    assert placed(state, 0, (1, 0)).cancelled


# ---------------------------------------------------------------- R-EFF-FOREST

FOREST = tile("FOREST", G, cp=5, effect=forest([G, B], 2))


def forest_state(pyramid: dict[tuple[int, int], Content]) -> GameState:
    """Ann's pyramid holds ``pyramid`` and a forest at (2, 1), whose neighbors are
    (2, 0), (2, 2), (1, 1), (1, 2), (3, 0) and (3, 1)."""
    return position(seats=[Seat({**pyramid, (2, 1): FOREST})])


def test_R_EFF_FOREST_scores_when_enough_neighbors_show_its_colors() -> None:
    # One green below, one blue beside: 2 of the 6 neighbors, as the forest asks.
    state = forest_state(
        {(1, 0): R, (1, 1): G, (1, 2): R, (1, 3): B, (2, 0): R, (2, 2): B, (3, 0): R}
    )
    assert tile_score(state, 0, (2, 1)) == (5, "validated")
    assert effect_counts(state.players[0].pyramid)["forest"] == 1


def test_R_EFF_FOREST_scores_nothing_with_too_few_matching_neighbors() -> None:
    # (1, 0) and (1, 3) are not neighbors of (2, 1): they do not count.
    state = forest_state({(1, 0): G, (1, 1): G, (1, 2): R, (1, 3): B, (2, 2): R})
    assert tile_score(state, 0, (2, 1)) == (0, "forest_unmet")
    assert effect_counts(state.players[0].pyramid)["forest"] == 0
    assert not placed(state, 0, (2, 1)).cancelled


def test_R_EFF_FOREST_a_wilderness_neighbor_counts_as_every_color() -> None:
    state = forest_state(
        {(1, 0): R, (1, 1): G, (1, 2): R, (1, 3): R, (2, 0): R, (2, 2): wild(R), (3, 0): R}
    )
    assert tile_score(state, 0, (2, 1)) == (5, "validated")


def test_R_EFF_FOREST_is_not_cancelled_during_play() -> None:
    state = position({4: FOREST})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert not placed(state, 0, (1, 0)).cancelled
    assert tile_score(state, 0, (1, 0)) == (0, "forest_unmet")


# ---------------------------------------------------------------- R-EFF-VOLCANO


def volcano_state(remove: str) -> GameState:
    return position(
        {4: tile("VOLC", R, cp=3, effect=volcano(remove))}, cells={0: "B", 2: "BB", 8: "BG"}
    )


def test_R_EFF_VOLCANO_removes_the_shown_worshipers_from_cells_the_player_picks() -> None:
    state = volcano_state("BB")
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert state.kind is DecisionKind.VOLCANO
    erupts = {a for a in state.decision_actions() if isinstance(a, Erupt)}
    b = count("B")
    assert erupts == {
        Erupt(((0, b), (2, b))),
        Erupt(((0, b), (8, b))),
        Erupt(((2, count("BB")),)),
        Erupt(((2, b), (8, b))),
    }
    legal(state, Erupt(((2, b), (8, b))))
    assert state.market_worshipers[0] == b
    assert state.market_worshipers[2] == b
    assert state.market_worshipers[8] == count("G")
    assert not placed(state, 0, (1, 0)).cancelled
    assert effect_counts(state.players[0].pyramid)["volcano"] == 1


def test_R_EFF_VOLCANO_a_wrong_removal_is_refused() -> None:
    state = volcano_state("BB")
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    b = count("B")
    expect_illegal(state, Erupt(((2, b),)), "R-EFF-VOLCANO")  # one short
    expect_illegal(state, Erupt(((0, count("BB")),)), "R-EFF-VOLCANO")  # cell 0 holds 1
    expect_illegal(state, Erupt(((2, b), (8, count("G")))), "R-EFF-VOLCANO")  # wrong color
    expect_illegal(state, Erupt(((4, b), (2, b))), "R-EFF-VOLCANO")  # the taken cell
    expect_illegal(state, Erupt(((8, b), (2, b))), "R-EFF-VOLCANO")  # not in order
    expect_illegal(state, Erupt(((9, b), (2, b))), "R-EFF-VOLCANO")  # no such cell


def test_R_EFF_VOLCANO_can_remove_what_its_own_generation_put_there() -> None:
    state = position({4: tile("VOLC", R, effect=volcano("RR"))})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert state.kind is DecisionKind.VOLCANO
    legal(state, Erupt(((1, count("R")), (7, count("R")))))
    assert [state.market_worshipers[c] for c in (1, 3, 5, 7)] == [ZERO, *[count("R")] * 2, ZERO]


def test_R_EFF_VOLCANO_all_or_nothing_when_the_market_lacks_them() -> None:
    state = volcano_state("BBBBB")  # only 4 blue on the other cells
    market = list(state.market_worshipers)
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert placed(state, 0, (1, 0)).cancelled
    for cell in (0, 2, 8):
        assert state.market_worshipers[cell] == market[cell]
    assert tile_score(state, 0, (1, 0)) == (0, "cancelled")


def test_R_EFF_VOLCANO_a_player_who_will_not_remove_cancels_it() -> None:
    state = volcano_state("B")
    state.apply(TakeTile(4))
    state.apply(Place(1, 0))
    before = [state.market_worshipers[c] for c in (0, 2, 8)]
    legal(state, Decline())
    assert placed(state, 0, (1, 0)).cancelled
    assert [state.market_worshipers[c] for c in (0, 2, 8)] == before


# ---------------------------------------------------------------- R-EFF-IRRIGATION


def irrigation_state(left: Content, right: Content) -> GameState:
    """A blue irrigation (wants orange) taken, with two tiles in the bottom row."""
    irrigating = tile("IRR", B, cp=4, effect=irrigation(O))
    state = position({4: irrigating}, seats=[Seat({(1, 0): left, (1, 1): right})])
    state.apply(TakeTile(4))
    return state


def test_R_EFF_IRRIGATION_validated_by_the_color_right_beneath() -> None:
    state = irrigation_state(B, O)
    legal(state, Place(2, 0))
    assert not placed(state, 0, (2, 0)).cancelled
    assert effect_counts(state.players[0].pyramid)["irrigation"] == 1
    assert tile_score(state, 0, (2, 0)) == (4, "validated")


def test_R_EFF_IRRIGATION_a_wilderness_beneath_counts() -> None:
    state = irrigation_state(wild(B), B)
    legal(state, Place(2, 0))
    assert not placed(state, 0, (2, 0)).cancelled


def test_R_EFF_IRRIGATION_cancelled_at_once_without_the_color_beneath() -> None:
    state = irrigation_state(B, B)
    legal(state, Place(2, 0))
    assert placed(state, 0, (2, 0)).cancelled
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert tile_score(state, 0, (2, 0)) == (0, "cancelled")


def test_R_EFF_IRRIGATION_ruling_an_irrigation_in_row_one_is_cancelled() -> None:
    state = irrigation_state(B, O)
    legal(state, Place(1, 2))  # beside an orange tile, but nothing beneath it
    assert placed(state, 0, (1, 2)).cancelled
    assert effect_counts(state.players[0].pyramid)["irrigation"] == 0


# ---------------------------------------------------------------- R-EFF-TEMPLE


def test_R_EFF_TEMPLE_earns_a_temple_token_at_game_end() -> None:
    temple = tile("TEMPLE", W, cp=1, effect=TEMPLE, mystic=5)
    state = position({4: temple})
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert (state.current, state.kind) == (1, DecisionKind.TURN)  # nothing happens now
    scores = final_scores(state)
    assert (scores[0].temple_count, scores[0].temple_token) == (1, 7)
    assert (scores[1].temple_count, scores[1].temple_token) == (0, 0)
    assert scores[0].total == 1 + 7


def test_R_EFF_TEMPLE_a_wilderness_is_no_temple() -> None:
    temple = tile("TEMPLE", W, cp=1, effect=TEMPLE, mystic=5)
    state = position({4: temple})
    state.apply(TakeTile(4))
    state.apply(Place(1, 0, True))
    assert (final_scores(state)[0].temple_count, final_scores(state)[0].temple_token) == (0, 0)


# ---------------------------------------------------------------- R-EFF-GAIN


def test_R_EFF_GAIN_one_worshiper_of_the_color_shown() -> None:
    state = position({4: tile("G1", R, effect=gain(B))})
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert realm(state, 0) == count("B")


def test_R_EFF_GAIN_two_worshipers_of_the_color_shown() -> None:
    state = position({4: tile("G2", R, effect=gain(W, 2))})
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert realm(state, 0) == count("WW")


def test_R_EFF_GAIN_one_worshiper_of_any_color_the_player_picks() -> None:
    state = position({4: tile("GA", R, effect=gain(None))})
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert state.kind is DecisionKind.GAIN
    assert state.decision_actions() == [ChooseGain(c) for c in COLORS]
    expect_illegal(state, ChooseGain(9), "R-EFF-GAIN")  # type: ignore[arg-type]
    legal(state, ChooseGain(G))
    assert realm(state, 0) == count("G")
    assert (state.current, state.kind) == (1, DecisionKind.TURN)


# ---------------------------------------------------------------- R-EFF-STONE


def test_R_EFF_STONE_a_sacred_stone_is_worth_one_point() -> None:
    state = position({4: tile("STONE", R, effect=STONE)})
    state.apply(TakeTile(4))
    legal(state, Place(1, 0))
    assert tile_score(state, 0, (1, 0)) == (1, "stone")
    assert final_scores(state)[0].total == 1


# ---------------------------------------------------------------- wilderness


def test_wilderness_has_no_effect_no_cp_and_costs_one_point() -> None:
    rich = tile("RICH", R, cost="B", cp=6, effect=STONE)
    state = position({4: rich})
    state.apply(TakeTile(4))
    state.apply(GoWild())
    state.apply(Place(1, 0, True))
    assert tile_score(state, 0, (1, 0)) == (-1, "wilderness")
    assert final_scores(state)[0].total == -1
    assert effect_counts(state.players[0].pyramid)["wilderness"] == 1
