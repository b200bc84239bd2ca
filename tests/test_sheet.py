"""The decision sheet: one place builds what a decision shows, for the panel, the coach
and the plain-text seat."""

from __future__ import annotations

import functools
import random

from orbis_tui.bots import make_bot
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.tui.core.controller import Controller
from orbis_tui.tui.core.sheet import decision_sheet
from orbis_tui.tui.core.sheet_lines import ASIDE, Chips, Topic


def payment_with_any() -> GameState:
    for seed in range(60):
        match = Match.start(setup_for_game(["Ada", "Bo"], seed, 0))
        bots = [make_bot("random", seed), make_bot("random", seed + 1)]
        while not match.state.is_over:
            state = match.state
            decision = state.decision
            kind = state.kind
            if (
                kind is DecisionKind.PAY
                and decision.due_any
                and sum(1 for n in decision.any_from if n) >= 2
            ):
                ui = Controller()
                ui.sync(state, 0)
                if ui.payable(state):
                    return state
            match.play(bots[state.current].choose(state.copy()))
    raise AssertionError("no payment with an 'any' and two colors to pay it")


def test_a_payment_sheet_says_who_pays_the_any_and_the_realm_after() -> None:
    """R-TAKE-3: the colors paying the "any" and the realm after paying are must-show
    lines, and they follow the choice: another color pays, the line says so."""
    state = payment_with_any()
    ui = Controller()
    ui.sync(state, 0)
    sheet = decision_sheet(state, ui, numbered=True)
    payment = [line for line in sheet.lines if line.topic is Topic.PAYMENT]
    assert len(payment) == 2 and all(line.rank >= ASIDE for line in payment)
    chosen = next(p for p in payment[0].parts if isinstance(p, Chips))
    assert ui.pick is not None
    assert chosen.count == tuple(ui.pick.value)
    other = next(c for c, n in enumerate(state.decision.any_from) if n and not chosen.count[c])
    assert ui.add_color(state, other)
    again = decision_sheet(state, ui)
    changed = next(line for line in again.lines if line.topic is Topic.PAYMENT)
    assert changed != payment[0]
    assert sheet.enter is not None and sheet.choices[0].default
    assert sheet.enter_words.startswith("pay")


def test_the_coach_shows_the_whole_sheet() -> None:
    from orbis_tui.learn import Coach
    from orbis_tui.tui.widgets.coach_panel import coach_text

    state = payment_with_any()
    ui = Controller()
    ui.sync(state, 0)
    text = coach_text(Coach(), state, ui).plain
    assert "'any' paid with:" in text and "realm after paying:" in text
    assert "'any' paid with:" not in coach_text(Coach(), state).plain


def test_a_turn_sheet_numbers_the_market_cells_by_their_own_numbers() -> None:
    rng = random.Random(4)
    match = Match.start(setup_for_game(["Ada", "Bo"], rng.randrange(1000), 0))
    ui = Controller()
    ui.sync(match.state, 0)
    sheet = decision_sheet(match.state, ui, numbered=True)
    cells = [c.number for c in sheet.choices if c.number < 10]
    assert cells == list(range(1, 10))
    assert all(c.number >= 10 for c in sheet.choices[9:])


@functools.cache
def states(games: int = 12) -> list[GameState]:
    """Every decision of ``games`` seeded 3-player games between random players."""
    out = []
    for seed in range(games):
        match = Match.start(setup_for_game(["Ada", "Bo", "Cy"], seed, 0))
        bots = [make_bot("random", seed + n) for n in range(3)]
        while not match.state.is_over:
            state = match.state
            out.append(state.copy())
            match.play(bots[state.current].choose(state.copy()))
    return out


def test_picking_colors_offers_the_proposal_and_the_refusal_not_every_way() -> None:
    """R-TURN-3, R-EFF-VILLAGE: a discard or a village's return would be dozens of
    numbered ways; the sheet offers the one proposed (and the refusal), others are
    written out."""
    seen = 0
    for state in states():
        if state.kind not in (DecisionKind.DISCARD, DecisionKind.VILLAGE, DecisionKind.DEATH):
            continue
        ui = Controller()
        ui.sync(state, 0)
        sheet = decision_sheet(state, ui, numbered=True)
        assert 1 <= len(sheet.choices) <= 2
        assert sheet.choices[0].default and sheet.choices[0].action == sheet.enter
        seen += 1
    assert seen


def test_a_player_with_a_god_is_not_offered_the_others() -> None:
    """R-TURN-1: each player takes one god; once taken, the others are not listed."""
    seen = 0
    for state in states()[:400]:
        if state.kind is not DecisionKind.TURN:
            continue
        ui = Controller()
        ui.sync(state, 0)
        gods = [c for c in decision_sheet(state, ui, numbered=True).choices if c.number >= 10]
        if state.player.god is not None:
            assert gods == []
            seen += 1
        else:
            assert len(gods) == len(state.gods_available)
    assert seen


def test_when_exchanges_would_pay_enter_makes_one() -> None:
    """R-TURN-2: a tile that 3-for-1 exchanges would pay is not left unpaid by Enter:
    the sheet's Enter is the exchange toward paying it, offered first."""
    seen = 0
    for state in states():
        if state.kind is not DecisionKind.PAY:
            continue
        ui = Controller()
        ui.sync(state, 0)
        if ui.pay_default(state) != "exchange":
            continue
        sheet = decision_sheet(state, ui, numbered=True)
        assert sheet.enter == ui.paying_exchange(state)
        assert sheet.choices[0].action == sheet.enter and sheet.choices[0].default
        seen += 1
    assert seen


def test_the_recap_says_each_turn_since_with_what_its_effects_did() -> None:
    """What happened since a player's last turn: each turn with its effects as the
    lines that go with it, then what it did to the player."""
    from orbis_tui.tui.core.history import TurnHistory
    from orbis_tui.tui.core.recap import recap_sheet

    match = Match.start(setup_for_game(["Ada", "Bo", "Cy"], 5, 0))
    bots = [make_bot("random", 5 + n) for n in range(3)]
    history = TurnHistory(match)
    seen = 0
    while not match.state.is_over:
        seat = match.state.current
        recent = history.since_turn_of(seat)
        lines = recap_sheet(recent, history.done_to(seat))
        heads = [line for line in lines if line.topic is Topic.DECISION]
        assert [line.text.split(" · ")[0] for line in heads] == [t.headline for t in recent]
        for head, turn in zip(heads, recent, strict=True):
            assert [below.text for below in head.block] == list(turn.effects)
            seen += bool(turn.effects)
        match.play(bots[seat].choose(match.state.copy()))
    assert seen


def test_a_turn_gone_wild_is_said_once_in_its_short_summary() -> None:
    """A tile left unpaid: the short summary says "took ... as a wilderness" and no line
    below repeats that it was left unpaid (the plain seat read both, one after the
    other); the turn in full still has every event."""
    from orbis_tui.tui.core.history import TurnHistory

    match = Match.start(setup_for_game(["Ada", "Bo"], 7, 0))
    bots = [make_bot("random", 7 + n) for n in range(2)]
    while not match.state.is_over:
        match.play(bots[match.state.current].choose(match.state.copy()))
    wild = [t for t in TurnHistory(match).update() if "as a wilderness" in t.took]
    assert wild
    for turn in wild:
        assert not any("left it unpaid" in line for line in turn.effects), turn.effects
    assert any("left it unpaid" in line for turn in wild for line in turn.lines)
