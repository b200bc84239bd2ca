"""``orbis join --plain`` in German and Russian: the commands of a table played apart
typed in the player's language (the English words still understood), each answered in
that language naming the words the player types; and ``save``, which before the end
says that the server keeps the game, and at the end saves its whole record here."""

from __future__ import annotations

import asyncio
import queue
import re
from pathlib import Path

from orbis_tui import i18n
from orbis_tui.plain import texts
from orbis_tui.plain.apart import JOIN_OVER
from orbis_tui.plain.commands import VERBS, command_word, over_commands
from orbis_tui.plain.join import PlainJoin
from orbis_tui.records import read_record_file
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.seatbot import play_seat, random_chooser
from orbis_tui.saves import SaveStore
from orbis_tui.tui import texts as app_texts

from .raw import raw_socket
from .server_helpers import running_server, url
from .test_plain_join import Output

# What a German and a Russian player type, and what the seat answers (its own words).
TYPED = {
    "de": {
        "help": "hilfe",
        "time": "zeit",
        "rematch": "revanche",
        "save": "speichern",
        "computer": "computer leicht",
        "say": "sag hallo",
        "mute": "ausblenden {other}",
        "unmute": "einblenden {other}",
        "chat": "nachrichten",
        "quit": "ende",
    },
    "ru": {
        "help": "помощь",
        "time": "время",
        "rematch": "реванш",
        "save": "сохранить",
        "computer": "компьютер лёгкий",
        "say": "сказать hallo",
        "mute": "скрыть {other}",
        "unmute": "показать {other}",
        "chat": "чат",
        "quit": "выход",
    },
}
SAID = {
    "de": {
        "help": ["zeit (oder time): ", "übernehmen (oder back): ", "revanche (oder rematch): "],
        "rematch": ["verlangt und beantwortet: revanche, annehmen, ablehnen."],
        "save": ["hier wird nichts gespeichert", "speichert „speichern“ eine Kopie"],
        "mute": ["(„einblenden {other}“ zeigt sie wieder)"],
    },
    "ru": {
        "help": ["время (или time): ", "вернуться (или back): ", "реванш (или rematch): "],
        "rematch": ["после окончания партии: реванш, принять, отказаться."],
        "save": ["здесь ничего не сохраняется", "«сохранить» сохранит копию"],
        "mute": ["(«показать {other}» снова их покажет)"],
    },
}

SAVED = {
    "de": "Die Aufzeichnung der Partie ist gespeichert als ",
    "ru": "Запись партии сохранена как ",
}


class Typed:
    """The lines the test types, one at a time; at the end, the end of the input."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str] = queue.Queue()

    def readline(self) -> str:
        try:
            return self.lines.get(timeout=60)
        except queue.Empty:
            return ""

    def end(self) -> None:
        """The end of the input: the seat's reader thread stops now, not a minute on."""
        self.lines.put("")


async def _said(out: Output, since: int, *wanted: str, seconds: float = 30) -> str:
    """What the seat said after ``since`` once it holds all of ``wanted``."""
    async with asyncio.timeout(seconds):
        while not all(w in out.text[since:] for w in wanted):
            await asyncio.sleep(0.02)
    return out.text[since:]


