"""Words for engine values: tiles, effects, costs, spots, the phase line, the log.

Pure functions over engine objects; the sentences themselves come from
:mod:`orbis_tui.tui.texts`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    COLORS,
    LETTERS,
    ROUNDS,
    Cancelled,
    Collected,
    Color,
    Count,
    DecisionKind,
    Discarded,
    Effect,
    EffectKind,
    Erupt,
    Erupted,
    Event,
    Exchanged,
    Gained,
    GainedMany,
    GameOver,
    GameState,
    Generated,
    God,
    GodCancelled,
    GodId,
    Paid,
    Placed,
    PlacedTile,
    Position,
    Pyramid,
    ReductionTaken,
    Refilled,
    Returned,
    Tile,
    TookGod,
    TookTile,
    TurnStarted,
    Validated,
    WentWild,
    cancelled_text,
    color_in_sentence,
    letters,
)
from . import texts

# Each god's own key (its initial, with shift).
GOD_KEYS: dict[GodId, str] = {
    GodId.LOVE: "L",
    GodId.APPRENTICE: "A",
    GodId.OCEANS: "O",
    GodId.IDLENESS: "I",
    GodId.FIRE: "F",
    GodId.TECHNOLOGY: "T",
    GodId.NATURE: "N",
    GodId.EQUILIBRIUM: "E",
    GodId.HARVESTS: "H",
    GodId.DEATH: "D",
}


def color_word(color: int) -> str:
    return texts.COLOR_NAMES[color]


def worshiper_words(count: Count) -> str:
    """Worshipers, count then color letter: (2, 1, 0, 0, 0) -> '2R 1B'; none -> 'nothing'."""
    return cost_words(count, 0)


def cost_words(cost: Count, any_count: int) -> str:
    """A cost the same way: '2R 1B + 1 any'; nothing -> 'nothing'."""
    parts = [f"{n}{LETTERS[c]}" for c, n in enumerate(cost) if n]
    text = " ".join(parts)
    if any_count:
        extra = texts.fill(texts.ANY_COUNT, count=any_count)
        text = f"{text}{texts.AND}{extra}" if text else extra
    return text or texts.NOTHING


def mystic_words(tile: Tile) -> str:
    """A white tile's mystic value (it breaks temple ties), or '' for the others."""
    return texts.MYSTIC.format(mystic=tile.mystic) if tile.mystic is not None else ""


def god_line(god: God) -> str:
    """What a god does, in one line."""
    return god.summary or texts.GOD_NO_SUMMARY.format(cp=god.cp)


def cell_list(cells: Sequence[int]) -> str:
    return texts.LIST_SEP.join(str(c + 1) for c in sorted(cells))


def _effect_fields(effect: Effect) -> dict[str, object]:
    return {
        "count": effect.count,
        "color": LETTERS[effect.color] if effect.color is not None else "?",
        "color_word": color_word(effect.color) if effect.color is not None else texts.ANY_WORD,
        "colors": "/".join(LETTERS[c] for c in effect.colors),
        "colors_words": "/".join(color_word(c) for c in effect.colors),
        "remove": letters(effect.remove),
        "remove_words": worshiper_words(effect.remove),
    }


def _effect_key(effect: Effect) -> str:
    if effect.kind is EffectKind.GAIN and effect.color is None:
        return "gain_any"
    return effect.kind.value


def effect_short(effect: Effect) -> str:
    return texts.EFFECT_SHORT[_effect_key(effect)].format(**_effect_fields(effect))


def effect_long(effect: Effect) -> str:
    return texts.EFFECT_LONG[_effect_key(effect)].format(**_effect_fields(effect))


def effect_tiny(effect: Effect) -> str:
    return texts.EFFECT_TINY[_effect_key(effect)].format(**_effect_fields(effect))


def tile_label(tile: Tile) -> str:
    """'Hissing Vent (R★★)'."""
    return f"{tile.name} ({LETTERS[tile.color]}{'★' * tile.level})"


def god_name(state: GameState, god: GodId) -> str:
    return state.catalog.god_by_id[god].name


def spot_words(pyramid: Pyramid, pos: Position) -> str:
    """Where a spot is, in words a player can check against the drawing."""
    row, col = pos
    if row == 1:
        cols = [c for (r, c) in pyramid if r == 1]
        if not cols:
            return texts.SPOT_FIRST
        return texts.SPOT_LEFT if col < min(cols) else texts.SPOT_RIGHT
    left, right = pyramid.get((row - 1, col)), pyramid.get((row - 1, col + 1))
    return texts.SPOT_ON.format(
        row=row,
        left=_placed_name(left),
        right=_placed_name(right),
    )


def _placed_name(placed: PlacedTile | None) -> str:
    if placed is None:
        return "?"
    if placed.wild:
        return texts.WILD_NAME
    return placed.tile.name


def round_text(state: GameState) -> str:
    return texts.ROUND.format(round=state.round, rounds=ROUNDS)


