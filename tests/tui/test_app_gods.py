"""Every god's rule can be read at any moment (R-GOD-1): from its key, taken or not, in
the players view and in the help."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app_driver import TableApp, lift_curtain, press, random_match, screen_text, table

from orbis_tui.engine import DecisionKind, GodId
from orbis_tui.tiles import load_catalog
from orbis_tui.tui.core.describe import GOD_KEYS, god_line, god_of_key, god_rule
from orbis_tui.tui.screens.help import help_renderable
from orbis_tui.tui.screens.players import gods_text
from orbis_tui.words import name_of


def held_god_match():
    """A two-player game at a turn of seat 0 after seat 1 took a god."""

    def ready(state) -> bool:
        return (
            state.kind is DecisionKind.TURN
            and state.current == 0
            and any(p.god is not None for p in state.players[1:])
        )

    return random_match(2, 11, ready)


def test_a_gods_key_tells_its_rule_when_it_is_held_by_another_player(tmp_path: Path) -> None:
    match = held_god_match()
    held = match.state.players[1].god
    assert held is not None and held not in match.state.gods_available
    told: list[str] = []

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            screen = table(pilot.app)
            screen.notify = lambda message, **_: told.append(str(message))  # type: ignore[method-assign]
            await press(pilot, GOD_KEYS[held])
            await pilot.pause()

    asyncio.run(go())
    god = match.state.catalog.god_by_id[held]
    assert told and name_of(god) in told[-1] and god_line(god) in told[-1]
    assert match.state.players[1].name in told[-1]


def test_every_gods_rule_is_said_whether_held_offered_or_not_drawn() -> None:
    state = held_god_match().state
    for god in GodId:
        said = god_rule(state, god)
        assert god_line(state.catalog.god_by_id[god]) in said
        if god in state.gods_available:
            assert "on offer" in said
        elif any(p.god is god for p in state.players):
            assert "held by" in said
        else:
            assert "not drawn for this game" in said
    assert god_of_key("T") is GodId.TECHNOLOGY and god_of_key("shift+d") is GodId.DEATH
    assert god_of_key("t") is None and god_of_key("a") is None


def test_the_players_view_gives_the_rule_of_every_god_of_the_game() -> None:
    state = held_god_match().state
    text = gods_text(state).plain
    for god in [p.god for p in state.players if p.god] + state.gods_available:
        assert god_line(state.catalog.god_by_id[god]) in text


def test_the_help_gives_every_gods_rule_technology_and_death_included() -> None:
    from io import StringIO

    from rich.console import Console

    console = Console(width=200, file=StringIO(), record=True)
    console.print(help_renderable(load_catalog().gods))
    text = " ".join(console.export_text().split())
    for god in load_catalog().gods:
        assert " ".join(god_line(god).split()) in text


def test_enter_on_a_god_the_player_cannot_take_says_why_once(tmp_path: Path) -> None:
    """R-TURN-1: a player who holds a god selects another and presses Enter: the panel
    says once that each player takes one god, not twice (the refusal and the mistake)."""

    def ready(state) -> bool:
        return (
            state.kind is DecisionKind.TURN
            and state.current == 0
            and state.players[0].god is not None
            and bool(state.gods_available)
        )

    match = random_match(2, 5, ready)
    state = match.state
    offered = state.gods_available[0]
    shown: list[str] = []

    async def go() -> None:
        app = TableApp(match, tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await lift_curtain(pilot)
            await press(pilot, GOD_KEYS[offered], "enter")
            await pilot.pause()
            shown.append(screen_text(pilot.app))

    asyncio.run(go())
    assert match.state.players[0].god is state.players[0].god  # nothing was taken
    assert shown[0].count("each player takes") == 1, shown[0]
