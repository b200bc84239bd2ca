"""The end of the game: standings, every player's breakdown tile by tile, and what next."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...engine import (
    GameState,
    PlayerScore,
    effect_counts,
    final_scores,
    geometry,
    highest_mystic,
    outlooks,
)
from ...i18n import fill
from ...i18n import gettext as _
from ...records import Match
from ...saves import SaveStore
from ...words import god_reason_words, name_of, tile_reason
from .. import chips, palette, texts, texts_learn, texts_screens
from ..core.describe import mystic_words
from ..navigation import NewGame
from ..widgets.keybar import KeyBar
from .base import SizeNotice, too_small

if TYPE_CHECKING:
    from ...analysis import JudgedAhead


def headline(scores: list[PlayerScore]) -> list[Text]:
    winners = [s for s in scores if s.rank == 1]
    top = max(s.total for s in scores)
    lines = []
    if len(winners) == 1:
        lines.append(
            Text(
                _(texts_screens.END_WINNER).format(name=winners[0].name, cp=winners[0].total),
                style=palette.ACCENT,
            )
        )
    else:
        names = ", ".join(s.name for s in winners)
        lines.append(
            Text(_(texts_screens.END_SHARED).format(names=names, cp=top), style=palette.ACCENT)
        )
    tied = [s for s in scores if s.tie_break_used]
    if tied:
        details = ", ".join(
            _(texts_screens.END_TIE_DETAIL).format(name=s.name, count=s.worshipers)
            for s in sorted(tied, key=lambda s: -s.worshipers)
        )
        template = (
            _(texts_screens.END_TIE_BREAK)
            if len(winners) == 1
            else _(texts_screens.END_TIE_UNBROKEN)
        )
        lines.append(Text(template.format(cp=top, details=details)))
    return lines


def standings_table(scores: list[PlayerScore]) -> Table:
    table = Table(
        title=_(texts_screens.END_STANDINGS),
        title_style=palette.BOLD,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        expand=False,
        padding=(0, 1),
        collapse_padding=True,  # nine columns: German headings need the room
    )
    table.add_column(_(texts_screens.END_RANK), justify="right")
    table.add_column(_(texts_screens.END_NAME))
    table.add_column(_(texts_screens.END_TOTAL), justify="right", style=palette.BOLD)
    table.add_column(_(texts_screens.END_TILES_CP), justify="right")
    table.add_column(_(texts_screens.END_WILD_CP), justify="right")
    table.add_column(_(texts_screens.END_TEMPLE), justify="right")
    table.add_column(_(texts_screens.END_GOD), justify="right")
    table.add_column(_(texts_screens.END_WORSHIPERS), justify="right")
    table.add_column(_(texts_screens.END_TIE))
    for s in sorted(scores, key=lambda s: (s.rank, s.seat)):
        wild = s.categories.get("wilderness", 0)
        regions = sum(t.points for t in s.tiles) - wild
        table.add_row(
            str(s.rank),
            Text(s.name, style=palette.ACCENT if s.won else ""),
            str(s.total),
            f"{regions:+d}",
            f"{wild:+d}",
            f"{s.temple_token:+d}",
            f"{s.god.points:+d}",
            str(s.worshipers),
            _(texts_screens.END_TIE_USED) if s.tie_break_used else "",
        )
    return table


def breakdown_table(state: GameState, score: PlayerScore) -> Table:
    player = state.players[score.seat]
    base = geometry.display_offset(player.pyramid)
    tiles = state.catalog.tile_by_id
    table = Table(
        title=_(texts_screens.END_BREAKDOWN).format(name=score.name, cp=score.total),
        title_style=palette.ACCENT,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        expand=True,
        padding=(0, 1),
    )
    table.add_column(_(texts_screens.END_WHERE), no_wrap=True)
    table.add_column(
        _(texts_screens.END_TILE), ratio=3
    )  # a long name wraps rather than lose its end
    table.add_column(_(texts_screens.END_POINTS), justify="right", no_wrap=True)
    table.add_column(_(texts_screens.END_REASON), ratio=2)
    view = outlooks(state)[score.seat]
    for t in sorted(score.tiles, key=lambda t: (t.position[0], t.position[1])):
        row, col = t.position
        seen = view.tile_at(t.position)
        tile = tiles[t.tile_id]
        placed = player.pyramid[t.position]
        name = Text()
        if placed.wild:
            name.append(palette.WILD_LETTER, style=palette.WILD)
            name.append(f" {_(texts.WILD_NAME)} ({name_of(tile)})")
        else:
            name.append_text(chips.chip(tile.color))
            name.append(f" {name_of(tile)}")
            mystic = mystic_words(tile)
            if mystic:
                name.append(f" · {mystic}", style=palette.DIM)
        table.add_row(
            _(texts_screens.WHERE).format(row=row, pos=col - base + 1),
            name,
            f"{t.points:+d}",
            tile_reason(t.reason, seen, over=state.is_over, points=t.points),
        )
    table.add_row(
        "", _(texts_screens.END_TEMPLE), f"{score.temple_token:+d}", _temple(state, score)
    )
    god = name_of(state.catalog.god_by_id[score.god.god]) if score.god.god else "–"
    table.add_row(
        "",
        f"{_(texts_screens.END_GOD)}: {god}",
        f"{score.god.points:+d}",
        god_reason_words(score.god.reason),
    )
    table.add_row(
        "",
        Text(_(texts_screens.END_TOTAL_ROW), style=palette.BOLD),
        Text(str(score.total), style=palette.BOLD),
        "",
    )
    return table


def _temple(state: GameState, score: PlayerScore) -> str:
    """Why the temple token is what it is: the temple tiles, and, when another player
    has as many, the mystic value that decided who chose first (R-END-3)."""
    count = score.temple_count
    if not count:
        return _(texts_screens.END_TEMPLE_NONE)
    tied = any(
        effect_counts(player.pyramid)["temple"] == count
        for seat, player in enumerate(state.players)
        if seat != score.seat
    )
    if not tied:
        return fill(texts_screens.END_TEMPLE_REASON, count=count)
    mystic = highest_mystic(state.players[score.seat].pyramid)
    return fill(texts_screens.END_TEMPLE_TIED, count=count, mystic=mystic)


def end_head(scores: list[PlayerScore]) -> Text:
    """The title on the god color, then the winner on the screen's own background: the
    title's purple as the whole line's style put the accent's yellow on purple."""
    head = Text()
    head.append(f" {_(texts_screens.END_TITLE)} ", style=palette.GOD)
    for line in headline(scores):
        head.append("  ")
        head.append_text(line)
    return head


