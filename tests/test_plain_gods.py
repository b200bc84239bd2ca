"""What the plain seat says of a player's god: the same, true thing in the standings,
the recap and under the options; and, for the God of Equilibrium, which part of its
balance is missing (R-GOD-1)."""

from __future__ import annotations

import random

from orbis_tui.engine import DecisionKind, Exchange, GameState, GodId, new_game
from orbis_tui.engine.consequences import GodLost
from orbis_tui.plain.spoken import standings_words
from orbis_tui.tiles import load_catalog
from orbis_tui.words import message_of


def equilibrium_lost_by_the_market() -> GameState:
    """Seed 0, played at random (seeded): in round 14 the God of Equilibrium of the
    player to move lacks a temple and a validated volcano, with room in the pyramid for
    both, but no tile of the market gives one in time: every option loses it."""
    rng = random.Random(0)
    state = new_game(load_catalog(), ["Ada", "Bo"], seed=0)
    god = GodId.EQUILIBRIUM
    while not (state.kind is DecisionKind.TURN and state.round == 14 and state.player.god is god):
        state.apply(rng.choice([o.action for o in state.decision.legal_options]))
    return state


def god_line(state: GameState) -> str:
    return next(line for line in standings_words(state) if "God of Equilibrium" in line)


def test_a_god_every_option_loses_is_said_to_be_lost_not_to_come_true() -> None:
    """The options all warn that the god can no longer score: the standings (and the
    recap, which reads the same outlook) say so too, not that it can still come true."""
    state = equilibrium_lost_by_the_market()
    options = [o for o in state.decision.legal_options if not isinstance(o.action, Exchange)]
    assert options
    assert all(any(isinstance(w, GodLost) for w in o.warnings) for o in options)
    line = god_line(state)
    assert "can no longer score" in line
    assert "come true" not in line


def test_the_god_of_equilibrium_says_which_part_of_its_balance_is_missing() -> None:
    """Not "a village, a temple or a volcano" but the parts this pyramid lacks, in the
    standings and in the warning under an option."""
    state = equilibrium_lost_by_the_market()
    assert "lacks a temple and a validated volcano" in god_line(state)
    option = state.decision.legal_options[0]
    lost = next(w for w in option.warnings if isinstance(w, GodLost))
    said = message_of(lost)
    assert "a temple and a validated volcano" in said
    assert "room for only" in said
