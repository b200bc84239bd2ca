"""Starting a game and reading its result: the engine's front door."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from .actions import Exchange
from .consequences import GodLost
from .outlook import Outlook, Prospect, outlook_of
from .scoring import PlayerScore, score_game
from .setup import Deal, deal
from .state import GameState
from .tiles import Catalog


def new_game(
    catalog: Catalog,
    names: Sequence[str],
    seed: int,
    first_player: int | None = None,
) -> GameState:
    """A new game for 2-4 players with the tiles and gods of ``catalog``, dealt from
    ``seed`` (R-SETUP-*). With ``first_player`` None, the seed also picks who starts
    (R-SETUP-3). The shipped catalog is :func:`orbis_tui.tiles.load_catalog`'s.
    """
    the_deal = deal(catalog, len(names), seed)
    if first_player is None:
        first_player = first_player_for(seed, len(names))
    return GameState(catalog, the_deal, names, first_player)


def first_player_for(seed: int, players: int) -> int:
    """The seat that starts when the table lets chance decide (R-SETUP-3)."""
    return random.Random(f"first-player:{seed}").randrange(players)


def game_from_deal(
    catalog: Catalog, the_deal: Deal, names: Sequence[str], first_player: int = 0
) -> GameState:
    return GameState(catalog, the_deal, names, first_player)


def final_scores(state: GameState) -> list[PlayerScore]:
    """The score breakdown of every player (seat order). Valid at any time; final at the end."""
    players = state.players
    return score_game(
        state.catalog,
        [p.name for p in players],
        [p.pyramid for p in players],
        [p.god for p in players],
        [p.god_cancelled for p in players],
        [p.worshipers for p in players],
        state.deal.temple_tokens,
    )


def outlooks(state: GameState, scores: list[PlayerScore] | None = None) -> list[Outlook]:
    """Every player's outlook (seat order): each tile scores now, can still score, or can
    no longer score; the temple token and the god likewise. ``scores``: the state's
    :func:`final_scores`, when already at hand. Its CP now is always theirs."""
    if scores is None:
        scores = final_scores(state)
    players = state.players
    pyramids = [p.pyramid for p in players]
    gods = state.catalog.god_by_id
    god_cp = [gods[p.god].cp if p.god is not None else 0 for p in players]
    views = [outlook_of(scores, pyramids, god_cp, seat) for seat in range(len(players))]
    mover = views[state.current] if not state.is_over else None
    if mover is not None and mover.god.prospect is Prospect.OPEN and _god_lost_now(state):
        views[state.current] = replace(mover, god=replace(mover.god, prospect=Prospect.LOST))
    return views


def _god_lost_now(state: GameState) -> bool:
    """Whether every answer open to the player to move (an exchange changes no pyramid)
    makes their god unable to score (R-GOD-1): then it already cannot, whatever they
    choose, though the counts alone leave it a chance (they do not know the market)."""
    god = state.player.god
    if god is None:
        return False
    options = [o for o in state.decision.legal_options if not isinstance(o.action, Exchange)]
    return bool(options) and all(
        any(isinstance(w, GodLost) and w.god.id is god for w in o.warnings) for o in options
    )


def outlook(state: GameState, seat: int) -> Outlook:
    """The outlook of one player (see :func:`outlooks`)."""
    return outlooks(state)[seat]
