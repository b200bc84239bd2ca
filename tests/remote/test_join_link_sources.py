"""``orbis join`` takes its link from where ``ps`` and shell history do not show it."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import pytest

from orbis_tui.cli import build_parser
from orbis_tui.cli.joining import LINK_ENV, NoLink, link_text

LINK = "http://127.0.0.1:8765/play/abcdefghijkl/" + "t" * 43


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["join", *argv])


class _Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


def test_the_link_from_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LINK_ENV, raising=False)
    where = tmp_path / "link.txt"
    where.write_text(LINK + "\n")
    assert link_text(_args("--link-file", str(where))).strip() == LINK


def test_a_missing_link_file_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(LINK_ENV, raising=False)
    with pytest.raises(NoLink, match=r"cannot read the link from .*nowhere\.txt"):
        link_text(_args("--link-file", str(tmp_path / "nowhere.txt")))


def test_the_link_from_the_environment_is_taken_out_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(LINK_ENV, LINK)
    assert link_text(_args()) == LINK
    import os

    assert LINK_ENV not in os.environ  # not inherited by what the app starts


def test_the_link_from_stdin_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LINK_ENV, raising=False)
    monkeypatch.setattr(sys, "stdin", _Pipe(LINK + "\n"))
    monkeypatch.setattr("orbis_tui.cli.joining._terminal_as_stdin", lambda: None)
    assert link_text(_args("-")).strip() == LINK


def test_the_link_from_a_piped_stdin_without_a_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LINK_ENV, raising=False)
    monkeypatch.setattr(sys, "stdin", _Pipe(LINK + "\n"))
    monkeypatch.setattr("orbis_tui.cli.joining._terminal_as_stdin", lambda: None)
    assert link_text(_args()).strip() == LINK


def test_the_browser_seat_reads_its_link_from_its_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ORBIS_JOIN_LINK", LINK)
    assert link_text(_args("--browser-seat")) == LINK


def test_no_link_anywhere_says_where_to_give_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LINK_ENV, raising=False)

    class _Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", _Terminal(""))
    with pytest.raises(NoLink, match="--link-file"):
        link_text(_args())


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Ein Einladungslink beginnt mit http:// oder https://"),
        ("ru", "Ссылка-приглашение начинается с http:// или https://"),
    ],
)
def test_a_wrong_link_is_said_in_the_players_language(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from orbis_tui.cli import main

    monkeypatch.delenv(LINK_ENV, raising=False)
    assert main(["join", "--plain", "--lang", lang, "hello"]) == 2
    assert said.lower() in capsys.readouterr().err.lower()
