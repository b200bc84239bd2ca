"""Hints: the best options of the pending decision, in words, from the strongest search.

:func:`best_options` asks :func:`orbis_tui.bots.analysis.analyse` for the options of the
decision the current player faces, and describes the best few: what to do (exchanges
first, if any), the expected final CP margin with its uncertainty, and a one-line
reason. It runs for :data:`HINT_BUDGET` seconds unless ``HINT_ITERATIONS`` fixes the
search's size (tests do, so that a hint is the same every time).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import (
    Action,
    ChooseGain,
    ChooseWorshipers,
    Decline,
    Discard,
    Erupt,
    Exchange,
    GameState,
    GoWild,
    LETTERS,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
)
from . import texts
from .describe import god_name, removal_words, spot_words, tile_label, worshiper_words

HINT_COUNT = 3
HINT_ITERATIONS: int | None = None  # None: search for HINT_BUDGET seconds


@dataclass(frozen=True)
class HintOption:
    actions: tuple[Action, ...]  # to play in order: exchanges first, then the answer
    words: str  # what to do, in words
    margin: float  # the expected final CP margin (own CP minus the best other's)
    stderr: float  # its standard error (inf when too few visits)
    reason: str  # why, in one line


def best_options(
    state: GameState,
    *,
    progress: Callable[[float], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    seed: int = 0,
) -> list[HintOption]:
    """The best :data:`HINT_COUNT` options of the decision pending in ``state`` (best
    first); ``state`` is not changed. Fewer when the search was cancelled early."""
    from ..bots.analysis import HINT_BUDGET, analyse
    from ..sim.review import option_reason

    if HINT_ITERATIONS is not None:
        size: dict[str, float | int] = {"iterations": HINT_ITERATIONS}
    else:
        size = {"time_budget": HINT_BUDGET}
    result = analyse(
        state, top=HINT_COUNT, seed=seed, progress=progress, cancel=cancel, **size
    )
    out = []
    for option in result.options:
        if option.visits == 0:
            continue
        out.append(
            HintOption(
                actions=option.actions,
                words=option_words(state, option.actions),
                margin=option.margin,
                stderr=option.stderr,
                reason=option_reason(state, option.actions),
            )
        )
    return out


def option_words(state: GameState, actions: Sequence[Action]) -> str:
    """What playing ``actions`` in ``state`` does, in a few words ('take X from cell 3')."""
    state = state.copy()
    parts = []
    for action in actions:
        parts.append(action_words(state, action))
        state.apply(action)
    return texts.HINT_THEN.join(parts)


def action_words(state: GameState, action: Action) -> str:
    """One action of the current player, in words, before it is played in ``state``."""
    words = texts.HINT_ACTION
    match action:
        case TakeTile(cell=cell):
            tile = state.market[cell]
            name = tile_label(tile) if tile is not None else "?"
            return words["take"].format(tile=name, cell=cell + 1)
        case TakeGod(god=god):
            return words["god"].format(god=god_name(state, god))
        case Exchange(give=give, get=get):
            return words["exchange"].format(give=LETTERS[give], get=LETTERS[get])
        case Pay(any_colors=colors):
            if any(colors):
                return words["pay_any"].format(colors=worshiper_words(colors))
            return words["pay"]
        case GoWild():
            return words["wild"]
        case Place(row=row, col=col, wild=wild):
            spot = spot_words(state.player.pyramid, (row, col))
            return words["place_wild" if wild else "place"].format(spot=spot)
        case ChooseGain(color=color):
            return words["gain"].format(color=LETTERS[color])
        case ReturnWorshipers(colors=colors):
            return words["return"].format(worshipers=worshiper_words(colors))
        case Erupt(removals=removals):
            if not removals:
                return words["erupt_none"]
            return words["erupt"].format(removals=removal_words(action))
        case Decline():
            return words["decline"]
        case ChooseWorshipers(colors=colors):
            return words["love"].format(worshipers=worshiper_words(colors))
        case Discard(colors=colors):
            return words["discard"].format(worshipers=worshiper_words(colors))
    return str(action)
