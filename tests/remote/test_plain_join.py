"""``orbis join --plain``: a seat of a table played apart, line by line, at a real
table server; a whole game against the server's computer player."""

from __future__ import annotations

import asyncio
import queue
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from orbis_tui.plain import texts
from orbis_tui.plain.apart import JOIN_OVER
from orbis_tui.plain.commands import over_commands, worded
from orbis_tui.plain.join import PlainJoin
from orbis_tui.remote.links import Link
from orbis_tui.remote.room import Room
from orbis_tui.remote.table_server import TableServer
from orbis_tui.words.worshipers import spell_colors

from .conftest import NO_POSTGRES, POSTGRES_URL, own_schema
from .server_helpers import new_table, running_server

NUMBERED = re.compile(r"^(?:> )?([0-9]+)\. (?!not possible)")


class Typist:
    """Types an open option's number each time the seat prints its prompt, and a
    command while the other player decides; the end of the input once the game is
    over. ``readline`` runs in the seat's input thread: it waits for the prompt."""

    def __init__(self, out: Output) -> None:
        self.out = out
        self.commands = ["board", "history", "fly away"]

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            if text is None:
                return ""
            lines = text.splitlines()
            if any(over_commands(JOIN_OVER) in line for line in lines[-3:]):
                return ""
            if text.endswith("> "):
                start = max(i for i, line in enumerate(lines) if line.endswith("Options:"))
                numbers = [
                    m.group(1) for line in lines[start:] if (m := NUMBERED.match(line)) is not None
                ]
                return numbers[0] + "\n"
            if self.commands and "is deciding" in lines[-1]:
                return self.commands.pop(0) + "\n"


class Output:
    """What the seat writes, with a way for the typist to wait for more."""

    def __init__(self) -> None:
        self.text = ""
        self.changed: queue.Queue[None] = queue.Queue()
        self.closed = False

    def write(self, text: str) -> int:
        self.text += text
        self.changed.put(None)
        return len(text)

    def flush(self) -> None:
        pass

    def wait(self) -> str | None:
        try:
            self.changed.get(timeout=60)
        except queue.Empty:
            return None
        while not self.changed.empty():
            self.changed.get_nowait()
        return self.text


@pytest.mark.slow  # a whole game at a server
def test_a_whole_game_at_a_table_server_line_by_line(tmp_path: Path) -> None:
    """Each turn of this seat is said to be done once the server has played it, once."""
    out = Output()
    turns: list[int] = []

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            seat = PlainJoin(link, Typist(out), out)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 600) == 0
            assert room.match.state.is_over
            assert seat.session is not None
            assert seat.session.match.record.actions == room.record.actions
            turns.extend(t.seat for t in seat.session.history.update())

    before = spell_colors(True)
    try:
        asyncio.run(main())
    finally:
        spell_colors(before)
    text = out.text
    assert "At the table of" in text
    assert "Since your last turn:" in text
    assert "Final standings" in text
    assert "\x1b" not in text
    assert text.count("Your turn is done: you took ") == turns.count(0) > 5
    assert threading.active_count() >= 1


class Answerer:
    """Answers the plain seat's rematch question with ``answer``, once it is asked;
    then waits for the new table and its clock, and ends the input."""

    def __init__(self, out: Output, answer: str) -> None:
        self.out = out
        self.answer = answer
        self.answered = False

    def readline(self) -> str:
        from orbis_tui.i18n import gettext
        from orbis_tui.tui import texts as app_texts

        while True:
            text = self.out.wait()
            if text is None:
                return ""
            if not self.answered and "asks for a rematch: type 1 or accept" in text:
                self.answered = True
                return self.answer + "\n"
            dealt = text.rfind(gettext(app_texts.REMATCH_DEALT))
            if dealt >= 0 and " left" in text[dealt:]:
                return ""


