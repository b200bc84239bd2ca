"""``orbis serve`` without a browser: its options, its warning, the command each tab runs,
and the server's answers to plain HTTP requests."""

from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from orbis_tui.cli import build_parser, main
from orbis_tui.web import guard as web_guard
from orbis_tui.web import serve
from served import free_port, wait_for_page


@pytest.fixture
def served_with(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, str, str | None]]:
    """Record what would be served instead of serving it."""
    calls: list[tuple[str, int, str, str | None]] = []

    def fake_run_server(host: str, port: int, command: str, public_url: str | None) -> int:
        calls.append((host, port, command, public_url))
        return 0

    monkeypatch.setattr(serve, "run_server", fake_run_server)
    return calls


def test_defaults_are_loopback_and_port_8000() -> None:
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    assert web_guard.is_loopback(args.host)


@pytest.mark.parametrize("port", ["0", "65536", "-1", "eighty", "80.5"])
def test_a_bad_port_is_refused_with_the_range(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["serve", "--port", port])
    assert exited.value.code == 2
    assert "--port" in capsys.readouterr().err
    with pytest.raises(ValueError, match="1 to 65535"):
        serve.parse_port(port)


@pytest.mark.parametrize("port", ["1", "8000", "65535"])
def test_every_port_number_is_taken(port: str) -> None:
    assert build_parser().parse_args(["serve", "--port", port]).port == int(port)


@pytest.mark.parametrize("url", ["orbis.example.org", "ftp://orbis.example.org", "https://x/?a"])
def test_a_bad_public_url_is_refused(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--public-url", url])
    assert "--public-url" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("", False),
        ("192.168.1.20", False),
        ("orbis.example.org", False),
    ],
)
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert web_guard.is_loopback(host) is loopback


