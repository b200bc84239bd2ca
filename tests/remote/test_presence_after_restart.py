"""Who is said to come and go after the table server is started again: nobody has
left because the server went away (each screen connects again by itself), so nobody
is said to leave nor to be back; a real departure afterwards still is, with its
grace. The first arrival at a table takes a seat, and is not "back"."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from orbis_tui.i18n import gettext
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link
from orbis_tui.tui import texts
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen

from .raw import raw_socket
from .server_helpers import free_port, running_server, url
from .test_join_app import _until


def test_a_restart_says_nobody_left_and_a_first_arrival_takes_a_seat(tmp_path: Path) -> None:
    port = free_port()
    said: list[str] = []

    async def main() -> None:
        async with AsyncExitStack() as first:
            server = await first.enter_async_context(running_server(tmp_path / "t.db", port))
            answer = await create_table_request(url(server), 3, {3: "easy"}, ["Ada", "Bo", "Eve"])
            ada, bo = (parse_link(s["link"]) for s in answer["seats"][:2])
            app = JoinApp(ada, tmp_path / "data", config_dir=tmp_path / "config")
            shown = app.notify

            def notify(message: str, **kwargs: Any) -> None:
                said.append(message)
                shown(message, **kwargs)

            app.notify = notify  # type: ignore[method-assign]
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))

                def bo_here() -> bool:
                    return app.session is not None and app.session.view.seats[1].here

                async with raw_socket(bo) as b:
                    await b.next("table")
                    await _until(pilot, bo_here)
                    joined = gettext(texts.SEAT_JOINED).format(name="Bo")
                    assert joined in said  # the first time: not "back"
                    assert gettext(texts.SEAT_BACK).format(name="Bo") not in said
                    await first.aclose()  # the server stops, Bo's connection still open
                    del said[:]
                async with running_server(tmp_path / "t.db", port):
                    # Ada's screen connects again first: Bo is not there yet
                    back = gettext(texts.JOIN_BACK)
                    await _until(pilot, lambda: back in said)
                    assert app.session is not None and not app.session.view.seats[1].here
                    async with raw_socket(bo) as b:
                        await b.next("table")
                        await _until(pilot, bo_here)
                        assert said == [back]  # neither "left" nor "back"
                    # a real departure is said, with its grace
                    away = gettext(texts.SEAT_AWAY_GRACE).format(name="Bo", seconds=30)
                    await _until(pilot, lambda: away in said)
                    async with raw_socket(bo) as b:
                        await b.next("table")
                        back_again = gettext(texts.SEAT_BACK).format(name="Bo")
                        await _until(pilot, lambda: said[-1] == back_again)
                    await pilot.press("q")

    asyncio.run(main())
