"""The languages: complete catalogs, the language chosen, records that replay in any.

The catalogs (.po) are checked against a fresh extraction of the code and the data, so
a text added without its translations fails here, not in front of a player.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from orbis_tui import i18n
from orbis_tui.cli import main
from orbis_tui.i18n import fill, gettext
from orbis_tui.records import load_record
from orbis_tui.standings import standings_json, standings_text
from orbis_tui.words import message_of, name_of

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "orbis_tui" / "locale"
GOLDEN = Path(__file__).parent / "golden"
LANGUAGES = ("de", "ru")
PLACEHOLDER = re.compile(r"\{([^{}:!]*)[^{}]*\}|%\(([a-z_]+)\)[a-z]|%[a-z]")


def placeholders(text: str) -> set[str]:
    return {
        m.group(0) if m.group(0).startswith("%") else m.group(1) or "{}"
        for m in PLACEHOLDER.finditer(text)
    }


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "orbis_tui.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[object, object]:
    """Every message of the code and the data, extracted now as tools/catalogs.py does."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import catalogs  # type: ignore[import-not-found]  # tools/, put on the path above

        target = tmp_path_factory.mktemp("pot") / "orbis_tui.pot"
        catalogs.TEMPLATE, saved = target, catalogs.TEMPLATE
        try:
            catalogs.extract()
        finally:
            catalogs.TEMPLATE = saved
    finally:
        sys.path.remove(str(ROOT / "tools"))
    with target.open("rb") as handle:
        return {(m.context, m.id): m for m in read_po(handle) if m.id}


def test_the_committed_template_is_up_to_date(extracted) -> None:
    with (LOCALE / "orbis_tui.pot").open("rb") as handle:
        committed = {(m.context, m.id) for m in read_po(handle) if m.id}
    assert set(extracted) == committed, "run: python tools/catalogs.py update"


def test_the_worshipers_not_in_play_have_the_one_name_the_walkthrough_teaches(extracted) -> None:
    """R-COMP-4: the walkthrough calls the endless pool of worshipers "the supply"; a hint
    or a god's summary that calls it "the aether" names something never explained."""
    ids = [str(m_id) for _, m_id in extracted]
    assert any("to the supply" in m for m in ids)
    assert [m for m in ids if "aether" in m.lower()] == []


