"""Helpers for driving the real app headless: keys only, reading the state to choose them.

The tests look at the state to decide which key a player would press next, but every
move is made by a key press (or a click), never by calling the engine directly.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import App
from textual.keys import _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.widget import Widget

from orbis_tui.engine import Action, DecisionKind, GameState, TakeGod
from orbis_tui.records import Match
from orbis_tui.records.model import GameSetup, setup_for_game
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.describe import GOD_KEYS
from orbis_tui.tui.core.seats import Seat
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.exchange import ExchangeScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.table import TableScreen

NAMES = ["Ada", "Bo", "Cy", "Dee"]


async def press(pilot: Pilot, *keys: str) -> None:
    """Press keys as Pilot.press does, waiting only until every message is handled.

    Pilot.press also sleeps until the process looks idle after each key, which makes a
    whole game slow; the key events themselves are the same.
    """
    app = pilot.app
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        try:
            char: str | None = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app.post_message(event)
        # The key goes app -> screen -> (bubbling) app: let each hop drain its queue.
        for _ in range(3):
            await pilot._wait_for_screen()


def screen_text(app: App) -> str:
    """What the terminal shows now, as plain text lines."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def region_words(app: App, widget: Widget) -> str:
    """The words a widget shows on screen now (what is cut off is not there)."""
    region = widget.content_region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right] for line in lines).split())


def table(app: App) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), f"expected the table, not {screen!r}"
    return screen


async def focus(pilot: Pilot, widget_id: str, limit: int = 20) -> None:
    """Press Tab until the widget with ``widget_id`` has the focus."""
    for _ in range(limit):
        focused = pilot.app.focused
        if focused is not None and focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*[ch if ch != " " else "space" for ch in text])


async def new_game_screen(pilot: Pilot) -> NewGameScreen:
    """The new-game screen the app opened on (no unfinished game in its folder)."""
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def start_new_game(
    pilot: Pilot,
    players: int,
    seed: int,
    names: list[str] | None = None,
    kinds: dict[int, int] | None = None,
) -> TableScreen:
    """Fill the new-game screen by keyboard and start; returns the table."""
    app = pilot.app
    await new_game_screen(pilot)
    await focus(pilot, "count")
    for _ in range(players - 2):
        await pilot.press("right")
    for n, name in enumerate((names or NAMES)[:players], start=1):
        await focus(pilot, f"name{n}")
        await pilot.press("ctrl+a", "ctrl+k")  # clear whatever is there
        await type_text(pilot, name)
        steps = (kinds or {}).get(n, 0)
        if steps:  # the seat's "played by" choice: right arrow steps to the levels
            await focus(pilot, f"kind{n}")
            await pilot.press(*["right"] * steps)
    await focus(pilot, "seed")
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, str(seed))
    await pilot.press("enter")
    await pilot.pause()
    from orbis_tui.tui.screens.question import QuestionScreen

    if isinstance(app.screen, QuestionScreen):  # an unfinished game: "Start the new game"
        await pilot.press("left", "enter")
        await pilot.pause()
    return table(app)


async def lift_curtain(pilot: Pilot) -> None:
    await pilot.pause()
    screen = table(pilot.app)
    if screen.handing_over:
        await pilot.press("enter")


async def play_turn_keys(pilot: Pilot, rng: random.Random) -> int:
    """Answer the pending decision with keys a player might press; returns keys pressed."""
    if isinstance(pilot.app.screen, ExchangeScreen):  # Enter offered the exchange that pays
        state = pilot.app.screen.state
        exchange = rng.choice(state.decision.exchanges)
        await press(pilot, "rbogw"[exchange.give], "rbogw"[exchange.get])
        return 2
    screen = table(pilot.app)
    if screen.handing_over:
        await press(pilot, "enter")
        return 1
    if not screen.seat.human:  # a computer player's turn: wait for it
        await pilot.pause(0.02)
        return 0
    state = screen.state
    kind = state.kind
    keys = 0
    if kind is DecisionKind.TURN:
        if state.player.god is None and (state.must_take_god() or rng.random() < 0.06):
            god = rng.choice(state.gods_available)
            await press(pilot, GOD_KEYS[god], "enter")
            return 2
        cells = [c for c in range(9) if state.market[c] is not None]
        cell = rng.choice(cells)
        if rng.random() < 0.5:
            await press(pilot, str(cell + 1))
            return 1 + await _again_if_warned(pilot, screen, str(cell + 1))
        # walk the cursor there with arrows or hjkl, then Enter
        row, col = divmod(screen.ui.cursor, 3)
        target_row, target_col = divmod(cell, 3)
        vim = rng.random() < 0.5
        while (row, col) != (target_row, target_col):
            if row < target_row:
                key, row = ("j" if vim else "down"), row + 1
            elif row > target_row:
                key, row = ("k" if vim else "up"), row - 1
            elif col < target_col:
                key, col = ("l" if vim else "right"), col + 1
            else:
                key, col = ("h" if vim else "left"), col - 1
            await press(pilot, key)
            keys += 1
        await press(pilot, "enter")
        return keys + 1 + await _again_if_warned(pilot, screen, "enter")
    if kind is DecisionKind.PLACE and rng.random() < 0.5:
        await press(pilot, rng.choice(["left", "right", "up", "down"]))
        keys += 1
    if kind is DecisionKind.VOLCANO and rng.random() < 0.5:
        await press(pilot, "down")
        keys += 1
    if screen.ui.picks_colors(state) and rng.random() < 0.3:
        await press(pilot, rng.choice("rbogw"))
        keys += 1
    await press(pilot, "enter")
    return keys + 1


