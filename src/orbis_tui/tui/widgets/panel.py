"""The decision panel: what the pending decision asks, the option chosen now with the
engine's warnings about it, and why other options are refused.

Everything here is read from ``state.decision``: the options, their refusals and their
warnings are the engine's; the panel only puts them into lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console
from rich.style import Style
from rich.text import Text

from ...engine import (
    NUM_COLORS,
    Consequence,
    Count,
    DecisionKind,
    GameState,
    IllegalAction,
    Option,
    Place,
    TakeGod,
    TakeTile,
)
from ...i18n import gettext as _
from .. import chips, palette, texts
from ..controller import Controller, extra_losses, shared_losses
from ..describe import (
    cost_words,
    effect_long,
    god_line,
    message_of,
    mystic_words,
    name_of,
    spot_words,
    worshiper_words,
)
from ..history import TurnSummary
from ..palette import rich_format as fmt
from .info import TextPanel

# How much a must-show line matters when even those are too many for the panel: the
# lowest go first. A loss of value at the choice Enter makes is never left out.
ASIDE = 1  # why the tile may not go to some other spot (the coach lists them all)
OTHER_KEY = 2  # what another key (x) would do, and what it would lose
CHOICE = 3  # about the choice at hand: where it lands, why it is refused, a note
_HEADING = 4  # the panel's first line
LOSS = 5  # a warning that the choice at hand loses value, or the mistake just made


class MustShow(Text):
    """A line a short window keeps when others go (see :func:`fit_lines`): a warning,
    a mistake, a note, where the chosen option lands; what a player must read before
    choosing. ``rank`` says which go first when even these do not all fit."""

    def __init__(self, text: str = "", style: str | Style = "", *, rank: int = CHOICE) -> None:
        super().__init__(text, style=style)
        self.rank = rank


def must_show(line: Text, rank: int) -> MustShow:
    """``line``, styles and all, as a must-show line of ``rank``."""
    kept = MustShow(line.plain, line.style, rank=rank)
    kept.spans = list(line.spans)
    return kept


def _bad(text: str, rank: int = LOSS) -> Text:
    return MustShow(text, style=palette.BAD, rank=rank)


def _dim(text: str) -> Text:
    return Text(text, style=palette.DIM)


def _good(text: str) -> Text:
    return Text(text, style=palette.GOOD)


def warning_lines(warnings: Iterable[Consequence]) -> list[Text]:
    """The engine's warnings: what loses value in red with '!', the rest as notes."""
    out = []
    for warning in warnings:
        if warning.loses_value:
            out.append(_bad(_(texts.PANEL_WARNING).format(message=message_of(warning))))
        else:
            out.append(
                MustShow(
                    _(texts.PANEL_NOTE).format(message=message_of(warning)), style=palette.ACCENT
                )
            )
    return out


def _alternative(key_line: str, warnings: Iterable[Consequence]) -> Text:
    """What another key (x) would do, with its warnings as one block: a short window
    keeps or drops them together, so a warning never reads as the choice at hand's."""
    said = warning_lines(warnings)
    if not said:
        return _dim(key_line)
    block = MustShow(key_line, style=palette.DIM, rank=OTHER_KEY)
    for line in said:
        block.append("\n")
        block.append_text(line)
    return block


def _refused(text: str, rank: int = CHOICE) -> Text:
    return MustShow(text, style=palette.DIM, rank=rank)


def _rank(line: Text) -> int:
    return line.rank if isinstance(line, MustShow) else 0


