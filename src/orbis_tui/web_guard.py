"""Which requests ``orbis serve`` answers: the checks of a request's host and origin.

Kept apart from the server (:mod:`orbis_tui.web_server`) and from the command that
starts it (:mod:`orbis_tui.serve`), which both use it.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

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
    from another site could otherwise drive a game here. A request whose ``Origin`` is
    not the address it was sent to is refused. On a loopback server, a request must
    also name a loopback host (or the public URL's host): a name of another site that
    was made to resolve to this machine is refused.
    """

    loopback_only: bool
    public_url: str | None = None

    def refusal(self, host_header: str | None, origin: str | None) -> str | None:
        """Why a request is refused, or None when it is answered."""
        host = (host_header or "").lower()
        public = urlsplit(self.public_url).netloc.lower() if self.public_url else None
        if self.loopback_only and host != public and not is_loopback(_host_name(host)):
            return f"this server answers only to addresses of this machine, not {host!r}"
        if origin is not None:  # "null" too: sandboxed frames and local files send it
            origin_host = urlsplit(origin).netloc.lower()
            if origin_host not in (host, public):
                return f"a page from {origin} may not use this game"
        return None


def _host_name(host: str) -> str:
    """``host:port`` or ``[v6]:port`` without the port."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


__all__ = ["LOOPBACK_NAMES", "RequestGuard", "is_loopback"]
