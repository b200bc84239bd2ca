"""Words for engine values: tiles, effects, costs, spots, the phase line, the log.

Pure functions over engine objects; the sentences themselves come from
:mod:`orbis_tui.tui.texts`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Erupt
from ..engine.colors import COLORS, LETTERS, Color, Count, letters
from ..engine.events import Event
from ..engine.messages import cancelled_text
from ..engine.pyramid import Position, Pyramid
from ..engine.setup import ROUNDS
from ..engine.state import DecisionKind, GameState
from ..engine.tiles import Effect, EffectKind, GodId, Tile
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
    """(2, 1, 0, 0, 0) -> '2 red + 1 blue'; nothing -> 'nothing'."""
    return cost_words(count, 0)


def cost_words(cost: Count, any_count: int) -> str:
    """A cost in words: '2 red + 1 any'; nothing -> 'nothing'."""
    parts = [f"{n} {texts.COLOR_NAMES[c]}" for c, n in enumerate(cost) if n]
    if any_count:
        parts.append(f"{any_count} {texts.ANY_WORD}")
    return texts.AND.join(parts) if parts else texts.NOTHING


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


def _placed_name(placed: object) -> str:
    if placed is None:
        return "?"
    if placed.wild:  # type: ignore[attr-defined]
        return texts.WILD_NAME
    return placed.tile.name  # type: ignore[attr-defined]


def round_text(state: GameState) -> str:
    return texts.ROUND.format(round=state.round, rounds=ROUNDS)


def phase_line(state: GameState) -> str:
    """What the active player is expected to do now, in one line."""
    kind = state.kind
    tile = state.take_tile
    if kind is DecisionKind.TURN:
        return texts.PHASE["turn_must_god" if state.must_take_god() else "turn"]
    if kind is DecisionKind.PAY:
        due, any_count = state.payment_due()
        if not any(due) and not any_count:
            return texts.PHASE["pay_free"]
        return texts.PHASE["pay"].format(cost=cost_words(due, any_count))
    if kind is DecisionKind.PLACE:
        assert tile is not None
        if state.take_wild:
            return texts.PHASE["place_wild"]
        return texts.PHASE["place"].format(tile=tile.name)
    if kind is DecisionKind.GAIN:
        return texts.PHASE["gain"]
    if kind is DecisionKind.VILLAGE:
        assert tile is not None
        return texts.PHASE["village"].format(count=tile.effect.count)
    if kind is DecisionKind.VOLCANO:
        assert tile is not None
        return texts.PHASE["volcano"].format(remove=worshiper_words(tile.effect.remove))
    if kind is DecisionKind.LOVE:
        return texts.PHASE["love"]
    if kind is DecisionKind.DEATH:
        return texts.PHASE["death"]
    if kind is DecisionKind.DISCARD:
        return texts.PHASE["discard"].format(count=state.discard_needed())
    return texts.PHASE["over"]


def removal_words(action: Erupt) -> str:
    return texts.LIST_SEP.join(
        texts.LOG_REMOVAL.format(worshipers=worshiper_words(count), cell=cell + 1)
        for cell, count in action.removals
    )


def event_lines(state: GameState, events: Sequence[Event]) -> list[str]:
    """The game log lines for the events of one action (``state`` is the state after)."""
    names = [p.name for p in state.players]
    tiles = state.catalog.tile_by_id
    lines: list[str] = []
    for event in events:
        d = event.data
        name = names[event.player]
        kind = event.kind
        tmpl = texts.LOG
        if kind == "took_tile":
            lines.append(
                tmpl[kind].format(name=name, tile=tile_label(tiles[d["tile"]]), cell=d["cell"] + 1)
            )
        elif kind == "generated":
            lines.append(
                tmpl[kind].format(
                    color=color_word(d["color"]).capitalize(), cells=cell_list(d["cells"])
                )
            )
        elif kind == "collected":
            if any(d["worshipers"]):
                lines.append(
                    tmpl[kind].format(name=name, worshipers=worshiper_words(d["worshipers"]))
                )
        elif kind == "paid":
            if any(d["worshipers"]):
                lines.append(
                    tmpl[kind].format(name=name, worshipers=worshiper_words(d["worshipers"]))
                )
            else:
                lines.append(tmpl["paid_nothing"].format(name=name))
        elif kind == "went_wild":
            lines.append(tmpl[kind].format(name=name))
        elif kind == "placed":
            key = "placed_wild" if d["wild"] else "placed"
            lines.append(tmpl[key].format(name=name, tile=tiles[d["tile"]].name, row=d["row"]))
        elif kind == "reduction":
            lines.append(tmpl[kind].format(name=name, color=color_word(d["color"])))
        elif kind == "gained":
            lines.append(
                tmpl[kind].format(name=name, count=d["count"], color=color_word(d["color"]))
            )
        elif kind == "cancelled":
            details = {k: v for k, v in d.items() if k not in ("tile", "reason")}
            lines.append(
                tmpl[kind].format(
                    tile=tiles[d["tile"]].name, reason=cancelled_text(d["reason"], details)
                )
            )
        elif kind == "validated":
            lines.append(tmpl[kind].format(tile=tiles[d["tile"]].name))
        elif kind in ("returned", "gained_many", "discarded"):
            lines.append(tmpl[kind].format(name=name, worshipers=worshiper_words(d["worshipers"])))
        elif kind == "erupted":
            lines.append(tmpl[kind].format(removals=removal_words(Erupt(d["removals"]))))
        elif kind == "god_cancelled":
            lines.append(tmpl[kind].format(god=god_name(state, d["god"])))
        elif kind == "took_god":
            lines.append(tmpl[kind].format(name=name, god=god_name(state, d["god"])))
        elif kind == "exchanged":
            lines.append(
                tmpl[kind].format(name=name, give=color_word(d["give"]), get=color_word(d["get"]))
            )
        elif kind == "refilled":
            lines.append(tmpl[kind].format(cell=d["cell"] + 1, tile=tile_label(tiles[d["tile"]])))
        elif kind == "turn_started":
            lines.append(tmpl[kind].format(name=name))
        elif kind == "game_over":
            lines.append(tmpl[kind])
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
    return tuple(chosen)  # type: ignore[return-value]


def fewest_first(have: Sequence[int], n: int) -> Count:
    """Pick ``n`` worshipers from the aether, each time the color the realm lacks most."""
    totals = list(have)
    chosen = [0] * len(COLORS)
    for _ in range(n):
        low = min(range(len(COLORS)), key=lambda c: (totals[c], c))
        totals[low] += 1
        chosen[low] += 1
    return tuple(chosen)  # type: ignore[return-value]


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
