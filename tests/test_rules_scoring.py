"""RULES.md section 8: end of game and scoring (R-END-*)."""

from __future__ import annotations

from builders import (
    STONE,
    TEMPLE,
    B,
    G,
    O,
    R,
    W,
    forest,
    make_game,
    plain,
    put,
    random_game,
    set_realm,
    tile,
    village,
)
from orbis_tui.engine import GameState, GodId, PlayerScore, Tile, final_scores


def temple(tile_id: str, mystic: int, cp: int = 0) -> Tile:
    return tile(tile_id, W, cp=cp, effect=TEMPLE, mystic=mystic)


def game_with(players: int, tiles: list[Tile]) -> GameState:
    state = make_game(players=players, extra=tiles)
    for p in state.players:
        p.god = None
    return state


def by_reason(score: PlayerScore) -> dict[str, int]:
    found: dict[str, int] = {}
    for t in score.tiles:
        found[t.reason] = found.get(t.reason, 0) + t.points
    return found


# ---------------------------------------------------------------- R-END-1


def test_R_END_1_printed_cp_of_every_counted_tile() -> None:
    plain3 = plain("P3", R, cp=3)
    nothing = plain("P0", B)
    hut = tile("HUT", O, cp=4, effect=village(1))
    wood = tile("WOOD", G, cp=5, effect=forest([G], 1))
    lonely = tile("LONELY", G, cp=6, effect=forest([W], 3))
    state = game_with(2, [plain3, nothing, hut, wood, lonely])
    put(state, 0, (1, 0), plain3)  # 3
    put(state, 0, (1, 1), nothing)  # no printed CP: 0
    put(state, 0, (1, 2), hut)  # validated village: 4
    put(state, 0, (1, 3), hut, cancelled=True)  # cancelled: 0
    put(state, 0, (1, 4), wood)  # forest next to a forest? no: next to a village
    put(state, 0, (2, 3), wood)  # on top of (1, 3) and (1, 4): the two forests touch
    put(state, 0, (2, 0), lonely)  # forest without its three white neighbors: 0
    score = final_scores(state)[0]
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
    state = game_with(2, [rich])
    for seat in (0, 1):
        for col in range(3):
            put(state, seat, (1, col), rich, wild=True)
    state.players[1].god = GodId.IDLENESS
    plain_score, idle_score = final_scores(state)
    assert by_reason(plain_score) == {"wilderness": -3}
    assert plain_score.categories["wilderness"] == -3
    assert plain_score.total == -3
    assert by_reason(idle_score) == {"wilderness_idle": 0}
    assert idle_score.total == 0 + 1  # the goddess's own point


# ---------------------------------------------------------------- R-END-3


def test_R_END_3_temple_tokens_more_temples_first_then_higher_mystic() -> None:
    t1, t2, t3, t4, t5 = (temple(f"T{i}", m) for i, m in enumerate((1, 2, 3, 4, 5), 1))
    white = plain("WHITE", W)
    whiter = tile("WHITER", W, mystic=12)  # a white tile that is not a temple
    state = game_with(4, [t1, t2, t3, t4, t5, white, whiter])
    put(state, 0, (1, 0), t1)  # two temples: picks first
    put(state, 0, (1, 1), t2)
    put(state, 1, (1, 0), t4)  # one temple, best white tile 4
    put(state, 2, (1, 0), t3)  # one temple, best white tile 12 (not a temple): beats seat 1
    put(state, 2, (1, 1), whiter)
    put(state, 3, (1, 0), t5, wild=True)  # a wilderness is no temple: no token
    tokens = [(s.temple_count, s.temple_token) for s in final_scores(state)]
    assert tokens == [(2, 11), (1, 4), (1, 7), (0, 0)]


def test_R_END_3_a_wild_white_tile_does_not_break_the_tie() -> None:
    low, high, top = temple("LOW", 3), temple("HIGH", 6), tile("TOP", W, mystic=20)
    state = game_with(3, [low, high, top])
    put(state, 0, (1, 0), low)
    put(state, 0, (1, 1), top, wild=True)
    put(state, 1, (1, 0), high)
    assert [s.temple_token for s in final_scores(state)] == [4, 9, 0]


def test_R_END_3_each_picks_the_highest_token_left_by_player_count() -> None:
    tiles = [temple(f"T{i}", i + 1) for i in range(4)]
    for players, tokens in ((2, [7, 2]), (3, [9, 4, 2]), (4, [11, 7, 4, 2])):
        state = game_with(players, tiles)
        for seat in range(players):
            put(state, seat, (1, 0), tiles[players - 1 - seat])  # seat 0 has the highest
        assert [s.temple_token for s in final_scores(state)] == tokens
    # Nobody with a temple: nobody gets a token.
    state = game_with(2, tiles)
    assert [s.temple_token for s in final_scores(state)] == [0, 0]


# ---------------------------------------------------------------- R-END-4


def test_R_END_4_the_gods_cp_counts() -> None:
    stone = tile("STONE", R, effect=STONE)
    state = game_with(3, [stone])
    for seat in range(3):
        put(state, seat, (1, 0), stone)
    state.players[0].god = GodId.APPRENTICE
    state.players[1].god = GodId.LOVE
    state.players[2].god = GodId.DEATH
    state.players[2].god_cancelled = True
    scores = final_scores(state)
    assert [s.god.points for s in scores] == [2, 1, 0]
    assert [s.categories["god"] for s in scores] == [2, 1, 0]
    assert [s.total for s in scores] == [3, 2, 1]


# ---------------------------------------------------------------- R-END-5


def test_R_END_5_most_cp_wins() -> None:
    state = game_with(3, [])
    state.players[0].god = GodId.APPRENTICE  # 2
    state.players[1].god = GodId.OCEANS  # 3 needs irrigations: 0
    state.players[2].god = GodId.LOVE  # 1
    set_realm(state, 1, "RRRRRRRRRR")
    scores = final_scores(state)
    assert [s.rank for s in scores] == [1, 3, 2]
    assert [s.won for s in scores] == [True, False, False]
    assert not any(s.tie_break_used for s in scores)


def test_R_END_5_a_tie_goes_to_the_most_worshipers_left() -> None:
    state = game_with(3, [])
    for p in state.players:
        p.god = GodId.APPRENTICE
    set_realm(state, 0, "RR")
    set_realm(state, 1, "BBB")
    set_realm(state, 2, "G")
    scores = final_scores(state)
    assert [s.rank for s in scores] == [2, 1, 3]
    assert [s.won for s in scores] == [False, True, False]
    assert all(s.tie_break_used for s in scores)


def test_R_END_5_still_tied_is_a_shared_victory() -> None:
    state = game_with(3, [])
    for p in state.players:
        p.god = GodId.APPRENTICE
    set_realm(state, 0, "RR")
    set_realm(state, 1, "BW")
    set_realm(state, 2, "G")
    scores = final_scores(state)
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
