"""Driving the walkthrough (``orbis learn``) without the app, for its tests: a fresh
walkthrough, and following its own suggestions to a step or to the end."""

from __future__ import annotations

from pathlib import Path

from orbis_tui.learn import Outcome, ProgressStore, Walkthrough


def fresh(script, tmp_path: Path | None = None) -> Walkthrough:
    store = ProgressStore(tmp_path / "learn.json") if tmp_path is not None else None
    return Walkthrough(script, store)


def advance_to(walkthrough: Walkthrough, step_id: str) -> None:
    """Follow the walkthrough (its own suggestions) until ``step_id`` is on."""
    while walkthrough.step is not None and walkthrough.step.id != step_id:
        follow_one(walkthrough)
    assert walkthrough.step is not None, f"never reached {step_id}"


def follow_one(walkthrough: Walkthrough):
    if walkthrough.expects_move():
        action = walkthrough.suggestion()
        assert action is not None
        feedback = walkthrough.play(action)
    else:
        feedback = walkthrough.proceed()
    assert feedback.accepted or feedback.outcome is Outcome.FINISHED, feedback
    return feedback


def finish(walkthrough: Walkthrough) -> int:
    moves = 0
    while not walkthrough.finished:
        moves += walkthrough.expects_move()
        follow_one(walkthrough)
    return moves
