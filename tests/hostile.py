"""Helpers for the tests of hostile input."""

from __future__ import annotations

import threading
from collections.abc import Callable


def finishes_within(seconds: float, work: Callable[[], object]) -> object:
    """Run ``work`` in a thread and return what it returned or raised; fail, instead of
    hanging the suite, if it is still blocked after ``seconds``."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(work())
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return outcome[0]


def tell_and_wait(seconds: float) -> None:
    """A job for worker processes: say it runs (``job`` and its process id, on the
    output), then take ``seconds``."""
    import os
    import time

    print("job", os.getpid(), flush=True)
    time.sleep(seconds)
