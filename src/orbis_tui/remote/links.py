"""Invitation links and their secrets.

A link is ``http(s)://server/play/TABLE/TOKEN`` for a seat and
``http(s)://server/watch/TABLE/TOKEN`` for watching. The token is a random secret
(``secrets.token_urlsafe``): the store keeps only its SHA-256, and a token is compared
with :func:`hmac.compare_digest`, in constant time. A 256-bit random secret needs no
slow hash: nothing about it can be guessed from a list of likely words.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..i18n import N_
from .protocol import is_table_id, is_token

PLAY = "play"
WATCH = "watch"


def new_token() -> str:
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    """A random table id that never begins with '-': a command line reads that as an option."""
    while (table := secrets.token_urlsafe(9)).startswith("-"):
        pass
    return table


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored_hash`` (constant time)."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


@dataclass(frozen=True)
class Link:
    server: str  # http(s)://host:port, no trailing slash
    kind: str  # PLAY or WATCH
    table: str
    token: str

    def __str__(self) -> str:
        return f"{self.server}/{self.kind}/{self.table}/{self.token}"

    @property
    def websocket(self) -> str:
        scheme = "wss" if self.server.startswith("https:") else "ws"
        return f"{scheme}{self.server[self.server.index(':') :]}/ws"


def parse_link(text: str) -> Link:
    """The link in ``text`` (raises ValueError saying what is wrong, in a marked text:
    gettext says it in the player's language)."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(N_("an invitation link starts with http:// or https://"))
    pieces = parts.path.strip("/").split("/")
    if len(pieces) < 3 or pieces[-3] not in (PLAY, WATCH):
        raise ValueError(N_("an invitation link ends with /play/TABLE/TOKEN or /watch/TABLE/TOKEN"))
    kind, table, token = pieces[-3:]
    if not is_table_id(table) or not is_token(token):
        raise ValueError(N_("the link's table or token is damaged (copy the whole link)"))
    prefix = "/".join(pieces[:-3])
    server = f"{parts.scheme}://{parts.netloc}" + (f"/{prefix}" if prefix else "")
    return Link(server, kind, table, token)
