"""The decision sheet: every line a player needs at a decision, built once, ranked.

What the decision is and what Enter does, every loss of value, how a payment is made
(which colors pay the "any", the keys that change it, the realm after paying), where a
volcano takes from, why other options are refused, and, for a seat that reads lines,
every option numbered. The decision panel, the coach and the plain-text seat all show
this one sheet, each in its own way: the panel fits the lines to its rows by their
rank and draws worshipers as colored chips; the plain seat prints every line, colors
named in words.

Pure: no Textual, no Rich. The lines and their parts are :mod:`.sheet_lines`'s; how
they look is the renderer's business. Everything is read from ``state.decision`` and
the :class:`Controller`'s choice in progress: the options, refusals and warnings are
the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...engine import (
    NUM_COLORS,
    Action,
    ChooseWorshipers,
    Count,
    DecisionKind,
    Discard,
    Exchange,
    GameState,
    IllegalAction,
    Pay,
    Place,
    ReturnWorshipers,
    TakeGod,
    TakeTile,
    preview_take,
)
from ...i18n import Template, fill
from ...i18n import gettext as _
from ...words import cost_words, describe_actions, message_of, name_of, spot_words, worshiper_words
from .. import texts
from .controller import Controller
from .describe import effect_long, god_line, mystic_words, phase_line
from .sheet_lines import (
    ASIDE,
    CHOICE,
    Chips,
    Line,
    Part,
    Seg,
    Stars,
    Tone,
    Topic,
    alternative,
    bad_line,
    dim_line,
    line,
    parts_of,
    refused_line,
    warning_lines,
)


@dataclass(frozen=True, slots=True)
class Choice:
    """One numbered answer to the decision, for a seat that reads lines: what it does
    (``label``), whether it is open, and the lines about it (cost, warnings, refusal)."""

    number: int
    action: Action
    label: str
    legal: bool
    lines: tuple[Line, ...] = ()
    default: bool = False  # what Enter (an empty answer) plays


@dataclass(frozen=True, slots=True)
class Sheet:
    """The decision at hand: ``title`` (the status line's words), ``lines`` (what the
    panel shows, ranked), ``enter`` (what Enter plays, and ``enter_words`` saying it),
    and, when asked for, ``choices`` numbered for a seat that reads lines."""

    kind: DecisionKind
    title: str
    lines: tuple[Line, ...]
    enter: Action | None = None
    enter_words: str = ""
    choices: tuple[Choice, ...] = ()


def decision_lines(state: GameState, ui: Controller, error: IllegalAction | None) -> list[Line]:
    """The ranked lines of the decision at hand (the panel's), the mistake first."""
    lines: list[Line] = []
    if error is not None and not _refusal_shown(state, ui, error):
        lines.append(
            bad_line(_(texts.PANEL_MISTAKE).format(reason=message_of(error)), topic=Topic.MISTAKE)
        )
    builder = _BUILDERS.get(state.kind)
    if builder is None:
        lines.append(line(_(texts.PANEL_OVER), topic=Topic.DECISION))
    else:
        lines.extend(builder(state, ui))
    return lines


def _refusal_shown(state: GameState, ui: Controller, error: IllegalAction) -> bool:
    """Whether the lines of the turn already say why ``error`` was refused: Enter on a
    god or tile that the panel marks as refused says it once, not twice."""
    if state.kind is not DecisionKind.TURN:
        return False
    action = ui.confirm(state)
    option = state.decision.option(action) if action is not None else None
    if option is None or option.refusal is None:
        return False
    return message_of(option.refusal) == message_of(error)


def _turn(state: GameState, ui: Controller) -> list[Line]:
    decision = state.decision
    if ui.god is not None:
        god = state.catalog.god_by_id[ui.god]
        title = " " + _(texts.PANEL_GOD).format(name=name_of(god), cp=god.cp) + " "
        lines = [line(title, Tone.GOD, topic=Topic.DECISION), line(god_line(god))]
        option = decision.option(TakeGod(ui.god))
        if option is not None and option.refusal is not None:
            lines.append(
                refused_line(_(texts.PANEL_BLOCKED).format(reason=message_of(option.refusal)))
            )
        else:
            lines.append(line(_(texts.PANEL_GOD_ENDS)))
            if option is not None:
                lines.extend(warning_lines(option.warnings))
        return lines
    cell = ui.cursor
    if state.market[cell] is None:
        return [dim_line(_(texts.PANEL_HINT_TURN))]
    return _tile_lines(state, cell)


def _tile_lines(state: GameState, cell: int) -> list[Line]:
    """The tile of market ``cell``: what it is, why it is refused or what taking it
    would do (warnings, what it collects and costs, whether it can be paid, where)."""
    tile = state.market[cell]
    assert tile is not None
    p = preview_take(state, cell) if state.kind is DecisionKind.TURN else None
    assert p is not None
    option = state.decision.option(TakeTile(cell))
    head: list[Part] = [
        Chips(tuple(int(c == tile.color) for c in range(NUM_COLORS)), "color"),
        " ",
        Stars(tile.level),
        " ",
        Seg(name_of(tile), Tone.BOLD),
    ]
    if tile.cp:
        head.append(" · " + _(texts.CP_LONG).format(cp=tile.cp))
    lines = [line(tuple(head), topic=Topic.DECISION)]
    effect = effect_long(tile.effect)
    mystic = mystic_words(tile)
    lines.append(line(f"{effect} · {mystic}" if mystic else effect))
    if option is not None and option.refusal is not None:
        lines.append(refused_line(_(texts.PANEL_BLOCKED).format(reason=message_of(option.refusal))))
        return lines
    if option is not None:
        lines.extend(warning_lines(option.warnings))
    info: list[Part] = []
    if any(p.collected):
        info.extend(parts_of(_(texts.PANEL_COLLECT), worshipers=Chips(p.collected)))
    else:
        info.append(Seg(_(texts.PANEL_COLLECT_NONE), Tone.DIM))
    info.append(" · ")
    cost = Chips(p.cost, "cost", p.cost_any, _(texts.FREE))
    info.extend(parts_of(_(texts.PANEL_COST), cost=cost))
    if any(p.saved):
        saved = _(texts.PANEL_COST_SAVED).format(saved=worshiper_words(p.saved))
        info.append(Seg(" " + saved, Tone.DIM))
    lines.append(line(tuple(info), topic=Topic.PAYMENT))
    if p.affordable:
        verdict = line(_(texts.PANEL_AFFORDABLE), Tone.GOOD, topic=Topic.PAYMENT)
    elif p.exchanges_needed is not None:
        verdict = bad_line(
            fill(texts.PANEL_EXCHANGES, count=p.exchanges_needed), CHOICE, Topic.PAYMENT
        )
    else:
        verdict = bad_line(_(texts.PANEL_UNAFFORDABLE), CHOICE, Topic.PAYMENT)
    lines.append(verdict)
    if p.colored_spots:
        spots = fill(texts.PANEL_SPOTS, count=len(p.colored_spots), wild=len(p.wild_spots))
        lines.append(line(spots, topic=Topic.SPOTS))
    return lines


def _pay(state: GameState, ui: Controller) -> list[Line]:
    decision = state.decision
    tile = decision.tile
    assert tile is not None and ui.pick is not None
    due, any_count = decision.due, decision.due_any
    title = _(texts.PANEL_PAY_TITLE).format(tile=name_of(tile), cost=cost_words(due, any_count))
    lines = [line(title, Tone.BOLD, topic=Topic.DECISION)]
    realm = state.player.realm_count
    default = ui.pay_default(state)
    option = ui.pay_option(state)
    if option is not None:
        pick = ui.pick
        if any_count:
            chosen = parts_of(_(texts.PANEL_PAY_ANY), count=any_count, chosen=Chips(pick.value))
            lines.append(line(chosen, rank=ASIDE, topic=Topic.PAYMENT))
        after = tuple(realm[c] - due[c] - pick.chosen[c] for c in range(NUM_COLORS))
        left = parts_of(_(texts.PANEL_PAY_LEFT), realm=Chips(after, "realm"))
        lines.append(line(left, rank=ASIDE, topic=Topic.PAYMENT))
        lines.extend(warning_lines(option.warnings))
    else:
        refused = next((o for o in decision.options if o.refusal is not None), None)
        if refused is not None and refused.refusal is not None:
            lines.append(
                refused_line(_(texts.PANEL_PAY_NO).format(reason=message_of(refused.refusal)))
            )
        needed = ui.exchanges_would_pay(state)
        if needed:
            # the app's keys: the plain seats offer the exchange as an option instead
            exchange = fill(texts.PANEL_PAY_EXCHANGE, count=needed)
            lines.append(line(exchange, Tone.NOTE, CHOICE, Topic.KEYS))
    refusal = decision.refusal
    if refusal is not None:
        lines.append(alternative(_(texts.PANEL_WILD_IF), refusal.warnings))
    if default == "wild" and option is not None:
        lines.append(dim_line(_(texts.PANEL_PAY_ANYWAY)))
    elif any_count and option is not None:
        # the only way to learn that the color keys change who pays the "any"
        lines.append(line(_(texts.PANEL_HINT_CHOOSE), Tone.DIM, ASIDE, Topic.KEYS))
    return lines


def _place(state: GameState, ui: Controller) -> list[Line]:
    decision = state.decision
    take = state.take
    tile = decision.tile
    assert tile is not None and take is not None
    spots = ui.spots(state)
    pyramid = state.player.pyramid
    if ui.wild_mode:
        title = fill(texts.PANEL_PLACE_WILD_TITLE, count=len(spots))
    else:
        title = fill(texts.PANEL_PLACE_TITLE, tile=name_of(tile), count=len(spots))
    lines = [line(title, Tone.BOLD, topic=Topic.DECISION)]
    here = ui.current_spot(state)
    if here is not None:
        at = _(texts.PANEL_PLACE_AT).format(spot=spot_words(pyramid, (here.row, here.col)))
        lines.append(line(at, Tone.NOTE, CHOICE, Topic.DECISION))
        option = decision.option(here)
        if option is not None:
            lines.extend(warning_lines(option.warnings))
    colored = ui.colored_spots(state)
    if not take.wild:
        if not colored:
            lines.append(bad_line(_(texts.PANEL_PLACE_FORCED)))
        # Why the tile may not go elsewhere comes before the hints: on a small terminal
        # the panel's last lines are the ones cut, and the key bar repeats the hints.
        if not ui.wild_mode or not colored:
            for pos, reason in refused_spots(state)[:2]:
                said = _(texts.PANEL_PLACE_NOT).format(
                    spot=spot_words(pyramid, pos), reason=message_of(reason)
                )
                lines.append(refused_line(said, ASIDE))
    return lines


def refused_spots(state: GameState) -> list[tuple[tuple[int, int], IllegalAction]]:
    """Spots open to a wilderness where the tile itself may not go, with the reason."""
    if state.kind is not DecisionKind.PLACE:
        return []
    out = []
    for option in state.decision.options:
        action = option.action
        if isinstance(action, Place) and option.refusal is not None:
            out.append(((action.row, action.col), option.refusal))
    return out


def _chosen_line(value: Count, have: int, need: int) -> Line:
    count = Seg(f"{have}/{need}", Tone.GOOD if have == need else Tone.BAD)
    return line(parts_of(_(texts.PANEL_CHOSEN), chosen=Chips(value), count=count))


def _choice(title: Template) -> Callable[[GameState, Controller], list[Line]]:
    def build(state: GameState, ui: Controller) -> list[Line]:
        pick = ui.pick
        assert pick is not None
        decision = state.decision
        tile = decision.tile
        heading = fill(
            title, count=pick.need, have=state.player.worshipers, tile=name_of(tile) if tile else ""
        )
        lines = [line(heading, Tone.BOLD, topic=Topic.DECISION)]
        lines.append(_chosen_line(pick.value, pick.total, pick.need))
        lines.append(line((Chips(state.player.realm_count, "realm"),)))
        refusal = decision.refusal
        if refusal is not None:
            lines.append(alternative(_(texts.PANEL_REFUSE_IF), refusal.warnings))
        lines.append(dim_line(_(texts.PANEL_HINT_CHOOSE)))
        return lines

    return build


def _gain(state: GameState, ui: Controller) -> list[Line]:
    assert ui.pick is not None
    title = parts_of(_(texts.PANEL_GAIN_TITLE), chosen=Chips(ui.pick.value))
    return [
        line(title, Tone.BOLD, topic=Topic.DECISION),
        line((Chips(state.player.realm_count, "realm"),)),
        dim_line(_(texts.PANEL_HINT_GAIN)),
    ]


def _volcano(state: GameState, ui: Controller) -> list[Line]:
    decision = state.decision
    tile = decision.tile
    assert tile is not None
    options = ui.volcano_options(state)
    eruption = ui.current_eruption(state)
    title = _(texts.PANEL_VOLCANO_TITLE).format(
        remove=worshiper_words(decision.removals),
        index=(ui.volcano % len(options)) + 1 if options else 0,
        total=len(options),
    )
    lines = [line(title, Tone.BOLD, topic=Topic.DECISION)]
    if eruption is not None:
        for cell, count in eruption.removals:
            source = parts_of(_(texts.PANEL_VOLCANO_FROM), cell=cell + 1, worshipers=Chips(count))
            lines.append(line(source, rank=ASIDE, topic=Topic.VOLCANO))
    refusal = decision.refusal
    if refusal is not None:
        lines.append(alternative(_(texts.PANEL_REFUSE_IF), refusal.warnings))
    lines.append(dim_line(_(texts.PANEL_HINT_VOLCANO)))
    return lines


_BUILDERS: dict[DecisionKind, Callable[[GameState, Controller], list[Line]]] = {
    DecisionKind.TURN: _turn,
    DecisionKind.PAY: _pay,
    DecisionKind.PLACE: _place,
    DecisionKind.GAIN: _gain,
    DecisionKind.VILLAGE: _choice(texts.PANEL_VILLAGE_TITLE),
    DecisionKind.DEATH: _choice(texts.PANEL_DEATH_TITLE),
    DecisionKind.DISCARD: _choice(texts.PANEL_DISCARD_TITLE),
    DecisionKind.LOVE: _choice(texts.PANEL_LOVE_TITLE),
    DecisionKind.VOLCANO: _volcano,
}


# ------------------------------------------------------------------ the whole sheet
def decision_sheet(
    state: GameState,
    ui: Controller,
    error: IllegalAction | None = None,
    *,
    numbered: bool = False,
) -> Sheet:
    """The sheet of the decision pending in ``state``, with ``ui``'s choice in progress
    (sync ``ui`` first); ``numbered``: with every option numbered (``choices``)."""
    lines = tuple(decision_lines(state, ui, error))
    if state.is_over:
        return Sheet(state.kind, _(texts.PANEL_OVER), lines)
    enter = ui.confirm(state)
    if enter is None and state.kind is DecisionKind.PAY and ui.pay_default(state) == "exchange":
        enter = ui.paying_exchange(state)  # Enter makes the exchange that pays the tile
    if enter is not None and not state.is_legal(enter):
        enter = None
    enter_words = describe_actions(state, enter) if enter is not None else ""
    choices = tuple(_choices(state, ui, enter)) if numbered else ()
    return Sheet(state.kind, phase_line(state), lines, enter, enter_words, choices)


def _choices(state: GameState, ui: Controller, enter: Action | None) -> list[Choice]:
    """Every answer a player can give to the decision, numbered: the market cells by
    their own numbers (1-9) and the gods after them; else the engine's options in its
    order, the one Enter plays first; and the exchange that would pay a tile."""
    decision = state.decision
    out: list[Choice] = []
    if state.kind is DecisionKind.TURN:
        for cell, tile in enumerate(state.market):
            if tile is None:
                continue
            action = TakeTile(cell)
            option = decision.option(action)
            legal = option is not None and option.legal
            about = tuple(_tile_lines(state, cell)[1:])
            label = describe_actions(state, action)
            out.append(Choice(cell + 1, action, label, legal, about, action == enter))
        number = 10
        for option in decision.options:
            # a player who has a god is refused every other for that one reason: said once
            if isinstance(option.action, TakeGod) and state.player.god is None:
                god = state.catalog.god_by_id[option.action.god]
                said = [line(god_line(god))]
                if option.refusal is not None:
                    reason = _(texts.PANEL_BLOCKED).format(reason=message_of(option.refusal))
                    said.append(refused_line(reason))
                else:
                    said.extend(warning_lines(option.warnings))
                god_take = option.action
                label = describe_actions(state, god_take)
                out.append(
                    Choice(number, god_take, label, option.legal, tuple(said), god_take == enter)
                )
                number += 1
        return out
    options = [o for o in decision.options if not isinstance(o.action, Exchange)]
    if state.kind is DecisionKind.PAY:
        options = [o for o in options if o.action == enter or not o.legal or _not_pay(o.action)]
    elif state.kind in _PICKS:
        # every way of picking the colors would be dozens of options: the one proposed
        # and the refusal; other colors are written out (return RRB)
        options = [
            o for o in options if o.action == enter or not isinstance(o.action, _PICKS[state.kind])
        ]
    options.sort(key=lambda o: (o.action != enter, not o.legal))
    if enter is not None and all(o.action != enter for o in options):
        option = decision.option(enter)
        extra = tuple(warning_lines(option.warnings)) if option is not None else ()
        out.append(Choice(1, enter, describe_actions(state, enter), True, extra, True))
    for option in options:
        if option.refusal is not None:
            notes: tuple[Line, ...] = (
                refused_line(_(texts.PANEL_BLOCKED).format(reason=message_of(option.refusal))),
            )
        else:
            notes = tuple(warning_lines(option.warnings))
        label = describe_actions(state, option.action)
        out.append(
            Choice(len(out) + 1, option.action, label, option.legal, notes, option.action == enter)
        )
    exchange = ui.paying_exchange(state) if state.kind is DecisionKind.PAY else None
    if exchange is not None and all(c.action != exchange for c in out):
        out.append(Choice(len(out) + 1, exchange, describe_actions(state, exchange), True))
    return out


_PICKS: dict[DecisionKind, type[Action]] = {
    DecisionKind.VILLAGE: ReturnWorshipers,
    DecisionKind.DEATH: ReturnWorshipers,
    DecisionKind.DISCARD: Discard,
    DecisionKind.LOVE: ChooseWorshipers,
}


def _not_pay(action: Action) -> bool:
    return not isinstance(action, Pay)
