"""What the table takes and what it refuses, and to whom it says so."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orbis_tui.engine import format_action
from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import TableMirror, parse_table

from .raw import as_change, as_table, raw_socket
from .server_helpers import new_table, running_server


def test_undo_stale_and_wrong_seat_refusals_reach_only_that_seat(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 2)
            assert links[0] and links[1]
            async with raw_socket(links[0]) as a, raw_socket(links[1]) as b:
                table = await a.next("table")
                await b.next("table")
                mirror = TableMirror()
                mirror.update(parse_table(as_table(table)).record)
                assert mirror.match is not None
                state = mirror.match.state
                mover, other = (a, b) if state.current == 0 else (b, a)
                # the wrong seat: refused, to that seat only, nothing changes
                entry = format_action(state.decision_actions()[0])
                await other.send(p.act(0, entry))
                refused = await other.next("refused")
                assert refused["code"] == p.NOT_YOUR_TURN and refused["n"] == 0
                # an illegal entry names the rule
                await mover.send(p.act(0, "god nosuch"))
                assert (await mover.next("refused"))["code"] == p.ILLEGAL
                await mover.send(p.act(0, "take 1"))
                after = await mover.next("moved")
                assert after["n"] == 1 and after["entries"] == ["take 1"]
                assert (await other.next("moved"))["n"] == 1
                # a stale count is refused
                await mover.send(p.act(0, "take 2"))
                assert (await mover.next("refused"))["code"] == p.STALE
                # undo within the turn: every seat sees it
                await other.send(p.undo(1))
                assert (await other.next("refused"))["code"] == p.NOT_YOUR_TURN
                await mover.send(p.undo(1))
                undone = await mover.next("moved")
                assert undone["n"] == 0 and undone["back"] == 1 and undone["entries"] == []
                assert (await other.next("moved"))["n"] == 0
                await mover.send(p.undo(0))
                assert (await mover.next("refused"))["code"] == p.NO_UNDO
                async with raw_socket(watch) as watcher:
                    seen = await watcher.next("table")
                    assert seen["seat"] is None and seen["n"] == 0
                    await watcher.send(p.act(0, "take 1"))
                    assert (await watcher.next("refused"))["code"] == p.WATCHING

    asyncio.run(main())


def test_no_message_holds_the_hidden_order(tmp_path: Path) -> None:
    """A seat's table never carries the piles' order or the seed: the unseen tiles
    come in the canonical order, and the public record replays to the same public
    position as the true one."""

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0]
            async with raw_socket(links[0]) as a:
                table = await a.next("table")
                room = server.rooms[links[0].table]
                record = table["record"]
                assert "seed" not in record["setup"]
                for pile in record["setup"]["deal"]["piles"]:
                    assert pile == sorted(pile)
                deal = room.record.setup.deal
                assert deal is not None
                true_piles = deal.piles
                assert any(list(t) != sorted(t) for t in true_piles)
                mirror = TableMirror()
                mirror.update(parse_table(as_table(table)).record)
                assert mirror.match is not None
                assert mirror.match.state.public_signature() == room.match.state.public_signature()

    asyncio.run(main())


def test_a_second_connection_replaces_the_first(tmp_path: Path) -> None:
    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0]
            async with raw_socket(links[0]) as first:
                await first.next("table")
                async with raw_socket(links[0]) as second:
                    table = await second.next("table")
                    assert table["seats"][0]["here"]
                    assert await first.closed_with() == p.REPLACED

    asyncio.run(main())


def test_changes_reveal_only_the_tiles_turned_up(tmp_path: Path) -> None:
    """A watcher follows a whole game from its changes alone: after each one its table
    is the true table's public position, and no change names a tile still face down."""
    from orbis_tui.engine import parse_action
    from orbis_tui.records import GameRecord, Match
    from orbis_tui.remote.seatbot import play_seat, random_chooser

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 2)
            async with raw_socket(watch) as watcher:
                messages = [await watcher.next("table")]
                game = asyncio.gather(
                    *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
                )
                while "final" not in messages[-1]:
                    messages.append(await watcher.next("change"))
                await game
            room = server.rooms[watch.table]
            truth = Match(GameRecord(setup=room.record.setup))
            mirror = TableMirror()
            moved = 0
            for message in messages[:-1]:  # the last one is the whole true record
                before = list(truth.state.pile_pos)
                view = mirror.take(as_change(message))
                assert view is not None and mirror.match is not None
                for entry in room.record.actions[len(truth.record.actions) : view.count]:
                    truth.play(parse_action(entry))
                state = mirror.match.state
                assert state.public_signature() == truth.state.public_signature()
                if message["t"] == "moved":
                    moved += 1
                    piles = truth.state.piles
                    turned_up = [
                        [tile.id for tile in pile[start:pos]]
                        for pile, start, pos in zip(
                            piles, before, truth.state.pile_pos, strict=True
                        )
                    ]
                    assert message["drawn"] == turned_up
            assert moved > 50

    asyncio.run(main())


