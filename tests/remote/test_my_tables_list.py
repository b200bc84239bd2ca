"""``orbis tables``: the links this machine joined, kept for the user only, read safely,
and chosen from a list (full-screen or plain text)."""

from __future__ import annotations

import asyncio
import io
import json
import stat
from pathlib import Path

import pytest

from orbis_tui.plain.my_tables import choose_table_plain
from orbis_tui.remote.joined import forget_joined, load_joined, remember_joined
from orbis_tui.remote.links import parse_link

from .server_helpers import new_table, running_server

LINK = "http://127.0.0.1:9/play/TABLEid/" + "t" * 43
OTHER = "http://127.0.0.1:9/play/OTHERid/" + "u" * 43


def test_a_joined_link_is_kept_first_once_and_readable_by_the_user_only(tmp_path: Path) -> None:
    remember_joined(tmp_path, parse_link(LINK), now=1.0)
    remember_joined(tmp_path, parse_link(OTHER), now=2.0)
    remember_joined(tmp_path, parse_link(LINK), now=3.0)  # joined again: first, not twice
    listed = load_joined(tmp_path)
    assert [str(t.link) for t in listed.tables] == [LINK, OTHER]
    assert stat.S_IMODE((tmp_path / "tables.json").stat().st_mode) == 0o600
    forget_joined(tmp_path, parse_link(LINK))
    assert [str(t.link) for t in load_joined(tmp_path).tables] == [OTHER]


def test_a_damaged_list_is_set_aside_untouched_and_the_list_starts_again(tmp_path: Path) -> None:
    for damaged in (b"{not json", b'{"tables": [{"link": "ftp://x", "joined": 1}]}', b"\xff\xfe"):
        path = tmp_path / "tables.json"
        path.write_bytes(damaged)
        listed = load_joined(tmp_path)
        assert listed.tables == [] and listed.set_aside is not None
        assert listed.set_aside.read_bytes() == damaged  # kept as it was, for the user
        assert not path.exists()
        listed.set_aside.unlink()


def test_a_damaged_list_that_cannot_be_set_aside_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "tables.json"
    path.write_bytes(b"{damaged")

    def refuse(self: Path, target: Path) -> Path:
        raise PermissionError("refused")

    monkeypatch.setattr(Path, "replace", refuse)
    listed = load_joined(tmp_path)
    assert listed.unreadable and listed.tables == [] and listed.set_aside is None
    with pytest.raises(OSError, match="left as it is"):
        remember_joined(tmp_path, parse_link(LINK))
    assert path.read_bytes() == b"{damaged"
    out = io.StringIO()
    assert choose_table_plain(tmp_path, io.StringIO(""), out) is None
    assert "nor set aside" in out.getvalue()


def test_the_plain_list_says_whose_turn_and_joins_the_number_chosen(tmp_path: Path) -> None:
    async def deal() -> list[str]:
        async with running_server(tmp_path / "tables.db") as server:
            links, _watch, _answer = await new_table(server, 2)
            first = links[0]
            assert first is not None
            remember_joined(tmp_path / "data", first, now=1.0)
            remember_joined(tmp_path / "data", parse_link(OTHER), now=0.5)  # no server there
            out = io.StringIO()
            chosen = await asyncio.to_thread(
                choose_table_plain, tmp_path / "data", io.StringIO("7\nx2\n1\n"), out
            )
            assert chosen == first
            return out.getvalue().splitlines()

    lines = asyncio.run(deal())
    assert lines[0] == "Your tables"
    assert lines[1].startswith("1. http://127.0.0.1:")
    assert "to move" in lines[1] or "your turn" in lines[1]
    assert lines[2].startswith("2. http://127.0.0.1:9 · OTHERid: cannot be asked")
    assert "There is no table 7 on the list." in lines
    forgotten = "Taken off the list: http://127.0.0.1:9 · OTHERid"
    assert any(line.startswith(forgotten) for line in lines)
    assert "t" * 43 not in "\n".join(lines)  # the secret is never printed
    kept = json.loads((tmp_path / "data" / "tables.json").read_text())
    assert len(kept["tables"]) == 1


def test_an_empty_list_says_how_a_table_gets_on_it(tmp_path: Path) -> None:
    out = io.StringIO()
    assert choose_table_plain(tmp_path, io.StringIO(""), out) is None
    assert "orbis join LINK" in out.getvalue()


def test_a_table_is_taken_off_with_the_cyrillic_x_a_russian_reader_types(
    tmp_path: Path,
) -> None:
    """The prompt's "x and a number" reads alike in Russian, where the letter typed is
    the Cyrillic х."""
    remember_joined(tmp_path, parse_link(OTHER), now=1.0)
    out = io.StringIO()
    assert choose_table_plain(tmp_path, io.StringIO("х1\n"), out) is None
    assert load_joined(tmp_path).tables == []
    assert "Taken off the list: http://127.0.0.1:9 · OTHERid" in out.getvalue()


def test_the_plain_list_says_every_line_in_the_language(tmp_path: Path, speaking: str) -> None:
    """In German or Russian every line of ``orbis tables --plain`` is in the language:
    whose turn it is, and why a table cannot be asked (its server cannot be reached,
    its link opens no seat there any more), never the connection's English reason."""
    from orbis_tui import i18n
    from orbis_tui.remote.links import Link
    from orbis_tui.tui import joined_words as words

    async def listed() -> list[str]:
        async with running_server(tmp_path / "tables.db") as server:
            links, _watch, _answer = await new_table(server, 2)
            first = links[0]
            assert first is not None
            remember_joined(tmp_path / "data", first, now=1.0)
            gone = Link(first.server, first.kind, first.table, "v" * 43)  # no seat of it
            remember_joined(tmp_path / "data", gone, now=0.7)
            remember_joined(tmp_path / "data", parse_link(OTHER), now=0.5)  # no server there
            out = io.StringIO()
            assert (
                await asyncio.to_thread(
                    choose_table_plain, tmp_path / "data", io.StringIO("9\n"), out
                )
                is None
            )
            return out.getvalue().splitlines()

    lines = asyncio.run(listed())
    said = "\n".join(lines)
    for english in ("cannot", "reach", "opens no seat", "Connect"):
        assert english not in said, (english, said)
    assert lines[0] == i18n.gettext(words.TITLE)
    to_move = i18n.gettext(words.TO_MOVE).split("{name}")[-1]
    assert i18n.gettext(words.YOUR_TURN) in lines[1] or to_move in lines[1], lines[1]
    cannot = i18n.gettext(words.CANNOT_ASK).split("{reason}")[0]
    assert lines[2].endswith(cannot + i18n.gettext(words.ASK_NO_SEAT)), lines[2]
    assert lines[3].endswith(cannot + i18n.gettext(words.ASK_WORDS["unreachable"])), lines[3]
    assert i18n.gettext(words.PLAIN_ASK) in lines
    assert i18n.gettext(words.PLAIN_NO_SUCH).format(number=9) in lines
