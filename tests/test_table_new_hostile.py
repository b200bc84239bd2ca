"""`orbis table new` reads the table server's answer as data: an answer that is not a new
table is refused with a message, and what is printed of one is safe for the terminal."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from orbis_tui.cli import main


class FakeServer:
    """A table server on the loopback interface that gives whatever answer it is told."""

    def __init__(self) -> None:
        self.status = 200
        self.body = b"{}"
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.send_response(fake.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(fake.body)))
                self.end_headers()
                self.wfile.write(fake.body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}"

    def answer(self, plain: object, status: int = 200) -> None:
        self.status = status
        self.body = json.dumps(plain).encode()


@pytest.fixture
def server() -> Iterator[FakeServer]:
    fake = FakeServer()
    thread = threading.Thread(target=fake.http.serve_forever, daemon=True)
    thread.start()
    yield fake
    fake.http.shutdown()
    fake.http.server_close()


def _seat(seat: object, name: object = "Ann", **more: object) -> dict[str, object]:
    return {"seat": seat, "name": name, "kind": "human", "link": f"http://x/play/{seat}", **more}


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ({}, "seats"),
        ({"seats": None, "watch": "w"}, "seats"),
        ({"seats": [{}], "watch": "w"}, "seats.0"),
        ({"seats": [_seat("x"), _seat(1)], "watch": "w"}, "seats.0.seat"),
        ({"seats": [_seat(0), _seat(0)], "watch": "w"}, "numbers the seats [0, 0]"),
        ({"seats": [_seat(0), _seat(1)]}, "watch"),
        ({"seats": [_seat(0), _seat(1, name=None)], "watch": "w"}, "seats.1.name"),
        ([1, 2], "the server answered 200"),
        ({"error": "no tables today"}, "refused: no tables today"),
        ({"error": "\x1b]0;X\x07" + "e" * 100_000}, "refused: \\x1b]0;X\\x07eee"),
    ],
    ids=[
        "empty",
        "seats-null",
        "seat-empty",
        "seat-not-a-number",
        "seat-twice",
        "no-watch",
        "name-null",
        "a-list",
        "error-with-200",
        "hostile-error",
    ],
)
def test_an_answer_that_is_not_a_new_table_is_refused(
    answer: object, problem: str, server: FakeServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.answer(answer)
    assert main(["table", "new", "--server", server.url, "--players", "2"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert "Traceback" not in err and "\x1b" not in err and len(err) < 2000
    assert "orbis table new: refused:" in err and problem in err


def test_a_body_that_is_not_json_is_refused(
    server: FakeServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.body = b"<html>"
    assert main(["table", "new", "--server", server.url, "--players", "2"]) == 1
    assert "refused: the server's answer is not JSON" in capsys.readouterr().err


def test_names_and_links_of_a_new_table_are_printed_as_text(
    server: FakeServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.answer(
        {
            "seats": [
                _seat(0, name="Ann\x1b]0;X\x07", link="http://x/\x1b[2J"),
                {"seat": 1, "name": "B" * 10_000_000, "kind": "hard\x07"},
            ],
            "watch": "http://x/watch\x1b]0;Y\x07",
            "table": "t1",  # what the answer holds besides is left alone
        }
    )
    assert main(["table", "new", "--server", server.url, "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and len(out) < 3000
    assert "1 Ann\\x1b]0;X\\x07: http://x/\\x1b[2J" in out
    assert (
        "2 BBBB" in out and "(10000000 characters in all): played by the server (hard\\x07)" in out
    )
    assert "watch: http://x/watch\\x1b]0;Y\\x07" in out


@pytest.mark.parametrize(
    "address",
    ["http://a\x1b]0;X\x07b:1", "http://" + "a" * 100_000, "ftp://x"],
    ids=["escape", "100k", "not-http"],
)
def test_a_server_address_is_echoed_as_text(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["table", "new", "--server", address, "--players", "2"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and len(err) < 2000
    assert "is not an http:// or https:// address" in err


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "2 Bo: played by the server (medium)"), ("de", "2 Bo: spielt der Server (mittel)")],
)
def test_a_computer_seat_of_a_new_table_is_said_to_be_the_servers_in_the_language(
    lang: str, said: str, server: FakeServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.answer({"seats": [_seat(0), {"seat": 1, "name": "Bo", "kind": "medium"}], "watch": "w"})
    argv = ["table", "new", "--server", server.url, "--players", "2", "--lang", lang]
    assert main([*argv, "--seat", "2=medium"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"  {said}" in lines


def test_names_for_fewer_seats_than_players_are_refused_saying_what_to_give(
    server: FakeServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two names at a table of three with a computer seat: the computer's seat needs
    one too, and the refusal says so, in the player's language."""
    argv = ["table", "new", "--server", server.url, "--players", "3", "--seat", "3=medium"]
    assert main([*argv, "--names", "Ada,Bo"]) == 2
    assert "give 3 names, one for each seat (a computer's too)" in capsys.readouterr().err
    assert main([*argv, "--names", "Ada,Bo", "--lang", "de"]) == 2
    assert "3 Namen" in capsys.readouterr().err