def test_the_plain_seat_accepts_a_rematch_and_moves_to_the_new_table(tmp_path: Path) -> None:
    """A whole game between two program seats; then one asks for a rematch, and the
    plain seat, at the end screen, answers 1 (accept): both sit at the new deal, whose
    clock the plain seat says."""
    from orbis_tui.remote import protocol as p
    from orbis_tui.remote.client import create_table_request
    from orbis_tui.remote.links import parse_link
    from orbis_tui.remote.seatbot import play_seat, random_chooser

    from .raw import raw_socket
    from .server_helpers import url

    out = Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"], (120, "easy"))
            ada, bo = (parse_link(s["link"]) for s in answer["seats"])
            await asyncio.gather(
                play_seat(ada, random_chooser(1)), play_seat(bo, random_chooser(2))
            )
            seat = PlainJoin(bo, Answerer(out, "1"), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            async with raw_socket(ada) as asker:
                await asker.next("table")
                for _ in range(500):  # until the plain seat has told its end
                    if worded(texts.JOIN_REMATCH_OFFER) in out.text:
                        break
                    await asyncio.sleep(0.02)
                await asker.send(p.rematch(True))
                assert await asker.closed_with(timeout=60) == p.MOVED
            assert await asyncio.wait_for(running, 120) == 0
            old = server.rooms[ada.table]
            assert old.next_table is not None
            assert seat.session is not None and seat.session.table_id == old.next_table

    asyncio.run(main())
    assert (
        "Ada asks for a rematch: type 1 or accept to accept, 2 or decline to decline." in out.text
    )
    after = out.text.split("The rematch is dealt: the same seats at a new table.")[1]
    assert re.search(r"(Ada|Bo): [12]:[0-5][0-9] left", after)  # the new table's clock


class Scripted:
    """Types each answer once its cue shows in the seat's output; then ends the input
    once ``done()`` holds."""

    def __init__(self, out: Output, script: list[tuple[str, str]], done: Any) -> None:
        self.out = out
        self.script = list(script)
        self.done = done

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            if text is None or (not self.script and self.done()):
                return ""
            if self.script and self.script[0][0] in text:
                return self.script.pop(0)[1] + "\n"


@pytest.mark.skipif(POSTGRES_URL is None, reason=NO_POSTGRES)
def test_the_plain_seat_says_who_declined_at_another_server(tmp_path: Path) -> None:
    """Bo's plain seat at server B asks for a rematch; Ada declines at server A: Bo is
    told that Ada declined (the offer used to vanish there without a word)."""
    from contextlib import AsyncExitStack
    from dataclasses import replace

    from orbis_tui.i18n import gettext
    from orbis_tui.remote import protocol as p
    from orbis_tui.remote.client import create_table_request
    from orbis_tui.remote.links import parse_link
    from orbis_tui.remote.seatbot import play_seat, random_chooser
    from orbis_tui.remote.store import open_store
    from orbis_tui.tui import texts as app_texts

    from .raw import raw_socket
    from .server_helpers import url

    out = Output()
    declined = gettext(app_texts.REMATCH_DECLINED).format(name="Ada")

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
            at_a = await stack.enter_async_context(raw_socket(ada))
            await at_a.next("table")
            script = [(worded(texts.JOIN_REMATCH_OFFER), "rematch")]  # Bo asks, at server B
            typist = Scripted(out, script, lambda: declined in out.text)
            seat = PlainJoin(replace(bo, server=url(b)), typist, out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            async with asyncio.timeout(60):
                while (await at_a.next("change")).get("rematch") != {"yes": [1], "by": 1}:
                    pass
            await at_a.send(p.rematch(False))  # Ada declines, at server A
            assert await asyncio.wait_for(running, 60) == 0

    asyncio.run(main())
    assert declined in out.text


async def _clocked_table(server: TableServer) -> tuple[list[Link], Room]:
    """A table of Ada and Bo, each turn timed at 60 s (then easy plays): its links
    and its room."""
    from orbis_tui.remote.client import create_table_request
    from orbis_tui.remote.links import parse_link

    from .server_helpers import url

    answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"], (60, "easy"))
    links = [parse_link(s["link"]) for s in answer["seats"]]
    return links, server.rooms[links[0].table]


def test_the_plain_seat_takes_its_seat_back_after_its_time_ran_out(tmp_path: Path) -> None:
    out = Output()
    wall = [float(int(time.time()))]

    async def main() -> None:
        async with running_server(
            tmp_path / "t.db", wall_clock=lambda: wall[0], clock_tick=None, bot_pause=0.5
        ) as server:
            links, room = await _clocked_table(server)
            mover = room.match.state.current
            name = ["Ada", "Bo"][mover]

            def taken_back() -> bool:
                return any("to" in s for s in room.record.stand_ins or [])

            script = [("Your time ran out", "back")]
            seat = PlainJoin(links[mover], Scripted(out, script, taken_back), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            said = re.compile(rf"{name}: (1:00|0:5[0-9]) left")
            for _ in range(500):  # the seat says its own clock when its turn begins
                if said.search(out.text):
                    break
                await asyncio.sleep(0.02)
            assert said.search(out.text)
            wall[0] += 61
            assert await server.check_clocks() == 1
            assert await asyncio.wait_for(running, 60) == 0
            assert room.stand_in(mover) is None and taken_back()

    asyncio.run(main())
    assert (
        "Your time ran out: the computer (easy) plays for you. Type back to take your seat back."
        in out.text
    )
    # the computer plays this seat's turn: the seat is not told that it is itself deciding
    assert not re.search(r"\b(Ada|Bo) is deciding", out.text.split("Your time ran out")[1])


def test_time_at_the_end_says_the_time_per_turn_and_whose_ran_out(tmp_path: Path) -> None:
    """Once the game is over no time runs; ``time`` says so, the time each turn had,
    and how often each person's time ran out (it used to say the table had no clock)."""
    from orbis_tui.remote.client import create_table_request
    from orbis_tui.remote.links import parse_link
    from orbis_tui.remote.seatbot import play_seat, random_chooser

    from .server_helpers import url

    out = Output()
    wall = [float(int(time.time()))]
    names = ["Ada", "Bo"]
    moved: list[int] = []

    async def main() -> None:
        async with running_server(
            tmp_path / "t.db", wall_clock=lambda: wall[0], clock_tick=None
        ) as server:
            answer = await create_table_request(url(server), 2, {}, names, (90, "easy"))
            links = [parse_link(s["link"]) for s in answer["seats"]]
            room = server.rooms[links[0].table]
            mover = room.match.state.current
            moved.append(mover)
            wall[0] += 91  # the first mover's time runs out: the computer plays on for them
            assert await server.check_clocks() == 1
            await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links))
            )
            typed = Scripted(out, [(over_commands(JOIN_OVER), "time")], lambda: True)
            seat = PlainJoin(links[mover], typed, out)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 60) == 0

    asyncio.run(main())
    mover = moved[0]
    assert "This table has no time per turn." not in out.text
    assert "The game is over: no time runs any more. Each turn had 1:30." in out.text
    assert f"{names[mover]}: the time ran out in 1 turn." in out.text
    assert f"{names[1 - mover]}: the time never ran out." in out.text


