"""The words of the plain-text seats' commands, in every language: one table of them
(:data:`orbis_tui.plain.texts.COMMAND_WORDS`), each understood in the language in use
and in English, none clashing with another entry a seat takes; and every text that
names a command names the word the player types in their language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from orbis_tui import i18n
from orbis_tui.plain import learn, texts
from orbis_tui.plain.apart import JOIN_OVER
from orbis_tui.plain.commands import (
    COMMANDS,
    OVER,
    TABLE,
    VERBS,
    command_lines,
    command_of,
    command_word,
    help_text,
    over_commands,
    worded,
)
from orbis_tui.plain.join import JOIN_COMMANDS

# The commands each plain seat understands: a game here, a seat at a table played
# apart, the walkthrough.
SEATS = {
    "play": (*COMMANDS, *OVER),
    "join": (*JOIN_COMMANDS, *JOIN_OVER),
    "learn": learn.COMMANDS,
}


@pytest.fixture(params=["en", "de", "ru"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    before = i18n.language()
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("seat", sorted(SEATS))
def test_each_command_is_one_word_understood_in_the_language_and_in_english(
    lang: str, seat: str
) -> None:
    """A command's word is one word of letters in lower case, so it is never an
    option's number, a coordinate (1,0) or an eruption (4:R); it is understood in any
    case, as is its English word; no word means two commands at one seat, and none is
    a verb of the notation (English "decline" is the rematch's only once the game is
    over, tested at a table)."""
    names = sorted(set(SEATS[seat]))
    words = {name: command_word(name) for name in names}
    for name, word in words.items():
        assert word == word.lower() and word.isalpha(), (name, word)
        assert command_of(word, names) == name
        assert command_of(word.upper(), names) == name
        assert command_of(name, names) == name
    every = [*names, *(word for name, word in words.items() if word != name)]
    assert len(set(every)) == len(every), every  # no word for two commands
    assert set(every) & VERBS <= {"decline"}
    if lang != "en":  # in the language: all but the words it shares with English
        same = {name for name, word in words.items() if word == name}
        assert same <= {"computer"}, same


def test_the_walkthroughs_other_word_for_undo_is_its_own_in_each_language(lang: str) -> None:
    """The walkthrough understands "back" as undo, and the language's own word for it,
    which is one word of letters and no other command's word there (German "zurück"
    is undo's own, "übernehmen" the table's back)."""
    word = learn.back_word()
    assert word == word.lower() and word.isalpha(), word
    assert learn.command_in(word) == learn.command_in(word.upper()) == "undo"
    assert learn.command_in("back") == "undo"
    if lang == "en":
        assert word == "back"
        return
    assert word != "back"
    others = {command_word(name) for name in (*COMMANDS, *OVER, *TABLE)} | VERBS
    others |= set(texts.COMMAND_WORDS)
    assert word not in others, word
    assert word in help_learn().split(":", 1)[1], help_learn()  # in what undo does


def help_learn() -> str:
    """The walkthrough's help line for undo, in the language in use."""
    lines = command_lines(learn.COMMANDS, texts.LEARN_COMMAND_HELP, back=learn.back_word())
    return next(line for line in lines if line.startswith(command_word("undo")))


def test_a_russian_command_is_understood_written_with_e_for_yo() -> None:
    """Most Russian typists write е for ё, and some keyboards have no ё."""
    before = i18n.language()
    i18n.set_language("ru")
    try:
        with_yo = {name: command_word(name) for name in COMMANDS if "ё" in command_word(name)}
        assert with_yo  # счёт, at least
        for name, word in with_yo.items():
            assert command_of(word.replace("ё", "е")) == name
            assert command_of(word.replace("ё", "Е").upper()) == name
    finally:
        i18n.set_language(before)


# The tables of words in a context (commands, the notation's verbs and gods): tested apart.
WORD_TABLES = ("COMMAND_WORDS", "MOVE_WORDS", "GOD_WORDS")


def _said() -> Iterator[str]:
    """Every text of the plain seats, in the language in use (a plural's every form)."""
    for key, value in vars(texts).items():
        if not key.isupper() or key == "LEARN_BACK":  # a command's word: tested apart
            continue
        if isinstance(value, str) and value.strip() and value != texts.PROMPT:
            yield i18n.gettext(value)
        elif isinstance(value, tuple):  # a plural: (one, many, the count's name)
            yield from (i18n.ngettext(value[0], value[1], n) for n in (1, 2, 5))
        elif isinstance(value, dict) and key not in WORD_TABLES:
            yield from (i18n.gettext(v) for v in value.values())


def test_every_text_that_names_a_command_names_its_word_in_the_language(lang: str) -> None:
    """No text says an English command word where the language has its own (the seat
    fills each command's placeholder with its word), nor a verb of the notation (the
    moves it shows are written in the language: take 3 is nimm 3)."""
    if lang == "en":
        return
    others = {name: command_word(name) for name in texts.COMMAND_WORDS}
    english = [name for name, word in others.items() if word != name] + sorted(VERBS)
    for said in _said():
        for name in english:
            assert not re.search(rf"(?<![{{\w]){name}(?![}}\w])", said), (name, said)
    for name, word in others.items():  # each command's placeholder is its word
        assert worded("{" + name + "}") == word


def test_the_help_names_each_command_by_its_word_and_what_follows_it(lang: str) -> None:
    """The game's help and the table's: the word in the language, what it takes after
    it (in the language too), the English word beside it where it differs."""
    game = help_text()
    table = "\n".join(command_lines(("say", "computer", "back"), levels="L1, L2"))
    if lang == "en":
        assert "\npyramid [player]: " in game
        assert "\nsay TEXT: a message" in table and "\nback: take your seat" in table
        assert "(LEVEL: L1, L2)" in table
    elif lang == "de":
        assert "\npyramide [Spieler] (oder pyramid): " in game
        assert "\nsag TEXT (oder say): " in table and "\nübernehmen (oder back): " in table
        assert "\ncomputer STUFE: " in table and "(STUFE: L1, L2)" in table
    else:
        assert "\nпирамида [игрок] (или pyramid): " in game
        assert "\nсказать ТЕКСТ (или say): " in table and "\nвернуться (или back): " in table
        assert "\nкомпьютер УРОВЕНЬ (или computer): " in table and "(УРОВЕНЬ: L1, L2)" in table


def test_after_the_end_a_seat_apart_is_told_of_the_tables_time_and_messages(lang: str) -> None:
    """What works once a game played apart is over names the table's time and its
    messages too, which go on after the end; before, the line left them out."""
    said = over_commands(JOIN_OVER)
    for name in ("time", "say", "chat", "score", "history"):
        assert re.search(rf"\b{re.escape(command_word(name))}\b", said), (name, said)
    assert command_word("review") not in said.split(", ")
