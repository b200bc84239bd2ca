"""The first screen: resume the unfinished game, or set up a new one."""

from __future__ import annotations

import secrets
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from ...i18n import gettext as _
from ...options import MAX_SEED, MIN_SEED
from ...player_names import MAX_NAME_LENGTH, name_problem
from ...saves import LoadResult
from .. import palette, texts, texts_learn, texts_screens
from ..core.seats import HUMAN, Seat, bot_levels, level_summary
from ..core.settings import Settings
from ..navigation import OpenWalkthrough, PlayApart, ResumeGame, StartGame
from ..widgets.choice import Choice
from ..widgets.keybar import KeyBar
from .base import SizeNotice

MAX_SEATS = 4
SEED_DIGITS = len(str(MIN_SEED))  # the longest seed there is, its sign included
FOCUS_MARK = "▸ "
NO_MARK = "  "


class NewGameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", texts.KEY["start"]),
        # F2, not ctrl+l: a browser keeps ctrl+l for its address bar.
        Binding("f2", "learn", texts.KEY["learn"]),
        Binding("ctrl+l", "learn", texts.KEY["learn"], show=False),
        Binding("escape", "back_to_game", texts.KEY["back_to_game"]),
        # Up and Down: the same field of the row above or below (one entry in the key
        # bar), before a text field's own Up and Down (which scroll its one line).
        Binding("down", "row(1)", texts.KEY["row"], key_display="↑↓", priority=True),
        Binding("up", "row(-1)", texts.KEY["row"], show=False, priority=True),
    ]

    def __init__(
        self,
        loaded: LoadResult | None = None,
        players: int = 2,
        seed: int | None = None,
        names: list[str] | None = None,
        settings: Settings | None = None,
        from_game: bool = False,
    ) -> None:
        """``from_game``: opened from the game in progress (n), which Escape goes back to."""
        super().__init__()
        self.loaded = loaded or LoadResult()
        self.from_game = from_game
        remembered = settings if settings is not None else Settings()
        # The last game's table, unless names were given for this run.
        self.names = names or remembered.names
        self.kinds = [] if names else remembered.kinds
        self.no_hints = set() if names else set(remembered.no_hints)
        if names is None and remembered.names and players == 2:
            players = len(remembered.names)
        self.players = max(2, min(MAX_SEATS, players))
        self.seed = seed
        self.levels = bot_levels()

    def compose(self) -> ComposeResult:
        loaded = self.loaded
        with Vertical(id="form"):
            yield Static(Text(_(texts_screens.NEW_TITLE), style=palette.ACCENT), id="title")
            yield Static(_(texts_screens.NEW_SUBTITLE), id="subtitle")
            if loaded.problem is not None:
                if loaded.left_in_place:
                    notice = loaded.problem
                elif loaded.moved_to is not None:
                    notice = _(texts_screens.NEW_DAMAGED).format(
                        moved=loaded.moved_to, problem=loaded.problem
                    )
                else:
                    notice = _(texts_screens.NEW_DAMAGED_STUCK).format(
                        error=loaded.move_error, problem=loaded.problem
                    )
                yield Static(Text(notice), id="damaged")
            if loaded.resumable:
                from ...engine import ROUNDS  # loaded with the saved game

                assert loaded.match is not None
                state = loaded.match.state
                yield Static(
                    Text(
                        _(texts_screens.NEW_RESUME).format(
                            names=", ".join(p.name for p in state.players),
                            round=state.round,
                            rounds=ROUNDS,
                            name=state.player.name,
                        )
                    ),
                    id="resume-info",
                )
                yield Button(
                    _(texts_screens.NEW_RESUME_BUTTON), id="resume", compact=True, variant="success"
                )
            elif loaded.match is not None:
                yield Static(_(texts_screens.NEW_FINISHED), id="finished")
            yield Static(_(texts_screens.NEW_HEADING), id="heading")
            with Horizontal(classes="row"):
                yield Label(_(texts_screens.NEW_PLAYERS), classes="label")
                yield Choice(["2", "3", "4"], self.players - 2, id="count")
            # Seats past the player count are added when the count grows: each is
            # six widgets, and the first screen shows sooner without them.
            for n in range(1, self.players + 1):
                yield self._seat_row(n)
            yield Static("", id="level-info")
            with Horizontal(classes="row"):
                yield Label(_(texts_screens.NEW_FIRST), classes="label")
                yield Choice(
                    [
                        _(texts_screens.NEW_RANDOM),
                        *(self._seat_name(n) for n in range(1, MAX_SEATS + 1)),
                    ],
                    0,
                    id="first",
                )
            with Horizontal(classes="row"):
                yield Label(_(texts_screens.NEW_SEED), classes="label")
                yield Input(
                    "" if self.seed is None else str(self.seed),
                    placeholder=_(texts_screens.NEW_SEED_PLACEHOLDER),
                    id="seed",
                    compact=True,
                    restrict=r"-?[0-9]*",
                    max_length=SEED_DIGITS,
                    classes="seed",
                )
            yield Static("", id="form-error")
            yield Button(_(texts_screens.NEW_START), id="start", compact=True, variant="primary")
            yield Button(_(texts.NEW_APART_BUTTON), id="apart", compact=True)
            yield Button(_(texts_learn.NEW_LEARN_BUTTON), id="learn", compact=True)
            yield Static(_(texts_screens.NEW_KEYS), id="keys")
        yield KeyBar()
        yield SizeNotice()

    def _seat_name(self, n: int, typed: str | None = None) -> str:
        """Seat ``n`` as the game will name it: the name typed (or remembered), else the
        name an empty field stands for."""
        if typed is None:
            typed = self.names[n - 1] if n - 1 < len(self.names) else ""
        return typed.strip() or _(texts_screens.NEW_SEAT_PLACEHOLDER).format(n=n)

    def _seat_row(self, n: int) -> Horizontal:
        """Seat ``n``: its name, who plays it, and (for a person) whether hints are on."""
        name = self.names[n - 1] if n - 1 < len(self.names) else ""
        fields: list[Widget] = [
            Label(_(texts_screens.NEW_SEAT).format(n=n), classes="label"),
            Input(
                name,
                placeholder=_(texts_screens.NEW_SEAT_PLACEHOLDER).format(n=n),
                id=f"name{n}",
                compact=True,
                max_length=MAX_NAME_LENGTH,
                classes="name",
            ),
        ]
        if self.levels:
            kind = self.kinds[n - 1] if n - 1 < len(self.kinds) else HUMAN
            fields.append(Label(_(texts_screens.NEW_SEAT_KIND), classes="kind-label"))
            fields.append(
                Choice(
                    [
                        _(texts_screens.NEW_HUMAN),
                        *(texts.level_name(level) for level in self.levels),
                    ],
                    self.levels.index(kind) + 1 if kind in self.levels else 0,
                    id=f"kind{n}",
                    classes="kind",
                    compact=True,
                )
            )
        fields.append(
            Choice(
                [_(choice) for choice in texts_learn.NEW_HINTS],
                1 if n - 1 in self.no_hints else 0,
                id=f"hints{n}",
                classes="hints",
                compact=True,
            )
        )
        return Horizontal(*fields, classes="row seat", id=f"seat{n}")

    def _seats_made(self) -> int:
        return len(self.query(".seat"))

    async def _make_seats(self, count: int) -> None:
        """Add the rows of the seats up to ``count`` that are not there yet."""
        for n in range(self._seats_made() + 1, count + 1):
            await self.mount(self._seat_row(n), after=self.query_one(f"#seat{n - 1}"))
            self._show_hints(n)
        self._mark_focus()  # the new labels line up with the others

    def retranslate(self) -> None:
        """Show the form again in the language now in use, keeping what was entered."""
        self.players = self.query_one("#count", Choice).value + 2
        made = range(1, self._seats_made() + 1)  # the seats not made yet keep what they had
        names = [self.query_one(f"#name{n}", Input).value for n in made]
        self.names = names + self.names[len(names) :]
        if self.levels:
            values = [self.query_one(f"#kind{n}", Choice).value for n in made]
            kinds = [HUMAN if v == 0 else self.levels[v - 1] for v in values]
            self.kinds = kinds + self.kinds[len(kinds) :]
        self.no_hints = {n for n in self.no_hints if n >= len(made)} | {
            n - 1 for n in made if self.query_one(f"#hints{n}", Choice).value == 1
        }
        seed = self.query_one("#seed", Input).value
        self.seed = int(seed) if seed.lstrip("-").isdigit() and len(seed) <= SEED_DIGITS else None
        first = self.query_one("#first", Choice).value
        self.refresh(recompose=True)

        def restore() -> None:
            self.query_one("#first", Choice).value = first
            self.on_mount()

        self.call_after_refresh(restore)

    def on_mount(self) -> None:
        self._show_seats()
        for n in range(1, self._seats_made() + 1):
            self._show_hints(n)
        if self.loaded.resumable:
            self.query_one("#resume", Button).focus()
        else:
            self.query_one("#count", Choice).focus()

    def on_descendant_focus(self, _event: events.DescendantFocus) -> None:
        self._mark_focus()
        self._show_level()

    def _show_level(self) -> None:
        """Under the seats, what the computer level of the focused seat plays like."""
        info = self.query_one("#level-info", Static)
        focused = self.focused
        text = ""
        kind = focused if isinstance(focused, Choice) else None
        if kind is not None and (kind.id or "").startswith("kind") and kind.value > 0:
            level = self.levels[kind.value - 1]
            text = _(texts_screens.NEW_LEVEL_INFO).format(
                level=texts.level_name(level), summary=level_summary(level)
            )
        info.update(text)
        info.display = bool(text)

    def _mark_focus(self) -> None:
        """A marker before the focused field's label, so focus shows without color."""
        focused = self.focused
        for row in self.query(".row"):
            label = row.query_one(".label", Label)
            text = str(label.content).removeprefix(FOCUS_MARK).removeprefix(NO_MARK)
            inside = focused is not None and focused in row.query("*")
            label.update((FOCUS_MARK if inside else NO_MARK) + text)
        for button in self.query(Button):
            text = str(button.label).removeprefix(FOCUS_MARK)
            button.label = FOCUS_MARK + text if button is focused else text

    def action_row(self, step: int) -> None:
        """The same field of the next row down (``step`` 1) or up (-1): of the fields
        shown on that line, the one nearest the focused one's column (a seat's name,
        its level, its hints; a row with one field, or a button, takes the focus itself)."""
        focused = self.focused
        if focused is None:
            return
        here = focused.region
        fields = [field for field in self.focus_chain if field.region.height]
        lines = [y for y in {f.region.y for f in fields} if (y - here.y) * step > 0]
        if not lines:
            return
        line = min(lines) if step > 0 else max(lines)
        on_line = [field for field in fields if field.region.y == line]
        min(on_line, key=lambda field: abs(field.region.x - here.x)).focus()

    def _show_seats(self) -> None:
        count = self.query_one("#count", Choice).value + 2
        for n in range(1, self._seats_made() + 1):
            self.query_one(f"#seat{n}").display = n <= count
        first = self.query_one("#first", Choice)
        first.set_enabled([True] + [n <= count for n in range(1, MAX_SEATS + 1)])

    def on_input_changed(self, message: Input.Changed) -> None:
        """Who-starts shows the names as they are typed."""
        ident = message.input.id or ""
        if not ident.startswith("name"):
            return
        first = self.query_one("#first", Choice)
        n = int(ident[4:])
        first.options[n] = self._seat_name(n, message.value)
        first.refresh()

    async def on_choice_changed(self, message: Choice.Changed) -> None:
        ident = message.choice.id or ""
        if ident == "count":
            await self._make_seats(message.choice.value + 2)
            self._show_seats()
        elif ident.startswith("kind"):
            self._show_level()
            self._show_hints(int(ident[4:]))

    def _show_hints(self, n: int) -> None:
        """Hints are a person's choice: a computer seat has none to switch."""
        kinds = self.query(f"#kind{n}")
        human = not kinds or kinds.first(Choice).value == 0
        self.query_one(f"#hints{n}", Choice).display = human

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.action_start()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        message.stop()
        if message.button.id == "learn":
            self.action_learn()
        elif message.button.id == "apart":
            self.action_apart()
        elif message.button.id == "resume":
            assert self.loaded.match is not None
            self.app.post_message(ResumeGame(self.loaded.match))
        else:
            self.action_start()

    def on_choice_submitted(self, message: Choice.Submitted) -> None:
        # Enter on a choice starts the game, as it does in the text fields.
        message.stop()
        self.action_start()

    def seats(self) -> list[Seat] | None:
        count = self.query_one("#count", Choice).value + 2
        seats: list[Seat] = []
        for n in range(1, count + 1):
            field = self.query_one(f"#name{n}", Input)
            name = field.value.strip() or _(texts_screens.NEW_SEAT_PLACEHOLDER).format(n=n)
            problem = name_problem(name, [s.name for s in seats], field=f"name{n}")
            if problem is not None:
                self._error(_(texts_screens.NEW_BAD_NAME).format(seat=n, problem=problem.message))
                field.focus()
                return None
            kind = HUMAN
            if self.levels:
                value = self.query_one(f"#kind{n}", Choice).value
                kind = HUMAN if value == 0 else self.levels[value - 1]
            hints = self.query_one(f"#hints{n}", Choice).value == 0
            seats.append(Seat(name, kind, hints=hints or kind != HUMAN))
        return seats

    def _error(self, message: str) -> None:
        self.query_one("#form-error", Static).update(Text(message, style=palette.BAD))
        self.app.bell()

    def action_apart(self) -> None:
        """The seats as set up, at a table server: each person at their own screen."""
        seats = self.seats()
        if seats is not None:
            self.app.post_message(PlayApart(seats))

    def action_learn(self) -> None:
        self.app.post_message(OpenWalkthrough())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back_to_game":
            return self.from_game and self.loaded.resumable
        return True

    def action_back_to_game(self) -> None:
        """Escape: back to the game in progress, as it was."""
        if self.from_game and self.loaded.match is not None and self.loaded.resumable:
            self.app.post_message(ResumeGame(self.loaded.match))

    def action_start(self) -> None:
        seats = self.seats()
        if seats is None:
            return
        text = self.query_one("#seed", Input).value.strip()
        if text in ("", "-"):
            seed = secrets.randbelow(10**9)
        else:
            try:
                seed = int(text)
            except ValueError:
                self._error(_(texts_screens.NEW_BAD_SEED))
                return
            if not MIN_SEED <= seed <= MAX_SEED:
                self._error(_(texts_screens.NEW_SEED_RANGE).format(low=MIN_SEED, high=MAX_SEED))
                return
        from ...engine import first_player_for  # the engine loads when a game starts

        choice = self.query_one("#first", Choice).value
        first = first_player_for(seed, len(seats)) if choice == 0 else choice - 1
        start = StartGame(seats, seed, first)
        if not self.loaded.resumable:
            self.app.post_message(start)
            return
        # A new game takes the place of the unfinished one (which goes among the
        # records): never without asking.
        from ...engine import ROUNDS
        from .question import QuestionScreen

        assert self.loaded.match is not None
        state = self.loaded.match.state
        question = _(texts_screens.NEW_REPLACES).format(
            names=", ".join(p.name for p in state.players), round=state.round, rounds=ROUNDS
        )
        answers = [_(texts_screens.NEW_REPLACES_START), _(texts_screens.NEW_REPLACES_KEEP)]

        def answered(answer: int | None) -> None:
            if answer == 0:
                self.app.post_message(start)

        title = _(texts_screens.NEW_REPLACES_TITLE)
        self.app.push_screen(QuestionScreen(title, question, answers, default=1), answered)
