"""A seat's screen counts an absent player's grace down and offers m only after it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.app import App

from orbis_tui.remote.client import TableMirror
from orbis_tui.tui.core.remote_session import RemoteSession

from .raw import as_change, raw_socket
from .server_helpers import new_table, running_server


def test_the_handover_waits_for_the_grace_counted_on_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screen_now = [100.0]
    monkeypatch.setattr(RemoteSession, "clock", staticmethod(lambda: screen_now[0]))

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=lambda: 0.0) as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            async with raw_socket(links[0]) as raw:
                table = await raw.next("table")
        mirror = TableMirror()
        view = mirror.take(as_change(table))
        assert view is not None
        session = RemoteSession(mirror, view, lambda _text: None)
        assert session.away() == [1]
        assert session.handover_in(1) == 30 and session.absent() == []
        screen_now[0] += 10.5
        assert session.handover_in(1) == 20 and session.absent() == []
        screen_now[0] += 19.5
        assert session.handover_in(1) == 0 and session.absent() == [1]

    asyncio.run(main())


def test_m_is_offered_on_the_screen_only_once_the_grace_is_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from orbis_tui.tui.join import JoinApp
    from orbis_tui.tui.join_screens import RemoteTableScreen

    screen_now = [0.0]
    monkeypatch.setattr(RemoteSession, "clock", staticmethod(lambda: screen_now[0]))

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=lambda: 0.0) as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            app = JoinApp(links[0], throwaway=True)
            try:
                async with app.run_test(size=(100, 30)) as pilot:

                    def offered() -> bool:
                        actions = {b.binding.action for b in app.active_bindings.values()}
                        return "stand_in" in actions

                    for _ in range(1500):
                        if isinstance(app.screen, RemoteTableScreen):
                            break
                        await pilot.pause(0.02)
                    assert isinstance(app.screen, RemoteTableScreen)
                    assert not offered()
                    screen_now[0] += 30.0
                    for _ in range(1500):  # the screen's countdown ticks every second
                        if offered():
                            break
                        await pilot.pause(0.02)
                    assert offered()
                    await pilot.press("q")
            finally:
                app.cleanup()

    asyncio.run(main())


def test_the_stand_in_question_names_what_escape_does_as_its_key_bar_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """m asks which computer plays for the absent player: the hint under the answers and
    the key bar both say that Escape waits for them, in the answer's own words."""
    from orbis_tui.tui.join import JoinApp
    from orbis_tui.tui.join_screens import RemoteTableScreen
    from orbis_tui.tui.screens.question import QuestionScreen

    screen_now = [0.0]
    monkeypatch.setattr(RemoteSession, "clock", staticmethod(lambda: screen_now[0]))

    async def main() -> None:
        async with running_server(tmp_path / "t.db", clock=lambda: 0.0) as server:
            links, _w, _ = await new_table(server, 2)
            assert links[0] is not None
            room = server.rooms[links[0].table]
            app = JoinApp(links[0], throwaway=True)
            try:
                async with app.run_test(size=(80, 24)) as pilot:

                    async def until(condition: Callable[[], bool]) -> None:
                        for _ in range(1500):
                            if condition():
                                return
                            await pilot.pause(0.02)
                        raise AssertionError("waited in vain")

                    await until(lambda: isinstance(app.screen, RemoteTableScreen))
                    screen_now[0] += 30.0  # Bo's grace is over
                    await until(lambda: "stand_in" in _actions(app))
                    await pilot.press("m")
                    await until(lambda: isinstance(app.screen, QuestionScreen))
                    await pilot.pause()
                    lines = _screen_lines(app)
                    assert "An absent player" in "\n".join(lines)
                    assert lines[-1].rstrip().endswith("Esc Wait for them"), lines[-1]
                    assert any("Enter answers · Esc: Wait for them" in line for line in lines)
                    shown = "\n".join(lines)
                    assert "Cancel" not in shown and "last answer" not in shown, shown
                    await pilot.press("escape")
                    await until(lambda: isinstance(app.screen, RemoteTableScreen))
                    assert room.stand_in(1) is None  # Escape waited for Bo
                    await pilot.press("q")
            finally:
                app.cleanup()

    asyncio.run(main())


def _actions(app: App[None]) -> set[str]:
    return {b.binding.action for b in app.active_bindings.values()}


def _screen_lines(app: App[None]) -> list[str]:
    """What the terminal shows now, line by line."""
    return [strip.text for strip in app.screen._compositor.render_strips()]