# keys of the table that mean nothing once the game is over (undo, players, score, the
# turns since, exchange, coach, refuse, the market cells)
_TABLE_KEYS = frozenset("upvdecx123456789")


class EndScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "review", texts.KEY["review"]),
        Binding("s", "save", texts.KEY["save"]),
        Binding("n", "new", texts.KEY["new"]),
        Binding("t", "history", texts.KEY["history"]),
    ]

    def __init__(self, match: Match, store: SaveStore, ahead: JudgedAhead | None = None) -> None:
        """``ahead``: where the game's turns were judged while it was played."""
        super().__init__()
        self.match = match
        self.store = store
        self.ahead = ahead

    def compose(self) -> ComposeResult:
        state = self.match.state
        scores = final_scores(state)
        yield Static(end_head(scores), id="end-head")
        with VerticalScroll(id="end-body"):
            yield Static(standings_table(scores), id="standings")
            with Vertical(id="breakdowns"):
                for score in sorted(scores, key=lambda s: (s.rank, s.seat)):
                    yield Static(Group(breakdown_table(state, score)), classes="breakdown")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#end-body").focus()

    def action_save(self) -> None:
        from .export import export_record

        record = self.match.record
        path = self.store.record_path(record)
        if self.app.is_web and getattr(self.app, "DOWNLOAD_RECORDS", False):
            import io

            self.app.deliver_text(
                io.StringIO(record.to_json()), save_filename=path.name, mime_type="application/json"
            )
            self.notify(_(texts_screens.EXPORT_DOWNLOADED).format(name=path.name), markup=False)
            return
        export_record(self.app, self.store, record, path)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing acts while the terminal is too small: the screen shows only the notice
        that says so (r, s and n acted unseen at 60×20)."""
        return not (action in ("review", "save", "new", "history") and too_small(self.app.size))

    def on_resize(self, _event: events.Resize) -> None:
        self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        if event.key == "a":  # the table's hint key: say why it does nothing here
            event.stop()
            self.notify(_(texts_learn.HINT_OVER), timeout=4, markup=False)
        elif event.key in _TABLE_KEYS:  # the table's other keys: what the end screen has
            event.stop()
            self.notify(_(texts_screens.END_IDLE), timeout=4, markup=False)

    def action_history(self) -> None:
        """Every turn of the game, by player, as at the table (t)."""
        from ..core.history import TurnHistory
        from .history import HistoryScreen

        turns = TurnHistory(self.match).by_player()
        self.app.push_screen(HistoryScreen(turns, self.match.state))

    def action_review(self) -> None:
        """Step through the game with the search's judgement of every decision."""
        from ...analysis import ReviewCache
        from .review import ReviewScreen

        store = self.store
        cache = ReviewCache.in_data_folder(store.root, writable=not store.read_only)
        self.app.push_screen(ReviewScreen(self.match.record, cache=cache, ahead=self.ahead))

    def action_new(self) -> None:
        self.app.post_message(NewGame())
