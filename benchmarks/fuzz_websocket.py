"""Send hostile websocket messages to ``orbis serve`` and count what happens to each tab.

Run with ``python benchmarks/fuzz_websocket.py``. It starts one ``orbis serve`` on a
free loopback port with an empty data folder and opens one tab (websocket) after
another, as a page would, each playing one case:

- messages that are not the page's protocol: not JSON, ``[]``, ``{}``, a number, an
  unknown type, a ``stdin`` without text or with a number, a ``ping`` with a table, a
  binary message, 1 MB of keys;
- sizes no page sends: a resize to 1e9 columns, to 3000×3000, to 0 or -5, to text, to
  ``true``; a tab opened with ``?width=1e9`` or ``?width=3000&height=3000``;
- a tab that stops reading what the game sends (a frozen or huge tab) and then drops
  the connection without closing it;
- random lists of the protocol's words with hostile values (``--random N`` of them).

After each case the tab is closed (or dropped) and the script counts the outcome as
*clean* (the tab's game process ended within the grace period, the server logged no
traceback, the next tab's game can save), or as a failure: *orphan* (a game process
still running ``--grace`` seconds after its tab went), *traceback* (the server's log
shows one), *locked* (the next tab finds the data folder kept by another game), *dead*
(the server ended). The goal is no failure. A summary table is printed with the time
from a tab's end to its game's end (median and maximum).

Options: ``--random N`` (default 20), ``--seed N``, ``--grace SECONDS`` (default 15),
``--json``, ``--log FILE`` (keep the server's log), ``--only TEXT`` (the cases
whose name contains it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp

# orbis serve's port, game processes and start: shared with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from served import NEW_GAME_TEXT, games_running, seconds_until_no_game, serving

ELSEWHERE_TEXT = b"open elsewhere"
HOSTILE: list[Any] = [
    None,
    True,
    -5,
    0,
    1e9,
    10**30,
    float("inf"),
    "",
    "80",
    "x" * 10_000,
    [],
    {},
    "\x1b]0;PWNED\x07",
]
WORDS = ["stdin", "resize", "ping", "focus", "blur", "quit", "exit", "log", ""]


def fixed_cases() -> list[tuple[str, str, list[str | bytes], str]]:
    """(name, query, messages, ending): ending is "close", "drop" or "stall-drop"."""
    size = json.dumps
    return [
        ("not JSON", "", ["hello"], "close"),
        ("[]", "", ["[]"], "close"),
        ("{}", "", ["{}"], "close"),
        ("a number", "", ["42"], "close"),
        ("unknown type", "", ['["launch", 1]'], "close"),
        ("stdin without text", "", ['["stdin"]'], "close"),
        ("stdin with a number", "", ['["stdin", 5]'], "close"),
        ("ping with a table", "", ['["ping", {"a": 1}]'], "close"),
        ("binary message", "", [b"\x00\x01\x02"], "close"),
        ("1 MB of keys", "", [size(["stdin", "j" * 1_000_000])], "close"),
        ("resize 1e9", "", [size(["resize", {"width": 1e9, "height": 1e9}])], "close"),
        ("resize 3000x3000", "", [size(["resize", {"width": 3000, "height": 3000}])], "close"),
        ("resize 0 and -5", "", [size(["resize", {"width": 0, "height": -5}])], "close"),
        ("resize text", "", [size(["resize", {"width": "80", "height": "24"}])], "close"),
        ("resize true", "", [size(["resize", {"width": True, "height": True}])], "close"),
        ("resize without size", "", ['["resize"]', '["resize", []]'], "close"),
        ("tab of width 1e9", "?width=1000000000&height=24", [], "close"),
        ("tab of 3000x3000", "?width=3000&height=3000", [], "close"),
        ("3000x3000, not reading, dropped", "?width=3000&height=3000", [], "stall-drop"),
        (
            "resize 3000x3000, not reading, dropped",
            "",
            [size(["resize", {"width": 3000, "height": 3000}]), size(["stdin", "jjjjkkkk"])],
            "stall-drop",
        ),
        ("dropped without a close", "", [], "drop"),
    ]


def random_cases(rng: random.Random, count: int) -> list[tuple[str, str, list[str | bytes], str]]:
    cases = []
    for number in range(count):
        messages: list[str | bytes] = []
        for _ in range(rng.randint(1, 6)):
            word = rng.choice(WORDS)
            value = rng.choice([*HOSTILE, {"width": rng.choice(HOSTILE), "height": 30}])
            envelope = rng.choice([[word], [word, value], [word, value, value], value])
            try:
                messages.append(json.dumps(envelope))
            except ValueError:
                messages.append(repr(envelope))
        ending = rng.choice(["close", "drop", "stall-drop"])
        cases.append((f"random {number + 1}", "", messages, ending))
    return cases


async def play_case(url: str, query: str, messages: list[str | bytes], ending: str) -> bytes:
    """Open a tab, send ``messages``, end it; what the game sent before the end."""
    received = b""
    session = aiohttp.ClientSession()
    try:
        websocket = await session.ws_connect(f"{url}ws{query}", max_msg_size=0)
        # Let the game start and draw a little, as a page would before the odd message.
        deadline = time.monotonic() + 10
        while NEW_GAME_TEXT not in received and time.monotonic() < deadline:
            try:
                message = await websocket.receive(timeout=deadline - time.monotonic())
            except TimeoutError:
                break
            if message.type is aiohttp.WSMsgType.BINARY:
                received += message.data
            elif message.type is not aiohttp.WSMsgType.TEXT:
                break
        for message in messages:
            try:
                if isinstance(message, bytes):
                    await websocket.send_bytes(message)
                else:
                    await websocket.send_str(message)
            except (ConnectionError, RuntimeError):
                break
        if ending == "stall-drop":
            # A tab that reads nothing for a while: what the game sends piles up.
            await asyncio.sleep(3)
        if ending == "close":
            await asyncio.wait_for(websocket.close(), 10)
        else:
            transport = websocket._response.connection
            if transport is not None and transport.transport is not None:
                transport.transport.abort()
    except (aiohttp.ClientError, TimeoutError) as error:
        received += f"\n[client: {error!r}]".encode()
    finally:
        await session.close()
    return received


async def next_tab_can_save(url: str) -> bool:
    """Whether a fresh tab gets the new-game screen (not "open elsewhere")."""
    received = b""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{url}ws?width=100&height=30") as websocket,
    ):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                message = await websocket.receive(timeout=deadline - time.monotonic())
            except TimeoutError:
                break
            if message.type is not aiohttp.WSMsgType.BINARY:
                break
            received += message.data
            if NEW_GAME_TEXT in received or ELSEWHERE_TEXT in received:
                break
        await websocket.close()
    return NEW_GAME_TEXT in received and ELSEWHERE_TEXT not in received


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grace", type=float, default=15.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--log", help="keep the server's log in this file")
    parser.add_argument("--only", help="play only the cases whose name contains this")
    args = parser.parse_args()

    cases = fixed_cases() + random_cases(random.Random(args.seed), args.random)
    if args.only:
        cases = [case for case in cases if args.only in case[0]]
    counts: Counter[str] = Counter()
    failures: list[str] = []
    endings: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        data_dir = (Path(folder) / "data").resolve()
        log_path = Path(folder) / "server.log"
        with serving(data_dir, log_path) as (url, server):
            for name, query, messages, ending in cases:
                logged_before = log_path.read_bytes()
                asyncio.run(play_case(url, query, messages, ending))
                took = seconds_until_no_game(data_dir, args.grace)
                time.sleep(0.5)  # the server logs what happened once the game has ended
                outcome = "clean"
                if server.poll() is not None:
                    outcome = "dead"
                elif took is None:
                    outcome = "orphan"
                    for pid in games_running(data_dir):  # so that the next case is its own
                        os.kill(pid, signal.SIGKILL)
                    seconds_until_no_game(data_dir, 5)
                elif b"Traceback" in log_path.read_bytes()[len(logged_before) :]:
                    outcome = "traceback"
                elif not asyncio.run(next_tab_can_save(url)):
                    outcome = "locked"
                if took is not None:
                    endings.append(took)
                counts[outcome] += 1
                if outcome != "clean":
                    failures.append(f"{name} ({ending}): {outcome}")
                if outcome == "dead":
                    break
                seconds_until_no_game(data_dir, args.grace)
        log_lines = log_path.read_text(errors="replace").splitlines()
        if args.log is not None:
            Path(args.log).write_text("\n".join(log_lines) + "\n")

    summary = {
        "cases": len(cases),
        "outcomes": dict(counts),
        "failures": failures,
        "tab_end_to_game_end_s": {
            "median": statistics.median(endings) if endings else None,
            "max": max(endings) if endings else None,
        },
        "server_log_lines": len(log_lines),
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return
    kinds = ["clean", "orphan", "traceback", "locked", "dead"]
    fixed = len(cases) - args.random
    print(f"orbis serve, {len(cases)} hostile tabs ({fixed} fixed, {args.random} random):")
    print("  " + "  ".join(f"{kind:>9}" for kind in kinds))
    print("  " + "  ".join(f"{counts.get(kind, 0):>9}" for kind in kinds))
    if endings:
        print(
            f"  tab gone to game ended: median {statistics.median(endings) * 1000:.0f} ms,"
            f" max {max(endings) * 1000:.0f} ms"
        )
    print(f"  server log: {len(log_lines)} lines")
    for failure in failures:
        print("  " + failure)


if __name__ == "__main__":
    main()
