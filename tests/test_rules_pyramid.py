"""RULES.md section 5: the pyramid (R-PLACE-*)."""

from __future__ import annotations

from typing import cast

import pytest

from builders import (
    FULL_PYRAMID,
    B,
    Content,
    G,
    R,
    Seat,
    expect_illegal,
    legal,
    plain,
    position,
    random_game,
    rows,
    wild,
)
from orbis_tui.engine import (
    COLORS,
    Color,
    DecisionKind,
    GameState,
    Place,
    Position,
    Pyramid,
    TakeTile,
    geometry,
)
from orbis_tui.words import message_of

RED = plain("RED", R)


def taking(color: Color, pyramid: dict[Position, Content] | None = None) -> GameState:
    """A game where the first player, whose pyramid holds ``pyramid``, is about to take
    a free tile of ``color`` (cell 4)."""
    return position({4: plain("X", color)}, seats=[Seat(pyramid or {})])


def take(state: GameState) -> GameState:
    state.apply(TakeTile(4))
    assert state.kind is DecisionKind.PLACE
    return state


def colored_places(state: GameState) -> set[tuple[int, int]]:
    return {(a.row, a.col) for a in state.decision_actions() if isinstance(a, Place) and not a.wild}


def wild_places(state: GameState) -> set[tuple[int, int]]:
    return {(a.row, a.col) for a in state.decision_actions() if isinstance(a, Place) and a.wild}


# ---------------------------------------------------------------- R-PLACE-1


@pytest.mark.parametrize("color", COLORS)
def test_R_PLACE_1_the_first_tile_of_any_color_opens_row_one(color: Color) -> None:
    state = take(taking(color))
    assert colored_places(state) == {(1, 0)}
    assert wild_places(state) == {(1, 0)}
    expect_illegal(state, Place(2, 0), "R-PLACE-2")
    legal(state, Place(1, 0))


def test_R_PLACE_1_later_row_one_tiles_touch_an_end_with_no_gap() -> None:
    state = take(taking(R, {(1, 0): B, (1, 1): G}))
    assert colored_places(state) == {(1, -1), (1, 2)}
    expect_illegal(state, Place(1, 3), "R-PLACE-1")
    expect_illegal(state, Place(1, -2), "R-PLACE-1")
    expect_illegal(state, Place(1, 3, True), "R-PLACE-1")
    legal(state, Place(1, -1))


def test_R_PLACE_1_row_one_holds_at_most_five_tiles() -> None:
    state = take(taking(R, {(1, col): B for col in range(-2, 3)}))
    expect_illegal(state, Place(1, 3), "R-PLACE-1")
    expect_illegal(state, Place(1, -3, True), "R-PLACE-1")
    assert all(row == 2 for row, _ in wild_places(state))


def test_R_PLACE_1_ruling_row_one_grows_left_or_right_from_the_first_tile() -> None:
    # Not pinned to five fixed columns: columns count from the first tile, and the row
    # may grow all the way to the left (seat 0) or to both sides (seat 1).
    refills = [plain(f"P{i}", R) for i in range(28)]
    state = position(filler_color=R, piles=[refills, [], []])
    moves = [(0, 0), (1, 0), (2, -1), (3, 1), (5, -2), (6, -1), (7, -3), (8, 2), (0, -4)]
    for cell, col in moves:
        state.apply(TakeTile(cell))
        legal(state, Place(1, col))
    left = state.players[0].pyramid
    assert sorted(c for _, c in left) == [-4, -3, -2, -1, 0]
    assert sorted(c for _, c in state.players[1].pyramid) == [-1, 0, 1, 2]
    assert geometry.display_offset(left) == -4
    assert geometry.is_valid(left) == []
    take_free = TakeTile(1)
    state.apply(take_free)
    legal(state, Place(1, -2))  # seat 1 grows left as well: five wide again
    state.apply(TakeTile(2))
    assert colored_places(state) == {(2, c) for c in range(-4, 0)}
    expect_illegal(state, Place(1, 1), "R-PLACE-1")
    legal(state, Place(2, -4))


# ---------------------------------------------------------------- R-PLACE-2


def test_R_PLACE_2_an_upper_tile_rests_on_two_tiles_below() -> None:
    state = take(taking(R, {(1, 0): R}))
    expect_illegal(state, Place(2, 0), "R-PLACE-2")
    expect_illegal(state, Place(2, 0, True), "R-PLACE-2")
    expect_illegal(state, Place(2, -1, True), "R-PLACE-2")
    state = take(taking(R, {(1, 0): R, (1, 1): R}))  # one more tile below: now it rests
    assert (2, 0) in colored_places(state)
    expect_illegal(state, Place(3, 0, True), "R-PLACE-2")
    legal(state, Place(2, 0))


def test_R_PLACE_2_no_row_above_four_and_no_spot_twice() -> None:
    state = take(taking(R, {(1, 0): R}))
    expect_illegal(state, Place(5, 0, True), "R-PLACE-2")
    expect_illegal(state, Place(0, 0, True), "R-PLACE-2")
    expect_illegal(state, Place(1, 0, True), "R-PLACE-2")


def test_R_PLACE_2_the_top_row_rests_on_row_three() -> None:
    state = take(taking(R, rows(len(FULL_PYRAMID) - 2, R)))
    assert colored_places(state) == {(4, 0), (4, 1)}


# ---------------------------------------------------------------- R-PLACE-3


