"""The pure rules engine of Orbis: no user interface, no files, no global state.

Everything outside this package imports from here; ``__all__`` is the API. Typical
use (the shipped tile set comes from :func:`orbis_tui.tiles.load_catalog`)::

    from orbis_tui.engine import new_game
    state = new_game(catalog, ["Ada", "Bo"], seed=7)
    decision = state.decision          # what is asked, every option and its outcome
    state.apply(decision.legal_options[0].action)
    state.undo()                       # takes it back exactly

A position in the middle of a game is built, and checked against the rules, with
:func:`build_position` (see :mod:`.position`).
"""

from typing import TYPE_CHECKING

from ..lazy import lazy_attributes
from . import pyramid as geometry
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
from .colors import (
    COLORS,
    LETTERS,
    NUM_COLORS,
    ZERO,
    Color,
    Count,
    bounded_multisets,
    covers,
    letters,
    parse_letters,
)
from .consequences import (
    Consequence,
    DeathRefused,
    DeathUnaffordable,
    EffectRefused,
    ForestOutlook,
    ForestSealed,
    GodLost,
    IrrigationFails,
    OnlyAsWilderness,
    PaymentLost,
    RealmOverflow,
    ReturnUnaffordable,
    TempleUncounted,
    TokenAlreadyHeld,
    VolcanoFails,
    VolcanoRefused,
    WildernessCost,
)
from .decision import Decision, PickSpec
from .errors import IllegalAction, PositionError
from .events import (
    Cancelled,
    Collected,
    Discarded,
    Erupted,
    Event,
    Exchanged,
    Gained,
    GainedMany,
    GameOver,
    Generated,
    GodCancelled,
    Paid,
    Placed,
    ReductionTaken,
    Refilled,
    Returned,
    TookGod,
    TookTile,
    TurnEnded,
    TurnStarted,
    Validated,
    WentWild,
)
from .game import final_scores, first_player_for, game_from_deal, new_game, outlook, outlooks
from .invariants import problems
from .notation import NotationError, format_action, parse_action
from .option import Option, extra_losses, shared_losses
from .outlook import GodOutlook, Outlook, Prospect, TileOutlook
from .pay_options import wilderness_points
from .place_options import place_warnings
from .player import PlayerState, Take
from .preview import (
    TakePreview,
    exchange_toward_payment,
    exchanges_to_pay,
    preview_take,
    why_unpayable,
)
from .pyramid import ROW_SIZES, TOP_ROW, PlacedTile, Position, Pyramid
from .rule_ids import RULE_IDS
from .rules import (
    DEATH_PRICE,
    DECISION_RULE,
    EXCHANGE_RATE,
    LOVE_GIFT,
    MARKET_ADJACENT,
    REALM_LIMIT,
    DecisionKind,
)
from .scoring import (
    MOST_GODS,
    STONE_CP,
    GodScore,
    PlayerScore,
    TileScore,
    effect_counts,
    forest_matching,
    forest_validated,
    highest_mystic,
    score_game,
    temple_token_awards,
)
from .setup import (
    MARKET_SIDE,
    MARKET_SIZE,
    REGION_TILES_PER_PLAYER,
    ROUNDS,
    SETUPS,
    Deal,
    PlayerCountSetup,
    check_deal,
    deal,
    setup_for,
)
from .state import GameState
from .tiles import NO_EFFECT, Catalog, Effect, EffectKind, God, GodId, Tile, TileSet
from .turn_options import take_warnings

# Building positions is for tests, lessons and tools, not for a game: loaded when first
# asked for, which keeps the app's start short.
_LAZY = {
    name: "position"
    for name in (
        "PositionSpec",
        "SeatSpec",
        "Spot",
        "build_position",
        "check_pyramid",
        "position_of",
    )
}

if TYPE_CHECKING:
    from .position import (
        PositionSpec,
        SeatSpec,
        Spot,
        build_position,
        check_pyramid,
        position_of,
    )


__getattr__ = lazy_attributes(__name__, _LAZY)


__all__ = [
    "COLORS",
    "DEATH_PRICE",
    "DECISION_RULE",
    "EXCHANGE_RATE",
    "LETTERS",
    "LOVE_GIFT",
    "MARKET_ADJACENT",
    "MARKET_SIDE",
    "MARKET_SIZE",
    "MOST_GODS",
    "NO_EFFECT",
    "NUM_COLORS",
    "REALM_LIMIT",
    "REGION_TILES_PER_PLAYER",
    "ROUNDS",
    "ROW_SIZES",
    "RULE_IDS",
    "SETUPS",
    "STONE_CP",
    "TOP_ROW",
    "ZERO",
    "Action",
    "Cancelled",
    "Catalog",
    "ChooseGain",
    "ChooseWorshipers",
    "Collected",
    "Color",
    "Consequence",
    "Count",
    "Deal",
    "DeathRefused",
    "DeathUnaffordable",
    "Decision",
    "DecisionKind",
    "Decline",
    "Discard",
    "Discarded",
    "Effect",
    "EffectKind",
    "EffectRefused",
    "Erupt",
    "Erupted",
    "Event",
    "Exchange",
    "Exchanged",
    "ForestOutlook",
    "ForestSealed",
    "Gained",
    "GainedMany",
    "GameOver",
    "GameState",
    "Generated",
    "GoWild",
    "God",
    "GodCancelled",
    "GodId",
    "GodLost",
    "GodOutlook",
    "GodScore",
    "IllegalAction",
    "IrrigationFails",
    "NotationError",
    "OnlyAsWilderness",
    "Option",
    "Outlook",
    "Paid",
    "Pay",
    "PaymentLost",
    "PickSpec",
    "Place",
    "Placed",
    "PlacedTile",
    "PlayerCountSetup",
    "PlayerScore",
    "PlayerState",
    "Position",
    "PositionError",
    "PositionSpec",
    "Prospect",
    "Pyramid",
    "RealmOverflow",
    "ReductionTaken",
    "Refilled",
    "ReturnUnaffordable",
    "ReturnWorshipers",
    "Returned",
    "SeatSpec",
    "Spot",
    "Take",
    "TakeGod",
    "TakePreview",
    "TakeTile",
    "TempleUncounted",
    "Tile",
    "TileOutlook",
    "TileScore",
    "TileSet",
    "TokenAlreadyHeld",
    "TookGod",
    "TookTile",
    "TurnEnded",
    "TurnStarted",
    "Validated",
    "VolcanoFails",
    "VolcanoRefused",
    "WentWild",
    "WildernessCost",
    "bounded_multisets",
    "build_position",
    "check_deal",
    "check_pyramid",
    "covers",
    "deal",
    "effect_counts",
    "exchange_toward_payment",
    "exchanges_to_pay",
    "extra_losses",
    "final_scores",
    "first_player_for",
    "forest_matching",
    "forest_validated",
    "format_action",
    "game_from_deal",
    "geometry",
    "highest_mystic",
    "letters",
    "new_game",
    "outlook",
    "outlooks",
    "parse_action",
    "parse_letters",
    "place_warnings",
    "position_of",
    "preview_take",
    "problems",
    "score_game",
    "setup_for",
    "shared_losses",
    "take_warnings",
    "temple_token_awards",
    "why_unpayable",
    "wilderness_points",
]