def test_the_commands_of_a_table_are_typed_in_the_players_language(
    tmp_path: Path, speaking: str
) -> None:
    """The seat to move first, in German or Russian, types the table's commands in its
    language: each is answered in it, naming the words it types; "decline" during the
    game is the notation's move (refused at a turn), not the rematch's; hiding and
    showing a player's messages does not read the question out again."""
    typing, said = TYPED[speaking], SAID[speaking]
    out = Output()
    typed = Typed()
    clock = i18n.gettext(app_texts.CLOCK_LEFT).split("{time}")[1]
    refused = i18n.gettext(texts.ILLEGAL).split("{reason}")[0]
    names = ["Ada", "Bo"]

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            answer = await create_table_request(url(server), 2, {}, names, (120, "easy"))
            links = [parse_link(seat["link"]) for seat in answer["seats"]]
            mover = server.rooms[links[0].table].match.state.current
            me, other = names[mover], names[1 - mover]
            question = i18n.gettext(texts.DECISION).split("{title}")[0].format(name=me)
            seat = PlainJoin(links[mover], typed, out)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            async with raw_socket(links[1 - mover]) as them:
                await them.next("table")
                await _said(out, 0, "Ada, Bo", clock, question)  # the clock, the question

                async def typing_(line: str, *wanted: str) -> str:
                    since = len(out.text)
                    typed.lines.put(line.format(other=other) + "\n")
                    return await _said(out, since, *(w.format(other=other) for w in wanted))

                await typing_(typing["help"], *said["help"])
                for word in (typing["time"], "time"):  # the language's word, and English
                    await typing_(word, clock)
                await typing_(typing["rematch"], *said["rematch"])  # only at the end
                await typing_(typing["save"], *said["save"])  # the server keeps it
                nobody = i18n.gettext(texts.JOIN_NOBODY_AWAY)
                await typing_(typing["computer"], nobody)  # the other is here
                await typing_("decline", refused)  # the notation's, refused at a turn
                typed.lines.put(typing["say"] + "\n")
                heard = await them.next("chat")
                assert heard["lines"][-1]["text"] == "hallo"
                await typing_(typing["chat"], f"» {me}: hallo")
                asked = out.text.count(question)
                await typing_(typing["mute"], *said["mute"])
                shown = i18n.gettext(app_texts.CHAT_UNMUTED).format(name=other)
                await typing_(typing["unmute"], shown)
                assert out.text.count(question) == asked  # not read out again
                typed.lines.put(typing["quit"] + "\n")
                assert await asyncio.wait_for(running, 30) == 0
                typed.end()

    asyncio.run(main())
    text = out.text
    rematch_none = i18n.gettext(texts.JOIN_REMATCH_NONE).split("{rematch}")[0]
    assert rematch_none not in text  # decline was not taken for the rematch's
    # the seat names no English word where the language has its own (but beside it)
    words = {name: command_word(name) for name in texts.COMMAND_WORDS}
    english = [name for name, word in words.items() if word != name and name not in VERBS]
    spoken = re.sub(r"\((oder|или) \w+\)", "", text)
    for name in english:
        assert not re.search(rf"\b{name}\b", spoken), name


def test_save_at_a_finished_table_saves_its_whole_record_here(
    tmp_path: Path, speaking: str
) -> None:
    """At the end the server hands out the whole record (the order of the piles too):
    the plain seat's save keeps it among the records of its data folder, as the app's
    end screen does."""
    out = Output()
    typed = Typed()
    store = SaveStore(tmp_path / "data")

    async def main() -> None:
        async with running_server(tmp_path / "t.db") as server:
            answer = await create_table_request(url(server), 2, {}, ["Ada", "Bo"])
            ada, bo = (parse_link(seat["link"]) for seat in answer["seats"])
            await asyncio.gather(
                play_seat(ada, random_chooser(1)), play_seat(bo, random_chooser(2))
            )
            room = server.rooms[ada.table]
            seat = PlainJoin(ada, typed, out, store=store)  # type: ignore[arg-type]
            running = asyncio.create_task(seat.run())
            await _said(out, 0, over_commands(JOIN_OVER))
            since = len(out.text)
            typed.lines.put(TYPED[speaking]["save"] + "\n")
            await _said(out, since, SAVED[speaking])
            typed.lines.put(TYPED[speaking]["quit"] + "\n")
            assert await asyncio.wait_for(running, 30) == 0
            typed.end()
            saved = sorted((tmp_path / "data" / "records").glob("*.json"))
            assert len(saved) == 1 and str(saved[0]) in out.text
            record, state = read_record_file(saved[0])
            assert state.is_over
            assert record.actions == room.record.actions
            assert record.setup.deal is not None  # the deal itself, hidden until the end
            assert record.setup.deal == room.record.setup.deal

    asyncio.run(main())