def test_R_PLACE_3_an_upper_tile_shares_a_color_with_a_supporting_tile() -> None:
    state = take(taking(R, {(1, 0): B, (1, 1): G, (1, 2): R}))
    error = expect_illegal(state, Place(2, 0), "R-PLACE-3")
    assert "blue" in message_of(error) and "green" in message_of(error)
    assert colored_places(state) == {(1, -1), (1, 3), (2, 1)}  # (2, 1) rests on red
    legal(state, Place(2, 1))


def test_R_PLACE_3_a_wilderness_below_counts_as_every_color() -> None:
    state = take(taking(R, {(1, 0): wild(B), (1, 1): G}))
    assert (2, 0) in colored_places(state)
    legal(state, Place(2, 0))


def test_R_PLACE_3_a_wilderness_goes_on_any_two_supporting_tiles() -> None:
    state = take(taking(R, {(1, 0): B, (1, 1): G}))
    assert (2, 0) not in colored_places(state)
    assert (2, 0) in wild_places(state)
    legal(state, Place(2, 0, True))


# ---------------------------------------------------------------- R-PLACE-4


def test_R_PLACE_4_upper_rows_before_lower_rows_are_complete() -> None:
    spots = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)]
    state = take(taking(R, dict.fromkeys(spots, R)))
    # Row 1 holds 4 of 5, row 2 holds 3 of 4, yet the top row is open.
    assert (4, 0) in colored_places(state)
    legal(state, Place(4, 0))
    assert geometry.is_valid(state.players[0].pyramid) == []


def test_R_PLACE_4_upper_rows_need_not_be_contiguous() -> None:
    state = take(taking(R, dict.fromkeys([(1, 0), (1, 1), (1, 2), (1, 3), (2, 0)], R)))
    assert (2, 2) in colored_places(state)  # leaves a hole at (2, 1)
    legal(state, Place(2, 2))
    assert geometry.is_valid(state.players[0].pyramid) == []


# ---------------------------------------------------------------- R-PLACE-5


def test_R_PLACE_5_there_is_always_a_spot_for_a_wilderness() -> None:
    # A red tile on a full blue bottom row has no colored spot, only wild ones.
    state = take(taking(R, rows(5, B)))
    assert colored_places(state) == set()
    assert wild_places(state) == {(2, c) for c in range(4)}
    # And in every PLACE decision of random games, the lowest row that is not full
    # offers a wilderness spot.
    for seed in range(4):
        _, _, states = random_game(4, seed)
        for s in states:
            if s.kind is not DecisionKind.PLACE:
                continue
            pyr = s.player.pyramid
            lowest = next(r for r, size in geometry.ROW_SIZES.items() if _row(pyr, r) < size)
            assert any(r == lowest for r, _ in wild_places(s))


def _row(pyr: geometry.Pyramid, row: int) -> int:
    return sum(1 for r, _ in pyr if r == row)


# ---------------------------------------------------------------- R-PLACE-6


def test_R_PLACE_6_neighbors_share_a_hex_edge_at_most_six() -> None:
    assert set(geometry.neighbor_positions((2, 1))) == {
        (2, 0),
        (2, 2),
        (1, 1),
        (1, 2),
        (3, 0),
        (3, 1),
    }
    full = {pos: geometry.PlacedTile(RED) for pos in FULL_PYRAMID}
    counts = {pos: len(geometry.neighbors(full, pos)) for pos in FULL_PYRAMID}
    assert max(counts.values()) == 6
    assert counts[2, 1] == counts[2, 2] == 6
    assert counts[1, 0] == 2  # its right neighbor and the tile above
    assert counts[4, 0] == 3  # its right neighbor and the two tiles below
    for pos in FULL_PYRAMID:
        for other in geometry.neighbor_positions(pos):
            assert pos in geometry.neighbor_positions(other)  # symmetric
            assert other != pos
    # Diagonal "neighbors" two columns apart do not touch.
    assert (1, 3) not in geometry.neighbor_positions((2, 1))
    assert (3, 2) not in geometry.neighbor_positions((2, 1))


@pytest.mark.parametrize("seed", range(6))
def test_R_PLACE_1_2_could_hold_matches_filling_the_pyramid_for_real(seed: int) -> None:
    """A spot can still hold a tile exactly when some way of finishing the pyramid
    fills it: checked by trying every placement order on the real engine geometry."""
    import random

    rng = random.Random(seed)
    for _ in range(20):
        pyr: dict = {}
        for _ in range(rng.randrange(0, 9)):  # a partial pyramid grown by legal wild moves
            spots = geometry.wild_spots(pyr)
            if not spots:
                break
            pyr[rng.choice(spots)] = None  # only where tiles are matters here
        reachable = _fillable(pyr)
        for row in range(1, geometry.TOP_ROW + 1):
            for col in range(-6, 7):
                pos = (row, col)
                assert geometry.could_hold(pyr, pos) == (pos in reachable), (pyr.keys(), pos)


def _fillable(start: dict) -> set:
    """Every empty spot some sequence of legal placements from ``start`` fills."""
    seen: set = set()
    frontier = [frozenset(start)]
    visited = set(frontier)
    while frontier:
        filled = frontier.pop()
        pyr = cast(Pyramid, dict.fromkeys(filled))  # only the spots taken matter here
        for spot in geometry.wild_spots(pyr):
            seen.add(spot)
            grown = filled | {spot}
            if grown not in visited:
                visited.add(grown)
                frontier.append(grown)
    return seen - set(start)