def test_no_warning_on_loopback(
    served_with: list[tuple[str, int, str, str | None]], capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    assert main(["serve", "--port", str(port)]) == 0
    assert capsys.readouterr().err == ""
    assert served_with[0][:2] == ("127.0.0.1", port)


@pytest.mark.parametrize("host", ["0.0.0.0", ""])
def test_another_host_is_warned_of_on_stderr(
    host: str,
    tmp_path: Path,
    served_with: list[tuple[str, int, str, str | None]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    port = free_port()
    assert main(["serve", "--host", host, "--port", str(port), "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "WARNING" in captured.err
    assert "no authentication" in captured.err
    assert str(tmp_path) in captured.err  # whose saves are exposed
    assert served_with[0][:2] == (host, port)


def test_the_warning_names_the_data_folder_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ORBIS_DATA_DIR", str(tmp_path))
    warning = serve.exposure_warning("0.0.0.0", 8000, None)
    assert warning is not None
    assert str(tmp_path) in warning


def test_a_port_in_use_is_one_clear_line(
    served_with: list[tuple[str, int, str, str | None]], capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"cannot listen on 127.0.0.1:{port}" in err
    assert "already in use" in err
    assert served_with == []  # nothing was started


def test_an_unknown_host_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", "no-such-host.invalid", "--port", "8000"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no such host" in err


def test_a_host_name_the_resolver_cannot_encode_is_no_such_host() -> None:
    """A label longer than 63 characters fails in the idna codec, before any lookup."""
    assert serve.listen_problem("a" * 70 + ".example", 8000) == "no such host name or address"


def test_the_served_command_is_this_installations_orbis_play(
    tmp_path: Path, served_with: list[tuple[str, int, str, str | None]]
) -> None:
    data_dir = tmp_path / "saves with a space"
    args = ["serve", "--port", str(free_port()), "--data-dir", str(data_dir), "--seed", "7"]
    assert main([*args, "--players", "3"]) == 0
    argv = shlex.split(served_with[0][2])
    assert argv[:5] == ["exec", sys.executable, "-m", "orbis_tui", "play"]
    play = build_parser().parse_args(argv[4:])
    assert (play.command, play.players, play.seed) == ("play", 3, 7)
    assert play.data_dir == data_dir.resolve()


def test_without_options_the_tabs_use_the_plays_defaults() -> None:
    argv = shlex.split(serve.app_command())
    assert argv[:5] == ["exec", sys.executable, "-m", "orbis_tui", "play"]
    play = build_parser().parse_args(argv[4:])
    assert (play.players, play.seed, play.data_dir) == (2, None, None)
    # a reloaded tab waits for the data folder its previous game is letting go of
    assert play.wait_for_folder == serve.FOLDER_WAIT > 0


def test_the_served_command_runs_without_the_environment_on_path(tmp_path: Path) -> None:
    """The tabs run the interpreter by its full name: no PATH entry for the venv needed.

    The command is run through the shell, as textual-serve runs it.
    """
    data_dir = tmp_path / "a folder; with 'quotes'"
    done = subprocess.run(
        serve.app_command(data_dir) + " --help",
        shell=True,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "usage: orbis play" in done.stdout


def test_the_orbis_command_does_not_load_the_web_server() -> None:
    """Start-up stays fast: textual-serve and aiohttp load only when serving."""
    code = (
        "import sys\n"
        "from orbis_tui.cli import build_parser\n"
        "build_parser().parse_args(['serve'])\n"
        "print(sorted(m for m in ('textual_serve', 'aiohttp') if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("host", "origin", "answered"),
    [
        ("127.0.0.1:8000", None, True),
        ("localhost:8000", "http://localhost:8000", True),
        ("[::1]:8000", "http://[::1]:8000", True),
        ("evil.example:8000", None, False),  # a name made to resolve to this machine
        ("127.0.0.1:8000", "http://evil.example", False),  # another site's page
        ("127.0.0.1:8000", "http://127.0.0.1:3000", False),  # another local server's page
        ("127.0.0.1:8000", "null", False),  # a sandboxed frame or a local file
        (None, None, False),
    ],
)
def test_a_loopback_server_answers_only_its_own_pages(
    host: str | None, origin: str | None, answered: bool
) -> None:
    guard = web_guard.RequestGuard(loopback_only=True, port=8000)
    assert (guard.refusal(host, origin) is None) is answered


def test_a_public_url_is_answered_behind_a_proxy() -> None:
    guard = web_guard.RequestGuard(
        loopback_only=True, port=8000, public_url="https://orbis.example.org"
    )
    assert guard.refusal("orbis.example.org", "https://orbis.example.org") is None
    assert guard.refusal("127.0.0.1:8000", "https://orbis.example.org") is None
    assert guard.refusal("127.0.0.1:8000", "https://evil.example") is not None


def test_a_server_on_every_interface_checks_only_the_origin() -> None:
    guard = web_guard.RequestGuard(loopback_only=False, port=8000)
    assert guard.refusal("192.0.2.7:8000", "http://192.0.2.7:8000") is None
    assert guard.refusal("orbis.lan:8000", None) is None
    assert guard.refusal("192.0.2.7:8000", "http://evil.example") is not None


@pytest.mark.parametrize("loopback_only", [True, False])
@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1:9999",  # another port: the page's URLs would lead elsewhere
        "127.0.0.1",  # port 80
        "127.0.0.1:08000x",
        "127.0.0.1:8000:8000",
        "127.0.0.1:8000/evil",
        "127.0.0.1:8000@evil.example",
        '127.0.0.1:8000"><script>',
        "127.0.0.1: 8000",
        "[::1]:9999",
        "[::1",
        "[evil]:8000",
        "",
        "\u202e1.0.0.721:8000",
    ],
)
def test_the_host_must_name_the_servers_port(loopback_only: bool, host: str) -> None:
    guard = web_guard.RequestGuard(loopback_only=loopback_only, port=8000)
    refusal = guard.refusal(host, None)
    assert refusal is not None
    assert refusal.isprintable()


def test_port_80_may_go_unnamed() -> None:
    guard = web_guard.RequestGuard(loopback_only=True, port=80)
    assert guard.refusal("localhost", "http://localhost") is None
    assert guard.refusal("localhost:80", None) is None
    assert guard.refusal("localhost:8000", None) is not None


# ---------------------------------------------------------------- the real server, over HTTP


@pytest.fixture
def server_url(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "orbis_tui", "serve", "--port", str(port)],
        env={**os.environ, "ORBIS_DATA_DIR": str(tmp_path)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        try:
            wait_for_page(url, process, seconds=20)
        except RuntimeError:
            pytest.fail(f"orbis serve did not start: {process.communicate()}")
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=15)
        assert process.returncode == 0, err
        assert f"Orbis is served at http://127.0.0.1:{port}" in out


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def test_the_page_connects_back_to_the_address_the_browser_used(server_url: str) -> None:
    status, page = fetch(server_url)
    assert status == 200
    websocket = server_url.replace("http://", "ws://") + "ws"
    assert f'data-session-websocket-url="{websocket}"' in page
    port = server_url.rsplit(":", 1)[1].rstrip("/")
    status, page = fetch(server_url, {"Host": f"localhost:{port}"})
    assert status == 200
    assert f'data-session-websocket-url="ws://localhost:{port}/ws"' in page


def test_the_server_refuses_other_sites(server_url: str) -> None:
    port = server_url.rsplit(":", 1)[1].rstrip("/")
    status, text = fetch(server_url, {"Host": f"evil.example:{port}"})
    assert status == 403
    assert "only to addresses of this machine" in text
    status, text = fetch(server_url, {"Host": "127.0.0.1:1"})
    assert status == 403
    assert f"answers on port {port}" in text
    assert "127.0.0.1:1/" not in text
    status, text = fetch(server_url + "ws", {"Origin": "http://evil.example"})
    assert status == 403
    assert "'http://evil.example' may not use this game" in text
