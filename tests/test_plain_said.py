"""What the plain-text seat says, line by line, as a screen-reader or Braille user
hears it: each line has to make sense on its own, without going back up the list."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from orbis_tui import i18n
from orbis_tui.engine import Place
from orbis_tui.plain import texts
from orbis_tui.plain.spoken import options_words
from orbis_tui.tui.core.sheet import Choice
from orbis_tui.tui.core.sheet_lines import LOSS, Topic, line
from orbis_tui.words import color_count_words, spell_colors, worshiper_words
from test_plain import play


def test_options_in_a_row_with_the_same_warnings_all_name_the_one_that_said_them() -> None:
    """Four spots for a wilderness, each with the same two warnings (but not the spot for
    the tile itself): the first says them, each of the others names that first option,
    not the one just before it (which only points further up)."""
    warnings = (
        line("! A wilderness scores -1 CP", rank=LOSS, topic=Topic.LOSS),
        line("! The worshipers paid are lost", rank=LOSS, topic=Topic.LOSS),
    )
    spots = [
        Choice(
            number, Place(1, number, True), f"place it as a wilderness at {number}", True, warnings
        )
        for number in range(3, 7)
    ]
    spots.append(Choice(7, Place(2, 0, False), "place it at 7", True))
    said = options_words(spots)
    assert said[:3] == [
        "3. place it as a wilderness at 3",
        "   Warning: A wilderness scores -1 CP",
        "   Warning: The worshipers paid are lost",
    ]
    assert [s for s in said[3:-1] if not s[0].isdigit()] == [
        "   The same warnings as option 3.",
        "   The same warnings as option 3.",
        "   The same warnings as option 3.",
    ]


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_what_changed_and_what_cannot_be_exchanged_are_said_without_arrows(
    tmp_path: Path, lang: str
) -> None:
    """The turns since the player's last, what they did to the player and the coach's
    exchanges that are not possible are said in words in every language: no arrow,
    which a screen reader skips or reads as 'right arrow'."""
    status, out, _reader = play(
        tmp_path,
        players=2,
        seed=5,
        levels={2: "easy"},
        commands=("coach", "coach", "coach"),
        stop_after=14,
        language=lang,
    )
    assert status == 0
    i18n.set_language(lang)
    try:
        since = i18n.gettext(texts.SINCE)
    finally:
        i18n.set_language("en")
    assert since in out
    assert "R-TURN-2" in out  # the coach said why an exchange is not possible
    assert "→" not in out, [line for line in out.splitlines() if "→" in line]


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_an_exchange_says_what_it_did_before_the_question_comes_again(
    tmp_path: Path, lang: str
) -> None:
    """R-TURN-2: an exchange leaves the turn's question as it was, so the seat says
    what was given, what was gained and the worshipers now; without it the player
    hears the same options again and cannot tell whether the exchange was made."""
    from orbis_tui.plain import run_plain

    answers = io.StringIO("god love\nlove WWWBB\nexchange W>R\nquit\n")
    out = io.StringIO()
    before = i18n.language()
    try:
        status = run_plain(
            tmp_path, seed=1, levels={2: "easy"}, language=lang, read=answers, write=out
        )
        spelled = spell_colors(True)  # as the seat says them: in words
        said = i18n.gettext(texts.EXCHANGED).format(
            give=color_count_words(4, 3),
            get=color_count_words(0, 1),
            realm=worshiper_words((1, 2, 0, 0, 0)),
        )
        spell_colors(spelled)
    finally:
        i18n.set_language(before)
    assert status == 0
    lines = [line.removeprefix("> ") for line in out.getvalue().splitlines()]
    assert said in lines, lines[-12:]
    if lang == "en":
        assert said == "Exchanged 3 white for 1 red. Your worshipers now: 1 red, 2 blue."


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_reviews_figures_are_said_with_no_sign_a_reader_cannot_voice(lang: str) -> None:
    """The review's and the hint's lines ("round 11 Ada: −3.0 CP", "lost 3.0 CP ± 0.8")
    reach the plain seat with the typographic minus and the plus-minus sign: a Braille
    display shows them as unknown signs, a screen reader may skip them. Said in words,
    with the minus everyone types."""
    from orbis_tui.plain.spoken import plain

    before = i18n.language()
    i18n.set_language(lang)
    spelled = spell_colors(True)
    try:
        give_or_take = i18n.gettext(texts.PLUS_MINUS)
        template = i18n.gettext("lost {loss:.1f} CP ± {stderr:.1f}")
        lost = plain(template.format(loss=3.0, stderr=0.8))
        head = plain("round 11 Ada: \u22123.0 CP")
    finally:
        spell_colors(spelled)
        i18n.set_language(before)
    assert "±" not in lost and give_or_take.strip() in lost, lost
    assert head == "round 11 Ada: -3.0 CP"
    if lang == "en":
        assert plain("lost 3.0 CP ±\u00a00.8") == "lost 3.0 CP give or take 0.8"


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_worshipers_written_with_letters_are_said_as_a_list(lang: str) -> None:
    """The review's better move ("collecting 1R 1O 2W") is said as a list with commas
    (1 red, 1 orange, 2 white), as everywhere else, not as one run of words."""
    from orbis_tui.plain.spoken import plain

    before = i18n.language()
    i18n.set_language(lang)
    spelled = spell_colors(True)
    try:
        red, orange, white = (i18n.color_letters()[c] for c in (0, 2, 4))
        said = plain(f"collecting 1{red} 1{orange} 2{white}, which keeps")
        words = [color_count_words(0, 1), color_count_words(2, 1), color_count_words(4, 2)]
    finally:
        spell_colors(spelled)
        i18n.set_language(before)
    assert said == f"collecting {', '.join(words)}, which keeps"
    if lang == "en":
        assert said == "collecting 1 red, 1 orange, 2 white, which keeps"


@pytest.mark.parametrize("spelled", [True, False])
def test_a_volcano_that_will_fail_names_the_color_the_market_lacks(spelled: bool) -> None:
    """R-EFF-VOLCANO: Scorched Ridge removes 1 green and 1 white; the other cells hold
    6 white and no green. The warning says "0 green, 6 white": "which will hold 6 white"
    alone reads as if the market had enough, and leaves out why the volcano fails."""
    from orbis_tui.engine.consequences import VolcanoFails
    from orbis_tui.tiles import load_catalog
    from orbis_tui.words import message_of

    ridge = next(t for t in load_catalog().tiles if t.source_name == "Scorched Ridge")
    assert ridge.effect.remove == (0, 0, 0, 1, 1)
    before = spell_colors(spelled)
    try:
        said = message_of(VolcanoFails(ridge, ridge.effect.remove, (0, 0, 0, 0, 6)))
    finally:
        spell_colors(before)
    held = "0 green, 6 white" if spelled else "0G 6W"
    assert f"which will hold {held} of those colors" in said, said


def test_a_payment_an_exchange_would_make_names_no_key_of_the_app(tmp_path: Path) -> None:
    """R-TURN-2: at a payment that only an exchange makes possible, the full-screen app
    says "Enter or e: 1 exchange of 3-for-1 pays it". The plain seat has no such keys:
    it offers the exchange as a numbered option and as what an empty line does; and
    why the payment is not possible is said once, under the refused payment, not also
    before the options."""
    import random

    from orbis_tui.engine import DecisionKind, Exchange, TakeTile
    from orbis_tui.plain.seat import PlainSeat
    from orbis_tui.records import Match, setup_for_game
    from orbis_tui.tui.core.controller import Controller
    from orbis_tui.tui.core.seats import HUMAN, Seat
    from orbis_tui.tui.core.session import GameSession

    rng = random.Random(4)
    match = Match.start(setup_for_game(["Ada", "Bo"], 4, 0))
    session = GameSession(match, None, [Seat("Ada", HUMAN), Seat("Bo", HUMAN)])
    ui = Controller()
    for _turn in range(400):
        state = session.state
        if state.kind is DecisionKind.PAY and ui.exchanges_would_pay(state):
            break
        legal = [o.action for o in state.decision.legal_options]
        takes = [a for a in legal if isinstance(a, TakeTile)]
        legal = [a for a in legal if not isinstance(a, Exchange)]
        assert session.submit(rng.choice(takes or legal)) is None
    else:
        raise AssertionError("no payment an exchange would make")
    out = io.StringIO()
    spelled = spell_colors(True)
    try:
        seat = PlainSeat(session, io.StringIO(), out)
        seat.ui.sync(session.state, session.version)
        seat.show_sheet()
    finally:
        spell_colors(spelled)
    said = out.getvalue()
    assert "Enter or e" not in said, said
    # why paying is not possible: said once, under the refused payment
    assert said.count("The tile costs ") == 1, said
    assert "\n1. exchange 3 " in said, said
    assert "Enter (an empty line): exchange 3 " in said, said


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_plain_walkthrough_speaks_of_no_key_or_mark_of_the_app(
    tmp_path: Path, lang: str
) -> None:
    """The walkthrough's steps that speak of the app's screen ("Press x to flip it",
    "crowded: 3●", "the panel shows it", "The coach (c)") are said in the plain
    walkthrough in words that fit it: what to write, which command to use."""
    from orbis_tui.engine import format_action
    from orbis_tui.learn import ProgressStore, Walkthrough
    from orbis_tui.plain.learn import PlainLesson

    before = i18n.language()
    i18n.set_language(lang)
    spelled = spell_colors(True)
    out = io.StringIO()
    try:
        walk = Walkthrough(store=ProgressStore(tmp_path / "learn.json"))
        answers = []
        while not walk.finished:  # the walkthrough's own moves, and Enter to read on
            if walk.expects_move():
                action = walk.suggestion()
                assert action is not None
                answers.append(format_action(action))
                walk.play(action)
            else:
                answers.append("")
                walk.proceed()
        walk = Walkthrough(store=ProgressStore(tmp_path / "again.json"))
        lesson = PlainLesson(walk, io.StringIO("\n".join(answers) + "\n"), out)
        assert lesson.run() == 0
        screen_only = [s.text for s in walk.steps if s.model.said]
        said = [s.said for s in walk.steps if s.model.said]
        wild = i18n.pgettext("notation", texts.MOVE_WORDS["wild"])
    finally:
        spell_colors(spelled)
        i18n.set_language(before)
    text = out.getvalue()
    assert walk.finished
    assert len(said) >= 5
    for app_text, plain_text in zip(screen_only, said, strict=True):
        assert app_text.splitlines()[0] not in text
        assert plain_text.splitlines()[0] in text
    assert "●" not in text and "(c)" not in text
    assert f"({wild})" in text or f" {wild})" in text  # how to go wild, as it is written


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_seats_level_at_the_top_before_the_end_are_not_each_called_ahead(lang: str) -> None:
    """R-END-5: at the start both seats have 0 CP and 0 worshipers, level at the top.
    The standings said "1. Ada: 0 CP (ahead)" and "1. Bo: 0 CP (ahead)": two seats
    ahead of each other. They are said to be tied for the lead."""
    from orbis_tui.plain.spoken import standings_words
    from orbis_tui.tiles import new_game

    state = new_game(["Ada", "Bo"], seed=5, first_player=0)
    before = i18n.language()
    i18n.set_language(lang)
    try:
        lines = standings_words(state)
        ahead, tied = (i18n.gettext(t) for t in (" (ahead)", " (tied for the lead)"))
    finally:
        i18n.set_language(before)
    assert not any(ahead in line for line in lines), lines
    assert sum(tied in line for line in lines) == 2, lines


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_how_many_are_chosen_is_said_in_words_not_as_a_fraction(lang: str) -> None:
    """R-EFF-VILLAGE: a village asking for 2 says what is chosen so far; "(1/2)" reads
    as "one slash two" or as a date. Said as "(1 of 2)" in the language."""
    from orbis_tui.plain.spoken import line_words
    from orbis_tui.tui.core.sheet import _chosen_line

    before = i18n.language()
    i18n.set_language(lang)
    spelled = spell_colors(True)
    try:
        said = line_words(_chosen_line((1, 0, 0, 0, 0), 1, 2))
        of = i18n.gettext(texts.OUT_OF).format(count=1, total=2)
    finally:
        spell_colors(spelled)
        i18n.set_language(before)
    assert len(said) == 1 and said[0].endswith(f"({of})"), said
    assert "/" not in said[0]
    if lang == "en":
        assert said == ["chosen: 1 red (1 of 2)"]


def test_the_history_says_what_a_past_turn_did_to_the_cp_not_what_they_are_now(
    tmp_path: Path,
) -> None:
    """The history lists turns long past: "Round 1: Ada took ...; CP: 0, now 1" told
    a past turn's CP as the CP now. It says "CP from 0 to 1"."""
    status, out, _reader = play(
        tmp_path, players=2, seed=3, levels={2: "easy"}, stop_after=8, commands=("history",) * 8
    )
    assert status == 0
    told = [line for line in out.splitlines() if line.removeprefix("> ").startswith("Round 1: ")]
    assert told, out[-2000:]
    assert all("CP now" not in line and "; CP from " in line for line in told), told