class OneTurn:
    """Plays the first option at each prompt until this seat's turn is done, then ends
    the input (with ``turns=0``: at once, at the first prompt or wait)."""

    def __init__(self, out: Output, turns: int = 1) -> None:
        self.out = out
        self.turns = turns

    def readline(self) -> str:
        while True:
            text = self.out.wait()
            asked = text is not None and (text.endswith("> ") or "is deciding" in text)
            if text is None or (asked and text.count("Your turn is done") >= self.turns):
                return ""
            lines = text.splitlines()
            if text.endswith("> "):
                start = max(i for i, line in enumerate(lines) if line.endswith("Options:"))
                numbers = [
                    m.group(1) for line in lines[start:] if (m := NUMBERED.match(line)) is not None
                ]
                return numbers[0] + "\n"


def test_a_turn_the_computer_plays_for_another_is_not_said_to_be_theirs(tmp_path: Path) -> None:
    """The other player's time ran out and the computer plays their seat: at their
    next turn this seat hears that the computer plays for them, not that they decide."""
    out = Output()
    wall = [float(int(time.time()))]
    names: list[str] = []

    async def main() -> None:
        async with running_server(
            tmp_path / "t.db", wall_clock=lambda: wall[0], clock_tick=None, bot_pause=0.0
        ) as server:
            links, room = await _clocked_table(server)
            mover = room.match.state.current
            names.append(["Ada", "Bo"][mover])
            seat = PlainJoin(links[1 - mover], OneTurn(out), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            for _ in range(500):  # the other one decides, until their time runs out
                if f"{names[0]} is deciding" in out.text:
                    break
                await asyncio.sleep(0.02)
            wall[0] += 61
            assert await server.check_clocks() == 1
            assert await asyncio.wait_for(running, 60) == 0
            assert room.stand_in(mover) == "easy"

    asyncio.run(main())
    after = out.text.split("Your turn is done")[1]
    assert f"The computer (easy) plays for {names[0]}." in after, out.text
    assert f"{names[0]} is deciding" not in after


def test_joining_again_after_a_restart_says_what_happened_meanwhile(tmp_path: Path) -> None:
    """The actions a seat saw are kept in the data folder (0600); joining again, the
    turns played since then are said at once, before anything else is asked."""
    from orbis_tui.records import Match
    from orbis_tui.tui.core.history import TurnHistory
    from orbis_tui.tui.seen import SeenTables

    seen = SeenTables(tmp_path / "data")
    first, again = Output(), Output()
    noted: list[object] = []

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2, {2: "easy"})
            link = links[0]
            assert link is not None
            room = server.rooms[link.table]
            seat = PlainJoin(link, OneTurn(first), first, seen=seen)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 300) == 0
            assert seen.path.stat().st_mode & 0o777 == 0o600
            assert seen.last(link.server, link.table, 0) is not None
            # what the seat saw: the table at the end of its first turn
            history = TurnHistory(Match(room.record))
            mine = next(i for i, turn in enumerate(history.update()) if turn.seat == 0)
            seen_at = history.ends[mine]  # the end of this seat's first turn (either may start)
            seen.note(link.server, link.table, 0, seen_at)
            noted.extend([history.ends, room.record.actions[:8]])
            while room.count <= seen_at or room.match.state.current != 0:  # the computer plays
                await asyncio.sleep(0.01)
            back = PlainJoin(link, OneTurn(again, turns=0), again, seen=seen)  # type: ignore[arg-type]
            assert await asyncio.wait_for(back.run(), 300) == 0
            assert (seen.last(link.server, link.table, 0) or 0) > seen_at  # noted again

    before = spell_colors(True)
    try:
        asyncio.run(main())
    finally:
        spell_colors(before)
    assert "While you were away" not in first.text  # nothing kept the first time
    assert "While you were away (1 turn):" in again.text, (noted, again.text)
    assert again.text.index("While you were away") < again.text.index("Options:")