def fit_lines(
    lines: list[Text], width: int, height: int, console: Console, more: str | None = None
) -> list[Text]:
    """``lines`` made to fit ``height`` rows of ``width``: when they do not, the least
    needed lines go, from the last up: first those not :class:`MustShow` (hints the key
    bar repeats: when only they go, nothing says so), then the must-show ones by rank,
    the heading only before a loss of value. Rows left over show the most needed line
    left out cut short, and a last line says where the rest is (``more``, or the key
    that scrolls the panel: :class:`FittedPanel`; the key bar names it too). When the
    losses of value alone are too tall, the last shown is cut short."""
    heights = [len(line.wrap(console, width)) for line in lines]
    total = sum(heights)
    if total <= height:
        return lines
    room = height - 1  # the line that says some were left out
    ranks = [_HEADING if i == 0 else _rank(line) for i, line in enumerate(lines)]
    keep = [True] * len(lines)
    must_left_out = False
    for i in sorted(range(len(lines)), key=lambda i: (ranks[i], -i)):
        if total <= room or ranks[i] == LOSS:
            break
        if ranks[i] and total <= height and not must_left_out:
            # only hints were left out and every must-show line fits: nothing to say
            return [line for line, kept in zip(lines, keep, strict=True) if kept]
        must_left_out = must_left_out or bool(ranks[i])
        keep[i] = False
        total -= heights[i]
    blocked = 0  # a short line dropped early may fit after all, if none more needed is out
    for i in sorted(range(len(lines)), key=lambda i: (-ranks[i], i)):
        if keep[i] or ranks[i] < blocked:
            continue
        if total + heights[i] <= room:
            keep[i] = True
            total += heights[i]
        else:
            blocked = ranks[i]
    spare = room - total
    left_out = [i for i, kept in enumerate(keep) if not kept]
    # rows a taller line left free show the beginning of the most needed line left out
    begun = max(left_out, key=lambda i: (ranks[i], -i)) if spare > 0 and left_out else None
    shown: list[Text] = []
    used = 0
    for i, line in enumerate(lines):
        if keep[i] and used + heights[i] <= room:
            shown.append(line)
            used += heights[i]
        elif keep[i]:  # losses of value taller than the panel: the last one cut short
            if room > used:
                shown.append(_cut(line, width, room - used, console))
            break
        elif i == begun:
            shown.append(_cut(line, width, spare, console))
            used += spare
    said = Text(more or _(texts.PANEL_MORE), style=palette.DIM, no_wrap=True, overflow="ellipsis")
    return [*shown, said] if height > 0 else []


def _cut(line: Text, width: int, rows: int, console: Console) -> Text:
    """The first ``rows`` rows of ``line`` wrapped to ``width``, ending in an ellipsis."""
    wrapped = line.wrap(console, width)[:rows]
    last = wrapped[-1]
    last.truncate(max(0, width - 1))
    last.rstrip()
    last.append("…")
    return Text("\n").join(wrapped)


def panel_lines(state: GameState, ui: Controller, error: IllegalAction | None) -> list[Text]:
    lines: list[Text] = []
    if error is not None:
        lines.append(_bad(_(texts.PANEL_MISTAKE).format(reason=message_of(error))))
    builder = _BUILDERS.get(state.kind)
    if builder is None:
        lines.append(Text(_(texts.PANEL_OVER)))
    else:
        lines.extend(builder(state, ui))
    return lines


def _turn(state: GameState, ui: Controller) -> list[Text]:
    decision = state.decision
    if ui.god is not None:
        god = state.catalog.god_by_id[ui.god]
        lines = [
            Text(
                " " + _(texts.PANEL_GOD).format(name=name_of(god), cp=god.cp) + " ",
                style=palette.GOD,
            )
        ]
        lines.append(Text(god_line(god)))
        option = decision.option(TakeGod(ui.god))
        if option is not None and option.refusal is not None:
            lines.append(_refused(_(texts.PANEL_BLOCKED).format(reason=message_of(option.refusal))))
        else:
            lines.append(Text(_(texts.PANEL_GOD_ENDS)))
            if option is not None:
                lines.extend(warning_lines(option.warnings))
        return lines
    cell = ui.cursor
    tile = state.market[cell]
    if tile is None:
        return [_dim(_(texts.PANEL_HINT_TURN))]
    p = ui.preview(state)
    assert p is not None
    option = decision.option(TakeTile(cell))
    head = Text()
    head.append_text(chips.chip(tile.color))
    head.append(f" {palette.STARS[tile.level]} ")
    head.append(name_of(tile), style=palette.BOLD)
    if tile.cp:
        head.append(" · " + _(texts.CP_LONG).format(cp=tile.cp))
    lines = [head]
    effect = effect_long(tile.effect)
    mystic = mystic_words(tile)
    lines.append(Text(f"{effect} · {mystic}" if mystic else effect))
    if option is not None and option.refusal is not None:
        lines.append(_refused(_(texts.PANEL_BLOCKED).format(reason=message_of(option.refusal))))
        return lines
    if option is not None:
        lines.extend(warning_lines(option.warnings))
    info = Text()
    if any(p.collected):
        info.append_text(fmt(_(texts.PANEL_COLLECT), worshipers=chips.count_chips(p.collected)))
    else:
        info.append(_(texts.PANEL_COLLECT_NONE), style=palette.DIM)
    info.append(" · ")
    info.append_text(
        fmt(_(texts.PANEL_COST), cost=chips.cost_chips(p.cost, p.cost_any, _(texts.FREE)))
    )
    if any(p.saved):
        info.append(
            " " + _(texts.PANEL_COST_SAVED).format(saved=worshiper_words(p.saved)),
            style=palette.DIM,
        )
    lines.append(info)
    if p.affordable:
        verdict = _good(_(texts.PANEL_AFFORDABLE))
    elif p.exchanges_needed is not None:
        verdict = _bad(texts.fill(texts.PANEL_EXCHANGES, count=p.exchanges_needed), CHOICE)
    else:
        verdict = _bad(_(texts.PANEL_UNAFFORDABLE), CHOICE)
    lines.append(verdict)
    if p.colored_spots:
        lines.append(
            Text(texts.fill(texts.PANEL_SPOTS, count=len(p.colored_spots), wild=len(p.wild_spots)))
        )
    return lines


