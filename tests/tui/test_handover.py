"""When the hand-over curtain covers the table at a person's turn, and what it says:
decided apart from the screen (tui/core/handover.py), so read here without an app."""

from __future__ import annotations

from app_driver import random_match

from orbis_tui.engine import DecisionKind
from orbis_tui.records import Match
from orbis_tui.tui.core.handover import hand_over
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.core.session import GameSession

PEOPLE = [Seat("Ada"), Seat("Bo")]
ALONE = [Seat("Ada"), Seat("Bo", "medium")]


def session(match: Match, seats: list[Seat]) -> GameSession:
    return GameSession(match, None, seats, autosave=False)


def at_start() -> Match:
    return random_match(2, 3, lambda s: True)


def after_a_round() -> Match:
    """Seat 0 to move again, seat 1 having played since."""
    return random_match(2, 3, lambda s: s.turn == 2 and s.kind is DecisionKind.TURN)


def test_people_sharing_the_keyboard_always_pass_it_behind_the_curtain() -> None:
    for first in (True, False):
        curtain = hand_over(session(at_start(), PEOPLE), handover_alone=False, first=first,
                            resumed=False)  # fmt: skip
        assert curtain is not None and curtain.pass_keyboard and curtain.name == "Ada"
    curtain = hand_over(session(after_a_round(), PEOPLE), handover_alone=False, first=False,
                        resumed=False)  # fmt: skip
    assert curtain is not None
    assert [t.seat for t in curtain.recent] == [1] and curtain.played_before
    assert curtain.round_number == 2 and not curtain.resumed


def test_a_new_game_opens_with_nothing_to_tell() -> None:
    curtain = hand_over(session(after_a_round(), PEOPLE), handover_alone=False, first=True,
                        resumed=False)  # fmt: skip
    assert curtain is not None and not curtain.recent and not curtain.to_you


def test_a_resumed_game_says_so_and_tells_the_turns_since() -> None:
    curtain = hand_over(session(after_a_round(), PEOPLE), handover_alone=False, first=True,
                        resumed=True)  # fmt: skip
    assert curtain is not None and curtain.resumed and len(curtain.recent) == 1


def test_alone_against_the_computer_the_curtain_shows_first_then_only_if_asked() -> None:
    assert hand_over(session(at_start(), ALONE), handover_alone=False, first=True,
                     resumed=False) is not None  # fmt: skip
    match = after_a_round()
    assert hand_over(session(match, ALONE), handover_alone=False, first=False,
                     resumed=False) is None  # fmt: skip
    asked = hand_over(session(match, ALONE), handover_alone=True, first=False, resumed=False)
    assert asked is not None and not asked.pass_keyboard and len(asked.recent) == 1


def test_a_table_played_apart_has_no_curtain_for_its_only_person() -> None:
    apart = session(at_start(), ALONE)
    apart.curtain_first = False  # as a remote seat's session: each player has their screen
    assert hand_over(apart, handover_alone=False, first=True, resumed=False) is None