def test_a_line_typed_after_the_seat_left_is_dropped_quietly() -> None:
    """The input thread outlives the seat's event loop (a line typed as it leaves):
    the line is dropped, no traceback ends the program."""
    import io

    from orbis_tui.remote.links import parse_link

    seat = PlainJoin(
        parse_link("http://127.0.0.1:1/play/TABLE/TOKEN"), io.StringIO("late\n"), io.StringIO()
    )
    loop = asyncio.new_event_loop()
    loop.close()
    seat._loop = loop
    failures: list[str] = []
    thread = threading.Thread(target=seat._read_lines)
    previous = threading.excepthook

    def note(args: threading.ExceptHookArgs) -> None:
        failures.append(repr(args.exc_value))

    threading.excepthook = note
    try:
        thread.start()
        thread.join()
    finally:
        threading.excepthook = previous
    assert failures == []


def test_a_move_typed_while_the_computer_plays_the_seat_says_so_not_whose_turn(
    tmp_path: Path,
) -> None:
    """The seat's time ran out and the computer plays it: a move typed then is answered
    with how to take the seat back (it used to say 'It is Ada's turn, not yours' to
    Ada herself)."""
    out = Output()
    wall = [float(int(time.time()))]

    async def main() -> None:
        async with running_server(
            tmp_path / "t.db", wall_clock=lambda: wall[0], clock_tick=None, bot_pause=30.0
        ) as server:
            links, room = await _clocked_table(server)
            mover = room.match.state.current

            def taken_back() -> bool:
                return any("to" in s for s in room.record.stand_ins or [])

            script = [("Your time ran out", "take 1"), ("Your time ran out", "back")]
            seat = PlainJoin(links[mover], Scripted(out, script, taken_back), out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            for _ in range(500):
                if " left" in out.text:
                    break
                await asyncio.sleep(0.02)
            wall[0] += 61
            assert await server.check_clocks() == 1
            assert await asyncio.wait_for(running, 60) == 0

    asyncio.run(main())
    assert "turn, not yours" not in out.text
    assert out.text.count("Your time ran out: the computer (easy) plays for you. Type back") == 2


def test_a_move_typed_after_the_end_says_the_game_is_over(tmp_path: Path) -> None:
    """Once the game is over, a move typed is answered with what works now, not with
    'It is Bo's turn, not yours'."""
    from orbis_tui.remote.seatbot import play_seat, random_chooser

    out = Output()
    over = over_commands(JOIN_OVER)

    async def main() -> None:
        async with running_server(tmp_path / "t.db", bot_pause=0.0) as server:
            links, _w, _ = await new_table(server, 2)
            await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
            )
            assert links[0] is not None
            typed = Scripted(out, [(over, "take 3")], lambda: out.text.count(over) >= 2)
            seat = PlainJoin(links[0], typed, out)  # type: ignore[arg-type]
            assert await asyncio.wait_for(seat.run(), 60) == 0

    asyncio.run(main())
    assert "turn, not yours" not in out.text
    assert out.text.count(over) == 2


