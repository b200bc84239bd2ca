"""What a browser tab sends, read by one model per kind: sound messages as the page
sends them, anything else Malformed with the reason, sizes kept to a screen's."""

from __future__ import annotations

import json

import pytest

from orbis_tui.web.tab import (
    MAX_COLUMNS,
    MAX_KEYS,
    MAX_MESSAGE_BYTES,
    MAX_ROWS,
    Focus,
    Keys,
    Malformed,
    Ping,
    Resize,
    read_message,
)


def test_what_a_page_sends_is_read() -> None:
    keys = read_message('["stdin", "jj\\r"]')
    assert isinstance(keys, Keys) and keys.text == "jj\r"
    size = read_message(json.dumps(["resize", {"width": 120, "height": 40, "dpr": 2}]))
    assert isinstance(size, Resize) and (size.width, size.height) == (120, 40)
    ping = read_message('["ping", "1700000000"]')
    assert isinstance(ping, Ping) and ping.data == "1700000000"
    focus, blur = read_message('["focus"]'), read_message('["blur"]')
    assert isinstance(focus, Focus) and focus.focused
    assert isinstance(blur, Focus) and not blur.focused


def test_a_size_is_kept_to_what_a_screen_shows() -> None:
    size = read_message(json.dumps(["resize", {"width": 3000, "height": 3000}]))
    assert isinstance(size, Resize) and (size.width, size.height) == (MAX_COLUMNS, MAX_ROWS)


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ("hello", "not JSON"),
        ("[]", "not a list that starts with a type"),
        ("{}", "not a list that starts with a type"),
        ('["launch", 1]', "not a list that starts with a type"),
        ('["stdin", 5]', "'stdin.text'"),
        ('["stdin"]', "1 value after its type, not 0"),
        ('["focus", 1]', "no value after its type, not 1"),
        (json.dumps(["resize", {"width": 1e9, "height": 1e9}]), "'resize.size.width'"),
        (json.dumps(["resize", {"width": True, "height": 3}]), "'resize.size.width'"),
        (json.dumps(["resize", {"width": 0, "height": 3}]), "'resize.size.width'"),
        (json.dumps(["resize", {"height": 3}]), "'resize.size.width'"),
        (json.dumps(["ping", "x" * 65]), "'ping.data'"),
        (json.dumps(["stdin", "k" * (MAX_KEYS + 1)]), "'stdin.text'"),
        ("[" * 5000, "not JSON"),
        ("x" * (MAX_MESSAGE_BYTES + 1), f"a message of {MAX_MESSAGE_BYTES + 1} characters"),
    ],
)
def test_anything_else_is_malformed_with_the_reason(sent: str, said: str) -> None:
    read = read_message(sent)
    assert isinstance(read, Malformed)
    assert said in read.reason
