"""RULES.md section 8: end of game and scoring (R-END-*)."""

from __future__ import annotations

from builders import (
    STONE,
    TEMPLE,
    Content,
    G,
    O,
    R,
    W,
    cancelled,
    copy_of,
    forest,
    plain,
    random_game,
    scored,
    tile,
    village,
    wild,
)
from orbis_tui.engine import GodId, PlayerScore, Position, Tile, final_scores


def temple(tile_id: str, mystic: int, cp: int = 0) -> Tile:
    return tile(tile_id, W, cp=cp, effect=TEMPLE, mystic=mystic)


def by_reason(score: PlayerScore) -> dict[str, int]:
    found: dict[str, int] = {}
    for t in score.tiles:
        found[t.reason] = found.get(t.reason, 0) + t.points
    return found


# ---------------------------------------------------------------- R-END-1


def test_R_END_1_printed_cp_of_every_counted_tile() -> None:
    plain3 = plain("P3", R, cp=3)
    nothing = plain("P0", G)
    hut = tile("HUT", O, cp=4, effect=village(1))
    wood = tile("WOOD", G, cp=5, effect=forest([G], 1))
    lonely = tile("LONELY", G, cp=6, effect=forest([W], 3))
    pyramid: dict[Position, Content] = {
        (1, 0): plain3,  # 3
        (1, 1): nothing,  # no printed CP: 0
        (1, 2): hut,  # validated village: 4
        (1, 3): cancelled(copy_of(hut, 2)),  # cancelled: 0
        (1, 4): wood,  # forest next to a forest? no: next to a village
        (2, 3): copy_of(wood, 2),  # on top of (1, 3) and (1, 4): the two forests touch
        (2, 0): lonely,  # forest without its three white neighbors: 0
    }
    score = scored([pyramid, {}])[0]
    points = {t.position: (t.points, t.reason) for t in score.tiles}
    assert points == {
        (1, 0): (3, "plain"),
        (1, 1): (0, "plain"),
        (1, 2): (4, "validated"),
        (1, 3): (0, "cancelled"),
        (1, 4): (5, "validated"),
        (2, 3): (5, "validated"),
        (2, 0): (0, "forest_unmet"),
    }
    assert score.total == 3 + 4 + 5 + 5
    assert score.categories["village"] == 4 and score.categories["forest"] == 10


# ---------------------------------------------------------------- R-END-2


def test_R_END_2_minus_one_per_wilderness_none_with_idleness() -> None:
    rich = plain("RICH", R, cp=7)
    pyramids = [
        {(1, col): wild(copy_of(rich, f"{seat}.{col}")) for col in range(3)} for seat in (0, 1)
    ]
    plain_score, idle_score = scored(pyramids, [None, GodId.IDLENESS])
    assert by_reason(plain_score) == {"wilderness": -3}
    assert plain_score.categories["wilderness"] == -3
    assert plain_score.total == -3
    assert by_reason(idle_score) == {"wilderness_idle": 0}
    assert idle_score.total == 0 + 1  # the goddess's own point


# ---------------------------------------------------------------- R-END-3


def test_R_END_3_temple_tokens_more_temples_first_then_higher_mystic() -> None:
    t1, t2, t3, t4, t5 = (temple(f"T{i}", m) for i, m in enumerate((1, 2, 3, 4, 5), 1))
    whiter = tile("WHITER", W, mystic=12)  # a white tile that is not a temple
    pyramids: list[dict[Position, Content]] = [
        {(1, 0): t1, (1, 1): t2},  # two temples: picks first
        {(1, 0): t4},  # one temple, best white tile 4
        {(1, 0): t3, (1, 1): whiter},  # one temple, best white tile 12 (not a temple): beats 1
        {(1, 0): wild(t5)},  # a wilderness is no temple: no token
    ]
    tokens = [(s.temple_count, s.temple_token) for s in scored(pyramids)]
    assert tokens == [(2, 11), (1, 4), (1, 7), (0, 0)]


def test_R_END_3_a_wild_white_tile_does_not_break_the_tie() -> None:
    low, high, top = temple("LOW", 3), temple("HIGH", 6), tile("TOP", W, mystic=20)
    pyramids: list[dict[Position, Content]] = [{(1, 0): low, (1, 1): wild(top)}, {(1, 0): high}, {}]
    assert [s.temple_token for s in scored(pyramids)] == [4, 9, 0]


def test_R_END_3_each_picks_the_highest_token_left_by_player_count() -> None:
    tiles = [temple(f"T{i}", i + 1) for i in range(4)]
    for players, tokens in ((2, [7, 2]), (3, [9, 4, 2]), (4, [11, 7, 4, 2])):
        # Seat 0 has the highest mystic value.
        pyramids = [{(1, 0): tiles[players - 1 - seat]} for seat in range(players)]
        assert [s.temple_token for s in scored(pyramids)] == tokens
    # Nobody with a temple: nobody gets a token.
    assert [s.temple_token for s in scored([{}, {}])] == [0, 0]


# ---------------------------------------------------------------- R-END-4


def test_R_END_4_the_gods_cp_counts() -> None:
    stone = tile("STONE", R, effect=STONE)
    scores = scored(
        [{(1, 0): copy_of(stone, seat)} for seat in range(3)],
        [GodId.APPRENTICE, GodId.LOVE, GodId.DEATH],
        god_cancelled={2: True},
    )
    assert [s.god.points for s in scores] == [2, 1, 0]
    assert [s.categories["god"] for s in scores] == [2, 1, 0]
    assert [s.total for s in scores] == [3, 2, 1]


# ---------------------------------------------------------------- R-END-5


def test_R_END_5_most_cp_wins() -> None:
    # Apprentice 2; Oceans 3 needs irrigations: 0; Love 1.
    gods = [GodId.APPRENTICE, GodId.OCEANS, GodId.LOVE]
    scores = scored([{}, {}, {}], gods, realms=["", "RRRRRRRRRR", ""])
    assert [s.rank for s in scores] == [1, 3, 2]
    assert [s.won for s in scores] == [True, False, False]
    assert not any(s.tie_break_used for s in scores)


def test_R_END_5_a_tie_goes_to_the_most_worshipers_left() -> None:
    scores = scored([{}, {}, {}], [GodId.APPRENTICE] * 3, realms=["RR", "BBB", "G"])
    assert [s.rank for s in scores] == [2, 1, 3]
    assert [s.won for s in scores] == [False, True, False]
    assert all(s.tie_break_used for s in scores)


def test_R_END_5_still_tied_is_a_shared_victory() -> None:
    scores = scored([{}, {}, {}], [GodId.APPRENTICE] * 3, realms=["RR", "BW", "G"])
    assert [s.rank for s in scores] == [1, 1, 3]
    assert [s.won for s in scores] == [True, True, False]


def test_R_END_5_finished_games_have_a_winner_and_consistent_totals() -> None:
    for players in (2, 3, 4):
        state, _, _ = random_game(players, seed=players)
        scores = final_scores(state)
        assert any(s.won for s in scores)
        best = max((s.total, s.worshipers) for s in scores)
        for s in scores:
            assert s.won == ((s.total, s.worshipers) == best)
            assert s.total == sum(s.categories.values())
