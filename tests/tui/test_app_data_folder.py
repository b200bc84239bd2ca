"""The app and its data folder: kept by one app, read-only in a second, exit status."""

from __future__ import annotations

import asyncio
from pathlib import Path

from orbis_tui.saves import LockState, SaveStore, save_text
from orbis_tui.tui.app import OrbisApp, run_keeping_folder


def test_a_second_app_opens_read_only_and_says_so(tmp_path: Path) -> None:
    first = SaveStore(tmp_path)
    assert first.acquire().state is LockState.HELD

    async def scenario() -> None:
        app = OrbisApp(tmp_path)
        assert app.store.acquire().state is LockState.ELSEWHERE
        app.store.open_read_only()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            shown = [n.message for n in app._notifications]
            assert save_text("read-only") in shown

    try:
        asyncio.run(scenario())
    finally:
        first.release()


class CrashingApp(OrbisApp):
    def on_mount(self) -> None:
        raise RuntimeError("boom")


def test_the_app_exits_with_status_1_after_a_crash_and_frees_the_folder(tmp_path: Path) -> None:
    assert run_keeping_folder(CrashingApp(tmp_path), headless=True) == 1
    again = SaveStore(tmp_path)
    assert again.acquire().state is LockState.HELD
    again.release()
