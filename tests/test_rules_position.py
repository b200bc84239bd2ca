"""engine/position.py and check_deal: a position or a deal that play by the rules cannot
reach is refused citing the rule it breaks; one it can reach is built exactly."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from builders import (
    NAMES,
    B,
    G,
    Laid,
    O,
    R,
    Seat,
    W,
    cancelled,
    farm,
    irrigation,
    plain,
    position,
    random_game,
    rows,
    tile,
    village,
    wild,
)
from orbis_tui.engine import (
    DecisionKind,
    GodId,
    PositionError,
    SeatSpec,
    Spot,
    TakeTile,
    build_position,
    check_deal,
    deal,
    final_scores,
    position_of,
)
from orbis_tui.tiles import load_catalog, new_game
from orbis_tui.words import message_of
from orbis_tui.words.messages import POSITION

CATALOG = load_catalog()


def refused(rule: str, code: str, build: object) -> PositionError:
    """``build()`` raises a PositionError citing ``rule`` for ``code``, well worded."""
    with pytest.raises(PositionError) as caught:
        build()  # type: ignore[operator]
    error = caught.value
    assert (error.rule, error.code) == (rule, code), str(error)
    assert code in POSITION
    assert "{" not in message_of(error) and message_of(error).endswith(".")
    assert str(error).startswith(f"{rule} {code}")  # a traceback says it in no language
    return error


# ---------------------------------------------------------------- built exactly


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_position_read_back_and_built_again_plays_on_as_the_real_game(
    players: int, seed: int
) -> None:
    _, actions, states = random_game(players, seed)
    checked = 0
    for index, state in enumerate(states):
        if state.kind not in (DecisionKind.TURN, DecisionKind.OVER) or index % 3:
            continue
        built = build_position(state.catalog, position_of(state))
        assert built.signature() == state.signature()
        assert built.public_signature() == state.public_signature()
        assert (built.first_player, built.round) == (state.first_player, state.round)
        assert built.legal_actions() == state.legal_actions()
        # Playing the rest of the real game from the built state gives the same states.
        for action, real in zip(actions[index:], states[index + 1 :], strict=True):
            built.apply(action)
            assert built.signature() == real.signature()
        assert built.is_over
        assert final_scores(built) == final_scores(states[-1])
        checked += 1
    assert checked >= 5


def test_a_new_game_is_the_position_of_its_first_turn() -> None:
    state = new_game(list(NAMES[:3]), seed=5, first_player=2)
    spec = position_of(state)
    assert (spec.turn, spec.to_move) == (0, 2)
    assert build_position(CATALOG, spec).signature() == state.signature()


def test_a_position_is_read_only_at_the_start_of_a_turn() -> None:
    state = new_game(list(NAMES[:2]), seed=1)
    state.apply(TakeTile(0))
    with pytest.raises(ValueError):
        position_of(state)


def test_the_spec_is_normalised_and_frozen() -> None:
    seat = SeatSpec("Ann", {(1, 1): "X", (1, 0): Spot("Y", wild=True)}, realm="RRB")
    assert seat.pyramid == (((1, 0), Spot("Y", wild=True)), ((1, 1), Spot("X")))
    assert seat.realm == (2, 1, 0, 0, 0)
    assert (seat.tiles, seat.turns) == (2, 2)
    with pytest.raises(AttributeError):
        seat.name = "Bo"  # type: ignore[misc]


def test_what_the_builder_fills_in_keeps_the_position_consistent() -> None:
    state = position({4: plain("X", R)}, players=3, seats={1: Seat(rows(4), god=GodId.FIRE)})
    # Seats 0 and 2 have played as many turns (5) as seat 1: it is seat 0's turn.
    assert [p.turns for p in state.players] == [5, 5, 5]
    assert (state.current, state.turn, state.round) == (0, 15, 6)
    assert sum(state.pile_sizes()) == 3 * 14 - 14
    assert GodId.FIRE not in state.gods_available and len(state.gods_available) == 3


# ---------------------------------------------------------------- tiles and piles


def test_R_COMP_1_an_unknown_tile_is_refused() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    market = ("NO-SUCH-TILE", *spec.market[1:])
    error = refused(
        "R-COMP-1", "unknown_tile", lambda: build_position(CATALOG, replace(spec, market=market))
    )
    assert "NO-SUCH-TILE" in message_of(error) and "market cell 1" in message_of(error)


def test_R_COMP_1_a_tile_in_two_places_is_refused() -> None:
    x = plain("X", R)
    error = refused("R-COMP-1", "tile_twice", lambda: position({4: x}, seats=[Seat({(1, 0): x})]))
    assert "market cell 5" in message_of(error) and "Ann's pyramid at 1,0" in message_of(error)


def test_R_SETUP_4_a_market_without_nine_tiles_is_refused() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    short = replace(spec, market=spec.market[:8])
    error = refused("R-SETUP-4", "market_size", lambda: build_position(CATALOG, short))
    assert "8 tiles" in message_of(error)


def test_R_SETUP_4_a_tile_of_a_set_the_player_count_leaves_out_is_refused() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    star = next(t for t in CATALOG.tiles if t.level == 1 and t.tile_set != "base")
    market = (star.id, *spec.market[1:])
    refused("R-SETUP-4", "tile_set", lambda: build_position(CATALOG, replace(spec, market=market)))


def test_R_SETUP_4_piles_must_hold_one_tile_per_take_left() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    piles = (spec.piles[0][1:], *spec.piles[1:])
    error = refused(
        "R-SETUP-4", "piles_vs_takes", lambda: build_position(CATALOG, replace(spec, piles=piles))
    )
    assert "27" in message_of(error) and "28" in message_of(error)
    # The builder's own piles are right; given ones must be too.
    refused("R-SETUP-4", "piles_vs_takes", lambda: position(piles=[[plain("P", W)], [], []]))


def test_R_SETUP_1_each_pile_holds_its_own_level() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    piles = (
        spec.piles[0],
        spec.piles[2][:1] + spec.piles[1][1:],
        spec.piles[1][:1] + spec.piles[2][1:],
    )
    refused("R-SETUP-1", "tile_level", lambda: build_position(CATALOG, replace(spec, piles=piles)))


def test_R_TAKE_7_no_higher_level_tile_is_out_while_a_lower_pile_holds_tiles() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    # A level-2 tile changes places with a market tile: the level-1 pile is not empty.
    market = (spec.piles[1][0], *spec.market[1:])
    piles = ((spec.market[0], *spec.piles[0]), spec.piles[1][1:], spec.piles[2])
    error = refused(
        "R-TAKE-7",
        "draw_order",
        lambda: build_position(CATALOG, replace(spec, market=market, piles=piles)),
    )
    assert spec.piles[1][0] in message_of(error)


# ---------------------------------------------------------------- pyramids


def test_R_PLACE_1_a_bottom_row_with_a_gap_or_more_than_five_tiles_is_refused() -> None:
    refused("R-PLACE-1", "row1_gap", lambda: position(seats=[Seat({(1, 0): R, (1, 2): R})]))
    six = {(1, col): R for col in range(-1, 5)}
    refused("R-PLACE-1", "row1_wide", lambda: position(seats=[Seat(six)]))


def test_R_PLACE_2_an_upper_tile_rests_on_two_tiles() -> None:
    error = refused(
        "R-PLACE-2", "no_support", lambda: position(seats=[Seat({(1, 0): R, (2, 0): R})])
    )
    assert "1,1" in message_of(error)
    refused("R-PLACE-2", "pyramid_row", lambda: position(seats=[Seat({(0, 0): R})]))
    pairs = (((1, 0), Spot("X")), ((1, 0), Spot("Y")))
    refused("R-PLACE-2", "spot_twice", lambda: SeatSpec("Ann", pairs))


def test_R_PLACE_3_an_upper_tile_shares_a_color_with_its_support() -> None:
    error = refused(
        "R-PLACE-3",
        "color_mismatch",
        lambda: position(seats=[Seat({(1, 0): B, (1, 1): G, (2, 0): R})]),
    )
    assert "blue" in message_of(error) and "green" in message_of(error)
    position(seats=[Seat({(1, 0): B, (1, 1): G, (2, 0): wild(R)})])  # a wilderness fits
    position(seats=[Seat({(1, 0): wild(B), (1, 1): G, (2, 0): R})])  # and supports


def test_R_TURN_1_a_pyramid_holds_at_most_fourteen_tiles() -> None:
    refused("R-TURN-1", "too_many_tiles", lambda: position(seats=[Seat({**rows(14), (5, 0): R})]))


def test_only_a_failed_village_volcano_or_irrigation_is_cancelled() -> None:
    hut = tile("HUT", O, effect=village(2))
    position(seats=[Seat({(1, 0): cancelled(hut)})])
    refused("R-TAKE-5", "not_cancellable", lambda: position(seats=[Seat({(1, 0): cancelled(R)})]))
    refused(
        "R-TAKE-5",
        "wild_cancelled",
        lambda: position(seats=[Seat({(1, 0): Laid(hut, wild=True, cancelled=True)})]),
    )
    a_farm = tile("FARM", O, effect=farm(B))
    refused(
        "R-EFF-FARM", "not_cancellable", lambda: position(seats=[Seat({(1, 0): cancelled(a_farm)})])
    )


def test_R_EFF_IRRIGATION_cancelled_exactly_when_nothing_of_its_color_is_beneath() -> None:
    irr = tile("IRR", B, effect=irrigation(O))
    refused("R-EFF-IRRIGATION", "irrigation_cancel", lambda: position(seats=[Seat({(1, 0): irr})]))
    position(seats=[Seat({(1, 0): cancelled(irr)})])  # the row-1 ruling
    fed = {(1, 0): O, (1, 1): B}
    position(seats=[Seat({**fed, (2, 0): irr})])
    refused(
        "R-EFF-IRRIGATION",
        "irrigation_valid",
        lambda: position(seats=[Seat({**fed, (2, 0): cancelled(irr)})]),
    )
    dry = {(1, 0): B, (1, 1): B}
    refused(
        "R-EFF-IRRIGATION",
        "irrigation_cancel",
        lambda: position(seats=[Seat({**dry, (2, 0): irr})]),
    )
    position(seats=[Seat({**dry, (2, 0): cancelled(irr)})])


def test_R_EFF_FARM_reduction_tokens_are_those_the_farms_gave() -> None:
    a_farm = tile("FARM", O, effect=farm(B))
    state = position(seats=[Seat({(1, 0): a_farm})])
    assert state.players[0].reductions == [False, True, False, False, False]
    position(seats=[Seat({(1, 0): a_farm}, reductions="B")])
    error = refused(
        "R-EFF-FARM", "token_without_farm", lambda: position(seats=[Seat(reductions="R")])
    )
    assert "red" in message_of(error)
    refused(
        "R-EFF-FARM",
        "farm_without_token",
        lambda: position(seats=[Seat({(1, 0): a_farm}, reductions="")]),
    )
    # A wild farm gave nothing.
    position(seats=[Seat({(1, 0): wild(a_farm)}, reductions="")])


# ---------------------------------------------------------------- realms and worshipers


def test_R_TURN_3_no_realm_holds_more_than_ten_at_the_start_of_a_turn() -> None:
    position(seats=[Seat(realm="R" * 10)])
    error = refused("R-TURN-3", "realm_over_limit", lambda: position(seats=[Seat(realm="R" * 11)]))
    assert "11" in message_of(error)


def test_R_COMP_4_worshipers_are_counted_in_five_colors_never_below_zero() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    refused(
        "R-COMP-4", "negative_worshipers", lambda: replace(spec.seats[0], realm=(0, -1, 0, 0, 0))
    )
    refused(
        "R-COMP-4",
        "negative_worshipers",
        lambda: replace(spec, market_worshipers={3: (0, 0, -2, 0, 0)}),
    )
    refused("R-COMP-4", "bad_count", lambda: SeatSpec("Ann", realm=(1, 2)))
    refused("R-COMP-4", "bad_letters", lambda: SeatSpec("Ann", realm="RXB"))
    refused("R-COMP-4", "bad_letters", lambda: SeatSpec("Ann", reductions="Q"))
    refused("R-SETUP-1", "bad_cell", lambda: replace(spec, market_worshipers={9: "R"}))


# ---------------------------------------------------------------- gods and turns


def test_R_TURN_1_a_god_is_held_by_one_player_and_no_longer_offered() -> None:
    refused(
        "R-TURN-1",
        "god_held_twice",
        lambda: position(seats=[Seat(god=GodId.LOVE), Seat(god=GodId.LOVE)]),
    )
    refused(
        "R-TURN-1",
        "god_held_and_open",
        lambda: position(seats=[Seat(god=GodId.LOVE)], gods=[GodId.LOVE, GodId.FIRE]),
    )


def test_R_SETUP_2_held_and_offered_the_gods_are_those_drawn() -> None:
    refused("R-SETUP-2", "gods_drawn", lambda: position(gods=[GodId.LOVE, GodId.FIRE]))
    refused("R-SETUP-2", "gods_twice", lambda: position(gods=[GodId.LOVE, GodId.LOVE, GodId.FIRE]))
    refused("R-COMP-3", "unknown_god", lambda: SeatSpec("Ann", god="thunder"))  # type: ignore[arg-type]


def test_R_GOD_2_only_the_god_of_death_is_cancelled() -> None:
    state = position(seats=[Seat(god=GodId.DEATH, god_cancelled=True)])
    assert state.players[0].god_cancelled
    refused(
        "R-GOD-2",
        "god_cancelled_not_death",
        lambda: position(seats=[Seat(god=GodId.LOVE, god_cancelled=True)]),
    )
    refused("R-GOD-2", "god_cancelled_none", lambda: position(seats=[Seat(god_cancelled=True)]))


def test_R_TURN_1_each_turn_adds_one_tile_or_the_god_in_seat_order() -> None:
    # Ann 3 turns, Ben 1: no order of turns gives that.
    error = refused(
        "R-TURN-1", "turn_order", lambda: position(seats=[Seat(rows(3)), Seat(rows(1))])
    )
    assert "Ben" in message_of(error) or "Ann" in message_of(error)
    # Ann 3, Ben 2 is Ben's turn, not Ann's.
    position(seats=[Seat(rows(3)), Seat(rows(2))], to_move=1)
    refused(
        "R-TURN-1",
        "turn_order",
        lambda: position(seats=[Seat(rows(3)), Seat(rows(2))], to_move=0),
    )
    refused("R-SETUP-3", "bad_seat", lambda: position(to_move=2))


def test_a_finished_game_is_over_with_the_last_player_to_move() -> None:
    seats = [Seat(rows(14), god=GodId.LOVE), Seat(rows(14), god=GodId.APPRENTICE)]
    state = position(seats=seats, to_move=1)
    assert state.is_over and state.legal_actions() == []
    assert state.first_player == 0  # Ben played the 30th and last turn


def test_R_SETUP_1_two_to_four_players() -> None:
    spec = position_of(new_game(list(NAMES[:2]), seed=4))
    refused(
        "R-SETUP-1",
        "player_count",
        lambda: build_position(CATALOG, replace(spec, seats=spec.seats[:1])),
    )


# ---------------------------------------------------------------- check_deal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seeded_deal_passes_the_setup_check(players: int) -> None:
    for seed in range(5):
        check_deal(deal(CATALOG, players, seed), CATALOG, players)


def test_check_deal_cites_the_rule_a_deal_breaks() -> None:
    good = deal(CATALOG, 2, 7)
    cases = [
        ("R-SETUP-1", "market_size", replace(good, market=good.market[:8])),
        ("R-COMP-1", "unknown_tile", replace(good, market=("??", *good.market[1:]))),
        ("R-COMP-1", "tile_twice", replace(good, market=(good.market[1], *good.market[1:]))),
        ("R-SETUP-1", "tile_level", replace(good, market=(good.piles[1][0], *good.market[1:]))),
        ("R-SETUP-4", "tile_count", replace(good, piles=(good.piles[0], good.piles[1], ()))),
        (
            "R-SETUP-2",
            "gods_drawn",
            replace(good, gods=(*good.gods, next(g for g in GodId if g not in good.gods))),
        ),
        ("R-TURN-1", "too_few_gods", replace(good, gods=good.gods[:1])),
        ("R-COMP-3", "temple_tokens", replace(good, temple_tokens=(11, 11))),
    ]
    for rule, code, bad in cases:
        refused(rule, code, lambda bad=bad: check_deal(bad, CATALOG, 2))
    refused("R-SETUP-1", "player_count", lambda: check_deal(good, CATALOG, 5))


def test_random_positions_of_real_games_pass() -> None:
    rng = random.Random(11)
    for players in (2, 3, 4):
        state = new_game(list(NAMES[:players]), seed=rng.randrange(1000))
        while not state.is_over:
            if state.kind is DecisionKind.TURN:
                build_position(CATALOG, position_of(state))
            state.apply(rng.choice(state.legal_actions()))
