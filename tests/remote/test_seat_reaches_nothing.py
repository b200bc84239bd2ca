"""A seat's app reaches its own seat and nothing of the machine it runs on.

A browser seat's ``orbis join`` runs on the table server's machine: its end screen
(and every other key) must not reach the host's games, data folder or settings.
"""

from __future__ import annotations

import asyncio
import string
from pathlib import Path

import pytest

from orbis_tui.remote.seatbot import play_seat, random_chooser
from orbis_tui.remote.table_server import _join_command
from orbis_tui.tui.join import JoinApp
from orbis_tui.tui.join_screens import SeatEndScreen

from .server_helpers import new_table, running_server

FORBIDDEN = {"NewGameScreen", "PlayApartScreen", "LearnScreen", "TableScreen", "ReviewScreen"}
KEYS = [
    *string.ascii_letters,
    *string.digits,
    *"!@#$%^&*()-_=+[]{};:'\",.<>/?`~|\\",
    "enter",
    "space",
    "tab",
    "escape",
    "backspace",
    "delete",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    *(f"ctrl+{c}" for c in "abdefghklnoprstuvwxyz"),
    *(f"f{n}" for n in range(1, 13)),
]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_every_key_on_a_seats_end_screen_reaches_nothing_of_the_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    host_data = tmp_path / "host-data"
    home = tmp_path / "home"
    for folder in (host_data, home / ".config" / "orbis", home / ".local" / "share"):
        folder.mkdir(parents=True)
    (host_data / "autosave.json").write_text('{"the host\'s own game": true}')
    (home / ".config" / "orbis" / "settings.toml").write_text('look = "light"\n')
    monkeypatch.setenv("ORBIS_DATA_DIR", str(host_data))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    before = _snapshot(tmp_path)

    async def main() -> None:
        async with running_server(tmp_path / "tables.db") as server:
            links, _watch, _ = await new_table(server, 2)
            assert links[0] is not None and links[1] is not None
            await asyncio.gather(
                *(play_seat(link, random_chooser(n)) for n, link in enumerate(links) if link)
            )
            before_seat = _snapshot(tmp_path)
            app = JoinApp(links[0], throwaway=True)
            seen: set[str] = set()
            try:
                async with app.run_test(size=(100, 30)) as pilot:
                    for _ in range(300):
                        if isinstance(app.screen, SeatEndScreen):
                            break
                        await pilot.pause(0.02)
                    end = app.screen
                    assert isinstance(end, SeatEndScreen)
                    assert app.store.root != host_data and host_data not in app.store.root.parents
                    assert home not in app.settings_file.path.parents
                    for key in KEYS:
                        await pilot.press(key)
                        await pilot.pause()
                        seen.add(type(app.screen).__name__)
                        for _ in range(5):  # back from a dialog the key opened
                            if app.screen is end:
                                break
                            await pilot.press("escape")
                            await pilot.pause()
                        assert app.screen is end, f"{key!r} left the end screen"
                    await pilot.press("q")
            finally:
                app.cleanup()
            assert not seen & FORBIDDEN, seen
            assert _snapshot(tmp_path).keys() - before_seat.keys() == set()
            assert {k: v for k, v in _snapshot(tmp_path).items() if k in before} == before

    asyncio.run(main())


def test_the_host_starts_browser_seats_with_throwaway_state() -> None:
    argv = _join_command()
    assert "--browser-seat" in argv
    from orbis_tui.cli import build_parser

    args = build_parser().parse_args(["join", "--browser-seat"])
    assert args.browser_seat