def test_in_russian_the_turns_since_the_players_last_say_who_took_what(tmp_path: Path) -> None:
    """ "Игрок 2: Фонарный холм" left out the verb: said alone on a line, it could be a
    heading or a name. Each turn since the player's last says that the seat took it,
    as the history does ("взято"), with no "взял(а)" for a screen reader to spell out."""
    status, out, _reader = play(
        tmp_path, players=2, seed=5, levels={2: "easy"}, stop_after=10, language="ru"
    )
    assert status == 0
    lines = out.splitlines()
    heads = [lines[i + 1] for i, line in enumerate(lines) if line == "С вашего прошлого хода:"]
    assert heads, out[-2000:]
    assert all(head.startswith("Игрок 2 — взято: ") for head in heads), heads


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Farms: red, blue symbols cost nothing."),
        ("de", "Bauernhöfe: Symbole in Rot, Blau kosten nichts."),
        ("ru", "Фермы: символы этих цветов бесплатны: красный, синий."),
    ],
)
def test_the_realm_names_the_farms_as_the_game_does(lang: str, said: str) -> None:
    """R-EFF-FARM: the realm command said "Farmen: Rot, Blau kostet nichts" where every
    other German line says Bauernhof, and "Фермы: красный, синий ничего не стоит"
    with a verb that fits one color only."""
    from orbis_tui.plain.spoken import realm_words
    from orbis_tui.tiles import new_game

    state = new_game(["Ada", "Bo"], seed=5, first_player=0)
    state.players[0].reductions[0] = state.players[0].reductions[1] = True
    before = i18n.language()
    i18n.set_language(lang)
    try:
        lines = realm_words(state, 0)
    finally:
        i18n.set_language(before)
    assert said in lines, lines


