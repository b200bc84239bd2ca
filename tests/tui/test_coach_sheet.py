"""The coach (c) shows the whole decision sheet of the choice at hand: who pays the
"any" and the realm after paying, following the color keys."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app_driver import TableApp, lift_curtain, random_match, region_words, table

from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.i18n import color_letters
from orbis_tui.tui.widgets.coach_panel import CoachPanel


def _any_with_two_colors(state: GameState) -> bool:
    decision = state.decision
    if state.kind is not DecisionKind.PAY or not decision.due_any:
        return False
    return sum(1 for n in decision.any_from if n) >= 2


def test_the_coach_says_who_pays_the_any_and_follows_the_color_keys(tmp_path: Path) -> None:
    """R-TAKE-3: the player pays the "any" knowing with which color, and learns that
    the color keys change it."""
    match = random_match(2, 3, _any_with_two_colors)
    state = match.state

    async def go() -> None:
        async with TableApp(match, tmp_path).run_test(size=(120, 40)) as pilot:
            await lift_curtain(pilot)
            await pilot.press("c")
            await pilot.pause()
            screen = table(pilot.app)
            coach = screen.query_one(CoachPanel)
            words = region_words(pilot.app, coach)
            assert "'any' paid with:" in words and "realm after paying:" in words, words
            ui = screen.ui
            assert ui.pick is not None
            chosen = [c for c, n in enumerate(ui.pick.chosen) if n]
            other = next(c for c, n in enumerate(state.decision.any_from) if n and c not in chosen)
            await pilot.press("rbogw"[other])
            await pilot.pause()
            after = region_words(pilot.app, coach)
            assert f"'any' paid with: 1{color_letters()[other]}" in after, after

    asyncio.run(go())
