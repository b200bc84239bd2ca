"""Many tables at once on one table server, each seat a program over a loopback websocket.

Starts ``orbis host``'s server in this process (SQLite in a temporary folder, or the
PostgreSQL database of ``--store``), deals ``--tables`` two-player tables and plays
them all at once: each seat rebuilds its table from what the server sends and answers
its decisions at random, as fast as it can. Prints the actions per second, the round
trip of an intent (from sending it to the table that holds it: p50, p99) and the
server's memory per live table.

    nice python benchmarks/bench_tables.py --tables 200
    nice python benchmarks/bench_tables.py --tables 200 --store postgresql://...

The seats run in this process too, so the figures are for server and clients sharing
the machine's cores; the server alone does less.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import resource
import statistics
import tempfile
import time
from pathlib import Path

from aiohttp import web

from orbis_tui.host import TableServer
from orbis_tui.remote.client import create_table_request
from orbis_tui.remote.links import parse_link
from orbis_tui.remote.seatbot import SeatRun, play_seat, random_chooser
from orbis_tui.remote.store import open_store


def rss_mib() -> float:
    try:
        with Path("/proc/self/status").open() as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def main(tables: int, store_where: str | None) -> None:
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
    runs = [SeatRun() for _ in range(2 * tables)]
    start = time.perf_counter()
    tasks = [
        play_seat(link, random_chooser(n), run=runs[n], timeout=600)
        for n, link in enumerate(link for pair in links for link in pair)
    ]
    peak = 0.0

    async def watch_memory() -> None:
        nonlocal peak
        while True:
            peak = max(peak, rss_mib())
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch_memory())
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    watcher.cancel()
    actions = sum(len(room.record.actions) for room in server.rooms.values())
    trips = sorted(t for run in runs for t in run.round_trips)
    p50 = statistics.median(trips) * 1000
    p99 = trips[int(len(trips) * 0.99) - 1] * 1000
    print(f"store:                    {'PostgreSQL' if store_where else 'SQLite'}")
    print(f"tables played at once:    {tables} (2 seats each, all live until their end)")
    print(f"actions:                  {actions} in {elapsed:.1f} s")
    print(f"actions per second:       {actions / elapsed:.0f}")
    print(f"round trip p50 / p99:     {p50:.1f} ms / {p99:.1f} ms ({len(trips)} intents)")
    print(f"memory per live table:    {(peak - before) * 1024 / tables:.0f} KiB (server and seats)")
    await runner.cleanup()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--store", help="a postgresql:// URL (default: SQLite in a temp folder)")
    args = parser.parse_args()
    asyncio.run(main(args.tables, args.store))
