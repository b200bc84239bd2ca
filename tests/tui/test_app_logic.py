"""The app's pure parts: defaults that the engine accepts, texts, saves, the log."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from app_driver import random_match

from orbis_tui.engine import DecisionKind, Pay, TakeGod
from orbis_tui.i18n import gettext
from orbis_tui.paths import ENV_DATA_DIR, default_data_dir
from orbis_tui.records import Match
from orbis_tui.records.model import setup_for_game
from orbis_tui.saves import SaveStore
from orbis_tui.tui import texts, texts_help
from orbis_tui.tui.core.controller import Controller, Pick
from orbis_tui.tui.core.describe import phase_line
from orbis_tui.tui.core.logbook import LogBook
from orbis_tui.tui.core.seats import HUMAN, seats_of
from orbis_tui.tui.widgets.panel import panel_lines
from orbis_tui.words import cost_words, event_lines, message_of, name_of, worshiper_words
from rules_spec import rule_ids

ENGINE = Path(__file__).resolve().parents[2] / "src" / "orbis_tui" / "engine"


@pytest.mark.parametrize("players", [2, 4])
def test_enter_never_throws_value_away_when_another_option_keeps_it(players: int) -> None:
    """R-TAKE-4, R-EFF-IRRIGATION, R-EFF-FOREST: a payment that would be lost is not
    Enter's default, nor a spot that cancels the effect while another spot keeps it."""
    rng = random.Random(players * 7)
    seen = set()
    for game in range(6):
        match = Match.start(setup_for_game(["A", "B", "C", "D"][:players], 300 + game, 0))
        ui = Controller()
        while not match.state.is_over:
            state = match.state
            ui.reset(state)
            decision = state.decision
            action = ui.confirm(state)
            if action is not None and state.kind in (DecisionKind.PAY, DecisionKind.PLACE):
                chosen = decision.option(action)
                assert chosen is not None and chosen.legal
                keeps = [o for o in decision.legal_options if not o.loses_value]
                if chosen.loses_value:
                    assert not keeps, (state.kind, action, keeps)
                else:
                    seen.add(state.kind)
            match.play(rng.choice(state.decision_actions()))
    assert seen == {DecisionKind.PAY, DecisionKind.PLACE}


