"""The 3-for-1 exchange (R-TURN-2): give three of one color, get one of another."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import COLORS, Color, DecisionKind, Exchange, GameState, exchanges_to_pay
from ...i18n import gettext as _
from ...words import message_of
from .. import chips, palette, texts, texts_screens
from ..core.describe import color_word
from ..widgets.keybar import KeyBar
from .base import SizeNotice

_KEYS = chips.KEYS


class ExchangeScreen(ModalScreen[Exchange | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(_KEYS[c], f"color({int(c)})", color_word(c), show=False) for c in COLORS),
        Binding("enter", "suggested", texts.KEY["exchange_suggested"]),
        Binding("escape", "back", texts.KEY["close"]),
    ]

    def __init__(self, state: GameState, suggested: Exchange | None = None) -> None:
        """``suggested``: the exchange Enter makes (one that helps pay the tile)."""
        super().__init__(classes="dialog-screen")
        self.state = state
        self.suggested = suggested
        self.give: Color | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog exchange"):
            yield Static(
                Text(_(texts_screens.EXCHANGE_TITLE), style=palette.ACCENT), classes="title"
            )
            yield Static(id="exchange-body")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self._show()

    def on_key(self, event: events.Key) -> None:
        latin = chips.latin_key(event.key)
        if latin is not None:  # the language's own color letter acts as its Latin key
            event.stop()
            self.app.simulate_key(latin.lower())

    def _suggested_words(self) -> str:
        """The suggested exchange's words, translated: the one that pays the tile says so."""
        state = self.state
        if state.kind is DecisionKind.PAY:
            due, any_count = state.payment_due()
            if exchanges_to_pay(state.player.realm_count, due, any_count) == 1:
                return _(texts_screens.EXCHANGE_SUGGESTED_PAYS)
        return _(texts_screens.EXCHANGE_SUGGESTED)

    def _show(self) -> None:
        state = self.state
        realm = state.player.realm_count
        body = Text()
        body.append_text(
            palette.rich_format(_(texts_screens.EXCHANGE_REALM), realm=chips.realm_chips(realm))
        )
        body.append("\n\n")
        if self.suggested is not None and self.give is None:
            body.append("  ")
            body.append("⏎", style=palette.KEY)
            body.append(
                "  "
                + self._suggested_words().format(
                    give=color_word(self.suggested.give), get=color_word(self.suggested.get)
                )
                + "\n\n"
            )
        if self.give is None:
            body.append(_(texts_screens.EXCHANGE_GIVE) + "\n", style=palette.BOLD)
            realm = state.player.realm_count
            for color in COLORS:
                other = next(c for c in COLORS if c != color)
                reason = state.why_not(Exchange(color, other))
                short = (
                    _(texts_screens.EXCHANGE_SHORT).format(have=realm[color]) if reason else None
                )
                body.append_text(self._option(color, short))
        else:
            body.append(
                _(texts_screens.EXCHANGE_GET).format(give=color_word(self.give)) + "\n",
                style=palette.BOLD,
            )
            for color in COLORS:
                # the same color is refused (R-TURN-2): said short, so the line stays whole
                reason = state.why_not(Exchange(self.give, color))
                said = None
                if reason is not None:
                    same = color == self.give
                    said = _(texts_screens.EXCHANGE_SAME) if same else message_of(reason)
                body.append_text(self._option(color, said))
        self.query_one("#exchange-body", Static).update(body)

    @staticmethod
    def _option(color: Color, reason: str | None) -> Text:
        line = Text("  ")
        own = chips.own_key(color)
        line.append(_KEYS[color] if own is None else f"{own} {_KEYS[color]}", style=palette.KEY)
        line.append("  ")
        line.append_text(chips.chip(color))
        line.append(f" {color_word(color)}")
        if reason:
            line.stylize(palette.DIM)
            line.append(f"  ✗ {reason}", style=palette.DIM)
        line.append("\n")
        return line

    def action_color(self, color: int) -> None:
        chosen = Color(color)
        if self.give is None:
            legal = self.state.legal_actions()
            if not any(isinstance(a, Exchange) and a.give == chosen for a in legal):
                self.app.bell()
                return
            self.give = chosen
            self._show()
            return
        action = Exchange(self.give, chosen)
        if self.state.why_not(action) is not None:
            self.app.bell()
            return
        self.dismiss(action)

    def action_suggested(self) -> None:
        if self.give is not None:
            self.notify(_(texts_screens.EXCHANGE_PICK_GET), timeout=3, markup=False)
            return
        if self.suggested is None:
            self.notify(_(texts_screens.EXCHANGE_PICK_GIVE), timeout=3, markup=False)
            return
        self.dismiss(self.suggested)

    def action_back(self) -> None:
        if self.give is not None:
            self.give = None
            self._show()
            return
        self.dismiss(None)
