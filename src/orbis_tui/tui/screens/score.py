"""What "CP now" is made of: what counts already, and what is only projected."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import EffectKind, GameState, PlayerScore, final_scores
from .. import palette, texts
from ..widgets.keybar import KeyBar
from .base import SizeNotice


def score_text(state: GameState, score: PlayerScore) -> Text:
    """The parts of a player's CP now, each with its reason."""
    tiles = state.catalog.tile_by_id
    printed = sum(t.points for t in score.tiles if t.reason in ("plain", "validated"))
    stones = sum(t.points for t in score.tiles if t.reason == "stone")
    wild = [t for t in score.tiles if t.reason.startswith("wilderness")]
    cancelled = [t for t in score.tiles if t.reason == "cancelled"]
    forests = [t for t in score.tiles if t.reason == "forest_unmet"]
    out = Text(end="")
    out.append(texts.fill(texts.SCORE_HEAD, name=score.name, cp=score.total), style=palette.BOLD)
    out.append("\n\n" + texts.SCORE_NOW, style=palette.ACCENT)
    out.append("\n" + texts.SCORE_REGIONS.format(cp=printed))
    if stones:
        out.append("\n" + texts.SCORE_STONES.format(cp=stones))
    if wild:
        points = sum(t.points for t in wild)
        out.append("\n" + texts.fill(texts.SCORE_WILD, count=len(wild), cp=points))
    if cancelled:
        lost = sum(tiles[t.tile_id].cp for t in cancelled)
        out.append("\n" + texts.fill(texts.SCORE_CANCELLED, count=len(cancelled), cp=lost))
    out.append("\n\n" + texts.SCORE_PROJECTED, style=palette.ACCENT)
    if score.temple_count:
        out.append(
            "\n" + texts.fill(texts.SCORE_TEMPLE, count=score.temple_count, cp=score.temple_token)
        )
    else:
        out.append("\n" + texts.SCORE_NO_TEMPLE)
    god = score.god
    if god.god is not None:
        name = state.catalog.god_by_id[god.god].name
        out.append("\n" + texts.SCORE_GOD.format(god=name, cp=god.points))
    else:
        out.append("\n" + texts.SCORE_NO_GOD)
    if forests:
        waiting = sum(tiles[t.tile_id].cp for t in forests)
        out.append("\n" + texts.fill(texts.SCORE_FORESTS, count=len(forests), cp=waiting))
    elif any(tiles[t.tile_id].effect.kind is EffectKind.FOREST for t in score.tiles):
        out.append("\n" + texts.SCORE_FORESTS_MET)
    return out


class ScoreScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,v,q,enter", "close", texts.KEY["close"]),
    ]

    def __init__(self, state: GameState, seat: int) -> None:
        super().__init__(classes="dialog-screen")
        self.state = state
        self.seat = seat

    def compose(self) -> ComposeResult:
        score = final_scores(self.state)[self.seat]
        with Vertical(classes="dialog"):
            yield Static(Text(texts.SCORE_TITLE, style=palette.ACCENT), classes="title")
            yield Static(score_text(self.state, score))
        yield KeyBar()
        yield SizeNotice()

    def action_close(self) -> None:
        self.dismiss(None)