def _pay(state: GameState, ui: Controller) -> list[Text]:
    decision = state.decision
    tile = decision.tile
    assert tile is not None and ui.pick is not None
    due, any_count = decision.due, decision.due_any
    lines = [
        Text(
            _(texts.PANEL_PAY_TITLE).format(tile=name_of(tile), cost=cost_words(due, any_count)),
            style=palette.BOLD,
        )
    ]
    realm = state.player.realm_count
    default = ui.pay_default(state)
    option = ui.pay_option(state)
    if option is not None:
        pick = ui.pick
        if any_count:
            lines.append(
                fmt(_(texts.PANEL_PAY_ANY), count=any_count, chosen=chips.count_chips(pick.value))
            )
        after = tuple(realm[c] - due[c] - pick.chosen[c] for c in range(NUM_COLORS))
        lines.append(fmt(_(texts.PANEL_PAY_LEFT), realm=chips.realm_chips(after)))
        lines.extend(warning_lines(option.warnings))
    else:
        refused = next((o for o in decision.options if o.refusal is not None), None)
        if refused is not None and refused.refusal is not None:
            lines.append(_refused(_(texts.PANEL_PAY_NO).format(reason=message_of(refused.refusal))))
        needed = ui.exchanges_would_pay(state)
        if needed:
            lines.append(
                MustShow(texts.fill(texts.PANEL_PAY_EXCHANGE, count=needed), style=palette.ACCENT)
            )
    refusal = decision.refusal
    if refusal is not None:
        lines.append(_alternative(_(texts.PANEL_WILD_IF), refusal.warnings))
    if default == "wild" and option is not None:
        lines.append(_dim(_(texts.PANEL_PAY_ANYWAY)))
    elif any_count and option is not None:
        lines.append(_dim(_(texts.PANEL_HINT_CHOOSE)))
    return lines


def _place(state: GameState, ui: Controller) -> list[Text]:
    decision = state.decision
    take = state.take
    tile = decision.tile
    assert tile is not None and take is not None
    spots = ui.spots(state)
    pyramid = state.player.pyramid
    if ui.wild_mode:
        title = texts.fill(texts.PANEL_PLACE_WILD_TITLE, count=len(spots))
    else:
        title = texts.fill(texts.PANEL_PLACE_TITLE, tile=name_of(tile), count=len(spots))
    lines = [Text(title, style=palette.BOLD)]
    here = ui.current_spot(state)
    if here is not None:
        lines.append(
            MustShow(
                _(texts.PANEL_PLACE_AT).format(spot=spot_words(pyramid, (here.row, here.col))),
                style=palette.ACCENT,
            )
        )
        option = decision.option(here)
        if option is not None:
            lines.extend(warning_lines(option.warnings))
    colored = ui.colored_spots(state)
    if not take.wild:
        if not colored:
            lines.append(_bad(_(texts.PANEL_PLACE_FORCED)))
        # Why the tile may not go elsewhere comes before the hints: on a small terminal
        # the panel's last lines are the ones cut, and the key bar repeats the hints.
        if not ui.wild_mode or not colored:
            for pos, reason in refused_spots(state)[:2]:
                lines.append(
                    _refused(
                        _(texts.PANEL_PLACE_NOT).format(
                            spot=spot_words(pyramid, pos), reason=message_of(reason)
                        ),
                        ASIDE,
                    )
                )
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


