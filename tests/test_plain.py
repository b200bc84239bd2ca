"""The plain-text seat (orbis play --plain): whole games played by reading its lines
only and answering line by line, as a screen-reader user or a script would."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from orbis_tui import i18n
from orbis_tui.plain import run_plain, texts
from orbis_tui.plain.commands import over_commands
from orbis_tui.plain.spoken import plain
from orbis_tui.records import Match
from orbis_tui.saves import SaveStore

NUMBERED = re.compile(r"^([0-9]+)\. ")
ESCAPE = "\x1b"


class Reader:
    """Answers like a person who reads only the lines printed so far: Enter when asked
    to pass the keyboard, else one of the numbered options open now (seeded), with a
    command now and then; after ``stop_after`` answers, the end of the input."""

    def __init__(
        self,
        out: io.StringIO,
        seed: int,
        commands: tuple[str, ...] = (),
        stop_after: int = 10**6,
        at_end: tuple[str, ...] = (),
    ) -> None:
        self.at_end = list(at_end)  # said once the game is over, before quit
        self.over = False
        self.out = out
        self.rng = random.Random(seed)
        self.commands = list(commands)
        self.answers: list[str] = []
        self.stop_after = stop_after

    def readline(self) -> str:
        if len(self.answers) >= self.stop_after:
            return ""
        answer = self._answer(self.out.getvalue().splitlines())
        self.answers.append(answer)
        return answer + "\n"

    def _answer(self, lines: list[str]) -> str:
        _ = i18n.gettext
        lines = [line.removeprefix("> ") for line in lines]
        while lines and lines[-1].strip() in ("", ">"):
            lines.pop()
        last = lines[-1] if lines else ""
        if last.startswith(_(texts.PASS_KEYBOARD).split("{name}")[0]):
            return ""
        self.over = self.over or over_commands() in lines[-3:]
        if self.over:
            return self.at_end.pop(0) if self.at_end else "quit"
        if self.commands and self.rng.random() < 0.3:
            return self.commands.pop(0)
        start = max(i for i, line in enumerate(lines) if line == _(texts.OPTIONS))
        open_now = []
        for line in lines[start + 1 :]:
            found = NUMBERED.match(line)
            if found is None:
                continue
            number = int(found.group(1))
            if not line.startswith(_(texts.OPTION_REFUSED).format(number=number, label="")):
                open_now.append(number)
        assert open_now, "\n".join(lines[-30:])
        return str(self.rng.choice(open_now))


def play(
    tmp_path: Path,
    *,
    players: int,
    seed: int,
    levels: dict[int, str] | None = None,
    commands: tuple[str, ...] = (),
    stop_after: int = 10**6,
    language: str | None = None,
    at_end: tuple[str, ...] = (),
) -> tuple[int, str, Reader]:
    out = io.StringIO()
    reader = Reader(out, seed, commands, stop_after, at_end)
    before = i18n.language()
    try:
        status = run_plain(
            tmp_path,
            players=players,
            seed=seed,
            levels=levels,
            language=language,
            read=reader,
            write=out,
        )
    finally:
        i18n.set_language(before)
    return status, out.getvalue(), reader


def saved(tmp_path: Path) -> Match:
    loaded = SaveStore(tmp_path).load()
    assert loaded.match is not None, loaded.problem
    return loaded.match


COMMANDS = ("market", "board", "realm", "players", "pyramid", "history", "score", "coach")


def test_a_whole_two_player_game_between_people_hands_the_keyboard_over(tmp_path: Path) -> None:
    """R-TURN-1: two people on one keyboard play a whole game through the lines alone;
    each turn begins by asking to pass the keyboard, and says what the other did."""
    status, text, reader = play(tmp_path, players=2, seed=11, commands=COMMANDS)
    assert status == 0
    assert ESCAPE not in text
    match = saved(tmp_path)
    assert match.state.is_over
    assert text.count("Pass the keyboard to Player 2") >= 14
    assert "Since your last turn:" in text
    assert "Final standings" in text
    assert any(a in COMMANDS for a in reader.answers)
    assert ".;" not in text  # the players' lines read as one sentence each


@pytest.mark.slow  # a whole game
def test_a_three_player_game_in_german_with_a_computer_seat(tmp_path: Path) -> None:
    """Every line in the language chosen; the computer seat moves on its own."""
    status, text, _reader = play(
        tmp_path, players=3, seed=5, levels={3: "easy"}, language="de", commands=COMMANDS
    )
    assert status == 0
    assert saved(tmp_path).state.is_over
    assert "Optionen:" in text and "Options:" not in text
    assert "Gib die Tastatur an Spieler 2 weiter" in text
    record = saved(tmp_path).record
    assert record.setup.seats == ["human", "human", "easy"]


@pytest.mark.slow  # a whole game
def test_a_four_player_game_against_three_computers(tmp_path: Path) -> None:
    status, text, _reader = play(
        tmp_path, players=4, seed=8, levels={2: "random", 3: "easy", 4: "random"}
    )
    assert status == 0
    assert saved(tmp_path).state.is_over
    assert "Pass the keyboard" not in text  # one person: nobody to pass it to
    assert "Player 3 took" in text  # what the computers did, at each turn
    assert text.rstrip().endswith("orbis play --plain deals a new one.")  # not "resumes"


def test_the_end_of_the_input_saves_and_the_game_resumes_there(tmp_path: Path) -> None:
    status, text, _reader = play(tmp_path, players=2, seed=3, levels={2: "random"}, stop_after=9)
    assert status == 0
    assert text.rstrip().endswith("resumes it.")
    actions = list(saved(tmp_path).record.actions)
    assert actions
    out = io.StringIO()
    status = run_plain(tmp_path, read=io.StringIO("quit\n"), write=out)
    assert status == 0
    assert "is resumed" in out.getvalue()
    assert list(saved(tmp_path).record.actions) == actions


def test_unknown_input_and_illegal_moves_say_why_and_lose_nothing(tmp_path: Path) -> None:
    script = "fly away\n99\ntake 0\nplace 3,3\nundo\nquit\n"
    out = io.StringIO()
    status = run_plain(tmp_path, seed=4, levels={2: "random"}, read=io.StringIO(script), write=out)
    text = out.getvalue()
    assert status == 0
    assert "I do not know 'fly away'" in text
    assert "There is no option 99: the options are numbered 1 to" in text
    assert "Not understood: 'take 0'. take is followed by a market cell, 1 to 9: take 3." in text
    assert "(R-TURN-1)." in text  # a placement does not answer the turn's decision
    assert "Nothing to take back in this turn." in text
    assert list(saved(tmp_path).record.actions) == []


def test_a_payment_says_who_pays_the_any_and_how_to_change_it(tmp_path: Path) -> None:
    """R-TAKE-3: at a payment with an "any" symbol the sheet names the colors that pay
    it, the realm after paying, and how to pay with others; pay with other letters
    pays so."""
    rng = random.Random(2)
    for seed in range(40):
        out = io.StringIO()
        reader = Reader(out, seed, stop_after=60)
        reader.rng = rng
        run_plain(tmp_path / str(seed), seed=seed, levels={2: "random"}, read=reader, write=out)
        text = out.getvalue()
        if "'any' paid with:" in text:
            assert "realm after paying:" in text
            assert "To pay the 'any' with other colors, write pay and their letters" in text
            return
    pytest.fail("no payment with an 'any' symbol in 40 games")


def test_signs_are_said_in_words() -> None:
    assert plain("! A wilderness loses 1 CP") == "Warning: A wilderness loses 1 CP"
    assert plain("✗ Pay: no") == "Not possible: Pay: no"
    assert plain("CP: 1 → 3 · took Hill (W★★)") == "CP: 1, now 3; took Hill (white, level 2)"
    assert plain("gain 2O") == "gain 2 orange"


def test_orbis_play_plain_reads_stdin_and_writes_no_escape_sequences(tmp_path: Path) -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "orbis_tui",
            "play",
            "--plain",
            "--seed",
            "6",
            "--seat",
            "2=easy",
            "--data-dir",
            str(tmp_path),
        ],
        input="market\n1\n\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert ESCAPE not in run.stdout
    assert "Cell 1:" in run.stdout
    assert "Goodbye" in run.stdout


def test_the_plain_seat_never_loads_textual_or_rich() -> None:
    code = (
        "import sys, orbis_tui.plain, orbis_tui.tui.core.sheet;"
        "print(sorted(m for m in ('textual', 'rich') if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


def test_a_seat_given_to_the_computer_must_name_a_level() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "orbis_tui", "play", "--plain", "--seat", "2=genius"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2
    assert "unknown level 'genius'" in run.stderr


def test_an_option_with_the_warnings_of_the_one_before_says_so() -> None:
    from orbis_tui.engine import GoWild, Place
    from orbis_tui.plain.spoken import choice_words
    from orbis_tui.tui.core.sheet import Choice
    from orbis_tui.tui.core.sheet_lines import LOSS, Topic, line

    warnings = (
        line("! A wilderness scores -1 CP", rank=LOSS, topic=Topic.LOSS),
        line("! The worshipers paid are lost", rank=LOSS, topic=Topic.LOSS),
    )
    first = Choice(3, Place(1, 0, True), "place it as a wilderness", True, warnings)
    second = Choice(4, Place(1, 1, True), "place it as a wilderness", True, warnings)
    other = Choice(5, GoWild(), "leave it", True, warnings[:1])
    assert choice_words(first)[1:] == [
        "   Warning: A wilderness scores -1 CP",
        "   Warning: The worshipers paid are lost",
    ]
    assert choice_words(second, first)[1:] == ["   The same warnings as option 3."]
    assert choice_words(other, second)[1:] == ["   Warning: A wilderness scores -1 CP"]


def test_a_table_of_the_standings_is_read_cell_by_cell() -> None:
    from orbis_tui.plain.spoken import _columns

    assert _columns("row 1 #1   Mossy Glade      +0  printed CP") == (
        "row 1 #1, Mossy Glade, +0, printed CP"
    )


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_standings_read_cell_by_cell_and_call_no_one_winner_before_the_end(
    lang: str,
) -> None:
    """Each tile's row is four cells (where, which tile, its CP, why), even where a
    cell fills its column to the last character ("Reihe 1 #1"); before the end the
    leader is ahead, not the winner; a seat without a god says so once."""
    from orbis_tui import i18n
    from orbis_tui.bots import MediumBot
    from orbis_tui.plain.spoken import standings_words
    from orbis_tui.tiles import new_game

    state = new_game(["Ada", "Bo"], seed=5, first_player=0)
    before = i18n.language()
    i18n.set_language(lang)
    try:
        at_start = standings_words(state)
        bots = [MediumBot(1), MediumBot(2)]
        while sum(len(p.pyramid) for p in state.players) < 9:
            state.apply(bots[state.current].choose(state))
        lines = standings_words(state)
        winner, ahead, no_god = (i18n.gettext(t) for t in (" (winner)", " (ahead)", "no god"))
    finally:
        i18n.set_language(before)
    rows = [line for line in lines if re.match(r"\w+ [12] [#№]\d", line)]
    assert len(rows) == 9
    assert all(len(row.split(", ")) >= 4 for row in rows), rows
    assert not any(winner in line for line in lines)
    assert sum(ahead in line for line in lines) >= 1
    assert at_start.count(f"{no_god}, +0") == 2  # both seats, each saying it once


def test_a_hint_names_the_best_options_as_entries_and_is_noted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the hint's options is said as the app says it: what it is and why, its
    chance of winning and expected margin, then the entry that plays it; the record
    notes that a hint was shown at this decision."""
    from orbis_tui.analysis import hints

    monkeypatch.setattr(hints, "HINT_ITERATIONS", 60)
    out = io.StringIO()
    status = run_plain(
        tmp_path, seed=9, levels={2: "random"}, read=io.StringIO("hint\nquit\n"), write=out
    )
    text = out.getvalue()
    assert status == 0
    assert "The three best options, as the strongest computer sees them:" in text
    said = re.search(
        r"^1\. (Take|Choose) .*\n   wins [0-9]+%; expected margin [+-][0-9.]+ CP"
        r".*\n   To play it, write: (take [1-9]|god [a-z]+)",
        text,
        re.M,
    )
    assert said, text
    assert "·" not in text.split("The three best options")[1]  # the app's signs in words
    assert saved(tmp_path).record.hints == [0]


