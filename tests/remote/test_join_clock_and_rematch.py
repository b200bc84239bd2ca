"""``orbis join``'s app at a table with a turn clock, and its end screen's rematch."""

from __future__ import annotations

import asyncio
import re
import time
from contextlib import AsyncExitStack
from dataclasses import replace
from pathlib import Path

import pytest

from orbis_tui.i18n import gettext
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.seatbot import play_seat, random_chooser
from orbis_tui.remote.store import open_store
from orbis_tui.tui import texts
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import RemoteTableScreen, SeatEndScreen
from orbis_tui.tui.widgets.info import StatusLine

from .conftest import NO_POSTGRES, POSTGRES_URL, own_schema
from .raw import raw_socket
from .server_helpers import running_server, url
from .test_join_app import _until


class Wall:
    def __init__(self) -> None:
        # From the real time: other servers on the same test database keep theirs.
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


def test_the_seat_sees_its_time_run_out_and_takes_its_seat_back_with_m(tmp_path: Path) -> None:
    async def main() -> None:
        wall = Wall()
        async with running_server(
            tmp_path / "t.db", wall_clock=wall, clock_tick=None, bot_pause=0.0
        ) as server:
            answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"], (120, "easy"))
            links = [parse_link(s["link"]) for s in answer["seats"]]
            room = server.rooms[links[0].table]
            mover = room.match.state.current
            app = JoinApp(links[mover], tmp_path / "data")
            async with app.run_test(size=(80, 24)) as pilot:  # the clock fits in 80 columns
                await _until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
                screen = app.screen
                assert isinstance(screen, RemoteTableScreen)
                status = screen.query_one(StatusLine)
                name = ["Ada", "Bo"][mover]
                shown = re.compile(rf"· {name} · [12]:[0-5][0-9] left ·")  # counted down here
                width = status.size.width - 2  # what the line shows, not cut
                await _until(pilot, lambda: shown.search(str(status.plain())[:width]) is not None)
                wall.now += 121
                assert await server.check_clocks() == 1
                await _until(pilot, lambda: screen.remote.out_of_time(mover))
                told = [str(n.message) for n in app._notifications]
                mine = gettext(texts.CLOCK_MINE_RAN_OUT).format(level=texts.level_name("easy"))
                assert mine in told
                await pilot.press("m")  # the seat is this player's again
                await _until(pilot, lambda: room.stand_in(mover) is None)
                await _until(pilot, lambda: not screen.remote.out_of_time(mover))
                await pilot.press("q")

    asyncio.run(main())


def test_the_end_screen_accepts_a_rematch_with_n_and_moves_to_the_new_table(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"])
            ada, bo = (parse_link(s["link"]) for s in answer["seats"])
            await asyncio.gather(
                play_seat(ada, random_chooser(1)), play_seat(bo, random_chooser(2))
            )
            old = server.rooms[ada.table]
            app = JoinApp(bo, tmp_path / "data")
            async with app.run_test(size=(100, 30)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, SeatEndScreen))
                end = app.screen
                assert isinstance(end, SeatEndScreen)
                assert end.check_action("rematch", ("ask",)) is True
                assert end.check_action("rematch", ("yes",)) is False
                async with raw_socket(ada) as asker:
                    await asker.next("table")
                    await asker.send(p.rematch(True))
                    await _until(pilot, lambda: end.check_action("rematch", ("yes",)) is True)
                    asked = gettext(texts.REMATCH_ASKED).format(name="Ada")
                    assert asked in [str(n.message) for n in app._notifications]
                    await pilot.press("n")  # accept
                    assert await asker.closed_with(timeout=30) == p.MOVED
                await _until(pilot, lambda: old.next_table is not None)
                await _until(
                    pilot,
                    lambda: (
                        isinstance(app.screen, RemoteTableScreen)
                        and app.session is not None
                        and app.session.table_id == old.next_table
                    ),
                )
                await pilot.press("q")

    asyncio.run(main())


@pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)
def test_the_end_screen_says_who_declined_at_another_server(tmp_path: Path) -> None:
    """Bo's app at server B asks for a rematch; Ada declines at server A: Bo's screen
    says that Ada declined (the offer used to vanish there without a word)."""

    async def main() -> None:
        async with AsyncExitStack() as stack:
            database = await stack.enter_async_context(own_schema())
            a, b = [
                await stack.enter_async_context(
                    running_server(await open_store(database), bot_pause=0.0)
                )
                for _ in range(2)
            ]
            answer = await create_table_request(url(a), 2, {}, ["Ada", "Bo"])
            ada, bo = (parse_link(s["link"]) for s in answer["seats"])
            await asyncio.gather(
                play_seat(ada, random_chooser(1)), play_seat(bo, random_chooser(2))
            )
            app = JoinApp(replace(bo, server=url(b)), tmp_path / "data")
            async with app.run_test(size=(100, 30)) as pilot, raw_socket(ada) as at_a:
                await at_a.next("table")
                await _until(pilot, lambda: isinstance(app.screen, SeatEndScreen))
                await pilot.press("n")  # Bo asks, at server B
                async with asyncio.timeout(30):
                    while (await at_a.next("change")).get("rematch") != {"yes": [1], "by": 1}:
                        pass
                await at_a.send(p.rematch(False))  # Ada declines, at server A
                declined = gettext(texts.REMATCH_DECLINED).format(name="Ada")
                await _until(
                    pilot, lambda: declined in [str(n.message) for n in app._notifications]
                )
                await pilot.press("q")

    asyncio.run(main())
