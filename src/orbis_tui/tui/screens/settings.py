"""The settings: the look, turn confirmation, the computer's pace, the language. Saved at
once."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ... import i18n
from ...i18n import gettext as _
from .. import palette, texts, texts_screens
from ..core.settings import LOOKS, PACES, Settings
from ..navigation import SettingsChanged
from ..widgets.choice import Choice
from ..widgets.keybar import KeyBar
from .base import SizeNotice

_PACES = tuple(PACES)


class SettingsScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,q", "close", texts.KEY["close"]),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__(classes="dialog-screen")
        self.settings = settings

    def compose(self) -> ComposeResult:
        settings = self.settings
        with Vertical(classes="dialog settings"):
            yield Static(
                Text(_(texts_screens.SETTINGS_TITLE), style=palette.ACCENT), classes="title"
            )
            with Horizontal(classes="row"):
                yield Label(_(texts_screens.SETTINGS_LOOK), classes="label")
                yield Choice(
                    [_(texts_screens.LOOK_NAMES[look]) for look in LOOKS],
                    LOOKS.index(settings.look),
                    id="look",
                )
            yield from _yes_no(_(texts_screens.SETTINGS_CONFIRM), settings.confirm_turn, "confirm")
            with Horizontal(classes="row"):
                yield Label(_(texts_screens.SETTINGS_PACE), classes="label")
                yield Choice(
                    [_(texts_screens.PACE_NAMES[p]) for p in _PACES],
                    _PACES.index(settings.pace),
                    id="pace",
                )
            yield from _yes_no(
                _(texts_screens.SETTINGS_HANDOVER), settings.handover_alone, "handover"
            )
            if not getattr(self.app, "plays_apart", False):
                # a game played here (a table played apart has its review made apart)
                yield from _yes_no(
                    _(texts_screens.SETTINGS_REVIEW_AHEAD), settings.review_ahead, "review-ahead"
                )
            if self.app.is_web and getattr(self.app, "plays_apart", False):
                # A seat in a browser: the page can alert the player away from the tab.
                for ident, label, on in (
                    ("browser-notify", _(texts.SETTINGS_BROWSER_NOTIFY), settings.browser_notify),
                    ("browser-sound", _(texts.SETTINGS_BROWSER_SOUND), settings.browser_sound),
                ):
                    yield from _yes_no(label, on, ident)
            languages = i18n.available_languages()
            with Horizontal(classes="row"):
                yield Label(_(texts_screens.SETTINGS_LANGUAGE), classes="label")
                yield Choice(
                    [i18n.LANGUAGE_NAMES.get(lang, lang) for lang in languages],
                    languages.index(i18n.language()) if i18n.language() in languages else 0,
                    id="language",
                )
            yield Static(_(texts_screens.SETTINGS_HINT), classes="hint")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#look", Choice).focus()

    def on_choice_changed(self, message: Choice.Changed) -> None:
        message.stop()
        settings = self.settings
        ident = message.choice.id
        if ident == "look":
            settings.look = LOOKS[message.value]
        elif ident == "confirm":
            settings.confirm_turn = message.value == 0
        elif ident == "handover":
            settings.handover_alone = message.value == 0
        elif ident == "review-ahead":
            settings.review_ahead = message.value == 0
        elif ident == "pace":
            settings.pace = _PACES[message.value]
        elif ident == "browser-notify":
            settings.browser_notify = message.value == 0
        elif ident == "browser-sound":
            settings.browser_sound = message.value == 0
        elif ident == "language":
            settings.language = i18n.available_languages()[message.value]
        self.app.post_message(SettingsChanged(settings))

    def retranslate(self) -> None:
        """Show this dialog again in the language just chosen, the language still chosen."""
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query_one("#language", Choice).focus())

    def on_choice_submitted(self, message: Choice.Submitted) -> None:
        message.stop()
        self.action_close()

    def action_close(self) -> None:
        self.dismiss(None)


def _yes_no(label: str, on: bool, ident: str) -> ComposeResult:
    """A setting's row: its label, and yes or no."""
    with Horizontal(classes="row"):
        yield Label(label, classes="label")
        yield Choice(
            [_(texts_screens.SETTINGS_ON), _(texts_screens.SETTINGS_OFF)], 0 if on else 1, id=ident
        )
