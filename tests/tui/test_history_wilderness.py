"""The history (t) in every language: a tile that ended face down reads as a wilderness,
whether it was left unpaid (R-TAKE-3) or paid and then turned (R-TAKE-4)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, press, random_match
from textual.widgets import Static

from orbis_tui import i18n
from orbis_tui.engine import (
    Action,
    DecisionKind,
    GameState,
    GoWild,
    Paid,
    Pay,
    Place,
    TakeTile,
    WentWild,
)
from orbis_tui.records import Match
from orbis_tui.tui import texts
from orbis_tui.tui.screens.history import HistoryScreen
from orbis_tui.words import tile_label


def costly(state: GameState) -> list[int]:
    """The market's cells whose tile has a cost."""
    return [c for c, t in enumerate(state.market) if t is not None and any(t.cost)]


def payable(state: GameState) -> list[int]:
    """The cells whose tile has a cost the player to move can pay."""
    found = []
    for cell in costly(state):
        after = state.copy()
        after.apply(TakeTile(cell))
        if any(o.legal and isinstance(o.action, Pay) for o in after.decision.options):
            found.append(cell)
    return found


def wild_turns() -> tuple[Match, list[str]]:
    """Two turns: Ada pays for a tile and places it as a wilderness; Bo leaves his unpaid.
    Every other decision takes its first answer. Returns the match and the two tiles."""

    def ready(state: GameState) -> bool:
        return state.kind is DecisionKind.TURN and len(costly(state)) >= 2 and bool(payable(state))

    match = random_match(2, 7, ready)
    taken: list[str] = []
    for unpaid in (False, True):
        seat = match.state.current
        cell = (costly if unpaid else payable)(match.state)[0]
        match.play(TakeTile(cell))
        take = match.state.take
        assert take is not None
        taken.append(tile_label(take.tile))
        while match.state.current == seat and not match.state.is_over:
            state = match.state
            legal: list[Action] = [o.action for o in state.decision.options if o.legal]
            action: Action
            if state.kind is DecisionKind.PAY:
                paid = [a for a in legal if isinstance(a, Pay)]
                wild = [a for a in legal if isinstance(a, GoWild)]
                action = wild[0] if unpaid or not paid else paid[0]
            elif state.kind is DecisionKind.PLACE:
                action = next(a for a in legal if isinstance(a, Place) and a.wild)
            else:
                action = legal[0]
            match.play(action)
    turns = [type(e) for events in match.events[-5:] for e in events]
    assert turns.count(Paid) == 1 and turns.count(WentWild) == 1  # one of each way
    return match, taken


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_history_says_each_tile_placed_face_down_was_a_wilderness(
    lang: str, tmp_path: Path
) -> None:
    assert i18n.set_language(lang) == lang
    match, taken = wild_turns()

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await press(pilot, "t")
            screen = pilot.app.screen
            assert isinstance(screen, HistoryScreen)
            shown = str(screen.query_one("#history-body").query_one(Static).render())
            wilderness = i18n.gettext(texts.WILD_NAME).casefold()
            for tile in taken:  # the turn's own line, where it says what was taken
                line = next(line for line in shown.splitlines() if tile in line)
                assert wilderness in line.casefold(), line

    asyncio.run(go())
