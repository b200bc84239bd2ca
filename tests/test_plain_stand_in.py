"""A turn that a computer level played for an absent player (their time ran out) is said
as the computer's, not as the player's own, in the plain-text seat."""

from __future__ import annotations

import io

from orbis_tui.plain.seat import PlainSeat
from orbis_tui.records import Match, setup_for_game
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.core.session import GameSession


def _one_turn_played() -> tuple[GameSession, int]:
    match = Match.start(setup_for_game(["Ada", "Bo"], 5, 0))
    seat = match.state.current
    while match.state.current == seat:
        match.play(match.state.decision_actions()[0])
    return GameSession(match, None, [Seat("Ada"), Seat("Bo")], autosave=False), seat


def test_a_turn_the_stand_in_played_is_said_as_the_computers() -> None:
    session, seat = _one_turn_played()
    out = io.StringIO()
    told = PlainSeat(session, io.StringIO(""), out).tell_turns_done(seat, 0, stand_in="easy")
    assert told == 1
    first = out.getvalue().splitlines()[0]
    assert first.startswith("The computer (easy) played your turn: took ")
    assert "you took" not in first


def test_a_turn_the_player_played_is_said_as_theirs() -> None:
    session, seat = _one_turn_played()
    out = io.StringIO()
    PlainSeat(session, io.StringIO(""), out).tell_turns_done(seat, 0)
    said = out.getvalue()
    assert said.startswith("Your turn is done: you took ")
    assert "; CP: " in said and ", now " in said  # as the turn summary says it, no arrow