def test_ctrl_c_saves_and_leaves_as_quit_does(tmp_path: Path) -> None:
    class Interrupted:
        def __init__(self) -> None:
            self.lines = ["3\n"]

        def readline(self) -> str:
            if self.lines:
                return self.lines.pop()
            raise KeyboardInterrupt

    out = io.StringIO()
    status = run_plain(tmp_path, seed=12, levels={2: "random"}, read=Interrupted(), write=out)
    assert status == 0
    assert out.getvalue().rstrip().endswith("resumes it.")
    assert list(saved(tmp_path).record.actions) == ["take 3"]


def test_a_folder_open_in_another_window_is_left_alone(tmp_path: Path) -> None:
    """The app in another window keeps the folder: the plain seat says so and writes
    nothing (neither game is lost)."""
    other = SaveStore(tmp_path)
    other.acquire()
    try:
        out = io.StringIO()
        status = run_plain(tmp_path, seed=2, read=io.StringIO("1\n"), write=out)
    finally:
        other.release()
    assert status == 1
    assert "is open in another window" in out.getvalue()
    assert not (tmp_path / "autosave.json").exists()


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_help_says_what_quit_does_at_this_seat(lang: str) -> None:
    """quit saves and leaves a game played here; at a table played apart it leaves the
    seat, the server keeping the game: each help says its own."""
    from orbis_tui.plain import texts
    from orbis_tui.plain.commands import command_word, help_text

    before = i18n.language()
    try:
        i18n.set_language(lang)
        here, apart = (
            i18n.gettext(texts.COMMAND_HELP["quit"]),
            i18n.gettext(texts.JOIN_COMMAND_HELP["quit"]),
        )
        assert here != apart

        def quit_line(said: str) -> str:
            word = command_word("quit")
            return next(line for line in said.splitlines() if line.startswith(word))

        assert quit_line(help_text()).endswith(here)
        assert quit_line(help_text(texts.JOIN_COMMAND_HELP)).endswith(apart)
    finally:
        i18n.set_language(before)