def warned_spots(state: GameState, wild: bool = False) -> list[tuple[int, int]]:
    """Legal spots where placing the tile as itself loses value; with ``wild``, where
    placing it as a wilderness loses more than a wilderness loses anywhere (it seals
    a forest)."""
    if state.kind is not DecisionKind.PLACE:
        return []
    spots = [
        ((o.action.row, o.action.col), o)
        for o in state.decision.options
        if isinstance(o.action, Place) and o.action.wild == wild and o.legal
    ]
    if not wild:
        return [pos for pos, o in spots if o.loses_value]
    common = shared_losses(o for _, o in spots)
    return [pos for pos, o in spots if extra_losses(o, common)]


def _chosen_line(pick_value: Count, have: int, need: int) -> Text:
    count = Text(f"{have}/{need}", style=palette.GOOD if have == need else palette.BAD)
    return fmt(_(texts.PANEL_CHOSEN), chosen=chips.count_chips(pick_value), count=count)


def _choice(title: texts.Template) -> Callable[[GameState, Controller], list[Text]]:
    def build(state: GameState, ui: Controller) -> list[Text]:
        pick = ui.pick
        assert pick is not None
        decision = state.decision
        tile = decision.tile
        lines = [
            Text(
                texts.fill(
                    title,
                    count=pick.need,
                    have=state.player.worshipers,
                    tile=name_of(tile) if tile else "",
                ),
                style=palette.BOLD,
            )
        ]
        lines.append(_chosen_line(pick.value, pick.total, pick.need))
        lines.append(chips.realm_chips(state.player.realm_count))
        refusal = decision.refusal
        if refusal is not None:
            lines.append(_alternative(_(texts.PANEL_REFUSE_IF), refusal.warnings))
        lines.append(_dim(_(texts.PANEL_HINT_CHOOSE)))
        return lines

    return build


def _gain(state: GameState, ui: Controller) -> list[Text]:
    assert ui.pick is not None
    line = fmt(_(texts.PANEL_GAIN_TITLE), chosen=chips.count_chips(ui.pick.value))
    line.stylize(palette.BOLD)
    return [line, chips.realm_chips(state.player.realm_count), _dim(_(texts.PANEL_HINT_GAIN))]


def _volcano(state: GameState, ui: Controller) -> list[Text]:
    decision = state.decision
    tile = decision.tile
    assert tile is not None
    options = ui.volcano_options(state)
    eruption = ui.current_eruption(state)
    lines = [
        Text(
            _(texts.PANEL_VOLCANO_TITLE).format(
                remove=worshiper_words(decision.removals),
                index=(ui.volcano % len(options)) + 1 if options else 0,
                total=len(options),
            ),
            style=palette.BOLD,
        )
    ]
    if eruption is not None:
        for cell, count in eruption.removals:
            lines.append(
                fmt(_(texts.PANEL_VOLCANO_FROM), cell=cell + 1, worshipers=chips.count_chips(count))
            )
    refusal = decision.refusal
    if refusal is not None:
        lines.append(_alternative(_(texts.PANEL_REFUSE_IF), refusal.warnings))
    lines.append(_dim(_(texts.PANEL_HINT_VOLCANO)))
    return lines


