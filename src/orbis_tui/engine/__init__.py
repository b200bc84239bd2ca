"""The pure rules engine of Orbis: no user interface, no I/O beyond loading data.

Typical use::

    from orbis_tui.engine import new_game
    state = new_game(["Ada", "Bo"], seed=7)
    action = state.legal_actions()[0]
    state.apply(action)
"""

from .actions import (
    Action,
    ChooseGain,
    ChooseWorshipers,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GoWild,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
)
from .catalog import DataFileError, load_catalog
from .colors import COLORS, Color, Count
from .errors import IllegalAction
from .events import Event
from .game import final_scores, game_from_deal, new_game
from .scoring import PlayerScore
from .setup import Deal, deal
from .state import DecisionKind, GameState, PlayerState
from .tiles import Catalog, EffectKind, God, GodId, Tile

__all__ = [
    "COLORS",
    "Action",
    "Catalog",
    "ChooseGain",
    "ChooseWorshipers",
    "Color",
    "Count",
    "DataFileError",
    "Deal",
    "DecisionKind",
    "Decline",
    "Discard",
    "EffectKind",
    "Erupt",
    "Event",
    "Exchange",
    "GameState",
    "GoWild",
    "God",
    "GodId",
    "IllegalAction",
    "Pay",
    "Place",
    "PlayerScore",
    "PlayerState",
    "ReturnWorshipers",
    "TakeGod",
    "TakeTile",
    "Tile",
    "deal",
    "final_scores",
    "game_from_deal",
    "load_catalog",
    "new_game",
]
