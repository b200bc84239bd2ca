"""Wording a player reads in every language: counts that agree with their nouns, one
spelling of a word, one term for one thing.

The checks read the template (every English message) and the catalogs, so a new text
that breaks them fails here, not in front of a player.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from orbis_tui.i18n import fill

LOCALE = Path(__file__).resolve().parent.parent / "src" / "orbis_tui" / "locale"

# A whole number put before a noun that changes with it ("1 worshiper", "2 worshipers";
# Russian has three forms). Amounts of CP are left out: "CP" does not change in any of
# the three languages. Not numbers: a {color}, {tile}, {level} or {set} before a noun
# ("a {color} tile"); a table seats 2 to 4 {players}, one form in each language.
COUNTED = re.compile(
    r"\{(?P<name>(?!(?:color|tile|level|set|players)\})\w+)\}\s+(?:(?:more|free|matching|newer|older|region|level-\d|other)\s+)*"
    r"(?P<noun>worshipers?|tiles?|spots?|neighbou?rs?|gods?|players?|exchanges?|turns?|"
    r"rounds?|lines?|seats?|cells?|decisions?|mistakes?|games?|records?|characters?|"
    r"wildernesses|temples?|facts?|violations?)\b"
)


def english_messages() -> list[tuple[str, bool]]:
    """Every English message of the template, and whether it has plural forms."""
    with (LOCALE / "orbis_tui.pot").open("rb") as handle:
        catalog = read_po(handle)
    found: list[tuple[str, bool]] = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, str):
            found.append((message.id, False))
        else:
            found.extend((str(text), True) for text in message.id)
    return found


def test_every_count_before_a_noun_has_plural_forms() -> None:
    """'return 1 worshipers', '1 tiles': a number before a noun is a plural message,
    so each language (Russian with its three forms) writes the noun that fits."""
    unplural = [text for text, plural in english_messages() if not plural and COUNTED.search(text)]
    assert unplural == []


def test_one_english_spelling() -> None:
    """'color' beside 'neighbour' and 'cancelled' on one screen: the American spelling,
    everywhere (neighbor, canceled, analyzer)."""
    british = re.compile(r"[Nn]eighbour|[Cc]ancell(ed|ing)|[Cc]olour|[Aa]nalys(er|ing)|[Ff]avour")
    words = [(text, re.sub(r"\{[^{}]*\}", "", text)) for text, _plural in english_messages()]
    found = [text for text, without_placeholders in words if british.search(without_placeholders)]
    assert found == []


@pytest.fixture
def speak():
    """Switch the language for one test and back to English after it."""
    from orbis_tui import i18n

    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", {1: "return 1 worshiper", 2: "return 2 worshipers"}),
        ("ru", {1: "1 Последователя", 2: "2 Последователей", 5: "5 Последователей"}),
    ],
)
def test_a_village_tells_its_count_in_the_form_it_asks(speak, lang, expected) -> None:
    from orbis_tui.engine.tiles import Effect, EffectKind
    from orbis_tui.tui.core.describe import effect_long

    speak(lang)
    for count, words in expected.items():
        assert words in effect_long(Effect(EffectKind.VILLAGE, count=count))


def test_a_forest_names_its_neighbours_in_the_three_russian_forms(speak) -> None:
    from orbis_tui.engine.colors import Color
    from orbis_tui.engine.tiles import Effect, EffectKind
    from orbis_tui.tui.core.describe import effect_long

    def forest(count: int) -> str:
        return effect_long(Effect(EffectKind.FOREST, count=count, colors=(Color.GREEN,)))

    assert "1 neighbor " in forest(1)
    assert "3 neighbors " in forest(3)
    speak("ru")
    assert [
        words
        for count, words in (
            (1, "1 сосед цвета: "),
            (3, "3 соседа цвета: "),
            (5, "5 соседей цвета: "),
        )
        if words in forest(count)
    ] == ["1 сосед цвета: ", "3 соседа цвета: ", "5 соседей цвета: "]


def test_a_forest_with_more_neighbours_than_it_needs_does_not_read_4_of_2() -> None:
    from orbis_tui.engine.consequences import ForestOutlook
    from orbis_tui.tiles.catalog import load_catalog
    from orbis_tui.words import message_of

    tile = next(t for t in load_catalog().tiles if t.effect.kind == "forest")
    text = message_of(ForestOutlook(tile, have=4, need=2, open_spots=0))
    assert "4 of 2" not in text
    assert "validated" in text and "4" in text and "2" in text


@pytest.mark.parametrize(
    ("lang", "printed", "own"),
    [
        ("en", "the color printed on it", "of their color"),
        ("de", "die auf ihm abgebildet ist", "ihrer Farbe"),
        ("ru", "который изображён на ней", "своего цвета"),
    ],
)
def test_the_help_says_a_farm_waives_the_color_printed_on_it(speak, lang, printed, own) -> None:
    """R-TAKE-3 / R-EFF-FARM: a farm (an orange tile) waives the color printed on it, not
    its own: "of their color" read as orange."""
    from orbis_tui.i18n import gettext
    from orbis_tui.tui.texts_help import RULES

    speak(lang)
    said = gettext(dict(RULES)["R-TAKE-3"])
    assert printed in said
    assert own not in said


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "+ 0,7 aus 1 weiteren kleinen Verlust"),
        ("ru", "+ 0,7 в мелких потерях в 1 другом решении"),
        ("en", "+ 0.7 in small losses at 1 other decision"),
    ],
)
def test_the_review_counts_other_decisions_by_their_own_number(speak, lang, expected) -> None:
    """'+ 0,7 bei 1 weiteren Entscheidungen': the small losses' noun agrees with the
    number of other decisions, not with the number of mistakes."""
    from orbis_tui.tui import texts_learn

    speak(lang)
    values = {"name": "Bo", "mistakes": 3, "loss": 4.0, "listed": 3.3, "rest": 0.7, "others": 1}
    small = fill(texts_learn.REVIEW_SUMMARY_REST, **values)
    said = fill(texts_learn.REVIEW_SUMMARY, small=small, **values)
    assert said.endswith(expected)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("de", "bei 1 weiteren Entscheidung"),
        ("ru", "в 1 другом решении"),
        ("en", "at 1 other decision"),
    ],
)
def test_the_printed_review_counts_other_decisions_by_their_own_number(
    speak, lang, expected
) -> None:
    from orbis_tui.analysis import texts
    from orbis_tui.i18n import choose, format_numbers

    speak(lang)
    small = format_numbers(choose(texts.SUMMARY_REST, {"others": 1}), rest=0.7, others=1)
    values = {"count": 3, "loss": 4.0, "listed": 3.3, "small": small}
    said = format_numbers(choose(texts.SUMMARY_PARTS, values), **values)
    assert said.endswith(expected)


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_help_keeps_each_color_of_its_legend_on_one_line(speak, lang) -> None:
    """At 80 columns the help's color legend wrapped inside an item ("К красный (клавиши"
    / "к или r)"): each color's words stay together on a line."""
    from rich.console import Console

    from orbis_tui.engine import COLORS
    from orbis_tui.i18n import gettext
    from orbis_tui.tui import chips, texts_help
    from orbis_tui.tui.core.describe import color_word
    from orbis_tui.tui.screens.help import help_renderable

    speak(lang)
    console = Console(width=76, record=True, file=__import__("io").StringIO())
    console.print(help_renderable())
    lines = console.export_text().splitlines()
    for color in COLORS:
        key, own = chips.KEYS[color], chips.own_key(color)
        said = (
            gettext(texts_help.HELP_COLOR_KEY).format(color=color_word(color), key=key)
            if own is None
            else gettext(texts_help.HELP_COLOR_KEYS).format(
                color=color_word(color), own=own, key=key
            )
        )
        assert any(said in line for line in lines), (said, lines)


