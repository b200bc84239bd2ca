"""The decision panel: what the pending decision is, the engine's legal options with
their keys, and the illegal ones dimmed with the engine's reason."""

from __future__ import annotations

from rich.text import Text

from ...engine import (
    NUM_COLORS,
    Count,
    DecisionKind,
    GameState,
    IllegalAction,
    Place,
    TakeGod,
    exchanges_to_pay,
    why_unpayable,
)
from .. import palette, texts
from ..controller import Controller
from ..describe import (
    cost_words,
    effect_long,
    spot_words,
    worshiper_words,
)
from ..palette import rich_format as fmt
from .info import TextPanel


def _line(*parts: str | Text, style: object = None) -> Text:
    out = Text()
    for part in parts:
        out.append_text(part) if isinstance(part, Text) else out.append(part)
    if style is not None:
        out.stylize(style)  # type: ignore[arg-type]
    return out


def _bad(text: str) -> Text:
    return Text(text, style=palette.BAD)


def _dim(text: str) -> Text:
    return Text(text, style=palette.DIM)


def _good(text: str) -> Text:
    return Text(text, style=palette.GOOD)


def panel_lines(state: GameState, ui: Controller, error: IllegalAction | None) -> list[Text]:
    lines: list[Text] = []
    if error is not None:
        lines.append(_bad(texts.PANEL_MISTAKE.format(rule=error.rule, reason=error.message)))
    kind = state.kind
    builder = _BUILDERS.get(kind)
    if builder is None:
        lines.append(Text(texts.PANEL_OVER))
    else:
        lines.extend(builder(state, ui))
    return lines


def _turn(state: GameState, ui: Controller) -> list[Text]:
    lines: list[Text] = []
    if ui.god is not None:
        god = state.catalog.god_by_id[ui.god]
        lines.append(
            Text(" " + texts.PANEL_GOD.format(name=god.name, cp=god.cp) + " ", style=palette.GOD)
        )
        if god.summary:
            lines.append(Text(god.summary))
        reason = state.why_not(TakeGod(ui.god))
        if reason is not None:
            lines.append(_dim(texts.PANEL_BLOCKED.format(reason=reason.message)))
        else:
            lines.append(Text(texts.PANEL_GOD_ENDS))
        lines.append(_dim(texts.PANEL_HINT_TURN))
        return lines
    cell = ui.cursor
    tile = state.market[cell]
    if tile is None:
        return [_dim(texts.PANEL_HINT_TURN)]
    p = ui.preview(state)
    assert p is not None
    head = Text()
    head.append_text(palette.chip(tile.color))
    head.append(f" {palette.STARS[tile.level]} ")
    head.append(texts.PANEL_CELL.format(cell=cell + 1, name=tile.name), style=palette.BOLD)
    if tile.cp:
        head.append(" · " + texts.CP_LONG.format(cp=tile.cp))
    lines.append(head)
    lines.append(Text(effect_long(tile.effect)))
    info = Text()
    if any(p.collected):
        info.append_text(fmt(texts.PANEL_COLLECT, worshipers=palette.count_chips(p.collected)))
    else:
        info.append(texts.PANEL_COLLECT_NONE, style=palette.DIM)
    info.append(" · ")
    info.append_text(fmt(texts.PANEL_COST, cost=palette.cost_chips(p.cost, p.cost_any, texts.FREE)))
    if any(p.saved):
        info.append(
            " " + texts.PANEL_COST_SAVED.format(saved=worshiper_words(p.saved)), style=palette.DIM
        )
    lines.append(info)
    if p.blocked is not None:
        lines.append(_dim(texts.PANEL_BLOCKED.format(reason=p.blocked.message)))
    else:
        if p.affordable:
            verdict = _good(texts.PANEL_AFFORDABLE)
        elif p.exchanges_needed is not None:
            verdict = _bad(texts.PANEL_EXCHANGES.format(count=p.exchanges_needed))
        else:
            verdict = _bad(texts.PANEL_UNAFFORDABLE)
        lines.append(verdict)
        if p.colored_spots:
            lines.append(
                Text(texts.PANEL_SPOTS.format(colored=len(p.colored_spots), wild=len(p.wild_spots)))
            )
        else:
            lines.append(_bad(texts.PANEL_NO_SPOT))
    lines.append(_dim(texts.PANEL_HINT_TURN))
    return lines


def _pay(state: GameState, ui: Controller) -> list[Text]:
    tile = state.take.tile if state.take else None
    assert tile is not None and ui.pick is not None
    due, any_count = state.payment_due()
    lines = [
        Text(
            texts.PANEL_PAY_TITLE.format(tile=tile.name, cost=cost_words(due, any_count)),
            style=palette.BOLD,
        )
    ]
    realm = state.player.realm_count
    if ui.payable(state):
        pick = ui.pick
        if any_count:
            lines.append(
                fmt(texts.PANEL_PAY_ANY, count=any_count, chosen=palette.count_chips(pick.value))
            )
        after = tuple(realm[c] - due[c] - pick.chosen[c] for c in range(NUM_COLORS))
        lines.append(fmt(texts.PANEL_PAY_LEFT, realm=palette.realm_chips(after)))  # type: ignore[arg-type]
        if any_count:  # before the wilderness hint, which the key bar repeats
            lines.append(_dim(texts.PANEL_HINT_CHOOSE))
        lines.append(_dim(texts.PANEL_WILD_HINT))
        return lines
    reason = why_unpayable(state)
    if reason is not None:
        lines.append(_dim(texts.PANEL_PAY_NO.format(reason=reason.message)))
    needed = exchanges_to_pay(realm, due, any_count)
    if needed:
        lines.append(Text(texts.PANEL_PAY_EXCHANGE.format(count=needed), style=palette.ACCENT))
    lines.append(Text(texts.PANEL_WILD_DEFAULT))
    return lines


