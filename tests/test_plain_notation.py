"""The notation at the plain seats, in the player's language: every place that tells a
player what to type (the welcome, the help, the hint, an undo, an entry written wrong,
how to pay with other colors) writes the moves with the language's words, read from
the one table the seat understands them by (``plain.texts.MOVE_WORDS`` and
``GOD_WORDS``); what it writes plays the move written, and English entries are
understood in every language."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from orbis_tui import i18n
from orbis_tui.engine import Action, format_action, parse_action
from orbis_tui.plain import learn, run_plain, texts
from orbis_tui.plain.commands import COMMANDS, OVER, TABLE, VERBS, command_word, move_of
from orbis_tui.plain.notation import EXAMPLES, entry_words, god_word, move_word
from orbis_tui.records import Match, setup_for_game


@pytest.fixture(params=["en", "de", "ru"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    before = i18n.language()
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language(before)


def test_each_word_of_the_notation_is_one_word_and_no_commands(lang: str) -> None:
    """A verb's word and a god's are one word of letters in lower case; no two verbs
    share one, nor two gods; none is a command's word at any plain seat (English
    "decline" is the rematch's only once a game played apart is over); in German and
    Russian each is the language's own."""
    verbs = {verb: move_word(verb) for verb in texts.MOVE_WORDS}
    gods = {god: god_word(god) for god in texts.GOD_WORDS}
    for word in (*verbs.values(), *gods.values()):
        assert word == word.lower() and word.isalpha(), word
    assert len(set(verbs.values())) == len(verbs) and len(set(gods.values())) == len(gods)
    names = {*COMMANDS, *OVER, *TABLE, *learn.COMMANDS}
    commands = {*names, *(command_word(name) for name in names), learn.back_word()}
    assert set(verbs.values()) & commands <= {"decline"}
    if lang != "en":
        assert not set(verbs.values()) & VERBS, verbs
        assert not [god for god, word in gods.items() if word == god], gods


def _actions(seed: int) -> Iterator[tuple[Action, str]]:
    """Every answer open at each decision of a seeded random game, with its entry."""
    rng = random.Random(seed)
    match = Match.start(setup_for_game(["Ada", "Bo", "Cy"], seed, 0))
    while not match.state.is_over:
        actions = match.state.decision_actions()
        for action in actions[:40]:
            yield action, format_action(action)
        match.play(rng.choice(actions))


def test_every_move_written_in_the_language_plays_that_move(lang: str) -> None:
    """The entry the seat writes for a move (a hint's, an example's) is read back as
    that move, typed as it is, in upper case, or in English."""
    seen: set[str] = set()
    for seed in (1, 2):
        for action, english in _actions(seed):
            said = entry_words(action)
            assert move_of(said) == action, (said, english)
            assert move_of(said.upper()) == action, said
            assert move_of(english) == action, english
            seen.add(english.split()[0])
    for examples in EXAMPLES.values():
        for action in examples:
            assert move_of(entry_words(action)) == action
    assert seen >= {"take", "pay", "place", "god"}


def test_the_plain_seat_tells_the_moves_in_the_language(
    tmp_path: Path, speaking: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A German or Russian player reads the moves in their words: the welcome's example,
    the help's list, an entry written wrong, an undone move, the hint's entries; and
    typing the hint's first entry plays it."""
    from orbis_tui.analysis import hints
    from orbis_tui.saves import SaveStore

    monkeypatch.setattr(hints, "HINT_ITERATIONS", 60)
    take = move_word("take")
    undo, hint = command_word("undo"), command_word("hint")
    typed = [command_word("help"), f"{take} 0", f"{take} 3", undo, hint]
    write_it = re.escape(i18n.gettext(texts.HINT_ENTRY).split("{entry}")[0])
    out = io.StringIO()

    class Player:
        """Types the lines above, then the hint's first entry, and leaves."""

        def readline(self) -> str:
            if typed:
                return typed.pop(0) + "\n"
            hinted = re.findall(write_it + r"(.+)$", out.getvalue(), re.M)
            if hinted and not hasattr(self, "played"):
                self.played = hinted[0]
                return hinted[0] + "\n"
            return ""

    player = Player()
    assert run_plain(tmp_path, seed=9, levels={2: "random"}, read=player, write=out) == 0
    text = out.getvalue()
    for english in ("take", "god", "pay", "place", "wild"):
        assert not re.search(rf"\b{english}\b", text), english
    assert f"{take} 3" in text.split("\n")[0]  # the welcome's example
    assert f"{take} 3, {move_word('god')} {god_word('love')}, {move_word('pay')}" in text
    assert i18n.gettext(texts.BAD_MOVE).split("{entry!r}")[0] + f"'{take} 0'" in text
    assert i18n.gettext(texts.UNDONE).format(what=f"{take} 3") in text
    said = re.findall(write_it + r"(.+)$", text, re.M)
    assert len(said) == 3
    assert all(entry.split()[0] in (take, move_word("god")) for entry in said), said
    loaded = SaveStore(tmp_path).load()
    assert loaded.match is not None
    played = loaded.match.record.actions[0]  # the hint's first entry, played
    assert entry_words(parse_action(played)) == player.played


def test_a_god_written_wrong_is_answered_with_the_games_gods_only(
    tmp_path: Path, lang: str
) -> None:
    """An unknown god's word is answered with how to write each god of this game; before,
    the answer listed all ten gods, most of them not on offer."""
    from orbis_tui.saves import SaveStore

    typed = [f"{move_word('god')} zeus"]
    out = io.StringIO()

    class Player:
        def readline(self) -> str:
            return typed.pop(0) + "\n" if typed else ""

    assert run_plain(tmp_path, seed=9, levels={2: "random"}, read=Player(), write=out) == 0
    loaded = SaveStore(tmp_path).load()
    assert loaded.match is not None
    gods = loaded.match.state.deal.gods
    answer = next(line for line in out.getvalue().splitlines() if "zeus" in line)
    named = {god for god in texts.GOD_WORDS if re.search(rf"\b{god_word(god)}\b", answer)}
    assert named == {god.value for god in gods}, answer
    assert len(gods) < len(texts.GOD_WORDS)
