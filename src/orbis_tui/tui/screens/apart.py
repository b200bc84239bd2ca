"""Play apart: deal the new game's table on a table server and hand out its links.

The seats come from the new-game screen (names, and which a computer level plays); the
server's address is the one used last time (the settings keep it). The server deals
the table and answers one invitation link per person, shown here in full with a
button that copies it, and a link for watching. Nothing is played in this app: each
person opens their link, in a browser or with ``orbis join``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from ...i18n import gettext as _
from ...levels import LEVELS
from ...printable import error_line
from .. import palette, texts
from ..core.seats import Seat
from ..widgets.keybar import KeyBar
from .base import SizeNotice

DEFAULT_SERVER = "http://127.0.0.1:8765"
ANSWER_WITHIN = 15.0  # seconds the server has to deal the table


def server_address(text: str) -> str | None:
    """The server's address as typed (``host:port`` gets ``http://``), or None."""
    text = text.strip().rstrip("/")
    if not text:
        return None
    if "://" not in text:
        text = f"http://{text}"
    if not text.startswith(("http://", "https://")) or not text.isprintable() or " " in text:
        return None
    return text


class PlayApartScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", texts.KEY["close"]),
    ]

    def __init__(self, seats: list[Seat], server: str, remember: Callable[[str], None]) -> None:
        super().__init__(classes="dialog-screen")
        self.seats = seats
        self.server = server or DEFAULT_SERVER
        self.remember = remember  # called with the server's address once it has dealt
        self.links: dict[str, str] = {}  # button id: link
        self.dealt = False  # the server dealt the table (its links shown, or said not)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog apart"):
            yield Static(Text(_(texts.APART_TITLE), style=palette.ACCENT), classes="title")
            yield Static(Text(_(texts.APART_INTRO)), classes="note")
            with Horizontal(classes="apart-row"):
                yield Label(_(texts.APART_SERVER), classes="apart-label")
                yield Input(self.server, id="server", compact=True)
            with Horizontal(classes="apart-row"):
                yield Label(_(texts.APART_TURN_TIME), classes="apart-label")
                yield Input(_(texts.APART_NO_CLOCK), id="turn-time", compact=True)
            with Horizontal(classes="apart-row"):
                yield Label(_(texts.APART_CLOCK_LEVEL), classes="apart-label")
                yield Select(
                    [(texts.level_name(level), level) for level in LEVELS],
                    value="medium",
                    allow_blank=False,
                    id="clock-level",
                    compact=True,
                )
            yield Button(_(texts.APART_DEAL), id="deal", compact=True, variant="primary")
            yield Static("", id="apart-status")
            yield Vertical(id="apart-links")
            yield Static(_(texts.APART_HINT), classes="hint", id="apart-hint")
        yield KeyBar()
        yield SizeNotice()

    def on_mount(self) -> None:
        self.query_one("#deal", Button).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.action_deal()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        ident = message.button.id or ""
        if ident == "deal":
            self.action_deal()
        elif ident in self.links:
            self.app.copy_to_clipboard(self.links[ident])
            name = str(message.button.name or "")
            self.notify(_(texts.APART_COPIED).format(name=name), markup=False)

    def action_deal(self) -> None:
        if self.dealt:
            return  # dealt: a second table would leave these links for nothing
        server = server_address(self.query_one("#server", Input).value)
        if server is None:
            self._say(_(texts.APART_BAD_SERVER), bad=True)
            return
        from ...remote.turn_time import parse_turn_time

        typed = self.query_one("#turn-time", Input).value
        try:
            seconds = parse_turn_time(typed, (_(texts.APART_NO_CLOCK),))
        except ValueError:
            said = _(texts.APART_BAD_TURN_TIME).format(text=typed, none=_(texts.APART_NO_CLOCK))
            self._say(said, bad=True)
            return
        level = str(self.query_one("#clock-level", Select).value)
        self._say(_(texts.APART_DEALING).format(server=server))
        self._deal(server, None if seconds is None else (seconds, level))

    def action_close(self) -> None:
        self.dismiss(None)

    def _say(self, text: str, *, bad: bool = False) -> None:
        self.query_one("#apart-status", Static).update(Text(text, style=palette.BAD if bad else ""))
        if bad:
            self.app.bell()

    @work(exclusive=True, group="deal", exit_on_error=False)
    async def _deal(self, server: str, turn_time: tuple[float, str] | None) -> None:
        import aiohttp

        from ...remote.client import create_table_request

        kinds = {n: seat.kind for n, seat in enumerate(self.seats, 1) if not seat.human}
        names = [seat.name for seat in self.seats]
        try:
            async with asyncio.timeout(ANSWER_WITHIN):
                answer = await create_table_request(
                    server, len(self.seats), kinds, names, turn_time
                )
        except (aiohttp.ClientError, OSError, TimeoutError):
            self._say(
                _(texts.APART_FAILED).format(server=server, error=_(texts.APART_NO_ANSWER)),
                bad=True,
            )
            return
        except ValueError as exc:
            self._say(_(texts.APART_FAILED).format(server=server, error=exc), bad=True)
            return
        except Exception as exc:  # said here: the dialog stays, Escape goes back
            self._broke(_(texts.APART_BROKE).format(error=error_line(exc)))
            return
        self.dealt = True
        try:
            self.remember(server)
            await self._show_links(answer)
        except Exception as exc:  # e.g. an answer of a shape this version cannot show
            self.query_one("#deal", Button).display = False
            self._broke(_(texts.APART_SHOW_BROKE).format(error=error_line(exc)))

    def _broke(self, said: str) -> None:
        self._say(said, bad=True)
        self.notify(said, severity="error", timeout=12, markup=False)

    async def _show_links(self, answer: dict[str, Any]) -> None:
        self._say(_(texts.APART_DEALT))
        self.query_one("#deal", Button).display = False
        self.query_one("#server", Input).disabled = True
        box = self.query_one("#apart-links", Vertical)
        first: Button | None = None
        rows: list[tuple[str, str | None, str]] = []  # (title, link, name)
        for seat in answer.get("seats", []):
            name = str(seat.get("name", ""))
            link = seat.get("link")
            if isinstance(link, str):
                rows.append((_(texts.APART_PERSON).format(name=name), link, name))
            else:
                level = texts.level_name(str(seat.get("kind", "")))
                rows.append((_(texts.APART_COMPUTER).format(name=name, level=level), None, name))
        watch = answer.get("watch")
        if isinstance(watch, str):
            rows.append((_(texts.APART_WATCH), watch, _(texts.APART_WATCH).rstrip(":")))
        for n, (title, link, name) in enumerate(rows):
            if link is None:
                await box.mount(Static(Text(title), classes="apart-seat"))
                continue
            ident = f"copy{n}"
            self.links[ident] = link
            button = Button(_(texts.APART_COPY), id=ident, name=name, compact=True)
            first = first or button
            await box.mount(
                Horizontal(Static(Text(title), classes="apart-name"), button, classes="apart-row"),
                Static(Text(link), classes="apart-link"),
            )
        self.query_one("#apart-hint", Static).update(_(texts.APART_HINT_DEALT))
        if first is not None:
            first.focus()