def _place(state: GameState, ui: Controller) -> list[Text]:
    tile = state.take.tile if state.take else None
    assert tile is not None
    spots = ui.spots(state)
    pyramid = state.player.pyramid
    if ui.wild_mode:
        title = texts.PANEL_PLACE_WILD_TITLE.format(spots=len(spots))
    else:
        title = texts.PANEL_PLACE_TITLE.format(tile=tile.name, spots=len(spots))
    lines = [Text(title, style=palette.BOLD)]
    here = ui.current_spot(state)
    if here is not None:
        lines.append(
            Text(
                texts.PANEL_PLACE_AT.format(spot=spot_words(pyramid, (here.row, here.col))),
                style=palette.ACCENT,
            )
        )
    colored = ui.colored_spots(state)
    if state.take is not None and not state.take.wild:
        if not colored:
            lines.append(_bad(texts.PANEL_PLACE_FORCED))
        # Why the tile may not go elsewhere comes before the hints: on a small terminal
        # the panel's last lines are the ones cut, and the key bar repeats the hints.
        if not ui.wild_mode or not colored:
            for pos, reason in blocked_spots(state, ui)[:2]:
                lines.append(
                    _dim(
                        texts.PANEL_PLACE_NOT.format(
                            spot=spot_words(pyramid, pos), reason=reason.message
                        )
                    )
                )
        if colored:
            toggle = (
                texts.PANEL_PLACE_TOGGLE_BACK if ui.wild_mode else texts.PANEL_PLACE_TOGGLE_WILD
            )
            lines.append(_dim(toggle))
    lines.append(_dim(texts.PANEL_HINT_PLACE))
    return lines


def blocked_spots(state: GameState, ui: Controller) -> list[tuple[tuple[int, int], IllegalAction]]:
    """Spots open to a wilderness where the tile itself may not go, with the engine's reason."""
    if state.kind is not DecisionKind.PLACE or state.take is None or state.take.wild:
        return []
    out = []
    for spot in ui.wild_spots(state):
        reason = state.why_not(Place(spot.row, spot.col))
        if reason is not None:
            out.append(((spot.row, spot.col), reason))
    return out


def _chosen_line(pick_value: Count, have: int, need: int) -> Text:
    count = Text(f"{have}/{need}", style=palette.GOOD if have == need else palette.BAD)
    return fmt(texts.PANEL_CHOSEN, chosen=palette.count_chips(pick_value), count=count)


def _choice(title: str, decline: str | None) -> object:
    def build(state: GameState, ui: Controller) -> list[Text]:
        pick = ui.pick
        assert pick is not None
        tile = state.take.tile if state.take else None
        fields = {
            "count": pick.need,
            "have": state.player.worshipers,
            "tile": tile.name if tile else "",
        }
        lines = [Text(title.format(**fields), style=palette.BOLD)]
        lines.append(_chosen_line(pick.value, pick.total, pick.need))
        realm = Text()
        realm.append_text(palette.realm_chips(state.player.realm_count))
        lines.append(realm)
        if decline:
            lines.append(_dim(decline))
        lines.append(_dim(texts.PANEL_HINT_CHOOSE))
        return lines

    return build


def _gain(state: GameState, ui: Controller) -> list[Text]:
    assert ui.pick is not None
    line = fmt(texts.PANEL_GAIN_TITLE, chosen=palette.count_chips(ui.pick.value))
    line.stylize(palette.BOLD)
    return [line, palette.realm_chips(state.player.realm_count), _dim(texts.PANEL_HINT_GAIN)]


def _volcano(state: GameState, ui: Controller) -> list[Text]:
    tile = state.take.tile if state.take else None
    assert tile is not None
    options = ui.volcano_options(state)
    eruption = ui.current_eruption(state)
    lines = [
        Text(
            texts.PANEL_VOLCANO_TITLE.format(
                remove=worshiper_words(tile.effect.remove),
                index=(ui.volcano % len(options)) + 1 if options else 0,
                total=len(options),
            ),
            style=palette.BOLD,
        )
    ]
    if eruption is not None:
        for cell, count in eruption.removals:
            lines.append(
                fmt(texts.PANEL_VOLCANO_FROM, cell=cell + 1, worshipers=palette.count_chips(count))
            )
    lines.append(_dim(texts.PANEL_DECLINE_VOLCANO))
    lines.append(_dim(texts.PANEL_HINT_VOLCANO))
    return lines


_BUILDERS = {
    DecisionKind.TURN: _turn,
    DecisionKind.PAY: _pay,
    DecisionKind.PLACE: _place,
    DecisionKind.GAIN: _gain,
    DecisionKind.VILLAGE: _choice(texts.PANEL_VILLAGE_TITLE, texts.PANEL_DECLINE_VILLAGE),
    DecisionKind.DEATH: _choice(texts.PANEL_DEATH_TITLE, texts.PANEL_DECLINE_DEATH),
    DecisionKind.DISCARD: _choice(texts.PANEL_DISCARD_TITLE, None),
    DecisionKind.LOVE: _choice(texts.PANEL_LOVE_TITLE, None),
    DecisionKind.VOLCANO: _volcano,
}


class DecisionPanel(TextPanel):
    DEFAULT_CSS = """
    DecisionPanel { height: 1fr; width: 1fr; padding: 0 1; }
    """

    def show(self, state: GameState, ui: Controller, error: IllegalAction | None) -> None:
        text = Text(end="")
        for i, line in enumerate(panel_lines(state, ui, error)):
            if i:
                text.append("\n")
            text.append_text(line)
        self.set_text(text)

    def show_text(self, message: str) -> None:
        self.set_text(Text(message))