REASON = "Besser: etwas anderes. Der Stein hätte 2 SP mehr gebracht."


def test_a_german_game_takes_german_commands_and_ends_with_its_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plain game in German: commands typed in German work; at the end, the German
    word for the review says each mistake as its turn is judged, then each player's
    biggest mistake as the review's judgement sheet and the lesson as its lesson sheet,
    a sentence to a line (the review is made quickly here)."""
    from orbis_tui.analysis import GameReview
    from orbis_tui.analysis.review import MoveReview, PlayerSummary
    from orbis_tui.engine import format_action, parse_action
    from orbis_tui.plain import advice
    from orbis_tui.plain.spoken import sentence_words
    from orbis_tui.records import GameRecord, start_state
    from orbis_tui.tui.review_sheet import judgement_sheet, lesson_sheet

    made: list[GameReview] = []

    def quick(record: GameRecord, judged=None, known=None, kept=None) -> GameReview:
        state = start_state(record.setup)
        played = parse_action(record.actions[0])
        other = next(o.action for o in state.decision.options if o.legal and o.action != played)
        move = MoveReview(
            index=0, turn=1, seat=0, kind="turn", played=(record.actions[0],),
            best=(format_action(other),), played_margin=-2.0, best_margin=1.0, stderr=0.5,
            loss=3.0, mistake=True, reason=REASON, hinted=False,
            verdict="mistake",
        )  # fmt: skip
        names = tuple(record.setup.players)
        first = PlayerSummary(0, names[0], 5, 3.0, 1, (move,), lesson=("zu spät", "Nächstes Mal"))
        second = PlayerSummary(1, names[1], 5, 0.0, 0, ())
        settings = {"analyser": "expert", "per_option": 4, "time_budget": None, "seed": 0}
        made.append(GameReview(names, (first, second), (move,), settings | {"complete": True}))
        judged((move,))  # the turn judged: its mistake is said before the review ends
        return made[-1]

    monkeypatch.setattr(advice, "make_review", quick)
    german = ("auslage", "vorrat", "spieler", "verlauf")
    status, text, reader = play(
        tmp_path, players=2, seed=11, language="de", commands=german, at_end=("analyse",)
    )
    assert status == 0
    assert any(a in german for a in reader.answers)
    assert "kenne ich nicht" not in text  # every German command understood
    assert "analyse" in reader.answers and made
    before = i18n.language()
    i18n.set_language("de")
    try:
        review = made[0]
        move = review.moves[0]
        record = saved(tmp_path).record
        state = start_state(record.setup)
        sheet = judgement_sheet(state, move, name=review.names[0])
        lines = (*sheet, *lesson_sheet(review, over=True))
        expected = [t for ln in lines for t in sentence_words(ln)]
        said = text.split("analyse")[-1]
        for words in expected:
            assert words in said, (words, said[-2000:])
        # a paragraph is said a sentence to a line, for a 40-cell Braille line
        lines_said = said.splitlines()
        assert "Besser: etwas anderes." in lines_said
        assert "Der Stein hätte 2 SP mehr gebracht." in lines_said
        assert "Fehler" in lines_said and "Nicht möglich" not in said
        found = f"Fehler gefunden in Zug 1 (Runde 1): {review.names[0]} verlor 3,0 SP."
        assert said.index(found) < said.index(expected[0]), said[-2000:]
        assert "zu spät" in said and "Nächstes Mal" in said
    finally:
        i18n.set_language(before)


def test_a_players_line_without_a_god_reads_as_one_sentence() -> None:
    from orbis_tui.engine import new_game
    from orbis_tui.plain.spoken import player_words
    from orbis_tui.tiles import load_catalog

    state = new_game(load_catalog(), ["Ada", "Bo"], seed=7)
    line = player_words(state, 1, "a person")
    assert line.startswith("Bo (a person): tiles in the pyramid: 0; worshipers: ")
    assert line.endswith("; no god taken yet; CP now: 0.")


def test_refused_options_in_a_row_for_one_reason_are_said_once() -> None:
    """At the last turn without a god, the nine market tiles are refused for the same
    reason: said once with their numbers, so the gods that can be taken come soon."""
    from orbis_tui.engine import DecisionKind, TakeGod, new_game
    from orbis_tui.plain.spoken import options_words
    from orbis_tui.tiles import load_catalog
    from orbis_tui.tui.core.controller import Controller
    from orbis_tui.tui.core.sheet import decision_sheet

    state = new_game(load_catalog(), ["Ada", "Bo"], seed=3)
    while not (state.kind is DecisionKind.TURN and state.must_take_god()):
        legal = [o.action for o in state.decision.legal_options]
        state.apply(next((a for a in legal if not isinstance(a, TakeGod)), legal[0]))
    ui = Controller()
    ui.sync(state, 0)
    sheet = decision_sheet(state, ui, numbered=True)
    said = options_words(sheet.choices)
    refused = [c for c in sheet.choices if not c.legal]
    gods = [c for c in sheet.choices if c.legal]
    assert len(refused) >= 3 and gods
    assert said[0] == f"Options 1 to {len(refused)}: not possible, all for the same reason:"
    assert "you must take a god" in said[1]
    assert sum("you must take a god" in line for line in said) == 1
    assert said[2].startswith(f"{gods[0].number}. take the ")


def test_refused_options_are_said_one_by_one_below_a_run_or_for_other_reasons() -> None:
    from orbis_tui.engine import TakeTile
    from orbis_tui.plain.spoken import options_words
    from orbis_tui.tui.core.sheet import Choice
    from orbis_tui.tui.core.sheet_lines import LOSS, Topic, line

    def refused(number: int, reason: str) -> Choice:
        why = line(f"Not possible: {reason}", rank=LOSS, topic=Topic.REFUSAL)
        return Choice(number, TakeTile(number - 1), f"take tile {number}", False, (why,))

    two = options_words([refused(1, "a"), refused(2, "a")])
    assert two[0] == "1. not possible: take tile 1" and "2. not possible: take tile 2" in two
    mixed = options_words([refused(1, "a"), refused(2, "b"), refused(3, "a")])
    assert [s for s in mixed if s[0].isdigit()] == [
        "1. not possible: take tile 1",
        "2. not possible: take tile 2",
        "3. not possible: take tile 3",
    ]
    run = options_words([refused(1, "a"), refused(2, "a"), refused(3, "a"), refused(4, "b")])
    assert run[0] == "Options 1 to 3: not possible, all for the same reason:"
    assert run[1] == "   Not possible: a"
    assert run[2] == "4. not possible: take tile 4"


def test_a_hint_says_when_an_option_ends_exactly_as_a_better_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.analysis import hints

    monkeypatch.setattr(hints, "HINT_ITERATIONS", 60)
    out = io.StringIO()
    status = run_plain(
        tmp_path, seed=3, levels={2: "random"}, read=io.StringIO("hint\nquit\n"), write=out
    )
    text = out.getvalue().split("The three best options")[1]
    assert status == 0
    said = re.search(
        r"^2\. .*\n   wins .*\n   level with suggestion 1: exactly alike as far as the "
        r"hint looks ahead\n   To play it, write: ",
        text,
        re.M,
    )
    assert said, text