def test_the_log_of_a_farm_reads_with_the_walkthroughs_you() -> None:
    """R-EFF-FARM in the log: the walkthrough's player is "You", and "You now pays no red
    symbols" read wrong; the name stands before a colon."""
    from orbis_tui.engine import Color
    from orbis_tui.engine.events import ReductionTaken
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.words.events import event_lines

    state = Match.start(setup_for_game(["You", "Mira"], 5, 0)).state
    assert event_lines(state, [ReductionTaken(0, Color.RED)]) == [
        "You: no more red symbols to pay."
    ]


def test_the_log_s_turn_line_reads_with_the_walkthroughs_you() -> None:
    """The log once began the learner's turns with "— You's turn —"."""
    from orbis_tui.engine.events import TurnStarted
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.words.events import event_lines

    state = Match.start(setup_for_game(["You", "Mira"], 5, 0)).state
    assert event_lines(state, [TurnStarted(0)]) == ["— You to play —"]
    assert event_lines(state, [TurnStarted(1)]) == ["— Mira to play —"]


def test_a_take_names_a_sacred_stones_point() -> None:
    """R-EFF-STONE: a stone prints 0 CP and scores 1 at the end; "Lichen Menhir (green,
    0 CP)" in a hint read as worthless."""
    from orbis_tui.engine import EffectKind, TakeTile
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.words.actions import describe_actions

    for seed in range(100):
        state = Match.start(setup_for_game(["Ada", "Bo"], seed, 0)).state
        cells = [
            cell
            for cell, tile in enumerate(state.market)
            if tile is not None and tile.effect.kind is EffectKind.STONE and tile.cp == 0
        ]
        if cells:
            break
    else:
        raise AssertionError("no stone in a market")
    said = describe_actions(state, TakeTile(cells[0]))
    assert ", 1 CP)" in said, said


def test_an_eruption_names_each_cell_once_not_also_the_market() -> None:
    """R-EFF-VOLCANO: a hint read "Remove 1W from cell 2, 1G from cell 8 from the
    market": each removal already names its cell."""
    import random

    from orbis_tui.engine import DecisionKind, Erupt
    from orbis_tui.records import Match
    from orbis_tui.records.model import setup_for_game
    from orbis_tui.words.actions import describe_actions

    for seed in range(200):
        rng = random.Random(seed)
        match = Match.start(setup_for_game(["Ada", "Bo"], seed, 0))
        while not match.state.is_over and match.state.kind is not DecisionKind.VOLCANO:
            match.play(rng.choice(match.state.decision_actions()))
        eruptions = [a for a in match.state.decision_actions() if isinstance(a, Erupt)]
        if eruptions:
            break
    else:
        raise AssertionError("no volcano erupted")
    said = describe_actions(match.state, eruptions[0])
    assert said.startswith("remove ") and "from cell" in said, said
    assert "from the market" not in said, said
