"""Many tables at once on table servers, each seat a program over a loopback websocket.

Starts ``--servers`` table server processes (default 2): on PostgreSQL (``--store``)
all on the one database, each table dealt by one server and its two seats sitting at
different servers, so every action crosses from one server to the other; on SQLite
(one server per file) each server with its own file and its own tables. Deals
``--tables`` two-player tables and plays them all at once: each seat rebuilds its
table from what the server sends and answers its decisions at random. Prints the
actions per second, the round trip of an intent (from sending it to the table that
holds it: p50, p99), the time inside the servers, and the servers' memory per table.

    nice python benchmarks/bench_tables.py --tables 200 --think 1.5 --seconds 60
    nice python benchmarks/bench_tables.py --tables 200 --seconds 30       # unpaced
    nice python benchmarks/bench_tables.py --tables 200 --think 1.5 --store postgresql://...

By default every seat answers at once, so all tables together ask as much as the
machine can give (the round trip is then mostly the wait behind the other tables'
actions). ``--think S`` makes each seat wait a random 0 to 2*S seconds before each
decision, as people do: the round trip is then what a player waits at a live table.
``--seconds`` stops the seats after that long (the tables stay live until then);
without it every game is played to its end. The seats run in ``--client-processes``
processes of their own (default 1), apart from the servers.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import multiprocessing
import random
import statistics
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from orbis_tui.remote.links import Link, parse_link
from orbis_tui.remote.seatbot import SeatRun, play_seat, random_chooser


def rss_mib() -> float:
    with Path("/proc/self/status").open() as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def serve(store_where: str, port: int, pipe: Connection) -> None:
    """A table server process: serves until told to stop, then sends back the time
    each intent took inside it and its memory."""
    import time as clock

    from aiohttp import web

    from orbis_tui.remote.room import Room
    from orbis_tui.remote.store import open_store
    from orbis_tui.remote.table_server import TableServer

    handled: list[float] = []
    handle = Room.handle

    async def timed(self: Room, *args: Any) -> None:
        start = clock.perf_counter()
        await handle(self, *args)
        handled.append(clock.perf_counter() - start)

    Room.handle = timed  # type: ignore[method-assign]

    async def main() -> None:
        store = await open_store(store_where)
        server = TableServer(store, host="127.0.0.1", port=port, bot_pause=0.0)
        runner = web.AppRunner(server.make_app(), access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        before = rss_mib()
        pipe.send("ready")
        loop = asyncio.get_running_loop()
        peak = before
        while not await loop.run_in_executor(None, pipe.poll, 0.5):
            peak = max(peak, rss_mib())
        pipe.recv()
        pipe.send((handled, peak - before, len(server.rooms)))
        await runner.cleanup()

    asyncio.run(main())


async def play_seats(
    links: list[Link], first: int, think: float, seconds: float | None
) -> tuple[list[tuple[float, float]], int, int]:
    """Play ``links``' seats (seeded from ``first``): their round trips, resyncs, and
    the actions they saw stored."""
    runs = [SeatRun() for _ in links]
    pace = random.Random(first)

    def pause() -> float:
        return pace.uniform(0, 2 * think)

    async def one(n: int, link: Link) -> None:
        play = play_seat(
            link,
            random_chooser(first + n),
            run=runs[n],
            timeout=3600,
            think=pause if think else None,
        )
        if seconds is None:
            await play
            return
        try:
            async with asyncio.timeout(seconds):
                await play
        except TimeoutError:
            pass  # the time is up: the round trips so far count

    await asyncio.gather(*(one(n, link) for n, link in enumerate(links)))
    trips = [
        (at, t) for run in runs for at, t in zip(run.answered_at, run.round_trips, strict=True)
    ]
    return trips, sum(run.resyncs for run in runs), len(trips)


def play_seats_in_process(
    links: list[str], first: int, think: float, seconds: float | None
) -> tuple[list[tuple[float, float]], int, int]:
    return asyncio.run(play_seats([parse_link(link) for link in links], first, think, seconds))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] * 1000


async def main(args: argparse.Namespace) -> None:
    folder = tempfile.mkdtemp(prefix="orbis-bench-tables-")
    scratch = await scratch_database(args.store) if args.store else None
    try:
        await run(args, folder, scratch)
    finally:
        if scratch is not None:
            await drop_database(args.store, scratch)


async def scratch_database(url: str) -> str:
    """A new, empty database on ``url``'s server for this run (its tables only)."""
    import secrets

    import psycopg

    name = f"orbis_bench_{secrets.token_hex(4)}"
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute(f"CREATE DATABASE {name}")
    return name


