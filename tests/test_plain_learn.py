"""The walkthrough in plain text (orbis learn --plain), played line by line."""

from __future__ import annotations

import io
from pathlib import Path

from orbis_tui.engine import format_action
from orbis_tui.learn import ProgressStore, Walkthrough
from orbis_tui.plain.learn import PlainLesson, run_plain_learn
from orbis_tui.saves import PROGRESS_NAME

ESCAPE = "\x1b"


class Learner:
    """Enter after a step to read; at a step that asks for a move, first a wrong one
    (once), then the move the lesson suggests, written in the notation."""

    def __init__(self, lesson: PlainLesson, out: io.StringIO) -> None:
        self.lesson = lesson
        self.out = out
        self.wrong_tried = False

    def readline(self) -> str:
        walk = self.lesson.walkthrough
        if walk.finished:
            return ""
        if not walk.expects_move():
            return "\n"
        if not self.wrong_tried:
            self.wrong_tried = True
            return "place 4,4\n"
        action = walk.suggestion()
        assert action is not None
        return format_action(action) + "\n"


def test_the_whole_walkthrough_line_by_line(tmp_path: Path) -> None:
    from orbis_tui.words.worshipers import spell_colors

    out = io.StringIO()
    walk = Walkthrough(store=ProgressStore(tmp_path / PROGRESS_NAME))
    lesson = PlainLesson(walk, io.StringIO(), out)
    lesson.read = Learner(lesson, out)
    before = spell_colors(True)
    try:
        assert lesson.run() == 0
    finally:
        spell_colors(before)
    text = out.getvalue()
    assert walk.finished
    assert ESCAPE not in text
    assert f"Step {len(walk.steps)} of {len(walk.steps)}:" in text
    assert "Not played:" in text and "(R-" in text  # the wrong move: refused with its rule
    assert "The lesson asks:" in text


def test_leaving_keeps_the_walkthrough_and_it_goes_on_there(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_plain_learn(tmp_path, read=io.StringIO("\n\n"), write=out) == 0
    assert "Step 3 of" in out.getvalue()
    again = io.StringIO()
    assert run_plain_learn(tmp_path, read=io.StringIO(""), write=again) == 0
    assert "Step 3 of" in again.getvalue()
    assert "Step 1 of" not in again.getvalue()


def test_the_walkthrough_understands_its_commands_in_the_language_in_use(tmp_path: Path) -> None:
    """The walkthrough's help names its commands in German (the English word beside
    each), and the German words work: help, hint, undo (back), quit."""
    from orbis_tui import i18n

    before = i18n.language()
    out = io.StringIO()
    try:
        answers = io.StringIO("hilfe\ntipp\nzurück\nback\nende\n")
        assert run_plain_learn(tmp_path, language="de", read=answers, write=out) == 0
    finally:
        i18n.set_language(before)
    text = out.getvalue()
    assert "Befehle:" in text
    assert "tipp (oder hint):" in text and "zurück (oder undo):" in text
    assert "ende (oder quit):" in text
    assert "kenne ich nicht" not in text  # every word understood
    assert text.count("nichts zurückzunehmen") == 2  # zurück and back, at the first step


def test_the_walkthroughs_back_has_a_word_in_the_language(tmp_path: Path, speaking: str) -> None:
    """The walkthrough's other word for undo ("back") has its word in German and
    Russian too, which steps back as undo does; the English word still works."""
    from orbis_tui import i18n
    from orbis_tui.plain import texts

    word = {"de": "rückgängig", "ru": "назад"}[speaking]
    out = io.StringIO()
    answers = io.StringIO(f"{word}\nback\n{word.upper()}\n")
    assert run_plain_learn(tmp_path, language=speaking, read=answers, write=out) == 0
    text = out.getvalue()
    assert text.count(i18n.gettext(texts.NO_UNDO)) == 3  # at the first step: nothing to undo
    unknown = max(i18n.gettext(texts.UNKNOWN).split("{entry!r}"), key=len)[:20]
    assert unknown not in text  # every word understood
