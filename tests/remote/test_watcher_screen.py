"""A watcher's screen (the watching link) says that it only watches: its status line,
its panel and its terminal's title."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orbis_tui.i18n import gettext
from orbis_tui.tui import texts
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen
from orbis_tui.tui.widgets.info import StatusLine
from orbis_tui.tui.widgets.panel import DecisionPanel

from .raw import raw_socket
from .server_helpers import new_table, running_server
from .test_join_app import _until


def _table_shown(app: JoinApp) -> bool:
    """The table's screen is up with its panels (a screen is shown before its
    widgets are all mounted)."""
    screen = app.screen
    return isinstance(screen, RemoteTableScreen) and bool(
        screen.query(DecisionPanel) and screen.query(StatusLine)
    )


def test_a_watchers_screen_and_title_say_that_it_watches(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 3, {3: "easy"})
            ada, bo = links[0], links[1]
            assert ada is not None and bo is not None
            app = JoinApp(watch, tmp_path / "data", config_dir=tmp_path / "config")
            async with (
                app.run_test(size=(80, 24)) as pilot,
                raw_socket(ada) as a,
                raw_socket(bo) as b,
            ):
                await a.next("table")
                await b.next("table")
                await _until(pilot, lambda: _table_shown(app))
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                status = screen.query_one(StatusLine)
                panel = screen.query_one(DecisionPanel)
                watching = gettext(texts.WATCHING_PANEL)
                await _until(pilot, lambda: watching in "\n".join(panel.plain_lines()))
                assert str(status.plain()).startswith(gettext(texts.WATCHING_STATUS) + " · ")
                assert app.title == gettext(texts.WATCHING_TITLE)
                await pilot.press("q")
            # a seat's screen says nothing of the kind
            app = JoinApp(ada, tmp_path / "data", config_dir=tmp_path / "config")
            async with app.run_test(size=(80, 24)) as pilot:
                await _until(pilot, lambda: _table_shown(app))
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                await pilot.pause()
                status_text = str(screen.query_one(StatusLine).plain())
                assert status_text and not status_text.startswith(gettext(texts.WATCHING_STATUS))
                assert watching not in "\n".join(screen.query_one(DecisionPanel).plain_lines())
                assert app.title != gettext(texts.WATCHING_TITLE)
                await pilot.press("q")

    asyncio.run(main())
