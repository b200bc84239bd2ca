"""Small read-only panels: the status line, a player's card, the players, the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import COLORS, GameState, PlayerScore, PlayerState
from .. import palette, texts
from ..describe import phase_line, round_text
from ..palette import rich_format as fmt
from ..seats import Seat


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


class StatusLine(TextPanel):
    """Round, active player and what is expected now."""

    DEFAULT_CSS = """
    StatusLine {
        height: 1; width: 1fr; background: $panel; padding: 0 1;
        text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def show(self, state: GameState, seat: int | None = None, confirming: bool = False) -> None:
        seat = state.current if seat is None else seat
        line = Text(no_wrap=True, overflow="ellipsis")
        if self.size.width >= 100:
            line.append(f" {texts.APP_TITLE.upper()} ", style=palette.GOD)
            line.append(" ")
        line.append(round_text(state) + " · ")
        line.append(state.players[seat].name, style=palette.ACCENT)
        line.append(" · " + (texts.PHASE["confirm"] if confirming else phase_line(state)))
        self.set_text(line)


def god_label(state: GameState, player: PlayerState, short: bool = False) -> str:
    if player.god is None:
        return texts.PLAYER_NO_GOD
    god = state.catalog.god_by_id[player.god]
    name = texts.GOD_SHORT.get(player.god.value, god.name) if short else god.name
    if player.god_cancelled:
        template = texts.PLAYER_GOD_CANCELLED_SHORT if short else texts.PLAYER_GOD_CANCELLED
        return template.format(god=name)
    return name


def farm_chips(player: PlayerState) -> Text:
    farms = [c for c in COLORS if player.reductions[c]]
    if not farms:
        return Text(texts.PLAYER_NO_FARMS, style=palette.DIM)
    chips = Text()
    for c in farms:
        chips.append_text(palette.chip(c))
    return fmt(texts.PLAYER_FARMS, farms=chips)


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
        first.append_text(palette.realm_chips(player.realm_count))
        first.append(" " + texts.PLAYER_REALM.format(count=player.worshipers))
        second = Text(no_wrap=True, overflow="ellipsis")
        second.append(" ")
        second.append_text(farm_chips(player))
        second.append(" · " + god_label(state, player, short=True))
        second.append(" · " + texts.PLAYER_SCORE.format(cp=score.total))
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
            line.append(texts.COMPUTER_MARK if computer else " ", style=palette.DIM)
            line.append(
                texts.PLAYER_LINE.format(
                    tiles=player.region_tiles,
                    worshipers=player.worshipers,
                    god=_squeeze(god_label(state, player, short=True) if player.god else "–", 7),
                    cp=scores[seat].total,
                )
            )
            lines.append(line)
        if self.styles.height is None or self.styles.height.value != len(lines):
            self.styles.height = len(lines)
        self.set_text(_lines(lines))


class GameLog(VerticalScroll):
    """The game log, newest at the bottom; it scrolls (PgUp/PgDn, the mouse wheel) and
    follows new lines unless the reader scrolled back."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; width: 1fr; scrollbar-size-vertical: 1; }
    GameLog > Static { height: auto; }
    """
    can_focus = False

    lines: reactive[tuple[str, ...]] = reactive((), layout=False, init=False)

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def show(self, lines: list[str]) -> None:
        self.lines = tuple(lines)

    def watch_lines(self, lines: tuple[str, ...]) -> None:
        at_end = self.scroll_y >= self.max_scroll_y - 1
        out = Text(end="")
        for i, line in enumerate(lines):
            if i:
                out.append("\n")
            out.append(line, style=palette.ACCENT if line.startswith("—") else "")
        self.query_one("#log-text", Static).update(out)
        if at_end:
            self.call_after_refresh(self.scroll_end, animate=False)
