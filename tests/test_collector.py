"""The searches pause the cyclic garbage collector (orbis_tui.collector): that is only
right while what they make is freed by reference counting alone, and while every pause
gives the collector back as it found it."""

from __future__ import annotations

import gc
import threading
import types
from collections.abc import Iterator

import pytest

from orbis_tui.analysis.paired import play_futures, turn_worlds
from orbis_tui.bots import MediumBot, bot_seed
from orbis_tui.bots.rollout import QuickPlanner
from orbis_tui.collector import collection_paused
from orbis_tui.engine import DecisionKind, GameState
from orbis_tui.tiles import new_game


def _ours(thing: object) -> bool:
    """Whether ``thing`` was made by the game's own code (a closure or one of its
    classes); whatever else the process throws away meanwhile is not the futures'."""
    if isinstance(thing, types.FunctionType):
        return thing.__module__.startswith("orbis_tui")
    return type(thing).__module__.startswith("orbis_tui")


@pytest.fixture
def garbage_kept() -> Iterator[list[object]]:
    """The collector disabled, and what it finds unreachable afterwards kept for the
    test to look at. Whatever lived before the test is held until its end: a thread
    that an earlier test left behind (a seat's input reader still waiting for a line)
    may drop its objects meanwhile, and they are not the test's."""
    gc.collect()
    alive_before = gc.get_objects()
    was_enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        del alive_before
        if was_enabled:
            gc.enable()


def _midgame(players: int, seed: int) -> GameState:
    state = new_game([f"P{i}" for i in range(players)], seed=seed, first_player=0)
    bots = [MediumBot(bot_seed(seed, seat)) for seat in range(players)]
    while state.turn < state.total_turns // 3 or state.kind is not DecisionKind.TURN:
        state.apply(bots[state.current].choose(state))
    return state


def test_the_futures_leave_no_reference_cycles_behind(garbage_kept: list[object]) -> None:
    """Greedy futures played to the end at four players (volcanoes erupting, the
    worshipers paid, given and discarded on the way) free all they make by reference
    counting: the collector finds nothing of theirs."""
    state = _midgame(4, 0)
    worlds = turn_worlds(state, 0, 3)
    for action in state.decision_actions()[:3]:
        play_futures(state, [action], worlds, QuickPlanner(), None)
    gc.collect()
    assert [type(thing).__name__ for thing in garbage_kept if _ours(thing)] == []


def test_a_pause_gives_the_collector_back_as_it_found_it() -> None:
    was_enabled = gc.isenabled()
    try:
        gc.enable()
        with collection_paused():
            assert not gc.isenabled()
            with collection_paused():
                assert not gc.isenabled()
            assert not gc.isenabled()  # the outer pause still runs
        assert gc.isenabled()
        gc.disable()
        with collection_paused():
            pass
        assert not gc.isenabled()  # disabled before: disabled after
    finally:
        if was_enabled:
            gc.enable()
        else:
            gc.disable()


def test_pauses_in_two_threads_resume_the_collector_when_the_last_ends() -> None:
    """A hint and a computer seat may search at once: the first to finish must not
    resume the collector under the other."""
    was_enabled = gc.isenabled()
    gc.enable()
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen: list[bool] = []

    def first() -> None:
        with collection_paused():
            first_in.set()
            second_in.wait()
        first_out.set()

    def second() -> None:
        first_in.wait()
        with collection_paused():
            second_in.set()
            first_out.wait()
            seen.append(gc.isenabled())

    try:
        threads = [threading.Thread(target=first), threading.Thread(target=second)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert seen == [False]
        assert gc.isenabled()
    finally:
        if not was_enabled:
            gc.disable()
