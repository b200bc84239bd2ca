"""At the start of a turn the player can read every turn played since their own, in
full and scrolling (d, on the hand-over curtain and at the table)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app_driver import TableApp, lift_curtain, press, random_match, region_words, table

from orbis_tui.engine import DecisionKind
from orbis_tui.i18n import gettext
from orbis_tui.tui import texts
from orbis_tui.tui.screens.since import SinceScreen


def test_d_lists_every_turn_since_the_players_last_one_from_the_curtain(tmp_path: Path) -> None:
    match = random_match(3, 5, lambda s: s.kind is DecisionKind.TURN and s.turn > 6)

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            seat = screen.state.current
            for _ in range(30):  # Enter answers each decision of the turn with its default
                if screen.handing_over:
                    break
                await press(pilot, "enter")
            assert screen.handing_over
            nxt = screen.state.current
            assert nxt != seat
            shown = screen.query_one("#curtain")
            for _ in range(100):  # until the curtain is laid out
                if shown.content_region.area:
                    break
                await pilot.pause()
            curtain = region_words(pilot.app, shown)
            assert gettext(texts.HANDOVER_SINCE_KEY) in curtain
            turns = screen.session.history.since_turn_of(nxt)
            assert len(turns) == 2  # the two others played since (3 players)
            await press(pilot, "d")
            since = pilot.app.screen
            assert isinstance(since, SinceScreen)
            await pilot.pause()
            text = str(since.query_one("#since-text").render())
            for turn in turns:
                assert turn.headline in text
                for line in turn.effects:
                    assert line in text
            await press(pilot, "escape")
            assert pilot.app.screen is screen and screen.handing_over

    asyncio.run(go())


def test_before_a_players_first_turn_d_offers_the_turns_so_far(tmp_path: Path) -> None:
    """In round 1 the second player has no last turn: the curtain and d speak of the
    turns so far, not of turns "since yours"."""
    match = random_match(3, 5, lambda s: True)  # the first turn of the game

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            for _ in range(30):
                if screen.handing_over:
                    break
                await press(pilot, "enter")
            assert screen.handing_over
            shown = screen.query_one("#curtain")
            for _ in range(100):
                if shown.content_region.area:
                    break
                await pilot.pause()
            curtain = region_words(pilot.app, shown)
            assert gettext(texts.HANDOVER_SO_FAR_KEY) in curtain
            assert gettext(texts.HANDOVER_SINCE_KEY) not in curtain
            await press(pilot, "d")
            since = pilot.app.screen
            assert isinstance(since, SinceScreen)
            await pilot.pause()
            name = screen.seats[screen.state.current].name
            title = str(since.query_one(".help-title").render())
            assert title == f"Before {name}'s first turn: 1 turn"

    asyncio.run(go())


def test_d_says_why_when_nobody_played_since(tmp_path: Path) -> None:
    match = random_match(2, 1, lambda s: True)  # the first turn of the game

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            await press(pilot, "d")
            assert pilot.app.screen is screen
            said = [str(n.message) for n in pilot.app._notifications]
            assert gettext(texts.IDLE_SINCE) in said

    asyncio.run(go())


def test_a_turn_a_computer_played_for_an_absent_person_says_so() -> None:
    """A table played apart: the record's stand_ins say which turns a computer level
    played for a person who was away; the turns since one's last say it of them."""
    from orbis_tui.plain.spoken import recap_words
    from orbis_tui.tui.core.history import TurnHistory

    match = random_match(3, 5, lambda s: s.kind is DecisionKind.TURN and s.turn > 6)
    history = TurnHistory(match)
    turns, ends = history.update(), history.ends
    away = len(turns) - 2  # the turn before the last one, played by the computer
    seat = turns[away].seat
    match.record.stand_ins = [
        {"seat": seat, "level": "easy", "from": ends[away - 1], "to": ends[away]}
    ]
    told = TurnHistory(match).since_turn_of(turns[away - 1].seat)
    assert [t.seat for t in told] == [turns[away].seat, turns[away + 1].seat]
    by_computer = gettext(texts.SUMMARY_HEAD_STAND_IN).format(
        level=texts.level_name("easy"), name=turns[away].name, took=turns[away].took
    )
    assert told[0].headline == by_computer
    assert told[1].headline == turns[away + 1].headline  # its own player played it
    assert turns[away].headline != by_computer  # without stand_ins: "took"
    name = turns[away].name
    assert recap_words(told, ())[0].startswith(f"The computer (easy) played for {name}: took ")
    # still playing for them (no "to"): every turn of that seat from then on
    match.record.stand_ins = [{"seat": seat, "level": "hard", "from": ends[away - 1]}]
    again = TurnHistory(match).update()
    assert again[away].stand_in == "hard"
    assert all(t.stand_in is None for t in again[:away])


def test_a_turn_that_left_the_realm_as_it_was_says_unchanged() -> None:
    """R-TURN-1: a god taken at once leaves an empty realm empty: the turn's summary says
    "worshipers: nothing, unchanged", not "nothing → nothing"."""
    from orbis_tui.engine import TakeGod
    from orbis_tui.tui.core.history import TurnHistory
    from orbis_tui.tui.core.recap import summary_sheet

    match = random_match(3, 5, lambda s: True)  # the first turn: every realm empty
    god = next(g for g in match.state.gods_available if g != "love")
    match.play(TakeGod(god))
    turn = TurnHistory(match).update()[-1]
    assert turn.realm_line == "worshipers: nothing, unchanged"
    sheet = " ".join(line.text for line in summary_sheet(turn))
    assert "worshipers: nothing, unchanged" in sheet and "nothing →" not in sheet


def test_the_god_of_death_taken_without_six_worshipers_is_said_in_one_sentence() -> None:
    """R-GOD-2 (God of Death): taken with an empty realm he is canceled; the turn's
    summary says why in one clause, not "3 CP: canceled: the six worshipers..."."""
    from orbis_tui.engine import GodId, TakeGod
    from orbis_tui.tui.core.history import made_impossible

    for seed in range(40):
        match = random_match(4, seed, lambda s: True)
        if GodId.DEATH in match.state.gods_available:
            break
    else:
        raise AssertionError("no deal with the God of Death")
    start = match.state.copy()
    match.play(TakeGod(GodId.DEATH))
    while match.state.current == 0 and not match.state.is_over:  # his refusal, forced
        match.play(match.state.decision_actions()[0])
    lost = made_impossible(start, match.state, 0)
    assert len(lost) == 1 and "God of Death" in lost[0]
    assert lost[0].count(":") == 1, lost[0]


def test_what_the_others_did_to_a_player_names_whose_turns_it_was() -> None:
    """R-TURN-1: another player took a god; the next player's curtain heads the news
    with whose turns did it ("What it did to you" left "it" unexplained)."""
    from orbis_tui.engine import TakeGod
    from orbis_tui.tui.core.history import TurnHistory

    match = random_match(3, 5, lambda s: True)
    match.play(TakeGod(next(g for g in match.state.gods_available if g != "love")))
    told = TurnHistory(match).done_to(1)
    name = match.state.players[1].name
    assert told[0] == f"What the others' turns did to you, {name} (CP: 0 → 0):"
