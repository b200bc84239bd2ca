"""RULES.md sections 1 and 2: components (R-COMP-*) and setup (R-SETUP-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from builders import (
    FULL_PYRAMID,
    NAMES,
    R,
    W,
    cancelled,
    copy_of,
    expect_illegal,
    plain,
    position,
    random_game,
    scored,
    tile,
    village,
)
from orbis_tui.engine import (
    COLORS,
    MARKET_SIZE,
    SETUPS,
    DecisionKind,
    EffectKind,
    GodId,
    GoWild,
    Place,
    PlacedTile,
    PlayerState,
    TakeGod,
    TakeTile,
    TileSet,
    deal,
)
from orbis_tui.tiles import load_catalog, new_game

CATALOG = load_catalog()
ALL_SETS = {TileSet.BASE, TileSet.WHITE_STAR, TileSet.PURPLE_STAR}

# RULES.md section 2: tiles used, gods drawn and temple tokens per player count.
TABLE = {
    4: (65, ALL_SETS, 5, (2, 4, 7, 11)),
    3: (51, {TileSet.BASE, TileSet.PURPLE_STAR}, 4, (2, 4, 9)),
    2: (37, {TileSet.BASE}, 3, (2, 7)),
}


# ---------------------------------------------------------------- R-COMP


def test_R_COMP_1_sixty_five_region_tiles_twenty_twenty_twenty_five_by_level() -> None:
    tiles = CATALOG.tiles
    assert len(tiles) == 65
    assert len({t.id for t in tiles}) == 65
    assert Counter(t.level for t in tiles) == {1: 20, 2: 20, 3: 25}
    for t in tiles:
        assert t.level in (1, 2, 3)
        assert t.color in COLORS
        assert len(t.cost) == 5 and min(t.cost) >= 0 and t.cost_any >= 0
        assert t.cp >= 0
        assert t.tile_set in ALL_SETS


def test_R_COMP_1_mystic_values_only_on_white_tiles_and_unique() -> None:
    whites = [t for t in CATALOG.tiles if t.color is W]
    assert all(t.mystic is not None for t in whites)
    assert all(t.mystic is None for t in CATALOG.tiles if t.color is not W)
    mystics = [t.mystic for t in whites]
    assert len(set(mystics)) == len(mystics)


def test_R_COMP_2_set_sizes_per_level() -> None:
    sizes = Counter((t.tile_set, t.level) for t in CATALOG.tiles)
    assert [sizes[TileSet.WHITE_STAR, lvl] for lvl in (1, 2, 3)] == [5, 5, 4]
    assert [sizes[TileSet.PURPLE_STAR, lvl] for lvl in (1, 2, 3)] == [4, 4, 6]
    assert [sizes[TileSet.BASE, lvl] for lvl in (1, 2, 3)] == [11, 11, 15]


def test_R_COMP_3_ten_gods_and_temple_tokens_two_four_seven_nine_eleven() -> None:
    assert {g.id for g in CATALOG.gods} == set(GodId)
    assert len(CATALOG.gods) == 10
    used = set()
    for setup in SETUPS.values():
        assert set(setup.temple_tokens) <= {2, 4, 7, 9, 11}
        used |= set(setup.temple_tokens)
    assert used == {2, 4, 7, 9, 11}


def test_R_COMP_3_one_reduction_token_per_color() -> None:
    player = PlayerState("Ann")
    assert player.reductions == [False] * 5
    farms = [t for t in CATALOG.tiles if t.effect.kind is EffectKind.FARM]
    # Each farm gives the token of one color; no color is given by two farms.
    assert len({t.effect.color for t in farms}) == len(farms) == 5


def test_R_COMP_3_cancellation_tokens_are_never_a_limit() -> None:
    # 4 players x 14 cancelled tiles = 56 cancellations, far past the 18 tokens.
    hut = tile("V", R, cp=5, effect=village(1))
    pyramids = [
        {pos: cancelled(copy_of(hut, f"{seat}.{pos}")) for pos in FULL_PYRAMID} for seat in range(4)
    ]
    for score in scored(pyramids):
        assert [t.reason for t in score.tiles] == ["cancelled"] * 14
        assert sum(t.points for t in score.tiles) == 0


def test_R_COMP_4_worshipers_are_unlimited() -> None:
    state = position({4: plain("X", R)}, cells={1: "R" * 40})
    state.apply(TakeTile(4))
    assert state.market_worshipers[1][R] == 41
    state.apply(Place(1, 0))
    # The aether never runs out: a Goddess of Love still gives all five.
    state.apply(TakeGod(GodId.LOVE))
    assert state.kind is DecisionKind.LOVE


@pytest.mark.parametrize("tile_id", [t.id for t in CATALOG.tiles])
def test_R_COMP_5_the_reverse_of_every_tile_is_a_wilderness(tile_id: str) -> None:
    the_tile = CATALOG.tile_by_id[tile_id]
    state = position({4: the_tile}, players=4)  # four players use every set
    state.apply(TakeTile(4))
    if state.kind is DecisionKind.PAY:
        assert state.why_not(GoWild()) is None
        state.apply(GoWild())
    assert Place(1, 0, True) in state.legal_actions()
    state.apply(Place(1, 0, True))
    assert state.players[0].pyramid[1, 0] == PlacedTile(the_tile, wild=True)


# ---------------------------------------------------------------- R-SETUP


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_SETUP_table_tiles_gods_and_temple_tokens_per_player_count(players: int) -> None:
    used, sets, gods, tokens = TABLE[players]
    for seed in range(5):
        the_deal = deal(CATALOG, players, seed)
        ids = [*the_deal.market, *(i for pile in the_deal.piles for i in pile)]
        assert len(ids) == len(set(ids)) == used
        assert {CATALOG.tile_by_id[i].tile_set for i in ids} == sets
        assert set(ids) == {t.id for t in CATALOG.tiles if t.tile_set in sets}
        assert len(the_deal.gods) == gods
        assert sorted(the_deal.temple_tokens) == sorted(tokens)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_SETUP_1_each_level_its_own_pile_and_a_market_of_nine_level_one(players: int) -> None:
    for seed in range(5):
        the_deal = deal(CATALOG, players, seed)
        assert len(the_deal.market) == MARKET_SIZE
        assert all(CATALOG.tile_by_id[i].level == 1 for i in the_deal.market)
        for level, pile in enumerate(the_deal.piles, start=1):
            assert all(CATALOG.tile_by_id[i].level == level for i in pile)
        state = new_game(list(NAMES[:players]), seed=seed)
        assert [t.id for t in state.market if t] == list(the_deal.market)
        assert all(not any(w) for w in state.market_worshipers)


def test_R_SETUP_1_the_deal_is_shuffled_and_reproducible() -> None:
    assert deal(CATALOG, 4, 11) == deal(CATALOG, 4, 11)
    markets = {deal(CATALOG, 4, seed).market for seed in range(20)}
    assert len(markets) == 20


def test_R_SETUP_2_gods_drawn_at_random_and_the_rest_leave_the_game() -> None:
    seen: set[GodId] = set()
    for seed in range(30):
        the_deal = deal(CATALOG, 3, seed)
        assert len(set(the_deal.gods)) == 4
        seen |= set(the_deal.gods)
        state = new_game(list(NAMES[:3]), seed=seed)
        assert state.gods_available == list(the_deal.gods)
        absent = next(g for g in GodId if g not in the_deal.gods)
        expect_illegal(state, TakeGod(absent), "R-SETUP-2")
    assert seen == set(GodId)


def test_R_SETUP_2_a_god_taken_by_another_player_is_gone() -> None:
    state = position()
    state.apply(TakeGod(GodId.APPRENTICE))
    assert GodId.APPRENTICE not in state.gods_available
    expect_illegal(state, TakeGod(GodId.APPRENTICE), "R-SETUP-2")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_R_SETUP_3_players_start_with_empty_pyramid_and_realm(players: int) -> None:
    state = new_game(list(NAMES[:players]), seed=3)
    assert state.num_players == players
    for p in state.players:
        assert p.pyramid == {}
        assert p.realm == [0] * 5
        assert p.god is None
        assert p.reductions == [False] * 5
    assert state.kind is DecisionKind.TURN
    assert state.round == 1


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_R_SETUP_3_chosen_first_player_then_seat_order(first: int) -> None:
    state, _, states = random_game(4, seed=first, first=first)
    # Exchanges keep a turn's state at TURN, so key the states by turn number.
    active = {s.turn: s.current for s in states if s.kind is DecisionKind.TURN}
    assert sorted(active) == list(range(60))  # 15 rounds of 4 turns
    assert [active[t] for t in range(60)] == [(first + t) % 4 for t in range(60)]
    assert state.is_over


def test_R_SETUP_3_first_player_at_random_from_the_seed() -> None:
    firsts = [new_game(list(NAMES), seed=s).first_player for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [new_game(list(NAMES), seed=s).first_player for s in range(40)]
    with pytest.raises(ValueError):
        new_game(list(NAMES[:2]), seed=1, first_player=2)
    with pytest.raises(ValueError):
        new_game(["solo"], seed=1)


@pytest.mark.parametrize("players,takes", [(2, 28), (3, 42), (4, 56)])
def test_R_SETUP_4_piles_empty_exactly_on_the_last_take(players: int, takes: int) -> None:
    for seed in range(3):
        state, actions, states = random_game(players, seed)
        assert sum(isinstance(a, TakeTile) for a in actions) == takes
        assert sum(len(p) for p in state.deal.piles) == takes
        taken = 0
        for before, action, after in zip(states, actions, states[1:], strict=False):
            if isinstance(action, TakeTile):
                taken += 1
                # Not empty before the last take.
                assert sum(before.pile_sizes()) == takes - taken + 1 > 0
            if after.kind is DecisionKind.TURN or after.is_over:
                assert sum(t is not None for t in after.market) == MARKET_SIZE
                assert sum(after.pile_sizes()) == takes - taken
        assert state.pile_sizes() == (0, 0, 0)