def test_joining_again_says_only_the_messages_not_heard_before(tmp_path: Path) -> None:
    """The table sends its recent messages to each connection: joining again, the seat
    says those said while it was away, not again those it already said."""
    from orbis_tui.remote import protocol as p
    from orbis_tui.tui.seen import SeenTables

    from .raw import raw_socket

    seen = SeenTables(tmp_path / "data")
    first, again = Output(), Output()

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            links, _w, _ = await new_table(server, 2)
            ada, bo = links
            assert ada is not None and bo is not None
            async with raw_socket(bo) as b:
                await b.next("table")
                done = Scripted(first, [], lambda: "» Player 2: heard before" in first.text)
                seat = PlainJoin(ada, done, first, seen=seen)  # type: ignore[arg-type]
                running = asyncio.create_task(seat.run())
                while "At the table of" not in first.text:
                    await asyncio.sleep(0.02)
                await b.send(p.say("heard before"))
                assert await asyncio.wait_for(running, 60) == 0
                await b.send(p.say("said while away"))
                while "said while away" not in str(await b.next("chat")):
                    pass
                done = Scripted(again, [], lambda: "» Player 2: said while away" in again.text)
                back = PlainJoin(ada, done, again, seen=seen)  # type: ignore[arg-type]
                assert await asyncio.wait_for(back.run(), 60) == 0

    asyncio.run(main())
    assert "» Player 2: said while away" in again.text
    assert "heard before" not in again.text
