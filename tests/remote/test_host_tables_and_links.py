"""The host's key, the host's list of tables, a reissued link, and whose turn it is at
a link's table (what ``orbis table list``, ``orbis table reissue`` and ``orbis tables``
ask the server), on SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import asyncio
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.host_client import AskError, host_tables, reissue_link, seat_status
from orbis_tui.remote.host_key import ensure_host_key, read_key_file
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.store import StoreError, TableStore, open_store
from orbis_tui.tui.joined_words import status_words

from .conftest import POSTGRES_URL
from .raw import raw_socket
from .server_helpers import free_port, new_table, running_server, stop_process, url


async def _open(kind: str, tmp_path: Path) -> TableStore:
    if kind == "sqlite":
        return await open_store(str(tmp_path / "tables.db"))
    assert POSTGRES_URL is not None
    return await open_store(POSTGRES_URL)


async def _keyed(store: TableStore, tmp_path: Path) -> str:
    """A new host's key for ``store`` (a PostgreSQL database may hold an older one)."""
    key_file = tmp_path / "host-key"
    made = await ensure_host_key(store, key_file, renew=True)
    assert made.made and made.file == key_file
    return read_key_file(key_file)


def test_the_host_key_is_made_once_readable_by_its_owner_only_and_never_overwritten(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        store = await _open(store_kind, tmp_path)
        try:
            key = await _keyed(store, tmp_path)
            key_file = tmp_path / "host-key"
            assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
            again = await ensure_host_key(store, key_file)  # the next start: the same key
            assert not again.made and read_key_file(key_file) == key
            # another server on the database, without the file: it is said, not remade
            elsewhere = await ensure_host_key(store, tmp_path / "no-such-file")
            assert elsewhere.file is None and not (tmp_path / "no-such-file").exists()
            # a file with another key is said, never adopted, and left as it was
            wrong = tmp_path / "wrong-key"
            wrong.write_text("A" * 43 + "\n")
            other = await ensure_host_key(store, wrong)
            assert other.other_key == wrong and other.file is None
            assert wrong.read_text() == "A" * 43 + "\n"
            assert await ensure_host_key(store, key_file) == again  # the store's key kept
            # a new key is never written over an existing file
            with pytest.raises(StoreError, match="exists"):
                await ensure_host_key(store, key_file, renew=True)
            assert read_key_file(key_file) == key
        finally:
            await store.close()

    asyncio.run(main())


def test_a_key_file_that_holds_no_key_is_refused_with_its_name(tmp_path: Path) -> None:
    bad = tmp_path / "host-key"
    bad.write_bytes(b"\x1b[31mnot a key\n")
    with pytest.raises(StoreError, match="does not hold a host key"):
        read_key_file(bad)


def test_the_host_lists_the_tables_with_the_key_and_nobody_else_can(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        store = await _open(store_kind, tmp_path)
        key = await _keyed(store, tmp_path)
        async with running_server(store) as server:
            links, _watch, answer = await new_table(server, 2, {2: "easy"})
            table = answer["table"]
            for wrong in ("", "A" * 43, "x y"):
                with pytest.raises(AskError, match="host's key"):
                    await host_tables(url(server), wrong)
            listed = {t["table"]: t for t in await host_tables(url(server), key)}
            mine = listed[table]
            assert mine["players"] == [s["name"] for s in answer["seats"]]
            assert mine["kinds"] == ["human", "easy"]
            assert mine["turn"] in (0, 1) and mine["finished"] is False
            assert "link" not in str(mine) and links[0] is not None
            assert links[0].token not in str(listed)  # no seat's secret in the list

    asyncio.run(main())


def test_a_reissued_link_opens_the_seat_and_the_old_one_is_closed_and_refused(
    store_kind: str, tmp_path: Path
) -> None:
    async def main() -> None:
        store = await _open(store_kind, tmp_path)
        key = await _keyed(store, tmp_path)
        async with running_server(store) as server:
            links, _watch, answer = await new_table(server, 2)
            old = links[1]
            assert old is not None
            async with raw_socket(old) as sitting:
                await sitting.next("table")
                new = parse_link(await reissue_link(url(server), key, answer["table"], 2))
                assert new.table == old.table and new.token != old.token
                assert await sitting.closed_with() == p.REISSUED  # the old screen is told
            async with raw_socket(old) as again:
                assert await again.closed_with() == p.BAD_TOKEN
            async with raw_socket(new) as seat:
                assert (await seat.next("table"))["seat"] == 1
            # a computer's seat or a seat that does not exist gets no link
            with pytest.raises(AskError, match="not a person's seat"):
                await reissue_link(url(server), key, answer["table"], 3)
            with pytest.raises(AskError, match="host's key"):
                await reissue_link(url(server), "B" * 43, answer["table"], 1)

    asyncio.run(main())


def test_a_link_reissued_on_one_server_closes_the_seat_on_the_other() -> None:
    if POSTGRES_URL is None:
        pytest.skip("no PostgreSQL server: set ORBIS_TEST_POSTGRES")

    async def main(tmp: Path) -> None:
        first, second = await open_store(POSTGRES_URL), await open_store(POSTGRES_URL)
        key = await _keyed(first, tmp)
        async with running_server(first) as one, running_server(second) as two:
            links, _watch, answer = await new_table(one, 2)
            old = links[0]
            assert old is not None
            on_two = parse_link(str(old).replace(url(one), url(two)))
            async with raw_socket(on_two) as sitting:
                await sitting.next("table")
                await reissue_link(url(one), key, answer["table"], 1)
                assert await sitting.closed_with() == p.REISSUED

    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(main(Path(tmp)))


def test_whose_turn_it_is_at_a_links_table(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            # three persons: nobody moves while the statuses are asked (a computer might)
            links, watch, answer = await new_table(server, 3)
            first, second = links[0], links[1]
            assert first is not None and second is not None
            mine = await seat_status(first)
            theirs = await seat_status(second)
            watching = await seat_status(watch)
            names = [s["name"] for s in answer["seats"]]
            assert mine.players == theirs.players == watching.players == names
            assert mine.turn == theirs.turn == watching.turn is not None
            assert mine.yours == (mine.turn == 0) and theirs.yours == (theirs.turn == 1)
            assert watching.seat is None and not watching.yours
            forged = parse_link(str(first)[:-4] + "AAAA")
            with pytest.raises(AskError, match="opens no seat"):
                await seat_status(forged)
            assert mine.left is None  # no clock at this table
            timed = await create_table_request(url(server), 2, {}, turn_time=(120.0, "easy"))
            status = await seat_status(parse_link(timed["seats"][0]["link"]))
            assert status.left is not None and 0 < status.left <= 120
            assert "left" in status_words(status)

    asyncio.run(main())


def _host(store: Path, port: int, data: Path, *more: str) -> tuple[subprocess.Popen[bytes], str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "ORBIS_DATA_DIR": str(data)}
    command = [sys.executable, "-m", "orbis_tui", "host", "--port", str(port), "--store"]
    proc = subprocess.Popen(
        [*command, str(store), *more], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdout is not None
    lines = [proc.stdout.readline().decode()]
    assert "hosted at" in lines[0], lines
    while "Your tables:" not in lines[-1]:  # the store, then what the host's key opens
        lines.append(proc.stdout.readline().decode())
        assert lines[-1], lines
    return proc, "".join(lines[2:])


def test_orbis_host_makes_its_key_once_and_the_host_lists_and_reissues_from_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.cli import main
    from orbis_tui.remote.client import create_table_request

    port, data = free_port(), tmp_path / "data"
    server = f"http://127.0.0.1:{port}"
    proc, said = _host(tmp_path / "tables.db", port, data)
    try:
        key_file = data / "host-key"
        assert "A new host's key is in" in said and str(key_file) in said
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
        key = read_key_file(key_file)
        answer = asyncio.run(create_table_request(server, 2, {}))
        table = answer["table"]
        monkeypatch.setenv("ORBIS_DATA_DIR", str(data))
        assert main(["table", "list", "--server", server]) == 0
        listed = capsys.readouterr().out
        assert f"The tables at {server}:" in listed and table in listed
        assert "to move" in listed and "0 actions" in listed
        assert main(["table", "reissue", "--server", server, table, "2"]) == 0
        printed = capsys.readouterr().out
        new = parse_link(printed.split(": ", 1)[1].splitlines()[0])
        assert new.table == table and "opens nothing any more" in printed
        monkeypatch.setenv("ORBIS_HOST_KEY", "C" * 43)  # a wrong key: refused, said
        assert main(["table", "list", "--server", server]) == 1
        assert "host's key" in capsys.readouterr().err
    finally:
        stop_process(proc, 10)
    proc, said = _host(tmp_path / "tables.db", port, data)  # started again: the same key
    stop_process(proc, 10)
    assert "A new host's key" not in said and read_key_file(data / "host-key") == key


def test_orbis_tables_plain_joins_the_number_chosen(tmp_path: Path) -> None:
    from orbis_tui.remote.joined import remember_joined

    port, data = free_port(), tmp_path / "data"
    proc, _said = _host(tmp_path / "tables.db", port, data)
    try:
        from orbis_tui.remote.client import create_table_request

        answer = asyncio.run(create_table_request(f"http://127.0.0.1:{port}", 2, {}))
        remember_joined(data, parse_link(answer["seats"][0]["link"]))
        env = {**os.environ, "ORBIS_DATA_DIR": str(data)}
        done = subprocess.run(
            [sys.executable, "-m", "orbis_tui", "tables", "--plain"],
            input="1\nquit\n",
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
    finally:
        stop_process(proc, 10)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Your tables" and lines[1].startswith("1. http://127.0.0.1:")
    assert any("You left the table" in line for line in lines), done.stdout[-2000:]


def test_a_table_id_never_begins_with_a_dash_so_the_command_line_takes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import secrets

    from orbis_tui.remote import links

    drawn = iter(["-Q3vX9aLm0Zp", "aQ3vX9aLm0Zp"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda size: next(drawn))
    assert links.new_table_id() == "aQ3vX9aLm0Zp"


def test_an_old_table_id_that_begins_with_a_dash_is_read_after_two_dashes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.cli import hosting, main

    asked: list[tuple[str, int]] = []

    def reissue(args: argparse.Namespace) -> int:
        asked.append((args.table, args.seat))
        return 0

    monkeypatch.setattr(hosting, "cmd_table_reissue", reissue)
    argv = ["table", "reissue", "--server", "http://127.0.0.1:1", "--", "-Q3vX9aLm0Zp", "2"]
    assert main(argv) == 0
    assert asked == [("-Q3vX9aLm0Zp", 2)]
