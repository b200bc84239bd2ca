"""The wire protocol's models: what each side writes, the other reads back the same; what
does not fit is refused with the reason, naming the field."""

from __future__ import annotations

import json
import typing

import pytest

from orbis_tui.remote import protocol as p

# One message of each kind a seat sends (a kind added to the union needs one here).
CLIENT_EXAMPLES: list[p.ClientMessageBase] = [
    p.Hello(v=p.VERSION, table="Tab1e_-", token="T0ken-_"),
    p.Act(count=12, entry="take 3"),
    p.Undo(count=13),
    p.Hint(count=0),
    p.StandIn(seat=2, level="easy"),
    p.StandIn(seat=1, level=None),
    p.RematchAnswer(yes=True),
    p.RematchAnswer(yes=False),
    p.Say(text="good luck [bold]all[/]"),
    p.Sync(),
]

SEATS = [
    p.SeatInfo(name="Ada", kind="human", here=True),
    p.SeatInfo(name="Bo", kind="human", handover_in=18),
    p.SeatInfo(name="Cy", kind="hard"),
    p.SeatInfo(name="Di", kind="human", stand_in="easy"),
]
# A table with a turn clock: the seat to move's time left (0 too), one out of time.
CLOCKED_SEATS = [
    p.SeatInfo(name="Ada", kind="human", here=True, clock=0),
    p.SeatInfo(name="Bo", kind="human", here=True, clock=95),
    p.SeatInfo(name="Cy", kind="human", stand_in="hard", out_of_time=True),
]
SERVER_EXAMPLES: list[p.ServerMessageBase] = [
    p.Table(seat=1, table="abc", count=4, record={"setup": {}}, seats=SEATS),
    p.Table(seat=None, table="abc", count=9, record={}, seats=SEATS, seeded=True, final={"x": 1}),
    p.Moved(
        seat=0,
        start=3,
        count=4,
        back=1,
        entries=["take 1", "pay GW"],
        drawn=[["t1"], [], ["t9", "t8"]],
        seats=SEATS,
        hints=[2],
        stand_ins=[{"seat": 3, "level": "easy", "from": 2}],
    ),
    p.Refused(code=p.ILLEGAL, reason="no", rule="R-TURN-1", count=4),
    p.Refused(code=p.CHAT_TOO_FAST, reason="wait", count=4, wait=2),
    p.Chat(lines=[p.ChatLineInfo(id=7, seat=1, at=4, text="hi")]),
    p.Bye(code=p.REPLACED, reason="opened elsewhere"),
    p.Table(
        seat=0,
        table="abc",
        count=0,
        record={},
        seats=CLOCKED_SEATS,
        turn_time=120.0,
        clock_level="hard",
        rematch=p.RematchInfo(yes=[0, 2], by=2, declined=None, next="def"),
    ),
]


def _kinds(union: object) -> set[str]:
    members = typing.get_args(typing.get_args(union)[0])
    return {member.model_fields["t"].default for member in members}


def test_every_kind_of_each_direction_has_an_example() -> None:
    assert _kinds(p.ClientMessage) == {type(m).model_fields["t"].default for m in CLIENT_EXAMPLES}
    assert _kinds(p.ServerMessage) == {type(m).model_fields["t"].default for m in SERVER_EXAMPLES}


@pytest.mark.parametrize("message", CLIENT_EXAMPLES, ids=lambda m: type(m).__name__)
def test_what_a_seat_writes_the_server_reads_back(message: p.ClientMessageBase) -> None:
    text = p.encode(message)
    assert text.startswith('{"t":')
    assert p.decode(text) == message


@pytest.mark.parametrize("message", SERVER_EXAMPLES, ids=lambda m: type(m).__name__)
def test_what_the_server_writes_a_seat_reads_back(message: p.ServerMessageBase) -> None:
    assert p.decode_server(p.encode(message)) == message