def test_that_the_other_gods_are_not_the_players_is_said_once_not_every_turn(
    tmp_path: Path,
) -> None:
    """Once a player has their god, the turn says so the first time only; before, the
    same line came at every one of their turns to the end of the game."""
    status, out, _reader = play(tmp_path, players=2, seed=4)
    assert status == 0
    said = out.count(i18n.gettext(texts.GOD_TAKEN))
    assert 1 <= said <= 2, said  # once for each person who took a god before the end


def test_the_lessons_points_are_said_without_a_note_before_each() -> None:
    """The lesson's points are a list under its heading: each is said as it is, not
    each after "Note:" as before."""
    from orbis_tui.analysis import GameReview
    from orbis_tui.analysis.review import PlayerSummary
    from orbis_tui.plain.spoken import line_words
    from orbis_tui.tui.review_sheet import lesson_sheet

    points = ("your god came late", "next time: take it sooner")
    review = GameReview(
        ("Ada", "Bo"),
        (
            PlayerSummary(0, "Ada", 5, 0.0, 0, (), lesson=points),
            PlayerSummary(1, "Bo", 5, 0.0, 0, ()),
        ),
        (),
        {"analyser": "expert", "per_option": 4, "time_budget": None, "seed": 0, "complete": True},
    )
    said = [words for ln in lesson_sheet(review, over=True) for words in line_words(ln)]
    assert [s for s in said if s in points] == list(points), said
    assert not [s for s in said if s.startswith(i18n.gettext(texts.NOTE))], said


