"""The end screen's reasons for a score read as a board gamer expects: a tile with no CP
printed on it says so, and a temple token decided by the mystic value says that too."""

from __future__ import annotations

import io
import random

from app_driver import NAMES
from rich.console import Console

from orbis_tui.engine import final_scores, highest_mystic
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui.screens.end import breakdown_table


def finished(players: int, seed: int) -> Match:
    rng = random.Random(seed)
    match = Match.start(setup_for_game(NAMES[:players], seed, 0))
    while not match.state.is_over:
        match.play(rng.choice(match.state.decision_actions()))
    return match


def drawn(match: Match, seat: int) -> str:
    score = next(s for s in final_scores(match.state) if s.seat == seat)
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(breakdown_table(match.state, score))
    return " ".join(console.export_text().split())


def test_a_tile_without_printed_cp_does_not_claim_its_printed_cp() -> None:
    """R-END-1: tiles with no printed CP add 0; "+0 printed CP" read as a mistake."""
    match = finished(3, 1)
    scores = final_scores(match.state)
    seat = next(
        s.seat for s in scores if any(t.reason == "plain" and not t.points for t in s.tiles)
    )
    text = drawn(match, seat)
    assert "+0 no CP printed" in text
    assert "+0 printed CP" not in text


def test_a_temple_token_decided_by_the_mystic_value_says_so() -> None:
    """R-END-3: two players with as many temple tiles: the higher mystic value picks first;
    the lower token says why it is lower."""
    for seed in range(300):
        match = finished(3, seed)
        scores = final_scores(match.state)
        counts = [s.temple_count for s in scores if s.temple_count]
        if len(counts) != len(set(counts)):
            break
    else:
        raise AssertionError("no finished game with a temple tie")
    tied = [s for s in scores if s.temple_count and counts.count(s.temple_count) > 1]
    for score in tied:
        mystic = highest_mystic(match.state.players[score.seat].pyramid)
        assert f"(tie: mystic value {mystic})" in drawn(match, score.seat)
    alone = [s for s in scores if s.temple_count and counts.count(s.temple_count) == 1]
    for score in alone:
        assert "tie:" not in drawn(match, score.seat)