def phase_line(state: GameState) -> str:
    """What the active player is expected to do now, in one line (from the decision)."""
    decision = state.decision
    kind = decision.kind
    tile = decision.tile
    if kind is DecisionKind.TURN:
        return texts.PHASE["turn_must_god" if decision.must_take_god else "turn"]
    if kind is DecisionKind.PAY:
        return texts.PHASE["pay"].format(cost=cost_words(decision.due, decision.due_any))
    if kind is DecisionKind.PLACE:
        assert tile is not None
        if state.take is not None and state.take.wild:
            return texts.PHASE["place_wild"]
        return texts.PHASE["place"].format(tile=tile.name)
    if kind is DecisionKind.VILLAGE:
        return texts.PHASE["village"].format(count=decision.returns)
    if kind is DecisionKind.VOLCANO:
        return texts.PHASE["volcano"].format(remove=worshiper_words(decision.removals))
    if kind is DecisionKind.DISCARD:
        return texts.PHASE["discard"].format(count=decision.discard)
    return texts.PHASE[kind.value]


def removal_words(action: Erupt) -> str:
    return texts.LIST_SEP.join(
        texts.LOG_REMOVAL.format(worshipers=worshiper_words(count), cell=cell + 1)
        for cell, count in action.removals
    )


def event_lines(state: GameState, events: Sequence[Event]) -> list[str]:
    """The game log lines for the events of one action (``state`` is the state after)."""
    names = [p.name for p in state.players]
    tiles = state.catalog.tile_by_id
    log = texts.LOG
    lines: list[str] = []
    for event in events:
        name = names[event.player]
        match event:
            case TookTile(tile=tile, cell=cell):
                lines.append(
                    log["took_tile"].format(name=name, tile=tile_label(tiles[tile]), cell=cell + 1)
                )
            case Generated(color=color, cells=cells):
                template = log["generated"]
                word = color_in_sentence(Color(color).label)
                if template.startswith("{color}"):  # the sentence begins with it
                    word = word[:1].upper() + word[1:]
                lines.append(template.format(color=word, cells=cell_list(cells)))
            case Collected(worshipers=worshipers) if any(worshipers):
                lines.append(
                    log["collected"].format(name=name, worshipers=worshiper_words(worshipers))
                )
            case Paid(worshipers=worshipers):
                if any(worshipers):
                    lines.append(
                        log["paid"].format(name=name, worshipers=worshiper_words(worshipers))
                    )
                else:
                    lines.append(log["paid_nothing"].format(name=name))
            case WentWild():
                lines.append(log["went_wild"].format(name=name))
            case Placed(tile=tile, row=row, wild=wild):
                key = "placed_wild" if wild else "placed"
                lines.append(log[key].format(name=name, tile=tiles[tile].name, row=row))
            case ReductionTaken(color=color):
                word = color_in_sentence(Color(color).label)
                lines.append(log["reduction"].format(name=name, color=word))
            case Gained(color=color, count=count):
                lines.append(log["gained"].format(name=name, count=count, color=LETTERS[color]))
            case Cancelled(tile=tile, reason=reason, details=details):
                lines.append(
                    log["cancelled"].format(
                        tile=tiles[tile].name, reason=cancelled_text(reason, details)
                    )
                )
            case Validated(tile=tile):
                lines.append(log["validated"].format(tile=tiles[tile].name))
            case Returned(worshipers=worshipers):
                lines.append(
                    log["returned"].format(name=name, worshipers=worshiper_words(worshipers))
                )
            case GainedMany(worshipers=worshipers):
                lines.append(
                    log["gained_many"].format(name=name, worshipers=worshiper_words(worshipers))
                )
            case Discarded(worshipers=worshipers):
                lines.append(
                    log["discarded"].format(name=name, worshipers=worshiper_words(worshipers))
                )
            case Erupted(removals=removals):
                lines.append(log["erupted"].format(removals=removal_words(Erupt(removals))))
            case GodCancelled(god=god):
                lines.append(log["god_cancelled"].format(god=god_name(state, god)))
            case TookGod(god=god):
                lines.append(log["took_god"].format(name=name, god=god_name(state, god)))
            case Exchanged(give=give, get=get):
                lines.append(
                    log["exchanged"].format(name=name, give=LETTERS[give], get=LETTERS[get])
                )
            case Refilled(cell=cell, tile=tile):
                lines.append(log["refilled"].format(cell=cell + 1, tile=tile_label(tiles[tile])))
            case TurnStarted():
                lines.append(log["turn_started"].format(name=name))
            case GameOver():
                lines.append(log["game_over"])
    return lines


def most_plentiful(have: Sequence[int], n: int) -> Count:
    """Pick ``n`` worshipers from ``have``, one at a time from the largest pile left."""
    left = list(have)
    chosen = [0] * len(COLORS)
    for _ in range(n):
        best = max(range(len(COLORS)), key=lambda c: (left[c], -c))
        if left[best] <= 0:
            break
        left[best] -= 1
        chosen[best] += 1
    return tuple(chosen)


def fewest_first(have: Sequence[int], n: int) -> Count:
    """Pick ``n`` worshipers from the aether, each time the color the realm lacks most."""
    totals = list(have)
    chosen = [0] * len(COLORS)
    for _ in range(n):
        low = min(range(len(COLORS)), key=lambda c: (totals[c], c))
        totals[low] += 1
        chosen[low] += 1
    return tuple(chosen)


__all__ = [
    "GOD_KEYS",
    "Color",
    "cost_words",
    "effect_long",
    "effect_short",
    "effect_tiny",
    "event_lines",
    "fewest_first",
    "most_plentiful",
    "phase_line",
    "spot_words",
    "worshiper_words",
]
