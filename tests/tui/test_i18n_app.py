"""The app in German and Russian: every screen speaks the language, nothing is cut off
at 80×24, the walkthrough can be completed, and the language switches at run time.

Every test runs once per language (the ``speaking`` fixture of conftest.py).
"""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from app_driver import TableApp, lift_curtain, play_turn_keys, random_match, screen_text
from babel.messages.pofile import read_po
from test_learn_app import play_by_keys

from orbis_tui import i18n
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.i18n import gettext
from orbis_tui.saves import LockState, SaveStore
from orbis_tui.tui import texts, texts_learn, texts_screens
from orbis_tui.tui.app import OrbisApp
from orbis_tui.tui.core.settings import SettingsFile
from orbis_tui.tui.learn_app import LearnApp
from orbis_tui.tui.screens.end import EndScreen
from orbis_tui.tui.screens.learn import LearnTableScreen
from orbis_tui.tui.screens.new_game import NewGameScreen
from orbis_tui.tui.screens.settings import SettingsScreen
from orbis_tui.tui.screens.table import TableScreen
from orbis_tui.tui.widgets.choice import Choice

pytestmark = pytest.mark.slow  # every screen in every language: run by --all

SIZE = (80, 24)
TEMPLATE = Path(__file__).resolve().parents[2] / "src" / "orbis_tui" / "locale" / "orbis_tui.pot"
# Words that stay as they are in every language: the game's name, the players' names of
# these games, and the names of keys printed on the keyboard.
PROPER = {"orbis", "ada", "bo", "cy", "dee", "enter", "escape", "tab", "pgup", "pgdn", "ctrl"}
WORD = re.compile(r"[A-Za-z]{3,}")


def run(coroutine) -> None:
    asyncio.run(coroutine)


def english_words() -> set[str]:
    """Every word of three letters or more in the English texts the app can show."""
    with TEMPLATE.open("rb") as handle:
        messages = [m for m in read_po(handle) if m.id]
    words: set[str] = set()
    for message in messages:
        for text in (message.id,) if isinstance(message.id, str) else message.id:
            text = re.sub(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]", " ", text)
            words |= {w.lower() for w in WORD.findall(text)}
    return words - PROPER


ENGLISH = english_words()


def english_left(text: str, lang: str) -> set[str]:
    """The English words on a German or Russian screen (a German word spelled like an
    English one, such as 'Start' or 'normal', is no English left; rule ids such as
    R-TAKE-1 and file paths are names)."""
    text = re.sub(r"\bR-[A-Z0-9.*-]+|\S*/\S*", " ", text)  # rule ids, file paths
    with (TEMPLATE.parent / lang / "LC_MESSAGES" / "orbis_tui.po").open("rb") as handle:
        own = set()
        for message in read_po(handle):
            strings = [message.string] if isinstance(message.string, str) else message.string or []
            for string in strings:
                own |= {w.lower() for w in WORD.findall(string or "")}
    return {w for w in WORD.findall(text) if w.lower() in ENGLISH and w.lower() not in own}


def ellipsis_texts() -> list[str]:
    """The English texts that end in an ellipsis of their own ("Play apart…")."""
    with TEMPLATE.open("rb") as handle:
        return [m.id for m in read_po(handle) if isinstance(m.id, str) and m.id.endswith("…")]


ELLIPSIS_TEXTS = ellipsis_texts()
# A panel that cuts a line short on purpose says so below it, with the key to read on.
PANEL_MORE_TEXTS = (
    texts.PANEL_MORE,
    texts.PANEL_MORE_COACH,
    texts.PANEL_MORE_IN_COACH,
    texts_learn.REVIEW_MISTAKES_MORE,
)


def cut_off(text: str) -> list[str]:
    """Lines with an ellipsis (other than one a text ends in, in the language in use),
    and a title or key bar (the first and last lines, which never wrap) running into
    the screen's last column: a text that did not fit."""
    lines = text.splitlines()
    edges = [lines[0], lines[-1]] if lines else []
    own_ends = [i18n.gettext(t).rsplit("}", 1)[-1] for t in ELLIPSIS_TEXTS]
    said_more = [i18n.gettext(t) for t in PANEL_MORE_TEXTS]

    def cut(line: str, below: str) -> bool:
        for end in own_ends:
            line = line.replace(end, "")
        # the decision panel cuts a line short on purpose when the line below says so
        return "…" in line and not any(more in below for more in said_more)

    belows = [*lines[1:], ""]
    return [line for line, below in zip(lines, belows, strict=True) if cut(line, below)] + [
        line for line in edges if len(line) >= SIZE[0] and not line[SIZE[0] - 1].isspace()
    ]


