"""RULES.md section 7: the ten gods, R-GOD-1 and R-GOD-2."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from builders import (
    TEMPLE,
    B,
    Content,
    G,
    Laid,
    O,
    R,
    Seat,
    W,
    copy_of,
    count,
    expect_illegal,
    forest,
    irrigation,
    legal,
    plain,
    position,
    realm,
    scored,
    tile,
    village,
    volcano,
)
from orbis_tui.engine import (
    ChooseWorshipers,
    DecisionKind,
    Decline,
    Discard,
    Exchange,
    GodId,
    GodScore,
    PlayerScore,
    Position,
    ReturnWorshipers,
    TakeGod,
    Tile,
    bounded_multisets,
    final_scores,
)

IRR = tile("IRR", B, effect=irrigation(O))
VOLC = tile("VOLC", R, effect=volcano("B"))
VIL = tile("VIL", O, effect=village(1))
FOREST = tile("FOREST", G, effect=forest([G], 1))  # two side by side validate each other
TEMPLE_TILE = tile("TEMPLE", W, effect=TEMPLE, mystic=3)
RED = plain("RED", R)

# A pyramid by content: (tile, how many) or (tile, how many, "cancelled" / "wild")
Holding = Sequence[tuple[Tile, int] | tuple[Tile, int, str]]


def laid_out(seat: int, content: Holding) -> dict[Position, Content]:
    """A pyramid holding ``content``, laid out as play could have built it.

    Every tile goes into the bottom row, except the irrigations that are not cancelled:
    those rest in row 2 on alternating orange and blue tiles, which feed them and take
    their color (R-PLACE-3, R-EFF-IRRIGATION); an irrigation in the bottom row is always
    cancelled (the ruling of R-EFF-IRRIGATION).
    """
    fed = sum(n for the_tile, n, *flag in content if the_tile is IRR and not flag)
    bottom: list[Content] = [O if i % 2 == 0 else B for i in range(fed + 1)] if fed else []
    upper: list[Content] = []
    for number, entry in enumerate(content):
        the_tile, n = entry[0], entry[1]
        flag = entry[2] if len(entry) > 2 else ""
        for k in range(n):
            laid = Laid(
                copy_of(the_tile, f"{seat}.{number}.{k}"), flag == "wild", flag == "cancelled"
            )
            (upper if the_tile is IRR and not flag else bottom).append(laid)
    assert len(bottom) <= 5, "more tiles than this layout holds"
    return {
        **{(1, col): entry for col, entry in enumerate(bottom)},
        **{(2, col): entry for col, entry in enumerate(upper)},
    }


def scores(
    contents: Sequence[Holding],
    gods: Sequence[GodId | None],
    cancelled_god: Mapping[int, bool] | None = None,
) -> list[PlayerScore]:
    """Score players whose pyramids hold the given tiles (see :func:`laid_out`).

    Each content entry is (tile, n) or (tile, n, "cancelled" / "wild").
    """
    pyramids = [laid_out(seat, content) for seat, content in enumerate(contents)]
    return scored(pyramids, gods, god_cancelled=cancelled_god)


def god_points(contents: Sequence[Holding], gods: Sequence[GodId | None]) -> list[int]:
    return [s.god.points for s in scores(contents, gods)]


# ---------------------------------------------------------------- the god table


def test_god_love_gives_five_worshipers_of_the_players_choice_and_scores_1() -> None:
    state = position(seats=[Seat(realm="R")])
    legal(state, TakeGod(GodId.LOVE))
    assert state.kind is DecisionKind.LOVE
    assert state.decision_actions() == [ChooseWorshipers(c) for c in bounded_multisets((5,) * 5, 5)]
    assert len(state.decision_actions()) == 126
    expect_illegal(state, ChooseWorshipers(count("RRRR")), "R-GOD-2")
    expect_illegal(state, ChooseWorshipers(count("RRRRRR")), "R-GOD-2")
    legal(state, ChooseWorshipers(count("BBGWW")))
    assert realm(state, 0) == count("RBBGWW")
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert final_scores(state)[0].god == GodScore(GodId.LOVE, 1, "flat")


def test_god_apprentice_has_no_power_and_scores_2() -> None:
    state = position()
    legal(state, TakeGod(GodId.APPRENTICE))
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert realm(state, 0) == count("")
    assert final_scores(state)[0].god == GodScore(GodId.APPRENTICE, 2, "flat")


def test_god_oceans_scores_3_among_the_most_validated_irrigations() -> None:
    gods = [GodId.OCEANS, None]
    assert god_points([[(IRR, 2)], [(IRR, 1)]], gods) == [3, 0]
    assert god_points([[(IRR, 2)], [(IRR, 3)]], gods) == [0, 0]
    assert god_points([[(IRR, 2), (IRR, 2, "cancelled")], [(IRR, 3)]], gods) == [0, 0]


def test_god_idleness_spares_the_wilderness_and_scores_1() -> None:
    idle, busy = scores([[(RED, 3, "wild")], [(RED, 3, "wild")]], [GodId.IDLENESS, None])
    assert idle.god == GodScore(GodId.IDLENESS, 1, "flat")
    assert [t.points for t in idle.tiles] == [0, 0, 0]
    assert idle.total == 1
    assert busy.total == -3


def test_god_fire_scores_3_among_the_most_validated_volcanoes() -> None:
    gods = [GodId.FIRE, None]
    assert god_points([[(VOLC, 1)], [(RED, 1)]], gods) == [3, 0]
    assert god_points([[(VOLC, 1)], [(VOLC, 2)]], gods) == [0, 0]
    assert god_points([[(VOLC, 3, "cancelled")], [(RED, 1)]], gods) == [0, 0]


def test_god_technology_scores_3_among_the_fewest_wilderness_tiles() -> None:
    gods = [GodId.TECHNOLOGY, None]
    assert god_points([[(RED, 1, "wild")], [(RED, 2, "wild")]], gods) == [3, 0]
    assert god_points([[(RED, 2, "wild")], [(RED, 1, "wild")]], gods) == [0, 0]


def test_god_nature_scores_3_among_the_most_validated_forests() -> None:
    gods = [GodId.NATURE, None]
    # Two forests side by side validate each other; a lone one among red does not.
    assert god_points([[(FOREST, 2)], [(FOREST, 1), (RED, 1)]], gods) == [3, 0]
    assert god_points([[(FOREST, 1), (RED, 1)], [(FOREST, 2)]], gods) == [0, 0]


def test_god_equilibrium_scores_3_with_a_village_a_temple_and_a_volcano() -> None:
    gods = [GodId.EQUILIBRIUM, None]
    full = [(VIL, 1), (TEMPLE_TILE, 1), (VOLC, 1)]
    assert god_points([full, []], gods) == [3, 0]
    assert god_points([[(VIL, 1), (TEMPLE_TILE, 1)], []], gods) == [0, 0]
    assert god_points([[(VIL, 1), (VOLC, 1)], []], gods) == [0, 0]
    assert god_points([[(TEMPLE_TILE, 1), (VOLC, 1)], []], gods) == [0, 0]
    assert god_points([[(VIL, 1, "cancelled"), (TEMPLE_TILE, 1), (VOLC, 1)], []], gods) == [0, 0]
    assert god_points([[(VIL, 1), (TEMPLE_TILE, 1, "wild"), (VOLC, 1)], []], gods) == [0, 0]


def test_god_harvests_scores_3_among_the_most_validated_villages() -> None:
    gods = [GodId.HARVESTS, None]
    assert god_points([[(VIL, 2)], [(VIL, 1), (VIL, 3, "cancelled")]], gods) == [3, 0]
    assert god_points([[(VIL, 1)], [(VIL, 2)]], gods) == [0, 0]


def test_god_death_returns_six_worshipers_and_scores_3() -> None:
    state = position(seats=[Seat(realm="RRRRBBBG")])
    legal(state, TakeGod(GodId.DEATH))
    assert state.kind is DecisionKind.DEATH
    expect_illegal(state, ReturnWorshipers(count("RRRRB")), "R-GOD-2")
    expect_illegal(state, ReturnWorshipers(count("RRRRGG")), "R-GOD-2")
    legal(state, ReturnWorshipers(count("RRRBBG")))
    assert realm(state, 0) == count("RB")
    assert final_scores(state)[0].god == GodScore(GodId.DEATH, 3, "flat")


def test_god_death_refused_is_cancelled() -> None:
    state = position(seats=[Seat(realm="RRRRBBBG")])
    state.apply(TakeGod(GodId.DEATH))
    legal(state, Decline())
    assert state.players[0].god_cancelled
    assert realm(state, 0) == count("RRRRBBBG")
    assert final_scores(state)[0].god == GodScore(GodId.DEATH, 0, "cancelled")


def test_god_death_without_six_worshipers_is_cancelled() -> None:
    state = position(seats=[Seat(realm="RRRRB")])
    legal(state, TakeGod(GodId.DEATH))
    assert (state.current, state.kind) == (1, DecisionKind.TURN)
    assert state.players[0].god is GodId.DEATH and state.players[0].god_cancelled
    assert realm(state, 0) == count("RRRRB")
    assert final_scores(state)[0].god.points == 0


# ---------------------------------------------------------------- R-GOD-1


def test_R_GOD_1_compares_all_players_in_the_game() -> None:
    gods = [GodId.OCEANS, None, None, None]
    assert god_points([[(IRR, 2)], [(IRR, 1)], [], [(IRR, 1)]], gods) == [3, 0, 0, 0]
    assert god_points([[(IRR, 2)], [(IRR, 1)], [], [(IRR, 3)]], gods) == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "god,the_tile",
    [(GodId.OCEANS, IRR), (GodId.FIRE, VOLC), (GodId.HARVESTS, VIL), (GodId.NATURE, FOREST)],
)
def test_R_GOD_1_ties_share(god: GodId, the_tile: Tile) -> None:
    assert god_points([[(the_tile, 2)], [(the_tile, 2)], [(the_tile, 1)]], [god, None, None]) == [
        3,
        0,
        0,
    ]
    tech = [GodId.TECHNOLOGY, None, None]
    wild = [(RED, 2, "wild")]
    assert god_points([wild, wild, [(RED, 3, "wild")]], tech) == [3, 0, 0]


@pytest.mark.parametrize("god", [GodId.OCEANS, GodId.FIRE, GodId.HARVESTS, GodId.NATURE])
def test_R_GOD_1_ruling_most_needs_at_least_one(god: GodId) -> None:
    score = scores([[(RED, 3)], [(RED, 3)]], [god, None])[0]
    assert score.god.points == 0
    assert score.god.reason.startswith("not_most")


def test_R_GOD_1_ruling_fewest_wilderness_counts_zero_as_fewest() -> None:
    tech = [GodId.TECHNOLOGY, None]
    assert god_points([[(RED, 3)], [(RED, 3)]], tech) == [3, 0]  # 0 and 0: tied fewest
    assert god_points([[], []], tech) == [3, 0]
    assert god_points([[(RED, 3)], [(RED, 1, "wild")]], tech) == [3, 0]
    assert god_points([[(RED, 1, "wild")], [(RED, 3)]], tech) == [0, 0]


# ---------------------------------------------------------------- R-GOD-2


def test_R_GOD_2_love_can_overflow_the_realm_then_the_limit_applies() -> None:
    state = position(seats=[Seat(realm="RRRRRRRR")])
    state.apply(TakeGod(GodId.LOVE))
    legal(state, ChooseWorshipers(count("GGGGG")))
    assert state.kind is DecisionKind.DISCARD
    assert state.discard_needed() == 3
    expect_illegal(state, Discard(count("RR")), "R-TURN-3")
    legal(state, Discard(count("RGG")))
    assert realm(state, 0) == count("RRRRRRRGGG")
    assert (state.current, state.kind) == (1, DecisionKind.TURN)


def test_R_GOD_2_exchanges_are_open_on_a_god_turn() -> None:
    state = position(seats=[Seat(realm="RRRRRRRRRR"), Seat(realm="GGG")])
    state.apply(TakeGod(GodId.LOVE))
    legal(state, ChooseWorshipers(count("BBBBB")))
    # 15 worshipers: exchanging twice (15 -> 11) then discarding 1 ends the turn.
    legal(state, Exchange(R, W))
    legal(state, Exchange(B, W))
    assert state.kind is DecisionKind.DISCARD and state.discard_needed() == 1
    legal(state, Discard(count("W")))
    assert realm(state, 0) == count("RRRRRRRBBW")
    assert state.current == 1
    # And before a god is chosen (Ben came to the table with three green).
    legal(state, Exchange(G, R))
    legal(state, TakeGod(GodId.APPRENTICE))
    assert state.players[1].pyramid == {} and realm(state, 1) == count("R")