def test_a_full_pick_swaps_out_the_most_chosen_other_color() -> None:
    pick = Pick(2, (3, 3, 0, 0, 0), [2, 0, 0, 0, 0])
    assert pick.add(1)  # full: one red makes room for a blue
    assert pick.value == (1, 1, 0, 0, 0)
    assert not pick.add(2)  # no orange in the realm
    assert pick.remove(0) and pick.value == (0, 1, 0, 0, 0)
    assert not pick.remove(0)
    assert pick.add(1) and pick.value == (0, 2, 0, 0, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_enter_and_x_always_offer_actions_the_engine_accepts(players: int) -> None:
    """Every default (Enter) and every refusal (x) is legal, in every decision of
    random games: a decision with one sensible answer takes one key."""
    rng = random.Random(players)
    kinds = set()
    for game in range(4):
        match = Match.start(setup_for_game(["A", "B", "C", "D"][:players], 100 + game, 0))
        ui = Controller()
        while not match.state.is_over:
            state = match.state
            ui.reset(state)
            kinds.add(state.kind)
            action = ui.confirm(state)
            refusal = ui.refuse(state)
            if refusal is not None:
                assert state.why_not(refusal) is None
            if action is None:  # Enter opens the exchange that pays the tile
                assert state.kind is DecisionKind.PAY and ui.pay_default(state) == "exchange"
                assert not ui.payable(state) and state.decision.exchanges
            else:
                assert state.why_not(action) is None, (state.kind, action)
                if state.kind is DecisionKind.PAY and not ui.payable(state):
                    assert action == refusal  # nothing pays it: Enter leaves it unpaid
            match.play(rng.choice(state.decision_actions()))
    assert {DecisionKind.TURN, DecisionKind.PAY, DecisionKind.PLACE} <= kinds


def test_the_phase_line_says_what_is_expected() -> None:
    assert cost_words((0, 1, 0, 0, 0), 1) == "1B + 1 of any color"
    assert cost_words((0, 0, 0, 0, 0), 2) == "2 of any color"
    assert worshiper_words((2, 0, 0, 0, 1)) == "2R 1W"  # count then color, everywhere
    match = random_match(
        2,
        5,
        lambda s: s.kind is DecisionKind.PAY and s.payment_due()[1] > 0 and any(s.payment_due()[0]),
    )
    state = match.state
    due, any_count = state.payment_due()
    line = phase_line(state)
    assert line == f"Pay {cost_words(due, any_count)} (or leave it wild)"
    # spelled out without cost_words: "<n><color> ... + <n> of any color"
    colored = " ".join(f"{n}{'RBOGW'[c]}" for c, n in enumerate(due) if n)
    tail = f"{any_count} of any color"
    assert line.endswith(f"Pay {colored} + {tail} (or leave it wild)")
    over = random_match(2, 5, lambda s: s.is_over)
    assert phase_line(over.state) == gettext(texts.PHASE["over"])


def test_the_rule_reference_has_one_entry_per_rule_id_the_engine_cites() -> None:
    ids = [rule for rule, _ in texts_help.RULES]
    assert len(ids) == len(set(ids))
    cited = set()
    for source in ENGINE.glob("*.py"):
        cited |= set(re.findall(r'"(R-[A-Z]+-[A-Z0-9]+)"', source.read_text()))
    assert cited, "the engine cites rule ids"
    assert cited <= set(ids), sorted(cited - set(ids))
    for family in ("COMP", "SETUP", "TURN", "TAKE", "PLACE", "EFF", "GOD", "END"):
        assert any(rule.startswith(f"R-{family}-") for rule in ids)
    # every rule of the specification has its entry, in the specification's order
    assert ids == rule_ids()


def test_every_event_becomes_a_plain_sentence() -> None:
    rng = random.Random(3)
    seen = set()
    for game in range(3):
        match = Match.start(setup_for_game(["Ada", "Bo", "Cy", "Dee"], 40 + game, 0))
        while not match.state.is_over:
            events = match.play(rng.choice(match.state.legal_actions()))
            lines = event_lines(match.state, events)
            for event in events:
                seen.add(type(event).__name__)
            for line in lines:
                assert line and "{" not in line and "}" not in line
    assert {"TookTile", "Placed", "Refilled", "TurnStarted", "GameOver"} <= seen


def test_the_log_book_follows_undo_and_tells_what_others_did() -> None:
    match = Match.start(setup_for_game(["Ada", "Bo"], 7, 0))
    book = LogBook(match)
    rng = random.Random(1)
    while match.state.turn < 3:
        match.play(rng.choice(match.state.decision_actions()))
    reloaded = Match(match.record)  # replayed from the record alone
    assert book.lines() == LogBook(reloaded).lines()
    recent = book.since_turn_of(1)
    assert recent and recent[0] == "— Ada to play —"
    assert not any(line.startswith("Bo ") for line in recent)
    count = len(book.lines())
    match.play(rng.choice(match.state.decision_actions()))
    assert len(book.lines()) > count
    match.undo()
    assert len(book.lines()) == count


def test_the_data_directory_can_be_chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DATA_DIR, str(tmp_path / "here"))
    assert default_data_dir() == tmp_path / "here"
    assert SaveStore().autosave == tmp_path / "here" / "autosave.json"
    assert SaveStore(tmp_path / "there").autosave.parent == tmp_path / "there"


