"""The walkthrough's progress (``learn.json``): saved and resumed where it was, ignored
when damaged or outdated, started over on restart, and a failing save stops nothing."""

from __future__ import annotations

import json

import pytest

from learn_driver import advance_to, finish, fresh
from orbis_tui.learn import (
    ProgressStore,
    Walkthrough,
    load_script,
)


@pytest.fixture(scope="module")
def script():
    return load_script()


# ------------------------------------------------------------------ leaving and resuming
def test_progress_is_saved_and_resumed_where_it_was(script, tmp_path):
    walkthrough = fresh(script, tmp_path)
    advance_to(walkthrough, "exchange")
    saved = json.loads((tmp_path / "learn.json").read_text(encoding="utf-8"))
    assert saved["format"] == "orbis-learn/1"
    assert saved["step"] == walkthrough.index
    assert saved["actions"] == walkthrough.match.actions
    resumed = Walkthrough.resume(script, ProgressStore(tmp_path / "learn.json"))
    assert resumed is not None
    assert resumed.step is not None
    assert resumed.step.id == "exchange"
    assert resumed.state.signature() == walkthrough.state.signature()
    assert resumed.last is not None and "exchange" in resumed.last.message.lower()
    finish(resumed)
    assert resumed.state.is_over
    assert not (tmp_path / "learn.json").exists()  # a finished walkthrough starts afresh


def test_resume_after_stepping_back(script, tmp_path):
    walkthrough = fresh(script, tmp_path)
    advance_to(walkthrough, "limit")
    walkthrough.back()
    walkthrough.back()
    resumed = Walkthrough.resume(script, ProgressStore(tmp_path / "learn.json"))
    assert resumed is not None
    assert resumed.index == walkthrough.index
    assert resumed.state.signature() == walkthrough.state.signature()


def test_nothing_to_resume(script, tmp_path):
    assert Walkthrough.resume(script, ProgressStore(tmp_path / "none.json")) is None


def _progress(**changes) -> str:
    base = {
        "format": "orbis-learn/1",
        "version": load_script().version,
        "step": 0,
        "starts": [0],
        "actions": [],
    }
    return json.dumps({**base, **changes})


@pytest.mark.parametrize(
    "damage",
    [
        "not json",
        _progress(version="0"),
        _progress(step=3),
        _progress(actions=["take 11"]),
        _progress(actions=["take 1"]),
        _progress(format="other"),
        _progress(starts=[2], actions=["take 2"]),
    ],
)
def test_damaged_or_outdated_progress_is_ignored(script, tmp_path, damage):
    path = tmp_path / "learn.json"
    path.write_text(damage, encoding="utf-8")
    resumed = Walkthrough.resume(script, ProgressStore(path))
    if resumed is not None:  # a legal but unplanned first move: replayed, still usable
        assert resumed.match.actions == ["take 1"]
    else:
        assert resumed is None


def test_restart_starts_over_and_saves(script, tmp_path):
    walkthrough = fresh(script, tmp_path)
    advance_to(walkthrough, "pay")
    walkthrough.restart()
    assert walkthrough.index == 0 and walkthrough.match.actions == []
    saved = json.loads((tmp_path / "learn.json").read_text(encoding="utf-8"))
    assert saved["step"] == 0 and saved["actions"] == []


def test_a_failing_save_does_not_stop_the_lesson(script, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    walkthrough = Walkthrough(script, ProgressStore(blocker / "learn.json"))
    walkthrough.proceed()
    assert walkthrough.index == 1