def test_the_catalogs_hold_many_messages(extracted) -> None:
    assert len(extracted) > 900  # the app, the engine, the walkthrough, tiles, gods, the CLI


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders(extracted, lang: str) -> None:
    translated = {(m.context, m.id): m for m in catalog(lang) if m.id}
    forms = catalog(lang).num_plurals
    problems = []
    for key, message in extracted.items():
        found = translated.get(key)
        if found is None or found.fuzzy:
            problems.append(f"untranslated: {key}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if isinstance(message.id, tuple) and len(strings) != forms:
            problems.append(f"{len(strings)} plural forms, not {forms}: {key}")
        allowed = set().union(*(placeholders(i) for i in ids))
        for string in strings:
            if not string.strip() and message.id.strip():
                problems.append(f"empty: {key}")
            elif not isinstance(message.id, tuple) and placeholders(string) != allowed:
                problems.append(f"placeholders {placeholders(string)} != {allowed}: {key}")
            elif not placeholders(string) <= allowed:
                problems.append(f"unknown placeholders in {string!r}: {key}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_plural_form_used_for_several_numbers_names_every_placeholder(lang: str) -> None:
    """Russian's first form serves 1, 21, 31...: "no other spot" there would be said of
    21 spots. Any form that serves more than one number names every placeholder of the
    English plural (what `msgfmt --check` asks)."""
    import gettext as gnu

    found = catalog(lang)
    rule = gnu.c2py(found.plural_expr)
    served: dict[int, set[int]] = {}
    for n in range(1000):
        served.setdefault(rule(n), set()).add(n)
    problems = []
    for message in found:
        if not message.id or not isinstance(message.id, tuple):
            continue
        wanted = placeholders(message.id[1])
        for index, string in enumerate(message.string):
            if len(served.get(index, ())) > 1 and not wanted <= placeholders(string):
                problems.append(f"form {index} lacks {wanted - placeholders(string)}: {string!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_msgfmt_checks_every_catalog(lang: str, tmp_path: Path) -> None:
    """GNU msgfmt's own checks (formats, plural forms, header) pass on every catalog."""
    po = LOCALE / lang / "LC_MESSAGES" / "orbis_tui.po"
    done = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "out.mo"), str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_russian_has_three_plural_forms() -> None:
    i18n.set_language("ru")
    from orbis_tui.tui import texts_screens

    said = [fill(texts_screens.END_TEMPLE_REASON, count=n) for n in (1, 2, 5, 21, 22, 25, 11)]
    assert said == [
        "1 Храм",
        "2 Храма",
        "5 Храмов",
        "21 Храм",
        "22 Храма",
        "25 Храмов",
        "11 Храмов",
    ]


def test_an_empty_text_stays_empty_in_every_language() -> None:
    """A catalog answers the empty message id with its header (translator, dates...):
    an empty cell of a table of texts must not show it."""
    for lang in ("de", "ru"):
        i18n.set_language(lang)
        assert i18n.gettext("") == ""
        assert i18n.gettext("red") != "red"  # the catalog is in use


def test_german_and_russian_catalogs_are_installed() -> None:
    assert set(i18n.available_languages()) >= {"en", "de", "ru"}


def test_switching_the_language_changes_every_kind_of_text() -> None:
    from orbis_tui.engine import IllegalAction
    from orbis_tui.tiles import load_catalog
    from orbis_tui.tui import texts_screens

    tiles = load_catalog()
    lantern = next(t for t in tiles.tiles if t.source_name == "Lantern Hill")
    death = next(g for g in tiles.gods if g.id == "death")
    i18n.set_language("de")
    assert gettext(texts_screens.HANDOVER_ROUND).format(round=1, rounds=15) == "Runde 1 von 15"
    assert name_of(lantern) == "Laternenhügel" and name_of(death) == "Gott des Todes"
    assert message_of(IllegalAction("R-PLACE-1", "row_full", row=2)) == "Reihe 2 ist voll."
    i18n.set_language("ru")
    assert name_of(lantern) == "Фонарный холм"
    assert message_of(IllegalAction("R-PLACE-1", "row_full", row=2)) == "Ряд 2 заполнен."
    i18n.set_language("en")
    assert name_of(lantern) == "Lantern Hill"
    assert gettext(texts_screens.HANDOVER_ROUND).format(round=1, rounds=15) == "Round 1 of 15"


def test_a_color_inside_a_sentence_takes_a_form_that_fits_any_case() -> None:
    """R-PLACE-3: 'a red tile' cannot be translated word by word."""
    from orbis_tui.engine import IllegalAction

    mismatch = IllegalAction("R-PLACE-3", "color_mismatch", color="red", left="blue", right="green")
    i18n.set_language("de")
    assert "mindestens einmal Rot oder eine Wildnis" in message_of(mismatch)
    assert "Blau und Grün" in message_of(mismatch)
    i18n.set_language("ru")
    assert "Тайлу красного цвета нужна опора: тайл красного цвета" in message_of(mismatch)
    assert "под ним тайл синего цвета и тайл зелёного цвета" in message_of(mismatch)


def test_two_tiles_below_of_one_color_are_named_once() -> None:
    """R-PLACE-3: a red tile on two green ones hears "both green", not "green and green"."""
    from orbis_tui.engine import IllegalAction
    from orbis_tui.words.messages import color_in_sentence

    same = IllegalAction("R-PLACE-3", "color_mismatch", color="red", left="green", right="green")
    assert message_of(same).endswith("; both tiles below are green.")
    for language in ("de", "ru"):
        i18n.set_language(language)
        assert message_of(same).count(color_in_sentence("green")) == 1, language
    i18n.set_language("en")


# ---------------------------------------------------------------- which language


def test_resolution_order_lang_then_setting_then_environment_then_english() -> None:
    env = {"LANGUAGE": "", "LC_ALL": "", "LANG": "ru_RU.UTF-8"}
    assert i18n.resolve_language("de", "ru", env) == "de"  # --lang first
    assert i18n.resolve_language(None, "de", env) == "de"  # then the saved setting
    assert i18n.resolve_language(None, "", env) == "ru"  # then the environment
    assert i18n.resolve_language(None, None, {}) == "en"  # then English
    assert i18n.resolve_language(None, None, {"LANG": "C.UTF-8"}) == "en"
    assert i18n.resolve_language("xx", "fr", {"LANG": "fr_FR"}) == "en"


def test_the_environment_is_read_as_gettext_reads_it() -> None:
    assert i18n.language_from_environment({"LANGUAGE": "fr:de", "LANG": "ru_RU"}) == "de"
    assert i18n.language_from_environment({"LC_ALL": "de_AT.UTF-8", "LANG": "ru_RU"}) == "de"
    assert i18n.language_from_environment({"LC_MESSAGES": "ru_UA", "LANG": "de_DE"}) == "ru"
    assert i18n.language_from_environment({"LANG": "fr_FR.UTF-8"}) is None


def test_the_command_line_speaks_the_language_asked_for(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--help"])
    out = capsys.readouterr().out
    assert "Aufruf:" in out and "Das Brettspiel Orbis im Terminal." in out
    with pytest.raises(SystemExit):
        main(["replay", "--help", "--lang=ru"])
    out = capsys.readouterr().out
    assert "использование:" in out and "вывести итоги в JSON" in out


def test_argparse_errors_are_translated_too(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "de", "tournament", "--players", "5"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "ungültige Wahl: 5" in err and "Fehler:" in err


def test_an_unknown_computer_level_is_refused_in_the_language_in_use(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "ru", "ladder", "--levels", "easy,godlike"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "неизвестный уровень 'godlike'" in err and "expert" in err


def test_the_tournament_report_speaks_the_language_in_use() -> None:
    from orbis_tui.sim.tournament import run_tournament

    i18n.set_language("de")
    report = run_tournament("random", "easy", 2, 3, players=3).report()
    assert report.startswith("Turnier: random (A) gegen easy (B), Spieler: 3, 2 Partien")
    assert "geteilte Siege" in report and "fairer Anteil" in report


def test_an_unknown_language_is_refused_with_the_list(capsys) -> None:
    assert main(["--lang", "xx", "bench"]) == 2
    err = capsys.readouterr().err
    assert "--lang xx" in err and "de" in err and "ru" in err


def test_the_environment_chooses_when_no_option_does(capsys, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "команды" in capsys.readouterr().out


# ---------------------------------------------------------------- records


@pytest.mark.parametrize("name", ["eager-3p", "random-4p"])
def test_a_record_replays_the_same_in_every_language(name: str) -> None:
    """Records hold actions, never text: the same standings in every language."""
    text = (GOLDEN / f"{name}.record.json").read_text(encoding="utf-8")
    results = {}
    printed = {}
    for lang in ("en", "de", "ru"):
        i18n.set_language(lang)
        _record, state = load_record(text, source=name)
        results[lang] = json.dumps(standings_json(state), sort_keys=True)
        printed[lang] = standings_text(state)
    assert results["de"] == results["en"] == results["ru"]
    assert printed["de"] != printed["en"] != printed["ru"]
    assert "Endstand" in printed["de"] and "Итоговая таблица" in printed["ru"]


def test_a_game_played_in_german_is_recorded_without_words(tmp_path: Path) -> None:
    """A record written while the game speaks German is the same as in English."""
    from orbis_tui.engine import parse_action
    from orbis_tui.records import Match

    def played(lang: str) -> str:
        i18n.set_language(lang)
        text = (GOLDEN / "random-2p.record.json").read_text(encoding="utf-8")
        record, _state = load_record(text, source="golden")
        match = Match.start(record.setup)
        for entry in record.actions[:30]:
            match.play(parse_action(entry))
        return match.record.to_json()

    assert played("de") == played("en") == played("ru")


def test_a_browser_tab_plays_in_the_language_asked_for() -> None:
    from orbis_tui.web.serve import app_command

    assert app_command(lang="de").endswith("--lang de")
    assert "--lang" not in app_command()


def test_a_wrong_seat_list_is_refused_in_the_language_in_use(capsys) -> None:
    assert main(["--lang", "de", "selfplay", "--games", "1", "--seats", "easy,hard"]) == 2
    assert "2 Stufen angegeben für 4 Plätze" in capsys.readouterr().err


def test_a_refused_record_says_where_and_why_in_the_language_in_use(tmp_path, capsys) -> None:
    record = json.loads((GOLDEN / "eager-2p.record.json").read_text())
    record["actions"][3] = "take 0"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["replay", "--lang", "de", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "abgelehnt" in err and "Eintrag 4: 'take 0': kein Eintrag der Notation" in err


# ---------------------------------------------------------------- numbers and color letters


def test_numbers_are_written_as_the_language_writes_them() -> None:
    """A hint's margin, a review's loss: a decimal comma in German and Russian (Babel)."""
    template = "{margin:+.1f} ± {stderr:.1f} · {share:.0%} · {floor:g} · {count}"
    values = {"margin": 1.5, "stderr": 0.75, "share": 0.42, "floor": 0.5, "count": 3}
    said = {}
    for lang in ("en", "de", "ru"):
        i18n.set_language(lang)
        said[lang] = i18n.format_numbers(template, **values)
    assert said["en"] == "+1.5 ±\xa00.8 · 42% · 0.5 · 3"  # ± held to its number
    assert said["de"] == "+1,5 ±\xa00,8 · 42\xa0% · 0,5 · 3"
    assert said["ru"] == "+1,5 ±\xa00,8 · 42\xa0% · 0,5 · 3"


def test_the_hint_box_writes_its_margin_in_the_language() -> None:
    from orbis_tui.analysis.hints import HintOption
    from orbis_tui.tui.screens.hint import hint_text

    option = HintOption(actions=(), margin=-2.25, stderr=0.5, reason="…")
    i18n.set_language("de")
    assert "-2,2 SP ±\xa00,5" in hint_text([option]).plain
    i18n.set_language("ru")
    assert "-2,2 ОС ±\xa00,5" in hint_text([option]).plain


def test_each_language_shows_its_own_color_letters() -> None:
    """Latin R B O G W mean nothing to a Russian player (and B reads as В)."""
    from orbis_tui.words.messages import worshiper_words

    shown = {}
    for lang in ("en", "de", "ru"):
        i18n.set_language(lang)
        shown[lang] = (i18n.color_letters(), worshiper_words("RRBW"))
    assert shown["en"] == shown["de"] == ("RBOGW", "2R 1B 1W")
    assert shown["ru"] == ("КСОЗБ", "2К 1С 1Б")


@pytest.mark.parametrize("command", [["host"], ["table"], ["table", "new"], ["join"]])
def test_the_tables_commands_list_lang_in_their_help(capsys, command: list[str]) -> None:
    """Every command takes --lang (docs/translating.md); host, table and join said so
    nowhere in their help."""
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert "--lang LANG" in capsys.readouterr().out