def option_blocks(out: str) -> list[list[list[str]]]:
    """Each list of options the seat said: each option's lines, its own first."""
    blocks: list[list[list[str]]] = []
    block: list[list[str]] | None = None
    for text in out.splitlines():
        text = text.removeprefix("> ")
        if text == "Options:":
            block = []
            blocks.append(block)
        elif block is not None and NUMBER.match(text):
            block.append([text])
        elif block is not None and block and text.startswith("   "):
            block[-1].append(text.strip())
        elif block is not None and block:
            block = None
    return blocks


NUMBER = re.compile(r"^[0-9]+\. ")


@pytest.fixture(scope="module")
def seed_11(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A whole game against the easy computer, seed 11, in English."""
    status, out, _reader = play(
        tmp_path_factory.mktemp("seed11"), players=2, seed=11, levels={2: "easy"}
    )
    assert status == 0
    return out


def test_a_warning_true_of_every_option_is_said_once_before_them(seed_11: str) -> None:
    """A warning true of every option one can choose (a god lost whatever spot the
    wilderness takes) is said once, before the options, and under none of them."""
    for block in option_blocks(seed_11):
        open_ = [o for o in block if not o[0].split(". ", 1)[1].startswith("not possible")]
        if len(open_) < 2:
            continue
        shared = set(open_[0][1:]).intersection(*(o[1:] for o in open_[1:]))
        assert not [s for s in shared if s.startswith(("Warning:", "Note:"))], block
    lines = seed_11.splitlines()
    first = lines.index("True of every option you can choose:")
    assert lines[first + 1].startswith("   Warning: God of Technology (3 CP) can no longer")
    assert lines[first + 2] == "Options:"


def test_each_fact_of_an_option_is_a_line_of_its_own(seed_11: str) -> None:
    """For a 40-cell Braille line: what the option gives, its cost and where it can
    go, each on a line of its own, in that order; what says nothing (nothing to
    collect, a free tile that can be paid) is not read out under every option."""
    first = option_blocks(seed_11)[0][0]
    assert first == [
        "1. take Dew Meadow (blue, 0 CP) from cell 1",
        "gain 1 blue.",
        "cost free.",
        "1 spot for it; 1 for a wilderness.",
    ]
    said = [fact for block in option_blocks(seed_11) for option in block for fact in option]
    assert "nothing to collect." not in said
    assert any(fact.startswith("collect ") for fact in said)  # what is there still is
    assert "you can pay it." in said  # where a cost is due
    for block in option_blocks(seed_11):
        for option in block:
            facts = [s for s in option[1:] if not s.startswith(("Warning:", "Note:", "Not "))]
            assert not [s for s in facts if ". " in s.rstrip(".")], option


@pytest.mark.parametrize(("lang", "short"), [("de", "bel."), ("ru", "люб.")])
def test_any_color_is_said_in_full_words(tmp_path: Path, lang: str, short: str) -> None:
    """A payment's worshipers "of any color" are named in words, not by an abbreviation
    a screen reader spells out or mumbles."""
    status, out, _reader = play(tmp_path, players=2, seed=11, levels={2: "easy"}, language=lang)
    assert status == 0
    assert short not in out
    assert ("beliebiger Farbe" if lang == "de" else "любого цвета") in out


def test_why_a_take_can_only_be_a_wilderness_is_a_line_of_its_own(seed_11: str) -> None:
    """For a 40-cell Braille line: a take that can only end as a wilderness names the
    tile, the cell and its value on its number's line, and why on the next."""
    wild_takes = [
        option
        for block in option_blocks(seed_11)
        for option in block
        if " as a wilderness (" in option[0] and option[0].split(". ", 1)[1].startswith("take ")
    ]
    assert wild_takes
    for option in wild_takes:
        assert ": it cannot" not in option[0], option
        assert option[1] == "it cannot be both paid for and placed as itself.", option
