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


def test_neighbour_has_one_spelling() -> None:
    """'neighbors' beside 'neighbours' on one screen: the British spelling, everywhere."""
    american = [text for text, _plural in english_messages() if re.search(r"[Nn]eighbor", text)]
    assert american == []


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
    from orbis_tui.tui.describe import effect_long

    speak(lang)
    for count, words in expected.items():
        assert words in effect_long(Effect(EffectKind.VILLAGE, count=count))


def test_a_forest_names_its_neighbours_in_the_three_russian_forms(speak) -> None:
    from orbis_tui.engine.colors import Color
    from orbis_tui.engine.tiles import Effect, EffectKind
    from orbis_tui.tui.describe import effect_long

    def forest(count: int) -> str:
        return effect_long(Effect(EffectKind.FOREST, count=count, colors=(Color.GREEN,)))

    assert "1 neighbour " in forest(1)
    assert "3 neighbours " in forest(3)
    speak("ru")
    assert [
        words
        for count, words in ((1, "1 сосед "), (3, "3 соседа "), (5, "5 соседей "))
        if words in forest(count)
    ] == ["1 сосед ", "3 соседа ", "5 соседей "]


def test_a_forest_with_more_neighbours_than_it_needs_does_not_read_4_of_2() -> None:
    from orbis_tui.engine.consequences import ForestOutlook
    from orbis_tui.tiles.catalog import load_catalog
    from orbis_tui.words import message_of

    tile = next(t for t in load_catalog().tiles if t.effect.kind == "forest")
    text = message_of(ForestOutlook(tile, have=4, need=2, open_spots=0))
    assert "4 of 2" not in text
    assert "validated" in text and "4" in text and "2" in text