def test_a_seat_screen_session_follows_a_whole_game_by_its_changes(tmp_path: Path) -> None:
    """The session of a seat's screen (its match, its finished turns, its log) takes
    every change of a whole game as it comes: its turns are the true game's."""
    from orbis_tui.records import Match
    from orbis_tui.remote.seatbot import play_seat, random_chooser
    from orbis_tui.tui.core.history import TurnHistory
    from orbis_tui.tui.core.remote_session import RemoteSession

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, watch, _ = await new_table(server, 3, {3: "easy"})
            async with raw_socket(watch) as watcher:
                messages = [await watcher.next("table")]
                game = asyncio.gather(
                    *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
                )
                while "final" not in messages[-1]:
                    messages.append(await watcher.next("change"))
                await game
            mirror = TableMirror()
            view = mirror.take(as_change(messages[0]))
            assert view is not None
            session = RemoteSession(mirror, view, lambda _text: None)
            for message in messages[1:-1]:
                view = mirror.take(as_change(message))
                assert view is not None
                session.take_view(view)
                session.history.update()  # the finished turns, replayed as they come
                session.logbook.lines()
            room = server.rooms[watch.table]
            truth = TurnHistory(Match(room.record))
            mine = [(t.seat, t.round) for t in session.history.update()]
            assert mine == [(t.seat, t.round) for t in truth.update()][: len(mine)]
            assert len(mine) > 30

    asyncio.run(main())


def test_a_take_back_asked_again_before_the_table_answers_is_sent_once(tmp_path: Path) -> None:
    """Undo typed twice at a seat played apart: the first asks the table, the second
    says that it is asked already (it used to say "Taken back" twice, and send a second
    ask the server refused); the table's answer ends the wait."""
    from orbis_tui.plain import texts as plain_texts
    from orbis_tui.plain.seat import PlainSeat
    from orbis_tui.tui.core.remote_session import RemoteSession

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _watch, _ = await new_table(server, 2)
            mover_seat = server.rooms[links[0].table if links[0] else ""].match.state.current
            link = links[mover_seat]
            assert link is not None
            async with raw_socket(link) as mover:
                mirror = TableMirror()
                mirror.take(as_change(await mover.next("table")))
                await mover.send(p.act(0, "take 1"))
                view = mirror.take(as_change(await mover.next("moved")))
                assert view is not None
                sent: list[str] = []
                session = RemoteSession(mirror, view, sent.append)
                assert session.undo_on_its_way() is None
                assert PlainSeat._undo(session) == "Taken back: take 1."
                assert session.undo_on_its_way() == "take 1"
                said = PlainSeat._undo(session)
                assert said == plain_texts.UNDO_ON_ITS_WAY.format(what="take 1")
                assert len(sent) == 1  # the one ask, at the count it was made
                await mover.send(sent[0])
                view = mirror.take(as_change(await mover.next("moved")))
                assert view is not None
                session.take_view(view)
                assert session.undo_on_its_way() is None
                assert session.undo() is None  # the turn begins again: nothing to take back

    asyncio.run(main())
