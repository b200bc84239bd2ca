"""Which requests a web server of Orbis answers: the guard against pages of other sites
and DNS rebinding, and the host names it reads.

Both ``orbis serve`` (:mod:`orbis_tui.web.serve`, :mod:`orbis_tui.web.server`) and the
table server (:mod:`orbis_tui.remote.table_server`) put it in front of their pages; it
knows nothing of them.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..printable import printable

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})


def is_loopback(host: str) -> bool:
    """True for a name or address that only this machine can reach."""
    name = host.strip().strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False  # another name, or "" / 0.0.0.0 / :: (every interface)


@dataclass(frozen=True)
class RequestGuard:
    """Which requests the server answers, against pages of other sites and DNS rebinding.

    Browsers let any page open a websocket to any address, loopback included, so a page
    from another site could otherwise drive a game here. A request must name a host of
    the right form on the server's own ``port`` (the page's URLs are made of it); a
    request whose ``Origin`` is not the address it was sent to is refused. On a
    loopback server, the host must also be a loopback one (or the public URL's host): a
    name of another site that was made to resolve to this machine is refused.
    """

    loopback_only: bool
    port: int
    public_url: str | None = None

    def refusal(self, host_header: str | None, origin: str | None) -> str | None:
        """Why a request is refused, or None when it is answered."""
        host = (host_header or "").lower()
        public = urlsplit(self.public_url).netloc.lower() if self.public_url else None
        if host != public:
            parts = split_host(host)
            if parts is None:
                return f"{_quoted(host)} is not a host name"
            name, port = parts
            if (80 if port is None else port) != self.port:
                return f"this server answers on port {self.port}, not at {_quoted(host)}"
            if self.loopback_only and not is_loopback(name):
                return f"this server answers only to addresses of this machine, not {_quoted(host)}"
        if origin is not None:  # "null" too: sandboxed frames and local files send it
            origin_host = urlsplit(origin).netloc.lower()
            if origin_host not in (host, public):
                return f"a page from {_quoted(origin)} may not use this game"
        return None


_HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9.-]{0,252})")
_PORT = re.compile(r"[0-9]{1,5}")


def split_host(host: str) -> tuple[str, int | None] | None:
    """A ``Host`` header (``name``, ``name:port``, ``[v6]``, ``[v6]:port``) as the name
    and the port (None when it names none); None when it is none of those."""
    if host.startswith("["):
        name, bracket, rest = host[1:].partition("]")
        try:
            ipaddress.IPv6Address(name)
        except ValueError:
            return None
        if not bracket:
            return None
    else:
        name = host.partition(":")[0]
        rest = host[len(name) :]
        if not _HOST_NAME.fullmatch(name):
            return None
    if not rest:
        return name, None
    port_text = rest[1:]
    if not rest.startswith(":") or not _PORT.fullmatch(port_text):
        return None
    return name, int(port_text)


def _quoted(text: str) -> str:
    """A value from a request, short and printable, for a refusal."""
    return repr(printable(text[:80]) + ("…" if len(text) > 80 else ""))


# ---------------------------------------------------------------- bad requests in the log
BAD_REQUESTS_BURST = 10  # lines logged at once for malformed requests
BAD_REQUESTS_EVERY = 6.0  # then one line every this many seconds; the rest are counted


class BadRequestLog(logging.Filter):
    """Logs a malformed HTTP request (no Host header, a bad header byte, garbage) as
    one line, not the web server's traceback, and at most BAD_REQUESTS_BURST of them
    at once, then one every BAD_REQUESTS_EVERY seconds: any client that reaches the
    port could otherwise flood the server's terminal. The lines left out are counted
    in the next one."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.clock = clock
        self.left = float(BAD_REQUESTS_BURST)
        self.since = clock()
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return True
        now = self.clock()
        self.left = min(BAD_REQUESTS_BURST, self.left + (now - self.since) / BAD_REQUESTS_EVERY)
        self.since = now
        if self.left < 1:
            self.dropped += 1
            return False
        self.left -= 1
        reason = str(error.message).strip().splitlines()[0] if error.message else ""
        peer = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
        line = f"bad request from {printable(str(peer), 60)}: {printable(reason, 120)}"
        if self.dropped:
            line += f" ({self.dropped} more not logged)"
            self.dropped = 0
        record.msg, record.args = line, ()
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def log_bad_requests_briefly(clock: Callable[[], float] = time.monotonic) -> BadRequestLog:
    """Put a :class:`BadRequestLog` on the web server's log (once)."""
    logger = logging.getLogger("aiohttp.server")
    for each in logger.filters:
        if isinstance(each, BadRequestLog):
            return each
    brief = BadRequestLog(clock)
    logger.addFilter(brief)
    return brief