def test_the_table_has_no_english_left_and_nothing_cut_off(speaking, tmp_path: Path) -> None:
    """Mid-game tables of 2 to 4 players, every decision met on the way, by keys."""

    quit_key = "q " + i18n.gettext(texts.KEY["quit"])

    async def scenario() -> None:
        seen = 0
        for players, seed in ((2, 3), (3, 11), (4, 5)):
            match = random_match(players, seed, lambda s: s.turn >= 6)
            app = TableApp(match, tmp_path / f"{players}")
            async with app.run_test(size=SIZE) as pilot:
                await lift_curtain(pilot)
                if players == 3:
                    await pilot.press("c")  # the coach, in place of the log
                rng = random.Random(seed)
                for _ in range(60):
                    if not isinstance(app.screen, TableScreen):
                        break
                    text = screen_text(app)
                    assert not english_left(text, speaking), (english_left(text, speaking), text)
                    assert not cut_off(text), text
                    bar = text.splitlines()[-1]  # blank behind the hand-over curtain
                    assert quit_key in bar or not bar.strip(), text  # the way out shows
                    seen += 1
                    await play_turn_keys(pilot, rng)
                    await pilot.pause()
        assert seen > 100

    run(scenario())


def test_a_turn_waiting_for_confirmation_speaks_the_language_and_fits(
    speaking, tmp_path: Path
) -> None:
    """With the setting on (the app's default), a finished turn waits for Enter: its
    title, summary and keys fit too, with the names the new-game form suggests."""

    async def scenario() -> None:
        names = [gettext(texts_screens.NEW_SEAT_PLACEHOLDER).format(n=n) for n in (1, 2, 3)]
        match = random_match(3, 17, lambda s: s.turn >= 4, names=names)
        app = TableApp(match, tmp_path, confirm=True)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            rng = random.Random(17)
            confirmed = 0
            for _ in range(40):
                screen = app.screen
                if not isinstance(screen, TableScreen):
                    break
                if screen.session.pending is not None:
                    text = screen_text(app)
                    assert not english_left(text, speaking), (english_left(text, speaking), text)
                    assert not cut_off(text), text
                    await pilot.press("enter")
                    await pilot.pause()
                    confirmed += 1
                    continue
                await play_turn_keys(pilot, rng)
                await pilot.pause()
            assert confirmed >= 3

    run(scenario())


def test_the_end_screen_speaks_the_language_and_fits(speaking, tmp_path: Path) -> None:
    async def scenario() -> None:
        for players, seed in ((2, 8), (4, 99)):
            app = TableApp(random_match(players, seed, lambda s: s.is_over), tmp_path / f"{seed}")
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert isinstance(app.screen, EndScreen)
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                await pilot.press("s")  # save the record: the dialog asks for a file name
                await pilot.pause()
                assert not isinstance(app.screen, EndScreen)
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text

    run(scenario())


def test_help_history_players_score_and_settings_speak_the_language(
    speaking, tmp_path: Path
) -> None:
    async def scenario() -> None:
        match = random_match(3, 2024, lambda s: s.kind is DecisionKind.TURN and s.turn >= 9)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            for key in ("question_mark", "t", "p", "v", "s"):
                await pilot.press(key)
                await pilot.pause()
                assert not isinstance(app.screen, TableScreen), key
                text = screen_text(app)
                assert not english_left(text, speaking), (key, english_left(text, speaking))
                assert not cut_off(text), (key, text)
                await pilot.press("escape")
                await pilot.pause()

    run(scenario())


