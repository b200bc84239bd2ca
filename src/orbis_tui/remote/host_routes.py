"""The host's own requests at the table server: the /host page, the table list, a new link.

Each request but the page carries the host's key (``Authorization: Bearer KEY``, see
:mod:`.host_key`); the page asks for it in the browser and keeps it in that tab only.
The list shows every table of the store (the newest MAX_LISTED) as the host's list
shows it: players, whose turn, who is here, no link and no hidden tile; a table that
cannot be read is listed as damaged. A reissued link replaces a person's lost one:
the old one opens nothing from then on. :class:`HostRoutes` answers these for the
table server, over its store, its tables and its address.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

from ..i18n import N_
from ..printable import printable
from . import protocol as p
from .host_key import is_host_key
from .links import PLAY, Link
from .room import Room
from .store_types import StoreUnavailable, TableStore

log = logging.getLogger("orbis.host")

NOT_THE_HOST = "this needs the host's key (Authorization: Bearer KEY; orbis host says where it is)"
MAX_LISTED = 500  # tables in the host's list: the newest

HOST_PAGE_TEXTS = {
    "title": N_("Orbis: the tables of this server"),
    "key": N_("The host's key:"),
    "show": N_("Show the tables"),
    "where": N_(
        "The key is in the file that orbis host named when it started. It stays in this tab only."
    ),
    "caption": N_("The tables, newest first (● a player at the table now)"),
    "table": N_("Table"),
    "players": N_("Players"),
    "turn": N_("To move"),
    "actions": N_("Actions"),
    "links": N_("Lost links"),
    "over": N_("the game is over"),
    "damaged": N_("cannot be read: see the server's log"),
    "none": N_("No table yet."),
    "reissue": N_("New link for {name}"),
    "confirm": N_(
        "Give {name} a new link? Their old link will open nothing any more, and a screen "
        "open with it is closed."
    ),
    "reissued": N_("{name} has a new link: give it to them, and to nobody else."),
}


def host_page() -> str:
    """The host's page, in the server's language."""
    import jinja2

    from ..i18n import gettext as _
    from ..i18n import language
    from ..web.server import PAGE_FOLDER

    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(PAGE_FOLDER), autoescape=True)
    texts = {name: _(text) for name, text in HOST_PAGE_TEXTS.items()}
    return environment.get_template("host_tables.html").render(lang=language(), texts=texts)


class HostRoutes:
    def __init__(
        self,
        store: TableStore,
        room: Callable[[str], Awaitable[Room | None]],
        base_url: Callable[[web.Request], str],
    ) -> None:
        self.store = store
        self.room = room  # the table of an id, loaded if it is not yet (None: no such table)
        self.base_url = base_url  # the server's address, as the request reached it

    async def _is_host(self, request: web.Request) -> bool:
        """Whether the request carries the host's key (``Authorization: Bearer KEY``)."""
        scheme, _sep, key = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "bearer":
            return False
        return is_host_key(key.strip(), await self.store.host_key_hash())

    async def handle_host_tables(self, request: web.Request) -> web.StreamResponse:
        """Every table of the store, as the host's list shows it (no seat's link)."""
        try:
            if not await self._is_host(request):
                return web.json_response({"error": NOT_THE_HOST}, status=401)
            listed = (await self.store.table_list())[-MAX_LISTED:]
            tables = []
            for table_id, finished in reversed(listed):
                room = await self.room(table_id)
                if room is not None:
                    tables.append(room.summary())
                else:
                    tables.append({"table": table_id, "finished": finished, "damaged": True})
        except StoreUnavailable:
            return web.json_response({"error": p.STORE_AWAY_NOW}, status=503)
        return web.json_response({"tables": tables})

    async def handle_reissue(self, request: web.Request) -> web.StreamResponse:
        """A new link for a person's seat; the old one opens nothing from now on."""
        table, seat_text = request.match_info["table"], request.match_info["seat"]
        try:
            if not await self._is_host(request):
                return web.json_response({"error": NOT_THE_HOST}, status=401)
            room = await self.room(table) if p.is_table_id(table) else None
            if room is None:
                return web.json_response({"error": "no such table"}, status=404)
            seat = int(seat_text) - 1 if seat_text.isascii() and seat_text.isdigit() else -1
            token = await room.reissue(seat)
        except StoreUnavailable:
            return web.json_response({"error": p.STORE_AWAY_NOW}, status=503)
        if token is None:
            message = f"seat {printable(seat_text, 8)} is not a person's seat of this table"
            return web.json_response({"error": message}, status=404)
        link = str(Link(self.base_url(request), PLAY, table, token))
        log.info("table %s: seat %d has a new link; the old one opens nothing now", table, seat)
        return web.json_response({"table": table, "seat": seat + 1, "link": link})

    async def handle_host_page(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=host_page(), content_type="text/html")
