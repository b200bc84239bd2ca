"""Every text a player sees goes through the catalogs: under a made-up language whose
translations are the English texts between marks (⟦…⟧), every word on screen must be
inside a mark. A text shown without ``gettext`` (a sentence written in place, a
constant read without translating it, an English word left in a template) stays
unmarked and fails here, whatever convention it escaped; the German and Russian tests
can only find English words that the catalog already knows.

Names stay as they are: the players', the game's, the keys' and each language's own
name in the language list; rule ids are names too. Numbers, color letters and symbols
are not words. Where a marked text runs out of its widget (cut short, or wrapped above
the part shown), the words beside the broken mark count as marked.
"""

from __future__ import annotations

import asyncio
import gettext
import random
import re
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, play_turn_keys, random_match
from textual.app import App
from textual.widget import Widget

from orbis_tui import i18n
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.learn_app import LearnApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.learn import LearnTableScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.table import TableScreen

OPEN, CLOSE = "⟦", "⟧"
NAMES = {"ada", "bo", "cy", "dee", "orbis", "esc", "enter", "tab", "pgup", "pgdn", "ctrl"} | {
    name.lower() for name in i18n.LANGUAGE_NAMES.values()
}
WORD = re.compile(r"[^\W\d_]{3,}")
RULE_ID = re.compile(r"\bR-[A-Z0-9.*-]+")
# Worshipers and costs in color letters ("RRB", "BBG?"): letters, not words.
COLOR_LETTERS = re.compile(rf"\b[{i18n.LATIN_LETTERS}]+\b")
SIZE = (120, 40)  # wide and tall: fewer marks cut short


class Marking(gettext.NullTranslations):
    """The made-up language: each text as it is, between marks."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}" if message else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


@pytest.fixture
def marking(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_translation", Marking())
    monkeypatch.setattr(i18n, "_language", "xx-marked")
    monkeypatch.setattr(i18n, "_number_symbols", lambda _lang: (".", ",", "%"))


def unmarked(text: str) -> str:
    """The part of ``text`` outside every mark."""
    outside: list[str] = []
    since = 0  # where the text outside began since the last mark closed at depth 0
    depth = 0
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            if depth == 0:  # the mark opened before this widget's first row shown
                del outside[since:]
            depth = max(0, depth - 1)
            since = len(outside)
        elif depth == 0:
            outside.append(char)
    return "".join(outside)


def widget_text(app: App, widget: Widget) -> str:
    region = widget.region.intersection(app.screen.region)
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    return "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])


def unmarked_words(app: App) -> dict[str, set[str]]:
    """Per widget on screen, the words shown outside a mark."""
    found: dict[str, set[str]] = {}
    for widget in app.screen.walk_children(Widget):
        if widget.children or not widget.display or not widget.region.area:
            continue
        text = COLOR_LETTERS.sub(" ", RULE_ID.sub(" ", unmarked(widget_text(app, widget))))
        words = {word for word in WORD.findall(text) if word.lower() not in NAMES}
        if words:
            found[f"{type(widget).__name__}#{widget.id}"] = words
    return found


def test_unmarked_finds_only_what_is_outside_the_marks() -> None:
    assert unmarked(f"a {OPEN}b {OPEN}c{CLOSE} d{CLOSE} e") == "a  e"
    assert unmarked(f"cut short{CLOSE} shown {OPEN}wrapped") == " shown "
    assert COLOR_LETTERS.sub(" ", "RRB BBG? 2R Bob") == "   ? 2R Bob"


@pytest.mark.slow  # a whole game, the walkthrough: run by --all
def test_every_word_on_the_table_and_its_screens_is_marked(marking: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        seen = 0
        for players, seed in ((2, 3), (4, 5)):
            match = random_match(players, seed, lambda s: s.turn >= 6)
            app = TableApp(match, tmp_path / f"{players}", confirm=True)
            async with app.run_test(size=SIZE) as pilot:
                await lift_curtain(pilot)
                rng = random.Random(seed)
                for turn in range(40):
                    if not isinstance(app.screen, TableScreen):
                        break
                    assert not unmarked_words(app), (turn, unmarked_words(app))
                    seen += 1
                    if turn == 5:
                        for key in ("question_mark", "t", "p", "v", "s", "c"):
                            await pilot.press(key)
                            await pilot.pause()
                            assert not unmarked_words(app), (key, unmarked_words(app))
                            if key != "c":
                                await pilot.press("escape")
                                await pilot.pause()
                    screen = app.screen
                    if isinstance(screen, TableScreen) and screen.session.pending is not None:
                        await pilot.press("enter")
                    else:
                        await play_turn_keys(pilot, rng)
                    await pilot.pause()
        assert seen > 40

    asyncio.run(scenario())


@pytest.mark.slow  # a whole game, the walkthrough: run by --all
def test_every_word_of_the_end_screen_is_marked(marking: None, tmp_path: Path) -> None:
    async def scenario() -> None:
        app = TableApp(random_match(3, 8, lambda s: s.is_over), tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)
            assert not unmarked_words(app), unmarked_words(app)

    asyncio.run(scenario())


@pytest.mark.slow  # a whole game, the walkthrough: run by --all
def test_every_word_of_the_new_game_form_and_its_settings_is_marked(
    marking: None, tmp_path: Path
) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            assert not unmarked_words(app), unmarked_words(app)
            await pilot.press("question_mark")
            await pilot.pause()
            assert not isinstance(app.screen, NewGameScreen)
            assert not unmarked_words(app), unmarked_words(app)

    asyncio.run(scenario())


@pytest.mark.slow  # a whole game, the walkthrough: run by --all
def test_every_word_of_the_walkthrough_is_marked(marking: None, tmp_path: Path) -> None:
    from test_learn_app import play_by_keys

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LearnTableScreen)
            walkthrough = screen.walkthrough
            for step in range(60):
                screen = app.screen
                if isinstance(screen, NewGameScreen):
                    break
                assert not unmarked_words(app), (step, unmarked_words(app))
                if isinstance(screen, LearnTableScreen) and walkthrough.expects_move():
                    action = walkthrough.suggestion()
                    assert action is not None
                    await play_by_keys(pilot, screen, action)
                else:
                    await pilot.press("enter")
                await pilot.pause()
            assert step > 20

    asyncio.run(scenario())
