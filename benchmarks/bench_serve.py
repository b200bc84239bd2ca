"""Benchmark ``orbis serve``: how soon the page is served, and how soon a tab's game shows.

Run with ``python benchmarks/bench_serve.py``. Each run starts a fresh ``orbis serve``
on a free loopback port with an empty data folder, and prints:

- start to first page: from launching the ``orbis serve`` process to the first
  complete answer to ``GET /`` (the page a browser loads);
- tab to first screen: from opening the page's websocket (what a browser tab does
  after loading the page) to the moment the game process has sent the new-game
  screen's text, i.e. the start of one game process as a player waits for it;
- stop: from Ctrl+C (SIGINT) to the server's exit, with that tab still open.

Options: ``--runs N`` (default 5), ``--json`` for machine-readable output.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import aiohttp

# A free port and the new-game screen's text: shared with the tests.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from served import NEW_GAME_TEXT, free_port


def start_to_page(url: str, process: subprocess.Popen[bytes], started: float) -> float:
    while True:
        if process.poll() is not None:
            raise SystemExit(f"orbis serve ended early with code {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                response.read()
                return time.perf_counter() - started
        except OSError:
            time.sleep(0.005)


async def tab_to_screen(url: str) -> float:
    """Open the websocket as the page does and wait for the new-game screen's text."""
    started = time.perf_counter()
    received = b""
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{url}ws?width=100&height=30") as websocket,
    ):
        await websocket.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
        async for message in websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                received += message.data
                if NEW_GAME_TEXT in received:
                    return time.perf_counter() - started
            elif message.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                break
    raise SystemExit("the tab's game never showed the new-game screen")


async def hold_tab(url: str, opened: asyncio.Event) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{url}ws?width=100&height=30") as websocket,
    ):
        received = b""
        async for message in websocket:  # until the server closes it
            if message.type == aiohttp.WSMsgType.BINARY:
                received += message.data
                if NEW_GAME_TEXT in received:
                    opened.set()


async def stop_with_a_tab(url: str, process: subprocess.Popen[bytes]) -> float:
    opened = asyncio.Event()
    holder = asyncio.create_task(hold_tab(url, opened))
    await asyncio.wait_for(opened.wait(), 30)
    started = time.perf_counter()
    process.send_signal(signal.SIGINT)
    await asyncio.to_thread(process.wait, 30)
    elapsed = time.perf_counter() - started
    await asyncio.wait_for(holder, 10)
    return elapsed


def one_run() -> dict[str, float]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as data_dir:
        command = [sys.executable, "-m", "orbis_tui", "serve", "--port", str(port)]
        command += ["--data-dir", data_dir]
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        try:
            page = start_to_page(url, process, started)
            tab = asyncio.run(tab_to_screen(url))
            stop = asyncio.run(stop_with_a_tab(url, process))
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    return {"start_to_page_s": page, "tab_to_screen_s": tab, "stop_s": stop}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [one_run() for _ in range(args.runs)]
    summary = {
        key: {
            "median": statistics.median(run[key] for run in runs),
            "min": min(run[key] for run in runs),
            "max": max(run[key] for run in runs),
        }
        for key in runs[0]
    }
    if args.json:
        print(json.dumps({"runs": args.runs, **summary}, indent=2))
        return
    labels = {
        "start_to_page_s": "orbis serve start to first page",
        "tab_to_screen_s": "tab opened to its new-game screen",
        "stop_s": "Ctrl+C to exit, one tab open",
    }
    print(f"orbis serve, {args.runs} runs (median, min-max):")
    for key, label in labels.items():
        figures = summary[key]
        print(
            f"  {label:36} {figures['median'] * 1000:7.0f} ms"
            f"   ({figures['min'] * 1000:.0f}-{figures['max'] * 1000:.0f})"
        )


if __name__ == "__main__":
    main()
