"""Small read-only panels: the status line, a player's card, the players, the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...engine import (
    COLORS,
    REALM_LIMIT,
    REGION_TILES_PER_PLAYER,
    GameState,
    PlayerScore,
    PlayerState,
)
from ...i18n import fill
from ...i18n import gettext as _
from ...words import name_of
from .. import chips, palette, texts
from ..core.describe import god_short_name, phase_line, phase_words, round_text
from ..core.seats import Seat
from ..palette import rich_format as fmt


def _squeeze(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 2] + "…" + text[-1]


def _lines(lines: list[Text]) -> Text:
    out = Text("\n", no_wrap=True, overflow="ellipsis", end="").join(lines)
    out.no_wrap = True
    out.overflow = "ellipsis"
    return out


class TextPanel(Static):
    """A Static that repaints only when its text really changes, and never relayouts."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._text: Text | None = None

    def set_text(self, text: Text) -> None:
        if self._text is not None and text == self._text:
            return
        self._text = text
        self.update(text, layout=False)

    def forget(self) -> None:
        """Draw the next text even if it is the same (the look changed)."""
        self._text = None

    def plain(self) -> str:
        """The text shown now, without styles."""
        return self._text.plain if self._text is not None else ""


class StatusLine(TextPanel):
    """Round, active player and what is expected now."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1; width: 1fr; background: $panel; padding: 0 1;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def show(
        self,
        state: GameState,
        seat: int | None = None,
        confirming: bool = False,
        clock: str | None = None,
        first: str | None = None,
    ) -> None:
        """``clock``: the time left of the seat to move (a table with a turn clock),
        shown after its name; ``first``: said before the round (a watcher's screen says
        that it watches)."""
        seat = state.current if seat is None else seat
        line = Text(no_wrap=True, overflow="ellipsis")
        if self.size.width >= 100:
            line.append(f" {texts.APP_TITLE.upper()} ", style=palette.GOD)
            line.append(" ")
        if first is not None:
            line.append(first, style=palette.ACCENT)
            line.append(" · ")
        line.append(round_text(state) + " · ")
        line.append(state.players[seat].name, style=palette.ACCENT)
        if clock is not None:  # before the phase's words, which an 80-column line cuts
            line.append(" · ")
            line.append(clock, style=palette.ACCENT)
        line.append(" · " + (phase_words("confirm") if confirming else phase_line(state)))
        self.set_text(line)


def god_label(state: GameState, player: PlayerState, short: bool = False) -> str:
    if player.god is None:
        return _(texts.PLAYER_NO_GOD)
    god = state.catalog.god_by_id[player.god]
    name = god_short_name(god) if short else name_of(god)
    if player.god_cancelled:
        template = _(texts.PLAYER_GOD_CANCELLED_SHORT) if short else _(texts.PLAYER_GOD_CANCELLED)
        return template.format(god=name)
    return name


def farm_chips(player: PlayerState) -> Text:
    farms = [c for c in COLORS if player.reductions[c]]
    if not farms:
        return Text(_(texts.PLAYER_NO_FARMS), style=palette.DIM)
    shown = Text()
    for c in farms:
        shown.append_text(chips.chip(c))
    return fmt(_(texts.PLAYER_FARMS), farms=shown)


class PlayerCard(TextPanel):
    """The active (or viewed) player's realm, farms, god and score so far; a click on
    the score posts :class:`PlayerCard.ScoreClicked` (its breakdown)."""

    DEFAULT_CSS = """
    PlayerCard { height: 2; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class ScoreClicked(Message):
        pass

    def on_click(self, event: events.Click) -> None:
        if event.y == 1:
            event.stop()
            self.post_message(self.ScoreClicked())

    def show(self, state: GameState, seat: int, score: PlayerScore) -> None:
        player = state.players[seat]
        first = Text(no_wrap=True, overflow="ellipsis")
        first.append(f" {player.name} ", style=palette.SPOT_CURSOR)
        first.append(" ")
        first.append_text(chips.realm_chips(player.realm_count))
        first.append(" " + _(texts.PLAYER_REALM).format(count=player.worshipers, limit=REALM_LIMIT))
        second = Text(no_wrap=True, overflow="ellipsis")
        second.append(" ")
        second.append_text(farm_chips(player))
        second.append(" · " + god_label(state, player, short=True))
        second.append(" · " + _(texts.PLAYER_SCORE).format(cp=score.total))
        self.set_text(_lines([first, second]))


class PlayersStrip(TextPanel):
    """One line per player, always visible; the active one marked."""

    DEFAULT_CSS = """
    PlayersStrip { height: 2; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def show(
        self,
        state: GameState,
        scores: list[PlayerScore],
        seats: Sequence[Seat] = (),
        active: int | None = None,
    ) -> None:
        """One line per player; ``active`` (default: whose turn it is) is marked, and
        computer seats carry a mark after the name."""
        lines = []
        width = max(8, self.size.width or 36)
        name_width = max(4, min(14, width - 27))
        if active is None:
            active = -1 if state.is_over else state.current
        for seat, player in enumerate(state.players):
            here = seat == active
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append("▸" if here else " ", style=palette.ACCENT)
            line.append(
                player.name[:name_width].ljust(name_width),
                style=palette.ACCENT if here else palette.BOLD,
            )
            computer = seat < len(seats) and not seats[seat].human
            line.append(_(texts.COMPUTER_MARK) if computer else " ", style=palette.DIM)
            line.append(
                _(texts.PLAYER_LINE).format(
                    tiles=player.region_tiles,
                    pyramid=REGION_TILES_PER_PLAYER,
                    worshipers=player.worshipers,
                    god=_squeeze(god_label(state, player, short=True) if player.god else "–", 7),
                    cp=scores[seat].total,
                )
            )
            lines.append(line)
        if self.styles.height is None or self.styles.height.value != len(lines):
            self.styles.height = len(lines)
        self.set_text(_lines(lines))


class GameLog(Widget):
    """The game log, newest at the bottom. It scrolls back (PgUp/PgDn, the mouse
    wheel) and follows new lines while its end is in view. Drawn as one text: a new
    line never lays the screen out again."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; width: 1fr; }
    """

    lines: reactive[tuple[str, ...]] = reactive((), layout=False, init=False)
    back: reactive[int] = reactive(0, layout=False, init=False)  # lines scrolled back

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._wrapped: dict[tuple[str, int], list[Text]] = {}

    def show(self, lines: list[str]) -> None:
        if self.back and len(lines) > len(self.lines):  # keep the reader's place
            self.back += self._count(lines[len(self.lines) :])
        self.lines = tuple(lines)

    def _count(self, lines: list[str]) -> int:
        return sum(len(self._wrap(line, self.size.width or 40)) for line in lines)

    def restyle(self) -> None:
        """Draw the lines again in the look now in use (the turn headings' accent)."""
        self._wrapped.clear()
        self.refresh()

    def _wrap(self, line: str, width: int) -> list[Text]:
        key = (line, width)
        wrapped = self._wrapped.get(key)
        if wrapped is None:
            text = Text(line, style=palette.ACCENT if line.startswith("—") else "")
            wrapped = self._wrapped[key] = list(text.wrap(self.app.console, width))
        return wrapped

    def _total(self) -> int:
        """Every line of the log as wrapped at the widget's width."""
        return self._count(list(self.lines))

    @property
    def can_scroll_back(self) -> bool:
        return self.back < max(0, self._total() - self.size.height)

    def page(self, direction: int) -> None:
        """Scroll a page back (-1) or forward (1)."""
        self.scroll_lines(-direction * max(1, self.size.height - 1))

    def scroll_lines(self, back: int) -> None:
        self.back = max(0, min(self.back + back, max(0, self._total() - self.size.height)))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_lines(3)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_lines(-3)

    def render(self) -> Text:
        width, height = self.size
        if width <= 0 or height <= 0:
            return Text()
        # Only the newest lines that fill the window (and those scrolled past) are
        # wrapped: a resumed game's log is long, and most of it is never shown.
        out: list[Text] = []
        for line in reversed(self.lines):
            if len(out) >= height + self.back:
                break
            out[:0] = self._wrap(line, width)
        back = min(self.back, max(0, len(out) - height))
        window = out[max(0, len(out) - height - back) : len(out) - back]
        if back:  # say that newer lines wait below, and how to reach them
            window = [*window[1:], Text(fill(texts.LOG_NEWER, count=back), style=palette.DIM)]
        return Text("\n").join(window)
