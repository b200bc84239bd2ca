"""A computer player at a table played apart that cannot move (its search raises):
every seat is told, with the error in one line, and the level just below plays the
seat on, rather than the table waiting for ever with nobody told."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from orbis_tui.engine import Action, GameState
from orbis_tui.remote.seatbot import play_seat, random_chooser

from .conftest import NO_POSTGRES, POSTGRES_URL
from .raw import raw_socket
from .server_helpers import new_table, running_server

ERROR = "RuntimeError: the search broke"


class _Broken:
    """A computer player whose every search raises."""

    def choose(self, state: GameState) -> Action:
        raise RuntimeError("the search broke\nwith a second line")


@pytest.fixture
def broken_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert level (and only it) cannot move."""
    import orbis_tui.bots as bots

    real = bots.make_bot

    def made(level: str, seed: int, **options: Any) -> Any:
        return _Broken() if level == "expert" else real(level, seed, **options)

    monkeypatch.setattr(bots, "make_bot", made)


@pytest.mark.timeout(300)  # a bound only: each wait below has its own
@pytest.mark.usefixtures("broken_expert")
def test_a_computer_seat_that_cannot_move_is_told_to_every_seat_and_a_weaker_level_plays_on(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 2, {2: "expert"})
            ada = links[0]
            assert ada is not None
            async with raw_socket(watch) as watcher:
                playing = asyncio.create_task(play_seat(ada, random_chooser(3), stop_after=16))
                while True:  # each message within the raw socket's 10 seconds
                    seen = (await watcher.next("change"))["seats"][1]
                    if seen.get("failed"):
                        break
                assert seen["failed"] == ERROR and seen["stand_in"] == "hard"
                run = await playing  # the game goes on past the expert's turn
            assert run.refusals == []
            (room,) = server.rooms.values()
            assert room.count >= 16 and room.bot_moves > 0 and room.failed == {}
            (entry,) = room.record.stand_ins or []
            assert entry["seat"] == 1 and entry["level"] == "hard" and "to" not in entry

    asyncio.run(main())


@pytest.mark.timeout(300)  # a bound only: each wait below has its own
@pytest.mark.usefixtures("broken_expert")
@pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)
def test_the_failure_is_told_at_every_server_process_of_one_database() -> None:
    """Two servers on one PostgreSQL: the seats of each are told that the computer
    player failed, whichever plays it; before, only that one's seats were."""
    from .test_several_servers import at, two_servers, until

    async def main() -> None:
        async with two_servers() as (one, other):
            links, watch, _ = await new_table(one, 2, {2: "expert"})
            ada = links[0]
            assert ada is not None and watch is not None
            async with raw_socket(watch) as here, raw_socket(at(watch, other)) as there:
                playing = asyncio.create_task(play_seat(ada, random_chooser(3), stop_after=16))
                for watcher in (here, there):
                    while True:  # each message within the raw socket's 10 seconds
                        seen = (await watcher.next("change"))["seats"][1]
                        if seen.get("failed"):
                            break
                    assert seen["failed"] == ERROR and seen["stand_in"] == "hard"
                run = await playing
            assert run.refusals == []
            for server in (one, other):
                room = server.rooms[watch.table]
                await until(lambda room=room: room.failed == {})

    asyncio.run(main())