async def drop_database(url: str, name: str) -> None:
    import psycopg

    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
        await conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


def on_database(url: str, name: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url)._replace(path=f"/{name}").geturl()


async def run(args: argparse.Namespace, folder: str, scratch: str | None) -> None:
    from orbis_tui.remote.client import create_table_request
    from served import free_port

    spawn = multiprocessing.get_context("spawn")
    servers = []
    for n in range(args.servers):
        if args.store and scratch:
            where = on_database(args.store, scratch)
        else:
            where = str(Path(folder) / f"tables{n}.db")
        port = free_port()
        ours, theirs = spawn.Pipe()
        process = spawn.Process(target=serve, args=(where, port, theirs), daemon=True)
        process.start()
        servers.append((f"http://127.0.0.1:{port}", process, ours))
    for _url, _process, pipe in servers:
        assert await asyncio.to_thread(pipe.recv) == "ready"
    seats: list[Link] = []
    for t in range(args.tables):
        home = t % len(servers)
        answer = await create_table_request(servers[home][0], 2, {})
        for k, entry in enumerate(answer["seats"]):
            link = parse_link(entry["link"])
            if args.store and not args.together:  # one database: seats at different servers
                other = servers[(home + k) % len(servers)][0]
                link = Link(other, link.kind, link.table, link.token)
            seats.append(link)
    start = time.perf_counter()
    began = time.time()
    loop = asyncio.get_running_loop()
    share = -(-len(seats) // args.client_processes)
    with concurrent.futures.ProcessPoolExecutor(args.client_processes, mp_context=spawn) as pool:
        parts = await asyncio.gather(
            *(
                loop.run_in_executor(
                    pool,
                    play_seats_in_process,
                    [str(link) for link in seats[i : i + share]],
                    i,
                    args.think,
                    args.seconds,
                )
                for i in range(0, len(seats), share)
            )
        )
    elapsed = time.perf_counter() - start
    handled: list[float] = []
    memory = 0.0
    for _url, process, pipe in servers:
        pipe.send("stop")
        inside, grown, _rooms = await asyncio.to_thread(pipe.recv)
        handled += inside
        memory += grown
        process.join(10)
    answers = sorted(a for part in parts for a in part[0])
    trips = [t for _at, t in answers]
    settled = [t for at, t in answers if at - began >= args.settle]
    resyncs = sum(part[1] for part in parts)
    actions = sum(part[2] for part in parts)
    print(f"store:                    {'PostgreSQL' if args.store else 'SQLite'}")
    how = "a file each"
    if args.store:
        how = "one database, " + (
            "each table's seats at its server" if args.together else "a table's seats at two"
        )
    print(f"servers:                  {args.servers} processes ({how})")
    print(f"tables played at once:    {args.tables} (2 seats each, all live until the end)")
    pace = f"each decision after 0-{2 * args.think:g} s" if args.think else "answering at once"
    print(f"seats:                    {pace}, in {args.client_processes} other process(es)")
    print(f"actions by the seats:     {actions} in {elapsed:.1f} s ({actions / elapsed:.0f}/s)")
    p50, p99 = statistics.median(trips) * 1000, percentile(trips, 0.99)
    print(f"round trip p50 / p99:     {p50:.1f} ms / {p99:.1f} ms ({len(trips)} intents)")
    print(f"round trip max:           {max(trips) * 1000:.1f} ms")
    if settled and args.settle:
        s50, s99 = statistics.median(settled) * 1000, percentile(settled, 0.99)
        print(
            f"  after the first {args.settle:g} s:  {s50:.1f} ms / {s99:.1f} ms "
            f"({len(settled)} intents; every seat has sat down)"
        )
    i50, i99 = statistics.median(handled) * 1000, percentile(handled, 0.99)
    print(f"in the servers p50 / p99: {i50:.1f} ms / {i99:.1f} ms (intent in, change out)")
    print(f"changes not followed:     {resyncs} (whole table asked for again)")
    print(f"servers' memory per table: {memory * 1024 / args.tables:.0f} KiB")


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument(
        "--store",
        help="a postgresql:// URL: the run creates a database of its own there, and drops "
        "it at the end (default: SQLite in a temp folder)",
    )
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a seat takes per decision"
    )
    parser.add_argument("--seconds", type=float, help="stop the seats after this long")
    parser.add_argument(
        "--together",
        action="store_true",
        help="on PostgreSQL, seat both players of a table at the server that dealt it",
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=10.0,
        help="also print the round trips after this many seconds, once every seat sat down",
    )
    parser.add_argument(
        "--client-processes", type=int, default=1, help="play the seats in N processes"
    )
    asyncio.run(main(parser.parse_args()))