def test_the_helpers_write_the_wire_names() -> None:
    assert json.loads(p.act(3, "take 1")) == {"t": "act", "n": 3, "entry": "take 1"}
    assert json.loads(p.stand_in(1, None)) == {"t": "stand_in", "seat": 1, "level": None}
    assert json.loads(p.hello("a", "b")) == {
        "t": "hello",
        "v": p.VERSION,
        "table": "a",
        "token": "b",
    }


def test_unset_fields_are_left_out_and_read_as_their_default() -> None:
    plain = json.loads(p.encode(SERVER_EXAMPLES[0]))
    assert "final" not in plain and "seeded" not in plain
    assert "handover_in" not in plain["seats"][0] and plain["seats"][1]["handover_in"] == 18
    assert plain["seats"][0]["stand_in"] is None  # a seat's stand-in is always said


def test_one_text_serves_every_seat() -> None:
    whole = p.encode(p.Table(seat=None, table="t", count=0, record={"seat": None}, seats=SEATS))
    for seat in (None, 0, 3):
        read = p.decode_server(p.for_seat(whole, seat))
        assert isinstance(read, p.Table) and read.seat == seat
        assert read.record == {"seat": None}


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ("not json", "not a JSON message"),
        ("[1, 2]", "a message is a JSON object"),
        ('{"n": 1}', "a message says its kind in 't'"),
        ('{"t": "dance"}', "not a message of this protocol"),
        ('{"t": "act", "n": "0", "entry": "take 1"}', "act: 'n': "),
        ('{"t": "act", "n": true, "entry": "take 1"}', "act: 'n': "),
        ('{"t": "act", "n": 1.0, "entry": "take 1"}', "act: 'n': "),
        ('{"t": "act", "n": 10001, "entry": "take 1"}', "act: 'n': "),
        ('{"t": "act", "n": 0, "entry": "take\\n1"}', "act: 'entry': not an entry"),
        ('{"t": "act", "n": 0, "entry": "take 1", "more": 1}', "act: 'more' is not a field"),
        ('{"t": "undo"}', "undo: no 'n'"),
        ('{"t": "hello", "v": 2, "table": "a", "token": "b"}', "speaks version 1"),
        ('{"t": "hello", "v": 1, "table": "a", "token": "b c"}', "hello: 'token': not the token"),
        ('{"t": "hello", "v": 1, "table": "a/b", "token": "b"}', "hello: 'table': not the table"),
        ('{"t": "stand_in", "seat": 1, "level": "x' + "y" * 20 + '"}', "stand_in: 'level': "),
        ("x" * (p.MAX_MESSAGE + 1), f"at most {p.MAX_MESSAGE} bytes"),
        ("[" * 3000, "not a JSON message"),
    ],
)
def test_a_malformed_message_is_refused_with_the_reason(sent: str, said: str) -> None:
    with pytest.raises(p.ProtocolError) as refused:
        p.decode(sent)
    assert said in str(refused.value)


def test_a_seat_passes_over_what_a_newer_server_adds_and_says_what_it_cannot_read() -> None:
    assert p.decode_server('{"t": "emote", "text": "hi"}') is None  # a kind it does not know
    newer = json.loads(p.encode(SERVER_EXAMPLES[3]))
    newer["clock"] = 12.5  # a field it does not know
    assert p.decode_server(json.dumps(newer)) == SERVER_EXAMPLES[3]
    broken = json.loads(p.encode(SERVER_EXAMPLES[2]))
    broken["drawn"] = [["t1"]]  # not one list per pile
    unread = p.decode_server(json.dumps(broken))
    assert isinstance(unread, p.Unreadable) and unread.kind == "moved"
    assert "drawn" in unread.reason
    seat_as_text = json.loads(p.encode(SERVER_EXAMPLES[0]))
    seat_as_text["seats"][0]["here"] = "yes"
    unread = p.decode_server(json.dumps(seat_as_text))
    assert isinstance(unread, p.Unreadable) and "seats.0.here" in unread.reason