async def _again_if_warned(pilot: Pilot, screen: TableScreen, key: str) -> int:
    """A take that only warned (nothing pays the tile: R-TAKE-3) is taken by pressing
    its key again, as a player would; returns the keys pressed."""
    if screen.state.kind is DecisionKind.TURN and screen._wilderness_warned is not None:
        _match, actions, _cell = screen._wilderness_warned
        if actions == len(screen.match.record.actions):
            await press(pilot, key)
            return 1
    return 0


async def reach_end_screen(pilot: Pilot, limit: int = 50) -> None:
    """Wait for the end screen a finished game opens on (a few frames at most)."""
    for _ in range(limit):
        if isinstance(pilot.app.screen, EndScreen):
            return
        await pilot.pause(0.05)
    assert isinstance(pilot.app.screen, EndScreen), f"no end screen: {pilot.app.screen!r}"


async def play_to_end(pilot: Pilot, seed: int, limit: int = 2000) -> int:
    """Play the game in progress to its end screen with keys only; returns keys pressed."""
    rng = random.Random(seed)
    keys = 0
    rounds = 0
    while not isinstance(pilot.app.screen, EndScreen):
        keys += await play_turn_keys(pilot, rng)
        rounds += 1
        assert keys < limit and rounds < 2 * limit, "the game did not end"
    return keys


FROZEN_TILES = Path(__file__).with_name("snapshot_tiles.toml")


def frozen_setup(players: int, seed: int) -> GameSetup:
    from orbis_tui.tiles import default_gods_path
    from orbis_tui.tiles.models import build_catalog, load_god_file, load_tile_file

    tile_file = load_tile_file(FROZEN_TILES)
    catalog = build_catalog(tile_file, load_god_file(default_gods_path()))
    setup = setup_for_game(NAMES[:players], seed, 0, catalog)
    setup.tiles = [t.model_dump(mode="json", exclude_none=True) for t in tile_file.tiles]
    return setup


def random_match(
    players: int,
    seed: int,
    until: Callable[[GameState], bool],
    limit: int = 2000,
    avoid_gods: bool = False,
    frozen: bool = False,
    names: list[str] | None = None,
) -> Match:
    """A match played with random legal actions until ``until(state)`` holds.

    With ``frozen`` the game uses the tile set kept beside these tests (embedded in
    the record), so that snapshots do not move when the shipped tiles are rebalanced.
    """
    rng = random.Random(seed)
    match = Match.start(
        frozen_setup(players, seed) if frozen else setup_for_game(names or NAMES[:players], seed, 0)
    )
    for _ in range(limit):
        if until(match.state):
            return match
        actions = match.state.decision_actions()
        assert actions, "the game ended before the wanted situation"
        if avoid_gods:
            actions = [a for a in actions if not isinstance(a, TakeGod)] or actions
        match.play(rng.choice(actions))
    raise AssertionError("the wanted situation never came")


def play(match: Match, action: Action) -> None:
    match.play(action)


class TableApp(OrbisApp):
    """The app opened straight on the table for a given match."""

    def __init__(
        self,
        match: Match,
        root: Path,
        seats: list[Seat] | None = None,
        *,
        confirm: bool = False,
    ) -> None:
        """``confirm``: whether a person's turn waits for Enter (the setting; off here
        unless a test is about it, on by default in the app)."""
        super().__init__(root)
        self.match = match
        self.seats = seats or [Seat(n) for n in match.record.setup.players]
        self.settings.confirm_turn = confirm

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]  # Textual's event
        event.prevent_default()  # not the new-game screen
        self.push_screen(TableScreen(self.match, self.store, self.seats, settings=self.settings))
