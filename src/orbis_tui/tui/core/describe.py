"""Words for engine values: tiles, effects, costs, spots, the phase line, the log.

Pure functions over engine objects; the sentences themselves come from
:mod:`orbis_tui.tui.texts`. The words the app shares with hints and reviews (actions,
spots, worshipers, the log's events, names) are :mod:`orbis_tui.words`'s: import them
from there.
"""

from __future__ import annotations

from ...engine import (
    ROUNDS,
    DecisionKind,
    Effect,
    EffectKind,
    GameState,
    God,
    GodId,
    Tile,
    letters,
)
from ...i18n import color_letters, fill, shown_letters
from ...i18n import gettext as _
from ...words import (
    cost_words,
    name_of,
    summary_of,
    worshiper_words,
)
from .. import texts, texts_help, texts_learn

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
    return _(texts.COLOR_NAMES[color])


def mystic_words(tile: Tile) -> str:
    """A white tile's mystic value (it breaks temple ties), or '' for the others."""
    return _(texts.MYSTIC).format(mystic=tile.mystic) if tile.mystic is not None else ""


def god_line(god: God) -> str:
    """What a god does, in one line."""
    return summary_of(god) or _(texts.GOD_NO_SUMMARY).format(cp=god.cp)


def god_rule(state: GameState, god_id: GodId) -> str:
    """A god's rule at any moment of a game: its name and CP, whether it is on offer,
    held (and by whom) or not drawn for this game, and what it does (R-GOD-1)."""
    god = state.catalog.god_by_id[god_id]
    values = {"god": name_of(god), "cp": god.cp, "rule": god_line(god)}
    holder = next((p.name for p in state.players if p.god is god_id), None)
    if holder is not None:
        return _(texts_learn.GOD_RULE_HELD).format(player=holder, **values)
    if god_id in state.gods_available:
        return _(texts_learn.GOD_RULE_OFFERED).format(**values)
    return _(texts_learn.GOD_RULE_ABSENT).format(**values)


def god_of_key(key: str) -> GodId | None:
    """The god whose key ``key`` is ("T" or "shift+t": the God of Technology)."""
    letter = key.removeprefix("shift+").upper()
    if len(letter) != 1 or not (key.startswith("shift+") or key.isupper()):
        return None
    return next((god for god, own in GOD_KEYS.items() if own == letter), None)


def god_short_name(god: God) -> str:
    """A god's name where a line is short ("Love" for the God of Love)."""
    key = god.id.value
    return _(texts_help.GOD_SHORT[key]) if key in texts_help.GOD_SHORT else name_of(god)


def _effect_fields(effect: Effect) -> dict[str, object]:
    return {
        "count": effect.count,
        "color": color_letters()[effect.color] if effect.color is not None else "?",
        "color_word": color_word(effect.color) if effect.color is not None else _(texts.ANY_WORD),
        "colors": "/".join(color_letters()[c] for c in effect.colors),
        "colors_words": "/".join(color_word(c) for c in effect.colors),
        "remove": shown_letters(letters(effect.remove)),
        "remove_words": worshiper_words(effect.remove),
    }


def _effect_key(effect: Effect) -> str:
    if effect.kind is EffectKind.GAIN and effect.color is None:
        return "gain_any"
    return effect.kind.value


def effect_short(effect: Effect) -> str:
    return _(texts.EFFECT_SHORT[_effect_key(effect)]).format(**_effect_fields(effect))


def effect_long(effect: Effect) -> str:
    return fill(texts.EFFECT_LONG[_effect_key(effect)], **_effect_fields(effect))


def effect_tiny(effect: Effect) -> str:
    return _(texts.EFFECT_TINY[_effect_key(effect)]).format(**_effect_fields(effect))


def effect_narrow(effect: Effect) -> str:
    """A forest as a narrow hex says it, "f. 2×B/W": what it needs, its word shortened
    ("" for the other effects: their market words say them in few letters)."""
    key = _effect_key(effect)
    if key not in texts.EFFECT_NARROW:
        return ""
    return _(texts.EFFECT_NARROW[key]).format(**_effect_fields(effect))


def effect_label(effect: Effect, width: int) -> str:
    """An effect in ``width`` cells (a pyramid hex): the market's words when they fit;
    else a forest's narrow form when it fits ("W. 2×B/W": what the forest needs); else
    the longer of the market words' first words that fit ("forest" of "forest 3×R/G")
    and the tiny form ("for."), the tiny form when they are as long (a gain's "+1?",
    not "+1")."""
    short = effect_short(effect)
    if len(short) <= width:
        return short
    narrow = effect_narrow(effect)
    if narrow and len(narrow) <= width:
        return narrow
    tiny = effect_tiny(effect)
    words = short.split()
    while words and len(" ".join(words)) > width:
        words.pop()
    first = " ".join(words)
    return first if len(first) > len(tiny) else tiny[:width]


def short_name(name: str, width: int) -> str:
    """A tile's name in ``width`` cells: whole when it fits; else as many of its first
    words as fit, the last of them cut to its start and a period ("Verseng." for
    Versengter Grat, "Gut Ble." for Gut Bleichweizen, "Forge B." for Forge Beneath the
    Mountain; an initial rather than two letters: "Furt d.")."""
    if len(name) <= width:
        return name
    words = name.split()
    for count in range(len(words), 0, -1):
        kept = " ".join(words[: count - 1])
        room = width - len(kept) - (1 if kept else 0) - 1  # the last word's letters
        if room >= 1:  # three letters or more, else its initial ("Furt d.", not "Furt de.")
            last = words[count - 1][: room if room >= 3 else 1] + "."
            return f"{kept} {last}" if kept else last
    return name[: max(0, width - 1)] + "."


def round_text(state: GameState) -> str:
    return _(texts.ROUND).format(round=state.round, rounds=ROUNDS)


def phase_words(key: str) -> str:
    """The status line's words for a phase (``"pay"``, ``"confirm"``...)."""
    return _(texts.PHASE[key])


def phase_line(state: GameState) -> str:
    """What the active player is expected to do now, in one line (from the decision)."""
    decision = state.decision
    kind = decision.kind
    tile = decision.tile
    if kind is DecisionKind.TURN:
        return phase_words("turn_must_god" if decision.must_take_god else "turn")
    if kind is DecisionKind.PAY:
        return phase_words("pay").format(cost=cost_words(decision.due, decision.due_any))
    if kind is DecisionKind.PLACE:
        assert tile is not None
        if state.take is not None and state.take.wild:
            return phase_words("place_wild")
        return phase_words("place").format(tile=name_of(tile))
    if kind is DecisionKind.VILLAGE:
        return phase_words("village").format(count=decision.returns)
    if kind is DecisionKind.VOLCANO:
        return phase_words("volcano").format(remove=worshiper_words(decision.removals))
    if kind is DecisionKind.DISCARD:
        return fill(texts.PHASE_DISCARD, count=decision.discard)
    return _(texts.PHASE[kind.value])


__all__ = [
    "GOD_KEYS",
    "color_word",
    "effect_label",
    "effect_long",
    "effect_narrow",
    "effect_short",
    "effect_tiny",
    "god_line",
    "god_of_key",
    "god_rule",
    "god_short_name",
    "mystic_words",
    "phase_line",
    "phase_words",
    "round_text",
    "short_name",
]
