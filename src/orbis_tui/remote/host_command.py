"""``orbis host``: open the store, say what is exposed, and serve the tables until stopped.

The command's own part of hosting: what the server writes is its owner's only; a
port that cannot be listened on is said before anything starts; listening beyond
loopback, or letting table requests give their seed, is warned about; the store is
opened (SQLite or PostgreSQL) and the host's key made or found; then the
:class:`~.table_server.TableServer` serves until Ctrl+C, and the host is told where
the tables are, where the store is (without a password) and where their key is.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from pathlib import Path

from aiohttp import web

from ..i18n import gettext as _
from ..printable import MAX_LINE, printable
from ..web.guard import is_loopback, log_bad_requests_briefly
from .host_key import HostKey, default_key_file, ensure_host_key
from .store_types import StoreError
from .table_server import DEFAULT_BROWSER_SEATS, TableServer


def host_tables(
    host: str,
    port: int,
    store_where: str,
    public_url: str | None = None,
    *,
    max_browser_seats: int = DEFAULT_BROWSER_SEATS,
    allow_seeded_tables: bool = False,
    host_key_file: Path | None = None,
    new_host_key: bool = False,
) -> int:
    """``orbis host``: open the store, warn if exposed, serve until interrupted."""
    from ..web.serve import listen_problem
    from .store import open_store

    # What the server writes (the store with the true deal, its journals, the browser
    # seats' folders) is its owner's only.
    os.umask(0o077)
    problem = listen_problem(host, port)
    if problem is not None:
        message = _("orbis host: cannot listen on {host}:{port}: {problem}")
        print(message.format(host=host, port=port, problem=problem), file=sys.stderr)
        return 1
    if not is_loopback(host):
        warning = _(
            "orbis host: WARNING: listening on {host}, port {port}, which other machines "
            "may reach. Anyone who can open this address can deal tables; only the holders "
            "of a table's links can play or watch it. Nothing is encrypted: for friends on "
            "the internet, put it behind a reverse proxy with TLS (see docs/remote.md)."
        )
        print(warning.format(host=host or _("every interface"), port=port), file=sys.stderr)

    if allow_seeded_tables:
        notice = _(
            "orbis host: a table request may give the seed of its deal (--allow-seeded-tables): "
            "whoever knows a seed knows that table's piles. The seats of such a table are told."
        )
        print(notice, file=sys.stderr)

    async def main() -> None:
        try:
            store = await open_store(store_where)
        except StoreError as exc:
            print(_("orbis host: {problem}").format(problem=exc), file=sys.stderr)
            raise SystemExit(1) from None
        key_file = host_key_file or default_key_file()
        try:
            key = await ensure_host_key(store, key_file, renew=new_host_key)
        except StoreError as exc:
            await store.close()
            print(_("orbis host: {problem}").format(problem=exc), file=sys.stderr)
            raise SystemExit(1) from None
        log_bad_requests_briefly()
        from ..processes import shared_by_tables, use_search_workers

        use_search_workers(shared_by_tables())  # the expert's trees: docs/bots.md
        server = TableServer(
            store,
            host=host,
            port=port,
            public_url=public_url,
            max_browser_seats=max_browser_seats,
            allow_seeded_tables=allow_seeded_tables,
        )
        runner = web.AppRunner(server.make_app(), access_log=None, handle_signals=True)
        await runner.setup()
        site = web.TCPSite(runner, host or None, port)
        await site.start()
        where = public_url or server.loopback_url()
        print(_("Orbis tables are hosted at {url}").format(url=where), flush=True)
        print(
            _("Store: {store}. Ctrl+C stops.").format(store=_shown_store(store_where)), flush=True
        )
        print(_host_key_line(key, where), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()

    # Ctrl+C (and SIGTERM) end the runner with GracefulExit: a stop asked for, not a failure
    with contextlib.suppress(KeyboardInterrupt, web.GracefulExit):
        asyncio.run(main())
    return 0


def _host_key_line(key: HostKey, url: str) -> str:
    """What the host is told of their key: where it is, and what it opens."""
    from ..i18n import gettext as _

    if key.other_key is not None:
        return _(
            "{file} holds another key than this store's host's key: it was left as it is. "
            "Name the store's key with --host-key-file, or make a new one with "
            "--new-host-key --host-key-file NEW-FILE."
        ).format(file=printable(key.other_key, MAX_LINE))
    if key.file is None:
        return _(
            "The host's key of this store was made by another server (or its file was "
            "lost): copy that file here, or start once with --new-host-key. "
            "Your tables: {url}/host"
        ).format(url=url)
    said = _("A new host's key is in {file} (yours only).") if key.made else ""
    listing = _("Your tables: {url}/host, or orbis table list --server {url}")
    shown = printable(key.file, MAX_LINE)
    return "\n".join(part for part in (said, listing) if part).format(file=shown, url=url)


def _shown_store(where: str) -> str:
    """The store named without a password."""
    if "://" in where and "@" in where:
        scheme, rest = where.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return str(Path(where).expanduser())
