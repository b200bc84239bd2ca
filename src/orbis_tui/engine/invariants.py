"""Checks that must hold in every reachable state; used by self-play and the tests."""

from __future__ import annotations

from . import pyramid as geometry
from .rules import REALM_LIMIT, DecisionKind
from .setup import MARKET_SIZE, REGION_TILES_PER_PLAYER
from .state import GameState


def problems(state: GameState) -> list[str]:
    """Everything wrong with ``state``; an empty list means it is sound."""
    found: list[str] = []
    for player in state.players:
        for issue in geometry.is_valid(player.pyramid):
            found.append(f"{player.name}: {issue}")
        if min(player.realm) < 0:
            found.append(f"{player.name}: negative worshipers {player.realm}")
        between_turns = state.kind is DecisionKind.TURN or state.is_over
        if between_turns and player.worshipers > REALM_LIMIT:
            found.append(f"R-TURN-3: {player.name} holds {player.worshipers} worshipers")
        if len(player.pyramid) > REGION_TILES_PER_PLAYER:
            found.append(f"{player.name}: {len(player.pyramid)} region tiles")
        if state.is_over and (len(player.pyramid) != REGION_TILES_PER_PLAYER or player.god is None):
            found.append(f"R-TURN-1: {player.name} ends with {len(player.pyramid)} tiles")
    in_market = sum(t is not None for t in state.market)
    taking = state.take is not None and state.kind is not DecisionKind.TURN
    if in_market != MARKET_SIZE - (1 if taking else 0):
        found.append(f"R-SETUP-4: the market holds {in_market} tiles")
    if any(min(w) < 0 for w in state.market_worshipers):
        found.append("negative worshipers on the market")
    if state.is_over and any(state.pile_sizes()):
        found.append(f"R-SETUP-4: piles not empty at the end: {state.pile_sizes()}")
    return found
