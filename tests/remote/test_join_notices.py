"""What a joined seat's app tells when the others come and go, or a computer takes a
seat (orbis_tui.tui.join_notices): worked out from the table before and after, with
no server and no screen."""

from __future__ import annotations

from orbis_tui.i18n import gettext
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import TableView
from orbis_tui.tui import texts
from orbis_tui.tui.join_notices import Notice, Presence, presence_notices, presence_of

RECORD = Match.start(setup_for_game(["Ada", "Bo", "Cy"], 4, 0)).record


def view(*seats: p.SeatInfo) -> TableView:
    """The table as seat 0 (Ada) sees it."""
    return TableView(seat=0, count=0, record=RECORD, seats=list(seats))


def seat(name: str, **said: object) -> p.SeatInfo:
    return p.SeatInfo.model_validate({"name": name, "kind": "human", "here": True} | said)


ALL_HERE = view(seat("Ada"), seat("Bo"), seat("Cy"))


def told(before: Presence, after: TableView, grace: int = 0) -> list[Notice]:
    return presence_notices(before, after, lambda _seat: grace)


def test_a_player_who_leaves_is_said_with_the_grace_left_and_back_again() -> None:
    here = presence_of(ALL_HERE)
    bo_away = view(seat("Ada"), seat("Bo", here=False, left=True), seat("Cy"))
    grace = gettext(texts.SEAT_AWAY_GRACE).format(name="Bo", seconds=40)
    assert told(here, bo_away, grace=40) == [Notice(grace)]
    assert told(here, bo_away) == [Notice(gettext(texts.SEAT_AWAY).format(name="Bo"))]
    back = gettext(texts.SEAT_BACK).format(name="Bo")
    assert told(presence_of(bo_away, here), ALL_HERE) == [Notice(back)]
    assert told(presence_of(bo_away), ALL_HERE) == [Notice(back)]  # left before this screen
    assert told(here, ALL_HERE) == []  # nothing changed: nothing said


def test_a_first_arrival_takes_a_seat_and_is_never_said_to_be_back() -> None:
    bo_not_come = view(seat("Ada"), seat("Bo", here=False), seat("Cy"))
    before = presence_of(bo_not_come)
    joined = gettext(texts.SEAT_JOINED).format(name="Bo")
    assert told(before, ALL_HERE) == [Notice(joined)]
    # once here, a departure and a return are said as such
    after = presence_of(ALL_HERE, before)
    bo_left = view(seat("Ada"), seat("Bo", here=False, left=True), seat("Cy"))
    assert told(after, bo_left) == [Notice(gettext(texts.SEAT_AWAY).format(name="Bo"))]
    back = gettext(texts.SEAT_BACK).format(name="Bo")
    assert told(presence_of(bo_left, after), ALL_HERE) == [Notice(back)]


def test_after_a_restart_a_player_not_yet_back_is_not_said_to_leave_nor_to_come_back() -> None:
    """A server started again has seen nobody yet: a person not back since is absent
    but has not left (their screen is connecting again)."""
    here = presence_of(ALL_HERE)
    restarted = view(seat("Ada"), seat("Bo", here=False), seat("Cy", here=False))
    assert told(here, restarted, grace=28) == []
    then = presence_of(restarted, here)
    assert told(then, ALL_HERE) == []
    # one who had left before the restart is back when they come
    cy_left = view(seat("Ada"), seat("Bo"), seat("Cy", here=False, left=True))
    away = presence_of(cy_left, here)
    restarted_again = presence_of(restarted, away)
    back = gettext(texts.SEAT_BACK).format(name="Cy")
    assert told(restarted_again, ALL_HERE) == [Notice(back)]


def test_a_computer_taking_a_seat_says_whether_the_time_ran_out() -> None:
    here = presence_of(ALL_HERE)
    easy = texts.level_name("easy")
    handed = view(seat("Ada"), seat("Bo", here=False, stand_in="easy"), seat("Cy"))
    started = gettext(texts.STAND_IN_STARTED).format(name="Bo", level=easy)
    assert told(here, handed) == [Notice(started)]
    late = view(seat("Ada"), seat("Bo", stand_in="easy", out_of_time=True), seat("Cy"))
    ran_out = gettext(texts.CLOCK_RAN_OUT).format(name="Bo", level=easy)
    assert told(here, late) == [Notice(ran_out)]


def test_this_seat_is_told_only_that_its_own_time_ran_out_as_a_warning() -> None:
    here = presence_of(ALL_HERE)
    mine = view(seat("Ada", stand_in="easy", out_of_time=True), seat("Bo"), seat("Cy"))
    ran_out = gettext(texts.CLOCK_MINE_RAN_OUT).format(level=texts.level_name("easy"))
    assert told(here, mine) == [Notice(ran_out, warning=True)]
    away = view(seat("Ada", here=False, stand_in="easy"), seat("Bo"), seat("Cy"))
    assert told(here, away) == []  # handed over while away: no clock, nothing to say


def test_a_computer_player_that_could_not_move_is_said_with_its_error_and_who_plays_now() -> None:
    """Bo's expert could not move: every seat is told the error and that Hard plays on
    (not that the computer (Hard) plays for Bo until they return: no person sits there);
    a failure of the weakest level, that no computer plays the seat now. Said once."""
    expert = view(seat("Ada"), seat("Bo", kind="expert", here=False), seat("Cy"))
    before = presence_of(expert)
    error = "RuntimeError: the search broke"
    failed = view(
        seat("Ada"),
        seat("Bo", kind="expert", here=False, stand_in="hard", failed=error),
        seat("Cy"),
    )
    said = gettext(texts.BOT_FAILED_APART).format(
        name="Bo", level=texts.level_name("expert"), error=error, weaker=texts.level_name("hard")
    )
    assert told(before, failed) == [Notice(said, error=True)]
    assert told(presence_of(failed, before), failed) == []
    moved_on = view(seat("Ada"), seat("Bo", kind="expert", here=False, stand_in="hard"), seat("Cy"))
    assert told(presence_of(failed, before), moved_on) == []
    last = view(
        seat("Ada"),
        seat("Bo", kind="expert", here=False, stand_in=None, failed=error),
        seat("Cy"),
    )
    random_seat = presence_of(
        view(seat("Ada"), seat("Bo", kind="expert", here=False, stand_in="random"), seat("Cy"))
    )
    none = gettext(texts.BOT_FAILED_APART_NONE).format(
        name="Bo", level=texts.level_name("random"), error=error
    )
    assert told(random_seat, last) == [Notice(none, error=True)]
