"""What happened, in words: the game log's lines for the events of an action."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    Cancelled,
    Collected,
    Color,
    Discarded,
    Erupt,
    Erupted,
    Event,
    Exchanged,
    Gained,
    GainedMany,
    GameOver,
    GameState,
    Generated,
    GodCancelled,
    GodId,
    Paid,
    Placed,
    ReductionTaken,
    Refilled,
    Returned,
    Tile,
    TookGod,
    TookTile,
    TurnStarted,
    Validated,
    WentWild,
)
from ..i18n import color_letters, gettext
from . import texts
from .messages import cancelled_text, color_in_sentence
from .names import name_of
from .worshipers import worshiper_words


def log_text(key: str) -> str:
    """One of the log's templates (:data:`.texts.LOG`), in the language in use."""
    return gettext(texts.LOG[key])


def tile_label(tile: Tile) -> str:
    """'Hissing Vent (R★★)'."""
    return f"{name_of(tile)} ({color_letters()[tile.color]}{'★' * tile.level})"


def god_name(state: GameState, god: GodId) -> str:
    return name_of(state.catalog.god_by_id[god])


def cell_list(cells: Sequence[int]) -> str:
    """Market cells as a player counts them: '1, 4, 9'."""
    return texts.LIST_SEP.join(str(c + 1) for c in sorted(cells))


def removal_words(action: Erupt) -> str:
    """A volcano's removals: '1R from cell 2, 2B from cell 5'."""
    return texts.LIST_SEP.join(
        gettext(texts.LOG_REMOVAL).format(worshipers=worshiper_words(count), cell=cell + 1)
        for cell, count in action.removals
    )


def event_lines(state: GameState, events: Sequence[Event]) -> list[str]:
    """The game log lines for the events of one action (``state`` is the state after)."""
    names = [p.name for p in state.players]
    tiles = state.catalog.tile_by_id
    lines: list[str] = []
    for event in events:
        name = names[event.player]
        match event:
            case TookTile(tile=tile, cell=cell):
                lines.append(
                    log_text("took_tile").format(
                        name=name, tile=tile_label(tiles[tile]), cell=cell + 1
                    )
                )
            case Generated(color=color, cells=cells):
                template = log_text("generated")
                word = color_in_sentence(Color(color).label)
                if template.startswith("{color}"):  # the sentence begins with it
                    word = word[:1].upper() + word[1:]
                lines.append(template.format(color=word, cells=cell_list(cells)))
            case Collected(worshipers=worshipers) if any(worshipers):
                lines.append(
                    log_text("collected").format(name=name, worshipers=worshiper_words(worshipers))
                )
            case Paid(worshipers=worshipers):
                if any(worshipers):
                    lines.append(
                        log_text("paid").format(name=name, worshipers=worshiper_words(worshipers))
                    )
                else:
                    lines.append(log_text("paid_nothing").format(name=name))
            case WentWild():
                lines.append(log_text("went_wild").format(name=name))
            case Placed(tile=tile, row=row, wild=wild):
                key = "placed_wild" if wild else "placed"
                lines.append(log_text(key).format(name=name, tile=name_of(tiles[tile]), row=row))
            case ReductionTaken(color=color):
                word = color_in_sentence(Color(color).label)
                lines.append(log_text("reduction").format(name=name, color=word))
            case Gained(color=color, count=count):
                lines.append(
                    log_text("gained").format(name=name, count=count, color=color_letters()[color])
                )
            case Cancelled(tile=tile, reason=reason, details=details):
                lines.append(
                    log_text("cancelled").format(
                        tile=name_of(tiles[tile]), reason=cancelled_text(reason, details)
                    )
                )
            case Validated(tile=tile):
                lines.append(log_text("validated").format(tile=name_of(tiles[tile])))
            case Returned(worshipers=worshipers):
                lines.append(
                    log_text("returned").format(name=name, worshipers=worshiper_words(worshipers))
                )
            case GainedMany(worshipers=worshipers):
                lines.append(
                    log_text("gained_many").format(
                        name=name, worshipers=worshiper_words(worshipers)
                    )
                )
            case Discarded(worshipers=worshipers):
                lines.append(
                    log_text("discarded").format(name=name, worshipers=worshiper_words(worshipers))
                )
            case Erupted(removals=removals):
                lines.append(log_text("erupted").format(removals=removal_words(Erupt(removals))))
            case GodCancelled(god=god):
                lines.append(log_text("god_cancelled").format(god=god_name(state, god)))
            case TookGod(god=god):
                lines.append(log_text("took_god").format(name=name, god=god_name(state, god)))
            case Exchanged(give=give, get=get):
                lines.append(
                    log_text("exchanged").format(
                        name=name, give=color_letters()[give], get=color_letters()[get]
                    )
                )
            case Refilled(cell=cell, tile=tile):
                lines.append(
                    log_text("refilled").format(cell=cell + 1, tile=tile_label(tiles[tile]))
                )
            case TurnStarted():
                lines.append(log_text("turn_started").format(name=name))
            case GameOver():
                lines.append(log_text("game_over"))
    return lines
