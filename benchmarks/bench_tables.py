"""Many tables at once on one table server, each seat a program over a loopback websocket.

Starts ``orbis host``'s server in this process (SQLite in a temporary folder, or the
PostgreSQL database of ``--store``), deals ``--tables`` two-player tables and plays
them all at once: each seat rebuilds its table from what the server sends and answers
its decisions at random. Prints the actions per second, the round trip of an intent
(from sending it to the table that holds it: p50, p99) and the memory per live table.

    nice python benchmarks/bench_tables.py --tables 200
    nice python benchmarks/bench_tables.py --tables 200 --think 1.5 --client-processes 1
    nice python benchmarks/bench_tables.py --tables 200 --store postgresql://...

By default every seat answers at once, so all tables together ask as much as the
machine can give (the round trip is then mostly the wait behind the other tables'
actions). ``--think S`` makes each seat wait a random 0 to 2*S seconds before each
decision, as people do: the round trip is then what a player waits at a live table.
The seats run in this process unless ``--client-processes N`` puts them in N others
(then the memory figure is the server's alone).
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import gc
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

from aiohttp import web

from orbis_tui.host import TableServer
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import Link, parse_link
from orbis_tui.remote.room import Room
from orbis_tui.remote.seatbot import SeatRun, play_seat, random_chooser
from orbis_tui.remote.store import open_store

HANDLED: list[float] = []  # seconds from an intent's arrival to its answer, in the server


def time_the_server() -> None:
    """Measure each intent inside the server: waiting for its table, storing, playing,
    telling the seats (not the network, nor the seats' share of the machine)."""
    handle = Room.handle

    async def timed(self: Room, *args: object) -> None:
        start = time.perf_counter()
        await handle(self, *args)  # type: ignore[arg-type]
        HANDLED.append(time.perf_counter() - start)

    Room.handle = timed  # type: ignore[method-assign]


def rss_mib() -> float:
    try:
        with Path("/proc/self/status").open() as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def play_seats(links: list[Link], first: int, think: float) -> tuple[list[float], int]:
    """Play ``links``' seats (seeded from ``first``); their round trips and resyncs."""
    runs = [SeatRun() for _ in links]
    pace = random.Random(first)

    def pause() -> float:
        return pace.uniform(0, 2 * think)

    await asyncio.gather(
        *(
            play_seat(
                link,
                random_chooser(first + n),
                run=runs[n],
                timeout=900,
                think=pause if think else None,
            )
            for n, link in enumerate(links)
        )
    )
    return [t for run in runs for t in run.round_trips], sum(run.resyncs for run in runs)


def play_seats_in_process(links: list[str], first: int, think: float) -> tuple[list[float], int]:
    return asyncio.run(play_seats([parse_link(link) for link in links], first, think))


async def main(tables: int, store_where: str | None, think: float, client_processes: int) -> None:
    time_the_server()
    folder = tempfile.mkdtemp(prefix="orbis-bench-tables-")
    store = await open_store(store_where or str(Path(folder) / "tables.db"))
    server = TableServer(store, host="127.0.0.1", port=0, bot_pause=0.0)
    runner = web.AppRunner(server.make_app(), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    server.port = port
    url = f"http://127.0.0.1:{port}"
    gc.collect()
    before = rss_mib()
    links = []
    for _ in range(tables):
        answer = await create_table_request(url, 2, {})
        links.append([parse_link(s["link"]) for s in answer["seats"]])
    seats = [link for pair in links for link in pair]
    start = time.perf_counter()
    peak = 0.0

    async def watch_memory() -> None:
        nonlocal peak
        while True:
            peak = max(peak, rss_mib())
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch_memory())
    if client_processes:
        loop = asyncio.get_running_loop()
        share = -(-len(seats) // client_processes)
        with concurrent.futures.ProcessPoolExecutor(client_processes) as pool:
            parts = await asyncio.gather(
                *(
                    loop.run_in_executor(
                        pool,
                        play_seats_in_process,
                        [str(link) for link in seats[i : i + share]],
                        i,
                        think,
                    )
                    for i in range(0, len(seats), share)
                )
            )
    else:
        parts = [await play_seats(seats, 0, think)]
    elapsed = time.perf_counter() - start
    watcher.cancel()
    actions = sum(len(room.record.actions) for room in server.rooms.values())
    trips = sorted(t for part in parts for t in part[0])
    resyncs = sum(part[1] for part in parts)
    p50 = statistics.median(trips) * 1000
    p99 = trips[int(len(trips) * 0.99) - 1] * 1000
    whose = "the server's" if client_processes else "server and seats"
    print(f"store:                    {'PostgreSQL' if store_where else 'SQLite'}")
    print(f"tables played at once:    {tables} (2 seats each, all live until their end)")
    pace = f"each decision after 0-{2 * think:g} s" if think else "every seat answers at once"
    where = f"in {client_processes} other process(es)" if client_processes else "in this process"
    print(f"seats:                    {pace}, {where}")
    print(f"actions:                  {actions} in {elapsed:.1f} s")
    print(f"actions per second:       {actions / elapsed:.0f}")
    print(f"round trip p50 / p99:     {p50:.1f} ms / {p99:.1f} ms ({len(trips)} intents)")
    print(f"round trip max:           {trips[-1] * 1000:.1f} ms")
    inside = sorted(HANDLED)
    i50, i99 = statistics.median(inside) * 1000, inside[int(len(inside) * 0.99) - 1] * 1000
    print(f"in the server p50 / p99:  {i50:.1f} ms / {i99:.1f} ms (intent in, change out)")
    print(f"changes not followed:     {resyncs} (whole table asked for again)")
    print(f"memory per live table:    {(peak - before) * 1024 / tables:.0f} KiB ({whose})")
    await runner.cleanup()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--store", help="a postgresql:// URL (default: SQLite in a temp folder)")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a seat takes per decision"
    )
    parser.add_argument(
        "--client-processes", type=int, default=0, help="play the seats in N other processes"
    )
    args = parser.parse_args()
    asyncio.run(main(args.tables, args.store, args.think, args.client_processes))