def test_the_settings_labels_and_choices_fit(speaking, tmp_path: Path) -> None:
    async def scenario() -> None:
        app = TableApp(random_match(2, 4, lambda s: s.turn >= 2), tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            for label in app.screen.query(".label").results():
                shown = str(label.render()).strip()
                assert label.size.width >= len(shown) + 1, (shown, label.size.width)
            for choice in app.screen.query(Choice).results():
                shown = choice.render().plain.rstrip()
                assert len(shown) <= choice.size.width, (shown, choice.size.width)
            assert not cut_off(screen_text(app))

    run(scenario())


def test_the_new_game_screen_fits(speaking, tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            text = screen_text(app)
            assert not english_left(text, speaking), english_left(text, speaking)
            assert not cut_off(text), text
            for label in app.screen.query(".label, .kind-label").results():
                shown = str(label.render()).strip()
                if not label.display or label.size.width == 0:
                    continue  # a seat row of a larger table
                assert label.size.width >= len(shown) + 1, (shown, label.size.width)

    run(scenario())


def test_the_new_game_screen_says_what_each_computer_level_plays_like(
    speaking, tmp_path: Path
) -> None:
    from orbis_tui.bots import LEVELS
    from orbis_tui.tui.core.seats import level_summary

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            info = app.screen.query_one("#level-info")
            app.screen.query_one("#kind2", Choice).focus()
            await pilot.pause()
            assert not info.display  # a person: nothing to say
            for level in LEVELS:
                await pilot.press("right")
                await pilot.pause()
                text = screen_text(app)
                flowing = " ".join(text.split())  # the description may wrap
                assert f"{texts.level_name(level)} " in flowing, text
                assert level_summary(level) in flowing, text
                assert not english_left(text, speaking), english_left(text, speaking)
                assert not cut_off(text), text
            app.screen.query_one("#seed").focus()
            await pilot.pause()
            assert not info.display

    run(scenario())


def test_the_folder_kept_elsewhere_and_the_unsaved_game_questions_speak_the_language(
    speaking,
) -> None:
    """A second window asks whether to open read-only; quitting the read-only game asks
    whether to save a record elsewhere; that asks for a file name. (The folder is named
    in the question: a short path keeps it on one line, where it is read as a path.)"""
    folder = Path(tempfile.mkdtemp(prefix="o"))
    first = SaveStore(folder)
    assert first.acquire().state is LockState.HELD

    async def scenario() -> None:
        app = OrbisApp(folder, seed=5)
        app.lock = app.store.acquire()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for answer in ("enter", "enter"):  # open read-only; then start the game
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                await pilot.press(answer)
                await pilot.pause()
            await lift_curtain(pilot)
            await pilot.press("1", "enter")  # a move that the read-only folder cannot keep
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            for _question in ("unsaved", "file name"):
                text = screen_text(app)
                assert (
                    gettext(texts_screens.UNSAVED_TITLE) in text
                    or gettext(texts_screens.EXPORT_TITLE) in text
                ), text
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                await pilot.press("enter")
                await pilot.pause()

    try:
        run(scenario())
    finally:
        first.release()
        shutil.rmtree(folder, ignore_errors=True)


def test_the_walkthrough_completes_by_keyboard(speaking, tmp_path: Path) -> None:
    """Every step of the walkthrough followed by keys, each screen of it in the language
    and whole at 80×24."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            walkthrough = app.screen.walkthrough
            steps = set()
            for _ in range(400):
                screen = app.screen
                if isinstance(screen, NewGameScreen):
                    break
                text = screen_text(app)
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text
                steps.add(walkthrough.index)
                if isinstance(screen, LearnTableScreen) and walkthrough.expects_move():
                    action = walkthrough.suggestion()
                    assert action is not None
                    await play_by_keys(pilot, screen, action)
                else:
                    await pilot.press("enter")
                await pilot.pause()
            assert walkthrough.finished and walkthrough.state.is_over
            assert isinstance(app.screen, NewGameScreen)
            assert len(steps) == len(walkthrough.script.steps) + 1  # and the end

    run(scenario())


def test_the_language_switches_in_the_settings_and_is_kept(tmp_path: Path) -> None:
    """Choosing Deutsch in the settings redraws the table at once, and the next start
    speaks German too."""

    async def scenario() -> None:
        match = random_match(2, 3, lambda s: s.turn >= 4)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            assert "Game log" in screen_text(app)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, SettingsScreen)
            choice = app.screen.query_one("#language", Choice)
            while app.focused is not choice:
                await pilot.press("tab")
            await pilot.press("right")  # English -> Deutsch
            await pilot.pause()
            assert i18n.language() == "de"
            assert "Sprache" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            text = screen_text(app)
            assert "Spielprotokoll" in text and "Game log" not in text
            assert not english_left(text, "de"), english_left(text, "de")
        assert SettingsFile(tmp_path / "config").load().language == "de"
        i18n.set_language("en")
        TableApp(match, tmp_path)  # the saved choice applies at the next start
        assert i18n.language() == "de"

    run(scenario())


def test_switching_the_language_keeps_what_the_new_game_form_holds(tmp_path: Path) -> None:
    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            await pilot.press("right")  # 3 players
            await pilot.press("tab")
            await pilot.press("ctrl+a", "ctrl+k", *"Ines")
            await pilot.press("shift+tab")  # back on the player count, where s is a key
            await pilot.press("s")
            await pilot.pause()
            choice = app.screen.query_one("#language", Choice)
            while app.focused is not choice:
                await pilot.press("tab")
            await pilot.press("right", "right")  # English -> Deutsch -> Русский
            await pilot.press("escape")
            await pilot.pause()
            text = screen_text(app)
            assert "Новая игра" in text and "Ines" in text
            assert "Место 3" in text and "Место 4" not in text.split("Начинает")[0]
            assert not english_left(text, "ru"), english_left(text, "ru")

    run(scenario())


def test_the_language_switches_during_the_walkthrough_too(tmp_path: Path) -> None:
    """The walkthrough keeps settings of its own (no turn confirmation); the language
    chosen there is still the player's, for the lesson and the next start."""

    async def scenario() -> None:
        app = LearnApp(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            choice = app.screen.query_one("#language", Choice)
            while app.focused is not choice:
                await pilot.press("tab")
            await pilot.press("left")  # English -> Русский
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LearnTableScreen)
            text = screen_text(app)
            assert "Шаг 1 из" in text and "Step 1/" not in text
        assert SettingsFile(tmp_path / "config").load().language == "ru"

    run(scenario())


def test_the_hint_box_speaks_the_language_and_fits(speaking, tmp_path: Path, monkeypatch) -> None:
    """The a key's box at the table: the three options in words, their margins, its keys."""
    from test_app_hints import wait_for_hint

    from orbis_tui.analysis import hints as advice

    monkeypatch.setattr(advice, "HINT_ITERATIONS", 60)

    async def scenario() -> None:
        for players, seed in ((2, 5), (3, 21)):
            match = random_match(players, seed, lambda s: s.turn >= 4)
            app = TableApp(match, tmp_path / f"{players}")
            async with app.run_test(size=SIZE) as pilot:
                await lift_curtain(pilot)
                await pilot.press("a")
                await pilot.pause()
                hint = await wait_for_hint(pilot)
                assert hint.options, "no option was suggested"
                text = screen_text(app)
                assert gettext(texts_learn.HINT_KEYS) in text
                assert not english_left(text, speaking), (english_left(text, speaking), text)
                assert not cut_off(text), text

    run(scenario())


def test_the_review_screen_speaks_the_language_and_fits(speaking, monkeypatch) -> None:
    """orbis replay --view and the end screen's r: every panel of the review, moved
    through by move, by turn and by mistake, once the analysis has judged the game."""
    from test_app_review import analysed, bot_record

    from orbis_tui.analysis import review as review_module
    from orbis_tui.tui.screens import review as review_screen
    from orbis_tui.tui.viewer import ReviewApp

    monkeypatch.setattr(review_screen, "PER_OPTION", 3)
    monkeypatch.setattr(review_module, "FIRST_WORLDS", 4)  # a few worlds, as in test_app_review
    monkeypatch.setattr(review_module, "MAX_WORLDS", 8)
    monkeypatch.setattr(review_module, "MANY_WORLDS_FACTOR", 1)  # no more for unclear ones
    record = bot_record()

    async def scenario(analyse: bool) -> None:
        app = ReviewApp(record, analyse=analyse)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if analyse:
                await analysed(pilot)
            keys = ["right"] * 6 + ["pagedown"] * 3 + ["m", "m", "n", "left", "pageup", "end"]
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
                text = screen_text(app)
                assert not english_left(text, speaking), (key, english_left(text, speaking), text)
                assert not cut_off(text), (key, text)
                for title in (
                    gettext(texts_learn.REVIEW_MISTAKES_TITLE),
                    gettext(texts_learn.REVIEW_TITLE),
                ):
                    assert title in text, (key, title, text)  # a panel's title, whole

    run(scenario(True))
    run(scenario(False))


def test_the_exchange_dialog_with_its_suggestion_speaks_the_language(
    speaking, tmp_path: Path
) -> None:
    """Opened by Enter to pay a tile that exchanges would pay, the dialog proposes one."""
    from test_app_table import _pay_default_is

    from orbis_tui.tui.screens.exchange import ExchangeScreen

    async def scenario() -> None:
        match = random_match(2, 0, _pay_default_is("exchange", payable=False))
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            await pilot.press("enter")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ExchangeScreen) and screen.suggested is not None
            text = screen_text(app)
            assert "⏎" in text
            assert not english_left(text, speaking), (english_left(text, speaking), text)
            assert not cut_off(text), text

    run(scenario())


def test_the_help_lists_the_gods_points_in_the_language(speaking) -> None:
    """The god list of the help once printed '(1 CP)' in every language."""
    from rich.console import Console

    from orbis_tui.tiles import load_catalog
    from orbis_tui.tui.screens.help import help_renderable

    console = Console(width=80, record=True)
    console.print(help_renderable(load_catalog().gods))
    text = console.export_text()
    points = {"de": "SP)", "ru": "ОС)"}[speaking]
    assert text.count(points) >= 10 and " CP)" not in text


def test_a_player_without_a_god_is_not_said_twice(speaking) -> None:
    """The walkthrough's line for the opponent once read 'Gottheit: Gottheit –'."""

    from orbis_tui.tui.widgets.info import god_label
    from orbis_tui.tui.widgets.lesson_panel import _opponent_line

    state = random_match(2, 3, lambda s: s.turn >= 2).state
    player = state.players[1]
    assert player.god is None
    line = _opponent_line(state, 1)
    no_god = god_label(state, player, short=True)
    assert line.endswith(": –") and no_god not in line, line


def test_the_table_shows_the_language_s_color_letters_and_the_help_names_the_keys(
    speaking, tmp_path: Path
) -> None:
    """Russian shows К С О З Б; r b o g w stay the keys (the table tests above press them),
    and the help says which key is which color."""
    from rich.console import Console

    from orbis_tui.tui.screens.help import help_renderable

    letters = {"de": "RBOGW", "ru": "КСОЗБ"}[speaking]
    realm = re.compile(r"\d+{}\s*\d+{}\s*\d+{}\s*\d+{}\s*\d+{}".format(*letters))

    async def scenario() -> None:
        match = random_match(2, 5, lambda s: s.kind is DecisionKind.TURN and s.turn >= 4)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            assert realm.search(screen_text(app)), screen_text(app)

    run(scenario())
    console = Console(width=80, record=True)
    console.print(help_renderable())
    key = {"de": "(Taste r)", "ru": "(клавиши к и r)"}[speaking]
    assert key in console.export_text()


def test_the_language_s_own_color_letters_are_keys_too(speaking, tmp_path: Path) -> None:
    """Russian shows К С О З Б: з chooses green as g does, ⇧з takes it out again, and in
    the exchange к gives red and с gets blue; the Latin keys keep working."""
    from orbis_tui.engine import ChooseGain, Color, Exchange, format_action
    from orbis_tui.tui.screens.exchange import ExchangeScreen

    own = {"de": "rbogw", "ru": "ксозб"}[speaking]

    async def gain() -> None:
        match = random_match(2, 0, lambda s: s.kind is DecisionKind.GAIN)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            await pilot.press(own[Color.GREEN])
            await pilot.pause()
            assert screen.ui.pick is not None and screen.ui.pick.value[Color.GREEN] == 1
            await pilot.press(own[Color.GREEN].upper())
            await pilot.pause()
            assert screen.ui.pick.value[Color.GREEN] == 0
            await pilot.press(own[Color.WHITE], "enter")
            await pilot.pause()
            assert match.record.actions[-1] == format_action(ChooseGain(Color.WHITE))

    async def exchange() -> None:
        def rich_in_red(s: GameState) -> bool:
            return s.kind is DecisionKind.TURN and s.player.realm_count[Color.RED] >= 3

        match = random_match(2, 1, rich_in_red)
        app = TableApp(match, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await lift_curtain(pilot)
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, ExchangeScreen)
            await pilot.press(own[Color.RED], own[Color.BLUE])
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            assert match.record.actions[-1] == format_action(Exchange(Color.RED, Color.BLUE))

    run(gain())
    run(exchange())
