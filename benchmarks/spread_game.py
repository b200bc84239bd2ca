"""A whole 3-seat game spread over two table servers on one PostgreSQL database, with
faults: count what anybody lost.

Run with ``python benchmarks/spread_game.py --store postgresql://...`` (a throwaway
cluster: ``tools/throwaway_postgres.sh start``; its folder in ``ORBIS_POSTGRES_DIR``).
It starts two ``orbis host`` processes (A and B) on the database and deals a table of
three persons on A: Ada plays in a tmux terminal (``orbis join`` through A), Bo in
another (through B), Cy in a headless Chromium tab (the browser seat of B), each
pressing Enter on their turn (the move the screen offers first). A watcher on B
follows the game. After ``--restart-at`` actions the database is restarted
(``throwaway_postgres.sh restart``); after ``--kill-at`` actions server A is killed with
``kill -9`` and started again on its port. At the end it prints:

- *actions told and lost*: changes the watcher was told that are not in the finished
  game's record (the goal is none);
- *seats*: each seat's kind and stand-in in the record (the goal: three persons, no
  computer ever played for anyone);
- *presence*: who each server shows at the table once the game is over (the goal:
  all three, on both).

Needs tmux, ``/usr/bin/chromium`` and the ``playwright`` package (the test extra).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from orbis_tui.remote import protocol as p
from orbis_tui.remote.client import SeatLink, TableMirror, create_table_request
from orbis_tui.remote.links import parse_link

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))  # the page's helpers: browser_page

ORBIS = str(Path(sys.executable).parent / "orbis")
ARGS = argparse.Namespace()


def say(*words: object) -> None:
    print(time.strftime("%H:%M:%S"), *words, flush=True)


def host(port: int) -> subprocess.Popen[bytes]:
    out = (ARGS.folder / f"host{port}.log").open("ab")
    return subprocess.Popen(
        [ORBIS, "host", "--port", str(port), "--store", ARGS.store],
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def at(link, port):
    return dataclasses.replace(link, server=f"http://127.0.0.1:{port}")


async def wait_up(port):
    import aiohttp

    async with aiohttp.ClientSession() as s:
        for _ in range(600):
            try:
                async with s.get(f"http://127.0.0.1:{port}/") as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"server {port} not up")


async def main() -> None:
    from browser_page import CHROMIUM, CHROMIUM_ARGS, KEEP_TERMINAL, SCREEN_TEXT

    pa, pb = ARGS.ports
    servers = {pa: host(pa), pb: host(pb)}
    await wait_up(pa)
    await wait_up(pb)
    answer = await create_table_request(f"http://127.0.0.1:{pa}", 3, {}, ["Ada", "Bo", "Cy"])
    links = [parse_link(s["link"]) for s in answer["seats"]]
    watch = parse_link(answer["watch"])
    say("table", answer["table"])
    # Ada: tmux on A; Bo: tmux on B; Cy: Chromium on B
    for name, link in (("ada", at(links[0], pa)), ("bo", at(links[1], pb))):
        subprocess.run(["tmux", "kill-session", "-t", f"remote-{name}"], capture_output=True)
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-x",
                "100",
                "-y",
                "30",
                "-s",
                f"remote-{name}",
                "-e",
                f"ORBIS_LINK={link}",
                "-e",
                f"ORBIS_DATA_DIR={ARGS.folder / name}",
                f"{ORBIS} join; echo orbis join ended: $?; sleep 600",  # its last words stay
            ],
            check=True,
        )
    told = []
    mirror = TableMirror()
    state = {"count": 0, "current": 0, "over": False, "final": None}

    def on_message(m):
        if isinstance(m, (p.Table, p.Moved)):
            told.append(m)
            try:
                view = mirror.take(m)
            except Exception:
                asyncio.get_running_loop().create_task(watcher.send(p.sync()))
                return
            if view is None:
                return
            state["count"] = view.count
            st = mirror.match.state
            state["current"] = st.current
            state["over"] = st.is_over
            if isinstance(m, p.Table) and m.final is not None:
                state["final"] = m.final

    statuses = []
    watcher = SeatLink(at(watch, pb), on_message, lambda c, r: statuses.append((time.time(), c)))
    wtask = asyncio.create_task(watcher.run())
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(120000)
        await page.add_init_script(KEEP_TERMINAL)
        await page.goto(str(at(links[2], pb)))
        await page.wait_for_function(f"() => ({SCREEN_TEXT})().includes('Game log')")
        await page.locator(".xterm-helper-textarea").focus()
        say("browser seat up")
        restarted = killed = False
        before_fault = {}
        deadline = time.monotonic() + 1500
        last = (-1, -1)
        same = 0
        while not state["over"] and time.monotonic() < deadline:
            n, cur = state["count"], state["current"]
            if not restarted and n >= ARGS.restart_at:
                before_fault["db"] = n
                say("restarting the database at", n)
                subprocess.run(
                    [str(ROOT / "tools/throwaway_postgres.sh"), "restart"],
                    env=dict(os.environ),
                    check=True,
                    capture_output=True,
                )
                restarted = True
                say("database back")
            if not killed and n >= ARGS.kill_at:
                before_fault["kill"] = n
                say("kill -9 server A at", n)
                servers[pa].send_signal(signal.SIGKILL)
                servers[pa].wait()
                await asyncio.sleep(1.0)
                servers[pa] = host(pa)
                await wait_up(pa)
                killed = True
                say("server A back")
            if (n, cur) == last:
                same += 1
            else:
                same = 0
                last = (n, cur)
            if same % 4 == 0:  # press Enter for the seat to move (again after a while)
                if cur == 0:
                    subprocess.run(["tmux", "send-keys", "-t", "remote-ada", "Enter"])
                elif cur == 1:
                    subprocess.run(["tmux", "send-keys", "-t", "remote-bo", "Enter"])
                else:
                    try:
                        await page.keyboard.press("Enter")
                    except Exception as exc:
                        say("browser press failed", exc)
            if same and same % 200 == 0:
                say("stuck at", n, "seat", cur)
                for name in ("ada", "bo"):
                    out = subprocess.run(
                        ["tmux", "capture-pane", "-p", "-t", f"remote-{name}"],
                        capture_output=True,
                        text=True,
                    ).stdout
                    say(name, "\n" + out)
                say("cy\n" + await page.evaluate(f"({SCREEN_TEXT})()"))
            await asyncio.sleep(0.25)
        say("over", state["over"], "actions", state["count"])
        for name in ("ada", "bo"):
            out = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", f"remote-{name}"],
                capture_output=True,
                text=True,
            ).stdout
            say(name, "end screen\n" + out)
        say("cy end screen\n" + await page.evaluate(f"({SCREEN_TEXT})()"))
        await asyncio.sleep(3)
        # presence, as each server tells a watcher now
        from orbis_tui.remote.seatbot import _watch_once

        for port in (pa, pb):
            t = await _watch_once(at(watch, port))
            say(
                "server",
                port,
                "seats",
                [(s["name"], s["kind"], s["here"], s["stand_in"]) for s in t["seats"]],
            )
        final = state["final"]
        lost = []
        for m in told:
            if isinstance(m, p.Moved):
                start = m.start - m.back
                if final["actions"][start : start + len(m.entries)] != m.entries:
                    lost.append((m.start, m.entries))
        say(
            "final actions",
            len(final["actions"]),
            "stand_ins",
            final.get("stand_ins"),
            "seats",
            final["setup"].get("seats"),
            "moved messages",
            sum(isinstance(m, p.Moved) for m in told),
            "told but not in the final record",
            lost,
            "faults at",
            before_fault,
        )
        say("watcher statuses", [c for _t, c in statuses])
        await browser.close()
    watcher.stop()
    wtask.cancel()
    for name in ("ada", "bo"):
        subprocess.run(["tmux", "kill-session", "-t", f"remote-{name}"], capture_output=True)
    for proc in servers.values():
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", required=True, help="a postgresql:// URL")
    parser.add_argument("--ports", type=int, nargs=2, default=(18761, 18762))
    parser.add_argument("--restart-at", type=int, default=15)
    parser.add_argument("--kill-at", type=int, default=35)
    parser.parse_args(namespace=ARGS)
    ARGS.folder = Path(tempfile.mkdtemp(prefix="orbis-spread-"))
    say("logs and data folders in", ARGS.folder)
    asyncio.run(main())
