"""``orbis serve``: the app in a web browser, one game process per browser tab.

This module decides what is served and how safely; the web server itself lives in
:mod:`orbis_tui.web.server`, imported only when serving starts, so that the ``orbis``
command does not load textual-serve or aiohttp for anything else.
"""

from __future__ import annotations

import errno
import ipaddress
import shlex
import socket
import sys
from contextlib import suppress
from pathlib import Path
from urllib.parse import urlsplit

from ..i18n import gettext as _
from ..paths import default_data_dir
from ..printable import printable
from .guard import RequestGuard, is_loopback

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def parse_port(text: str) -> int:
    """A TCP port number from 1 to 65535 (raises ValueError with the reason)."""
    try:
        port = int(text)
    except ValueError:
        raise ValueError(
            _("{text} is not a port number (1 to 65535)").format(text=repr(text))
        ) from None
    if not 1 <= port <= 65535:
        raise ValueError(_("{text} is not a port number (1 to 65535)").format(text=port))
    return port


MAX_HOST = 253  # characters of a host name (RFC 1035)


def parse_host(text: str) -> str:
    """An address or host name to listen on ("": every interface), as given; raises
    ValueError with the reason for anything a resolver could not take."""
    with suppress(ValueError):
        ipaddress.ip_address(text.strip("[]"))
        return text
    wrong = (
        len(text) > MAX_HOST
        or not text.isprintable()
        or any(char.isspace() or char in "/?#@" for char in text)
    )
    if not wrong:
        try:
            text.encode("idna")
        except UnicodeError:  # an empty or too long label, a character names cannot hold
            wrong = True
    if wrong:
        raise ValueError(
            _("{text} is not a host name or address").format(text=printable(repr(text)))
        )
    return text


def parse_public_url(text: str) -> str:
    """An http(s) address without a trailing slash (raises ValueError with the reason)."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(_("{text} is not an http:// or https:// address").format(text=repr(text)))
    if parts.query or parts.fragment:
        raise ValueError(_("{text}: give the address without ? or #").format(text=repr(text)))
    return text.strip().rstrip("/")


def exposure_warning(host: str, port: int, data_dir: Path | None) -> str | None:
    """The warning to print when the server can be reached from other machines."""
    if is_loopback(host):
        return None
    where = data_dir if data_dir is not None else default_data_dir()
    shown = printable(host) if host else _("every interface")
    warning = _(
        "orbis serve: WARNING: listening on {host}, port {port}, which other machines "
        "may reach. There is no authentication: anyone who can open this address can "
        "play, start and abandon games, and read the saves in {folder}. "
        "Serve on {default} (the default) unless every machine on the network is trusted."
    )
    return warning.format(host=shown, port=port, folder=where, default=DEFAULT_HOST)


FOLDER_WAIT = 5.0  # seconds a tab's game waits for the data folder another tab is leaving


def app_command(
    data_dir: Path | None = None,
    players: int | None = None,
    seed: int | None = None,
    lang: str | None = None,
) -> str:
    """The shell command each browser tab runs: this installation's own ``orbis play``.

    The interpreter running now is named in full, so the command works from a virtual
    environment whose ``bin`` folder is not on PATH. textual-serve runs it through the
    shell, hence the quoting; ``exec`` leaves one process per tab, not a shell as well.
    """
    # A reloaded page starts its game while the previous tab's game is still saving
    # and letting go of the data folder: wait for it a little rather than open read-only.
    argv = [sys.executable, "-m", "orbis_tui", "play", "--wait-for-folder", str(FOLDER_WAIT)]
    if players is not None:
        argv += ["--players", str(players)]
    if seed is not None:
        argv += ["--seed", str(seed)]
    if data_dir is not None:
        argv += ["--data-dir", str(data_dir.expanduser().resolve())]
    if lang is not None:
        argv += ["--lang", lang]
    return f"exec {shlex.join(argv)}"


def serve_app(
    host: str,
    port: int,
    data_dir: Path | None = None,
    players: int | None = None,
    seed: int | None = None,
    public_url: str | None = None,
    lang: str | None = None,
) -> int:
    """``orbis serve``: check the address, warn if it is exposed, serve until interrupted."""
    problem = listen_problem(host, port)
    if problem is not None:
        print(_cannot_listen(host, port, problem), file=sys.stderr)
        return 1
    warning = exposure_warning(host, port, data_dir)
    if warning is not None:
        print(warning, file=sys.stderr, flush=True)
    command = app_command(data_dir, players=players, seed=seed, lang=lang)
    return run_server(host, port, command, public_url)


def listen_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port``, found before it starts."""
    try:
        addresses = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
        for family, kind, proto, _name, address in addresses:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
    except OSError as exc:
        return _bind_problem(exc)
    except UnicodeError:  # a name the resolver cannot encode (idna)
        return _("no such host name or address")
    return None


def run_server(host: str, port: int, command: str, public_url: str | None = None) -> int:
    """Serve ``command`` until interrupted."""
    from .server import OrbisServer

    guard = RequestGuard(loopback_only=is_loopback(host), port=port, public_url=public_url)
    server = OrbisServer(command, host=host, port=port, guard=guard, public_url=public_url)
    try:
        server.serve()
    except OSError as exc:  # taken between the check and the start
        print(_cannot_listen(host, port, _bind_problem(exc)), file=sys.stderr)
        return 1
    return 0


def _cannot_listen(host: str, port: int, problem: str) -> str:
    message = _("orbis serve: cannot listen on {host}:{port}: {problem}")
    return message.format(host=printable(host), port=port, problem=problem)


def _bind_problem(exc: OSError) -> str:
    if isinstance(exc, socket.gaierror):
        return _("no such host name or address")
    if exc.errno == errno.EADDRINUSE:
        return _("the port is already in use (another server?); choose another --port")
    if exc.errno == errno.EADDRNOTAVAIL:
        return _("this machine has no such address")
    if exc.errno == errno.EACCES:
        return _("not allowed (ports below 1024 need special rights); choose another --port")
    return exc.strerror or str(exc)
