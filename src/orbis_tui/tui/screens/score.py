"""What "CP now" is made of: what counts already, and what is only projected."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import (
    GameState,
    Outlook,
    PlayerScore,
    Prospect,
    TileOutlook,
    final_scores,
    outlooks,
)
from ...i18n import fill
from ...i18n import gettext as _
from ...words import god_reason_words, name_of
from .. import palette, texts, texts_screens
from ..widgets.keybar import KeyBar
from .base import SizeNotice


def score_text(state: GameState, score: PlayerScore, view: Outlook) -> Text:
    """The parts of a player's CP now, each with its reason; what each forest and the
    god can still score, in the outlook's words."""
    tiles = state.catalog.tile_by_id
    printed = sum(t.points for t in score.tiles if t.reason in ("plain", "validated"))
    stones = sum(t.points for t in score.tiles if t.reason == "stone")
    wild = [t for t in score.tiles if t.reason.startswith("wilderness")]
    cancelled = [t for t in score.tiles if t.reason == "cancelled"]
    out = Text(end="")
    out.append(fill(texts_screens.SCORE_HEAD, name=score.name, cp=score.total), style=palette.BOLD)
    out.append("\n\n" + _(texts_screens.SCORE_NOW), style=palette.ACCENT)
    out.append("\n" + _(texts_screens.SCORE_REGIONS).format(cp=printed))
    if stones:
        out.append("\n" + _(texts_screens.SCORE_STONES).format(cp=stones))
    if wild:
        points = sum(t.points for t in wild)
        out.append("\n" + fill(texts_screens.SCORE_WILD, count=len(wild), cp=points))
    if cancelled:
        lost = sum(tiles[t.tile_id].cp for t in cancelled)
        out.append("\n" + fill(texts_screens.SCORE_CANCELLED, count=len(cancelled), cp=lost))
    forests = view.forests
    for forest in forests:
        if forest.prospect is Prospect.LOST:
            out.append("\n  " + forest_words(forest), style=palette.BAD)
    out.append("\n\n" + _(texts_screens.SCORE_PROJECTED), style=palette.ACCENT)
    if score.temple_count:
        out.append(
            "\n" + fill(texts_screens.SCORE_TEMPLE, count=score.temple_count, cp=score.temple_token)
        )
    else:
        out.append("\n" + _(texts_screens.SCORE_NO_TEMPLE))
    out.append("\n")
    out.append_text(god_words(state, view))
    for forest in forests:
        if forest.prospect is Prospect.OPEN:
            out.append("\n  " + forest_words(forest))
    if forests and all(f.prospect is Prospect.SCORES for f in forests):
        out.append("\n" + _(texts_screens.SCORE_FORESTS_MET))
    return out


def forest_words(forest: TileOutlook) -> str:
    """A forest not validated: what it still needs, or why it can no longer be."""
    if forest.prospect is Prospect.LOST:
        return _(texts_screens.OUTLOOK_FOREST_LOST).format(
            tile=name_of(forest.tile), cp=forest.cp, have=forest.have, need=forest.need
        )
    return fill(
        texts_screens.OUTLOOK_FOREST_OPEN,
        tile=name_of(forest.tile),
        cp=forest.cp,
        missing=forest.missing,
    )


def god_words(state: GameState, view: Outlook) -> Text:
    god = view.god
    if god.god is None:
        return Text(_(texts_screens.SCORE_NO_GOD))
    name = name_of(state.catalog.god_by_id[god.god])
    reason = god_reason_words(god.reason)
    if god.prospect is Prospect.SCORES:
        return Text(_(texts_screens.SCORE_GOD).format(god=name, cp=god.points, reason=reason))
    if god.prospect is Prospect.OPEN:
        return Text(_(texts_screens.SCORE_GOD_OPEN).format(god=name, cp=god.cp, reason=reason))
    return Text(
        _(texts_screens.SCORE_GOD_LOST).format(god=name, cp=god.cp, reason=reason), palette.BAD
    )


class ScoreScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,v,q,enter", "close", texts.KEY["close"]),
    ]

    def __init__(self, state: GameState, seat: int) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state
        self.seat = seat

    def compose(self) -> ComposeResult:
        scores = final_scores(self.state)
        view = outlooks(self.state, scores)[self.seat]
        with Vertical(classes="dialog"):
            yield Static(Text(_(texts_screens.SCORE_TITLE), style=palette.ACCENT), classes="title")
            yield Static(score_text(self.state, scores[self.seat], view))
        yield KeyBar()
        yield SizeNotice()

    def action_close(self) -> None:
        self.dismiss(None)