def test_record_names_never_collide(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    match = Match.start(setup_for_game(["Ada", "Bo/Bob"], 7, 0))
    first = store.record_path(match.record)
    assert first.parent == tmp_path / "records"
    store.export(match.record, first)
    second = store.record_path(match.record)
    assert second != first and not second.exists()
    assert "/" not in first.name.replace("Bo_Bob", "")


def test_seats_remember_people_and_computer_levels() -> None:
    seats = seats_of(["Ada", "Bo", "Cy"], ["human", "easy"])
    assert [s.kind for s in seats] == [HUMAN, "easy", HUMAN]
    assert seats[0].human and not seats[1].human
    assert all(s.human for s in seats_of(["Ada", "Bo"], None))


def test_pay_default_is_one_of_the_engines_options() -> None:
    match = random_match(
        3,
        9,
        lambda s: (
            s.kind is DecisionKind.PAY
            and s.payment_due()[1] >= 1
            and any(isinstance(a, Pay) for a in s.decision_actions())
        ),
    )
    ui = Controller()
    ui.reset(match.state)
    options = [a for a in match.state.decision_actions() if isinstance(a, Pay)]
    assert ui.pick is not None
    assert Pay(ui.pick.value) in options


def test_when_nothing_can_pay_the_panel_blames_the_realm_not_the_choice() -> None:
    """With too few worshipers, the reason shown is what the realm holds, even for a
    tile with "any" symbols (the engine's reason for the likeliest payment)."""
    shown = 0
    for seed in range(40):
        match = random_match(2, seed, lambda s: s.kind is DecisionKind.PAY)
        state = match.state
        if state.kind is not DecisionKind.PAY or any(
            isinstance(a, Pay) for a in state.decision_actions()
        ):
            continue
        ui = Controller()
        ui.sync(state, 0)
        text = "\n".join(line.plain for line in panel_lines(state, ui, None))
        assert "your realm holds" in text, text
        assert "you chose nothing" not in text
        shown += 1
    assert shown >= 5


def test_what_players_read_has_names_articles_and_no_internal_ids() -> None:
    """R-PLACE-3, R-PLACE-2, R-TURN-1: the sentences a player reads use tile and god
    names, the right article, and the tiles beneath rather than coordinates."""
    from orbis_tui.engine import IllegalAction
    from orbis_tui.standings import standings_text

    mismatch = IllegalAction("R-PLACE-3", "color_mismatch", color="orange", left="red", right="b")
    assert message_of(mismatch).startswith("This orange tile must rest on at least one orange tile")
    assert "a orange" not in message_of(mismatch)
    gap = IllegalAction("R-PLACE-2", "no_support", row=2, missing="1,-2", side="left")
    assert "left one" in message_of(gap) and "-2" not in message_of(gap)
    match = random_match(
        2,
        12,
        lambda s: s.kind is DecisionKind.TURN and s.player.god is not None and s.turn >= 6,
    )
    state = match.state
    taken = state.player.god
    assert taken is not None and state.gods_available
    reason = state.why_not(TakeGod(state.gods_available[0]))
    assert reason is not None and reason.code == "god_already"
    assert name_of(state.catalog.god_by_id[taken]) in message_of(reason)
    assert f"({taken.value})" not in message_of(reason)
    text = standings_text(state)
    for player in state.players:
        for placed in player.pyramid.values():
            assert name_of(placed.tile) in text
            assert placed.tile.id not in text


def test_the_help_names_every_key_the_app_and_the_new_game_screen_bind() -> None:
    from orbis_tui.tui.app import OrbisApp
    from orbis_tui.tui.screens.new_game import NewGameScreen

    said = " / ".join(key for key, _meaning in texts_help.HELP_KEYS).lower()
    spelled = {"question_mark": "?"}
    for owner in (OrbisApp, NewGameScreen):
        for binding in owner.BINDINGS:
            assert not isinstance(binding, tuple)
            key = spelled.get(binding.key, binding.key)
            if key in ("escape", "ctrl+s", "ctrl+l"):  # said on that screen's own key bar
                continue
            assert re.search(rf"(^|[ /]){re.escape(key)}($|[ /])", said), (owner, key)