_BUILDERS: dict[DecisionKind, Callable[[GameState, Controller], list[Text]]] = {
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


def summary_lines(summary: TurnSummary) -> list[Text]:
    """The turn about to end: what it did, and the keys to end it or take it back."""
    lines = [Text(_(texts.CONFIRM_TITLE), style=palette.BOLD)]
    head = MustShow(_(texts.SUMMARY_TOOK).format(took=summary.took), style=palette.ACCENT)
    head.append(" · " + summary.cp_line, style=palette.BOLD)
    lines.append(head)
    lines.extend(Text(line) for line in summary.effects)
    lines.extend(_bad(_(texts.PANEL_WARNING).format(message=line)) for line in summary.losses)
    lines.append(Text(summary.realm_line))
    return lines


def option_marked(option: Option | None) -> bool:
    return option is not None and option.legal and option.loses_value


class FittedPanel(TextPanel):
    """A panel of lines fitted to its size by :func:`fit_lines` whenever either changes.

    When the lines do not fit, the panel scrolls by pages (:meth:`scroll_page`, the
    keys ``[`` and ``]``): page 0 is the fitted view (what a player must read first,
    and a line naming the key for the rest); the pages after it show every line in
    order, a page at a time, each ending in a line that says how to go on. Nothing is
    reachable only in a taller window."""

    _lines: list[Text] | None = None
    _more: str | None = None
    _page = 0  # 0: the fitted view; n: the n-th page of every line in order
    _pages = 1  # how many pages the lines take at the panel's size now
    _topic: object = None
    page_keys = ("]", "[")  # the keys that show the next page and the one before

    def show_lines(self, lines: list[Text], more: str | None = None, topic: object = None) -> None:
        """Show ``lines``; a ``topic`` other than the last one's starts again at the top
        (a new decision), the same one keeps the page the player scrolled to."""
        if topic != self._topic:
            self._topic = topic
            self._page = 0
        self._lines = lines
        self._more = more
        self._draw()

    @property
    def page(self) -> int:
        return self._page

    @property
    def pages(self) -> int:
        """How many pages the panel shows (1: everything fits)."""
        return self._pages if self._lines is not None else 1

    def can_scroll(self, direction: int) -> bool:
        """Whether ``scroll_page(direction)`` would show another page."""
        if direction < 0:
            return self._page > 0
        return self._page + 1 < self.pages

    def scroll_page(self, direction: int) -> bool:
        """The next page (1) or the one before (-1); False when there is none."""
        if not self.can_scroll(direction):
            return False
        self._page += 1 if direction > 0 else -1
        self._draw()
        return True

    def on_resize(self) -> None:
        if self._lines is not None:
            self._draw()

    def _draw(self) -> None:
        lines = self._lines or []
        size = self.content_size
        before = (self._page, self._pages)
        self._pages = 1
        if size.width > 0 and size.height > 0:
            lines = self._fitted(lines, size.width, size.height)
        text = Text(end="")
        for i, line in enumerate(lines):
            if i:
                text.append("\n")
            text.append_text(line)
        self.set_text(text)
        if (self._page, self._pages) != before and self.is_attached:
            self.screen.refresh_bindings()  # the scroll keys work now, or no longer

    def _fitted(self, lines: list[Text], width: int, height: int) -> list[Text]:
        console = self.app.console
        rows = [row for line in lines for row in line.wrap(console, width)]
        if len(rows) <= height:
            self._page = 0
            return lines
        room = max(1, height - 1)  # the last row says how to go on
        step = max(1, room - 1)  # a page repeats the last row of the one before
        last = 1 + -(-(len(rows) - room) // step)
        self._pages = last + 1
        self._page = min(self._page, last)
        if self._page == 0:
            more = self._more or _(texts.PANEL_MORE)
            return fit_lines(lines, width, height, console, more)
        start = (self._page - 1) * step
        said = _(texts.PANEL_PAGE_MORE) if self._page < last else _(texts.PANEL_PAGE_END)
        forward, back = self.page_keys
        said = said.format(page=self._page, pages=last, next=forward, back=back)
        marker = Text(said, style=palette.DIM, no_wrap=True, overflow="ellipsis")
        return [*rows[start : start + room], marker]

    def plain_lines(self) -> list[str]:
        """Every line the panel has to say, whatever its size, as plain text."""
        if self._lines is None:
            return [self._text.plain] if self._text is not None else []
        return [row for line in self._lines for row in line.plain.split("\n") if row]

    def show_text(self, message: str) -> None:
        self._lines = None
        self._page = 0
        self._topic = None
        self.set_text(Text(message))


class DecisionPanel(FittedPanel):
    DEFAULT_CSS = """
    DecisionPanel { height: 1fr; width: 1fr; padding: 0 1; }
    """

    def show(
        self,
        state: GameState,
        ui: Controller,
        error: IllegalAction | None,
        coach_open: bool,
        topic: object = None,
    ) -> None:
        """The decision at hand; what a short panel leaves out, ``]`` scrolls to (and
        the coach lists)."""
        more = _(texts.PANEL_MORE_IN_COACH) if coach_open else _(texts.PANEL_MORE_COACH)
        self.show_lines(panel_lines(state, ui, error), more, topic)
