"""The catalogs speak the published editions' words: docs/translating.md's glossary.

The glossary is read from the document itself, so a term changed there is checked here
without a second list to keep in step.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "translating.md"
LOCALE = ROOT / "src" / "orbis_tui" / "locale"
COLUMN = {"de": 1, "ru": 2}
# A word starts where no letter (or the hyphen of a compound) comes before it.
WORD_START = r"(?<![\w\-])"


def table(marker: str) -> list[list[str]]:
    text = GUIDE.read_text(encoding="utf-8")
    body = text.split(f"<!-- glossary: {marker} -->")[1].split(
        f"<!-- end of glossary: {marker} -->"
    )[0]
    rows = [line.strip().strip("|").split("|") for line in body.strip().splitlines()]
    return [[cell.strip() for cell in row] for row in rows[2:]]  # past the heading and rule


# The endings a declined word may change: Russian vowels and soft signs, German -e, -er...
ENDING = {"de": re.compile(r"(e|er|en|es|em)$"), "ru": re.compile(r"(ок|[аяеёиийоуыьэю]+)$")}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def stem(word: str, lang: str) -> str:
    return ENDING[lang].sub("", word) if len(word) >= 4 else word


def term_pattern(term: str, lang: str) -> re.Pattern[str]:
    """Each word of ``term`` as the start of a word, its ending free, so declined forms
    match ("allgemeiner Vorrat" in "dem allgemeinen Vorrat", "Круг" in "в Круге")."""
    words = (r"(?<!\w)" + re.escape(stem(word, lang)) + r"\w*" for word in term.split())
    return re.compile(r"\s+".join(words), re.IGNORECASE)


def english_pattern(term: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(term)}(s|es)?\b", re.IGNORECASE)


def uses(english: str, source: str, terms: list[str]) -> bool:
    """Whether ``source`` uses ``english`` by itself, not only inside a longer term of
    the glossary ("market" in "market cell" is the cell's term)."""
    for longer in terms:
        if longer != english and english.lower() in longer.lower():
            source = english_pattern(longer).sub(" ", source)
    return bool(english_pattern(english).search(source))


def messages(lang: str) -> list[tuple[str, str]]:
    """(English, translation) for every form of every message of ``lang``'s catalog,
    placeholders taken out; tile names are names, not terms."""
    with (LOCALE / lang / "LC_MESSAGES" / "orbis_tui.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    pairs: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id or message.context == "tile":
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = (
            (message.string,) if isinstance(message.string, str) else tuple(message.string or ())
        )
        pairs.extend((PLACEHOLDER.sub(" ", ids[-1]), PLACEHOLDER.sub(" ", s)) for s in strings)
    return pairs


def test_the_glossary_has_its_terms_and_its_rejected_words() -> None:
    assert len(table("terms")) >= 20
    assert {row[0] for row in table("rejected")} == {"de", "ru"}


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_every_message_uses_the_glossary_terms(lang: str) -> None:
    pairs = messages(lang)
    terms = [row[0] for row in table("terms")]
    problems = []
    for row in table("terms"):
        english, wanted = row[0], row[COLUMN[lang]]
        said = [term_pattern(form, lang) for form in wanted.split(" / ")]
        used = [(source, text) for source, text in pairs if uses(english, source, terms)]
        assert used, f"no message uses {english!r}: a glossary row without a use"
        problems += [
            f"{english!r} is not {wanted!r} in: {text} ({source})"
            for source, text in used
            if not any(form.search(text) for form in said)
        ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["de", "ru"])
def test_no_rejected_word_is_left(lang: str) -> None:
    pairs = messages(lang)
    problems = []
    for row_lang, rejected, instead in table("rejected"):
        if row_lang != lang:
            continue
        found = re.compile(WORD_START + re.escape(rejected))
        problems += [f"{rejected!r} (say {instead!r}) in: {t}" for _, t in pairs if found.search(t)]
    assert not problems, "\n".join(problems)


def test_the_term_patterns_match_declined_forms() -> None:
    assert term_pattern("allgemeiner Vorrat", "de").search("in den allgemeinen Vorrat zurück")
    assert term_pattern("Круг", "ru").search("в вашем Круге")
    assert term_pattern("рынок", "ru").search("с рынка")
    assert term_pattern("Auslage", "de").search("die 3×3-Auslage")
    assert term_pattern("Богиня любви", "ru").search("у Богини любви")
    assert not term_pattern("Круг", "ru").search("вокруг")
    assert uses("market", "the market holds", ["market", "market cell"])
    assert not uses("market", "take the market cell", ["market", "market cell"])
    found = re.compile(WORD_START + re.escape("Plättchen"))
    assert not found.search("das Vergünstigungsplättchen und „Nicht erfüllt“-Plättchen")
    assert found.search("ein Plättchen")
